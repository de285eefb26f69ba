//! Every genre of the real catalog through the API: the daily has an id and digest but no
//! answer; for genres whose solved state the test knows, check says solved and a score is taken.

mod common;

use common::http::{get, post};
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
    let catalog = dayseed_catalog::registry();
    for genre in catalog.genres() {
        let name = genre.name();
        let r = get(s.addr, &format!("/api/v1/daily/{name}?date=2026-08-06"));
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
        let r = post(
            s.addr,
            "/api/v1/scores",
            &json!({"id": id, "digest": record.digest, "state": state, "elapsed_ms": 90000,
                    "player": "catalog"}),
        );
        assert_eq!(r.status, 201, "{name}: {}", r.body);
        let r = post(s.addr, "/api/v1/hint", &json!({"id": id, "state": state}));
        if genre.capabilities().hint {
            assert_eq!(r.status, 200, "{name}: {}", r.body);
        }
    }
}
