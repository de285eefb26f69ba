//! dayseed-lightsout: Lights Out with reverse generation, an exact GF(2) solver, minimal-press
//! solutions, big boards (light chasing) and a toroidal option.
//!
//! Pressing a cell toggles it and its orthogonal neighbours (on a torus the neighbours wrap
//! around); the goal is all lights off.
//!
//! # Ids and params
//! `lightsout:DAILY-<policy>-<day>-S7-g1`, `lightsout:SEED-42-5x5-P9-g1`. The params part is
//! `S<stage>` (stage schedule: par = min(4 + stage, 14); 4x4 for stages 1-5, 5x5 for 6-10, 6x6
//! from 11), `<W>x<H>-P<par>` (press `par` distinct cells), or `<W>x<H>-O<n>` (generation by
//! difficulty: the fewest presses must be exactly n), each optionally followed by `-T` for a
//! toroidal board. See [`params`]. Dailies default to `S7`; `--difficulty` takes EASY (S3),
//! MEDIUM (S7), HARD (S12) or a stage number. Seeds: a SEED id uses its number, a DAILY id
//! `dayseed_core::seed::daily_seed(epoch_day)`.
//!
//! # Puzzle JSON (what `dayseed gen lightsout` prints, besides id/seed/digest/...)
//! ```json
//! {"width":5,"height":5,"wrap":false,"board":["01100","10010","00000","00110","00011"],
//!  "par":9,"optimal":7,"presses":[[0,1],[1,0],...],"stage":7}
//! ```
//! `board`: `height` strings of `width` chars, `1` = lit. `par`: presses used by the generator
//! (finishing in <= par is PERFECT). `optimal`: the proven fewest presses (<= par; smaller when
//! quiet patterns overlap the chosen set). `presses`: the generating set, `[row, col]` 0-based,
//! row-major (removed by `without_solution`; `par` and `optimal` stay: they are targets, not the
//! answer). `stage` only for stage params. Boards read from text have only width/height/wrap/board.
//! Unknown fields are ignored on input (a whole `gen` line can be passed back as the puzzle).
//!
//! # State JSON
//! `{"presses": [[row, col], ...]}`: the player's presses in order (at most 100000). A cell pressed
//! twice cancels. `check` is solved when the board after the presses is all off (by the rules,
//! never by comparing with the stored presses). `hint` names the next press of a shortest
//! solution from the current board: `detail = {"press": [r, c], "remaining": n, "exact": bool}`.
//!
//! # Text form and `dayseed solve lightsout`
//! Records are blocks separated by blank lines: optional first line `wrap`, then H lines of `0`/`1`
//! (sides up to [`board::MAX_SIDE`] = 2000; note the registry caps one record's text at 1 MiB,
//! which a 1000 x 1000 board fits). The report is the common one
//! (`status`: solved, multiple when nullity > 0, unsolvable; `solution` = `presses`; `grade`;
//! `nodes` null) with
//! `{"width","height","wrap","solvable","nullity","solutions","optimal","optimal_exact","presses"}`:
//! `solutions` is a number as for every genre, 2^nullity (0 when unsolvable); only when
//! nullity >= 64, beyond exact 64-bit integers, it is the text `"2^k"`; `optimal` and `presses` (a shortest solution) are null when unsolvable;
//! `optimal_exact` is false only beyond the enumeration limit documented in [`solver`].
//!
//! # Modules
//! [`board`] bit grid and press rule · [`gf2`] bitset elimination · [`chase`] light chasing ·
//! [`dense`] one-unknown-per-cell check · [`solver`] nullity, counts, minimal presses ·
//! [`generator::reverse_v1`] reverse generation · [`params`] params text · [`puzzle`] JSON forms ·
//! [`format`](mod@format) text form · [`hint`] hints and win check · [`generator`] generator versions.

pub mod board;
pub mod format;
pub mod generator;
pub mod genre;
pub mod hint;
pub mod interchange;
pub mod params;
pub mod puzzle;

/// The solver: today the exact GF(2) solver frozen with g1 (the presses g1 delivers are its
/// shortest solution, so its tie-breaking is part of g1's boards). A better solver for play would
/// be a new module, and these names would point at it.
pub use generator::solver_v1 as solver;
pub use generator::solver_v1::{chase, dense, gf2};

pub use genre::LightsOut;

use dayseed_core::Registered;

/// The registry entry for the catalog.
pub static GENRE: Registered<LightsOut> = Registered(LightsOut);
