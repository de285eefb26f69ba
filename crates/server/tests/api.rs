//! Every endpoint over real HTTP on loopback with a real database file (toy genre).

mod common;

use common::http::{authed, get, new_player, post, request};
use common::{start, start_with, toy_board};
use dayseed_server::AppOptions;
use serde_json::json;

const SEED_ID: &str = "toy:SEED-7-S5-g3";

fn error_code(r: &common::http::Response) -> String {
    r.json()["error"]["code"].as_str().unwrap_or("").to_string()
}

fn error_message(r: &common::http::Response) -> String {
    r.json()["error"]["message"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

#[test]
fn healthz_and_genres() {
    let s = start();
    let r = get(s.addr, "/healthz");
    assert_eq!((r.status, r.body.as_str()), (200, "ok"));
    let r = get(s.addr, "/api/v1/genres");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/json"));
    let list = r.json();
    let toy = list
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "toy")
        .expect("toy listed");
    assert_eq!(toy["current_version"], "g3");
    assert_eq!(toy["versions"].as_array().unwrap().len(), 3);
    assert_eq!(toy["versions"][0]["status"], "retired");
    assert_eq!(toy["daily_params"], "S4");
    assert_eq!(toy["capabilities"]["hint"], true);
}

#[test]
fn daily_by_date_policy_and_tz() {
    let s = start();
    let r = get(s.addr, "/api/v1/daily/toy?date=2026-08-06");
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["id"], "toy:DAILY-utc-v1-20671-S4-g3");
    assert_eq!(v["epoch_day"], 20671);
    assert_eq!(v["date"], "2026-08-06");
    assert_eq!(v["policy"], "utc-v1");
    assert_eq!(v["version"], "g3");
    assert!(v["puzzle"]["solution"].is_null(), "no solution: {v}");
    assert_eq!(v["puzzle"]["cells"].as_str().unwrap().len(), 4);
    let (digest, _) = toy_board("toy:DAILY-utc-v1-20671-S4-g3");
    assert_eq!(v["digest"], digest.as_str());

    let r = get(
        s.addr,
        "/api/v1/daily/toy?difficulty=HARD&policy=device-local-v1&tz=Asia/Seoul",
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert!(
        v["id"]
            .as_str()
            .unwrap()
            .starts_with("toy:DAILY-device-local-v1-")
    );
    assert!(v["id"].as_str().unwrap().ends_with("-S9-g3"));

    // Today on the server clock is one of two days around now (no timing assumption).
    let r = get(s.addr, "/api/v1/daily/toy");
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["policy"], "utc-v1");

    let r = get(s.addr, "/api/v1/daily/toy?policy=device-local-v1");
    assert_eq!((r.status, error_code(&r).as_str()), (400, "invalid_day"));
    let r = get(
        s.addr,
        "/api/v1/daily/toy?policy=device-local-v1&tz=Mars/Olympus",
    );
    assert_eq!(r.status, 400);
    assert!(error_message(&r).contains("Mars/Olympus"));
    let r = get(s.addr, "/api/v1/daily/toy?policy=moon-v1");
    assert_eq!((r.status, error_code(&r).as_str()), (400, "invalid_day"));
    let r = get(s.addr, "/api/v1/daily/toy?date=2026-13-40");
    assert_eq!((r.status, error_code(&r).as_str()), (400, "invalid_day"));
    let r = get(s.addr, "/api/v1/daily/toy?difficulty=NIGHTMARE");
    assert_eq!((r.status, error_code(&r).as_str()), (400, "invalid_params"));
    let r = get(s.addr, "/api/v1/daily/chess");
    assert_eq!((r.status, error_code(&r).as_str()), (404, "unknown_genre"));
    assert!(error_message(&r).contains("toy"), "lists registered genres");
    let r = get(s.addr, "/api/v1/daily/toy?dificulty=HARD");
    assert_eq!((r.status, error_code(&r).as_str()), (400, "bad_request"));
    assert!(error_message(&r).contains("dificulty"), "{}", r.body);
    let long = "x".repeat(100);
    let r = get(s.addr, &format!("/api/v1/daily/toy?tz={long}"));
    assert_eq!(r.status, 400);
}

