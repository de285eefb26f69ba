//! g3, sealed: g2's procedure with its trial-level checks answered by engine_v2's trial closure
//! ([`TrialClosure`], the same answers as engine_v1's at a fraction of the cost), at every
//! trial level up to 900 cells (30x30).
//!
//! Levels 1-7 are g1's boards (engine_v1's procedure). At levels 8-10 one PRNG order is walked
//! twice, as in g2: first removing clues while the techniques up to level 7 still solve the
//! puzzle (engine_v1's resumed removal), then, over the clues left, removing each one while the
//! techniques up to the target still solve it, at most 48 tests per loop (twice g2's), each
//! bounded in counted work. The levels mean what they mean in g2 (the ladder and trial depths are
//! engine_v1's); the boards differ from g2's where the second walk goes beyond 24 tests, or
//! where a test's work bound (which now counts only the assumptions engine_v2 follows) cuts
//! differently. A board must grade exactly at the target (the ladder
//! up to the level below does not solve it); otherwise a new loop is drawn on the same stream.
//! Every board is proven unique before it is returned, once (g2 searched twice): by the search
//! within a node budget, or when that runs out by the ladder solving it without the answer
//! (`proven_unique_fast`).
//!
//! A removal test that must fail because the board without the clue has a second solution is
//! usually answered by a short search for that solution (`second_loop`) instead of the
//! closure: the same answer, so the same boards, at a fraction of the cost.
//!
//! The procedure is shared: `generate_with` takes a `Procedure` (the removal tests per loop
//! and the level-10 loop bound on large boards); g3 is `G3`, and a later version that only
//! changes those numbers passes its own (g4).

use dayseed_core::{Budget, Count, Error, ErrorKind, Generated, Result, Rng};

use super::engine_v1::logic::Logic;
use super::engine_v1::loop_gen::random_loop;
use super::engine_v1::removal::remove_in_order;
use super::engine_v1::solver::Solver;
use super::engine_v1::witness::Witnesses;
use super::engine_v1::{
    MAX_ATTEMPTS, Made, fallback_full, full_clues, generate as below_trials, proven_unique,
};
use super::engine_v2::TrialClosure;
use super::second_loop::SecondLoop;
use crate::check::verdict;
use crate::grid::Grid;
use crate::model::{NO_CLUE, Puzzle};
use crate::params::Params;

/// The highest level the first walk keeps solvable (the last level without trials).
const FIRST_WALK_LEVEL: u8 = 7;

/// What a version built on this procedure chooses.
pub(super) struct Procedure {
    /// Most removals the second walk tests, for a target level and a number of cells, before
    /// an attempt that has not reached the target draws a new loop.
    pub(super) tests: fn(level: u8, cells: usize) -> u32,
    /// Attempts at level 10 on boards above [`LARGE_DEEP_CELLS`] (past them the best lower level
    /// found is delivered, with `fallback` set).
    pub(super) large_deep_attempts: u32,
}

/// g3's choices: [`TRIAL_TESTS`] tests at every level and size, [`LARGE_DEEP_ATTEMPTS`] loops.
const G3: Procedure = Procedure {
    tests: g3_tests,
    large_deep_attempts: LARGE_DEEP_ATTEMPTS,
};

/// Most removals g3's second walk tests per loop (g2 makes 24; more tests on the same loop reach
/// level 10 in fewer attempts: at 25x25, seeds 1-8 took 1-23 attempts with 24 tests and 1-4
/// with 48).
pub(super) const TRIAL_TESTS: u32 = 48;

/// g3's tests per loop: [`TRIAL_TESTS`] whatever the level and size.
fn g3_tests(_level: u8, _cells: usize) -> u32 {
    TRIAL_TESTS
}

/// The work bound of one removal test, per edge of the board (plus [`TEST_WORK_BASE`]), in
/// [`TrialClosure::trial_cap`] units: a removal whose test needs more keeps its clue. Counted
/// work, not time, so every machine makes the same board.
const TEST_WORK_PER_EDGE: u64 = 24;
/// See [`TEST_WORK_PER_EDGE`].
const TEST_WORK_BASE: u64 = 16_000;

/// Level-10 boards above this many cells (25x25) get at most [`Procedure::large_deep_attempts`]
/// loops.
pub(super) const LARGE_DEEP_CELLS: usize = 625;
/// g3's attempts at level 10 on boards above [`LARGE_DEEP_CELLS`]: an attempt there costs about a
/// second, and a few seeds would take 20-30 attempts; past this bound the best lower level
/// found is delivered (with `fallback` set), which keeps the worst board well inside the
/// server's 30 s request deadline.
const LARGE_DEEP_ATTEMPTS: u32 = 10;

/// Boards with fewer cells take a single walk at the target level (g1's, with the closure).
const SMALL_CELLS: usize = 64;

/// The g3 board for `seed` and `params`.
pub(crate) fn generate(seed: u64, params: &Params) -> Result<Generated<Puzzle>> {
    generate_with(&G3, seed, params)
}

