//! Every genre of the real catalog through the API: the daily has an id and digest but no
//! answer; for genres whose solved state the test knows, check says solved and a score is taken.

mod common;

use common::http::{authed, get, new_player, new_session, post};
use common::start;
use serde_json::{Value, json};

/// A state that solves `record`'s board, for genres whose state format this test knows.
fn solved_state(genre: &str, puzzle: &Value) -> Option<Value> {
    match genre {
        "sudoku" => Some(json!({ "entries": puzzle["solution"] })),
        "lightsout" => Some(json!({ "presses": puzzle["presses"] })),
        _ => None,
    }
}

#[test]
fn every_catalog_genre_serves_dailies_without_answers() {
    let s = start();
    let token = new_player(s.addr, "catalog");
    let catalog = dayseed_catalog::registry();
    for genre in catalog.genres() {
        let name = genre.name();
        // Today's daily (UTC): its leaderboard is open.
        let r = get(s.addr, &format!("/api/v1/daily/{name}"));
        assert_eq!(r.status, 200, "{name}: {}", r.body);
        let view = r.json();
        let id = view["id"].as_str().expect("id").to_string();
        let record = catalog.generate(&id).expect("regenerates");
        assert_eq!(view["digest"], record.digest.as_str(), "{name}");
        let public = genre.without_solution(&record.puzzle).expect("public view");
        assert_eq!(view["puzzle"], public, "{name}: exactly the public puzzle");
        assert!(view["puzzle"].get("solution").is_none(), "{name}");

        let Some(state) = solved_state(name, &record.puzzle) else {
            continue;
        };
        let r = post(s.addr, "/api/v1/check", &json!({"id": id, "state": state}));
        assert_eq!(r.json()["solved"], true, "{name}: {}", r.body);
        let session = new_session(s.addr, &token, &id);
        let body = json!({"session": session, "digest": record.digest, "state": state});
        let r = authed(
            s.addr,
            &token,
            "POST",
            "/api/v1/scores",
            Some(&body.to_string()),
        );
        assert_eq!(r.status, 201, "{name}: {}", r.body);
        let r = post(s.addr, "/api/v1/hint", &json!({"id": id, "state": state}));
        if genre.capabilities().hint {
            assert_eq!(r.status, 200, "{name}: {}", r.body);
        }
    }
}
