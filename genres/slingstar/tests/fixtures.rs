//! Golden fixtures: `fixtures/slingstar/g1.jsonl`, checked by core's one fixture harness
//! (`dayseed_core::testkit`: every line regenerated, the file's SHA-256 pinned). A changed
//! generator or physics constant is a new version with a new file.

use std::path::Path;

use dayseed_core::testkit::{Fixtures, check_fixtures};

/// Daily courses under both policies, seeded courses, and single holes 1, 2, 5 and 9.
fn fixture_ids(version: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for day in [-1i64, 0, 20_671] {
        ids.push(format!("slingstar:DAILY-utc-v1-{day}-C9-{version}"));
    }
    ids.push(format!(
        "slingstar:DAILY-device-local-v1-20671-C9-{version}"
    ));
    for seed in [0u64, 42, 18_446_744_073_709_551_615] {
        ids.push(format!("slingstar:SEED-{seed}-C9-{version}"));
        for k in [1, 2, 5, 9] {
            ids.push(format!("slingstar:SEED-{seed}-H{k}-{version}"));
        }
    }
    ids
}

#[test]
fn fixtures_regenerate_exactly_and_stay_locked() {
    check_fixtures(&Fixtures {
        genre: &dayseed_slingstar::GENRE,
        root: &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"),
        locks: &[(
            "g1",
            "268471fda56e4f556d4246e3676e5bef3bc9f13bea3cc1c0b5466beab530b4ce",
        )],
        ids: fixture_ids,
    });
}