#[test]
fn puzzle_by_id_and_version_errors() {
    let s = start();
    let r = get(s.addr, &format!("/api/v1/puzzles/{SEED_ID}"));
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["id"], SEED_ID);
    assert!(v["epoch_day"].is_null() && v["policy"].is_null());
    assert!(v["puzzle"]["solution"].is_null());
    // Cached: the same answer again.
    assert_eq!(
        get(s.addr, &format!("/api/v1/puzzles/{SEED_ID}")).body,
        r.body
    );
    // g2 is still served, and differs from g3.
    let g2 = get(s.addr, "/api/v1/puzzles/toy:SEED-7-S5-g2").json();
    assert_ne!(g2["digest"], v["digest"]);

    for (id, status, code) in [
        ("toy:SEED-7-S5-g1", 400, "unsupported_version"),
        ("toy:SEED-7-S5-g9", 400, "unsupported_version"),
        ("toy:SEED-7-S99-g3", 400, "invalid_params"),
        ("toy:SEED-7-s5-g3", 400, "invalid_params"),
        ("toy-SEED-7", 400, "malformed_id"),
        ("chess:SEED-7-S5-g1", 404, "unknown_genre"),
    ] {
        let r = get(s.addr, &format!("/api/v1/puzzles/{id}"));
        assert_eq!(
            (r.status, error_code(&r).as_str()),
            (status, code),
            "{id}: {}",
            r.body
        );
    }
    let r = get(s.addr, "/api/v1/puzzles/toy:SEED-7-S5-g1");
    assert!(error_message(&r).contains("retired"), "{}", r.body);
    let long = format!("toy:SEED-7-{}-g3", "A".repeat(300));
    let r = get(s.addr, &format!("/api/v1/puzzles/{long}"));
    assert_eq!((r.status, error_code(&r).as_str()), (400, "malformed_id"));
}

