//! The fixtures: `fixtures/sudoku/g1.jsonl` and `g2.jsonl` pin ids to boards, one file per
//! generator version. Every line is regenerated and compared, each file's SHA-256 is locked, and
//! ids of versions not released are refused.
//!
//! Each file was written once by its ignored test (`cargo test -p dayseed-sudoku -- --ignored
//! write_g2_fixture`) and must never be edited: a generator change that alters one is a new
//! version with its own file.

use dayseed_core::digest::sha256_hex;
use dayseed_core::{DayPolicy, DynGenre, ErrorKind, PuzzleId, Registry, Version};
use serde_json::Value;

use crate::{GENRE, Level};

/// SHA-256 of the released `g1.jsonl`.
const G1_SHA256: &str = "b0fe6285946c62c7bea488e995ceeb170536edfb0be5cd87d9766a9bd0681990";
/// SHA-256 of the released `g2.jsonl`.
const G2_SHA256: &str = "5cd97ba5311e451c4b7e19fd1143a56deb751404ff29e9138c6e6c3098c0953c";

fn path(version: Version) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../fixtures/sudoku/{version}.jsonl"))
}

/// The ids a fixture covers: 4 epoch days x 2 day policies x 5 levels, and 3 seeds x 5 levels.
fn fixture_ids(version: Version) -> Vec<PuzzleId> {
    let mut ids = Vec::new();
    for day in [-1i64, 19_000, 20_671, 20_672] {
        for policy in DayPolicy::ALL {
            for level in Level::ALL {
                ids.push(PuzzleId::daily(
                    "sudoku",
                    policy,
                    day,
                    level.name(),
                    version,
                ));
            }
        }
    }
    for seed in [0u64, 42, u64::MAX] {
        for level in Level::ALL {
            ids.push(PuzzleId::seeded("sudoku", seed, level.name(), version));
        }
    }
    ids
}

/// One fixture line, with a fixed field order.
fn line(id: &PuzzleId) -> String {
    let r = GENRE.generate(id).expect("fixture ids generate");
    let s = |k: &str| r.puzzle[k].as_str().unwrap_or_default().to_string();
    format!(
        "{{\"id\":\"{}\",\"seed\":{},\"difficulty\":\"{}\",\"puzzle\":\"{}\",\"solution\":\"{}\",\"digest\":\"{}\",\"attempts\":{}{}}}",
        r.id,
        r.seed,
        s("difficulty"),
        s("puzzle"),
        s("solution"),
        r.digest,
        r.attempts,
        r.fallback
            .map(|f| format!(",\"fallback\":{}", Value::from(f)))
            .unwrap_or_default()
    )
}

fn write_fixture(version: Version) {
    let text: String = fixture_ids(version)
        .iter()
        .map(|id| line(id) + "\n")
        .collect();
    std::fs::write(path(version), text).unwrap();
}

#[test]
#[ignore = "writes the fixture file; run once when a version is released"]
fn write_g1_fixture() {
    write_fixture(Version(1));
}

#[test]
#[ignore = "writes the fixture file; run once when a version is released"]
fn write_g2_fixture() {
    write_fixture(Version(2));
}

fn assert_locked(version: Version, sha256: &str) {
    let bytes = std::fs::read(path(version)).unwrap();
    assert_eq!(
        sha256_hex(&bytes),
        sha256,
        "fixtures/sudoku/{version}.jsonl changed"
    );
}

#[test]
fn g1_fixture_file_is_locked() {
    assert_locked(Version(1), G1_SHA256);
}

#[test]
fn g2_fixture_file_is_locked() {
    assert_locked(Version(2), G2_SHA256);
}

fn assert_regenerates(version: Version) {
    let text = std::fs::read_to_string(path(version)).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let ids = fixture_ids(version);
    assert_eq!(lines.len(), ids.len());
    for (stored, id) in lines.iter().zip(&ids) {
        let v: Value = serde_json::from_str(stored).unwrap();
        assert_eq!(v["id"], id.to_string());
        assert_eq!(
            *stored,
            line(id),
            "{id} no longer regenerates its fixture line"
        );
    }
}

#[test]
fn every_g1_fixture_line_regenerates() {
    assert_regenerates(Version(1));
}

#[test]
fn every_g2_fixture_line_regenerates() {
    assert_regenerates(Version(2));
}

/// The first line of a fixture, parsed.
fn first_line(version: Version) -> Value {
    let text = std::fs::read_to_string(path(version)).unwrap();
    serde_json::from_str(text.lines().next().unwrap()).unwrap()
}

#[test]
fn resolver_regenerates_g1_and_g2_and_refuses_g3() {
    let registry = Registry::new(vec![&GENRE]);
    let g1 = first_line(Version(1));
    let g2 = first_line(Version(2));
    for stored in [&g1, &g2] {
        let id = stored["id"].as_str().unwrap();
        let r = registry.generate(id).unwrap();
        assert_eq!(r.digest, stored["digest"].as_str().unwrap());
        assert_eq!(r.puzzle["puzzle"], stored["puzzle"]);
    }
    // The same day and level under g1 and g2 are different boards, each kept by its id.
    let g1_id = g1["id"].as_str().unwrap();
    assert_eq!(g1_id.replace("-g1", "-g2"), g2["id"].as_str().unwrap());
    assert_ne!(g1["digest"], g2["digest"]);
    let g3 = g1_id.replace("-g1", "-g3");
    let e = registry.generate(&g3).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnsupportedVersion);
    assert!(e.message().contains("supported: g1, g2"), "{e}");
}

#[test]
fn new_ids_use_g2() {
    assert_eq!(GENRE.current_version(), Version(2));
    assert_eq!(crate::versions::CURRENT, Version(2));
}
