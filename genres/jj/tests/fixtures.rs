//! Golden fixtures: `fixtures/jj/g1.jsonl` and `g2.jsonl`, checked by core's one fixture harness
//! (`dayseed_core::testkit`: every line regenerated, the file's SHA-256 pinned). A change to the
//! generator, the physics or the template library changes boards: that is a new version.

use std::path::Path;

use dayseed_core::testkit::{Fixtures, check_fixtures};

/// The ids the fixture covers: every difficulty, short and long levels, dailies.
fn fixture_ids(version: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for params in ["C1-EASY", "C4-EASY", "C8-MEDIUM", "C8-HARD", "C24-HARD"] {
        for seed in [0u64, 1, 42, 18_446_744_073_709_551_615] {
            ids.push(format!("jj:SEED-{seed}-{params}-{version}"));
        }
    }
    for day in [-1i64, 0, 20_671] {
        ids.push(format!("jj:DAILY-utc-v1-{day}-C8-MEDIUM-{version}"));
        ids.push(format!("jj:DAILY-device-local-v1-{day}-C8-HARD-{version}"));
    }
    ids
}

#[test]
fn fixtures_regenerate_exactly_and_stay_locked() {
    check_fixtures(&Fixtures {
        genre: &dayseed_jj::GENRE,
        root: &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"),
        locks: &[
            (
                "g1",
                "dbb2107e2bada5ed166a49b27f90dca03efd7fb7080a91ddc027606772ae3997",
            ),
            (
                "g2",
                "0fb9bf12114c6755161125a57e4ec19aaf1dae6d679966cbb3af3ae2b9093771",
            ),
        ],
        ids: fixture_ids,
    });
}
