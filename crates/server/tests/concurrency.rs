//! 200 players submit at once over real sockets: exactly 200 entries, every one acknowledged.

mod common;

use common::http::{authed, new_player, new_session};
use common::{start, toy_board};

#[test]
fn two_hundred_concurrent_submissions_are_all_stored() {
    let s = start();
    let id = "toy:SEED-11-S6-g3";
    let (digest, solved) = toy_board(id);
    let addr = s.addr;
    let players: Vec<(String, String)> = (0..200)
        .map(|i| {
            let token = new_player(addr, &format!("p{i}"));
            let session = new_session(addr, &token, id);
            (token, session)
        })
        .collect();
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(200));
    let handles: Vec<_> = players
        .into_iter()
        .map(|(token, session)| {
            let body = serde_json::json!({"session": session, "state": solved});
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                barrier.wait();
                authed(
                    addr,
                    &token,
                    "POST",
                    "/api/v1/scores",
                    Some(&body.to_string()),
                )
                .status
            })
        })
        .collect();
    let statuses: Vec<u16> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert!(statuses.iter().all(|&s| s == 201), "{statuses:?}");
    let key = format!("toy:{digest}");
    assert_eq!(s.state.store().score_rows(&key).unwrap(), 200);
    // A second connection to the file sees the same committed rows.
    let other = dayseed_server::Store::connect(&s.db).unwrap();
    assert_eq!(other.score_rows(&key).unwrap(), 200);
    let board = common::http::get(addr, &format!("/api/v1/leaderboard/{id}?limit=100")).json();
    let entries = board["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 100);
    let ranks: Vec<u64> = entries
        .iter()
        .map(|e| e["rank"].as_u64().unwrap())
        .collect();
    assert_eq!(ranks, (1..=100).collect::<Vec<u64>>());
}
