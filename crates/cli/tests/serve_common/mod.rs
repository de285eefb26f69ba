//! Harness for tests of the real `dayseed serve` binary: spawn it on 127.0.0.1:0 with a database
//! in a temp dir, read the `listening on http://ADDR/` line, and build solved states.

#![allow(dead_code)]

#[path = "../../../server/tests/common/http.rs"]
pub mod http;
#[path = "../../../server/tests/common/pg.rs"]
pub mod pg;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

/// A temp directory removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let dir =
            std::env::temp_dir().join(format!("dayseed-{tag}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("create temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A running `dayseed serve`; killed (SIGKILL) on drop.
pub struct Served {
    pub child: Child,
    pub addr: SocketAddr,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `dayseed serve --addr 127.0.0.1:0 --db DB` and waits for its first stdout line.
pub fn serve(db: &Path) -> Served {
    serve_db(db.as_os_str())
}

/// [`serve`] with any `--db` value (a SQLite path or a PostgreSQL URL).
pub fn serve_db(db: impl AsRef<std::ffi::OsStr>) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dayseed"))
        // Every test client shares one loopback address: the per-address request rate has its
        // own tests (crates/server/tests), so it is off here.
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--requests-per-second",
            "0",
            "--db",
        ])
        .arg(db)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("spawn dayseed serve");
    let stdout = child.stdout.take().expect("stdout");
    let mut first = String::new();
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("read the first line");
    let addr = first
        .trim()
        .strip_prefix("listening on http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected first line {first:?}"))
        .parse()
        .expect("socket address");
    Served { child, addr }
}

/// The genre the tests play: sudoku when registered, else the first registered genre this
/// harness knows how to solve.
pub fn genre() -> &'static str {
    let names = dayseed_catalog::registry().names();
    ["sudoku", "lightsout"]
        .into_iter()
        .find(|g| names.contains(g))
        .expect("a playable genre is registered (sudoku or lightsout)")
}

/// A seeded id of `genre` at its current version with daily params.
pub fn seeded_id(genre: &str, seed: u64) -> String {
    let registry = dayseed_catalog::registry();
    let g = registry.get(genre).expect("genre");
    let params = g.daily_params(None).expect("daily params");
    format!("{genre}:SEED-{seed}-{params}-{}", g.current_version())
}

/// The digest of the board `id` names and a state that solves it.
pub fn solved(id: &str) -> (String, Value) {
    let record = dayseed_catalog::registry().generate(id).expect("generate");
    let state = match record.genre {
        "sudoku" => json!({ "entries": record.puzzle["solution"] }),
        "lightsout" => json!({ "presses": record.puzzle["presses"] }),
        other => panic!("no solved state known for {other}"),
    };
    (record.digest, state)
}
