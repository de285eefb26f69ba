//! Leaderboards nobody can forge and saves only their owner can touch, over real sockets with a
//! real database file: each test answers one finding of the trust review (issue 16).

mod common;

use std::time::Duration;

use common::http::{Response, authed, get, new_player, new_session, post, request};
use common::{start, start_with, toy_board};
use dayseed_core::Version;
use dayseed_server::AppOptions;
use dayseed_server::handlers::scores::NETWORK_ALLOWANCE_MS;
use dayseed_server::policy::{LeaderboardPolicy, Rule};
use dayseed_server::store::now_ms;
use serde_json::{Value, json};

const SEED_ID: &str = "toy:SEED-7-S5-g3";

fn code(r: &Response) -> String {
    r.json()["error"]["code"].as_str().unwrap_or("").to_string()
}

fn message(r: &Response) -> String {
    r.json()["error"]["message"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

fn today() -> i64 {
    now_ms().div_euclid(86_400_000)
}

fn score(s: &common::Server, token: &str, body: &Value) -> Response {
    authed(
        s.addr,
        token,
        "POST",
        "/api/v1/scores",
        Some(&body.to_string()),
    )
}

#[test]
fn players_get_a_secret_token_and_unique_clean_names() {
    let s = start();
    let r = post(s.addr, "/api/v1/players", &json!({"name": "Zoe\u{0308}"}));
    assert_eq!(r.status, 201, "{}", r.body);
    let v = r.json();
    assert_eq!(v["name"], "Zoë", "stored in NFC");
    let token = v["token"].as_str().unwrap().to_string();
    assert!(token.starts_with("dst_") && token.len() == 68, "{token}");
    let me = authed(s.addr, &token, "GET", "/api/v1/players/me", None);
    assert_eq!((me.status, me.json()["name"].clone()), (200, json!("Zoë")));
    // Names are unique without regard to case or normal form.
    for taken in ["Zoë", "ZOË", "zoe\u{0308}"] {
        let r = post(s.addr, "/api/v1/players", &json!({"name": taken}));
        assert_eq!(
            (r.status, code(&r).as_str()),
            (409, "name_taken"),
            "{taken}"
        );
    }
    for bad in [
        "ann\u{202E}olleh",
        "a\u{200B}b",
        "p\u{0430}ypal",
        "",
        " ann",
        "a\tb",
    ] {
        let r = post(s.addr, "/api/v1/players", &json!({"name": bad}));
        assert_eq!((r.status, code(&r).as_str()), (422, "rejected"), "{bad:?}");
    }
    // The token is stored hashed: the database never holds it.
    if let Some(path) = s.sqlite_path() {
        let db = std::fs::read(&path).unwrap_or_default();
        let wal = std::fs::read(path.with_extension("sqlite-wal")).unwrap_or_default();
        let needle = token.as_bytes();
        for bytes in [db, wal] {
            assert!(
                !bytes.windows(needle.len()).any(|w| w == needle),
                "token stored in clear"
            );
        }
    } else {
        let sql =
            format!("SELECT COUNT(*) FROM players WHERE strpos(name || token_hash, '{token}') > 0");
        assert_eq!(
            common::pg::query_i64(&s.db, &sql),
            0,
            "token stored in clear"
        );
    }
    // A guest (no name yet) can be renamed later; names stay unique.
    let r = post(s.addr, "/api/v1/players", &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
    assert!(r.json()["name"].as_str().unwrap().starts_with("guest-"));
    let guest = r.json()["token"].as_str().unwrap().to_string();
    let rename = |name: &str| {
        authed(
            s.addr,
            &guest,
            "PUT",
            "/api/v1/players/me",
            Some(&json!({"name": name}).to_string()),
        )
    };
    assert_eq!(rename("zoë").status, 409);
    assert_eq!(rename("a\u{202E}b").status, 422);
    let r = rename("Ann");
    assert_eq!((r.status, r.json()["name"].clone()), (200, json!("Ann")));
    let r = request(s.addr, "GET", "/api/v1/players/me", None);
    assert_eq!((r.status, code(&r).as_str()), (401, "unauthorized"));
    assert!(r.header("www-authenticate").unwrap().starts_with("Bearer"));
    let forged = format!("dst_{}", "0".repeat(64));
    let r = authed(s.addr, &forged, "GET", "/api/v1/players/me", None);
    assert_eq!(r.status, 401);
    let r = authed(s.addr, "nonsense", "GET", "/api/v1/players/me", None);
    assert_eq!(r.status, 401);
    assert!(message(&r).contains("malformed"), "{}", r.body);
}

#[test]
fn scores_need_the_players_token_and_session() {
    let s = start();
    let (digest, solved) = toy_board(SEED_ID);
    let ann = new_player(s.addr, "ann");
    let eve = new_player(s.addr, "eve");
    let session = new_session(s.addr, &ann, SEED_ID);
    let body = json!({"session": session, "state": solved, "digest": digest});
    // Without a token, or with another player's: refused, nothing filed.
    let r = post(s.addr, "/api/v1/scores", &body);
    assert_eq!((r.status, code(&r).as_str()), (401, "unauthorized"));
    let r = score(&s, &eve, &body);
    assert_eq!((r.status, code(&r).as_str()), (404, "not_found"));
    let key = format!("toy:{digest}");
    assert_eq!(s.state.store().score_rows(&key).unwrap(), 0);
    // The old body shape (a name and the client's time) is refused by name.
    let r = score(
        &s,
        &ann,
        &json!({"id": SEED_ID, "digest": digest, "state": solved, "elapsed_ms": 1,
                "player": "ann"}),
    );
    assert_eq!(r.status, 400);
    assert!(
        message(&r).contains("player") || message(&r).contains("session"),
        "{}",
        r.body
    );
    let r = score(&s, &ann, &body);
    assert_eq!(r.status, 201, "{}", r.body);
    let v = r.json();
    assert_eq!(
        (v["accepted"].clone(), v["rank"].clone()),
        (json!(true), json!(1))
    );
    // Identical submissions keep one entry per player.
    for _ in 0..3 {
        let r = score(&s, &ann, &body);
        assert_eq!(
            (r.status, r.json()["improved"].clone()),
            (201, json!(false))
        );
    }
    assert_eq!(s.state.store().score_rows(&key).unwrap(), 1);
    let board = get(s.addr, &format!("/api/v1/leaderboard/{SEED_ID}")).json();
    assert_eq!(board["entries"].as_array().unwrap().len(), 1);
    assert_eq!(board["entries"][0]["player"], "ann");
}

#[test]
fn the_time_is_the_servers_and_a_client_figure_only_shaves_the_allowance() {
    let s = start();
    let (_, solved) = toy_board(SEED_ID);
    let ann = new_player(s.addr, "ann");
    let session = new_session(s.addr, &ann, SEED_ID);
    let wait = NETWORK_ALLOWANCE_MS + 600;
    std::thread::sleep(Duration::from_millis(wait as u64));
    let r = score(
        &s,
        &ann,
        &json!({"session": session, "state": solved, "elapsed_ms": 1}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let filed = r.json()["elapsed_ms"].as_i64().unwrap();
    assert!(filed >= wait - NETWORK_ALLOWANCE_MS, "filed {filed} ms");
    // Starting again does not reset the clock: the same session comes back.
    let body = json!({"id": SEED_ID}).to_string();
    let r = authed(s.addr, &ann, "POST", "/api/v1/sessions", Some(&body));
    assert_eq!(
        (r.status, r.json()["session"].clone()),
        (200, json!(session))
    );
    let board = get(s.addr, &format!("/api/v1/leaderboard/{SEED_ID}")).json();
    assert!(board["entries"][0]["elapsed_ms"].as_i64().unwrap() >= wait - NETWORK_ALLOWANCE_MS);
}

#[test]
fn hints_are_recorded_and_rank_below_hint_free_solves() {
    let s = start();
    let (_, solved) = toy_board(SEED_ID);
    let slow = new_player(s.addr, "slow");
    let quick = new_player(s.addr, "quick");
    let slow_session = new_session(s.addr, &slow, SEED_ID);
    std::thread::sleep(Duration::from_millis(300));
    let quick_session = new_session(s.addr, &quick, SEED_ID);
    // quick asks the server for a hint within the session, and reports one computed locally.
    let hint = json!({"id": SEED_ID, "state": {"entries": "....."}, "session": quick_session});
    let r = authed(
        s.addr,
        &quick,
        "POST",
        "/api/v1/hint",
        Some(&hint.to_string()),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = authed(
        s.addr,
        &quick,
        "POST",
        &format!("/api/v1/sessions/{quick_session}/hints"),
        None,
    );
    assert_eq!((r.status, r.json()["hints"].clone()), (200, json!(2)));
    // Nobody else can count hints into a session, and a hint naming a session needs its owner.
    let r = authed(
        s.addr,
        &slow,
        "POST",
        &format!("/api/v1/sessions/{quick_session}/hints"),
        None,
    );
    assert_eq!(r.status, 404);
    let r = post(s.addr, "/api/v1/hint", &hint);
    assert_eq!(r.status, 401);
    let r = score(
        &s,
        &quick,
        &json!({"session": quick_session, "state": solved}),
    );
    assert_eq!(
        (r.status, r.json()["hints"].clone()),
        (201, json!(2)),
        "{}",
        r.body
    );
    assert_eq!(r.json()["rank"], 1);
    let r = score(
        &s,
        &slow,
        &json!({"session": slow_session, "state": solved}),
    );
    assert_eq!(r.json()["rank"], 1, "hint-free ranks first though slower");
    let v = get(
        s.addr,
        &format!("/api/v1/leaderboard/{SEED_ID}?player=quick"),
    )
    .json();
    let rows: Vec<(Value, Value)> = v["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["player"].clone(), e["hints"].clone()))
        .collect();
    assert_eq!(
        rows,
        [(json!("slow"), json!(0)), (json!("quick"), json!(2))]
    );
    assert_eq!(v["player_rank"], 2);
}

#[test]
fn scores_rejected_with_reasons() {
    let s = start();
    let (digest, solved) = toy_board(SEED_ID);
    let ann = new_player(s.addr, "ann");
    let session = new_session(s.addr, &ann, SEED_ID);
    let base = json!({"session": session, "id": SEED_ID, "digest": digest, "state": solved});
    let with = |key: &str, value: Value| {
        let mut b = base.clone();
        b[key] = value;
        score(&s, &ann, &b)
    };
    let cases = [
        ("digest", json!("0".repeat(64)), "does not match"),
        ("state", json!({"entries": "12345"}), "does not solve"),
        ("state", json!({"entries": "1"}), "does not fit"),
        ("elapsed_ms", json!(0), "elapsed_ms"),
        ("elapsed_ms", json!(8 * 24 * 3_600_000i64), "seven days"),
        ("id", json!("toy:SEED-8-S5-g3"), "is for"),
    ];
    for (key, value, why) in cases {
        let r = with(key, value.clone());
        assert_eq!(
            (r.status, code(&r).as_str()),
            (422, "rejected"),
            "{key}={value}: {}",
            r.body
        );
        assert!(message(&r).contains(why), "{key}: {}", r.body);
    }
    let r = with("session", json!("nope"));
    assert_eq!((r.status, code(&r).as_str()), (400, "bad_request"));
    let r = with("session", json!("0".repeat(32)));
    assert_eq!((r.status, code(&r).as_str()), (404, "not_found"));
    let r = with("elapsed_ms", json!(1.5));
    assert_eq!((r.status, code(&r).as_str()), (400, "bad_request"));
    // Sessions only for released versions.
    for (id, why) in [("toy:SEED-7-S5-g1", "retired"), ("toy:SEED-7-S5-g7", "")] {
        let r = authed(
            s.addr,
            &ann,
            "POST",
            "/api/v1/sessions",
            Some(&json!({"id": id}).to_string()),
        );
        assert!(r.status == 422 || r.status == 400, "{id}: {}", r.body);
        assert!(message(&r).contains(why), "{id}: {}", r.body);
    }
    assert_eq!(score(&s, &ann, &base).status, 201);
}

#[test]
fn no_future_or_closed_dailies() {
    let s = start();
    let ann = new_player(s.addr, "ann");
    let start_on = |day: i64| {
        let id = format!("toy:DAILY-utc-v1-{day}-S4-g3");
        authed(
            s.addr,
            &ann,
            "POST",
            "/api/v1/sessions",
            Some(&json!({"id": id}).to_string()),
        )
    };
    for day in [today() + 2, 2_932_896] {
        let r = start_on(day);
        assert_eq!(
            (r.status, code(&r).as_str()),
            (422, "rejected"),
            "{}",
            r.body
        );
        assert!(message(&r).contains("not begun"), "{}", r.body);
    }
    let r = start_on(today() - 30);
    assert_eq!(r.status, 422);
    assert!(message(&r).contains("closed"), "{}", r.body);
    assert_eq!(start_on(today()).status, 201);
    assert_eq!(start_on(today() - 1).status, 201);
}

#[test]
fn one_board_one_leaderboard_across_day_policies() {
    let s = start();
    let day = today();
    let utc = format!("toy:DAILY-utc-v1-{day}-S4-g3");
    let local = format!("toy:DAILY-device-local-v1-{day}-S4-g3");
    let (digest, solved) = toy_board(&utc);
    assert_eq!(toy_board(&local).0, digest, "the same board");
    let ann = new_player(s.addr, "ann");
    let bob = new_player(s.addr, "bob");
    for (token, id) in [(&ann, &utc), (&bob, &local)] {
        let session = new_session(s.addr, token, id);
        let r = score(&s, token, &json!({"session": session, "state": solved}));
        assert_eq!(r.status, 201, "{}", r.body);
    }
    // ann cannot start a second clock on the same board under the other id.
    let r = authed(
        s.addr,
        &ann,
        "POST",
        "/api/v1/sessions",
        Some(&json!({"id": local}).to_string()),
    );
    assert_eq!((r.status, r.json()["id"].clone()), (200, json!(utc)));
    for id in [&utc, &local] {
        let v = get(s.addr, &format!("/api/v1/leaderboard/{id}")).json();
        assert_eq!(v["board"], format!("toy:{digest}"));
        let mut who: Vec<(String, String)> = v["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["player"].as_str().unwrap().into(),
                    e["id"].as_str().unwrap().into(),
                )
            })
            .collect();
        who.sort();
        assert_eq!(
            who,
            [("ann".into(), utc.clone()), ("bob".into(), local.clone())]
        );
    }
}

#[test]
fn leaderboard_policy_per_genre_and_day() {
    let day = today();
    let rule = Rule {
        genre: "toy",
        first_day: day,
        last_day: day,
        accept: &[Version(3)],
        reason: "g2 closed for this test day",
    };
    let s = start_with(AppOptions {
        policy: LeaderboardPolicy::with_rules(vec![rule]),
        ..AppOptions::default()
    });
    let ann = new_player(s.addr, "ann");
    let start_on = |id: &str| {
        authed(
            s.addr,
            &ann,
            "POST",
            "/api/v1/sessions",
            Some(&json!({"id": id}).to_string()),
        )
    };
    let r = start_on(&format!("toy:DAILY-utc-v1-{day}-S4-g2"));
    assert_eq!((r.status, code(&r).as_str()), (422, "rejected"));
    assert!(
        message(&r).contains("g3") && message(&r).contains("closed"),
        "{}",
        r.body
    );
    assert_eq!(
        start_on(&format!("toy:DAILY-utc-v1-{day}-S4-g3")).status,
        201
    );
    // The day before has no rule: the default (current and supported) applies.
    assert_eq!(
        start_on(&format!("toy:DAILY-utc-v1-{}-S4-g2", day - 1)).status,
        201
    );
}

#[test]
fn saves_are_owned_bound_to_their_board_and_leak_no_solution() {
    let s = start();
    let record = common::registry().generate(SEED_ID).unwrap();
    let ann = new_player(s.addr, "ann");
    let eve = new_player(s.addr, "eve");
    let save = json!({"schema": 2, "id": SEED_ID, "board": record.puzzle,
                      "digest": record.digest, "progress": {"entries": "....."}});
    let put = |token: &str, body: &Value| {
        authed(
            s.addr,
            token,
            "PUT",
            "/api/v1/saves",
            Some(&body.to_string()),
        )
    };
    let r = request(s.addr, "PUT", "/api/v1/saves", Some(&save.to_string()));
    assert_eq!(r.status, 401, "no token, no save");
    let r = put(&ann, &save);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.json(),
        json!({"saved": true, "id": SEED_ID, "migration": "none", "version": 1})
    );
    let path = format!("/api/v1/saves?id={SEED_ID}");
    let r = authed(s.addr, &ann, "GET", &path, None);
    assert_eq!(r.status, 200, "{}", r.body);
    let got = r.json();
    assert_eq!(got["progress"], save["progress"]);
    assert_eq!(got["digest"], record.digest.as_str());
    assert!(got["board"]["solution"].is_null(), "no solution: {got}");
    assert!(
        !r.body.contains(record.puzzle["solution"].as_str().unwrap()),
        "{}",
        r.body
    );
    // Nobody else reads or overwrites it.
    let r = authed(s.addr, &eve, "GET", &path, None);
    assert_eq!(r.status, 404);
    let r = request(s.addr, "GET", &path, None);
    assert_eq!(r.status, 401);
    let mut newer = save.clone();
    newer["progress"] = json!({"entries": "1...."});
    assert_eq!(put(&eve, &newer).status, 200, "eve's own copy");
    assert_eq!(
        authed(s.addr, &ann, "GET", &path, None).json()["progress"],
        save["progress"]
    );
    // A self-consistent save of another board under this id is refused.
    let other = common::registry().generate("toy:SEED-8-S5-g3").unwrap();
    let mut swapped = save.clone();
    swapped["board"] = other.puzzle.clone();
    swapped["digest"] = json!(other.digest);
    let r = put(&ann, &swapped);
    assert_eq!(
        (r.status, code(&r).as_str()),
        (422, "rejected"),
        "{}",
        r.body
    );
    assert!(message(&r).contains("not the board"), "{}", r.body);
    // Progress must be a state of the board, and small.
    for progress in [json!({"junk": [1, 2, 3]}), json!({"entries": "1"})] {
        let mut bad = save.clone();
        bad["progress"] = progress.clone();
        let r = put(&ann, &bad);
        assert_eq!(r.status, 422, "{progress}: {}", r.body);
    }
    let mut big = save.clone();
    big["progress"] = json!("x".repeat(20_000));
    let r = put(&ann, &big);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(message(&r).contains("bytes"), "{}", r.body);
    // v1 saves are still migrated (here to a legacy id: toy's g1 is retired).
    let v1 = json!({"genre": "toy", "board": record.puzzle, "entries": "....."});
    let r = put(&ann, &v1);
    assert_eq!(
        (r.status, r.json()["migration"].clone()),
        (200, json!("legacy")),
        "{}",
        r.body
    );
    let legacy_id = r.json()["id"].as_str().unwrap().to_string();
    assert_eq!(legacy_id, format!("toy:legacy-{}", record.digest));
    let stored = authed(
        s.addr,
        &ann,
        "GET",
        &format!("/api/v1/saves?id={legacy_id}"),
        None,
    );
    assert_eq!(stored.json()["progress"], ".....");
    assert!(stored.json()["board"]["solution"].is_null());
    let mut tampered = save.clone();
    tampered["digest"] = json!("0".repeat(64));
    for bad in [
        tampered,
        json!({"schema": 9, "id": SEED_ID}),
        json!({"schema": 2, "id": SEED_ID}),
        json!("text"),
    ] {
        let r = put(&ann, &bad);
        assert_eq!(
            (r.status, code(&r).as_str()),
            (400, "invalid_save"),
            "{bad}"
        );
    }
    let r = authed(s.addr, &ann, "GET", "/api/v1/saves", None);
    assert_eq!(r.status, 400, "id is required");
}

#[test]
fn saves_have_a_quota_per_player() {
    let s = start();
    let ann = new_player(s.addr, "ann");
    let max = dayseed_server::handlers::saves::MAX_SAVES_PER_PLAYER;
    let registry = common::registry();
    let mut last = None;
    for seed in 0..=max {
        let id = format!("toy:SEED-{seed}-S4-g3");
        let record = registry.generate(&id).unwrap();
        let save = json!({"schema": 2, "id": id, "board": record.puzzle,
                          "digest": record.digest, "progress": {"entries": "...."}});
        let r = authed(
            s.addr,
            &ann,
            "PUT",
            "/api/v1/saves",
            Some(&save.to_string()),
        );
        last = Some(r.status);
        if seed < max {
            assert_eq!(r.status, 200, "{seed}: {}", r.body);
        }
    }
    assert_eq!(last, Some(429));
}
