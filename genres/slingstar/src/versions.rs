//! Released generator versions. A released version is immutable: a change to the physics
//! constants, the candidate draws, the verification grid or the acceptance rules is a new version.

use dayseed_core::{Version, VersionInfo, VersionStatus};

/// The first generator: the original game's 1.1.2 rules (384 shots, straight line blocked, no
/// success within +-15 degrees from hole 2, par from the success count) on the g1 physics.
pub const G1: Version = Version(1);

/// Every version, oldest first.
pub static VERSIONS: [VersionInfo; 1] = [VersionInfo {
    version: G1,
    status: VersionStatus::Current,
    note: "9-hole gravity golf, holes verified by 384 simulated shots (original 1.1.2 rules)",
}];
