//! The g3 generator: g2's grids, removal orders and retry policy, with every level decided by
//! the frozen `LADDER_V2` (Sukaku Explainer's scale, the ladder our grading reports use), so a
//! delivered board's level is the level we publish for it.
//!
//! # g3, step by step (everything here is part of the g3 contract)
//! 1. The stream, attempts, hit, fallback and final check are g2's (`retry`): the stream is
//!    `Rng::from_seed(seed ^ (rank << 56))` (rank 1 = EASY .. 5 = MASTER); up to
//!    [`max_attempts`] attempts (256 for EASY to HARD, 4096 for EXPERT and MASTER); the first
//!    attempt whose grade is the target is delivered; after that many misses the closest miss
//!    (ties: the earliest) is delivered with [`Made::fallback`] set; uniqueness is re-checked
//!    with a full count before a board is returned.
//! 2. EASY is g2's EASY board for the same seed ([`generate_g2`]): g2 removes at EASY by the
//!    singles rule alone and grades on `LADDER_V1`'s two singles rungs, which are `LADDER_V2`'s
//!    two singles rungs (the same functions, with names, levels and ratings checked equal by a
//!    test), so that grade is the `LADDER_V2` grade.
//! 3. From MEDIUM up each attempt draws a complete grid ([`g2_grid`]) and a removal order (a
//!    Fisher-Yates shuffle of the 81 cells), as g2 does.
//! 4. Cells are tried once each, in that order. While the puzzle is solved by naked and hidden
//!    singles, a clue goes when singles still fill its cell without it
//!    ([`closure::singles_fill`]; complete, so a property of the grid; a cell that is a naked or
//!    hidden single at once is not tested further). Otherwise the clue goes when the puzzle
//!    stays unique without it ([`solver::has_other_solution`] is false within
//!    [`REMOVAL_BUDGET`] nodes; an exhausted budget keeps the clue) and, at MEDIUM and HARD,
//!    `LADDER_V2` solves it within the target ([`logic::grade_capped`] on `LADDER_V2`); at
//!    EXPERT and MASTER uniqueness alone decides, so the puzzle left is minimal. From the first
//!    such removal on only this second test is used (as in g2).
//! 5. The attempt's grade is the `LADDER_V2` grade of the puzzle left, taken once:
//!    - MEDIUM and HARD: the capped grade of the last removal step 4 accepted by the second
//!      test (later refused removals put their clue back, so it grades the final puzzle, and a
//!      capped grade that succeeds is the full grade); when no clue went by that test, the grade
//!      capped at the target of the (singles-solved) puzzle;
//!    - EXPERT: the grade capped at EXPERT; a puzzle that needs a MASTER rung is no attempt at
//!      all (as g2 drops an attempt its capped grade refuses), so it is neither a hit nor a
//!      fallback candidate;
//!    - MASTER: the full grade.
//!
//!    The attempt hits when that grade's level is the target; the stored grade is that full
//!    grade, with its score.
//!
//! So the delivered level always equals `LADDER_V2`'s grade of the delivered board, fallbacks
//! included (their level is named in the fallback note).

use dayseed_core::rng::Rng;
use dayseed_core::{Budget, Generated, Result};

use super::g2::{closure, g2_grid, generate_g2};
use super::ladder_v2::LADDER_V2;
use super::shared_v1::{Attempt, HOUSES_OF, Made, REMOVAL_BUDGET, max_attempts, retry};
use super::solver_v1 as solver;
use crate::board::Cells;
use crate::level::Level;
use crate::logic::{self, LogicGrade};
use crate::puzzle::SudokuPuzzle;

/// The g3 board for `seed` at `target`, in the public form (the registry's entry point).
pub(crate) fn generate(seed: u64, target: &Level) -> Result<Generated<SudokuPuzzle>> {
    generate_g3(seed, *target).and_then(Made::into_generated)
}

/// Generates a g3 board for `seed` at `target` (see the module docs for the exact procedure).
pub fn generate_g3(seed: u64, target: Level) -> Result<Made> {
    generate_within(seed, target, max_attempts(target))
}

