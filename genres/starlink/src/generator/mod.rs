//! The starlink generator versions, one module each, and the table the registry dispatches on.
//! A new version is one module here, one line in [`GENERATORS`] and one fixture file.
//!
//! g1, g2 and g3 are one procedure with three plans: each version module names its [`engine_v1`]
//! plan (attempts per placement, which counter, which repair). The engine is frozen with them:
//! it and everything it calls (answer builder, both solvers, repair, clue placement) live under
//! `engine_v1/` and reach each other only inside it, so a change to the code the crate root
//! exports for play cannot move a released board. Frozen files are never edited; a change that
//! could move a board is a new version with new files.

pub mod engine_v1;
pub mod g1;
pub mod g2;
pub mod g3;

use dayseed_core::{Generator, Version, VersionStatus};

use crate::Starlink;

/// Every starlink generator version ever released, oldest first.
pub static GENERATORS: [Generator<Starlink>; 3] = [
    Generator {
        version: Version(1),
        status: VersionStatus::Supported,
        note: "Mulberry32 on FNV-1a 32 seeds; bends, spanning tree, extras; greedy uniqueness \
               repair; 30 attempts of one answer each",
        seed: engine_v1::seed,
        generate: g1::generate,
    },
    Generator {
        version: Version(2),
        status: VersionStatus::Supported,
        note: "g1 with up to three answers per placement before a new placement",
        seed: engine_v1::seed,
        generate: g2::generate,
    },
    Generator {
        version: Version(3),
        status: VersionStatus::Current,
        note: "g2's placements and answers; repair by one targeted change per count (bit-set \
               counter with probing), a change kept unless the count gets worse",
        seed: engine_v1::seed,
        generate: g3::generate,
    },
];
