//! Every endpoint over real HTTP on loopback with a real database file (toy genre).

mod common;

use common::http::{get, post, request};
use common::{start, start_with, toy_board};
use dayseed_core::Version;
use dayseed_server::AppOptions;
use dayseed_server::policy::{LeaderboardPolicy, Rule};
use serde_json::{Value, json};

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
    let r = request(
        s.addr,
        "POST",
        "/api/v1/scores",
        Some("{\"id\": \"toy:SEED-1-S4-g3\"}"),
    );
    assert_eq!(r.status, 400);
    assert!(error_message(&r).contains("missing field"), "{}", r.body);
    let r = request(s.addr, "POST", "/api/v1/scores", Some("[1,2]"));
    assert_eq!(r.status, 400);
    let big = format!("{{\"id\": \"{}\"}}", "x".repeat(70 * 1024));
    for path in ["/api/v1/check", "/api/v1/scores", "/api/v1/hint"] {
        let r = request(s.addr, "POST", path, Some(&big));
        assert_eq!(
            (r.status, error_code(&r).as_str()),
            (413, "payload_too_large"),
            "{path}"
        );
    }
    let r = request(s.addr, "PUT", "/api/v1/saves/ann", Some(&big));
    assert_eq!(
        (r.status, error_code(&r).as_str()),
        (413, "payload_too_large")
    );
}

