//! kill -9 during score submissions: after a restart on the same database, every score the
//! server acknowledged with 201 is there.

mod serve_common;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use serve_common::http::{authed, get, new_player, new_session, try_request_with};
use serve_common::{TempDir, serve, solved};

const THREADS: usize = 8;
const PER_THREAD: usize = 250;
const KILL_AFTER_ACKS: usize = 150;

#[test]
fn acknowledged_scores_survive_kill_9() {
    let dir = TempDir::new("crash");
    let db = dir.0.join("scores.sqlite");
    let genre = serve_common::genre();
    let id = serve_common::seeded_id(genre, 99);
    let (digest, state) = solved(&id);

    let mut server = serve(&db);
    let addr = server.addr;
    let acked = Arc::new(Mutex::new(Vec::<String>::new()));
    let ack_count = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let workers: Vec<_> = (0..THREADS)
        .map(|t| {
            let (acked, ack_count, stop) = (acked.clone(), ack_count.clone(), stop.clone());
            let (id, digest, state) = (id.clone(), digest.clone(), state.clone());
            std::thread::spawn(move || {
                for i in 0..PER_THREAD {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let player = format!("t{t}-{i}");
                    // A player and a session first; the score is what the kill may interrupt.
                    let Ok(token) = std::panic::catch_unwind(|| new_player(addr, &player)) else {
                        break; // the server is gone
                    };
                    let Ok(session) = std::panic::catch_unwind(|| new_session(addr, &token, &id))
                    else {
                        break;
                    };
                    let body = serde_json::json!({"session": session, "digest": digest,
                        "state": state});
                    let body = body.to_string();
                    let bearer = format!("Bearer {token}");
                    match try_request_with(
                        addr,
                        "POST",
                        "/api/v1/scores",
                        Some(body.as_bytes()),
                        &[("Authorization", &bearer)],
                    ) {
                        Ok(r) if r.status == 201 => {
                            acked.lock().unwrap().push(player);
                            ack_count.fetch_add(1, Ordering::SeqCst);
                        }
                        Ok(r) => panic!("unexpected answer {}: {}", r.status, r.body),
                        Err(_) => break, // the server is gone
                    }
                }
            })
        })
        .collect();
    // Kill once enough scores are acknowledged (or when the workers are done, whichever first).
    while ack_count.load(Ordering::SeqCst) < KILL_AFTER_ACKS
        && !workers.iter().all(|w| w.is_finished())
    {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    server.child.kill().expect("kill -9");
    server.child.wait().expect("reap");
    stop.store(true, Ordering::SeqCst);
    for w in workers {
        w.join().expect("worker");
    }
    let acked = acked.lock().unwrap().clone();
    eprintln!(
        "{} of {} planned submissions acknowledged before kill -9",
        acked.len(),
        THREADS * PER_THREAD
    );
    assert!(acked.len() >= KILL_AFTER_ACKS.min(THREADS * PER_THREAD));
    assert!(
        acked.len() < THREADS * PER_THREAD,
        "the kill landed mid-way ({} acknowledged)",
        acked.len()
    );

    let server = serve(&db);
    for player in &acked {
        let r = get(
            server.addr,
            &format!("/api/v1/leaderboard/{id}?limit=1&player={player}"),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        assert!(
            r.json()["player_rank"].as_u64().is_some(),
            "acknowledged score of {player} lost after kill -9"
        );
    }
    // The restarted server takes new scores on the same file.
    let token = new_player(server.addr, "after-restart");
    let session = new_session(server.addr, &token, &id);
    let body = serde_json::json!({"session": session, "digest": digest, "state": state});
    let r = authed(
        server.addr,
        &token,
        "POST",
        "/api/v1/scores",
        Some(&body.to_string()),
    );
    assert_eq!(r.status, 201, "{}", r.body);
}
