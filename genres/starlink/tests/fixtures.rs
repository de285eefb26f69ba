//! Golden fixtures: `fixtures/starlink/gN.jsonl` holds one `dayseed gen` record per line for
//! generator version N. Every line is regenerated and compared, and each file's SHA-256 is
//! locked: a released fixture never changes (a changed generator is a new version).
//!
//! Write a missing file once with `STARLINK_WRITE_FIXTURES=gN cargo test -p dayseed-starlink
//! --test fixtures`.

use dayseed_core::digest::sha256_hex;
use dayseed_core::{DynGenre, PuzzleId};
use dayseed_starlink::GENRE;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/starlink");
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

fn line(id: &str) -> String {
    let id: PuzzleId = id.parse().expect("fixture ids parse");
    GENRE
        .generate(&id)
        .expect("fixture ids generate")
        .to_flat_json()
        .to_string()
}

fn path(version: &str) -> String {
    format!("{DIR}/{version}.jsonl")
}

#[test]
fn fixtures_regenerate_exactly() {
    for (version, _) in LOCKS {
        if std::env::var("STARLINK_WRITE_FIXTURES").is_ok_and(|v| v == version) {
            let text: String = ids(version).iter().map(|id| line(id) + "\n").collect();
            std::fs::write(path(version), text).expect("fixture file written");
        }
        let text = std::fs::read_to_string(path(version)).expect("fixture file present");
        let stored: Vec<&str> = text.lines().collect();
        let ids = ids(version);
        assert_eq!(stored.len(), ids.len(), "{version}");
        for (stored, id) in stored.iter().zip(&ids) {
            let want: serde_json::Value =
                serde_json::from_str(stored).expect("fixture line is JSON");
            let got: serde_json::Value = serde_json::from_str(&line(id)).expect("record is JSON");
            assert_eq!(got, want, "{id}");
            assert_eq!(want["id"], id.as_str());
            assert_eq!(want["unique"], true, "{id}");
        }
    }
}

#[test]
fn fixture_files_are_locked() {
    for (version, sha) in LOCKS {
        let bytes = std::fs::read(path(version)).expect("fixture file present");
        assert_eq!(
            sha256_hex(&bytes),
            sha,
            "fixtures/starlink/{version}.jsonl changed"
        );
    }
}
