//! Generation: a random loop, all clues counted, clues removed in PRNG order while the puzzle
//! stays solvable by the techniques up to the target level; the result must need that level
//! exactly and is re-checked unique by the search solver before it is returned.

pub mod logic;
pub mod loop_gen;
pub mod pairsum;
pub(crate) mod removal;
pub mod solver;
pub mod witness;

use dayseed_core::{Budget, Count, Rng};

use self::logic::{Logic, resumes};
use self::loop_gen::random_loop;
use self::removal::remove_in_order;
use self::solver::Solver;
use self::witness::Witnesses;
use crate::grid::Grid;
use crate::model::{NO_CLUE, ON};

/// Attempts (each a fresh loop on the same RNG stream) before falling back.
pub const MAX_ATTEMPTS: u32 = 30;
/// Node budget of the final uniqueness proof.
pub const UNIQUE_NODES: u64 = 20_000_000;

/// What the procedure made: a puzzle in compact form (the version modules turn it into a
/// [`Puzzle`](crate::Puzzle) inside core's `Generated`).
#[derive(Debug, Clone)]
pub struct Made {
    /// Clues per cell ([`NO_CLUE`] where removed).
    pub clues: Vec<i8>,
    /// The loop as edge states.
    pub solution: Vec<u8>,
    /// The graded level (1..10).
    pub level: u8,
    /// Attempts used.
    pub attempts: u32,
    /// Set when the level asked for was not reached: what was delivered instead.
    pub fallback: Option<String>,
}

/// All clues of a loop.
pub fn full_clues(g: &Grid, sol: &[u8]) -> Vec<i8> {
    (0..g.n_cells)
        .map(|c| {
            g.cell_edges[c]
                .iter()
                .filter(|&&e| sol[e as usize] == ON)
                .count() as i8
        })
        .collect()
}

/// Removes clues in PRNG order while techniques up to `level` still solve the puzzle. Returns the
/// graded level, or `None` if even the full clue set is beyond `level`.
fn minimise(g: &Grid, clues: &mut [i8], sol: &[u8], level: u8, rng: &mut Rng) -> Option<u8> {
    if resumes(level) {
        minimise_resumed(g, clues, sol, level, rng)?;
    } else {
        minimise_scratch(g, clues, sol, level, rng)?;
    }
    // The ordered run up to `level` repeats the run up to `level - 1` until that one would stop,
    // then needs a level-`level` technique: if the run below solves, its hardest technique is
    // the grade; otherwise the grade is `level` (the clues left solve at `level`).
    let below = level.saturating_sub(1).max(1);
    if level > 1 && resumes(below) {
        // Whether the run below solves is whether its closure decides every edge; that
        // closure is cheaper to compute resumed, and the run is needed only if it does.
        let mut closure = Logic::resumable(g, below);
        for (c, &n) in clues.iter().enumerate() {
            if n != NO_CLUE {
                closure.add_clue(c, n, below);
            }
        }
        if !closure.finish_towards(below, sol) {
            return Some(level);
        }
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

/// The removal loop with every check computed from nothing (levels 4 and 8-10).
fn minimise_scratch(
    g: &Grid,
    clues: &mut [i8],
    sol: &[u8],
    level: u8,
    rng: &mut Rng,
) -> Option<()> {
    let mut check = Logic::new(g, clues);
    check.detect = false;
    check.answer = Some(sol.to_vec());
    if !check.solves(level) {
        return None;
    }
    let mut order: Vec<u32> = (0..g.n_cells as u32).collect();
    rng.shuffle(&mut order);
    let mut witnesses = Witnesses::new(g, sol);
    for c in order {
        let c = c as usize;
        // A second loop agrees with every other remaining clue: the check would fail (same
        // result, one check fewer).
        if witnesses.blocks_removal(g, c, clues) {
            continue;
        }
        let saved = clues[c];
        clues[c] = NO_CLUE;
        check.reload(clues);
        if !check.solves(level) {
            clues[c] = saved;
        }
    }
    Some(())
}

/// [`minimise_scratch`]'s decisions with resumed closures ([`remove_in_order`]).
fn minimise_resumed(
    g: &Grid,
    clues: &mut [i8],
    sol: &[u8],
    level: u8,
    rng: &mut Rng,
) -> Option<()> {
    let mut order: Vec<u32> = (0..g.n_cells as u32).collect();
    // The order is drawn only if the full clue set passes (as in `minimise_scratch`).
    let mut drawn = rng.clone();
    drawn.shuffle(&mut order);
    if !remove_in_order(g, clues, sol, level, &order) {
        return None;
    }
    *rng = drawn;
    Some(())
}

/// True if the search proves exactly one solution.
pub fn proven_unique(g: &Grid, clues: &[i8]) -> bool {
    let mut budget = Budget::new(UNIQUE_NODES);
    Solver::new(g, clues)
        .for_proofs()
        .count(2, &mut budget)
        .count
        == Count::Exactly(1)
}

/// Generates a `w x h` puzzle of exactly `level` (or a reported fallback); `None` only if no
/// uniquely solvable board was found at all within the bounded attempts.
pub fn generate(w: usize, h: usize, level: u8, rng: &mut Rng) -> Option<Made> {
    let g = Grid::new(w, h);
    // Best fallback so far: (level, clues, solution); the highest level below the target wins.
    let mut best: Option<(u8, Vec<i8>, Vec<u8>)> = None;
    for attempt in 1..=MAX_ATTEMPTS {
        let sol = random_loop(&g, rng);
        let mut clues = full_clues(&g, &sol);
        let Some(got) = minimise(&g, &mut clues, &sol, level, rng) else {
            continue;
        };
        if !proven_unique(&g, &clues) {
            continue;
        }
        if got == level {
            return Some(Made {
                clues,
                solution: sol,
                level: got,
                attempts: attempt,
                fallback: None,
            });
        }
        if best.as_ref().is_none_or(|b| got > b.0) {
            best = Some((got, clues, sol));
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

/// Last resort: a loop with every clue given (proven unique), graded by the full ladder.
pub(crate) fn fallback_full(g: &Grid, level: u8, rng: &mut Rng) -> Option<Made> {
    for extra in 1..=MAX_ATTEMPTS {
        let solution = random_loop(g, rng);
        let clues = full_clues(g, &solution);
        if !proven_unique(g, &clues) {
            continue;
        }
        let res = Logic::new(g, &clues).run(10);
        let got = if res.solved { res.max_level.max(1) } else { 10 };
        return Some(Made {
            clues,
            solution,
            level: got,
            attempts: MAX_ATTEMPTS + extra,
            fallback: Some(format!(
                "no L{level} puzzle within {MAX_ATTEMPTS} attempts; delivered a fully clued L{got} puzzle"
            )),
        });
    }
    None
}