/// The board of `procedure` for `seed` and `params`.
pub(super) fn generate_with(
    procedure: &Procedure,
    seed: u64,
    params: &Params,
) -> Result<Generated<Puzzle>> {
    let (w, h) = (params.width as usize, params.height as usize);
    let mut rng = Rng::from_seed(seed);
    let made = if params.level > FIRST_WALK_LEVEL {
        trial_board(procedure, w, h, params.level, &mut rng)
    } else {
        below_trials(w, h, params.level, &mut rng)
    }
    .ok_or_else(|| {
        Error::new(
            ErrorKind::GenerationFailed,
            format!("no uniquely solvable {w}x{h} board within the attempt bound"),
        )
    })?;
    let g = Grid::new(w, h);
    // Re-validated before it leaves: one loop meeting every clue, and the only one.
    let unique = if params.level > FIRST_WALK_LEVEL {
        proven_unique_fast(&g, &made.clues)
    } else {
        proven_unique(&g, &made.clues)
    };
    let sound = verdict(&g, &made.clues, &made.solution).solved && unique;
    if !sound {
        return Err(Error::new(
            ErrorKind::GenerationFailed,
            "generated board failed re-validation",
        ));
    }
    Ok(Generated {
        puzzle: Puzzle::from_clues(w, h, &made.clues)
            .with_solution(&made.solution)
            .with_difficulty(u32::from(made.level)),
        attempts: made.attempts,
        fallback: made.fallback,
    })
}

/// Search nodes [`proven_unique_fast`] gives the search before the ladder proves it instead.
const SEARCH_PROOF_NODES: u64 = 100_000;

/// True if `clues` have exactly one solution: proven by the search within
/// [`SEARCH_PROOF_NODES`], or, when the search runs out, by the ladder up to level 10 solving
/// the board without its answer (every rule is sound, so a complete solve leaves no other
/// solution), or at last by engine_v1's full search. On some sparse 25x25 level-10 boards the
/// search alone took 18 s; the ladder takes a fraction of a second there.
fn proven_unique_fast(g: &Grid, clues: &[i8]) -> bool {
    proven_unique_within(g, clues, SEARCH_PROOF_NODES)
}

/// [`proven_unique_fast`] with a search of at most `nodes` nodes first.
fn proven_unique_within(g: &Grid, clues: &[i8], nodes: u64) -> bool {
    let mut budget = Budget::new(nodes);
    match Solver::new(g, clues)
        .for_proofs()
        .count(2, &mut budget)
        .count
    {
        Count::Exactly(n) => n == 1,
        Count::AtLeast(_) => false,
        Count::BudgetExhausted => TrialClosure::new(g).solves(clues, 10) || proven_unique(g, clues),
    }
}

/// A `w x h` board at trial level `level` (8-10), or the highest lower level met on the way.
fn trial_board(
    procedure: &Procedure,
    w: usize,
    h: usize,
    level: u8,
    rng: &mut Rng,
) -> Option<Made> {
    let g = Grid::new(w, h);
    let mut walk = Walk::new(&g, level, (procedure.tests)(level, g.n_cells));
    let mut best: Option<Made> = None;
    let most = if level == 10 && g.n_cells > LARGE_DEEP_CELLS {
        procedure.large_deep_attempts
    } else {
        MAX_ATTEMPTS
    };
    let mut attempts = 0;
    for attempt in 1..=most {
        attempts = attempt;
        let solution = random_loop(&g, rng);
        let mut clues = full_clues(&g, &solution);
        let mut order: Vec<u32> = (0..g.n_cells as u32).collect();
        rng.shuffle(&mut order);
        // The clues left solve by the ladder (every rule sound, no guess kept), so the loop is
        // their only solution; the search proof is made once, on the board delivered
        // ([`generate`]'s re-validation), instead of once more here.
        let Some(got) = walk.minimise(&mut clues, &solution, &order) else {
            continue;
        };
        let made = Made {
            clues,
            solution,
            level: got,
            attempts: attempt,
            fallback: None,
        };
        if got == level {
            return Some(made);
        }
        if best.as_ref().is_none_or(|b| got > b.level) {
            best = Some(made);
        }
    }
    match best {
        Some(mut made) => {
            made.fallback = Some(format!(
                "no L{level} puzzle within {attempts} attempts; delivered an L{} puzzle",
                made.level
            ));
            made.attempts = attempts;
            Some(made)
        }
        None => fallback_full(&g, level, rng),
    }
}

/// The two removal walks of one board size and target level.
struct Walk<'g> {
    g: &'g Grid,
    level: u8,
    /// Most removal tests per loop.
    tests: u32,
    /// Uncapped: whether a clue set solves at a level (the grading questions).
    exact: TrialClosure<'g>,
    /// Capped on boards of [`SMALL_CELLS`] or more: the removal tests.
    test: TrialClosure<'g>,
    /// Fails the removal tests that leave a second solution, without the closure.
    second: SecondLoop<'g>,
}

