//! The SQLite backend of the store (the default): archive, scores and saves.
//!
//! The file is created and migrated on open (a `schema_version` table records the applied
//! migrations; a file from a newer build is refused). It runs in WAL mode with
//! `synchronous=FULL`, so a write whose transaction has committed survives a crash or a
//! `kill -9`; handlers only answer (e.g. 201) after the commit returned. One connection sits
//! behind a mutex and is used from blocking threads (`spawn_blocking`), so writes are serialised
//! and none is lost.
//!
//! Tables:
//! * `archive(id PK, genre, version, params, size, difficulty, digest, puzzle, imported_at)` —
//!   boards loaded by `dayseed import`; `puzzle` is the genre JSON with its answer.
//! * `players(player_id PK, name, name_key UNIQUE, token_hash UNIQUE, created_at)` — display
//!   names and the SHA-256 of each player's secret token (`players.rs`).
//! * `sessions(session_id PK, player_id, puzzle_id, board_key, started_at, hints)`, unique per
//!   `(player_id, board_key)`: the server clock of one player on one board (`players.rs`).
//! * `scores(score_id PK, board_key, player_id, ..., elapsed_ms, hints, rank_value)`, unique per
//!   `(board_key, player_id)`: each player's best verified result on a board (`scores.rs`);
//!   indexed by `(player_id, score_id)` for a player's own history.
//! * `player_saves(player_id, id, save, updated_at, version)`, primary key `(player_id, id)`;
//!   `version` counts the writes, so a stale write can be refused (`saves.rs`).
//! * `legacy_scores` and `saves`: the tables of schema 1 (scores under any name, saves without an
//!   owner), kept in the file but no longer read: nothing in them was verified.
//!
//! A board's key is `<genre>:<digest>`, so the same board under two ids (one daily under
//! `utc-v1` and `device-local-v1`) has one leaderboard.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, params};

mod players;
mod saves;
mod scores;

pub use players::{SessionRow, StartedSession};
pub(crate) use scores::PLAYER_SCORE_COLUMNS;
pub use scores::{LeaderboardEntry, NewScore, PlayerScore, Stored};

pub(crate) use super::now_ms;
use super::{ArchiveConflict, ArchiveRow};
use crate::error::ServerError;

/// The schema version a fully migrated database has (the number of migrations).
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Migrations in order; migration `i` brings the schema to version `i + 1`. Append only.
const MIGRATIONS: &[&str] = &[
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
    imported_at INTEGER NOT NULL
);
CREATE INDEX archive_filter ON archive (genre, size, difficulty);
CREATE TABLE scores (
    score_id     INTEGER PRIMARY KEY AUTOINCREMENT,
    puzzle_id    TEXT NOT NULL,
    genre        TEXT NOT NULL,
    version      TEXT NOT NULL,
    digest       TEXT NOT NULL,
    player       TEXT NOT NULL,
    elapsed_ms   INTEGER NOT NULL,
    submitted_at INTEGER NOT NULL
);
CREATE INDEX scores_board ON scores (puzzle_id, elapsed_ms, score_id);
CREATE INDEX scores_player ON scores (puzzle_id, player);
CREATE TABLE saves (
    player     TEXT NOT NULL,
    id         TEXT NOT NULL,
    save       TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (player, id)
);
"#,
    r#"
ALTER TABLE scores RENAME TO legacy_scores;
DROP INDEX scores_board;
DROP INDEX scores_player;
CREATE TABLE players (
    player_id  INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT NOT NULL,
    name_key   TEXT NOT NULL UNIQUE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
);
CREATE TABLE sessions (
    session_id TEXT PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players (player_id),
    puzzle_id  TEXT NOT NULL,
    board_key  TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    hints      INTEGER NOT NULL DEFAULT 0,
    UNIQUE (player_id, board_key)
);
CREATE INDEX sessions_puzzle ON sessions (puzzle_id);
CREATE TABLE scores (
    score_id     INTEGER PRIMARY KEY AUTOINCREMENT,
    board_key    TEXT NOT NULL,
    player_id    INTEGER NOT NULL REFERENCES players (player_id),
    puzzle_id    TEXT NOT NULL,
    genre        TEXT NOT NULL,
    version      TEXT NOT NULL,
    digest       TEXT NOT NULL,
    session_id   TEXT NOT NULL,
    elapsed_ms   INTEGER NOT NULL,
    hints        INTEGER NOT NULL,
    score_value  INTEGER,
    score_unit   TEXT,
    rank_value   INTEGER NOT NULL,
    submitted_at INTEGER NOT NULL,
    UNIQUE (board_key, player_id)
);
CREATE INDEX scores_rank ON scores (board_key, hints > 0, rank_value, submitted_at);
CREATE TABLE player_saves (
    player_id  INTEGER NOT NULL REFERENCES players (player_id),
    id         TEXT NOT NULL,
    save       TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (player_id, id)
);
"#,
    // Saves carry a version counter: a write names the version it was based on (saves.rs).
    r#"
