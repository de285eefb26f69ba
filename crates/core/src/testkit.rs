//! The one fixture harness (feature `testkit`, for genre crates' tests only; the only I/O in
//! core).
//!
//! Every released generator version of a genre keeps `fixtures/<genre>/g<N>.jsonl`: one generated
//! record per line. [`check_fixtures`] regenerates every line from its id and compares every field
//! the line stores, checks each file's pinned SHA-256, and checks that every version the genre
//! still generates has a file. A released file is never edited; a generator change is a new
//! version with a new file.
//!
//! Writing a new version's file, once: `DAYSEED_WRITE_FIXTURES=<genre>:g<N> cargo test -p
//! dayseed-<genre> --test fixtures`, then pin the SHA-256 the failing lock check prints.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::digest::sha256_hex;
use crate::genre::VersionStatus;
use crate::id::PuzzleId;
use crate::registry::DynGenre;

/// A genre's fixture files.
pub struct Fixtures<'a> {
    /// The genre.
    pub genre: &'a dyn DynGenre,
    /// The workspace's `fixtures/` directory.
    pub root: &'a Path,
    /// `(version, SHA-256 of fixtures/<genre>/<version>.jsonl)` for every released version.
    pub locks: &'a [(&'a str, &'a str)],
    /// The ids a version's file covers, in file order.
    pub ids: fn(version: &str) -> Vec<String>,
}

impl Fixtures<'_> {
    fn path(&self, version: &str) -> PathBuf {
        self.root
            .join(self.genre.name())
            .join(format!("{version}.jsonl"))
    }

    fn record(&self, id: &str) -> Value {
        let parsed: PuzzleId = id
            .parse()
            .unwrap_or_else(|e| panic!("fixture id {id} does not parse: {e}"));
        self.genre
            .generate(&parsed)
            .unwrap_or_else(|e| panic!("fixture id {id} does not generate: {e}"))
            .to_flat_json()
    }

    fn write(&self, version: &str) {
        let text: String = (self.ids)(version)
            .iter()
            .map(|id| format!("{}\n", self.record(id)))
            .collect();
        std::fs::write(self.path(version), text).expect("fixture file written");
    }
}

/// Checks every fixture file of a genre (see the module docs); panics naming the version, line
/// and field that differ.
pub fn check_fixtures(fixtures: &Fixtures) {
    let genre = fixtures.genre.name();
    let versions = fixtures.genre.versions();
    for pair in versions.windows(2) {
        assert!(
            pair[0].version < pair[1].version,
            "{genre}: generator versions must be listed oldest first, once each"
        );
    }
    assert_eq!(
        versions
            .iter()
            .filter(|v| v.status == VersionStatus::Current)
            .count(),
        1,
        "{genre}: exactly one generator version is current"
    );
    for info in versions {
        let version = info.version.to_string();
        if info.status != VersionStatus::Retired {
            assert!(
                fixtures.locks.iter().any(|(v, _)| *v == version),
                "{genre} {version} is released but has no fixture lock"
            );
        }
    }
    let write = std::env::var("DAYSEED_WRITE_FIXTURES").unwrap_or_default();
    for (version, sha) in fixtures.locks {
        if write == format!("{genre}:{version}") {
            fixtures.write(version);
        }
        let path = fixtures.path(version);
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let text = String::from_utf8(bytes.clone()).expect("fixture file is UTF-8");
        let ids = (fixtures.ids)(version);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), ids.len(), "{genre} {version}: line count");
        for (n, (line, id)) in lines.iter().zip(&ids).enumerate() {
            let stored: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{genre} {version} line {}: {e}", n + 1));
            assert_eq!(
                stored["id"],
                id.as_str(),
                "{genre} {version} line {}",
                n + 1
            );
            assert!(
                stored.get("digest").is_some(),
                "{genre} {version} line {} stores no digest",
                n + 1
            );
            let fresh = fixtures.record(id);
            for (field, want) in stored.as_object().expect("fixture line is an object") {
                assert_eq!(
                    &fresh[field],
                    want,
                    "{genre} {version} line {} ({id}): field '{field}' changed",
                    n + 1
                );
            }
        }
        assert_eq!(
            sha256_hex(&bytes),
            *sha,
            "fixtures/{genre}/{version}.jsonl is not the released file (a released fixture never changes)"
        );
    }
}
