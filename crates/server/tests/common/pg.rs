//! PostgreSQL for tests: a fresh database per test, created and dropped here.
//!
//! `DAYSEED_TEST_DB=postgres` runs the whole server suite against PostgreSQL instead of SQLite.
//! The server is `DAYSEED_TEST_PG` (default `postgres://postgres@127.0.0.1:5432/postgres`, the
//! one the project's machines and CI run). When it cannot be reached the test fails, saying so,
//! unless `DAYSEED_SKIP_PG=1`: then tests that need PostgreSQL return early with a line on stderr.

use std::sync::atomic::{AtomicU64, Ordering};

/// The maintenance URL tests create their databases through.
pub fn admin_url() -> String {
    std::env::var("DAYSEED_TEST_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

/// True when the suite runs its servers on PostgreSQL (`DAYSEED_TEST_DB=postgres`).
pub fn selected() -> bool {
    std::env::var("DAYSEED_TEST_DB").is_ok_and(|v| v == "postgres" || v == "pg")
}

/// True when `DAYSEED_SKIP_PG=1` allows skipping tests that need PostgreSQL.
pub fn skip_allowed() -> bool {
    std::env::var("DAYSEED_SKIP_PG").is_ok_and(|v| v == "1")
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

/// Runs `sql` (one or more statements) on database `url`.
pub fn execute(url: &str, sql: &str) -> Result<(), String> {
    runtime().block_on(async {
        let (client, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .map_err(|e| format!("cannot connect to PostgreSQL at {url}: {e}"))?;
        let driver = tokio::spawn(conn);
        let r = client
            .batch_execute(sql)
            .await
            .map_err(|e| format!("{sql}: {e}"));
        drop(client);
        let _ = driver.await;
        r
    })
}

/// `SELECT` of one bigint on database `url`.
pub fn query_i64(url: &str, sql: &str) -> i64 {
    runtime().block_on(async {
        let (client, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .unwrap_or_else(|e| panic!("cannot connect to PostgreSQL at {url}: {e}"));
        let driver = tokio::spawn(conn);
        let v: i64 = client
            .query_one(sql, &[])
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
            .get(0);
        drop(client);
        let _ = driver.await;
        v
    })
}

/// A database created for one test; dropped (with its connections) when this is dropped.
pub struct TestDb {
    /// Its URL.
    pub url: String,
    name: String,
}

impl TestDb {
    /// Creates a fresh database, or `None` when PostgreSQL is missing and skipping is allowed.
    /// Panics, naming the server and the way to skip, when it is missing otherwise.
    pub fn create() -> Option<TestDb> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let mut salt = [0u8; 4];
        getrandom::fill(&mut salt).expect("random");
        let name = format!(
            "dayseed_test_{}_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::SeqCst),
            u32::from_le_bytes(salt)
        );
        let admin = admin_url();
        match execute(&admin, &format!("CREATE DATABASE {name}")) {
            Ok(()) => {}
            Err(e) if skip_allowed() => {
                eprintln!("SKIPPED (DAYSEED_SKIP_PG=1): PostgreSQL test: {e}");
                return None;
            }
            Err(e) => panic!(
                "this test needs PostgreSQL ({e}); start one at {admin} (or set \
                 DAYSEED_TEST_PG), or set DAYSEED_SKIP_PG=1 to skip PostgreSQL tests"
            ),
        }
        let url = match admin.rsplit_once('/') {
            Some((base, _)) => format!("{base}/{name}"),
            None => panic!("DAYSEED_TEST_PG {admin} has no /database part"),
        };
        Some(TestDb { url, name })
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let _ = execute(
            &admin_url(),
            &format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name),
        );
    }
}
