//! Golden fixtures: `fixtures/fourstep/g1.jsonl`, checked by core's one fixture harness
//! (`dayseed_core::testkit`: every line regenerated, the file's SHA-256 pinned).

use std::path::Path;

use dayseed_core::testkit::{Fixtures, check_fixtures};

/// The ids the fixture covers: every difficulty, tempos from 40 to 300 BPM, 2 to 64 bars,
/// dailies.
fn fixture_ids(version: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for d in 1..=5 {
        for seed in [0u64, 1, 42] {
            ids.push(format!("fourstep:SEED-{seed}-T128-B16-D{d}-{version}"));
        }
    }
    for params in [
        "T40-B2-D1",
        "T90-B9-D2",
        "T200-B24-D4",
        "T300-B3-D5",
        "T128-B64-D3",
    ] {
        for seed in [7u64, 18_446_744_073_709_551_615] {
            ids.push(format!("fourstep:SEED-{seed}-{params}-{version}"));
        }
    }
    for day in [-1i64, 0, 20_671] {
        ids.push(format!("fourstep:DAILY-utc-v1-{day}-T128-B32-D3-{version}"));
        ids.push(format!(
            "fourstep:DAILY-device-local-v1-{day}-T128-B32-D5-{version}"
        ));
    }
    ids
}

#[test]
fn fixtures_regenerate_exactly_and_stay_locked() {
    check_fixtures(&Fixtures {
        genre: &dayseed_fourstep::GENRE,
        root: &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"),
        locks: &[(
            "g1",
            "b40b94c6d61b2fbb526680d88331bcc535900c2a8edfc442b991317de54421cf",
        )],
        ids: fixture_ids,
    });
}
