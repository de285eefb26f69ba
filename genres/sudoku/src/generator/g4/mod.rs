//! The g4 generator: g3's procedure with every level decided by the frozen `LADDER_V3`
//! (`LADDER_V2` plus Sukaku Explainer's four direct techniques), so a board SE solves with a
//! direct pointing, claiming or hidden subset is EASY, as SE rates it (1.7-2.5), and a MEDIUM
//! board needs the full technique (2.6 and up).
//!
//! # g4, step by step (everything here is part of the g4 contract)
//! 1. The stream, attempts, hit, fallback and final check are g2's (`retry`): the stream is
//!    `Rng::from_seed(seed ^ (rank << 56))` (rank 1 = EASY .. 5 = MASTER); up to
//!    [`max_attempts`] attempts (256 for EASY to HARD, 4096 for EXPERT and MASTER); the first
//!    attempt whose grade is the target is delivered; after that many misses the closest miss
//!    (ties: the earliest) is delivered with [`Made::fallback`] set; uniqueness is re-checked
//!    with a full count before a board is returned.
//! 2. EASY is g2's EASY board for the same seed ([`super::g2::generate_g2`]: every clue removed that
//!    naked and hidden singles can still fill), graded again, fully, on `LADDER_V3`. A puzzle
//!    singles solve from its givens is solved by singles from every position the ladder reaches
//!    (more placed digits only leave singles), so the walk never passes the naked single, every
//!    rung it uses is EASY and the level is EASY; the score may fall below g3's (a direct rung
//!    rated 1.7-2.0 found before a naked single, 2.3). The board is taken by
//!    `g2::easy_board`, which skips g2's own grade (always EASY there) but not its attempts.
//! 3. From MEDIUM up each attempt draws a complete grid ([`g2_grid`]) and a removal order (a
//!    Fisher-Yates shuffle of the 81 cells), as g2 does.
//! 4. Cells are tried once each, in that order. While the puzzle is solved by naked and hidden
//!    singles, a clue goes when singles still fill its cell without it
//!    (the complete singles closure, `g2::closure::singles_fill`, answered by g2's
//!    `SinglesTest`, which shares closures between neighbouring positions of the order and
//!    gives the same answers). Otherwise the clue goes when the puzzle stays unique without it
//!    ([`solver::has_other_solution`] is false within [`REMOVAL_BUDGET`] nodes; an exhausted
//!    budget keeps the clue) and, at MEDIUM and HARD, `LADDER_V3` solves it within the target
//!    ([`logic::grade_capped`] on `LADDER_V3`); at EXPERT and MASTER uniqueness alone
//!    decides, so the puzzle left is minimal. From the first such removal on only this second
//!    test is used.
//!    (How the code answers these tests is not part of the contract and gives the same
//!    decisions: a clue that an exchange of two digits on clue-free cells can move stays
//!    without a test, as another solution exists; the solver is asked before the dear singles
//!    trial, which is skipped when it finds another solution; the uniqueness tests of four
//!    consecutive positions start from one propagated state.)
//! 5. The attempt's grade is the `LADDER_V3` grade of the puzzle left, taken once:
//!    - MEDIUM and HARD: the capped grade of the last removal step 4 accepted by the second
//!      test (a capped grade that succeeds is the full grade); when no clue went by that test,
//!      the grade capped at the target of the (singles-solved) puzzle;
//!    - EXPERT: the grade capped at EXPERT; a puzzle that needs a MASTER rung is no attempt at
//!      all, so it is neither a hit nor a fallback candidate;
//!    - MASTER: the full grade.
//!
//!    The attempt hits when that grade's level is the target; the stored grade is that full
//!    grade, with its score.
//!
//! So the delivered level always equals `LADDER_V3`'s grade of the delivered board, fallbacks
//! included (their level is named in the fallback note).

use dayseed_core::rng::Rng;
use dayseed_core::{Budget, Generated, Result};