ALTER TABLE player_saves ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
"#,
    // A player's own score history (GET /api/v1/players/me/scores) pages by score id.
    "CREATE INDEX scores_player ON scores (player_id, score_id);",
];

/// A shared handle on a SQLite database file.
#[derive(Clone)]
pub struct Sqlite {
    conn: Arc<Mutex<Connection>>,
    path: Arc<PathBuf>,
}

impl Sqlite {
    /// Opens (creating and migrating if needed) the database at `path`.
    pub fn open(path: &Path) -> Result<Sqlite, ServerError> {
        let db = |source| ServerError::Database {
            path: path.to_path_buf(),
            source,
        };
        let mut conn = Connection::open(path).map_err(db)?;
        conn.busy_timeout(Duration::from_secs(10)).map_err(db)?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(db)?;
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(db)?;
        migrate(&mut conn, path)?;
        Ok(Sqlite {
            conn: Arc::new(Mutex::new(conn)),
            path: Arc::new(path.to_path_buf()),
        })
    }

    /// Whether the file answers and carries the schema this build migrates to.
    pub fn ready(&self) -> Result<(), ServerError> {
        let version: i64 = self
            .lock()
            .query_row(
                "SELECT COALESCE(MAX(version), 0) FROM schema_version",
                [],
                |r| r.get(0),
            )
            .map_err(|e| self.db(e))?;
        if version == MIGRATIONS.len() as i64 {
            Ok(())
        } else {
            Err(ServerError::Unavailable {
                db: self.path.display().to_string(),
                reason: format!("schema version {version}, expected {}", MIGRATIONS.len()),
            })
        }
    }

    /// The schema version found, after a write that is rolled back.
    pub fn probe(&self) -> Result<i64, ServerError> {
        let mut conn = self.lock();
        let result = (|| -> Result<i64, rusqlite::Error> {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let version: i64 = tx.query_row(
                "SELECT COALESCE(MAX(version), 0) FROM schema_version",
                [],
                |r| r.get(0),
            )?;
            // A write that is never committed: it needs the file writable and its pages readable.
            tx.execute("INSERT INTO schema_version (version) VALUES (-1)", [])?;
            tx.rollback()?;
            Ok(version)
        })();
        result.map_err(|e| self.db(e))
    }

    pub(crate) fn lock(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a half-done write: transactions roll back
        // on drop, so the connection is safe to reuse.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn db(&self, source: rusqlite::Error) -> ServerError {
        ServerError::Database {
            path: self.path.as_ref().clone(),
            source,
        }
    }