/// [`generate_g3`] with at most `limit` attempts from MEDIUM up (tests use a small limit to
/// reach the fallback).
fn generate_within(seed: u64, target: Level, limit: u32) -> Result<Made> {
    if target == Level::Easy {
        return generate_g2(seed, target);
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
        None if target == Level::Master => logic::grade_on(&LADDER_V2, &puzzle),
        None => logic::grade_capped_on(&LADDER_V2, &puzzle, target)?,
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
    let mut by_singles = true;
    let mut last = None;
    for &cell in order {
        let cell = usize::from(cell);
        let digit = puzzle[cell];
        puzzle[cell] = 0;
        if by_singles
            && (immediate_single(&puzzle, cell, digit) || closure::singles_fill(&puzzle, cell))
        {
            continue;
        }
        let removed = if unique_without(&puzzle, cell, digit) {
            if target >= Level::Expert {
                Some(None)
            } else {
                logic::grade_capped_on(&LADDER_V2, &puzzle, target).map(Some)
            }
        } else {
            None
        };
        match removed {
            Some(grade) => {
                by_singles = false;
                last = grade.or(last);
            }
            None => puzzle[cell] = digit,
        }
    }
    (puzzle, last)
}

/// Whether `puzzle` (just emptied at `cell`, which held `digit`) is unique by the solver within
/// [`REMOVAL_BUDGET`] nodes.
fn unique_without(puzzle: &Cells, cell: usize, digit: u8) -> bool {
    let mut budget = Budget::new(REMOVAL_BUDGET);
    solver::has_other_solution(puzzle, cell, digit, &mut budget) == Some(false)
}

/// Whether empty `cell` of `puzzle` must hold `digit` by one naked or hidden single on the
/// givens: a shortcut of the singles rule (such a cell is filled by singles).
fn immediate_single(puzzle: &Cells, cell: usize, digit: u8) -> bool {
    let [row, column, boxed] = HOUSES_OF[cell];
    let mut seen = 0u16;
    for &p in &PEERS[cell] {
        seen |= 1 << puzzle[usize::from(p)];
    }
    if seen | 1 << digit | 1 == 0x3FF {
        return true;
    }
    // A hidden single: in one house of `cell`, no other empty cell may take `digit`.
    let bit = 1u16 << digit;
    let mut may = [false; 3];
    for j in 0..81 {
        if j == cell || puzzle[j] != 0 {
            continue;
        }
        let houses = HOUSES_OF[j];
        let in_house = [houses[0] == row, houses[1] == column, houses[2] == boxed];
        if !in_house.iter().any(|&h| h) {
            continue;
        }
        if PEERS[j]
            .iter()
            .all(|&p| 1u16 << puzzle[usize::from(p)] != bit)
        {
            for (m, h) in may.iter_mut().zip(in_house) {
                *m |= h;
            }
        }
    }
    may.contains(&false)
}

/// The 20 peers of every cell (its row, column and box, itself excluded).
const PEERS: [[u8; 20]; 81] = {
    let mut t = [[0u8; 20]; 81];
    let mut i = 0;
    while i < 81 {
        let mut n = 0;
        let mut j = 0;
        while j < 81 {
            let same =
                i / 9 == j / 9 || i % 9 == j % 9 || (i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3);
            if same && i != j {
                t[i][n] = j as u8;
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::ladder_v1::LADDER_V1;
    use crate::testutil::brute_force_count;

    #[test]
    fn singles_rungs_of_v1_and_v2_agree() {
        // Step 2: g2's EASY grade, on LADDER_V1's singles rungs, is the LADDER_V2 grade.
        for (a, b) in LADDER_V1.rungs.iter().zip(LADDER_V2.rungs).take(2) {
            assert_eq!((a.name, a.level, a.rating), (b.name, b.level, b.rating));
            assert_eq!(a.level, Level::Easy);
        }
        assert!(LADDER_V1.rungs[2].level > Level::Easy);
        assert!(LADDER_V2.rungs[2].level > Level::Easy);
    }

    #[test]
    fn same_seed_same_board_and_g2_stream() {
        // g3 draws g2's grids and orders from the same stream, so where both ladders and
        // removal rules agree the boards coincide; they may not agree everywhere.
        let mut differ = 0;
        for seed in 0..8 {
            for level in [Level::Medium, Level::Hard] {
                let a = generate_g3(seed, level).unwrap();
                let b = generate_g3(seed, level).unwrap();
                assert_eq!((a.puzzle, a.attempts), (b.puzzle, b.attempts));
                assert_eq!(a.grade, b.grade);
                let g2 = generate_g2(seed, level).unwrap();
                differ += u32::from(a.puzzle != g2.puzzle);
            }
        }
        assert!(differ > 0);
        let easy = generate_g3(7, Level::Easy).unwrap();
        assert_eq!(easy.puzzle, generate_g2(7, Level::Easy).unwrap().puzzle);
    }

    #[test]
    fn fallback_delivers_the_closest_miss_with_its_v2_grade() {
        let mut fallbacks = 0;
        for seed in 0..12 {
            let g = generate_within(seed, Level::Master, 1).unwrap();
            assert_eq!(g.attempts, 1);
            assert_eq!(logic::grade_on(&LADDER_V2, &g.puzzle), g.grade);
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
    fn immediate_singles_are_filled_by_singles() {
        let mut rng = Rng::from_seed(3);
        let mut hits = [0u32; 2];
        for _ in 0..300 {
            let solution = g2_grid(&mut rng);
            let mut order: [u8; 81] = std::array::from_fn(|i| i as u8);
            rng.shuffle(&mut order);
            let mut cells = solution;
            for &i in &order[..50] {
                cells[usize::from(i)] = 0;
            }
            let i = usize::from(order[0]);
            let single = immediate_single(&cells, i, solution[i]);
            // The plain definition: one free digit, or a house where no other cell may take it.
            let free = |j: usize, v: u8| {
                cells[j] == 0 && PEERS[j].iter().all(|&p| cells[usize::from(p)] != v)
            };
            let naked = (1..=9).filter(|&v| free(i, v)).count() == 1;
            let hidden = (0..3).any(|h| {
                (0..81)
                    .all(|j| j == i || HOUSES_OF[j][h] != HOUSES_OF[i][h] || !free(j, solution[i]))
            });
            assert_eq!(single, naked || hidden);
            if single {
                assert!(closure::singles_fill(&cells, i));
            }
            hits[usize::from(single)] += 1;
        }
        assert!(hits[0] > 0 && hits[1] > 0, "{hits:?}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
        /// Generated boards are unique by the independent counter, and their stored grade is a
        /// fresh full `LADDER_V2` grade, at the requested level unless a fallback says otherwise.
        #[test]
        fn boards_are_unique_and_placed_by_v2(seed: u64, rank in 0usize..5) {
            let level = Level::ALL[rank];
            let g = generate_g3(seed, level).unwrap();
            proptest::prop_assert_eq!(brute_force_count(&g.puzzle, 2), 1);
            for i in 0..81 {
                proptest::prop_assert!(g.puzzle[i] == 0 || g.puzzle[i] == g.solution[i]);
            }
            proptest::prop_assert_eq!(&logic::grade_on(&LADDER_V2, &g.puzzle), &g.grade);
            proptest::prop_assert!(g.grade.solved);
            if g.fallback.is_none() {
                proptest::prop_assert_eq!(g.grade.level, level);
            }
        }
    }
}
