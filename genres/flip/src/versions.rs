//! Released generator versions. A released version is immutable: a change to anything that can
//! move a run (the constants of [`crate::rules`], the draws of [`crate::generate`], the step
//! function of [`crate::sim`]) is a new version.

use dayseed_core::{Version, VersionInfo, VersionStatus};

/// The first generator: the obstacle stream of [`crate::generate`] with the constants of
/// [`crate::rules`], seeded by the id's seed (dailies: `daily_seed(epoch_day)`).
pub const G1: Version = Version(1);

/// Every version, oldest first.
pub static VERSIONS: [VersionInfo; 1] = [VersionInfo {
    version: G1,
    status: VersionStatus::Current,
    note: "endless run, gap rule with factor 1.25, O(1) per obstacle",
}];
