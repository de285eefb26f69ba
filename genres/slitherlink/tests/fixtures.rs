//! Golden fixtures: `fixtures/slitherlink/g<N>.jsonl`, checked by core's one fixture harness
//! (`dayseed_core::testkit`: every line regenerated, the file's SHA-256 pinned).

use dayseed_core::testkit::{Fixtures, check_fixtures};
use dayseed_slitherlink::GENRE;

/// The ids the fixtures cover: sizes, every level, extreme seeds, dailies of both policies.
fn fixture_ids(version: &str) -> Vec<String> {
    let mut ids = Vec::new();
    let specs = [
        (0u64, "5x5-L1"),
        (1, "5x5-L2"),
        (42, "10x10-L6"),
        (7, "7x7-L3"),
        (1000, "8x12-L5"),
        (123_456_789, "12x8-L7"),
        (5, "15x15-L4"),
        (18_446_744_073_709_551_615, "10x10-L2"),
        (3, "6x6-L8"),
        (4, "6x6-L9"),
        (9, "6x6-L10"),
        (77, "20x20-L6"),
        (2, "10x10-L1"),
        (8, "9x6-L6"),
    ];
    for (seed, params) in specs {
        ids.push(format!("slitherlink:SEED-{seed}-{params}-{version}"));
    }
    if version != "g1" {
        // Trial levels beyond g1's 225 cells.
        for (seed, params) in [(11u64, "16x16-L8"), (12, "12x20-L9"), (13, "12x12-L10")] {
            ids.push(format!("slitherlink:SEED-{seed}-{params}-{version}"));
        }
    }
    if version == "g4" {
        // Level 10 above 625 cells, where g4's longer walk per loop differs from g3 (seeds 2
        // and 7: g3 delivers level 9 after its 10 loops) and where it does not (seed 48), and
        // the large boards where g4 is g3.
        for (seed, params) in [
            (2u64, "30x30-L10"),
            (7, "30x30-L10"),
            (48, "30x30-L10"),
            (3, "25x25-L10"),
            (1, "30x30-L9"),
        ] {
            ids.push(format!("slitherlink:SEED-{seed}-{params}-{version}"));
        }
    }
    for (policy, day, params) in [
        ("utc-v1", 20671, "10x10-L6"),
        ("device-local-v1", 20672, "10x10-L6"),
        ("utc-v1", 20673, "10x10-L3"),
        ("utc-v1", -5, "10x10-L6"),
    ] {
        ids.push(format!(
            "slitherlink:DAILY-{policy}-{day}-{params}-{version}"
        ));
    }
    ids
}

#[test]
fn fixtures_regenerate_exactly_and_stay_locked() {
    check_fixtures(&Fixtures {
        genre: &GENRE,
        root: &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"),
        locks: &[
            (
                "g1",
                "9f7dad1864a885a791c71ae007db442118dfd1f146a7606bba8a782215c897f9",
            ),
            (
                "g2",
                "e1e3009f2ee683ce22d8da65326d842330c6722b079925c387b4dab57cf564b4",
            ),
            (
                "g3",
                "fc716c80516b780baaf9ef1150fd6e50ba1c7a9ff3710bb4731afc203b22dfe2",
            ),
            (
                "g4",
                "5520260012d60f3bcc002b775e78bd9110196bcda0e36564873ccf8c7b159cd9",
            ),
        ],
        ids: fixture_ids,
    });
}