impl<'g> Walk<'g> {
    fn new(g: &'g Grid, level: u8, tests: u32) -> Walk<'g> {
        let mut test = TrialClosure::new(g);
        if g.n_cells >= SMALL_CELLS {
            test.trial_cap = Some(TEST_WORK_PER_EDGE * g.n_edges as u64 + TEST_WORK_BASE);
        }
        Walk {
            g,
            level,
            tests,
            exact: TrialClosure::new(g),
            test,
            second: SecondLoop::new(g),
        }
    }

    /// Whether the ladder up to `level` solves `clues` (the answer `sol` known), uncapped.
    fn solves(&mut self, clues: &[i8], sol: &[u8], level: u8) -> bool {
        if level > FIRST_WALK_LEVEL {
            self.exact.answer = Some(sol.to_vec());
            return self.exact.solves(clues, level);
        }
        let mut logic = Logic::new(self.g, clues);
        logic.detect = false;
        logic.answer = Some(sol.to_vec());
        logic.solves(level)
    }

    /// The walks over `order`; the graded level of what is left, or `None` if even the full
    /// clue set is beyond the target.
    fn minimise(&mut self, clues: &mut [i8], sol: &[u8], order: &[u32]) -> Option<u8> {
        let (g, level) = (self.g, self.level);
        let small = g.n_cells < SMALL_CELLS;
        if !small {
            remove_in_order(g, clues, sol, FIRST_WALK_LEVEL, order);
        }
        if !self.solves(clues, sol, level) {
            return None;
        }
        // Whether the clues left still solve below the target (the single walk of small
        // boards asks once, at the end).
        let mut easy = small || self.solves(clues, sol, level - 1);
        self.test.answer = Some(sol.to_vec());
        let mut witnesses = Witnesses::new(g, sol);
        let mut tests = 0;
        for &c in order {
            let c = c as usize;
            if !small && (!easy || tests == self.tests) {
                break;
            }
            if clues[c] == NO_CLUE || witnesses.blocks_removal(g, c, clues) {
                continue;
            }
            tests += 1;
            let kept = clues[c];
            clues[c] = NO_CLUE;
            // A second solution fails the test whatever the closure does (it never solves a
            // board with two solutions), so the closure runs only when none is found.
            if self.second.found(clues, sol, c) || !self.test.solves(clues, level) {
                clues[c] = kept;
                continue;
            }
            if !small {
                // Every clue left is needed at level 7, so a removal that passes needs trials;
                // at level 10 the test says itself whether the level-9 closure was stuck.
                easy = match level {
                    8 => false,
                    10 => self.test.top < 10,
                    _ => self.solves(clues, sol, level - 1),
                };
            }
        }
        if small {
            easy = self.solves(clues, sol, level - 1);
        }
        if !easy {
            return Some(level);
        }
        // The grade is the lowest level whose closure solves the clues left (the hardest
        // technique an ordered run needs); the target when none below it does.
        Some(
            (1..level)
                .find(|&k| self.solves(clues, sol, k))
                .unwrap_or(level),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// g3 trial-level boards are unique and have exactly their level by engine_v1's ordered
    /// ladder: it solves them at their level and not at the level below.
    #[test]
    fn trial_levels_are_exact_and_unique() {
        let mut exact = 0;
        let mut total = 0;
        for (seed, w, h) in [(1u64, 7u32, 7u32), (2, 8, 6), (3, 9, 9), (4, 12, 11)] {
            for level in 8..=10 {
                let params = Params::new(w, h, level).unwrap();
                let made = generate(seed, &params).unwrap();
                let (w, h) = (w as usize, h as usize);
                let g = Grid::new(w, h);
                let clues = made.puzzle.clues().to_vec();
                assert!(proven_unique(&g, &clues), "seed {seed} {w}x{h} L{level}");
                let k = made.puzzle.difficulty().unwrap() as u8;
                let at_k = Logic::new(&g, &clues).run(k);
                assert!(at_k.solved, "seed {seed} {w}x{h} L{level}: not at L{k}");
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

    /// The ladder's proof stands in for a search cut short, and never for a board with two
    /// solutions.
    #[test]
    fn uniqueness_proof_falls_back_to_the_ladder() {
        let made = generate(5, &Params::new(10, 10, 10).unwrap()).unwrap();
        let g = Grid::new(10, 10);
        let clues = made.puzzle.clues().to_vec();
        assert!(proven_unique_within(&g, &clues, 1));
        assert!(proven_unique_within(&g, &clues, SEARCH_PROOF_NODES));
        let mut open = clues.clone();
        for c in open.iter_mut().take(40) {
            *c = NO_CLUE;
        }
        assert!(!proven_unique_within(&g, &open, 1));
        assert!(!proven_unique(&g, &open));
    }
}
