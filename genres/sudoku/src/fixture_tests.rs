//! The g1 fixture: `fixtures/sudoku/g1.jsonl` pins ids to boards. Every line is regenerated and
//! compared, the file's SHA-256 is locked, and ids of other versions are refused.
//!
//! The file was written once by the ignored test `write_g1_fixture`
//! (`cargo test -p dayseed-sudoku -- --ignored write_g1_fixture`) and must never be edited: a
//! generator change that alters it is a new version (g2) with its own file.

use dayseed_core::digest::sha256_hex;
use dayseed_core::{DayPolicy, DynGenre, ErrorKind, PuzzleId, Registry, Version};
use serde_json::Value;

use crate::{GENRE, Level};

/// SHA-256 of the released `g1.jsonl`.
const G1_SHA256: &str = "b0fe6285946c62c7bea488e995ceeb170536edfb0be5cd87d9766a9bd0681990";

fn path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/sudoku/g1.jsonl")
}

/// The ids the fixture covers: 4 epoch days x 2 day policies x 5 levels, and 3 seeds x 5 levels.
fn fixture_ids() -> Vec<PuzzleId> {
    let mut ids = Vec::new();
    for day in [-1i64, 19_000, 20_671, 20_672] {
        for policy in DayPolicy::ALL {
            for level in Level::ALL {
                ids.push(PuzzleId::daily(
                    "sudoku",
                    policy,
                    day,
                    level.name(),
                    Version(1),
                ));
            }
        }
    }
    for seed in [0u64, 42, u64::MAX] {
        for level in Level::ALL {
            ids.push(PuzzleId::seeded("sudoku", seed, level.name(), Version(1)));
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

#[test]
#[ignore = "writes the fixture file; run once when a version is released"]
fn write_g1_fixture() {
    let text: String = fixture_ids().iter().map(|id| line(id) + "\n").collect();
    std::fs::write(path(), text).unwrap();
}

#[test]
fn g1_fixture_file_is_locked() {
    let bytes = std::fs::read(path()).unwrap();
    assert_eq!(
        sha256_hex(&bytes),
        G1_SHA256,
        "fixtures/sudoku/g1.jsonl changed"
    );
}

#[test]
fn every_g1_fixture_line_regenerates() {
    let text = std::fs::read_to_string(path()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let ids = fixture_ids();
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
fn resolver_regenerates_g1_and_refuses_g2() {
    let registry = Registry::new(vec![&GENRE]);
    let text = std::fs::read_to_string(path()).unwrap();
    let first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let id = first["id"].as_str().unwrap();
    let r = registry.generate(id).unwrap();
    assert_eq!(r.digest, first["digest"].as_str().unwrap());
    assert_eq!(r.puzzle["puzzle"], first["puzzle"]);
    let g2 = id.replace("-g1", "-g2");
    let e = registry.generate(&g2).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnsupportedVersion);
    assert!(e.message().contains("supported: g1"), "{e}");
}
