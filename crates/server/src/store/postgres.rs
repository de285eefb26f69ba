//! The PostgreSQL backend: several stateless `dayseed serve` replicas over one database.
//!
//! * Driver: tokio-postgres behind a deadpool pool ([`PgOptions`]: at most 16 connections per
//!   process by default, 5 s to get one, 5 s `statement_timeout` and 5 s to connect). Every
//!   statement is prepared once per connection and cached (`prepare_cached`).
//! * The async driver runs on a small tokio runtime owned by the store (two worker threads);
//!   the store's methods block on it, and are called from blocking threads like the SQLite
//!   backend's, so the handlers are the same for both.
//! * Migrations: `schema_version (version)` records what was applied; all replicas may start at
//!   once, so migrating takes a transaction-scoped advisory lock first. A schema newer than
//!   [`MIGRATIONS`] knows is refused.
//! * Concurrency: requests writing more than one row run in one transaction. "One best entry per
//!   player and board" is the unique key `(board_key, player_id)` with `INSERT ... ON CONFLICT DO
//!   UPDATE ... WHERE better`; quotas (sessions, saves) lock the player's row first, so two
//!   replicas cannot both pass the count. An archive import is `ON CONFLICT (id) DO NOTHING`
//!   in id order, so concurrent imports of overlapping files neither duplicate nor deadlock.
//!   A save write names the version it read and is one conditional statement (`saves.rs`).
//! * Request rates per peer address are rows too (`rates.rs`), so replicas share one limit.
//! * A database that goes away: getting a connection fails after the wait timeout, or a
//!   statement fails on a closed connection; both become [`ServerError::Unavailable`] /
//!   [`ServerError::Postgres`], which handlers answer with 503 `database_unavailable`. Broken
//!   connections are dropped by the pool and new ones are made when the database is back.

use std::future::Future;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use tokio_postgres::NoTls;
use tokio_postgres::error::SqlState;
use tokio_postgres::types::ToSql;

use super::sqlite::PLAYER_SCORE_COLUMNS;
use super::{ArchiveConflict, ArchiveRow, LeaderboardEntry, NewScore, PlayerScore, SessionRow};
use super::{StartedSession, Stored, now_ms};
use crate::auth::Authed;
use crate::error::ServerError;

mod rates;
mod saves;

pub use rates::RateAnswer;

/// The schema version a fully migrated database has (the number of migrations).
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Migrations in order; migration `i` brings the schema to version `i + 1`. Append only.
pub const MIGRATIONS: &[&str] = &[
    r#"
CREATE TABLE archive (
    id          TEXT PRIMARY KEY,
    genre       TEXT NOT NULL,
    version     TEXT NOT NULL,
    params      TEXT NOT NULL,
    size        TEXT,
    difficulty  TEXT,
    digest      TEXT NOT NULL,
    puzzle      TEXT NOT NULL,
    imported_at BIGINT NOT NULL
);
CREATE INDEX archive_filter ON archive (genre, lower(size), lower(difficulty));
CREATE TABLE players (
    player_id  BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       TEXT NOT NULL,
    name_key   TEXT NOT NULL UNIQUE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);
CREATE TABLE sessions (
    session_id TEXT PRIMARY KEY,
    player_id  BIGINT NOT NULL REFERENCES players (player_id),
    puzzle_id  TEXT NOT NULL,
    board_key  TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    hints      BIGINT NOT NULL DEFAULT 0,
    UNIQUE (player_id, board_key)
);
CREATE INDEX sessions_puzzle ON sessions (puzzle_id);
CREATE TABLE scores (
    score_id     BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    board_key    TEXT NOT NULL,
    player_id    BIGINT NOT NULL REFERENCES players (player_id),
    puzzle_id    TEXT NOT NULL,
    genre        TEXT NOT NULL,
    version      TEXT NOT NULL,
    digest       TEXT NOT NULL,
    session_id   TEXT NOT NULL,
    elapsed_ms   BIGINT NOT NULL,
    hints        BIGINT NOT NULL,
    score_value  BIGINT,
    score_unit   TEXT,
    rank_value   BIGINT NOT NULL,
    submitted_at BIGINT NOT NULL,
    UNIQUE (board_key, player_id)
);
CREATE INDEX scores_rank ON scores (board_key, (hints > 0), rank_value, submitted_at);
CREATE TABLE player_saves (
    player_id  BIGINT NOT NULL REFERENCES players (player_id),
    id         TEXT NOT NULL,
    save       TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (player_id, id)
);
"#,
    // Saves carry a version counter: a write names the version it was based on (saves.rs).
    r#"
ALTER TABLE player_saves ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
"#,
    // Request rates shared by every replica (rates.rs): one GCRA row per peer address. UNLOGGED:
    // not written to the WAL (a crash empties it, which only forgets recent request counts).
    r#"
CREATE UNLOGGED TABLE request_rates (
    address TEXT PRIMARY KEY,
    tat     BIGINT NOT NULL,
    seen    BIGINT NOT NULL,
    allowed BOOLEAN NOT NULL
);
"#,
    // A player's own score history (GET /api/v1/players/me/scores) pages by score id.
    "CREATE INDEX scores_player ON scores (player_id, score_id);",
];