#[test]
fn scores_accepted_ranked_and_listed() {
    let s = start();
    let (digest, solved) = toy_board(SEED_ID);
    let submit = |player: &str, ms: i64| {
        post(
            s.addr,
            "/api/v1/scores",
            &json!({"id": SEED_ID, "digest": digest, "state": solved, "elapsed_ms": ms,
                    "player": player}),
        )
    };
    let r = submit("ann", 5000);
    assert_eq!(r.status, 201, "{}", r.body);
    let v = r.json();
    assert_eq!(
        (v["accepted"].clone(), v["rank"].clone()),
        (json!(true), json!(1))
    );
    assert!(v["score_id"].as_i64().unwrap() > 0);
    assert_eq!(submit("bob", 3000).json()["rank"], 1);
    assert_eq!(submit("Zoë", 4000).json()["rank"], 2);
    assert_eq!(
        submit("ann", 9000).json()["rank"],
        3,
        "ann's best stays 5000"
    );

    let r = get(
        s.addr,
        &format!("/api/v1/leaderboard/{SEED_ID}?limit=2&player=ann"),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["id"], SEED_ID);
    let entries = v["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0]["player"], "bob");
    assert_eq!(entries[0]["rank"], 1);
    assert_eq!(entries[0]["elapsed_ms"], 3000);
    assert!(entries[0]["submitted_at"].as_str().unwrap().ends_with('Z'));
    assert_eq!(entries[1]["player"], "Zoë");
    assert_eq!(v["player_rank"], 3);
    let v = get(s.addr, &format!("/api/v1/leaderboard/{SEED_ID}")).json();
    assert_eq!(v["entries"].as_array().unwrap().len(), 3);
    assert!(v.get("player_rank").is_none());
    let v = get(
        s.addr,
        &format!("/api/v1/leaderboard/{SEED_ID}?player=nobody"),
    )
    .json();
    assert!(v.get("player_rank").is_none());
    assert_eq!(s.state.store().score_rows(SEED_ID).unwrap(), 4);

    for q in ["limit=0", "limit=101", "limit=x", "player=", "sort=asc"] {
        let r = get(s.addr, &format!("/api/v1/leaderboard/{SEED_ID}?{q}"));
        assert_eq!(
            (r.status, error_code(&r).as_str()),
            (400, "bad_request"),
            "{q}"
        );
    }
    let r = get(s.addr, "/api/v1/leaderboard/nonsense");
    assert_eq!((r.status, error_code(&r).as_str()), (400, "malformed_id"));
}

#[test]
fn scores_rejected_with_reasons() {
    let s = start();
    let (digest, solved) = toy_board(SEED_ID);
    let base = json!({"id": SEED_ID, "digest": digest, "state": solved, "elapsed_ms": 1000,
                      "player": "ann"});
    let with = |key: &str, value: Value| {
        let mut b = base.clone();
        b[key] = value;
        post(s.addr, "/api/v1/scores", &b)
    };
    let cases = [
        ("digest", json!("0".repeat(64)), "does not match"),
        ("state", json!({"entries": "12345"}), "does not solve"),
        ("state", json!({"entries": "1"}), "does not fit"),
        ("player", json!(""), "player name"),
        ("player", json!("x".repeat(33)), "player name"),
        ("player", json!("a\tb"), "non-printable"),
        ("elapsed_ms", json!(0), "elapsed_ms"),
        ("elapsed_ms", json!(8 * 24 * 3_600_000i64), "seven days"),
        ("id", json!("toy:SEED-7-S5-g1"), "retired"),
        ("id", json!("toy:SEED-7-S5-g7"), "not released"),
    ];
    for (key, value, why) in cases {
        let r = with(key, value.clone());
        assert_eq!(
            (r.status, error_code(&r).as_str()),
            (422, "rejected"),
            "{key}={value}: {}",
            r.body
        );
        assert!(error_message(&r).contains(why), "{key}: {}", r.body);
    }
    // The right solution for another board is "not solved" here, whatever the state looks like.
    let r = with("state", json!({"entries": "11111"}));
    assert_eq!(r.status, 422);
    let r = with("id", json!("chess:SEED-7-S5-g1"));
    assert_eq!((r.status, error_code(&r).as_str()), (404, "unknown_genre"));
    let r = with("elapsed_ms", json!(1.5));
    assert_eq!((r.status, error_code(&r).as_str()), (400, "bad_request"));
    assert_eq!(
        s.state.store().score_rows(SEED_ID).unwrap(),
        0,
        "nothing stored"
    );
    assert_eq!(with("player", json!("ann")).status, 201);
}

#[test]
fn leaderboard_policy_per_genre_and_day() {
    let rule = Rule {
        genre: "toy",
        first_day: 20671,
        last_day: 20671,
        accept: &[Version(3)],
        reason: "g2 closed for this test day",
    };
    let s = start_with(AppOptions {
        policy: LeaderboardPolicy::with_rules(vec![rule]),
        ..AppOptions::default()
    });
    let submit = |id: &str| {
        let (digest, solved) = toy_board(id);
        post(
            s.addr,
            "/api/v1/scores",
            &json!({"id": id, "digest": digest, "state": solved, "elapsed_ms": 1000,
                    "player": "ann"}),
        )
    };
    let r = submit("toy:DAILY-utc-v1-20671-S4-g2");
    assert_eq!((r.status, error_code(&r).as_str()), (422, "rejected"));
    let m = error_message(&r);
    assert!(
        m.contains("2026-08-06") && m.contains("g3") && m.contains("closed"),
        "{m}"
    );
    assert_eq!(submit("toy:DAILY-utc-v1-20671-S4-g3").status, 201);
    // The next day has no rule: the default (current and supported) applies.
    assert_eq!(submit("toy:DAILY-utc-v1-20672-S4-g2").status, 201);
    assert_eq!(submit("toy:DAILY-device-local-v1-20671-S4-g2").status, 422);
}

#[test]
fn saves_round_trip_and_migrate() {
    let s = start();
    let record = common::registry().generate(SEED_ID).unwrap();
    let save = json!({"schema": 2, "id": SEED_ID, "board": record.puzzle,
                      "digest": record.digest, "progress": {"entries": "....."}});
    let r = request(s.addr, "PUT", "/api/v1/saves/ann", Some(&save.to_string()));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.json(),
        json!({"saved": true, "id": SEED_ID, "migration": "none"})
    );
    let r = get(s.addr, &format!("/api/v1/saves/ann?id={SEED_ID}"));
    assert_eq!(r.status, 200);
    assert_eq!(r.json(), save);
    // Overwrite keeps one save per (player, id).
    let mut newer = save.clone();
    newer["progress"] = json!({"entries": "1...."});
    assert_eq!(
        request(s.addr, "PUT", "/api/v1/saves/ann", Some(&newer.to_string())).status,
        200
    );
    assert_eq!(
        get(s.addr, &format!("/api/v1/saves/ann?id={SEED_ID}")).json(),
        newer
    );
    let r = get(s.addr, &format!("/api/v1/saves/bob?id={SEED_ID}"));
    assert_eq!((r.status, error_code(&r).as_str()), (404, "not_found"));
    let r = get(s.addr, "/api/v1/saves/ann");
    assert_eq!(r.status, 400, "id is required");

    // v1 with a provable id is promoted to g1; toy's g1 is retired, so it is filed as legacy.
    let v1 = json!({"genre": "toy", "board": record.puzzle, "entries": "....."});
    let r = request(s.addr, "PUT", "/api/v1/saves/ann", Some(&v1.to_string()));
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["migration"], "legacy");
    let legacy_id = v["id"].as_str().unwrap().to_string();
    assert_eq!(legacy_id, format!("toy:legacy-{}", record.digest));
    let stored = get(s.addr, &format!("/api/v1/saves/ann?id={legacy_id}")).json();
    assert_eq!(stored["schema"], 2);
    assert_eq!(stored["progress"], ".....");

    let mut tampered = save.clone();
    tampered["digest"] = json!("0".repeat(64));
    for bad in [
        tampered,
        json!({"schema": 9, "id": SEED_ID}),
        json!({"schema": 2, "id": SEED_ID}),
        json!("text"),
    ] {
        let r = request(s.addr, "PUT", "/api/v1/saves/ann", Some(&bad.to_string()));
        assert_eq!(
            (r.status, error_code(&r).as_str()),
            (400, "invalid_save"),
            "{bad}"
        );
    }
    let r = request(s.addr, "PUT", "/api/v1/saves/ann", Some("{not json"));
    assert_eq!((r.status, error_code(&r).as_str()), (400, "invalid_save"));
    let r = request(
        s.addr,
        "PUT",
        &format!("/api/v1/saves/{}", "x".repeat(40)),
        Some("{}"),
    );
    assert_eq!((r.status, error_code(&r).as_str()), (400, "bad_request"));
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
    // Types the cache does not know go through ServeDir.
    let r = get(s.addr, "/data.bin");
    assert_eq!((r.status, r.body.as_str()), (200, "raw"));
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
