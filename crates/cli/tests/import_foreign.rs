//! The real binary: `dayseed import` reads boards from other players (examples/foreign.txt:
//! puzz.link URLs, Solo, Loopy and Flip ids) beside `dayseed gen` lines, and `dayseed serve`
//! serves them from the archive under their names by content.

mod serve_common;

use std::process::Command;

use serve_common::http::get;
use serve_common::{TempDir, serve};

fn dayseed(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_dayseed"))
        .args(args)
        .output()
        .expect("run dayseed")
}

fn examples() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

#[test]
fn foreign_boards_are_imported_and_served() {
    let dir = TempDir::new("foreign");
    let db = dir.0.join("f.sqlite");
    let db_arg = db.to_str().expect("utf-8 path");
    let file = examples().join("foreign.txt");
    let out = dayseed(&["import", file.to_str().expect("utf-8"), "--db", db_arg]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("5 lines: 5 imported, 0 already archived, 0 rejected"),
        "{stdout}"
    );

    // A board with many solutions and an unsupported URL: rejected by line, exit code 1.
    let bad = dir.0.join("bad.txt");
    let text = format!(
        "{}\nhttps://puzz.link/p?sudoku/9/9/1zzzzg\nhttps://puzz.link/p?lightup/3/3/0\n",
        std::fs::read_to_string(&file)
            .expect("examples/foreign.txt")
            .lines()
            .next()
            .unwrap()
    );
    std::fs::write(&bad, text).expect("write");
    let out = dayseed(&["import", bad.to_str().expect("utf-8"), "--db", db_arg]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("line 2: this sudoku board has more than one solution"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 3: 'lightup' URLs are not boards dayseed reads"),
        "{stderr}"
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("1 already archived"),
        "the first line was the same board again"
    );

    let server = serve(&db);
    let r = get(server.addr, "/api/v1/archive/random?genre=lightsout");
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    let id = v["id"].as_str().expect("id");
    assert!(id.starts_with("lightsout:legacy-"), "{id}");
    assert_eq!(v["version"], "legacy");
}