/// The advisory lock key held while migrating (any constant; "dayseed" in ASCII, shortened).
const MIGRATION_LOCK: i64 = 0x64_6179_7365_6564;

/// Pool and timeout settings of the PostgreSQL backend.
#[derive(Debug, Clone)]
pub struct PgOptions {
    /// Connections per process at most (default 16). With N replicas the database sees up to
    /// N times this; keep it under PostgreSQL's `max_connections`.
    pub max_connections: usize,
    /// How long a request waits for a free connection (or for a new one to be made) before it
    /// is answered 503 (default 5 s).
    pub wait: Duration,
    /// `statement_timeout` of every connection (default 5 s); a longer statement is cancelled
    /// and its request answered 503.
    pub statement_timeout: Duration,
}

impl Default for PgOptions {
    fn default() -> PgOptions {
        PgOptions {
            max_connections: 16,
            wait: Duration::from_secs(5),
            statement_timeout: Duration::from_secs(5),
        }
    }
}

/// A shared handle on a PostgreSQL database; cheap to clone.
#[derive(Clone)]
pub struct Postgres {
    inner: Arc<Inner>,
}

struct Inner {
    pool: Pool,
    db: String,
    rt: OwnRuntime,
}

/// The runtime driving the connections; shut down without blocking when the store goes away
/// (which may happen inside another runtime).
struct OwnRuntime(Option<tokio::runtime::Runtime>);

impl Drop for OwnRuntime {
    fn drop(&mut self) {
        if let Some(rt) = self.0.take() {
            rt.shutdown_background();
        }
    }
}

/// `url` with its password (if any) replaced by `***`.
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (auth, host) = match rest.rsplit_once('@') {
        Some(parts) => parts,
        None => return url.to_string(),
    };
    match auth.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_string(),
    }
}

type Result<T> = std::result::Result<T, ServerError>;

