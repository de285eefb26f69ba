//! The slitherlink generator versions, one sealed module each, and the table the registry dispatches
//! on. A new version is one module here, one line in [`GENERATORS`] and one fixture file.

pub mod g1;

use dayseed_core::generator::day_or_number;
use dayseed_core::{Generator, Version, VersionStatus};

use crate::Slitherlink;

/// Every slitherlink generator version ever released, oldest first.
pub static GENERATORS: [Generator<Slitherlink>; 1] = [Generator {
    version: Version(1),
    status: VersionStatus::Current,
    note: "region-grown loop, clues removed in PRNG order under the 10-level technique ladder",
    seed: day_or_number,
    generate: g1::generate,
}];
