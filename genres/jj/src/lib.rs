//! dayseed-jj: JJ, a two-player rope platformer whose levels are chains of authored chambers,
//! each proven by replaying its plan in the physics with safety margins.
//!
//! See [`physics`] for the step function and its rules, [`template`] for the chamber file format.

pub mod arcade;
pub mod build;
pub mod genre;
pub mod level;
pub mod params;
pub mod physics;
pub mod solo;
pub mod template;
pub mod world;

pub use genre::Jj;

use dayseed_core::Registered;

/// The registry entry for the catalog.
pub static GENRE: Registered<Jj> = Registered(Jj);