impl Postgres {
    /// Connects to `url` (`postgres://user@host[:port]/db`, any libpq-style URL that
    /// tokio-postgres reads) and migrates the database.
    pub fn connect(url: &str, options: PgOptions) -> Result<Postgres> {
        let db = redact(url);
        let bad = |why: String| ServerError::BadDbSpec(db.clone(), why);
        let mut config = tokio_postgres::Config::from_str(url).map_err(|e| bad(e.to_string()))?;
        let timeout_ms = options.statement_timeout.as_millis();
        let extra = format!("-c statement_timeout={timeout_ms}");
        let opts = match config.get_options() {
            Some(o) if !o.is_empty() => format!("{o} {extra}"),
            _ => extra,
        };
        config.options(&opts);
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(options.wait);
        }
        if config.get_application_name().is_none() {
            config.application_name("dayseed");
        }
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("dayseed-pg")
            .enable_all()
            .build()
            .map_err(|source| ServerError::Io {
                what: "starting the PostgreSQL runtime".into(),
                source,
            })?;
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(options.max_connections.max(1))
            .wait_timeout(Some(options.wait))
            .create_timeout(Some(options.wait))
            .recycle_timeout(Some(options.wait))
            .runtime(Runtime::Tokio1)
            .build()
            .map_err(|e| bad(e.to_string()))?;
        let store = Postgres {
            inner: Arc::new(Inner {
                pool,
                db,
                rt: OwnRuntime(Some(rt)),
            }),
        };
        store.run(store.migrate())?;
        Ok(store)
    }

    /// The database's URL without its password.
    pub fn name(&self) -> &str {
        &self.inner.db
    }

    /// Runs `fut` on the store's runtime. Call from a plain or blocking thread, not from
    /// inside an async task.
    fn run<T>(&self, fut: impl Future<Output = Result<T>>) -> Result<T> {
        match &self.inner.rt.0 {
            Some(rt) => rt.block_on(fut),
            None => Err(self.gone("the store was shut down".into())),
        }
    }

    fn gone(&self, reason: String) -> ServerError {
        ServerError::Unavailable {
            db: self.inner.db.clone(),
            reason,
        }
    }

    fn pg(&self, source: tokio_postgres::Error) -> ServerError {
        ServerError::Postgres {
            db: self.inner.db.clone(),
            source,
        }
    }

    async fn client(&self) -> Result<deadpool_postgres::Object> {
        self.inner
            .pool
            .get()
            .await
            .map_err(|e| self.gone(e.to_string()))
    }

    /// Locks a player's row until `tx` ends: serialises that player's creations (sessions,
    /// saves) across replicas, so quotas and uniqueness hold.
    async fn lock_player(
        &self,
        tx: &deadpool_postgres::Transaction<'_>,
        player_id: i64,
    ) -> Result<()> {
        let lock = tx
            .prepare_cached("SELECT 1 FROM players WHERE player_id = $1 FOR UPDATE")
            .await
            .map_err(|e| self.pg(e))?;
        tx.query_opt(&lock, &[&player_id])
            .await
            .map_err(|e| self.pg(e))?;
        Ok(())
    }

    async fn migrate(&self) -> Result<()> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(|e| self.pg(e))?;
        tx.query("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
            .await
            .map_err(|e| self.pg(e))?;
        tx.batch_execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
            .await
            .map_err(|e| self.pg(e))?;
        let current: i64 = tx
            .query_one("SELECT COALESCE(MAX(version), 0) FROM schema_version", &[])
            .await
            .map_err(|e| self.pg(e))?
            .get(0);
        let known = MIGRATIONS.len() as i64;
        if current > known {
            return Err(ServerError::SchemaTooNew {
                db: self.inner.db.clone(),
                found: current,
                known,
            });
        }
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(current as usize) {
            tx.batch_execute(sql).await.map_err(|e| self.pg(e))?;
            tx.execute(
                "INSERT INTO schema_version (version) VALUES ($1)",
                &[&(i as i64 + 1)],
            )
            .await
            .map_err(|e| self.pg(e))?;
        }
        tx.commit().await.map_err(|e| self.pg(e))
    }

    /// Whether the database answers and carries the schema this build migrates to.
    pub fn ready(&self) -> Result<()> {
        self.run(async {
            let client = self.client().await?;
            let version: i64 = client
                .query_one("SELECT COALESCE(MAX(version), 0) FROM schema_version", &[])
                .await
                .map_err(|e| self.pg(e))?
                .get(0);
            if version == MIGRATIONS.len() as i64 {
                Ok(())
            } else {
                Err(self.gone(format!(
                    "schema version {version}, expected {}",
                    MIGRATIONS.len()
                )))
            }
        })
    }

    /// The schema version found, after a write that is rolled back.
    pub fn probe(&self) -> Result<i64> {
        self.run(async {
            let mut client = self.client().await?;
            let tx = client.transaction().await.map_err(|e| self.pg(e))?;
            let version: i64 = tx
                .query_one("SELECT COALESCE(MAX(version), 0) FROM schema_version", &[])
                .await
                .map_err(|e| self.pg(e))?
                .get(0);
            tx.execute("INSERT INTO schema_version (version) VALUES (-1)", &[])
                .await
                .map_err(|e| self.pg(e))?;
            tx.rollback().await.map_err(|e| self.pg(e))?;
            Ok(version)
        })
    }

    /// One row (or none) of a prepared, cached statement.
    async fn opt(
        &self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Option<tokio_postgres::Row>> {
        let client = self.client().await?;
        let stmt = client.prepare_cached(sql).await.map_err(|e| self.pg(e))?;
        client
            .query_opt(&stmt, params)
            .await
            .map_err(|e| self.pg(e))
    }

    /// See [`super::Store::insert_archive`].
    pub fn insert_archive(&self, rows: &[ArchiveRow]) -> Result<u64> {
        let mut sorted: Vec<&ArchiveRow> = rows.iter().collect();
        sorted.sort_by(|a, b| a.id.cmp(&b.id));
        self.run(async {
            let mut client = self.client().await?;
            let tx = client.transaction().await.map_err(|e| self.pg(e))?;
            let insert = tx
                .prepare_cached(
                    "INSERT INTO archive
                     (id, genre, version, params, size, difficulty, digest, puzzle, imported_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING",
                )
                .await
                .map_err(|e| self.pg(e))?;
            let existing = tx
                .prepare_cached("SELECT digest FROM archive WHERE id = $1")
                .await
                .map_err(|e| self.pg(e))?;
            let now = now_ms();
            let mut added = 0;
            for r in sorted {
                let n = tx
                    .execute(
                        &insert,
                        &[
                            &r.id,
                            &r.genre,
                            &r.version,
                            &r.params,
                            &r.size,
                            &r.difficulty,
                            &r.digest,
                            &r.puzzle,
                            &now,
                        ],
                    )
                    .await
                    .map_err(|e| self.pg(e))?;
                if n == 0 {
                    let stored: String = tx
                        .query_one(&existing, &[&r.id])
                        .await
                        .map_err(|e| self.pg(e))?
                        .get(0);
                    if stored != r.digest {
                        return Err(ArchiveConflict::error(r, stored));
                    }
                }
                added += n;
            }
            tx.commit().await.map_err(|e| self.pg(e))?;
            Ok(added)
        })
    }

    /// See [`super::Store::random_archived`].
    pub fn random_archived(
        &self,
        genre: &str,
        size: Option<&str>,
        difficulty: Option<&str>,
    ) -> Result<Option<ArchiveRow>> {
        self.run(async {
            let row = self
                .opt(
                    "SELECT id, genre, size, difficulty, version, params, digest, puzzle
                     FROM archive
                     WHERE genre = $1
                       AND ($2::text IS NULL OR lower(size) = lower($2::text))
                       AND ($3::text IS NULL OR lower(difficulty) = lower($3::text))
                     ORDER BY random() LIMIT 1",
                    &[&genre, &size, &difficulty],
                )
                .await?;
            Ok(row.map(|r| ArchiveRow {
                id: r.get(0),
                genre: r.get(1),
                size: r.get(2),
                difficulty: r.get(3),
                version: r.get(4),
                params: r.get(5),
                digest: r.get(6),
                puzzle: r.get(7),
            }))
        })
    }

    /// See [`super::Store::create_player`].
    pub fn create_player(
        &self,
        name: &str,
        name_key: &str,
        token_hash: &str,
    ) -> Result<Option<i64>> {
        self.run(async {
            let row = self
                .opt(
                    "INSERT INTO players (name, name_key, token_hash, created_at)
                     VALUES ($1, $2, $3, $4) ON CONFLICT (name_key) DO NOTHING
                     RETURNING player_id",
                    &[&name, &name_key, &token_hash, &now_ms()],
                )
                .await?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    /// See [`super::Store::rename_player`].
    pub fn rename_player(&self, player_id: i64, name: &str, name_key: &str) -> Result<bool> {
        self.run(async {
            let found = self
                .opt(
                    "UPDATE players SET name = $2, name_key = $3 WHERE player_id = $1
                     RETURNING player_id",
                    &[&player_id, &name, &name_key],
                )
                .await;
            match found {
                Ok(row) => Ok(row.is_some()),
                // Another player holds the name key: the unique index refuses it.
                Err(ServerError::Postgres { source, .. })
                    if source.code() == Some(&SqlState::UNIQUE_VIOLATION) =>
                {
                    Ok(false)
                }
                Err(e) => Err(e),
            }
        })
    }

    /// See [`super::Store::player_by_token`].
    pub fn player_by_token(&self, token_hash: &str) -> Result<Option<Authed>> {
        self.run(async {
            let row = self
                .opt(
                    "SELECT player_id, name FROM players WHERE token_hash = $1",
                    &[&token_hash],
                )
                .await?;
            Ok(row.map(|r| Authed {
                player_id: r.get(0),
                name: r.get(1),
            }))
        })
    }

    /// See [`super::Store::player_by_name_key`].
    pub fn player_by_name_key(&self, name_key: &str) -> Result<Option<i64>> {
        self.run(async {
            let row = self
                .opt(
                    "SELECT player_id FROM players WHERE name_key = $1",
                    &[&name_key],
                )
                .await?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    /// See [`super::Store::start_session`].
    pub fn start_session(
        &self,
        player_id: i64,
        puzzle_id: &str,
        board_key: &str,
        new_id: &str,
        max_sessions: u64,
    ) -> Result<Option<StartedSession>> {
        self.run(async {
            let mut client = self.client().await?;
            let tx = client.transaction().await.map_err(|e| self.pg(e))?;
            // Serialises this player's session starts across replicas (quota and uniqueness).
            self.lock_player(&tx, player_id).await?;
            let select = tx
                .prepare_cached(&format!(
                    "SELECT {SESSION_COLUMNS} FROM sessions WHERE player_id = $1 AND board_key = $2"
                ))
                .await
                .map_err(|e| self.pg(e))?;
            if let Some(r) = tx
                .query_opt(&select, &[&player_id, &board_key])
                .await
                .map_err(|e| self.pg(e))?
            {
                return Ok(Some(StartedSession {
                    session: session_row(&r),
                    created: false,
                }));
            }
            let count = tx
                .prepare_cached("SELECT COUNT(*) FROM sessions WHERE player_id = $1")
                .await
                .map_err(|e| self.pg(e))?;
            let count: i64 = tx
                .query_one(&count, &[&player_id])
                .await
                .map_err(|e| self.pg(e))?
                .get(0);
            if count as u64 >= max_sessions {
                return Ok(None);
            }
            let session = SessionRow {
                session_id: new_id.to_string(),
                player_id,
                puzzle_id: puzzle_id.to_string(),
                board_key: board_key.to_string(),
                started_at_ms: now_ms(),
                hints: 0,
            };
            let insert = tx
                .prepare_cached(
                    "INSERT INTO sessions
                     (session_id, player_id, puzzle_id, board_key, started_at, hints)
                     VALUES ($1, $2, $3, $4, $5, 0)",
                )
                .await
                .map_err(|e| self.pg(e))?;
            tx.execute(
                &insert,
                &[
                    &session.session_id,
                    &player_id,
                    &session.puzzle_id,
                    &session.board_key,
                    &session.started_at_ms,
                ],
            )
            .await
            .map_err(|e| self.pg(e))?;
            tx.commit().await.map_err(|e| self.pg(e))?;
            Ok(Some(StartedSession {
                session,
                created: true,
            }))
        })
    }

    /// See [`super::Store::session`].
    pub fn session(&self, session_id: &str) -> Result<Option<SessionRow>> {
        self.run(async {
            let row = self
                .opt(
                    &format!("SELECT {SESSION_COLUMNS} FROM sessions WHERE session_id = $1"),
                    &[&session_id],
                )
                .await?;
            Ok(row.as_ref().map(session_row))
        })
    }

    /// See [`super::Store::add_hint`].
    pub fn add_hint(&self, session_id: &str, player_id: i64) -> Result<Option<u64>> {
        self.run(async {
            let row = self
                .opt(
                    "UPDATE sessions SET hints = hints + 1
                     WHERE session_id = $1 AND player_id = $2 RETURNING hints",
                    &[&session_id, &player_id],
                )
                .await?;
            Ok(row.map(|r| nonneg(r.get(0))))
        })
    }

    /// See [`super::Store::board_key_of`].
    pub fn board_key_of(&self, puzzle_id: &str) -> Result<Option<String>> {
        self.run(async {
            let row = self
                .opt(
                    "SELECT board_key FROM sessions WHERE puzzle_id = $1 LIMIT 1",
                    &[&puzzle_id],
                )
                .await?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    /// See [`super::Store::upsert_score`].
    pub fn upsert_score(&self, s: &NewScore) -> Result<Stored> {
        let (value, unit) = match &s.arcade {
            Some((v, u)) => (Some(*v), Some(u.as_str())),
            None => (None, None),
        };
        let hints = i64::try_from(s.hints).unwrap_or(i64::MAX);
        self.run(async {
            let mut client = self.client().await?;
            let tx = client.transaction().await.map_err(|e| self.pg(e))?;
            let upsert = tx
                .prepare_cached(
                    "INSERT INTO scores (board_key, player_id, puzzle_id, genre, version, digest,
                         session_id, elapsed_ms, hints, score_value, score_unit, rank_value,
                         submitted_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
                     ON CONFLICT (board_key, player_id) DO UPDATE SET
                         puzzle_id = excluded.puzzle_id, genre = excluded.genre,
                         version = excluded.version, digest = excluded.digest,
                         session_id = excluded.session_id, elapsed_ms = excluded.elapsed_ms,
                         hints = excluded.hints, score_value = excluded.score_value,
                         score_unit = excluded.score_unit, rank_value = excluded.rank_value,
                         submitted_at = excluded.submitted_at
                     WHERE (excluded.hints > 0, excluded.rank_value)
                         < (scores.hints > 0, scores.rank_value)",
                )
                .await
                .map_err(|e| self.pg(e))?;
            let changed = tx
                .execute(
                    &upsert,
                    &[
                        &s.board_key,
                        &s.player_id,
                        &s.puzzle_id,
                        &s.genre,
                        &s.version,
                        &s.digest,
                        &s.session_id,
                        &s.elapsed_ms,
                        &hints,
                        &value,
                        &unit,
                        &s.rank_value,
                        &now_ms(),
                    ],
                )
                .await
                .map_err(|e| self.pg(e))?;
            let rank = tx
                .prepare_cached(&format!(
                    "{RANKED} SELECT score_id, rank FROM ranked WHERE player_id = $2"
                ))
                .await
                .map_err(|e| self.pg(e))?;
            let (score_id, rank) = tx
                .query_opt(&rank, &[&s.board_key, &s.player_id])
                .await
                .map_err(|e| self.pg(e))?
                .map_or((0, 0), |r| (r.get(0), nonneg(r.get(1))));
            tx.commit().await.map_err(|e| self.pg(e))?;
            Ok(Stored {
                score_id,
                rank,
                improved: changed == 1,
            })
        })
    }

    /// See [`super::Store::leaderboard`].
    pub fn leaderboard(
        &self,
        board_key: &str,
        limit: u32,
        player_id: Option<i64>,
    ) -> Result<(Vec<LeaderboardEntry>, Option<u64>)> {
        self.run(async {
            let client = self.client().await?;
            let top = client
                .prepare_cached(&format!(
                    "{RANKED} SELECT rank, name, puzzle_id, elapsed_ms, hints, score_value,
                                     score_unit, submitted_at
                     FROM ranked ORDER BY rank LIMIT $2"
                ))
                .await
                .map_err(|e| self.pg(e))?;
            let rows = client
                .query(&top, &[&board_key, &i64::from(limit)])
                .await
                .map_err(|e| self.pg(e))?;
            let entries = rows
                .iter()
                .map(|r| {
                    let value: Option<i64> = r.get(5);
                    let unit: Option<String> = r.get(6);
                    LeaderboardEntry {
                        rank: nonneg(r.get(0)),
                        player: r.get(1),
                        puzzle_id: r.get(2),
                        elapsed_ms: r.get(3),
                        hints: nonneg(r.get(4)),
                        arcade: value.zip(unit),
                        submitted_at_ms: r.get(7),
                    }
                })
                .collect();
            let rank = match player_id {
                Some(p) => {
                    let stmt = client
                        .prepare_cached(&format!(
                            "{RANKED} SELECT rank FROM ranked WHERE player_id = $2"
                        ))
                        .await
                        .map_err(|e| self.pg(e))?;
                    client
                        .query_opt(&stmt, &[&board_key, &p])
                        .await
                        .map_err(|e| self.pg(e))?
                        .map(|r| nonneg(r.get(0)))
                }
                None => None,
            };
            Ok((entries, rank))
        })
    }

    /// See [`super::Store::score_rows`].
    pub fn score_rows(&self, board_key: &str) -> Result<u64> {
        self.run(async {
            let row = self
                .opt(
                    "SELECT COUNT(*) FROM scores WHERE board_key = $1",
                    &[&board_key],
                )
                .await?;
            Ok(row.map_or(0, |r| nonneg(r.get(0))))
        })
    }
}

const SESSION_COLUMNS: &str = "session_id, player_id, puzzle_id, board_key, started_at, hints";

const RANKED: &str = "WITH ranked AS (
        SELECT s.player_id, p.name, s.puzzle_id, s.elapsed_ms, s.hints, s.score_value,
               s.score_unit, s.submitted_at, s.score_id,
               ROW_NUMBER() OVER (ORDER BY s.hints > 0, s.rank_value, s.submitted_at, s.score_id)
                   AS rank
        FROM scores s JOIN players p ON p.player_id = s.player_id
        WHERE s.board_key = $1)";

fn session_row(r: &tokio_postgres::Row) -> SessionRow {
    SessionRow {
        session_id: r.get(0),
        player_id: r.get(1),
        puzzle_id: r.get(2),
        board_key: r.get(3),
        started_at_ms: r.get(4),
        hints: nonneg(r.get(5)),
    }
}

impl Postgres {
    /// See [`super::Store::player_scores`].
    pub fn player_scores(
        &self,
        player_id: i64,
        genre: Option<&str>,
        after: i64,
        limit: u32,
    ) -> Result<Vec<PlayerScore>> {
        self.run(async {
            let client = self.client().await?;
            let stmt = client
                .prepare_cached(&format!(
                    "SELECT {PLAYER_SCORE_COLUMNS} FROM scores
                     WHERE player_id = $1 AND score_id > $2
                       AND ($3::TEXT IS NULL OR genre = $3::TEXT)
                     ORDER BY score_id LIMIT $4"
                ))
                .await
                .map_err(|e| self.pg(e))?;
            let rows = client
                .query(&stmt, &[&player_id, &after, &genre, &i64::from(limit)])
                .await
                .map_err(|e| self.pg(e))?;
            Ok(rows
                .iter()
                .map(|r| {
                    let value: Option<i64> = r.get(7);
                    let unit: Option<String> = r.get(8);
                    PlayerScore {
                        score_id: r.get(0),
                        puzzle_id: r.get(1),
                        genre: r.get(2),
                        version: r.get(3),
                        digest: r.get(4),
                        elapsed_ms: r.get(5),
                        hints: nonneg(r.get(6)),
                        arcade: value.zip(unit),
                        submitted_at_ms: r.get(9),
                    }
                })
                .collect())
        })
    }
}

/// A count or rank (never negative in these tables) as u64.
fn nonneg(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}