use super::g2::{SEEN_FROM, SinglesTest, easy_board, g2_grid};
use super::ladder_v3::LADDER_V3;
use super::shared_v1::{Attempt, Made, REMOVAL_BUDGET, max_attempts, retry};
use super::solver_v1 as solver;
use crate::board::Cells;
use crate::level::Level;
use crate::logic::{self, LogicGrade};
use crate::puzzle::SudokuPuzzle;

/// The g4 board for `seed` at `target`, in the public form (the registry's entry point).
pub(crate) fn generate(seed: u64, target: &Level) -> Result<Generated<SudokuPuzzle>> {
    generate_g4(seed, *target).and_then(Made::into_generated)
}

/// Generates a g4 board for `seed` at `target` (see the module docs for the exact procedure).
pub fn generate_g4(seed: u64, target: Level) -> Result<Made> {
    generate_within(seed, target, max_attempts(target))
}

/// [`generate_g4`] with at most `limit` attempts from MEDIUM up (tests use a small limit to
/// reach the fallback).
fn generate_within(seed: u64, target: Level, limit: u32) -> Result<Made> {
    if target == Level::Easy {
        let mut made = easy_board(seed)?;
        made.grade = logic::grade_on(&LADDER_V3, &made.puzzle);
        return Ok(made);
    }
    retry(seed, target, limit, attempt)
}

/// One attempt (steps 3-5 of the module docs): a grid, a removal order, removal, a grade.
fn attempt(rng: &mut Rng, target: Level) -> Option<Attempt> {
    let solution = g2_grid(rng);
    let mut order: [u8; 81] = std::array::from_fn(|i| i as u8);
    rng.shuffle(&mut order);
    let (puzzle, last) = remove_clues(&solution, &order, target);
    let grade = match last {
        Some(grade) => grade,
        None if target == Level::Master => logic::grade_on(&LADDER_V3, &puzzle),
        None => logic::grade_capped_on(&LADDER_V3, &puzzle, target)?,
    };
    Some(Attempt {
        puzzle,
        solution,
        grade,
    })
}

/// Removal in `order` (step 4 of the module docs). Returns the puzzle and, below MASTER, the
/// capped grade of the last removal the second test accepted (step 5).
fn remove_clues(solution: &Cells, order: &[u8; 81], target: Level) -> (Cells, Option<LogicGrade>) {
    let mut puzzle = *solution;
    let mut singles = SinglesTest::with_windows(solution, SINGLES_WINDOWS);
    let mut unique = UniqueTest { base: None };
    let swaps = Swaps::new(solution);
    // Bit i: cell i holds a clue.
    let mut filled: u128 = (1 << 81) - 1;
    let mut by_singles = true;
    let mut last = None;
    for (k, &cell) in order.iter().enumerate() {
        let cell = usize::from(cell);
        let digit = puzzle[cell];
        puzzle[cell] = 0;
        singles.toggle(cell, digit);
        filled &= !(1 << cell);
        // The solver's answer, or `Some(true)` when a swap shows another solution (the solver
        // would find one or run out of budget: the clue stays either way).
        let mut ask = |puzzle: &Cells| {
            if swaps.other_solution(filled, cell, digit) {
                Some(true)
            } else {
                unique.without(puzzle, order, k, digit)
            }
        };
        // The uniqueness answer when it was asked first. Singles that fill the cell prove it
        // holds `digit` in every solution, so when the solver finds another solution the
        // (dearer) singles trial can only say no, and is skipped; decisions are unchanged.
        let mut asked = None;
        if by_singles {
            match singles.quick(&puzzle, order, k, digit) {
                Some(true) => continue,
                Some(false) => {}
                None => {
                    let unique_now = ask(&puzzle);
                    if unique_now == Some(true) || !singles.trial(&puzzle, order, k) {
                        asked = Some(unique_now);
                    } else {
                        continue;
                    }
                }
            }
        }
        let other = asked.unwrap_or_else(|| ask(&puzzle));
        let removed = if other == Some(false) {
            if target >= Level::Expert {
                Some(None)
            } else {
                logic::grade_capped_on(&LADDER_V3, &puzzle, target).map(Some)
            }
        } else {
            None
        };
        match removed {
            Some(grade) => {
                by_singles = false;
                last = grade.or(last);
            }
            None => {
                puzzle[cell] = digit;
                singles.toggle(cell, digit);
                filled |= 1 << cell;
            }
        }
    }
    (puzzle, last)
}

