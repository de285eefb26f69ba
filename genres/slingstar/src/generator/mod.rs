//! The slingstar generator versions, one sealed module each, and the table the registry
//! dispatches on. A new version is one module here, one line in [`GENERATORS`] and one fixture
//! file.

pub mod g1;

use dayseed_core::generator::day_or_number;
use dayseed_core::{Generator, Version, VersionStatus};

use crate::Slingstar;

/// Every slingstar generator version ever released, oldest first.
pub static GENERATORS: [Generator<Slingstar>; 1] = [Generator {
    version: Version(1),
    status: VersionStatus::Current,
    note: "9-hole gravity golf, holes verified by 384 simulated shots (original 1.1.2 rules)",
    seed: day_or_number,
    generate: g1::generate,
}];
