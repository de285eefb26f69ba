//! g2, sealed like g1: the same boards as g1 at levels 1-7; at the trial levels 8-10 a cheaper
//! removal, and boards up to 900 cells (30x30) at levels 8-9, 400 cells (20x20) at level 10.
//!
//! At levels 8-10 g1 asks "do the techniques up to the target solve it?" from nothing for every
//! cell, each time paying for trials. g2 draws one PRNG order and walks it twice: first removing
//! clues while the techniques up to level 7 still solve the puzzle (resumed closures, no
//! trials: see `engine_v1::removal`), then, over the clues left, removing each one while the
//! techniques up to the target level still solve it. A clue the first walk kept is tested again
//! by the second, so every clue left is needed at the target level. The result must grade
//! exactly at the target (the ladder up to the level below does not solve it); otherwise a new
//! loop is drawn on the same stream, as in g1, and every board is proven unique by search.
//!
//! A removal test that must fail because the board without the clue has a second solution is
//! usually answered by a short search for that solution (`second_loop`, shared with g3) before
//! the ladder runs: the same answer, so the same boards.

use dayseed_core::{Error, ErrorKind, Generated, Result, Rng};

use super::engine_v1::logic::Logic;
use super::engine_v1::loop_gen::random_loop;
use super::engine_v1::removal::remove_in_order;
use super::engine_v1::witness::Witnesses;
use super::engine_v1::{
    MAX_ATTEMPTS, Made, fallback_full, full_clues, generate as below_trials, proven_unique,
};
use super::second_loop::SecondLoop;
use crate::check::verdict;
use crate::grid::Grid;
use crate::model::{NO_CLUE, Puzzle};
use crate::params::{G2_DEEP_MAX_CELLS, Params};

/// The highest level reached without trials (the first walk's level).
const NO_TRIAL_LEVEL: u8 = 7;

/// The g2 board for `seed` and `params`.
pub(crate) fn generate(seed: u64, params: &Params) -> Result<Generated<Puzzle>> {
    let (w, h) = (params.width as usize, params.height as usize);
    if params.level == 10 && params.width * params.height > G2_DEEP_MAX_CELLS {
        return Err(Error::params(format!(
            "slitherlink g2 limits level 10 (deep trial) to boards of at most \
             {G2_DEEP_MAX_CELLS} cells (e.g. 20x20); {w}x{h} has {}",
            w * h
        )));
    }
    let mut rng = Rng::from_seed(seed);
    let made = if params.level > NO_TRIAL_LEVEL {
        trial_board(w, h, params.level, &mut rng)
    } else {
        below_trials(w, h, params.level, &mut rng)
    };
    let made = made.ok_or_else(|| {
        Error::new(
            ErrorKind::GenerationFailed,
            format!("no uniquely solvable {w}x{h} board within the attempt bound"),
        )
    })?;
    let g = Grid::new(w, h);
    // Re-validate before returning: the answer is one loop meeting every clue, and unique.
    if !verdict(&g, &made.clues, &made.solution).solved || !proven_unique(&g, &made.clues) {
        return Err(Error::new(
            ErrorKind::GenerationFailed,
            "generated board failed re-validation",
        ));
    }
    let puzzle = Puzzle::from_clues(w, h, &made.clues)
        .with_solution(&made.solution)
        .with_difficulty(u32::from(made.level));
    Ok(Generated {
        puzzle,
        attempts: made.attempts,
        fallback: made.fallback,
    })
}

/// A `w x h` board at trial level `level` (8-10), or the closest lower level found.
fn trial_board(w: usize, h: usize, level: u8, rng: &mut Rng) -> Option<Made> {
    let g = Grid::new(w, h);
    let mut best: Option<(u8, Vec<i8>, Vec<u8>)> = None;
    let mut second = SecondLoop::new(&g);
    for attempt in 1..=MAX_ATTEMPTS {
        let solution = random_loop(&g, rng);
        let mut clues = full_clues(&g, &solution);
        let mut order: Vec<u32> = (0..g.n_cells as u32).collect();
        rng.shuffle(&mut order);
        let Some(got) = minimise(&g, &mut second, &mut clues, &solution, level, &order) else {
            continue;
        };
        if !proven_unique(&g, &clues) {
            continue;
        }
        if got == level {
            return Some(Made {
                clues,
                solution,
                level,
                attempts: attempt,
                fallback: None,
            });
        }
        if best.as_ref().is_none_or(|b| got > b.0) {
            best = Some((got, clues, solution));
        }
    }
    match best {
        Some((got, clues, solution)) => Some(Made {
            clues,
            solution,
            level: got,
            attempts: MAX_ATTEMPTS,
            fallback: Some(format!(
                "no L{level} puzzle within {MAX_ATTEMPTS} attempts; delivered an L{got} puzzle"
            )),
        }),
        None => fallback_full(&g, level, rng),
    }
}

/// Most removals the second walk tests (each test needs trials, whose cost grows with the
/// board); an attempt that has not reached the target by then draws a new loop.
const TRIAL_TESTS: u32 = 24;

