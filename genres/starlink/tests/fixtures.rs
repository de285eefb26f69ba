//! Golden fixtures: `fixtures/starlink/gN.jsonl` holds one `dayseed gen` record per line for
//! generator version N. Every line is regenerated and compared, and each file's SHA-256 is
//! locked: a released fixture never changes (a changed generator is a new version).
//!
//! Checked by core's one fixture harness (`dayseed_core::testkit`); write a new version's file
//! once with `DAYSEED_WRITE_FIXTURES=starlink:gN cargo test -p dayseed-starlink --test fixtures`.

use std::path::Path;

use dayseed_core::testkit::{Fixtures, check_fixtures};
use dayseed_starlink::GENRE;

/// (version, SHA-256 of `fixtures/starlink/<version>.jsonl`).
const LOCKS: [(&str, &str); 3] = [
    (
        "g1",
        "b35586f6e0ea493cf1963bb3c6f3c9d3abdd8b272e477ced2d438d2358ad18b1",
    ),
    (
        "g2",
        "78ec90290ae1d9000aa811da72ea833455e8c7d7fe6181407aa44372ad90a3fd",
    ),
    (
        "g3",
        "f6e800b5c73082d8b3ef3efe0f908f75c14c95d27099702a407db911c35cdb73",
    ),
];

fn ids(version: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for d in ["EASY", "NORMAL", "HARD", "EXPERT"] {
        for s in [0u64, 1, 2, 42, 18_446_744_073_709_551_615] {
            ids.push(format!("starlink:SEED-{s}-{d}-{version}"));
        }
    }
    for day in [0i64, 20671, -1] {
        ids.push(format!("starlink:DAILY-utc-v1-{day}-NORMAL-{version}"));
        ids.push(format!(
            "starlink:DAILY-device-local-v1-{day}-EXPERT-{version}"
        ));
    }
    ids
}

#[test]
fn fixtures_regenerate_exactly_and_stay_locked() {
    check_fixtures(&Fixtures {
        genre: &GENRE,
        root: &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"),
        locks: &LOCKS,
        ids,
    });
}

#[test]
fn every_fixture_board_is_unique() {
    for (version, _) in LOCKS {
        let text = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join(format!("../../fixtures/starlink/{version}.jsonl")),
        )
        .expect("fixture file present");
        for line in text.lines() {
            let record: serde_json::Value =
                serde_json::from_str(line).expect("fixture line is JSON");
            assert_eq!(record["unique"], true, "{}", record["id"]);
        }
    }
}
