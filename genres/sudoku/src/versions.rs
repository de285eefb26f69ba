//! Generator versions. A released version is immutable: a change to anything that can alter a
//! board (seed derivation, PRNG use, clue removal, targets, retries) is a new version beside the
//! old ones, and ids naming an unknown version are refused with the list of supported ones.

use dayseed_core::genre::unsupported_version;
use dayseed_core::{Result, Version, VersionInfo, VersionStatus};

use crate::generate::{self, Generated};
use crate::generate_g2;
use crate::level::Level;

/// Every sudoku generator version ever released, oldest first.
pub const VERSIONS: &[VersionInfo] = &[
    VersionInfo {
        version: Version(1),
        status: VersionStatus::Supported,
        note: "random grid, greedy clue removal in PRNG order (unique; graded within the target \
               below MASTER), retries on one stream: 256 attempts to HARD, 4096 for EXPERT/MASTER",
    },
    VersionInfo {
        version: Version(2),
        status: VersionStatus::Current,
        note: "g1's procedure with a most-constrained-cell grid search and a complete singles \
               test (different boards, faster); same attempts and fallback",
    },
];

/// The version new ids use.
pub const CURRENT: Version = Version(2);

/// Generates the board of `version` for `seed` at `level`, refusing versions not listed.
pub fn generate(version: Version, seed: u64, level: Level) -> Result<Generated> {
    match version {
        Version(1) => generate::generate_g1(seed, level),
        Version(2) => generate_g2::generate_g2(seed, level),
        _ => Err(unsupported_version("sudoku", version, VERSIONS)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_versions_are_refused_naming_g1_and_g2() {
        for v in [0, 3] {
            let e = generate(Version(v), 1, Level::Easy).unwrap_err();
            assert_eq!(e.kind(), dayseed_core::ErrorKind::UnsupportedVersion);
            assert!(
                e.message().contains("g1") && e.message().contains("g2"),
                "{e}"
            );
        }
        assert!(generate(Version(1), 1, Level::Easy).is_ok());
        assert!(generate(Version(2), 1, Level::Easy).is_ok());
    }

    #[test]
    fn exactly_one_current_version() {
        let current: Vec<_> = VERSIONS
            .iter()
            .filter(|v| v.status == VersionStatus::Current)
            .collect();
        assert_eq!(current.len(), 1);
        assert_eq!(current[0].version, CURRENT);
    }
}
