//! dayseed-starlink: the constellation puzzle with gravity stars.
//!
//! (Rules and formats: see the sections below; the lead copies them into the README.)

pub mod answer;
pub mod candidates;
pub mod difficulty;
pub mod format;
pub mod generate;
pub mod genre;
pub mod geometry;
pub mod hint;
pub mod model;
pub mod placement;
pub mod puzzle;
pub mod render;
pub mod solver;
pub mod unionfind;
pub mod versions;

pub use difficulty::Difficulty;
pub use genre::Starlink;
pub use puzzle::{Puzzle, Star, State};

use dayseed_core::Registered;

/// The registry entry for Starlink.
pub static GENRE: Registered<Starlink> = Registered(Starlink);
