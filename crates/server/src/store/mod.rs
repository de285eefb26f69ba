//! The store: archive, players, play sessions, scores and saves, over one of two backends.
//!
//! * [`sqlite`] (the default): one file, WAL mode, `synchronous=FULL`, one connection behind a
//!   mutex. `--db sqlite:PATH` or a bare `PATH`.
//! * [`postgres`]: `--db postgres://user@host/db`, for several stateless `dayseed serve` replicas
//!   over one database. tokio-postgres behind a deadpool pool, prepared (cached) statements.
//!
//! [`Store`] is the one contract the handlers and the importer use: every method means the same
//! on both backends (the tests run the whole API against each). Its methods are synchronous and
//! are called from blocking threads (`spawn_blocking`); the PostgreSQL backend drives its async
//! driver on a small runtime of its own. Each backend has its own versioned migrations, applied
//! on open, recorded in a `schema_version` table; a database with a newer schema than this build
//! knows is refused with [`ServerError::SchemaTooNew`].
//!
//! Nothing a request needs lives only in one process: players, sessions (the server clock),
//! scores, saves and the archive are all in the database, so replicas over one PostgreSQL
//! database answer alike. The board cache in [`crate::state`] is only a cache (a board is a pure
//! function of its id).
//!
//! A board's key is `<genre>:<digest>`, so the same board under two ids (one daily under
//! `utc-v1` and `device-local-v1`) has one leaderboard.

use std::path::Path;

pub mod postgres;
pub mod sqlite;

pub use postgres::{PgOptions, Postgres};
pub use sqlite::{
    LeaderboardEntry, NewScore, PlayerScore, SessionRow, Sqlite, StartedSession, Stored,
};

use crate::auth::Authed;
use crate::error::ServerError;

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

/// Builds the error for an archive id met again with another digest.
pub(crate) struct ArchiveConflict;

impl ArchiveConflict {
    pub(crate) fn error(row: &ArchiveRow, stored: String) -> ServerError {
        ServerError::ArchiveConflict {
            id: row.id.clone(),
            stored,
            incoming: row.digest.clone(),
        }
    }
}

/// Milliseconds since the Unix epoch on the server clock.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// A shared handle on the database, whichever backend; cheap to clone.
#[derive(Clone)]
pub enum Store {
    /// A SQLite file.
    Sqlite(Sqlite),
    /// A PostgreSQL database.
    Postgres(Postgres),
}

/// What `--db` names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DbSpec {
    /// A SQLite file (`sqlite:PATH` or a bare path).
    Sqlite(std::path::PathBuf),
    /// A PostgreSQL connection URL (`postgres://` or `postgresql://`).
    Postgres(String),
}

impl DbSpec {
    /// Reads a `--db` value: `postgres://...` or `postgresql://...`, `sqlite:PATH`, or a bare
    /// path (SQLite).
    pub fn parse(text: &str) -> Result<DbSpec, ServerError> {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return Ok(DbSpec::Postgres(text.to_string()));
        }
        let path = text.strip_prefix("sqlite:").unwrap_or(text);
        if path.is_empty() {
            return Err(ServerError::BadDbSpec(
                text.into(),
                "expected sqlite:PATH, a file path, or postgres://user@host/db".into(),
            ));
        }
        if let Some((scheme, _)) = text.split_once("://") {
            return Err(ServerError::BadDbSpec(
                text.into(),
                format!(
                    "unknown database scheme {scheme:?}: use sqlite:PATH, a file path, or \
                     postgres://user@host/db"
                ),
            ));
        }
        Ok(DbSpec::Sqlite(path.into()))
    }

    /// How the database is named in logs (a URL without its password).
    pub fn display(&self) -> String {
        match self {
            DbSpec::Sqlite(p) => format!("sqlite:{}", p.display()),
            DbSpec::Postgres(url) => postgres::redact(url),
        }
    }
}

/// Forwards a method to the backend.
macro_rules! both {
    ($self:ident . $method:ident ( $($arg:expr),* )) => {
        match $self {
            Store::Sqlite(s) => s.$method($($arg),*),
            Store::Postgres(p) => p.$method($($arg),*),
        }
    };
}

