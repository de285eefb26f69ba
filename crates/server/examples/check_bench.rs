//! Per-request cost of `POST /api/v1/check` and `POST /api/v1/hint` on a cached board, in
//! process (the router driven with `tower::ServiceExt::oneshot`, no sockets), for the four logic
//! genres. Each board is generated once (the first request warms the server's board cache), then
//! `N` requests are timed per round; the median over `ROUNDS` rounds is printed in microseconds
//! per request. Run through `bench/check-bench.sh`, which builds it in release mode.
//!
//! ```text
//! check_bench [N] [ROUNDS]      defaults: 2000 requests, 5 rounds
//! ```

use std::time::Instant;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use dayseed_server::{AppOptions, AppState, Store, app};
use serde_json::{Value, json};
use tower::ServiceExt;

/// One board per logic genre and a state that solves it (the board's own answer).
const IDS: &[&str] = &[
    "sudoku:SEED-7-MEDIUM-g2",
    "slitherlink:SEED-7-10x10-L6-g1",
    "lightsout:SEED-7-S7-g1",
    "starlink:SEED-7-NORMAL-g3",
];

/// The solving state of a board, from the answer it carries.
fn solved_state(genre: &str, puzzle: &Value) -> Value {
    match genre {
        "sudoku" => json!({ "entries": puzzle["solution"] }),
        "slitherlink" => puzzle["solution"].clone(),
        "lightsout" => json!({ "presses": puzzle["presses"] }),
        "starlink" => json!({ "lines": puzzle["solution"] }),
        other => panic!("no state for {other}"),
    }
}

async fn post(router: &axum::Router, path: &str, body: &str) -> StatusCode {
    let request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .expect("request");
    let response = router.clone().oneshot(request).await.expect("response");
    let status = response.status();
    axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("body");
    status
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).map_or(2000, |s| s.parse().expect("N"));
    let rounds: usize = args.get(2).map_or(5, |s| s.parse().expect("ROUNDS"));
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("bench.sqlite");
    let store = Store::connect(db.to_str().expect("utf-8 path")).expect("store");
    let registry = dayseed_catalog::registry();
    let state = AppState::new(dayseed_catalog::registry(), store, AppOptions::default());
    let router = app(state);
    println!("{:12} {:>10} {:>10}", "genre", "check us", "hint us");
    for id in IDS {
        let record = registry.generate(id).expect("board generates");
        let state = solved_state(record.genre, &record.puzzle);
        let check = json!({ "id": id, "state": state }).to_string();
        let hint = json!({ "id": id, "state": { } }).to_string();
        let hint = if record.genre == "sudoku" {
            json!({ "id": id, "state": { "entries": ".".repeat(81) } }).to_string()
        } else if record.genre == "slitherlink" {
            let empty = |rows: &Value| -> Value {
                rows.as_array()
                    .expect("rows")
                    .iter()
                    .map(|r| Value::from(".".repeat(r.as_str().expect("row").len())))
                    .collect()
            };
            let sol = &record.puzzle["solution"];
            json!({ "id": id, "state": { "h": empty(&sol["h"]), "v": empty(&sol["v"]) } })
                .to_string()
        } else if record.genre == "lightsout" {
            json!({ "id": id, "state": { "presses": [] } }).to_string()
        } else if record.genre == "starlink" {
            json!({ "id": id, "state": { "lines": [] } }).to_string()
        } else {
            hint
        };
        assert_eq!(post(&router, "/api/v1/check", &check).await, StatusCode::OK);
        assert_eq!(post(&router, "/api/v1/hint", &hint).await, StatusCode::OK);
        let mut checks = Vec::new();
        let mut hints = Vec::new();
        for _ in 0..rounds {
            let start = Instant::now();
            for _ in 0..n {
                post(&router, "/api/v1/check", &check).await;
            }
            checks.push(start.elapsed().as_secs_f64() * 1e6 / n as f64);
            let start = Instant::now();
            for _ in 0..n / 4 {
                post(&router, "/api/v1/hint", &hint).await;
            }
            hints.push(start.elapsed().as_secs_f64() * 1e6 / (n / 4).max(1) as f64);
        }
        println!(
            "{:12} {:>10.1} {:>10.1}",
            record.genre,
            median(checks),
            median(hints)
        );
    }
}
