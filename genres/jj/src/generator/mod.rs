//! The jj generator versions, one sealed module each, and the table the registry dispatches
//! on. A new version is one module here, one line in [`GENERATORS`] and one fixture file.

pub mod g1;

use dayseed_core::generator::day_or_number;
use dayseed_core::{Generator, Version, VersionStatus};

use crate::Jj;

/// Every jj generator version ever released, oldest first.
pub static GENERATORS: [Generator<Jj>; 1] = [Generator {
    version: Version(1),
    status: VersionStatus::Current,
    note: "authored chamber plans replayed with margins (spikes +0.2, windows -0.3 s)",
    seed: day_or_number,
    generate: g1::generate,
}];
