//! Golden fixtures: `fixtures/jj/g1.jsonl` holds one generated record per line. Every line is
//! regenerated from its id and compared, and the file's SHA-256 is pinned (a released fixture is
//! never edited; a changed generator, physics or template library is a new version).

use dayseed_core::DynGenre;
use dayseed_core::digest::sha256_hex;
use serde_json::Value;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/jj/g1.jsonl");
const FIXTURE_SHA256: &str = "22de0f996fb61219b1793bcc6e1eb14323c99062ca674dc5ab844f84b09a0423";

/// The ids the fixture covers: every difficulty, short and long levels, dailies.
fn fixture_ids() -> Vec<String> {
    let mut ids = Vec::new();
    for params in ["C1-EASY", "C4-EASY", "C8-MEDIUM", "C8-HARD", "C24-HARD"] {
        for seed in [0u64, 1, 42, 18_446_744_073_709_551_615] {
            ids.push(format!("jj:SEED-{seed}-{params}-g1"));
        }
    }
    for day in [-1i64, 0, 20_671] {
        ids.push(format!("jj:DAILY-utc-v1-{day}-C8-MEDIUM-g1"));
        ids.push(format!("jj:DAILY-device-local-v1-{day}-C8-HARD-g1"));
    }
    ids
}

fn record(id: &str) -> Value {
    let id = id.parse().expect("fixture id parses");
    dayseed_jj::GENRE
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
    std::fs::create_dir_all(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/jj"))
        .expect("fixture dir");
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