impl Store {
    /// Opens (creating and migrating if needed) the SQLite database at `path`.
    pub fn open(path: &Path) -> Result<Store, ServerError> {
        Ok(Store::Sqlite(Sqlite::open(path)?))
    }

    /// Opens what a `--db` value names (see [`DbSpec::parse`]), migrating it. Call it outside
    /// an async task (from `main`, a plain thread or `spawn_blocking`).
    pub fn connect(spec: &str) -> Result<Store, ServerError> {
        Store::connect_with(spec, PgOptions::default())
    }

    /// [`Store::connect`] with the PostgreSQL pool and timeouts of `pg` (unused for SQLite).
    pub fn connect_with(spec: &str, pg: PgOptions) -> Result<Store, ServerError> {
        match DbSpec::parse(spec)? {
            DbSpec::Sqlite(path) => Store::open(&path),
            DbSpec::Postgres(url) => Ok(Store::Postgres(Postgres::connect(&url, pg)?)),
        }
    }

    /// Which backend: `sqlite` or `postgres`.
    pub fn backend(&self) -> &'static str {
        match self {
            Store::Sqlite(_) => "sqlite",
            Store::Postgres(_) => "postgres",
        }
    }

    /// True when the database answers and its schema is the one this build migrates to.
    pub fn ready(&self) -> Result<(), ServerError> {
        both!(self.ready())
    }

    /// The schema version found in the database, after a write that is rolled back (so a
    /// read-only, locked or corrupt database fails it).
    pub fn probe(&self) -> Result<i64, ServerError> {
        both!(self.probe())
    }

    /// The schema version this build migrates the backend to.
    pub fn schema_expected(&self) -> i64 {
        match self {
            Store::Sqlite(_) => sqlite::SCHEMA_VERSION,
            Store::Postgres(_) => postgres::SCHEMA_VERSION,
        }
    }

    /// Adds boards to the archive in one transaction; returns how many were new. An id already
    /// archived with the same digest is left as it is; with another digest the whole batch is
    /// refused with [`ServerError::ArchiveConflict`] naming both digests.
    pub fn insert_archive(&self, rows: &[ArchiveRow]) -> Result<u64, ServerError> {
        both!(self.insert_archive(rows))
    }

    /// A random archived board of `genre`, optionally filtered by size and difficulty (both
    /// compared without regard to ASCII case).
    pub fn random_archived(
        &self,
        genre: &str,
        size: Option<&str>,
        difficulty: Option<&str>,
    ) -> Result<Option<ArchiveRow>, ServerError> {
        both!(self.random_archived(genre, size, difficulty))
    }

    /// Creates a player; `None` when another player already has a name with the same key.
    pub fn create_player(
        &self,
        name: &str,
        name_key: &str,
        token_hash: &str,
    ) -> Result<Option<i64>, ServerError> {
        both!(self.create_player(name, name_key, token_hash))
    }

    /// Renames a player; `false` when another player has a name with the same key.
    pub fn rename_player(
        &self,
        player_id: i64,
        name: &str,
        name_key: &str,
    ) -> Result<bool, ServerError> {
        both!(self.rename_player(player_id, name, name_key))
    }

    /// The player whose token hashes to `token_hash`.
    pub fn player_by_token(&self, token_hash: &str) -> Result<Option<Authed>, ServerError> {
        both!(self.player_by_token(token_hash))
    }

    /// The id of the player whose name has `name_key`.
    pub fn player_by_name_key(&self, name_key: &str) -> Result<Option<i64>, ServerError> {
        both!(self.player_by_name_key(name_key))
    }

    /// Starts the clock of `player_id` on a board, or returns the session already running for
    /// that player and board. `None` when the player already has `max_sessions` sessions.
    pub fn start_session(
        &self,
        player_id: i64,
        puzzle_id: &str,
        board_key: &str,
        new_id: &str,
        max_sessions: u64,
    ) -> Result<Option<StartedSession>, ServerError> {
        both!(self.start_session(player_id, puzzle_id, board_key, new_id, max_sessions))
    }

    /// A session by id.
    pub fn session(&self, session_id: &str) -> Result<Option<SessionRow>, ServerError> {
        both!(self.session(session_id))
    }

    /// Counts one more hint in a session of `player_id`; the new count, or `None` when the
    /// session is not that player's.
    pub fn add_hint(&self, session_id: &str, player_id: i64) -> Result<Option<u64>, ServerError> {
        both!(self.add_hint(session_id, player_id))
    }

    /// Any board key a session under `puzzle_id` recorded.
    pub fn board_key_of(&self, puzzle_id: &str) -> Result<Option<String>, ServerError> {
        both!(self.board_key_of(puzzle_id))
    }

    /// Files a verified result: the player's entry on the board becomes this one when it is the
    /// first or a better one (one statement with a unique key, never read-then-write). Durable
    /// when it returns.
    pub fn upsert_score(&self, s: &NewScore) -> Result<Stored, ServerError> {
        both!(self.upsert_score(s))
    }

    /// The top `limit` entries of a board and, if asked, one player's rank.
    pub fn leaderboard(
        &self,
        board_key: &str,
        limit: u32,
        player_id: Option<i64>,
    ) -> Result<(Vec<LeaderboardEntry>, Option<u64>), ServerError> {
        both!(self.leaderboard(board_key, limit, player_id))
    }

    /// Up to `limit` of a player's own entries (their best per board) with a score id above
    /// `after`, by ascending score id; only `genre`'s when given. Paging by id is stable: an
    /// improved result keeps its id, a newly solved board gets a larger one.
    pub fn player_scores(
        &self,
        player_id: i64,
        genre: Option<&str>,
        after: i64,
        limit: u32,
    ) -> Result<Vec<PlayerScore>, ServerError> {
        both!(self.player_scores(player_id, genre, after, limit))
    }

    /// How many entries a board has (one per player).
    pub fn score_rows(&self, board_key: &str) -> Result<u64, ServerError> {
        both!(self.score_rows(board_key))
    }

    /// Writes a player's save for an id under a version check, in one conditional statement:
    /// * `expected: Some(n)`, `n > 0`: replaces the save only while its version is `n`;
    /// * `Some(0)`: creates the save only when the player has none for this id;
    /// * `None`: creates or replaces it whatever its version (last write wins).
    ///
    /// A write that lands makes the version one more (a new save starts at 1). A new id is
    /// refused when the player already has `max_saves` saves.
    pub fn put_save_versioned(
        &self,
        player_id: i64,
        id: &str,
        save_json: &str,
        expected: Option<i64>,
        max_saves: u64,
    ) -> Result<SaveWrite, ServerError> {
        both!(self.put_save_versioned(player_id, id, save_json, expected, max_saves))
    }

    /// A player's save for an id, as stored, with its version.
    pub fn get_save_versioned(
        &self,
        player_id: i64,
        id: &str,
    ) -> Result<Option<(String, i64)>, ServerError> {
        both!(self.get_save_versioned(player_id, id))
    }
}