    /// Adds boards to the archive in one transaction; returns how many were new (an id already
    /// archived with the same digest is left as it is; with another digest, nothing is added and
    /// the error names both).
    pub fn insert_archive(&self, rows: &[ArchiveRow]) -> Result<u64, ServerError> {
        let mut conn = self.lock();
        let tx = conn.transaction().map_err(|e| self.db(e))?;
        let mut added = 0;
        {
            let mut stmt = tx
                .prepare_cached(
                    "INSERT OR IGNORE INTO archive
                     (id, genre, version, params, size, difficulty, digest, puzzle, imported_at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                )
                .map_err(|e| self.db(e))?;
            let mut existing = tx
                .prepare_cached("SELECT digest FROM archive WHERE id = ?1")
                .map_err(|e| self.db(e))?;
            let now = now_ms();
            for r in rows {
                let n = stmt
                    .execute(params![
                        r.id,
                        r.genre,
                        r.version,
                        r.params,
                        r.size,
                        r.difficulty,
                        r.digest,
                        r.puzzle,
                        now
                    ])
                    .map_err(|e| self.db(e))? as u64;
                if n == 0 {
                    let stored: String = existing
                        .query_row(params![r.id], |row| row.get(0))
                        .map_err(|e| self.db(e))?;
                    if stored != r.digest {
                        return Err(ArchiveConflict::error(r, stored));
                    }
                }
                added += n;
            }
        }
        tx.commit().map_err(|e| self.db(e))?;
        Ok(added)
    }

    /// A random archived board of `genre`, optionally filtered by size and difficulty (both
    /// compared without regard to case).
    pub fn random_archived(
        &self,
        genre: &str,
        size: Option<&str>,
        difficulty: Option<&str>,
    ) -> Result<Option<ArchiveRow>, ServerError> {
        let conn = self.lock();
        let mut stmt = conn
            .prepare_cached(
                "SELECT id, genre, size, difficulty, version, params, digest, puzzle
                 FROM archive
                 WHERE genre = ?1
                   AND (?2 IS NULL OR size = ?2 COLLATE NOCASE)
                   AND (?3 IS NULL OR difficulty = ?3 COLLATE NOCASE)
                 ORDER BY random() LIMIT 1",
            )
            .map_err(|e| self.db(e))?;
        stmt.query_row(params![genre, size, difficulty], |r| {
            Ok(ArchiveRow {
                id: r.get(0)?,
                genre: r.get(1)?,
                size: r.get(2)?,
                difficulty: r.get(3)?,
                version: r.get(4)?,
                params: r.get(5)?,
                digest: r.get(6)?,
                puzzle: r.get(7)?,
            })
        })
        .optional()
        .map_err(|e| self.db(e))
    }
}

/// A non-negative integer column (SQLite integers are i64).
pub(crate) fn get_u64(row: &rusqlite::Row<'_>, idx: usize) -> Result<u64, rusqlite::Error> {
    let v: i64 = row.get(idx)?;
    u64::try_from(v).map_err(|_| rusqlite::Error::IntegralValueOutOfRange(idx, v))
}

fn migrate(conn: &mut Connection, path: &Path) -> Result<(), ServerError> {
    let db = |source| ServerError::Database {
        path: path.to_path_buf(),
        source,
    };
    let tx = conn.transaction().map_err(db)?;
    tx.execute_batch("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        .map_err(db)?;
    let current: i64 = tx
        .query_row(
            "SELECT COALESCE(MAX(version), 0) FROM schema_version",
            [],
            |r| r.get(0),
        )
        .map_err(db)?;
    let known = MIGRATIONS.len() as i64;
    if current > known {
        return Err(ServerError::SchemaTooNew {
            db: path.display().to_string(),
            found: current,
            known,
        });
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(current as usize) {
        tx.execute_batch(sql).map_err(db)?;
        tx.execute(
            "INSERT INTO schema_version (version) VALUES (?1)",
            params![i as i64 + 1],
        )
        .map_err(db)?;
    }
    tx.commit().map_err(db)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opens_migrates_and_reopens() {
        let dir = tempdir();
        let path = dir.path().join("a.sqlite");
        let store = Sqlite::open(&path).unwrap();
        store.create_player("Ann", "ann", "h").unwrap();
        drop(store);
        let store = Sqlite::open(&path).unwrap();
        assert_eq!(store.player_by_token("h").unwrap().unwrap().name, "Ann");
        let mode: String = store
            .lock()
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
        let sync: i64 = store
            .lock()
            .query_row("PRAGMA synchronous", [], |r| r.get(0))
            .unwrap();
        assert_eq!(sync, 2, "synchronous=FULL");
    }

    #[test]
    fn newer_schema_is_refused() {
        let dir = tempdir();
        let path = dir.path().join("b.sqlite");
        drop(Sqlite::open(&path).unwrap());
        let conn = Connection::open(&path).unwrap();
        conn.execute("INSERT INTO schema_version (version) VALUES (99)", [])
            .unwrap();
        drop(conn);
        let err = Sqlite::open(&path).err().unwrap();
        assert!(err.to_string().contains("schema version 99"), "{err}");
    }

    #[test]
    fn archive_filters() {
        let dir = tempdir();
        let store = Sqlite::open(&dir.path().join("d.sqlite")).unwrap();
        let row = ArchiveRow {
            id: "toy:SEED-1-S4-g1".into(),
            genre: "toy".into(),
            size: Some("4x1".into()),
            difficulty: Some("EASY".into()),
            version: "g1".into(),
            params: "S4".into(),
            digest: "d".into(),
            puzzle: "{}".into(),
        };
        assert_eq!(
            store.insert_archive(&[row.clone(), row.clone()]).unwrap(),
            1
        );
        let hit = store
            .random_archived("toy", Some("4X1"), Some("easy"))
            .unwrap();
        assert_eq!(hit.unwrap().id, "toy:SEED-1-S4-g1");
        assert!(
            store
                .random_archived("toy", None, Some("hard"))
                .unwrap()
                .is_none()
        );
        assert!(
            store
                .random_archived("other", None, None)
                .unwrap()
                .is_none()
        );
    }

    fn tempdir() -> tempfile::TempDir {
        tempfile::tempdir().unwrap()
    }
}
