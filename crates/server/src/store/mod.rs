//! The SQLite store: archive, scores and saves.
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
//! * `scores(score_id PK, puzzle_id, genre, version, digest, player, elapsed_ms, submitted_at)`.
//! * `saves(player, id, save, updated_at)`, primary key `(player, id)`; `save` is schema-v2 JSON.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, params};

use crate::error::ServerError;

/// Migrations in order; migration `i` brings the schema to version `i + 1`. Append only.
const MIGRATIONS: &[&str] = &[r#"
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
"#];

/// A shared handle on the database.
#[derive(Clone)]
pub struct Store {
    conn: Arc<Mutex<Connection>>,
    path: Arc<PathBuf>,
}

/// A verified score ready to be stored.
#[derive(Debug, Clone)]
pub struct NewScore {
    /// The puzzle id.
    pub puzzle_id: String,
    /// The genre name.
    pub genre: String,
    /// The generator version (`g1`).
    pub version: String,
    /// The board digest the player solved.
    pub digest: String,
    /// The player's name (already validated).
    pub player: String,
    /// Solving time in milliseconds (already validated).
    pub elapsed_ms: i64,
}

/// One line of a leaderboard.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct LeaderboardEntry {
    /// 1-based rank.
    pub rank: u64,
    /// The player's name.
    pub player: String,
    /// The player's best time in milliseconds.
    pub elapsed_ms: i64,
    /// When that time was submitted, milliseconds since the Unix epoch.
    pub submitted_at_ms: i64,
}

/// A board in the archive.
#[derive(Debug, Clone)]
pub struct ArchiveRow {
    /// The puzzle id.
    pub id: String,
    /// The genre name.
    pub genre: String,
    /// Size label (`9x9`, lower-case) when the genre has one.
    pub size: Option<String>,
    /// Difficulty label when the genre has one.
    pub difficulty: Option<String>,
    /// Generator version (`g1`).
    pub version: String,
    /// Canonical params text.
    pub params: String,
    /// Board digest.
    pub digest: String,
    /// Genre puzzle JSON, with the answer.
    pub puzzle: String,
}

/// Milliseconds since the Unix epoch on the server clock.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// The best-per-player ranking of one puzzle's scores: ties go to the earlier submission.
const RANKED: &str = "WITH best AS (
        SELECT player, elapsed_ms, submitted_at, score_id,
               ROW_NUMBER() OVER (PARTITION BY player ORDER BY elapsed_ms, score_id) AS rn
        FROM scores WHERE puzzle_id = ?1),
    ranked AS (
        SELECT player, elapsed_ms, submitted_at,
               ROW_NUMBER() OVER (ORDER BY elapsed_ms, score_id) AS rank
        FROM best WHERE rn = 1)";

impl Store {
    /// Opens (creating and migrating if needed) the database at `path`.
    pub fn open(path: &Path) -> Result<Store, ServerError> {
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
        Ok(Store {
            conn: Arc::new(Mutex::new(conn)),
            path: Arc::new(path.to_path_buf()),
        })
    }

    fn lock(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a half-done write: transactions roll back
        // on drop, so the connection is safe to reuse.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn db(&self, source: rusqlite::Error) -> ServerError {
        ServerError::Database {
            path: self.path.as_ref().clone(),
            source,
        }
    }

