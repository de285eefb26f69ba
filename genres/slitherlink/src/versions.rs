//! Generator versions. g1 covers: seed derivation (DAILY -> `daily_seed(epoch_day)`, SEED-s ->
//! s), the region-growing loop generator, the clue-removal order, the technique ladder used for
//! targets, the attempt bound and the fallback policy.

use dayseed_core::{Version, VersionInfo, VersionStatus};

/// The first generator.
pub const G1: Version = Version(1);

/// Every released version, oldest first.
pub static VERSIONS: [VersionInfo; 1] = [VersionInfo {
    version: G1,
    status: VersionStatus::Current,
    note: "region-grown loop, clues removed in PRNG order under the 10-level technique ladder",
}];
