//! dayseed-slingstar: gravity golf. A ball launched from a tee must fall into a black hole;
//! planets bend its path and destroy it on contact. A daily course is 9 holes, later holes with
//! more planets; a hole is shipped only if simulated verification shots prove it winnable under
//! the original game's (1.1.2) rules, and its par comes from how many of the 384 shots sink.
//!
//! # Ids and params
//! `slingstar:DAILY-device-local-v1-20671-C9-g1` (the daily 9-hole course) or
//! `slingstar:SEED-42-H3-g1` (hole 3 of the course of seed 42 alone, identical to that hole in
//! `C9`). See [`params`] and, for seeds and hole streams, [`generator::g1`].
//!
//! # Physics and rules
//! [`physics`] documents the g1 constants and the one step function; [`verify`] the 384-shot
//! survey, acceptance rules, par, robust successes and widest windows; [`generator::g1`] candidates,
//! retries and fallbacks; [`sim`] the course simulation (the `Simulation` the page, the server and
//! check share); [`solve`] the perfect player.
//!
//! # Puzzle JSON (a `gen` line, besides id/seed/digest/attempts/fallback)
//! ```json
//! {"physics":"g1","course":"C9","par":29,"holes":[{"number":1,"tee":[1500,4200],
//!  "cup":[14000,3000],"planets":[{"x":6000,"y":4000,"r":800,"gm":19200}],"par":3,
//!  "successes":3,"robust":1,"window":{"dirs":5,"power_min":62,"power_max":71},
//!  "best":{"x":96,"y":-12,"power":66},"candidates":4}, ...]}
//! ```
//! Coordinates are milli-units in a 16 x 9 unit field, y downwards. `best` (the solver's shot) is
//! removed by `without_solution`; `window.dirs` counts consecutive winning directions of the
//! 384-direction grid at one power, `power_min..power_max` the winning powers at its centre.
//!
//! # State: the tape
//! A tape of `Aim {x, y, power}` events (text form `1.0A..` or JSON), one per shot, each at a tick
//! when the ball rests on a tee. `check` replays it; score = shots (lower is better); a tape whose
//! last shot does not go in is not solved ("tape ended before the level was finished").

use dayseed_core::arcade;

pub mod format;
pub mod generator;
pub mod genre;
pub mod params;
pub mod physics;
pub mod puzzle;
pub mod render;
pub mod sim;
pub mod solve;
pub mod verify;

pub use genre::Slingstar;

use dayseed_core::Registered;

/// The registry entry for the catalog.
pub static GENRE: Registered<Slingstar> = Registered(Slingstar);