/// Second solutions made by exchanging two digits of the solution: the cells holding digits
/// `a` and `b` split into closed sets (each row, column and box of a set holds both digits or
/// neither), and exchanging `a` and `b` on one set gives another valid grid. When no cell of the
/// set holding a cell is a clue, that grid is another solution of the puzzle in which the cell
/// holds the other digit.
struct Swaps {
    /// The cells of each digit in the solution.
    at: [u128; 9],
}

impl Swaps {
    fn new(solution: &Cells) -> Swaps {
        let mut at = [0u128; 9];
        for (i, &v) in solution.iter().enumerate() {
            at[usize::from(v - 1)] |= 1 << i;
        }
        Swaps { at }
    }

    /// Whether such an exchange moves `digit` (the solution's) away from `cell` without
    /// touching a clue (`filled`: bit i when cell i holds one); sound, not complete.
    fn other_solution(&self, filled: u128, cell: usize, digit: u8) -> bool {
        let own = self.at[usize::from(digit - 1)];
        self.at.iter().filter(|&&at| at != own).any(|&at| {
            let pair = own | at;
            let (mut set, mut todo) = (1u128 << cell, 1u128 << cell);
            while todo != 0 {
                let grow = SEEN_FROM[todo.trailing_zeros() as usize] & pair & !set;
                if grow & filled != 0 {
                    return false;
                }
                todo &= todo - 1;
                set |= grow;
                todo |= grow;
            }
            true
        })
    }
}

/// The singles test's windows here: one level of 8 positions (trials are rare once the solver
/// and [`Swaps`] answer first, so fewer window closures pay; 6 to 16 and two levels were tried).
const SINGLES_WINDOWS: &[usize] = &[8];

/// Positions of the removal order a [`UniqueTest`] base spans (4 did best of 2 to 8 on
/// `generate_bench MASTER 20 1`).
const UNIQUE_WINDOW: usize = 4;

/// The uniqueness test of a removal order: [`solver::has_other_solution`] within
/// [`REMOVAL_BUDGET`] nodes, started from a [`solver::Base`] shared by the tests of a window of
/// consecutive positions (same answers and node counts). Only the clues of positions inside the
/// window change while it is open: those before it are decided and those after it untested.
struct UniqueTest {
    /// The base, and the positions `start..end` of its window.
    base: Option<(solver::Base, usize, usize)>,
}

impl UniqueTest {
    /// [`solver::has_other_solution`] of `puzzle` (just emptied at `order[k]`, which held
    /// `digit`) within [`REMOVAL_BUDGET`] nodes: `Some(false)` when it is unique, `None` when
    /// the budget ran out; the positions before `k` must have been decided.
    fn without(&mut self, puzzle: &Cells, order: &[u8; 81], k: usize, digit: u8) -> Option<bool> {
        let (base, start, end) = match self.base.take() {
            Some(open) if k < open.2 => self.base.insert(open),
            _ => {
                let end = (k + UNIQUE_WINDOW).min(81);
                let base = solver::Base::new(puzzle, &order[k..end]);
                self.base.insert((base, k, end))
            }
        };
        let mut budget = Budget::new(REMOVAL_BUDGET);
        let window = &order[*start..*end];
        base.has_other_solution(puzzle, window, usize::from(order[k]), digit, &mut budget)
    }
}

#[cfg(test)]
mod tests {
    use super::super::g2::generate_g2;
    use super::*;
    use crate::testutil::brute_force_count;

