//! Golden fixtures: `fixtures/flip/g1.jsonl` (each run's preview, the simulated player's taps over
//! it and the digest), checked by core's one fixture harness (`dayseed_core::testkit`: every line
//! regenerated, the file's SHA-256 pinned).

use std::path::Path;

use dayseed_core::testkit::{Fixtures, check_fixtures};

/// The ids the fixture covers: seeds at both ends of the range and a spread of dailies.
fn fixture_ids(version: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for seed in [0u64, 1, 2, 42, 1_000_003, 18_446_744_073_709_551_615] {
        ids.push(format!("flip:SEED-{seed}-ENDLESS-{version}"));
    }
    for day in [-1i64, 0, 20_671, 20_672] {
        ids.push(format!("flip:DAILY-utc-v1-{day}-ENDLESS-{version}"));
        ids.push(format!(
            "flip:DAILY-device-local-v1-{day}-ENDLESS-{version}"
        ));
    }
    ids
}

#[test]
fn fixtures_regenerate_exactly_and_stay_locked() {
    check_fixtures(&Fixtures {
        genre: &dayseed_flip::GENRE,
        root: &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"),
        locks: &[(
            "g1",
            "37620a52dd1b32acb5943660654f49ba22e0f8bbfed466c4312548165a0e1ead",
        )],
        ids: fixture_ids,
    });
}
