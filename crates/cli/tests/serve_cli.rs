//! The real binary end to end: `dayseed gen` -> `dayseed import` -> `dayseed serve` -> the API.

mod serve_common;

use std::process::Command;

use serve_common::http::{authed, get, new_player, new_session, post, request};
use serve_common::{TempDir, serve, solved};

fn dayseed(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_dayseed"))
        .args(args)
        .output()
        .expect("run dayseed")
}

#[test]
fn gen_import_serve_play() {
    let dir = TempDir::new("e2e");
    let db = dir.0.join("e2e.sqlite");
    let db_arg = db.to_str().expect("utf-8 path");
    let genre = serve_common::genre();

    let out = dayseed(&["gen", genre, "--count", "3", "--seed", "500"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<String> = String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), 3);
    let mut tampered: serde_json::Value = serde_json::from_str(&lines[2]).expect("json line");
    tampered["digest"] = "0".repeat(64).into();
    let file = dir.0.join("batch.jsonl");
    let text = format!("{}\n{}\n{}\n", lines[0], lines[1], tampered);
    std::fs::write(&file, text).expect("write batch");

    let out = dayseed(&["import", file.to_str().expect("utf-8"), "--db", db_arg]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success(),
        "a rejected line makes the import fail"
    );
    assert!(stderr.contains("line 3"), "{stderr}");
    assert!(stderr.contains("does not match"), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("2 imported"), "{stdout}");

    let server = serve(&db);
    let addr = server.addr;
    assert_eq!(get(addr, "/healthz").body, "ok");
    let r = get(addr, &format!("/api/v1/archive/random?genre={genre}"));
    assert_eq!(r.status, 200, "{}", r.body);
    let archived = r.json();
    let ids: Vec<String> = lines[..2]
        .iter()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json")["id"].to_string())
        .collect();
    assert!(ids.contains(&archived["id"].to_string()), "{archived}");

    let r = get(addr, &format!("/api/v1/daily/{genre}?date=2026-08-06"));
    assert_eq!(r.status, 200, "{}", r.body);
    let daily = r.json();
    let id = daily["id"].as_str().expect("id").to_string();
    assert!(
        id.starts_with(&format!("{genre}:DAILY-utc-v1-20671-")),
        "{id}"
    );
    assert!(daily["puzzle"].get("solution").is_none());
    let (digest, state) = solved(&id);
    assert_eq!(daily["digest"], digest.as_str());

    let r = post(
        addr,
        "/api/v1/check",
        &serde_json::json!({"id": id, "state": state}),
    );
    assert_eq!(r.json()["solved"], true, "{}", r.body);
    // Scores go to today's daily (an August daily's leaderboard has closed): a player, a
    // session timed by the server, then the solved state.
    let today = get(addr, &format!("/api/v1/daily/{genre}")).json();
    let id = today["id"].as_str().expect("id").to_string();
    let (digest, state) = solved(&id);
    let token = new_player(addr, "e2e");
    let session = new_session(addr, &token, &id);
    let score = serde_json::json!({"session": session, "digest": digest, "state": state});
    let r = authed(
        addr,
        &token,
        "POST",
        "/api/v1/scores",
        Some(&score.to_string()),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let board = get(addr, &format!("/api/v1/leaderboard/{id}?player=e2e")).json();
    assert_eq!(board["player_rank"], 1);
    assert!(board["entries"][0]["elapsed_ms"].as_i64().unwrap() >= 1);
    let r = request(addr, "GET", "/api/v1/openapi.json", None);
    assert_eq!(r.json()["openapi"], "3.0.3");
    let r = get(addr, "/");
    assert_eq!(r.status, 200);
}

#[test]
fn serve_warns_when_the_web_folder_has_no_wasm_build() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let dir = serve_common::TempDir::new("no-wasm");
    let web = dir.0.join("web");
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(web.join("index.html"), "<!doctype html>").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_dayseed"))
        .args(["serve", "--addr", "127.0.0.1:0", "--web"])
        .arg(&web)
        .arg("--db")
        .arg(dir.0.join("db.sqlite"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn dayseed serve");
    let mut first = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(first.contains("pkg/dayseed.wasm"), "{first}");
    assert!(first.contains("scripts/build-wasm.sh"), "{first}");
}