#[test]
fn check_and_hint() {
    let s = start();
    let (_, solved) = toy_board(SEED_ID);
    let r = post(
        s.addr,
        "/api/v1/check",
        &json!({"id": SEED_ID, "state": solved}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.json(),
        json!({"solved": true, "complete": true, "problems": []})
    );
    let r = post(
        s.addr,
        "/api/v1/check",
        &json!({"id": SEED_ID, "state": {"entries": "11..."}}),
    );
    let v = r.json();
    assert_eq!(
        (v["solved"].clone(), v["complete"].clone()),
        (json!(false), json!(false))
    );
    let r = post(
        s.addr,
        "/api/v1/check",
        &json!({"id": SEED_ID, "state": {"entries": "1"}}),
    );
    assert_eq!((r.status, error_code(&r).as_str()), (400, "invalid_state"));
    let r = post(
        s.addr,
        "/api/v1/hint",
        &json!({"id": SEED_ID, "state": {"entries": "....."}}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["kind"], "step");
    let r = post(
        s.addr,
        "/api/v1/hint",
        &json!({"id": SEED_ID, "state": solved}),
    );
    assert_eq!(r.json()["kind"], "solved");
}

#[test]
fn malformed_json_missing_fields_and_oversized_bodies() {
    let s = start();
    let r = request(s.addr, "POST", "/api/v1/check", Some("{\"id\": "));
    assert_eq!((r.status, error_code(&r).as_str()), (400, "bad_request"));
    assert!(error_message(&r).contains("line 1 column"), "{}", r.body);
    let token = new_player(s.addr, "ann");
    let r = authed(
        s.addr,
        &token,
        "POST",
        "/api/v1/scores",
        Some("{\"id\": \"toy:SEED-1-S4-g3\"}"),
    );
    assert_eq!(r.status, 400);
    assert!(error_message(&r).contains("missing field"), "{}", r.body);
    let r = authed(s.addr, &token, "POST", "/api/v1/scores", Some("[1,2]"));
    assert_eq!(r.status, 400);
    let big = format!("{{\"id\": \"{}\"}}", "x".repeat(70 * 1024));
    for path in ["/api/v1/check", "/api/v1/scores", "/api/v1/hint"] {
        let r = authed(s.addr, &token, "POST", path, Some(&big));
        assert_eq!(
            (r.status, error_code(&r).as_str()),
            (413, "payload_too_large"),
            "{path}"
        );
    }
    let r = authed(s.addr, &token, "PUT", "/api/v1/saves", Some(&big));
    assert_eq!(
        (r.status, error_code(&r).as_str()),
        (413, "payload_too_large")
    );
}

#[test]
fn unknown_routes_methods_and_static_note() {
    let s = start();
    let r = get(s.addr, "/api/v1/nothing");
    assert_eq!((r.status, error_code(&r).as_str()), (404, "not_found"));
    let r = request(s.addr, "DELETE", "/api/v1/genres", None);
    assert_eq!(
        (r.status, error_code(&r).as_str()),
        (405, "method_not_allowed")
    );
    let r = get(s.addr, "/");
    assert_eq!(r.status, 200);
    assert!(
        r.body.contains("web directory was not configured"),
        "{}",
        r.body
    );
    let r = get(s.addr, "/app.js");
    assert_eq!(r.status, 404);
}

#[test]
fn static_files_from_the_web_dir() {
    let outer = tempfile::tempdir().unwrap();
    std::fs::write(outer.path().join("secret.txt"), "secret").unwrap();
    let web_path = outer.path().join("web");
    std::fs::create_dir(&web_path).unwrap();
    std::fs::write(web_path.join("index.html"), "<h1>play</h1>").unwrap();
    std::fs::create_dir(web_path.join("pkg")).unwrap();
    std::fs::write(web_path.join("pkg/x.wasm"), b"\0asm").unwrap();
    std::fs::write(web_path.join("data.bin"), b"raw").unwrap();
    std::fs::create_dir(web_path.join("node_modules")).unwrap();
    std::fs::write(web_path.join("node_modules/tool.js"), "tool").unwrap();
    std::fs::write(web_path.join(".env"), "token").unwrap();
    let s = start_with(AppOptions {
        web_dir: Some(web_path.clone()),
        ..AppOptions::default()
    });
    let r = get(s.addr, "/");
    assert_eq!((r.status, r.body.as_str()), (200, "<h1>play</h1>"));
    assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
    let last_modified = r
        .header("last-modified")
        .expect("last-modified")
        .to_string();
    let r = get(s.addr, "/index.html");
    assert_eq!((r.status, r.body.as_str()), (200, "<h1>play</h1>"));
    let r = request(s.addr, "HEAD", "/index.html", None);
    assert_eq!((r.status, r.body.as_str()), (200, ""));
    assert_eq!(r.header("content-length"), Some("13"));
    let r = get(s.addr, "/pkg/x.wasm");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/wasm"));
    // Kinds of files a page is not made of are not served.
    let r = get(s.addr, "/data.bin");
    assert_eq!(r.status, 404);
    assert!(!r.body.contains("raw"));
    assert_eq!(get(s.addr, "/missing.js").status, 404);
    for escape in [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/pkg/../../secret.txt",
    ] {
        let r = get(s.addr, escape);
        assert!(r.status == 404 || r.status == 400, "{escape}: {}", r.status);
        assert!(!r.body.contains("secret"), "{escape}");
    }
    // Development files beside the page are never served.
    for private in ["/node_modules/tool.js", "/.env", "/%2eenv"] {
        let r = get(s.addr, private);
        assert_eq!(r.status, 404, "{private}");
        assert!(
            !r.body.contains("tool") && !r.body.contains("token"),
            "{private}"
        );
    }
    // A directory without its slash is redirected by ServeDir.
    assert_eq!(get(s.addr, "/pkg").status, 307);
    // Conditional requests are answered by ServeDir.
    let raw = format!(
        "GET /index.html HTTP/1.1\r\nHost: x\r\nIf-Modified-Since: {last_modified}\r\nConnection: close\r\n\r\n"
    );
    let mut stream = std::net::TcpStream::connect(s.addr).unwrap();
    std::io::Write::write_all(&mut stream, raw.as_bytes()).unwrap();
    let mut answer = String::new();
    std::io::Read::read_to_string(&mut stream, &mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 304"), "{answer}");
    // An edited file is served fresh once the cached copy is re-checked.
    std::fs::write(web_path.join("index.html"), "<h1>new page</h1>").unwrap();
    std::thread::sleep(
        dayseed_server::static_files::REVALIDATE + std::time::Duration::from_millis(200),
    );
    assert_eq!(get(s.addr, "/").body, "<h1>new page</h1>");
    std::fs::remove_file(web_path.join("index.html")).unwrap();
    std::thread::sleep(
        dayseed_server::static_files::REVALIDATE + std::time::Duration::from_millis(200),
    );
    assert_eq!(get(s.addr, "/").status, 404);
    assert_eq!(
        get(s.addr, "/api/v1/genres").status,
        200,
        "API wins over files"
    );
    let r = get(s.addr, "/api/v1/missing");
    assert_eq!(error_code(&r), "not_found");
}
