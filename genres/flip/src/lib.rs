//! dayseed-flip: FLIP, an endless gravity-flip runner whose obstacle stream is made passable by
//! the gap rule, and the rule proven by a simulated player on the real step function.
//!
//! A craft flies forward through a tunnel, pulled sideways by gravity toward one wall; a tap flips
//! gravity and the craft falls across (0.56 s). Obstacles ask for the left wall, the right wall or
//! either wall (a pillar in the middle). The run speeds up with distance and is scored by it.
//!
//! # Ids and params
//! `flip:SEED-42-ENDLESS-g1`, `flip:DAILY-utc-v1-20671-ENDLESS-g1`. One mode in g1, `ENDLESS`.
//! Seeds: a SEED id uses its number, a DAILY id `dayseed_core::seed::daily_seed(epoch_day)`.
//!
//! # Puzzle, state, check
//! The puzzle is the run: generator, mode, `run_seed` (hex) and a preview of the first obstacles
//! with the simulated player's taps over them as the answer ([`puzzle`]). The state is a tape
//! (the kit's text or JSON form) of presses of button 0 on the 120 Hz tick clock; releases are
//! accepted and do nothing. Bounds: no event at or past tick [`rules::MAX_TICKS`] (216,000 = the
//! 30-minute run), plus the kit's (100,000 events, 256 KiB of text); another button, an aim, or
//! ticks out of order are errors naming the event. `check` replays the tape through
//! [`sim::FlipSim`]: a crash ends the run and scores it, so the verdict is `solved` (the kit's
//! "won: the run was scored") with the distance in whole metres as its score; events after the
//! crash are never reached. `solve_report` and `grade` (par = the simulated player's distance)
//! come from [`player`], through the same step function; `simulate` hands the page and the server
//! that step function.
//!
//! # Modules
//! [`rules`] the g1 constants · [`generate`] the obstacle stream and the gap rule · [`sim`] the step
//! function · [`player`] the simulated player (solver) · [`params`] · [`puzzle`] JSON and tape
//! checks · [`render`] terminal strip and SVG · [`generator`] versions.

pub mod generate;
pub mod generator;
pub mod genre;
pub mod params;
pub mod player;
pub mod puzzle;
pub mod render;
pub mod rules;
pub mod sim;

pub use genre::Flip;

use dayseed_core::Registered;

/// The registry entry for the catalog.
pub static GENRE: Registered<Flip> = Registered(Flip);
