//! Released generator versions.

use dayseed_core::{Version, VersionInfo, VersionStatus};

/// The first generator.
pub const G1: Version = Version(1);

/// Every released version, oldest first.
pub static VERSIONS: [VersionInfo; 1] = [VersionInfo {
    version: G1,
    status: VersionStatus::Current,
    note: "Mulberry32 on FNV-1a 32 seeds; spanning tree, bends, extras; uniqueness repair; 30 attempts",
}];
