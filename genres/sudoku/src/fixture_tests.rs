//! Versions against the fixtures: the resolver regenerates a g1, a g2, a g3 and a g4 fixture board
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
fn resolver_regenerates_g1_to_g4_and_refuses_g5() {
    let registry = Registry::new(vec![&GENRE]);
    let g1 = first_line(Version(1));
    let g2 = first_line(Version(2));
    let g3 = first_line(Version(3));
    let g4 = first_line(Version(4));
    for stored in [&g1, &g2, &g3, &g4] {
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
    assert_eq!(g1_id.replace("-g1", "-g4"), g4["id"].as_str().unwrap());
    let g5 = g1_id.replace("-g1", "-g5");
    let e = registry.generate(&g5).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnsupportedVersion);
    assert!(e.message().contains("supported: g1, g2, g3, g4"), "{e}");
}

#[test]
fn new_ids_use_g4() {
    assert_eq!(GENRE.current_version(), Version(4));
}

/// Every line of a fixture re-graded on `ladder`: its stored level and score are that grade's.
fn fixture_levels_are_fresh_grades(version: Version, ladder: &crate::logic::technique::Ladder) {
    let text = std::fs::read_to_string(path(version)).unwrap();
    let mut lines = 0;
    for line in text.lines() {
        let stored: Value = serde_json::from_str(line).unwrap();
        let cells = crate::format::parse_grid(stored["puzzle"].as_str().unwrap()).unwrap();
        let fresh = crate::logic::grade_on(ladder, &cells);
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

#[test]
fn g3_fixture_levels_are_fresh_ladder_v2_grades() {
    fixture_levels_are_fresh_grades(Version(3), &crate::generator::ladder_v2::LADDER_V2);
}

#[test]
fn g4_fixture_levels_are_fresh_ladder_v3_grades() {
    // LADDER_V3 is also the live ladder: the grade we publish for a g4 board is its stored one.
    fixture_levels_are_fresh_grades(Version(4), crate::logic::technique::LADDER);
}
