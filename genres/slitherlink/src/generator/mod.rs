//! The slitherlink generator versions, one sealed module each, and the table the registry dispatches
//! on. A new version is one module here, one line in [`GENERATORS`] and one fixture file.

pub mod g1;
pub mod g2;

use dayseed_core::generator::day_or_number;
use dayseed_core::{Generator, Version, VersionStatus};

use crate::Slitherlink;

/// Every slitherlink generator version ever released, oldest first.
pub static GENERATORS: [Generator<Slitherlink>; 2] = [
    Generator {
        version: Version(1),
        status: VersionStatus::Supported,
        note: "region-grown loop, clues removed in PRNG order under the 10-level technique ladder",
        seed: day_or_number,
        generate: g1::generate,
    },
    Generator {
        version: Version(2),
        status: VersionStatus::Current,
        note: "g1 at levels 1-7; at levels 8-10 a no-trial removal walk before the trial walk, \
               boards up to 30x30",
        seed: day_or_number,
        generate: g2::generate,
    },
];
