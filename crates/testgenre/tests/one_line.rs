//! "A new genre is one crate and one line": the Mirror genre lives outside the catalog, and the
//! only registration anywhere is `dayseed_catalog::registry().with(&dayseed_testgenre::GENRE)`
//! (here, and in the `dayseed-mirror` binary). These tests show the registry, the command line
//! (its `gen` flags are built from Mirror's declarations) and the server (import files boards
//! under Mirror's declared labels, the API lists and filters them) pick it up.

#[allow(dead_code)]
#[path = "../../server/tests/common/http.rs"]
mod http;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

use dayseed_core::{Registry, SolveOptions};
use serde_json::Value;

fn registry() -> Registry {
    dayseed_catalog::registry().with(&dayseed_testgenre::GENRE)
}

fn dayseed(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dayseed-mirror"))
        .args(args)
        .output()
        .expect("run dayseed-mirror")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn the_registry_picks_the_genre_up() {
    let r = registry();
    assert_eq!(r.names().last(), Some(&"mirror"));
    assert_eq!(
        r.names().len(),
        dayseed_catalog::registry().names().len() + 1
    );
    let record = r.generate("mirror:SEED-3-P7-DARK-g1").unwrap();
    let row = record.puzzle["row"].as_str().unwrap().to_string();
    assert_eq!(row.len(), 7);
    assert_eq!(
        r.generate("mirror:SEED-3-P7-DARK-g1").unwrap().digest,
        record.digest
    );
    let (id, g) = r.parse_id(&record.id).unwrap();
    let labels = g.labels(&id, &record.puzzle).unwrap();
    assert_eq!(labels.difficulty.as_deref(), Some("DARK"));
    assert_eq!(labels.size.as_deref(), Some("7x1"));
    let report = g
        .solve_report(
            &record.puzzle,
            SolveOptions {
                grade: true,
                budget: 10,
            },
        )
        .unwrap()
        .to_json();
    assert_eq!(report["status"], "solved");
    assert_eq!(report["solution"], row.chars().rev().collect::<String>());
    let daily = r
        .daily_id("mirror", dayseed_core::DayPolicy::UtcV1, 20671, None)
        .unwrap();
    assert_eq!(daily.to_string(), "mirror:DAILY-utc-v1-20671-P5-LIGHT-g1");
    assert!(
        r.generate("mirror:SEED-1-P5-LIGHT-g2").is_err(),
        "g2 was never released"
    );
}

#[test]
fn gen_offers_the_declared_flags() {
    let out = dayseed(&[
        "gen", "mirror", "--pegs", "7", "--shade", "dark", "--count", "2", "--quiet",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let ids: Vec<String> = stdout(&out)
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(
        ids,
        ["mirror:SEED-1-P7-DARK-g1", "mirror:SEED-2-P7-DARK-g1"]
    );

    let help = stdout(&dayseed(&["gen", "--help"]));
    assert!(help.contains("--pegs <N>"), "{help}");
    assert!(
        help.contains("mirror: digits in the row, 2..12 (default 5)"),
        "{help}"
    );
    assert!(help.contains("--shade <TEXT>"), "{help}");
    // The catalog's own flags are still there, built the same way.
    assert!(help.contains("--grid-size <N>"), "{help}");
    assert!(help.contains("--wrap"), "{help}");

    // The genre's own parser judges the values; another genre refuses the flag by name.
    let bad = dayseed(&["gen", "mirror", "--pegs", "99"]);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
    assert!(
        stderr(&bad).contains("mirror pegs '99'"),
        "{}",
        stderr(&bad)
    );
    let other = dayseed(&["gen", "sudoku", "--pegs", "3"]);
    assert_eq!(other.status.code(), Some(2));
    assert!(
        stderr(&other).contains("sudoku does not take --pegs"),
        "{}",
        stderr(&other)
    );
    let shipped = dayseed(&["gen", "sudoku", "--difficulty", "easy", "--quiet"]);
    assert!(shipped.status.success(), "{}", stderr(&shipped));
    assert!(stdout(&shipped).contains("sudoku:SEED-1-EASY-g"));

    let genres = stdout(&dayseed(&["genres", "--json"]));
    let mirror: Value = genres
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|g| g["name"] == "mirror")
        .expect("mirror listed by `dayseed genres`");
    assert_eq!(mirror["title"], "Mirror");
    assert_eq!(mirror["flags"][0]["name"], "pegs");
    assert_eq!(mirror["labels"][1]["label"], "size");
}

struct Served(Child, SocketAddr);

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn serve(db: &Path) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dayseed-mirror"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("spawn dayseed-mirror serve");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("first line");
    let addr = first
        .trim()
        .strip_prefix("listening on http://")
        .and_then(|r| r.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected first line {first:?}"))
        .parse()
        .expect("address");
    Served(child, addr)
}

#[test]
fn the_server_files_boards_under_the_declared_labels() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("archive.sqlite");
    let boards = dir.path().join("boards.jsonl");
    let mut text = String::new();
    for args in [
        ["--pegs", "7", "--shade", "DARK"],
        ["--pegs", "3", "--shade", "LIGHT"],
    ] {
        let mut all = vec!["gen", "mirror", "--quiet"];
        all.extend(args);
        let out = dayseed(&all);
        assert!(out.status.success(), "{}", stderr(&out));
        text.push_str(&stdout(&out));
    }
    std::fs::write(&boards, text).unwrap();
    let out = dayseed(&[
        "import",
        boards.to_str().unwrap(),
        "--db",
        db.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("2 imported"), "{}", stdout(&out));

    // What the import filed, read straight from the store.
    let store = dayseed_server::Store::open(&db).unwrap();
    let row = store
        .random_archived("mirror", Some("7x1"), Some("DARK"))
        .unwrap()
        .expect("filed under size 7x1 and difficulty DARK");
    assert_eq!(row.id, "mirror:SEED-1-P7-DARK-g1");
    assert!(
        store
            .random_archived("mirror", Some("7x1"), Some("LIGHT"))
            .unwrap()
            .is_none()
    );
    drop(store);

    // And through the API of the same binary.
    let served = serve(&db);
    let genres = http::get(served.1, "/api/v1/genres").json();
    let listed = genres
        .as_array()
        .map(|a| a.iter().any(|g| g["name"] == "mirror"))
        .or_else(|| {
            genres["genres"]
                .as_array()
                .map(|a| a.iter().any(|g| g["name"] == "mirror"))
        });
    assert_eq!(listed, Some(true), "{genres}");
    let r = http::get(
        served.1,
        "/api/v1/archive/random?genre=mirror&size=3x1&difficulty=light",
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["id"], "mirror:SEED-1-P3-LIGHT-g1");
    assert!(
        r.json()["puzzle"].get("answer").is_none(),
        "the answer is stripped"
    );
    let r = http::get(served.1, "/api/v1/archive/random?genre=mirror&size=9x1");
    assert_eq!(r.status, 404);
}
