//! The starlink generator versions, one module each, and the table the registry dispatches on.
//! A new version is one module here, one line in [`GENERATORS`] and one fixture file.

pub mod g1;
pub mod g2;
pub mod g3;

use dayseed_core::{Generator, Version, VersionStatus};

use crate::Starlink;
use crate::generate;

/// Every starlink generator version ever released, oldest first.
pub static GENERATORS: [Generator<Starlink>; 3] = [
    Generator {
        version: Version(1),
        status: VersionStatus::Supported,
        note: "Mulberry32 on FNV-1a 32 seeds; bends, spanning tree, extras; greedy uniqueness \
               repair; 30 attempts of one answer each",
        seed: generate::seed,
        generate: g1::generate,
    },
    Generator {
        version: Version(2),
        status: VersionStatus::Supported,
        note: "g1 with up to three answers per placement before a new placement",
        seed: generate::seed,
        generate: g2::generate,
    },
    Generator {
        version: Version(3),
        status: VersionStatus::Current,
        note: "g2's placements and answers; repair by one targeted change per count (bit-set \
               counter with probing), a change kept unless the count gets worse",
        seed: generate::seed,
        generate: g3::generate,
    },
];
