//! 200 concurrent score submissions over real sockets: exactly 200 rows, every one acknowledged.

mod common;

use common::http::post;
use common::{start, toy_board};

#[test]
fn two_hundred_concurrent_submissions_are_all_stored() {
    let s = start();
    let id = "toy:SEED-11-S6-g3";
    let (digest, solved) = toy_board(id);
    let addr = s.addr;
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(200));
    let handles: Vec<_> = (0..200)
        .map(|i| {
            let body = serde_json::json!({"id": id, "digest": digest, "state": solved,
                                          "elapsed_ms": 1000 + i, "player": format!("p{i}")});
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                barrier.wait();
                post(addr, "/api/v1/scores", &body).status
            })
        })
        .collect();
    let statuses: Vec<u16> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert!(statuses.iter().all(|&s| s == 201), "{statuses:?}");
    assert_eq!(s.state.store().score_rows(id).unwrap(), 200);
    // A second connection to the file sees the same committed rows.
    let other = dayseed_server::Store::open(&s.db).unwrap();
    assert_eq!(other.score_rows(id).unwrap(), 200);
    let board = common::http::get(addr, &format!("/api/v1/leaderboard/{id}?limit=100")).json();
    let first = &board["entries"][0];
    assert_eq!(
        (first["player"].as_str(), first["rank"].as_u64()),
        (Some("p0"), Some(1))
    );
    assert_eq!(board["entries"][99]["player"], "p99");
}
