//! The flip generator versions, one sealed module each, and the table the registry dispatches
//! on. A new version is one module here, one line in [`GENERATORS`] and one fixture file.

pub mod g1;

use dayseed_core::generator::day_or_number;
use dayseed_core::{Generator, Version, VersionStatus};

use crate::Flip;

/// Every flip generator version ever released, oldest first.
pub static GENERATORS: [Generator<Flip>; 1] = [Generator {
    version: Version(1),
    status: VersionStatus::Current,
    note: "endless run, gap rule with factor 1.25, O(1) per obstacle",
    seed: day_or_number,
    generate: g1::generate,
}];
