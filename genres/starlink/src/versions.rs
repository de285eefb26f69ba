//! Released generator versions.

use dayseed_core::{Version, VersionInfo, VersionStatus};

/// The first generator: one answer per placement.
pub const G1: Version = Version(1);
/// g1 plus up to three answers per placement (99.97% -> 100% unique at EXPERT over 10,000 seeds).
pub const G2: Version = Version(2);
/// g2's placements and answers with a cheaper repair: one targeted change per counted step, on a
/// bit-set counter with failed-line probing.
pub const G3: Version = Version(3);

/// Every released version, oldest first.
pub static VERSIONS: [VersionInfo; 3] = [
    VersionInfo {
        version: G1,
        status: VersionStatus::Supported,
        note: "Mulberry32 on FNV-1a 32 seeds; bends, spanning tree, extras; greedy uniqueness \
               repair; 30 attempts of one answer each",
    },
    VersionInfo {
        version: G2,
        status: VersionStatus::Supported,
        note: "g1 with up to three answers per placement before a new placement",
    },
    VersionInfo {
        version: G3,
        status: VersionStatus::Current,
        note: "g2's placements and answers; repair by one targeted change per count (bit-set \
               counter with probing), a change kept unless the count gets worse",
    },
];
