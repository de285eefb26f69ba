//! dayseed-slitherlink: Slitherlink boards from a seed, proven unique by search and graded on a
//! 10-level ladder of human techniques.
//!
//! Draw one closed loop along the grid lines so that every clue (0-3) equals the number of its
//! cell's sides used by the loop.
//!
//! # Params and ids
//! Params are `<W>x<H>-L<level>`, e.g. `10x10-L6` (sides 5..=40, level 1..=10; the trial
//! levels 8-10 on boards of at most 900 cells, e.g. 30x30; g2 takes level 10 up to 400 cells,
//! e.g. 20x20, and g1 levels 8-10 up to 225 cells, e.g. 15x15):
//! `slitherlink:SEED-42-10x10-L6-g4`, `slitherlink:DAILY-utc-v1-20671-10x10-L6-g4`. The daily is
//! `10x10` at `L6` unless a level is asked for (`6`, `L6`, or Loopy's names). CLI flags:
//! `--grid-size N` (NxN), `--width`, `--height`, `--size WxH`, `--level` / `--difficulty`
//! (defaults 10x10, L6). Seeds: `DAILY` uses `dayseed_core::seed::daily_seed(epoch_day)`, `SEED-s`
//! uses `s`.
//!
//! # Puzzle JSON
//! ```json
//! {"width": 5, "height": 5, "grid_size": 5,
//!  "clues": ["3.2..", ...],                        // H strings of W chars, 0-3 or '.'
//!  "solution": {"h": ["01100", ...],               // H+1 rows of W horizontal edges
//!               "v": ["100001", ...]},             // H rows of W+1 vertical edges
//!  "difficulty": 6}
//! ```
//! `grid_size` is present only for square boards; `solution` is removed by `without_solution`;
//! `difficulty` is absent for puzzles read from text. The canonical text form is the clue rows,
//! one per line (`dayseed solve` reads blocks of such lines separated by blank lines).
//!
//! # State JSON (a player's marks)
//! `{"h": [...], "v": [...]}` in the same shapes as `solution`, with `1` = line drawn, `x` =
//! crossed out (`0` is read as `x` too), `.` = unknown. `check` is by the rules (exactly one loop,
//! every clue met); `hint` first points at a wrong mark (a line off the answer or a cross on it),
//! else gives the easiest next deduction with the edges it decides.
//!
//! # Solve report
//! The common report (`dayseed_core::report`: `status`, `solution` = `{h, v}` of the first loop
//! found, `grade`, `nodes`), and besides them `{"width", "height", "solutions": 0 | 1 | 2 (two
//! or more) | null (budget exhausted), "difficulty"?: 1..10 (when unique and graded),
//! "solved_by_logic"?, "techniques"?}`.
//!
//! # The 10-level ladder
//! A puzzle's level is the hardest technique the human-style solver needs; it applies techniques
//! easiest first and goes back to level 1 after every step, so a level-k puzzle is solvable with
//! techniques up to k and not with techniques up to k-1.
//!
//! | Level | Technique |
//! |------:|-----------|
//! | 1 | clue counting (0s, satisfied clues, clues needing every open edge) and line continuation (a dot has 0 or 2 lines) |
//! | 2 | corner rules: a 1 or 3 in a dead corner (grid corner or two crossed outside edges) |
//! | 3 | 3-3 patterns: adjacent 3s (shared and far edges, extensions crossed), diagonal 3s (outer corners); 0-3 follows from levels 1-2 |
//! | 4 | vertex degree reasoning at a clue's corner: lines entering a corner fix how many of its edges the clue uses, and back |
//! | 5 | diagonal and parity patterns: corner constraints chained through cells and dots to a fixpoint (2-chains, 3-2-3, 1-1 on a border) |
//! | 6 | loop closure: never close a sub-loop that leaves lines or unmet clues outside |
//! | 7 | inside/outside colouring with clue counts and the no-checkerboard rule at dots |
//! | 8 | short trial: an assumption refuted by level-1 rules |
//! | 9 | trial: an assumption refuted by the rules of levels 1-7 |
//! | 10 | deep trial: an assumption refuted by a bounded nested search |
//!
//! Loopy's difficulties map to: easy = L2, normal = L5, tricky = L6, hard = L7 (the names are
//! accepted as levels).
//!
//! # Generation (g1)
//! A region of cells is grown from the PRNG (each new cell must touch the region along one
//! contiguous run of its eight neighbours, so the region stays simply connected without pinches)
//! to 40-60% of the board; its boundary is the loop. All clues are counted, then removed in PRNG
//! order while the techniques up to the target level still solve the puzzle (a removal that
//! would let a second loop, the answer with one cell toggled, fit every remaining clue is
//! refused without running the check: [`witness`]). At levels 1-3 and 5-7 the checks are
//! resumed from shared closures instead of run from nothing (a divide and conquer over the
//! removal order; every rule is monotone, so each check gets the same answer and the boards
//! are the same: [`logic::resumes`]). The result must
//! grade exactly at the target; otherwise a new loop is drawn on the same RNG stream (at most 30
//! attempts), after which the closest lower level found is delivered with `fallback` set. Every
//! board is re-checked unique by the search solver before it is returned.
//!
//! # Generation (g4, current)
//! g3's procedure and boards, except at level 10 on boards above 625 cells (e.g. 30x30): there
//! the second walk makes up to 96 removal tests per loop instead of 48, so a loop reaches level
//! 10 about twice as often; every 30x30 seed measured (1-60) is delivered at level 10, where g3
//! delivers level 9 with `fallback` set on 2 of them ([`generator::g4`]).
//!
//! # Generation (g3)
//! g2's procedure, with every check at levels 8-10 answered by engine_v2's trial closure
//! ([`generator::engine_v2::TrialClosure`]): the answers of engine_v1's `Logic::solves` (tested
//! against it), at a half to a fifth of its cost. The second walk makes up to 48 removal tests
//! per loop (g2: 24), and its work bound counts only the assumptions engine_v2 follows, so some
//! trial-level boards differ from g2's (of the fixtures, only `12x12-L10`, found in 2 attempts
//! instead of 16). Level 10 is
//! taken up to 30x30; above 625 cells at most 10 loops are tried (then the best lower level is
//! delivered with `fallback` set). Uniqueness is proven once per board, by a bounded search or,
//! when that runs out, by the ladder solving the board without its answer. The grade of a board
//! that misses the target is the lowest level whose closure solves it ([`generator::g3`]).
//!
//! # Generation (g2)
//! The same boards as g1 at levels 1-7. At the trial levels 8-10 (boards of 64 cells or more)
//! one PRNG order is walked twice: first clues are removed while the techniques up to level 7
//! solve the puzzle (resumed closures, no trials), then the clues left are tested at the target
//! level, each test bounded by counted trial work (a test over the bound keeps its clue), until
//! the board no longer solves below the target or 24 tests were made; a miss draws a new loop as
//! in g1. Smaller boards take g1's single walk at the target level. Boards are re-checked unique
//! by search and must grade exactly at the target ([`generator::g2`]).
//!
//! # Engines
//! * [`solver`]: the uniqueness search (u8 edge states, incremental counters, trail undo, path
//!   ends tracked for loop closure, corner-pair and row/column parity propagation, probing when a
//!   plain search does not settle quickly); counts up to a limit under a node budget.
//! * [`logic`]: the ladder. `Logic::run` applies techniques easiest first (grading, hints);
//!   `Logic::solves` computes the same closure with queue-driven local rules (the generator's
//!   "solvable up to level k?" check); tests pin the two to agree. Resumable closures
//!   (`Logic::resumable`, `add_clue`, `finish`, saved and restored) let the generator share
//!   that work between the checks of one removal pass.
//! * Trials (levels 8-9) follow each assumption from one closed copy of the state with the
//!   closure engine; a trial pass applies the first refutation it finds and ends, and the
//!   ladder runs the cheaper rules and the pass again from the first open edge (engine_v2, below,
//!   carries the round on instead: the same closure in fewer passes). Deep
//!   trials (level 10) propagate the decided edges once and search each assumption from there
//!   (`Solver::prepare`, `Solver::count_assuming`). In the generator, assumptions that agree
//!   with the known answer are skipped (they cannot be refuted).
//! * engine_v2 (g3's engine) answers the generator's "solvable up to level 8, 9 or 10?" with
//!   engine_v1's rules: a trial round goes on after a refutation instead of starting again
//!   from the first edge, an assumption that survived is tried again only when a new fact lies
//!   outside its closure, and the loop-closure and colouring passes of a trial start from the
//!   union-finds of the state it branches from. Deep trials run exactly as in engine_v1.
//! * Trial work when grading or hinting puzzles from outside is bounded
//!   ([`grade::GRADE_TRIAL_WORK`]); the report then says `grade_capped`.

mod check;
mod format;
pub mod generator;
mod genre;
pub mod grade;
pub mod grid;
mod hint;
pub mod interchange;
pub mod model;
pub mod params;
mod render;

/// The engine g1 and g2 generate with, frozen with them (procedure, loop growth, clue removal,
/// the logic ladder and trial engine, the search solver); today's grading, hints and solving use
/// it too. A better engine would be new modules, and these names would point at them.
pub use generator::engine_v1 as generate;
pub use generator::engine_v1::{logic, loop_gen, pairsum, solver, witness};

pub use check::{components, verdict};
pub use genre::Slitherlink;
pub use model::{Edges, Puzzle, State};

use dayseed_core::Registered;

/// The registry entry for this genre.
pub static GENRE: Registered<Slitherlink> = Registered(Slitherlink);
