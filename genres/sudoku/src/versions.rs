//! Generator versions. A released version is immutable: a change to anything that can alter a
//! board (seed derivation, PRNG use, clue removal, targets, retries) is a new version beside the
//! old ones, and ids naming an unknown version are refused with the list of supported ones.

use dayseed_core::genre::unsupported_version;
use dayseed_core::{Result, Version, VersionInfo, VersionStatus};

use crate::generate::{self, Generated};
use crate::level::Level;

/// Every sudoku generator version ever released, oldest first.
pub const VERSIONS: &[VersionInfo] = &[VersionInfo {
    version: Version(1),
    status: VersionStatus::Current,
    note: "random grid, greedy clue removal in PRNG order (unique; graded within the target \
           below MASTER), retries on one stream: 256 attempts to HARD, 4096 for EXPERT/MASTER",
}];

/// Generates the board of `version` for `seed` at `level`, refusing versions not listed.
pub fn generate(version: Version, seed: u64, level: Level) -> Result<Generated> {
    match version {
        Version(1) => generate::generate_g1(seed, level),
        _ => Err(unsupported_version("sudoku", version, VERSIONS)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_versions_are_refused_naming_g1() {
        let e = generate(Version(2), 1, Level::Easy).unwrap_err();
        assert_eq!(e.kind(), dayseed_core::ErrorKind::UnsupportedVersion);
        assert!(e.message().contains("g1"), "{e}");
        assert!(generate(Version(1), 1, Level::Easy).is_ok());
    }
}
