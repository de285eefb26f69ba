//! PostgreSQL-only behaviour: migrations, idempotent and concurrent imports, races between two
//! stores ("replicas") on one database, and a database that drops its connections.
//!
//! These always use PostgreSQL (each test its own fresh database); they fail when it is missing
//! unless DAYSEED_SKIP_PG=1.

mod common;

use std::sync::Arc;

use common::pg::{TestDb, execute, query_i64};
use common::registry;
use dayseed_server::store::{ArchiveRow, NewScore, SaveWrite};
use dayseed_server::{Store, import_into};

fn line(id: &str) -> String {
    registry().generate(id).unwrap().to_flat_json().to_string()
}

#[test]
fn migrations_are_recorded_and_a_newer_schema_is_refused() {
    let Some(db) = TestDb::create() else { return };
    let store = Store::connect(&db.url).unwrap();
    assert_eq!(store.backend(), "postgres");
    store.ready().unwrap();
    drop(store);
    // Reopening applies nothing twice.
    drop(Store::connect(&db.url).unwrap());
    let versions = query_i64(&db.url, "SELECT COUNT(*) FROM schema_version");
    let known = dayseed_server::store::postgres::MIGRATIONS.len() as i64;
    assert_eq!(versions, known);
    execute(&db.url, "INSERT INTO schema_version (version) VALUES (99)").unwrap();
    let err = Store::connect(&db.url).err().expect("refused").to_string();
    assert!(err.contains("schema version 99"), "{err}");
    assert!(err.contains(&format!("knows up to {known}")), "{err}");
}

