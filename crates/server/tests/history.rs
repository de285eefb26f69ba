//! A player's own score history (`GET /api/v1/players/me/scores`), over real sockets and a real
//! database (SQLite, or PostgreSQL with `DAYSEED_TEST_DB=postgres`): what a page on another
//! device reads to rebuild the player's statistics.

mod common;

use common::http::{Response, authed, get, new_player, new_session};
use common::{start, toy_board};
use dayseed_server::store::now_ms;
use serde_json::{Value, json};

fn today() -> i64 {
    now_ms().div_euclid(86_400_000)
}

/// Solves `id` as `token`'s player; returns the filed answer.
fn solve(s: &common::Server, token: &str, id: &str) -> Value {
    let (_, solved) = toy_board(id);
    let session = new_session(s.addr, token, id);
    let body = json!({"session": session, "state": solved}).to_string();
    let r = authed(s.addr, token, "POST", "/api/v1/scores", Some(&body));
    assert_eq!(r.status, 201, "{id}: {}", r.body);
    r.json()
}

fn mine(s: &common::Server, token: &str, query: &str) -> Response {
    authed(
        s.addr,
        token,
        "GET",
        &format!("/api/v1/players/me/scores{query}"),
        None,
    )
}

fn ids(page: &Value) -> Vec<String> {
    page["scores"]
        .as_array()
        .expect("scores")
        .iter()
        .map(|e| e["id"].as_str().expect("id").to_string())
        .collect()
}

#[test]
fn a_player_reads_their_own_filed_results_with_day_or_seed() {
    let s = start();
    let ann = new_player(s.addr, "ann");
    let bob = new_player(s.addr, "bob");
    let daily = format!("toy:DAILY-utc-v1-{}-S4-g3", today());
    let seeded = "toy:SEED-7-S5-g3";
    let filed = solve(&s, &ann, &daily);
    solve(&s, &ann, seeded);
    solve(&s, &bob, seeded);

    let r = mine(&s, &ann, "");
    assert_eq!(r.status, 200, "{}", r.body);
    let page = r.json();
    assert_eq!(page["player"], "ann");
    assert_eq!(ids(&page), [daily.clone(), seeded.to_string()]);
    assert_eq!(page["next_after"], Value::Null);
    let first = &page["scores"][0];
    assert_eq!(first["score_id"], filed["score_id"]);
    assert_eq!(first["elapsed_ms"], filed["elapsed_ms"]);
    assert_eq!(
        (
            first["source"].as_str(),
            first["policy"].as_str(),
            first["day"].as_i64()
        ),
        (Some("daily"), Some("utc-v1"), Some(today()))
    );
    assert_eq!(first["digest"], toy_board(&daily).0);
    assert_eq!(first["genre"], "toy");
    assert_eq!(first["hints"], 0);
    assert!(first["date"].as_str().unwrap().len() == 10, "{first}");
    assert!(first["submitted_at"].as_str().unwrap().ends_with('Z'));
    let second = &page["scores"][1];
    assert_eq!(
        (second["source"].as_str(), second["seed"].as_str()),
        (Some("seed"), Some("7"))
    );
    assert!(second.get("day").is_none(), "{second}");

    // bob sees only his own.
    assert_eq!(ids(&mine(&s, &bob, "").json()), [seeded]);
    // A genre filter; an unknown genre is named.
    assert_eq!(ids(&mine(&s, &ann, "?genre=toy").json()).len(), 2);
    assert_eq!(ids(&mine(&s, &ann, "?genre=sudoku").json()).len(), 0);
    let r = mine(&s, &ann, "?genre=nope");
    assert_eq!(r.status, 404, "{}", r.body);
    assert!(r.body.contains("nope"), "{}", r.body);
}

#[test]
fn pages_follow_the_score_ids_and_are_bounded() {
    let s = start();
    let ann = new_player(s.addr, "ann");
    let boards: Vec<String> = (1..=5).map(|n| format!("toy:SEED-{n}-S4-g3")).collect();
    for id in &boards {
        solve(&s, &ann, id);
    }
    let mut seen = Vec::new();
    let mut after = 0;
    let mut pages = 0;
    loop {
        let page = mine(&s, &ann, &format!("?limit=2&after={after}")).json();
        pages += 1;
        let got = ids(&page);
        assert!(got.len() <= 2, "{page}");
        seen.extend(got);
        match page["next_after"].as_i64() {
            Some(next) => {
                assert!(next > after);
                after = next;
            }
            None => break,
        }
        assert!(pages < 10, "paging does not end");
    }
    assert_eq!(seen, boards);
    assert_eq!(pages, 3);
    // Solving the first board again (even better) keeps its place: no entry twice.
    solve(&s, &ann, &boards[0]);
    assert_eq!(ids(&mine(&s, &ann, "").json()), boards);

    for bad in [
        "?limit=0",
        "?limit=501",
        "?after=-1",
        "?limit=x",
        "?extra=1",
    ] {
        let r = mine(&s, &ann, bad);
        assert_eq!(r.status, 400, "{bad}: {}", r.body);
    }
    assert_eq!(mine(&s, &ann, "?limit=500").status, 200);
}

#[test]
fn the_history_needs_the_players_token() {
    let s = start();
    let r = get(s.addr, "/api/v1/players/me/scores");
    assert_eq!(r.status, 401, "{}", r.body);
    let r = mine(&s, "dst_not-a-token", "");
    assert_eq!(r.status, 401, "{}", r.body);
    // A new player has an empty history.
    let cat = new_player(s.addr, "cat");
    let page = mine(&s, &cat, "").json();
    assert_eq!(
        (page["scores"].clone(), page["next_after"].clone()),
        (json!([]), Value::Null)
    );
}