    #[test]
    fn easy_is_g2s_board_graded_on_v3() {
        // Step 2: the V3 grade of a singles board is EASY; a direct rung may lower its score.
        let mut lower = 0;
        for seed in 0..200 {
            let g4 = generate_g4(seed, Level::Easy).unwrap();
            let g2 = generate_g2(seed, Level::Easy).unwrap();
            assert_eq!((g4.puzzle, g4.attempts), (g2.puzzle, g2.attempts));
            assert_eq!(g4.grade, logic::grade_on(&LADDER_V3, &g4.puzzle));
            assert_eq!(g4.grade.level, Level::Easy);
            assert!(g4.grade.score <= g2.grade.score);
            lower += u32::from(g4.grade.score < g2.grade.score);
        }
        assert!(lower > 0);
    }

    #[test]
    fn same_seed_same_board_and_g3s_stream() {
        // g4 draws g3's grids and orders from the same stream; at MEDIUM the ladders differ
        // (a board needing only direct rungs is EASY on V3), so some boards differ.
        let mut differ = 0;
        for seed in 0..8 {
            let a = generate_g4(seed, Level::Medium).unwrap();
            let b = generate_g4(seed, Level::Medium).unwrap();
            assert_eq!((a.puzzle, a.attempts), (b.puzzle, b.attempts));
            assert_eq!(a.grade, b.grade);
            let g3 = super::super::g3::generate_g3(seed, Level::Medium).unwrap();
            differ += u32::from(a.puzzle != g3.puzzle);
        }
        assert!(differ > 0);
    }

    #[test]
    fn fallback_delivers_the_closest_miss_with_its_v2_grade() {
        let mut fallbacks = 0;
        for seed in 0..12 {
            let g = generate_within(seed, Level::Master, 1).unwrap();
            assert_eq!(g.attempts, 1);
            assert_eq!(logic::grade_on(&LADDER_V3, &g.puzzle), g.grade);
            match &g.fallback {
                None => assert_eq!(g.grade.level, Level::Master),
                Some(note) => {
                    fallbacks += 1;
                    assert_ne!(g.grade.level, Level::Master);
                    assert!(note.starts_with("asked MASTER, delivered"), "{note}");
                    assert!(note.contains(g.grade.level.name()), "{note}");
                }
            }
        }
        assert!(fallbacks > 0);
    }

    #[test]
    fn swaps_show_only_real_second_solutions() {
        let mut rng = Rng::from_seed(3);
        let (mut shown, mut tried) = (0, 0);
        for holes in 20..60 {
            let solution = g2_grid(&mut rng);
            let swaps = Swaps::new(&solution);
            let mut order: [u8; 81] = std::array::from_fn(|i| i as u8);
            rng.shuffle(&mut order);
            let (mut puzzle, mut filled) = (solution, (1u128 << 81) - 1);
            for &c in &order[..holes] {
                puzzle[usize::from(c)] = 0;
                filled &= !(1 << c);
            }
            for &c in &order[holes..] {
                let (c, d) = (usize::from(c), solution[usize::from(c)]);
                puzzle[c] = 0;
                let other = solver::has_other_solution(&puzzle, c, d, &mut Budget::unlimited());
                if swaps.other_solution(filled & !(1 << c), c, d) {
                    assert_eq!(other, Some(true));
                    shown += 1;
                }
                tried += u32::from(other == Some(true));
                puzzle[c] = d;
            }
        }
        assert!(shown > 0 && shown < tried, "{shown} of {tried}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
        /// Generated boards are unique by the independent counter, and their stored grade is a
        /// fresh full `LADDER_V3` grade, at the requested level unless a fallback says otherwise.
        #[test]
        fn boards_are_unique_and_placed_by_v2(seed: u64, rank in 0usize..5) {
            let level = Level::ALL[rank];
            let g = generate_g4(seed, level).unwrap();
            proptest::prop_assert_eq!(brute_force_count(&g.puzzle, 2), 1);
            for i in 0..81 {
                proptest::prop_assert!(g.puzzle[i] == 0 || g.puzzle[i] == g.solution[i]);
            }
            proptest::prop_assert_eq!(&logic::grade_on(&LADDER_V3, &g.puzzle), &g.grade);
            proptest::prop_assert!(g.grade.solved);
            if g.fallback.is_none() {
                proptest::prop_assert_eq!(g.grade.level, level);
            }
        }
    }
}