#[test]
fn concurrent_imports_add_each_board_once() {
    let Some(db) = TestDb::create() else { return };
    let ids: Vec<String> = (1..=24).map(|i| format!("toy:SEED-{i}-S5-g3")).collect();
    // Four "shards" whose files overlap (each has its own part and half of the next one's).
    let files: Vec<String> = (0..4)
        .map(|k| {
            let own = &ids[k * 6..k * 6 + 6];
            let next = &ids[((k + 1) % 4) * 6..((k + 1) % 4) * 6 + 3];
            own.iter()
                .chain(next)
                .map(|id| line(id))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect();
    let url = Arc::new(db.url.clone());
    let threads: Vec<_> = files
        .clone()
        .into_iter()
        .map(|text| {
            let url = url.clone();
            std::thread::spawn(move || {
                let store = Store::connect(&url).unwrap();
                import_into(&store, &registry(), text.as_bytes()).unwrap()
            })
        })
        .collect();
    let summaries: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    let imported: u64 = summaries.iter().map(|s| s.imported).sum();
    let duplicates: u64 = summaries.iter().map(|s| s.duplicates).sum();
    assert_eq!(imported, 24, "{summaries:?}");
    assert_eq!(duplicates, 12, "{summaries:?}");
    assert_eq!(query_i64(&db.url, "SELECT COUNT(*) FROM archive"), 24);
    // The same file again adds nothing.
    let store = Store::connect(&db.url).unwrap();
    let again = import_into(&store, &registry(), files[0].as_bytes()).unwrap();
    assert_eq!((again.imported, again.duplicates), (0, 9));
    // Another digest under an archived id is an error naming both digests.
    let record = registry().generate(&ids[0]).unwrap();
    let forged = ArchiveRow {
        id: ids[0].clone(),
        genre: "toy".into(),
        size: None,
        difficulty: None,
        version: "g3".into(),
        params: "S5".into(),
        digest: "f".repeat(64),
        puzzle: "{}".into(),
    };
    let err = store.insert_archive(&[forged]).unwrap_err().to_string();
    assert!(
        err.contains(&record.digest) && err.contains(&"f".repeat(64)),
        "{err}"
    );
    assert!(err.contains(&ids[0]), "{err}");
}

#[test]
fn best_per_player_holds_when_two_replicas_race() {
    let Some(db) = TestDb::create() else { return };
    let a = Store::connect(&db.url).unwrap();
    let b = Store::connect(&db.url).unwrap();
    let ann = a.create_player("ann", "ann", "h-ann").unwrap().unwrap();
    assert_eq!(b.player_by_token("h-ann").unwrap().unwrap().player_id, ann);
    let score = move |ms: i64| NewScore {
        board_key: "toy:d".into(),
        player_id: ann,
        puzzle_id: "toy:SEED-1-S4-g3".into(),
        genre: "toy".into(),
        version: "g3".into(),
        digest: "d".into(),
        session_id: "s".into(),
        elapsed_ms: ms,
        hints: 0,
        arcade: None,
        rank_value: ms,
    };
    let threads: Vec<_> = [a.clone(), b.clone()]
        .into_iter()
        .enumerate()
        .map(|(k, store)| {
            std::thread::spawn(move || {
                for i in 0..100i64 {
                    // Interleaved times; the best of all is 1000 - 99*5 - 1 = 504 (k = 1).
                    store.upsert_score(&score(1000 - i * 5 - k as i64)).unwrap();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    assert_eq!(a.score_rows("toy:d").unwrap(), 1);
    let (top, rank) = b.leaderboard("toy:d", 10, Some(ann)).unwrap();
    assert_eq!((top.len(), top[0].elapsed_ms, rank), (1, 504, Some(1)));
    // Quotas hold across replicas: 40 concurrent saves of new ids under a quota of 10.
    let threads: Vec<_> = (0..40)
        .map(|i| {
            let store = if i % 2 == 0 { a.clone() } else { b.clone() };
            std::thread::spawn(move || {
                let written = store.put_save_versioned(ann, &format!("x{i}"), "{}", None, 10);
                matches!(written.unwrap(), SaveWrite::Saved(_))
            })
        })
        .collect();
    let kept = threads.into_iter().map(|t| t.join().unwrap());
    assert_eq!(kept.filter(|k| *k).count(), 10);
    assert_eq!(query_i64(&db.url, "SELECT COUNT(*) FROM player_saves"), 10);
}

#[test]
fn a_dropped_database_connection_is_a_503_then_recovers() {
    let Some(s) = common::start_postgres() else {
        return;
    };
    let token = common::http::new_player(s.addr, "ann");
    let path = "/api/v1/saves?id=toy:SEED-1-S4-g3";
    assert_eq!(
        common::http::authed(s.addr, &token, "GET", path, None).status,
        404
    );
    let name = s.db.rsplit('/').next().unwrap().to_string();
    let kill = format!(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = '{name}' AND pid <> pg_backend_pid()"
    );
    let admin = common::pg::admin_url();
    for round in 0..2 {
        // The database goes away: no new connections, and the open ones are cut.
        execute(
            &admin,
            &format!("ALTER DATABASE {name} WITH ALLOW_CONNECTIONS false"),
        )
        .unwrap();
        execute(&admin, &kill).unwrap();
        for _ in 0..3 {
            let r = common::http::authed(s.addr, &token, "GET", path, None);
            assert_eq!(r.status, 503, "round {round}: {}", r.body);
            assert_eq!(
                r.json()["error"]["code"],
                "database_unavailable",
                "{}",
                r.body
            );
            assert!(r.header("retry-after").is_some());
        }
        // It comes back: the same server answers again without a restart.
        execute(
            &admin,
            &format!("ALTER DATABASE {name} WITH ALLOW_CONNECTIONS true"),
        )
        .unwrap();
        let mut answered = None;
        for _ in 0..100 {
            let r = common::http::authed(s.addr, &token, "GET", path, None);
            if r.status != 503 {
                answered = Some(r.status);
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert_eq!(answered, Some(404), "round {round}: no recovery");
    }
    // Cut connections alone (the database stays up): the pool replaces them.
    execute(&admin, &kill).unwrap();
    let mut statuses = Vec::new();
    for _ in 0..5 {
        statuses.push(common::http::authed(s.addr, &token, "GET", path, None).status);
    }
    assert!(
        statuses.iter().all(|&st| st == 404 || st == 503),
        "{statuses:?}"
    );
    assert_eq!(statuses.last(), Some(&404), "{statuses:?}");
}
