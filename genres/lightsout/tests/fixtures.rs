//! Golden fixtures: `fixtures/lightsout/g1.jsonl`, checked by core's one fixture harness
//! (`dayseed_core::testkit`: every line regenerated, the file's SHA-256 pinned).

use std::path::Path;

use dayseed_core::testkit::{Fixtures, check_fixtures};

/// The ids the fixture covers: every stage size, par and optimal forms, tori, dailies.
fn fixture_ids(version: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for stage in [1, 3, 5, 6, 7, 10, 11, 15, 30] {
        for seed in [0u64, 1, 42] {
            ids.push(format!("lightsout:SEED-{seed}-S{stage}-{version}"));
        }
    }
    for params in [
        "5x5-P9",
        "4x4-P8",
        "6x6-P14",
        "7x3-P6",
        "10x10-P36",
        "5x5-O7",
        "4x4-O6",
        "6x6-O12",
        "S7-T",
        "5x5-P9-T",
        "6x4-P8-T",
        "4x4-O5-T",
        "1x9-P3",
        "4x4-O15",
        "3x3-P4-T",
    ] {
        for seed in [7u64, 18_446_744_073_709_551_615] {
            ids.push(format!("lightsout:SEED-{seed}-{params}-{version}"));
        }
    }
    for day in [-1i64, 0, 20_671] {
        ids.push(format!("lightsout:DAILY-utc-v1-{day}-S7-{version}"));
        ids.push(format!(
            "lightsout:DAILY-device-local-v1-{day}-S12-{version}"
        ));
    }
    ids
}

#[test]
fn fixtures_regenerate_exactly_and_stay_locked() {
    check_fixtures(&Fixtures {
        genre: &dayseed_lightsout::GENRE,
        root: &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"),
        locks: &[(
            "g1",
            "5e0c3d6e2a96cc63783d89e6b76f26699957853c80497f7d2bf2ee57db2bec90",
        )],
        ids: fixture_ids,
    });
}