/// What a versioned save write did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveWrite {
    /// Stored; the save's version is now this.
    Saved(i64),
    /// Not stored: the save's version is not the one the write was based on. `0` means the
    /// player has no save for this id.
    Conflict(i64),
    /// Not stored: a new id while the player is at the save quota.
    Quota,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn db_specs() {
        assert_eq!(
            DbSpec::parse("a.sqlite").unwrap(),
            DbSpec::Sqlite("a.sqlite".into())
        );
        assert_eq!(
            DbSpec::parse("sqlite:/tmp/x.db").unwrap(),
            DbSpec::Sqlite("/tmp/x.db".into())
        );
        assert_eq!(
            DbSpec::parse("postgres://me@localhost/db").unwrap(),
            DbSpec::Postgres("postgres://me@localhost/db".into())
        );
        assert!(matches!(
            DbSpec::parse("postgresql://h/db"),
            Ok(DbSpec::Postgres(_))
        ));
        let err = DbSpec::parse("mysql://h/db").unwrap_err().to_string();
        assert!(err.contains("mysql"), "{err}");
        assert!(DbSpec::parse("sqlite:").is_err());
        assert_eq!(
            DbSpec::parse("postgres://me:secret@h/db")
                .unwrap()
                .display(),
            "postgres://me:***@h/db"
        );
    }
}
