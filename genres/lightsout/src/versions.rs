//! Released generator versions. A released version is immutable: a change to anything that can
//! change a board (seed derivation, draws, stage schedule, retry policy) is a new version.

use dayseed_core::{Version, VersionInfo, VersionStatus};

/// The first generator: reverse generation with par distinct presses drawn by a partial
/// Fisher-Yates on core's `Rng` (seeded by the id's seed, or `daily_seed(epoch_day)` for dailies);
/// optimal from the exact GF(2) solver; target-optimal retries on the same stream (64 attempts).
pub const G1: Version = Version(1);

/// Every version, oldest first.
pub static VERSIONS: [VersionInfo; 1] = [VersionInfo {
    version: G1,
    status: VersionStatus::Current,
    note: "reverse generation: par distinct presses, exact GF(2) optimal",
}];
