//! The arcade kit: what every arcade genre (a level verified by simulation) is built from.
//!
//! * [`vec2`] — 2-D vectors on `f64` with `+ - * /` and `sqrt` only
//! * [`directions`] — direction tables without trigonometry, angle tests by dot products
//! * [`hash`] — the state hasher behind per-tick parity hashes
//! * [`tape`] — the player's inputs on the fixed tick clock, in text and JSON form
//! * [`sim`] — the [`Simulation`] trait (one step function per game), replay and its verdict
//!
//! How the [`Genre`](crate::Genre) contract reads for an arcade genre: `State` is a [`Tape`],
//! `check` replays the tape from the board ([`replay`] then [`verdict`]), `solve_report` is a
//! winning tape found by the genre's solver, `grade` is par, and
//! [`Genre::simulate`](crate::Genre::simulate) hands the page and the server the same step
//! function the generator verified the level with.
//!
//! Determinism: time is a tick count, never the wall clock; floats use only the operations IEEE 754
//! rounds exactly (`clippy.toml` bans the others, `scripts/check-float-lint.sh` proves the ban is on).

pub mod directions;
pub mod hash;
pub mod sim;
pub mod tape;
pub mod vec2;

pub use directions::square_directions;
pub use hash::StateHasher;
pub use sim::{ArcadeScore, Ending, Replayed, Score, Simulation, replay, verdict};
pub use tape::{Action, Event, Tape};
pub use vec2::Vec2;
