//! Golden fixtures: `fixtures/sudoku/g1.jsonl` to `g4.jsonl`, one file per generator version,
//! checked by core's one fixture harness (`dayseed_core::testkit`: every line regenerated, each
//! file's SHA-256 pinned). Write a new version's file once with
//! `DAYSEED_WRITE_FIXTURES=sudoku:gN cargo test -p dayseed-sudoku --test fixtures`.

use std::path::Path;

use dayseed_core::testkit::{Fixtures, check_fixtures};
use dayseed_core::{DayPolicy, PuzzleId, Version};
use dayseed_sudoku::{GENRE, Level};

/// The ids a fixture covers: 4 epoch days x 2 day policies x 5 levels, and 3 seeds x 5 levels.
fn fixture_ids(version: &str) -> Vec<String> {
    let version: Version = version.parse().expect("fixture version");
    let mut ids = Vec::new();
    for day in [-1i64, 19_000, 20_671, 20_672] {
        for policy in DayPolicy::ALL {
            for level in Level::ALL {
                ids.push(PuzzleId::daily("sudoku", policy, day, level.name(), version).to_string());
            }
        }
    }
    for seed in [0u64, 42, u64::MAX] {
        for level in Level::ALL {
            ids.push(PuzzleId::seeded("sudoku", seed, level.name(), version).to_string());
        }
    }
    ids
}

#[test]
fn fixtures_regenerate_exactly_and_stay_locked() {
    check_fixtures(&Fixtures {
        genre: &GENRE,
        root: &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"),
        locks: &[
            (
                "g1",
                "b0fe6285946c62c7bea488e995ceeb170536edfb0be5cd87d9766a9bd0681990",
            ),
            (
                "g2",
                "5cd97ba5311e451c4b7e19fd1143a56deb751404ff29e9138c6e6c3098c0953c",
            ),
            (
                "g3",
                "b391beb5bd67363e620f6b7b55d35829df9e0929ecf8bef8e08b031410e735e9",
            ),
            (
                "g4",
                "382e1ded6971dbfbb16675314c77b7dacb39a71e147d27c16e55a81277d0a806",
            ),
        ],
        ids: fixture_ids,
    });
}