    /// Stores a score durably and returns its id and the player's rank on that puzzle's board.
    pub fn insert_score(&self, score: &NewScore) -> Result<(i64, u64), ServerError> {
        let mut conn = self.lock();
        let tx = conn.transaction().map_err(|e| self.db(e))?;
        tx.execute(
            "INSERT INTO scores (puzzle_id, genre, version, digest, player, elapsed_ms, submitted_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                score.puzzle_id,
                score.genre,
                score.version,
                score.digest,
                score.player,
                score.elapsed_ms,
                now_ms()
            ],
        )
        .map_err(|e| self.db(e))?;
        let score_id = tx.last_insert_rowid();
        let rank = player_rank(&tx, &score.puzzle_id, &score.player)
            .map_err(|e| self.db(e))?
            .unwrap_or(0);
        tx.commit().map_err(|e| self.db(e))?;
        Ok((score_id, rank))
    }

    /// The top `limit` players of a puzzle (best time each) and, if asked, one player's rank.
    pub fn leaderboard(
        &self,
        puzzle_id: &str,
        limit: u32,
        player: Option<&str>,
    ) -> Result<(Vec<LeaderboardEntry>, Option<u64>), ServerError> {
        let conn = self.lock();
        let sql = format!(
            "{RANKED} SELECT rank, player, elapsed_ms, submitted_at FROM ranked
             ORDER BY rank LIMIT ?2"
        );
        let mut stmt = conn.prepare_cached(&sql).map_err(|e| self.db(e))?;
        let entries = stmt
            .query_map(params![puzzle_id, limit], |row| {
                Ok(LeaderboardEntry {
                    rank: get_u64(row, 0)?,
                    player: row.get(1)?,
                    elapsed_ms: row.get(2)?,
                    submitted_at_ms: row.get(3)?,
                })
            })
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(|e| self.db(e))?;
        let rank = match player {
            Some(p) => player_rank(&conn, puzzle_id, p).map_err(|e| self.db(e))?,
            None => None,
        };
        Ok((entries, rank))
    }

    /// How many score rows a puzzle has (every submission, not only the best per player).
    pub fn score_rows(&self, puzzle_id: &str) -> Result<u64, ServerError> {
        self.lock()
            .query_row(
                "SELECT COUNT(*) FROM scores WHERE puzzle_id = ?1",
                params![puzzle_id],
                |r| get_u64(r, 0),
            )
            .map_err(|e| self.db(e))
    }

    /// Stores (or replaces) a player's save for an id.
    pub fn put_save(&self, player: &str, id: &str, save_json: &str) -> Result<(), ServerError> {
        let conn = self.lock();
        conn.execute(
            "INSERT INTO saves (player, id, save, updated_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (player, id) DO UPDATE SET save = excluded.save,
                                                    updated_at = excluded.updated_at",
            params![player, id, save_json, now_ms()],
        )
        .map_err(|e| self.db(e))?;
        Ok(())
    }

    /// A player's save for an id, as stored (schema-v2 JSON).
    pub fn get_save(&self, player: &str, id: &str) -> Result<Option<String>, ServerError> {
        self.lock()
            .query_row(
                "SELECT save FROM saves WHERE player = ?1 AND id = ?2",
                params![player, id],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.db(e))
    }

    /// Adds boards to the archive in one transaction; returns how many were new (an id already
    /// archived is left as it is).
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
            let now = now_ms();
            for r in rows {
                added += stmt
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
fn get_u64(row: &rusqlite::Row<'_>, idx: usize) -> Result<u64, rusqlite::Error> {
    let v: i64 = row.get(idx)?;
    u64::try_from(v).map_err(|_| rusqlite::Error::IntegralValueOutOfRange(idx, v))
}

fn player_rank(
    conn: &Connection,
    puzzle_id: &str,
    player: &str,
) -> Result<Option<u64>, rusqlite::Error> {
    let sql = format!("{RANKED} SELECT rank FROM ranked WHERE player = ?2");
    conn.prepare_cached(&sql)?
        .query_row(params![puzzle_id, player], |r| get_u64(r, 0))
        .optional()
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
            path: path.to_path_buf(),
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

    fn score(player: &str, elapsed_ms: i64) -> NewScore {
        NewScore {
            puzzle_id: "toy:SEED-1-S4-g1".into(),
            genre: "toy".into(),
            version: "g1".into(),
            digest: "d".into(),
            player: player.into(),
            elapsed_ms,
        }
    }

    #[test]
    fn opens_migrates_and_reopens() {
        let dir = tempdir();
        let path = dir.path().join("a.sqlite");
        let store = Store::open(&path).unwrap();
        store.insert_score(&score("ann", 5)).unwrap();
        drop(store);
        let store = Store::open(&path).unwrap();
        assert_eq!(store.score_rows("toy:SEED-1-S4-g1").unwrap(), 1);
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
        drop(Store::open(&path).unwrap());
        let conn = Connection::open(&path).unwrap();
        conn.execute("INSERT INTO schema_version (version) VALUES (99)", [])
            .unwrap();
        drop(conn);
        let err = Store::open(&path).err().unwrap();
        assert!(err.to_string().contains("schema version 99"), "{err}");
    }

    #[test]
    fn ranking_is_best_per_player_ties_to_the_earlier() {
        let dir = tempdir();
        let store = Store::open(&dir.path().join("c.sqlite")).unwrap();
        assert_eq!(store.insert_score(&score("ann", 500)).unwrap().1, 1);
        assert_eq!(store.insert_score(&score("bob", 300)).unwrap().1, 1);
        assert_eq!(store.insert_score(&score("cat", 300)).unwrap().1, 2);
        // ann improves: her best is now 200, rank 1; a slower retry keeps her best.
        assert_eq!(store.insert_score(&score("ann", 200)).unwrap().1, 1);
        assert_eq!(store.insert_score(&score("ann", 900)).unwrap().1, 1);
        let (entries, rank) = store
            .leaderboard("toy:SEED-1-S4-g1", 10, Some("cat"))
            .unwrap();
        let names: Vec<(u64, &str, i64)> = entries
            .iter()
            .map(|e| (e.rank, e.player.as_str(), e.elapsed_ms))
            .collect();
        assert_eq!(names, [(1, "ann", 200), (2, "bob", 300), (3, "cat", 300)]);
        assert_eq!(rank, Some(3));
        assert_eq!(store.score_rows("toy:SEED-1-S4-g1").unwrap(), 5);
        let (top1, none) = store
            .leaderboard("toy:SEED-1-S4-g1", 1, Some("zed"))
            .unwrap();
        assert_eq!(top1.len(), 1);
        assert_eq!(none, None);
    }

    #[test]
    fn saves_upsert_and_archive_filters() {
        let dir = tempdir();
        let store = Store::open(&dir.path().join("d.sqlite")).unwrap();
        store.put_save("ann", "x", "{\"a\":1}").unwrap();
        store.put_save("ann", "x", "{\"a\":2}").unwrap();
        assert_eq!(store.get_save("ann", "x").unwrap().unwrap(), "{\"a\":2}");
        assert_eq!(store.get_save("bob", "x").unwrap(), None);
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
