//! A fast yes/no test used by the g1 generator: do naked and hidden singles solve the grid?
//! Singles are sound, so a grid the test completes has exactly one solution and grades EASY;
//! and a true answer is monotone (more givens never hurt), which lets the generator remove a run
//! of clues with one test.
//!
//! The test is sound but not complete: it re-examines a (digit, band) only when its candidates
//! changed since it was last looked at, and a placement made later in the same sweep can mark
//! that change as seen, so in rare positions it answers false although more singles exist.
//! g1's boards depend on exactly this behaviour (for EASY a clue it cannot clear stays), so it
//! is frozen with g1: a complete test belongs to a new generator version.

use crate::board::Cells;
use crate::generator::placement::{self, Dead};
use crate::generator::solver_v1::{BAND, BOX0, ROW0, column_cells, initial_masks};

/// Candidates per (digit, band) as 27-bit masks (bit `row_in_band * 9 + column`), the layout
/// of [`crate::generator::solver_v1`]; a placed digit stays in its own mask.
struct Singles {
    cand: [u32; 27],
    prev: [u32; 27],
    unsolved: [u32; 3],
    /// Digits (bit d) whose last column pass placed nothing: with unchanged bands, running
    /// [`Singles::hidden`] again would find nothing, so it is skipped.
    settled: u16,
}

impl Singles {
    /// Places digit `d` on cell `bit` of band `b` if it is still a candidate there.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, bit: u32) -> Result<(), Dead> {
        placement::place(&mut self.cand, &mut self.unsolved, d, b, bit)
    }

    /// Places every bit of `cells` (band `b`) as digit `d`.
    #[inline(always)]
    fn place_all(&mut self, d: usize, b: usize, cells: u32) -> Result<(), Dead> {
        placement::place_all(&mut self.cand, &mut self.unsolved, d, b, cells)
    }

    /// Hidden singles of digit `d` in rows, boxes and columns.
    fn hidden(&mut self, d: usize) -> Result<(), Dead> {
        if self.settled & (1 << d) != 0
            && self.cand[d * 3..d * 3 + 3] == self.prev[d * 3..d * 3 + 3]
        {
            return Ok(());
        }
        for b in 0..3 {
            let i = d * 3 + b;
            let a = self.cand[i];
            if a == self.prev[i] {
                continue;
            }
            // The band's three rows and three boxes: an empty one is a contradiction, one with
            // a single candidate is a hidden single (branch-free form of the per-house test).
            let houses = [
                a & ROW0,
                a & ROW0 << 9,
                a & ROW0 << 18,
                a & BOX0,
                a & BOX0 << 3,
                a & BOX0 << 6,
            ];
            let mut empty = false;
            let mut single = 0;
            for h in houses {
                empty |= h == 0;
                single |= if h & h.wrapping_sub(1) == 0 { h } else { 0 };
            }
            if empty {
                return Err(Dead);
            }
            self.place_all(d, b, single & self.unsolved[b])?;
        }
        let mut occ = [0u32; 3];
        let mut one = [0u32; 3];
        for b in 0..3 {
            let a = self.cand[d * 3 + b];
            let (r0, r1, r2) = (a & ROW0, a >> 9 & ROW0, a >> 18);
            occ[b] = r0 | r1 | r2;
            one[b] = (r0 ^ r1 ^ r2) & !(r0 & r1 & r2);
        }
        if occ[0] | occ[1] | occ[2] != ROW0 {
            return Err(Dead);
        }
        let mut settled = true;
        let others = [occ[1] | occ[2], occ[0] | occ[2], occ[0] | occ[1]];
        for b in 0..3 {
            let single = one[b] & !others[b];
            if single != 0 {
                let cells = self.cand[d * 3 + b] & column_cells(single) & self.unsolved[b];
                settled &= cells == 0;
                self.place_all(d, b, cells)?;
            }
        }
        if settled {
            self.settled |= 1 << d;
        } else {
            self.settled &= !(1 << d);
        }
        for b in 0..3 {
            self.prev[d * 3 + b] = self.cand[d * 3 + b];
        }
        Ok(())
    }

    /// Naked singles of band `b`.
    fn naked(&mut self, b: usize) -> Result<(), Dead> {
        let un = self.unsolved[b];
        if un == 0 {
            return Ok(());
        }
        let (x1, x2) = placement::candidate_cover(&self.cand, b);
        if x1 != BAND {
            return Err(Dead);
        }
        let mut singles = un & !x2;
        while singles != 0 {
            let bit = singles & singles.wrapping_neg();
            singles ^= bit;
            let d = (0..9)
                .find(|&d| self.cand[d * 3 + b] & bit != 0)
                .ok_or(Dead)?;
            self.place(d, b, bit)?;
        }
        Ok(())
    }

    fn run(&mut self, stop: Option<(usize, u32)>) -> Result<bool, Dead> {
        loop {
            let before = self.unsolved;
            for d in 0..9 {
                self.hidden(d)?;
            }
            for b in 0..3 {
                self.naked(b)?;
            }
            if self.unsolved == [0; 3] {
                return Ok(true);
            }
            if let Some((b, bit)) = stop
                && self.unsolved[b] & bit == 0
            {
                return Ok(true);
            }
            if self.unsolved == before {
                return Ok(false);
            }
        }
    }
}

/// True when naked and hidden singles alone fill every cell of `cells` (0 = empty) without a
/// contradiction. Clashing givens or values above 9 give false.
pub fn solved_by_singles(cells: &Cells) -> bool {
    run(cells, None)
}

/// [`solved_by_singles`] for `cells` whose clue at `cell` was just removed from a grid that
/// singles solve: answers as soon as singles recover that cell (by monotonicity they then
/// recover everything the original grid's singles did, which is the whole grid).
pub fn solved_by_singles_after_removal(cells: &Cells, cell: usize) -> bool {
    run(cells, Some(cell))
}

fn run(cells: &Cells, stop: Option<usize>) -> bool {
    let Some((cand, unsolved)) = initial_masks(cells) else {
        return false;
    };
    let mut s = Singles {
        cand,
        prev: [0; 27],
        unsolved,
        settled: 0,
    };
    let stop = stop.filter(|&c| c < 81).map(|c| (c / 27, 1u32 << (c % 27)));
    s.run(stop).unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{parse, singles_reference};
    use dayseed_core::rng::Rng;

    #[test]
    fn easy_puzzle_is_solved_and_hard_one_is_not() {
        // Solvable by singles (a classic newspaper-style grid).
        let easy = parse(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        assert!(solved_by_singles(&easy));
        let hard = parse(
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        assert!(!solved_by_singles(&hard));
        assert!(!solved_by_singles(&[0; 81]));
        let mut clash = easy;
        clash[2] = 5;
        assert!(!solved_by_singles(&clash));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]
        /// Sound against the plain reference on random grids with random holes (some broken):
        /// whenever the fast test says singles solve the grid, they do.
        #[test]
        fn sound_against_reference(seed: u64, holes in 35usize..65) {
            let mut rng = Rng::from_seed(seed);
            let mut cells = crate::generator::solver_v1::random_grid(&mut rng);
            let mut order: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut order);
            for &i in &order[..holes] {
                cells[i] = 0;
            }
            if seed % 7 == 0 {
                cells[order[0]] = (seed % 9) as u8 + 1;
            }
            if solved_by_singles(&cells) {
                proptest::prop_assert!(singles_reference(&cells));
            }
        }
    }
}
