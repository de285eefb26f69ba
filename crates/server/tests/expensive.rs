//! Expensive ids cannot starve the server: a bounded generation pool that refuses at once when
//! full, one job per id, a node ceiling, cancellation of abandoned work, and checks that stay
//! fast meanwhile. Over real sockets, with the toy genre's slow seeds (see common/toy.rs).

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::http::{get, post};
use common::toy::{SLOW_NODES_PER_STEP, SLOW_SEEDS};
use common::{start_with, toy_board};
use dayseed_server::AppOptions;
use serde_json::json;

fn slow_id(steps: u64) -> String {
    format!("toy:SEED-{}-S4-g3", SLOW_SEEDS + steps)
}

fn options() -> AppOptions {
    AppOptions {
        generation_workers: 1,
        generation_queue: 1,
        ..AppOptions::default()
    }
}

/// Sends a GET and closes the socket after `after` without reading the answer.
fn abandon(addr: std::net::SocketAddr, path: &str, after: Duration) {
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    stream.set_read_timeout(Some(after)).unwrap();
    let mut buf = [0u8; 1];
    let _ = stream.read(&mut buf);
    drop(stream);
}

fn wait_until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) -> Duration {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "{what} within {limit:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
    start.elapsed()
}

#[test]
fn a_full_queue_is_refused_at_once_and_checks_stay_fast() {
    let s = start_with(options());
    let id = "toy:SEED-5-S5-g3";
    let (_, solved) = toy_board(id);
    assert_eq!(get(s.addr, &format!("/api/v1/puzzles/{id}")).status, 200);
    // One generation runs, one waits (their clients leave after 3 s).
    let addr = s.addr;
    for steps in [3_000, 3_001] {
        let path = format!("/api/v1/puzzles/{}", slow_id(steps));
        std::thread::spawn(move || abandon(addr, &path, Duration::from_secs(3)));
        std::thread::sleep(Duration::from_millis(100));
    }
    wait_until("two generations in flight", Duration::from_secs(5), || {
        s.state.generations_in_flight() == 2
    });
    // A third distinct id is refused at once.
    let started = Instant::now();
    let r = get(s.addr, &format!("/api/v1/puzzles/{}", slow_id(3_002)));
    let refused_in = started.elapsed();
    assert_eq!(r.status, 503, "{}", r.body);
    assert_eq!(r.json()["error"]["code"], "busy");
    assert_eq!(r.header("retry-after"), Some("2"));
    assert!(
        refused_in < Duration::from_secs(2),
        "refused in {refused_in:?}"
    );
    // Meanwhile checks on a cached board are answered apart from the generation pool.
    let mut times = Vec::new();
    for _ in 0..50 {
        let t = Instant::now();
        let r = post(s.addr, "/api/v1/check", &json!({"id": id, "state": solved}));
        times.push(t.elapsed());
        assert_eq!(r.status, 200);
    }
    times.sort();
    eprintln!(
        "POST /check during two expensive generations: p50 {:?}, max {:?} (50 requests)",
        times[25], times[49]
    );
    assert!(times[49] < Duration::from_secs(1), "{times:?}");
    // Abandoned: both jobs stop at their next checkpoint, and the pool is free again.
    let stopped = wait_until("abandoned jobs cancelled", Duration::from_secs(10), || {
        s.state.generations_in_flight() == 0
    });
    eprintln!("both abandoned generations stopped within {stopped:?} of the check run");
    assert_eq!(
        get(s.addr, &format!("/api/v1/puzzles/{}", slow_id(1))).status,
        200
    );
}

#[test]
fn one_job_per_id_then_cached() {
    let s = start_with(options());
    let id = slow_id(100); // about 10^9 nodes
    let addr = s.addr;
    let path = format!("/api/v1/puzzles/{id}");
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let path = path.clone();
            std::thread::spawn(move || get(addr, &path))
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        s.state.generations_in_flight() <= 1,
        "one flight for one id"
    );
    let bodies: Vec<(u16, String)> = handles
        .into_iter()
        .map(|h| {
            let r = h.join().unwrap();
            (r.status, r.body)
        })
        .collect();
    assert!(
        bodies.iter().all(|(st, b)| *st == 200 && *b == bodies[0].1),
        "{bodies:?}"
    );
    let t = Instant::now();
    assert_eq!(get(addr, &path).status, 200);
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "cached: {:?}",
        t.elapsed()
    );
}

#[test]
fn abandoned_work_stops_and_a_ceiling_is_a_422() {
    let s = start_with(options());
    // About 6 * 10^10 nodes: a minute of work if nobody stopped it.
    let id = slow_id(6_000);
    abandon(
        s.addr,
        &format!("/api/v1/puzzles/{id}"),
        Duration::from_millis(300),
    );
    let stopped_in = wait_until("the abandoned job stops", Duration::from_secs(5), || {
        s.state.generations_in_flight() == 0
    });
    eprintln!("abandoned generation stopped {stopped_in:?} after the client left");
    let capped = start_with(AppOptions {
        generation_nodes: 50 * SLOW_NODES_PER_STEP,
        ..options()
    });
    let r = get(capped.addr, &format!("/api/v1/puzzles/{}", slow_id(100)));
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["error"]["code"], "too_expensive");
    assert_eq!(
        get(capped.addr, &format!("/api/v1/puzzles/{}", slow_id(10))).status,
        200
    );
}
