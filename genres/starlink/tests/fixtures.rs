//! Golden fixtures: `fixtures/starlink/g1.jsonl` holds one `dayseed gen` record per line. Every
//! line is regenerated and compared, and the file's SHA-256 is locked: a released fixture never
//! changes (a changed generator is a new version).
//!
//! Write the file once with `STARLINK_WRITE_FIXTURES=1 cargo test -p dayseed-starlink --test
//! fixtures`.

use dayseed_core::digest::sha256_hex;
use dayseed_core::{DynGenre, PuzzleId};
use dayseed_starlink::GENRE;

const PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../fixtures/starlink/g1.jsonl"
);
const G1_SHA256: &str = "b35586f6e0ea493cf1963bb3c6f3c9d3abdd8b272e477ced2d438d2358ad18b1";

fn ids() -> Vec<String> {
    let mut ids = Vec::new();
    for d in ["EASY", "NORMAL", "HARD", "EXPERT"] {
        for s in [0u64, 1, 2, 42, 18_446_744_073_709_551_615] {
            ids.push(format!("starlink:SEED-{s}-{d}-g1"));
        }
    }
    for day in [0i64, 20671, -1] {
        ids.push(format!("starlink:DAILY-utc-v1-{day}-NORMAL-g1"));
        ids.push(format!("starlink:DAILY-device-local-v1-{day}-EXPERT-g1"));
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

#[test]
fn fixtures_regenerate_exactly() {
    if std::env::var_os("STARLINK_WRITE_FIXTURES").is_some() {
        let text: String = ids().iter().map(|id| line(id) + "\n").collect();
        std::fs::write(PATH, text).expect("fixture file written");
    }
    let text = std::fs::read_to_string(PATH).expect("fixture file present");
    let stored: Vec<&str> = text.lines().collect();
    let ids = ids();
    assert_eq!(stored.len(), ids.len());
    for (stored, id) in stored.iter().zip(&ids) {
        let want: serde_json::Value = serde_json::from_str(stored).expect("fixture line is JSON");
        let got: serde_json::Value = serde_json::from_str(&line(id)).expect("record is JSON");
        assert_eq!(got, want, "{id}");
        assert_eq!(want["id"], id.as_str());
        assert_eq!(want["unique"], true, "{id}");
    }
}

#[test]
fn fixture_file_is_locked() {
    let bytes = std::fs::read(PATH).expect("fixture file present");
    assert_eq!(
        sha256_hex(&bytes),
        G1_SHA256,
        "fixtures/starlink/g1.jsonl changed"
    );
}
