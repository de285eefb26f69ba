//! Versions against the fixtures: the resolver regenerates a g1, a g2 and a g3 fixture board
//! from their ids and refuses ids of versions not released. (Every line of every fixture file is
//! checked by `tests/fixtures.rs` with core's one harness.)

use dayseed_core::{DynGenre, ErrorKind, Registry, Version};
use serde_json::Value;

use crate::GENRE;

fn path(version: Version) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../fixtures/sudoku/{version}.jsonl"))
}

/// The first line of a fixture, parsed.
fn first_line(version: Version) -> Value {
    let text = std::fs::read_to_string(path(version)).unwrap();
    serde_json::from_str(text.lines().next().unwrap()).unwrap()
}

#[test]
fn resolver_regenerates_g1_to_g3_and_refuses_g4() {
    let registry = Registry::new(vec![&GENRE]);
    let g1 = first_line(Version(1));
    let g2 = first_line(Version(2));
    let g3 = first_line(Version(3));
    for stored in [&g1, &g2, &g3] {
        let id = stored["id"].as_str().unwrap();
        let r = registry.generate(id).unwrap();
        assert_eq!(r.digest, stored["digest"].as_str().unwrap());
        assert_eq!(r.puzzle["puzzle"], stored["puzzle"]);
    }
    // The same day and level under g1 and g2 are different boards, each kept by its id.
    let g1_id = g1["id"].as_str().unwrap();
    assert_eq!(g1_id.replace("-g1", "-g2"), g2["id"].as_str().unwrap());
    assert_ne!(g1["digest"], g2["digest"]);
    assert_eq!(g1_id.replace("-g1", "-g3"), g3["id"].as_str().unwrap());
    let g4 = g1_id.replace("-g1", "-g4");
    let e = registry.generate(&g4).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnsupportedVersion);
    assert!(e.message().contains("supported: g1, g2, g3"), "{e}");
}

#[test]
fn new_ids_use_g3() {
    assert_eq!(GENRE.current_version(), Version(3));
}

#[test]
fn g3_fixture_levels_are_fresh_ladder_v2_grades() {
    let text = std::fs::read_to_string(path(Version(3))).unwrap();
    let mut lines = 0;
    for line in text.lines() {
        let stored: Value = serde_json::from_str(line).unwrap();
        let cells = crate::format::parse_grid(stored["puzzle"].as_str().unwrap()).unwrap();
        let fresh = crate::logic::grade(&cells);
        assert_eq!(stored["grade"]["level"], fresh.level.name(), "{line}");
        assert_eq!(stored["difficulty"], fresh.level.name(), "{line}");
        assert_eq!(
            stored["grade"]["score"].as_f64(),
            Some(fresh.score),
            "{line}"
        );
        lines += 1;
    }
    assert_eq!(lines, 55);
}
