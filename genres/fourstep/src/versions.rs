//! Released generator versions. A released version is immutable: a change to anything that can
//! change a course (physics, obstacle motion, margins, drawing, retries, fallback) is a new one.

use dayseed_core::{Version, VersionInfo, VersionStatus};

/// The first generator: the physics of [`crate::physics`], terrains drawn as in
/// [`crate::generate`] from core's `Rng` (the id's seed, or `daily_seed(epoch_day)`), verified by
/// the layered BFS of [`crate::solver`] with margins; 8 attempts at x0.72 each, then the flat
/// fallback terrain.
pub const G1: Version = Version(1);

/// Every version, oldest first.
pub static VERSIONS: [VersionInfo; 1] = [VersionInfo {
    version: G1,
    status: VersionStatus::Current,
    note: "terrains verified by a layered BFS with safety margins, chained",
}];
