//! Hints: the next press of a minimal solution from the player's **current** board (the puzzle's
//! lights after every press so far; a cell pressed twice cancels), and the rule-based win check.

use dayseed_core::{Error, Hint, HintKind, Result, Verdict};
use serde_json::json;

use crate::board::Board;
use crate::solver;

/// The next press of a shortest solution from `current` (the first such cell in row-major
/// order), with how many presses that solution has.
pub fn next_press(current: &Board) -> Result<Hint> {
    if current.is_clear() {
        return Ok(Hint {
            kind: HintKind::Solved,
            technique: "all-off".into(),
            message: "All lights are off: solved.".into(),
            detail: json!({ "remaining": 0 }),
        });
    }
    let best = solver::solve_minimal(current).ok_or_else(|| {
        Error::puzzle("this board has no solution: no sequence of presses turns every light off")
    })?;
    let (r, c) = best
        .pattern
        .first_one()
        .ok_or_else(|| Error::puzzle("internal error: empty solution for a lit board"))?;
    let left = best.presses;
    let shortest = if best.exact { "a shortest" } else { "a short" };
    Ok(Hint {
        kind: HintKind::Step,
        technique: "gf2-minimal-solution".into(),
        message: format!(
            "Press row {}, column {} ({left} press{} left in {shortest} solution).",
            r + 1,
            c + 1,
            if left == 1 { "" } else { "es" }
        ),
        detail: json!({
            "press": [r, c],
            "remaining": left,
            "exact": best.exact,
        }),
    })
}

/// Solved when every light is off after the player's presses (whatever the stored answer).
pub fn verdict(current: &Board) -> Verdict {
    let solved = current.is_clear();
    Verdict {
        score: None,
        solved,
        complete: solved,
        problems: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn following_hints_solves_in_optimal_presses() {
        let mut rng = dayseed_core::Rng::from_seed(21);
        for wrap in [false, true] {
            let made = crate::generator::reverse_v1::by_par(5, 5, wrap, 12, &mut rng).unwrap();
            let mut board = made.lights.clone();
            // A wrong press first: hints must still finish from the current board.
            board.press(2, 2);
            let start = solver::solve_minimal(&board).unwrap().presses;
            let mut steps = 0;
            loop {
                let h = next_press(&board).unwrap();
                if h.kind == HintKind::Solved {
                    break;
                }
                let r = h.detail["press"][0].as_u64().unwrap() as u32;
                let c = h.detail["press"][1].as_u64().unwrap() as u32;
                board.press(r, c);
                steps += 1;
                assert!(steps <= 25);
            }
            assert_eq!(steps, start);
            assert!(verdict(&board).solved);
        }
    }

    #[test]
    fn unsolvable_board_is_an_error() {
        let mut b = Board::new(5, 5, false);
        b.set(0, 0, true);
        assert!(next_press(&b).is_err());
        assert!(!verdict(&b).solved);
    }
}
