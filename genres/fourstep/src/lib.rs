//! dayseed-fourstep: FOURSTEP, a rhythm runner whose courses are proven passable by a layered
//! breadth-first search over press / no-press with human safety margins.
//!
//! The hero runs right at 4 cells a beat, locked to the tempo; the one button jumps. A course is
//! an intro bar and terrains of two bars (flat, pits, steps) with four obstacle kinds: runner,
//! mole, jellyfish, glider. Everything is in integer units (60 per cell) on a fixed step of 1/24
//! beat, and one function, [`physics::step_hero`], steps the hero for the generator, the solver,
//! replay checks and the page.
//!
//! # Ids and params
//! `fourstep:SEED-42-T128-B32-D3-g1`, `fourstep:DAILY-utc-v1-20671-T128-B32-D3-g1`: tempo, bars,
//! difficulty 1-5 ([`params`]). Seeds: a SEED id uses its number, a DAILY id
//! `dayseed_core::seed::daily_seed(epoch_day)`.
//!
//! # Forms
//! Puzzle JSON: [`course`]. State: an input tape (text form `1.<delta>P0...` or JSON), button 0
//! = jump. `check` replays the tape in the game ([`sim`]); `solve_report` returns the solver's
//! tape; `grade` is the tightest press window ([`Genre::grade`](dayseed_core::Genre::grade)).
//! The text form of a course (`encode`/`decode`, `dayseed solve` records) is its JSON on one
//! line, without the solution.
//!
//! # Modules
//! [`physics`] units and `step_hero` · [`course`] columns, obstacles, JSON · [`solver`] layered
//! BFS, windows · [`generate`] terrains, retries, fallback · [`sim`] the game as a Simulation ·
//! [`params`] · [`render`] terminal strip · [`genre`] the contract · [`generator`] versions.

pub mod course;
pub mod generate;
pub mod generator;
pub mod genre;
pub mod params;
pub mod physics;
pub mod render;
pub mod sim;
pub mod solver;

pub use genre::Fourstep;

use dayseed_core::Registered;

/// The registry entry for the catalog.
pub static GENRE: Registered<Fourstep> = Registered(Fourstep);
