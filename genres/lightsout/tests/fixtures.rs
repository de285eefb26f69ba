//! Golden fixtures: `fixtures/lightsout/g1.jsonl` holds one generated record per line. Every line
//! is regenerated from its id and compared, and the file's SHA-256 is pinned (a released fixture
//! is never edited; a changed generator is a new version).

use dayseed_core::DynGenre;
use dayseed_core::digest::sha256_hex;
use serde_json::Value;

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../fixtures/lightsout/g1.jsonl"
);
const FIXTURE_SHA256: &str = "5e0c3d6e2a96cc63783d89e6b76f26699957853c80497f7d2bf2ee57db2bec90";

/// The ids the fixture covers: every stage size, par and optimal forms, tori, dailies.
fn fixture_ids() -> Vec<String> {
    let mut ids = Vec::new();
    for stage in [1, 3, 5, 6, 7, 10, 11, 15, 30] {
        for seed in [0u64, 1, 42] {
            ids.push(format!("lightsout:SEED-{seed}-S{stage}-g1"));
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
            ids.push(format!("lightsout:SEED-{seed}-{params}-g1"));
        }
    }
    for day in [-1i64, 0, 20_671] {
        ids.push(format!("lightsout:DAILY-utc-v1-{day}-S7-g1"));
        ids.push(format!("lightsout:DAILY-device-local-v1-{day}-S12-g1"));
    }
    ids
}

fn record(id: &str) -> Value {
    let id = id.parse().expect("fixture id parses");
    dayseed_lightsout::GENRE
        .generate(&id)
        .expect("fixture id generates")
        .to_flat_json()
}

#[test]
#[ignore = "writes the fixture file; run once per released version"]
fn write_g1_fixture() {
    let mut out = String::new();
    for id in fixture_ids() {
        out.push_str(&serde_json::to_string(&record(&id)).expect("JSON"));
        out.push('\n');
    }
    std::fs::write(FIXTURE, out).expect("write fixture");
}

#[test]
fn every_fixture_line_regenerates() {
    let text = std::fs::read_to_string(FIXTURE).expect("fixture file exists");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), fixture_ids().len());
    for (line, id) in lines.iter().zip(fixture_ids()) {
        let stored: Value = serde_json::from_str(line).expect("fixture line is JSON");
        assert_eq!(stored["id"], Value::from(id.clone()));
        assert_eq!(record(&id), stored, "{id}");
    }
}

#[test]
fn fixture_file_is_locked() {
    let bytes = std::fs::read(FIXTURE).expect("fixture file exists");
    assert_eq!(sha256_hex(&bytes), FIXTURE_SHA256);
}