/// The work bound of one removal test at the trial levels (in [`Logic::trial_cap`] units,
/// `TEST_WORK_PER_EDGE` per edge of the board plus `TEST_WORK_BASE`): a removal whose test needs
/// more is refused, as if the ladder could not solve it. Counted work, not time, so every
/// machine makes the same board.
const TEST_WORK_PER_EDGE: u64 = 24;
/// See [`TEST_WORK_PER_EDGE`].
const TEST_WORK_BASE: u64 = 16_000;

/// Boards with fewer cells take g1's single walk at the target level (cheap there, and the
/// first walk leaves so few clues that level 10 is seldom reached).
const SMALL_CELLS: usize = 64;

/// The walks over `order`; returns the graded level, or `None` if even the full clue set is
/// beyond `level`. `second` answers the removal tests that leave a second solution (they fail
/// whatever the ladder does: it never solves a board with two), so the ladder runs only when
/// none is found; every test reloads the ladder, so the tests it skips change nothing else.
fn minimise(
    g: &Grid,
    second: &mut SecondLoop,
    clues: &mut [i8],
    sol: &[u8],
    level: u8,
    order: &[u32],
) -> Option<u8> {
    let small = g.n_cells < SMALL_CELLS;
    if !small {
        // First walk: unchanged when the full set needs trials.
        remove_in_order(g, clues, sol, NO_TRIAL_LEVEL, order);
    }
    let mut check = Logic::new(g, clues);
    check.detect = false;
    check.answer = Some(sol.to_vec());
    if !check.solves(level) {
        return None;
    }
    let below = level - 1;
    // Still solvable below the target (the small walk asks only at the end).
    let mut easy = small || check.reload_solves(clues, below);
    // Removal tests stop at a work bound and then keep the clue; the grading checks do not.
    let mut test = Logic::new(g, clues);
    test.detect = false;
    test.answer = Some(sol.to_vec());
    if !small {
        test.trial_cap = Some(TEST_WORK_PER_EDGE * g.n_edges as u64 + TEST_WORK_BASE);
    }
    let mut witnesses = Witnesses::new(g, sol);
    let mut tests = 0;
    for &c in order {
        let c = c as usize;
        if !small && (!easy || tests == TRIAL_TESTS) {
            break;
        }
        if clues[c] == NO_CLUE || witnesses.blocks_removal(g, c, clues) {
            continue;
        }
        tests += 1;
        let saved = clues[c];
        clues[c] = NO_CLUE;
        if second.found(clues, sol, c) || !test.reload_solves(clues, level) {
            clues[c] = saved;
            continue;
        }
        if small {
            continue;
        }
        // The first walk left every clue needed at level 7, so any removal here needs trials;
        // at level 10 the test itself says whether the level-9 closure was stuck (it finished,
        // so the bound did not cut it short).
        easy = match level {
            8 => false,
            10 => test.top < 10,
            _ => check.reload_solves(clues, below),
        };
    }
    if small {
        easy = check.reload_solves(clues, below);
    }
    if !easy {
        return Some(level);
    }
    let mut grader = Logic::new(g, clues);
    grader.detect = false;
    grader.answer = Some(sol.to_vec());
    let graded = grader.run(below);
    Some(if graded.solved {
        graded.max_level.max(1)
    } else {
        level
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::proven_unique;

    /// Generated trial-level boards are unique and have exactly their level: the ladder up to
    /// it solves them and the ladder up to the level below does not.
    #[test]
    fn trial_levels_are_exact_and_unique() {
        let mut exact = 0;
        let mut total = 0;
        for (seed, w, h) in [(1u64, 7u32, 7u32), (2, 8, 6), (3, 9, 9), (4, 16, 15)] {
            for level in 8..=10 {
                if w * h > 200 && level > 8 {
                    continue;
                }
                let params = Params::new(w, h, level).unwrap();
                let made = generate(seed, &params).unwrap();
                let (w, h) = (w as usize, h as usize);
                let g = Grid::new(w, h);
                let clues = made.puzzle.clues().to_vec();
                assert!(proven_unique(&g, &clues), "seed {seed} {w}x{h} L{level}");
                let k = made.puzzle.difficulty().unwrap() as u8;
                let at_k = Logic::new(&g, &clues).run(k);
                assert!(
                    at_k.solved,
                    "seed {seed} {w}x{h} L{level}: not solved at L{k}"
                );
                assert_eq!(at_k.max_level, k);
                assert!(!Logic::new(&g, &clues).run(k - 1).solved);
                total += 1;
                if made.fallback.is_none() {
                    assert_eq!(k, level);
                    exact += 1;
                } else {
                    assert!(k < level);
                }
            }
        }
        assert!(exact + 1 >= total, "only {exact} of {total} exact");
    }

    #[test]
    fn trial_size_limits_are_clear_errors() {
        let big = Params::new(16, 16, 9).unwrap();
        let err = crate::generator::g1::generate(1, &big).unwrap_err();
        assert!(err.to_string().contains("225"), "{err}");
        let deep = Params::new(21, 20, 10).unwrap();
        let err = generate(1, &deep).unwrap_err();
        assert!(err.to_string().contains("400"), "{err}");
        assert!(Params::new(31, 30, 8).is_err());
        assert!(Params::new(30, 30, 10).is_ok());
    }
}
