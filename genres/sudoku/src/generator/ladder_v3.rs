//! `LADDER_V3`: the grader ladder g4 grades with, frozen with it (released with g4):
//! [`LADDER_V2`] with Sukaku Explainer's four "direct" techniques added where SE tries them.
//!
//! A direct technique is a pointing, a claiming or a hidden pair or triple used only for the
//! hidden single it leaves (`logic::direct`): SE rates those steps 1.7, 1.9, 2.0 and 2.5, below
//! or around the naked single (2.3), so a puzzle SE solves with them reads 1.7-2.5 on SE's scale
//! where `LADDER_V2` needs the full technique (2.6-4.0, MEDIUM). They are EASY rungs: levels
//! rise along the ladder, and the cut between EASY and MEDIUM falls at 2.5/2.6 on both ladders'
//! shared scale. The order (hidden single, direct pointing, direct claiming, direct hidden
//! pair, naked single, direct hidden triple, then `LADDER_V2`'s MEDIUM rungs on) is SE's.
//!
//! Everything else, including the bounds, is `LADDER_V2`'s, which is frozen with g3; this table
//! is built from it and is never edited either (`fixtures/sudoku/g4.jsonl` regenerates every g4
//! board and would show a change).

use super::ladder_v2::LADDER_V2;
use crate::level::Level;
use crate::logic::direct;
use crate::logic::technique::{Ladder, Technique, t};

/// The four direct rungs and the `LADDER_V2` rung each goes before.
const DIRECT: [(Technique, &str); 4] = [
    (
        t("Direct pointing", Level::Easy, 1.7, direct::direct_pointing),
        "Naked single",
    ),
    (
        t("Direct claiming", Level::Easy, 1.9, direct::direct_claiming),
        "Naked single",
    ),
    (
        t(
            "Direct hidden pair",
            Level::Easy,
            2.0,
            direct::direct_hidden_pair,
        ),
        "Naked single",
    ),
    (
        t(
            "Direct hidden triple",
            Level::Easy,
            2.5,
            direct::direct_hidden_triple,
        ),
        "Pointing",
    ),
];

const RUNGS: usize = LADDER_V2.rungs.len() + DIRECT.len();

/// `LADDER_V2`'s rungs with each direct rung inserted before the rung it names (in `DIRECT`'s
/// order when two name the same rung).
const RUNGS_V3: [Technique; RUNGS] = {
    let mut out = [DIRECT[0].0; RUNGS];
    let (mut i, mut n) = (0, 0);
    while i < LADDER_V2.rungs.len() {
        let rung = LADDER_V2.rungs[i];
        let mut j = 0;
        while j < DIRECT.len() {
            if same(DIRECT[j].1, rung.name) {
                out[n] = DIRECT[j].0;
                n += 1;
            }
            j += 1;
        }
        out[n] = rung;
        n += 1;
        i += 1;
    }
    assert!(n == RUNGS, "every direct rung names a LADDER_V2 rung");
    out
};

/// String equality in a constant.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The g4 ladder, also today's live ladder (see the module docs).
pub(crate) const LADDER_V3: Ladder = Ladder {
    rungs: &RUNGS_V3,
    limits: LADDER_V2.limits,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn v3_is_v2_with_the_direct_rungs_in_ses_order() {
        let names: Vec<&str> = LADDER_V3.rungs.iter().map(|r| r.name).collect();
        assert_eq!(
            names[..7],
            [
                "Hidden single",
                "Direct pointing",
                "Direct claiming",
                "Direct hidden pair",
                "Naked single",
                "Direct hidden triple",
                "Pointing"
            ]
        );
        let without: Vec<&str> = names
            .iter()
            .copied()
            .filter(|n| !n.starts_with("Direct "))
            .collect();
        let v2: Vec<&str> = LADDER_V2.rungs.iter().map(|r| r.name).collect();
        assert_eq!(without, v2);
        for (a, b) in LADDER_V3
            .rungs
            .iter()
            .filter(|r| !r.name.starts_with("Direct "))
            .zip(LADDER_V2.rungs)
        {
            assert_eq!((a.level, a.rating), (b.level, b.rating));
            assert!(std::ptr::fn_addr_eq(a.find, b.find));
        }
        // Ratings rise through the EASY rungs, and EASY ends where MEDIUM starts.
        let easy: Vec<f64> = LADDER_V3
            .rungs
            .iter()
            .take_while(|r| r.level == Level::Easy)
            .map(|r| r.rating)
            .collect();
        assert_eq!(easy, [1.5, 1.7, 1.9, 2.0, 2.3, 2.5]);
        assert_eq!(LADDER_V3.limits.trial_nodes, LADDER_V2.limits.trial_nodes);
    }
}
