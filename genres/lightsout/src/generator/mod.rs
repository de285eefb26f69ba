//! The lightsout generator versions, one sealed module each, and the table the registry dispatches
//! on. A new version is one module here, one line in [`GENERATORS`] and one fixture file.
//!
//! g1 ([`g1`]) uses only core, the crate's model (board, params, puzzle) and code frozen with it:
//! the reverse-generation procedure ([`reverse_v1`]) and the exact solver whose shortest solution
//! becomes the delivered presses ([`solver_v1`] with its light chasing, dense method and GF(2)
//! elimination). Frozen files are never edited; a change that could move a board is a new
//! version with new files.

pub mod g1;
pub mod reverse_v1;
pub mod solver_v1;

use dayseed_core::generator::day_or_number;
use dayseed_core::{Generator, Version, VersionStatus};

use crate::LightsOut;

/// Every lightsout generator version ever released, oldest first.
pub static GENERATORS: [Generator<LightsOut>; 1] = [Generator {
    version: Version(1),
    status: VersionStatus::Current,
    note: "reverse generation: par distinct presses, exact GF(2) optimal",
    seed: day_or_number,
    generate: g1::generate,
}];
