//! Request rates shared by replicas: two servers over one PostgreSQL database count one
//! address's requests in the database, so a burst split across them is cut at the one limit
//! (not twice it). Needs PostgreSQL (fails without it unless DAYSEED_SKIP_PG=1).

mod common;

use std::net::SocketAddr;

use common::http::request;
use common::pg::{TestDb, query_i64};
use common::registry;
use dayseed_server::listen::{ConnectionLimits, serve_connections_with_rates};
use dayseed_server::rates::Rates;
use dayseed_server::{AppOptions, AppState, Store, app};

/// A replica over `db` whose rates are counted where [`Rates::for_store`] puts them.
fn replica(db: &str, limits: ConnectionLimits) -> (SocketAddr, bool) {
    let store = Store::connect(db).expect("open store");
    let rates = Rates::for_store(&store, &limits);
    let shared = rates.is_shared();
    let state = AppState::new(registry(), store, AppOptions::default());
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.set_nonblocking(true).expect("nonblocking");
    let addr = listener.local_addr().expect("addr");
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime");
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).expect("listener");
            serve_connections_with_rates(
                listener,
                app(state),
                limits,
                rates,
                std::future::pending(),
            )
            .await;
        });
    });
    (addr, shared)
}

#[test]
fn a_burst_split_across_two_replicas_meets_one_limit() {
    let Some(db) = TestDb::create() else { return };
    // One request a second after a burst of 9: ten at once, then one a second.
    let limits = ConnectionLimits {
        requests_per_second: 1,
        request_burst: 9,
        ..ConnectionLimits::default()
    };
    let (a, shared_a) = replica(&db.url, limits);
    let (b, shared_b) = replica(&db.url, limits);
    assert!(
        shared_a && shared_b,
        "PostgreSQL replicas share their rate counters"
    );
    let mut answers = Vec::new();
    for i in 0..40 {
        let addr = if i % 2 == 0 { a } else { b };
        let r = request(addr, "GET", "/healthz", None);
        if r.status == 429 {
            assert_eq!(r.json()["error"]["code"], "too_many_requests", "{}", r.body);
            let wait: u64 = r
                .header("retry-after")
                .expect("Retry-After")
                .parse()
                .unwrap();
            assert!((1..=10).contains(&wait), "Retry-After {wait}");
        } else {
            assert_eq!(r.status, 200, "{}", r.body);
        }
        answers.push((i % 2, r.status));
    }
    let passed = |replica: usize| {
        answers
            .iter()
            .filter(|(k, s)| *k == replica && *s == 200)
            .count()
    };
    let total = passed(0) + passed(1);
    // Ten at once; at most one more if a second went by during the test. Counted per replica
    // the pair would have let 20 through.
    assert!((10..=11).contains(&total), "{total} passed: {answers:?}");
    assert!(
        passed(0) >= 5 && passed(1) >= 5,
        "both replicas served: {answers:?}"
    );
    assert!(
        answers[..10].iter().all(|(_, s)| *s == 200),
        "the burst passes: {answers:?}"
    );
    assert!(
        answers.iter().filter(|(k, s)| *k == 0 && *s == 429).count() > 0
            && answers.iter().filter(|(k, s)| *k == 1 && *s == 429).count() > 0,
        "both replicas refuse past the shared limit: {answers:?}"
    );
    // One row for the one address, in the database.
    assert_eq!(query_i64(&db.url, "SELECT COUNT(*) FROM request_rates"), 1);
}

#[test]
fn sqlite_keeps_its_rate_in_memory() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::connect(&dir.path().join("r.sqlite").display().to_string()).unwrap();
    assert!(!Rates::for_store(&store, &ConnectionLimits::default()).is_shared());
}
