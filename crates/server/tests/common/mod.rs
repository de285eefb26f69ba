//! Test harness: the real app on a loopback socket, a real database (a SQLite file in a temp dir,
//! or with `DAYSEED_TEST_DB=postgres` a fresh PostgreSQL database, see [`pg`]), and a registry of
//! the catalog's genres plus the toy genre.

#![allow(dead_code)]

pub mod http;
pub mod pg;
pub mod toy;

use std::net::SocketAddr;

use dayseed_core::{DynGenre, Registry};
use dayseed_server::listen::{ConnectionLimits, serve_connections};
use dayseed_server::{AppOptions, AppState, Store, app};

/// A running server.
pub struct Server {
    pub addr: SocketAddr,
    pub state: AppState,
    /// The `--db` value of its database (a SQLite path or a PostgreSQL URL).
    pub db: String,
    pub dir: tempfile::TempDir,
    /// The PostgreSQL database, dropped with the server.
    pub pg: Option<pg::TestDb>,
}

impl Server {
    /// The SQLite file, when the server runs on SQLite.
    pub fn sqlite_path(&self) -> Option<std::path::PathBuf> {
        self.pg.is_none().then(|| self.db.clone().into())
    }
}

/// A fresh database for one server: its `--db` value, and the PostgreSQL database to drop.
/// With `DAYSEED_TEST_DB=postgres` and `DAYSEED_SKIP_PG=1` on a machine without PostgreSQL, the
/// suite falls back to SQLite (saying so).
pub fn fresh_db(dir: &std::path::Path) -> (String, Option<pg::TestDb>) {
    if pg::selected()
        && let Some(db) = pg::TestDb::create()
    {
        return (db.url.clone(), Some(db));
    }
    (dir.join("dayseed.sqlite").display().to_string(), None)
}

/// The catalog's genres plus `toy`.
pub fn registry() -> Registry {
    let mut genres: Vec<&'static dyn DynGenre> = dayseed_catalog::registry().genres().to_vec();
    genres.push(&toy::TOY);
    Registry::new(genres)
}

/// Starts the app with default options.
pub fn start() -> Server {
    start_with(AppOptions::default())
}

/// Starts the app on 127.0.0.1 with a fresh database; it runs until the test process exits.
/// Every request comes from one address here, so the request-rate limit is off (the tests of
/// that limit use [`start_with_limits`]).
pub fn start_with(options: AppOptions) -> Server {
    start_with_limits(
        options,
        ConnectionLimits {
            requests_per_second: 0,
            ..ConnectionLimits::default()
        },
    )
}

/// [`start_with`] under the given connection limits (the production accept loop).
pub fn start_with_limits(options: AppOptions, limits: ConnectionLimits) -> Server {
    let dir = tempfile::tempdir().expect("temp dir");
    let (db, pg) = fresh_db(dir.path());
    start_on(options, limits, dir, db, pg)
}

/// Starts the app on a fresh SQLite database whatever `DAYSEED_TEST_DB` says (for tests that
/// reach into the database file itself).
pub fn start_sqlite() -> Server {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("dayseed.sqlite").display().to_string();
    let limits = ConnectionLimits {
        requests_per_second: 0,
        ..ConnectionLimits::default()
    };
    start_on(AppOptions::default(), limits, dir, db, None)
}

/// Starts the app on a fresh PostgreSQL database whatever `DAYSEED_TEST_DB` says; `None` when
/// PostgreSQL is missing and `DAYSEED_SKIP_PG=1` (else the test fails, saying why).
pub fn start_postgres() -> Option<Server> {
    let dir = tempfile::tempdir().expect("temp dir");
    let pg = pg::TestDb::create()?;
    let db = pg.url.clone();
    Some(start_on(
        AppOptions::default(),
        ConnectionLimits::default(),
        dir,
        db,
        Some(pg),
    ))
}

/// Another server (a second replica) over an existing database `db`; the database is not
/// dropped with it.
pub fn start_replica(db: &str) -> Server {
    let limits = ConnectionLimits {
        requests_per_second: 0,
        ..ConnectionLimits::default()
    };
    let dir = tempfile::tempdir().expect("temp dir");
    start_on(AppOptions::default(), limits, dir, db.to_string(), None)
}

fn start_on(
    options: AppOptions,
    limits: ConnectionLimits,
    dir: tempfile::TempDir,
    db: String,
    pg: Option<pg::TestDb>,
) -> Server {
    let store = Store::connect(&db).expect("open store");
    let state = AppState::new(registry(), store, options);
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.set_nonblocking(true).expect("nonblocking");
    let addr = listener.local_addr().expect("addr");
    let router = app(state.clone());
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime");
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).expect("listener");
            serve_connections(listener, router, limits, std::future::pending()).await;
        });
    });
    Server {
        addr,
        state,
        db,
        dir,
        pg,
    }
}

/// A toy board's id, record and a solved state for it.
pub fn toy_board(id: &str) -> (String, serde_json::Value) {
    let record = registry().generate(id).expect("toy generates");
    let solution = record.puzzle["solution"]
        .as_str()
        .expect("solution")
        .to_string();
    (record.digest, serde_json::json!({ "entries": solution }))
}
