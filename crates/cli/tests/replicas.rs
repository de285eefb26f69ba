//! Stateless replicas: three real `dayseed serve` processes over one PostgreSQL database.
//!
//! Phase 1 spreads players, sessions, scores and saves across the three (each player's steps on
//! different replicas, so a session started on one is scored on another) and checks every
//! leaderboard and save read from every replica agrees. Phase 2 goes on with more load and
//! `kill -9`s one replica in the middle: every write acknowledged by any replica is then read
//! back from both survivors, and the survivors answered every request they were sent.
//!
//! Needs PostgreSQL (see `serve_common::pg`): fails when it is missing unless DAYSEED_SKIP_PG=1.

mod serve_common;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use serve_common::http::{Response, try_request_with};
use serve_common::{pg, serve_db, solved};

const PLAYERS: usize = 600;
const THREADS: usize = 6;
const KILL_AFTER: usize = 100;

fn call(
    addr: SocketAddr,
    token: Option<&str>,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> std::io::Result<Response> {
    let bearer = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = bearer
        .as_deref()
        .map(|b| vec![("Authorization", b)])
        .unwrap_or_default();
    let body = body.map(|b| b.to_string());
    try_request_with(
        addr,
        method,
        path,
        body.as_deref().map(str::as_bytes),
        &headers,
    )
}

/// What one player's run left acknowledged.
#[derive(Default)]
struct Acked {
    scores: Vec<String>,
    saves: Vec<(String, String)>,
}

/// One player's run: create on replica `i`, session on `i+1`, score on `i+2`, save on `i`.
/// A request that meets a killed replica goes to the next live one, as a load balancer would
/// route it. The run ends unacknowledged (`false`) only when a retried player creation finds
/// that the first attempt had committed (the token went down with the replica); any other
/// failure, and any connection failure of a live replica, fails the test.
fn play(
    addrs: &[SocketAddr],
    dead: &[AtomicBool],
    i: usize,
    board: &(String, String, Value),
    acked: &Mutex<Acked>,
) -> bool {
    let (id, digest, state) = board;
    let name = format!("p{i}");
    let step = |k: usize, token: Option<&str>, method: &str, path: &str, body: Option<&Value>| {
        for hop in 0..addrs.len() {
            let r = (i + k + hop) % addrs.len();
            if dead[r].load(Ordering::SeqCst) {
                continue;
            }
            match call(addrs[r], token, method, path, body) {
                Ok(resp) => return (resp, hop > 0),
                Err(_) if dead[r].load(Ordering::SeqCst) => continue,
                Err(e) => panic!("replica {r} (alive) failed {method} {path}: {e}"),
            }
        }
        panic!("no replica left for {method} {path}");
    };
    let (r, retried) = step(
        0,
        None,
        "POST",
        "/api/v1/players",
        Some(&json!({"name": name})),
    );
    if retried && r.status == 409 {
        return false;
    }
    assert_eq!(r.status, 201, "player {name}: {}", r.body);
    let token = r.json()["token"].as_str().unwrap().to_string();
    let (r, _) = step(
        1,
        Some(&token),
        "POST",
        "/api/v1/sessions",
        Some(&json!({"id": id})),
    );
    assert!(
        r.status == 201 || r.status == 200,
        "session of {name}: {}",
        r.body
    );
    let session = r.json()["session"].as_str().unwrap().to_string();
    let score = json!({"session": session, "digest": digest, "state": state});
    let (r, _) = step(2, Some(&token), "POST", "/api/v1/scores", Some(&score));
    assert_eq!(r.status, 201, "score of {name}: {}", r.body);
    acked.lock().unwrap().scores.push(name.clone());
    let puzzle = dayseed_catalog::registry()
        .generate(id)
        .expect("board")
        .puzzle;
    let save = json!({"schema": 2, "id": id, "board": puzzle, "digest": digest,
                      "progress": state});
    let (r, _) = step(0, Some(&token), "PUT", "/api/v1/saves", Some(&save));
    assert_eq!(r.status, 200, "save of {name}: {}", r.body);
    acked.lock().unwrap().saves.push((name, token));
    true
}

fn run_phase(
    addrs: &[SocketAddr],
    dead: &Arc<Vec<AtomicBool>>,
    players: std::ops::Range<usize>,
    board: &(String, String, Value),
    acked: &Arc<Mutex<Acked>>,
    done: &Arc<AtomicUsize>,
) -> Vec<std::thread::JoinHandle<()>> {
    let all: Vec<usize> = players.collect();
    let chunk = all.len().div_ceil(THREADS);
    all.chunks(chunk)
        .map(|part| {
            let part = part.to_vec();
            let (addrs, dead, board) = (addrs.to_vec(), dead.clone(), board.clone());
            let (acked, done) = (acked.clone(), done.clone());
            std::thread::spawn(move || {
                for i in part {
                    play(&addrs, &dead, i, &board, &acked);
                    done.fetch_add(1, Ordering::SeqCst);
                }
            })
        })
        .collect()
}

fn leaderboard(addr: SocketAddr, id: &str) -> Value {
    let r = call(
        addr,
        None,
        "GET",
        &format!("/api/v1/leaderboard/{id}?limit=100"),
        None,
    )
    .expect("leaderboard");
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

fn rank_of(addr: SocketAddr, id: &str, player: &str) -> Option<u64> {
    let path = format!("/api/v1/leaderboard/{id}?limit=1&player={player}");
    let r = call(addr, None, "GET", &path, None).expect("leaderboard");
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()["player_rank"].as_u64()
}

fn save_of(addr: SocketAddr, id: &str, token: &str) -> Value {
    let r = call(
        addr,
        Some(token),
        "GET",
        &format!("/api/v1/saves?id={id}"),
        None,
    )
    .expect("save");
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

#[test]
fn three_replicas_agree_and_survive_a_kill_9() {
    let Some(db) = pg::TestDb::create() else {
        return;
    };
    let mut replicas: Vec<_> = (0..3).map(|_| serve_db(&db.url)).collect();
    let addrs: Vec<SocketAddr> = replicas.iter().map(|r| r.addr).collect();
    let genre = serve_common::genre();
    let id = serve_common::seeded_id(genre, 4242);
    let (digest, state) = solved(&id);
    let board = (id.clone(), digest, state);
    let dead: Arc<Vec<AtomicBool>> = Arc::new((0..3).map(|_| AtomicBool::new(false)).collect());
    let acked = Arc::new(Mutex::new(Acked::default()));
    let done = Arc::new(AtomicUsize::new(0));

    // Phase 1: all three alive.
    let half = PLAYERS / 2;
    for w in run_phase(&addrs, &dead, 0..half, &board, &acked, &done) {
        w.join().expect("worker");
    }
    {
        let a = acked.lock().unwrap();
        assert_eq!(
            a.scores.len(),
            half,
            "every score acknowledged with all replicas up"
        );
        assert_eq!(a.saves.len(), half);
        let first = leaderboard(addrs[0], &id);
        assert_eq!(first["entries"].as_array().unwrap().len(), 100);
        for &addr in &addrs[1..] {
            assert_eq!(
                leaderboard(addr, &id),
                first,
                "leaderboards differ between replicas"
            );
        }
        for (k, player) in a.scores.iter().enumerate() {
            let ranks: Vec<Option<u64>> = addrs
                .iter()
                .map(|&addr| rank_of(addr, &id, player))
                .collect();
            assert!(ranks[0].is_some(), "{player} has no rank");
            assert!(ranks.iter().all(|r| *r == ranks[0]), "{player}: {ranks:?}");
            // Saves: every replica returns the same document (a third of them, to keep it short).
            if k % 3 == 0 {
                let (_, token) = &a.saves[k];
                let saves: Vec<Value> = addrs
                    .iter()
                    .map(|&addr| save_of(addr, &id, token))
                    .collect();
                assert!(
                    saves.iter().all(|s| *s == saves[0]),
                    "saves differ: {saves:?}"
                );
            }
        }
    }

    // Phase 2: kill -9 replica 2 after KILL_AFTER more players are through.
    let start = done.load(Ordering::SeqCst);
    let workers = run_phase(&addrs, &dead, half..PLAYERS, &board, &acked, &done);
    while done.load(Ordering::SeqCst) < start + KILL_AFTER
        && !workers.iter().all(|w| w.is_finished())
    {
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    dead[2].store(true, Ordering::SeqCst);
    replicas[2].child.kill().expect("kill -9");
    replicas[2].child.wait().expect("reap");
    let killed_at = done.load(Ordering::SeqCst) - start;
    for w in workers {
        w.join().expect("a surviving replica failed a request");
    }
    let a = acked.lock().unwrap();
    eprintln!(
        "kill -9 after {killed_at} of {} phase-2 players; {} scores and {} saves acknowledged in all",
        PLAYERS - half,
        a.scores.len(),
        a.saves.len()
    );
    assert!(killed_at < PLAYERS - half, "the kill landed mid-load");
    // The survivors carried the rest: at most one run per worker thread was lost with the kill.
    assert!(
        a.scores.len() + THREADS >= PLAYERS,
        "{} of {PLAYERS} scores acknowledged",
        a.scores.len()
    );
    let survivors = &addrs[..2];
    for player in &a.scores {
        for &addr in survivors {
            assert!(
                rank_of(addr, &id, player).is_some(),
                "acknowledged score of {player} missing on {addr}"
            );
        }
    }
    for (name, token) in &a.saves {
        for &addr in survivors {
            let save = save_of(addr, &id, token);
            assert_eq!(save["digest"], json!(board.1), "save of {name} on {addr}");
        }
    }
    let first = leaderboard(survivors[0], &id);
    assert_eq!(leaderboard(survivors[1], &id), first);
    let rows = pg::query_i64(&db.url, "SELECT COUNT(*) FROM scores") as usize;
    assert!(
        rows >= a.scores.len(),
        "{rows} rows, {} acknowledged",
        a.scores.len()
    );
}
