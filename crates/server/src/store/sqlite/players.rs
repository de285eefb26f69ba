//! Players (display name + token hash) and play sessions (the server clock per player and board).

use rusqlite::{OptionalExtension, params};

use super::{Sqlite, get_u64};
use crate::auth::Authed;
use crate::error::ServerError;

/// A play session as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRow {
    /// The session id (32 hex digits).
    pub session_id: String,
    /// The player who started it.
    pub player_id: i64,
    /// The id the board was opened under.
    pub puzzle_id: String,
    /// `<genre>:<digest>` of the board.
    pub board_key: String,
    /// When the server started the clock, milliseconds since the Unix epoch.
    pub started_at_ms: i64,
    /// Hints the player used in this session.
    pub hints: u64,
}

/// The answer of [`Sqlite::start_session`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartedSession {
    /// The session (new, or the one already running for this player and board).
    pub session: SessionRow,
    /// False when the player already had a session on this board (its clock keeps running).
    pub created: bool,
}

fn session_row(r: &rusqlite::Row<'_>) -> Result<SessionRow, rusqlite::Error> {
    Ok(SessionRow {
        session_id: r.get(0)?,
        player_id: r.get(1)?,
        puzzle_id: r.get(2)?,
        board_key: r.get(3)?,
        started_at_ms: r.get(4)?,
        hints: get_u64(r, 5)?,
    })
}

const SESSION_COLUMNS: &str = "session_id, player_id, puzzle_id, board_key, started_at, hints";

impl Sqlite {
    /// Creates a player; `None` when another player already has a name with the same key.
    pub fn create_player(
        &self,
        name: &str,
        name_key: &str,
        token_hash: &str,
    ) -> Result<Option<i64>, ServerError> {
        let conn = self.lock();
        let added = conn
            .execute(
                "INSERT INTO players (name, name_key, token_hash, created_at)
                 VALUES (?1, ?2, ?3, ?4) ON CONFLICT (name_key) DO NOTHING",
                params![name, name_key, token_hash, super::now_ms()],
            )
            .map_err(|e| self.db(e))?;
        Ok((added == 1).then(|| conn.last_insert_rowid()))
    }

    /// Renames a player; `false` when another player has a name with the same key.
    pub fn rename_player(
        &self,
        player_id: i64,
        name: &str,
        name_key: &str,
    ) -> Result<bool, ServerError> {
        let conn = self.lock();
        let changed = conn
            .execute(
                "UPDATE OR IGNORE players SET name = ?2, name_key = ?3 WHERE player_id = ?1",
                params![player_id, name, name_key],
            )
            .map_err(|e| self.db(e))?;
        Ok(changed == 1)
    }

    /// The player whose token hashes to `token_hash`.
    pub fn player_by_token(&self, token_hash: &str) -> Result<Option<Authed>, ServerError> {
        self.lock()
            .query_row(
                "SELECT player_id, name FROM players WHERE token_hash = ?1",
                params![token_hash],
                |r| {
                    Ok(Authed {
                        player_id: r.get(0)?,
                        name: r.get(1)?,
                    })
                },
            )
            .optional()
            .map_err(|e| self.db(e))
    }

    /// The id of the player whose name has `name_key`.
    pub fn player_by_name_key(&self, name_key: &str) -> Result<Option<i64>, ServerError> {
        self.lock()
            .query_row(
                "SELECT player_id FROM players WHERE name_key = ?1",
                params![name_key],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.db(e))
    }

    /// Starts the clock of `player_id` on a board, or returns the session already running for
    /// that player and board (so reloading the page never resets the clock). `None` when the
    /// player already has `max_sessions` sessions.
    pub fn start_session(
        &self,
        player_id: i64,
        puzzle_id: &str,
        board_key: &str,
        new_id: &str,
        max_sessions: u64,
    ) -> Result<Option<StartedSession>, ServerError> {
        let mut conn = self.lock();
        let tx = conn.transaction().map_err(|e| self.db(e))?;
        let existing = tx
            .query_row(
                &format!(
                    "SELECT {SESSION_COLUMNS} FROM sessions WHERE player_id = ?1 AND board_key = ?2"
                ),
                params![player_id, board_key],
                session_row,
            )
            .optional()
            .map_err(|e| self.db(e))?;
        if let Some(session) = existing {
            return Ok(Some(StartedSession {
                session,
                created: false,
            }));
        }
        let count = tx
            .query_row(
                "SELECT COUNT(*) FROM sessions WHERE player_id = ?1",
                params![player_id],
                |r| get_u64(r, 0),
            )
            .map_err(|e| self.db(e))?;
        if count >= max_sessions {
            return Ok(None);
        }
        let session = SessionRow {
            session_id: new_id.to_string(),
            player_id,
            puzzle_id: puzzle_id.to_string(),
            board_key: board_key.to_string(),
            started_at_ms: super::now_ms(),
            hints: 0,
        };
        tx.execute(
            "INSERT INTO sessions (session_id, player_id, puzzle_id, board_key, started_at, hints)
             VALUES (?1, ?2, ?3, ?4, ?5, 0)",
            params![
                session.session_id,
                player_id,
                session.puzzle_id,
                session.board_key,
                session.started_at_ms
            ],
        )
        .map_err(|e| self.db(e))?;
        tx.commit().map_err(|e| self.db(e))?;
        Ok(Some(StartedSession {
            session,
            created: true,
        }))
    }

    /// A session by id.
    pub fn session(&self, session_id: &str) -> Result<Option<SessionRow>, ServerError> {
        self.lock()
            .query_row(
                &format!("SELECT {SESSION_COLUMNS} FROM sessions WHERE session_id = ?1"),
                params![session_id],
                session_row,
            )
            .optional()
            .map_err(|e| self.db(e))
    }

    /// Counts one more hint in a session of `player_id`; the new count, or `None` when the
    /// session is not that player's.
    pub fn add_hint(&self, session_id: &str, player_id: i64) -> Result<Option<u64>, ServerError> {
        self.lock()
            .query_row(
                "UPDATE sessions SET hints = hints + 1
                 WHERE session_id = ?1 AND player_id = ?2 RETURNING hints",
                params![session_id, player_id],
                |r| get_u64(r, 0),
            )
            .optional()
            .map_err(|e| self.db(e))
    }

    /// Any board key a session under `puzzle_id` recorded (saves regenerating the board to find
    /// which leaderboard an id belongs to).
    pub fn board_key_of(&self, puzzle_id: &str) -> Result<Option<String>, ServerError> {
        self.lock()
            .query_row(
                "SELECT board_key FROM sessions WHERE puzzle_id = ?1 LIMIT 1",
                params![puzzle_id],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.db(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_sessions_keep_their_clock() {
        let dir = tempfile::tempdir().unwrap();
        let store = Sqlite::open(&dir.path().join("p.sqlite")).unwrap();
        let ann = store.create_player("Ann", "ann", "h1").unwrap().unwrap();
        assert_eq!(store.create_player("ANN", "ann", "h2").unwrap(), None);
        let bob = store.create_player("bob", "bob", "h3").unwrap().unwrap();
        assert!(!store.rename_player(bob, "Ann", "ann").unwrap(), "taken");
        assert!(
            store.rename_player(ann, "ANN", "ann").unwrap(),
            "own name, new case"
        );
        assert!(store.rename_player(bob, "Bo", "bo").unwrap());
        assert_eq!(store.player_by_token("h1").unwrap().unwrap().player_id, ann);
        assert!(store.player_by_token("h2").unwrap().is_none());
        let first = store
            .start_session(ann, "toy:A", "toy:d1", "s1", 2)
            .unwrap()
            .unwrap();
        assert!(first.created);
        // The same board under another id: the same session, the same clock.
        let again = store
            .start_session(ann, "toy:B", "toy:d1", "s2", 2)
            .unwrap()
            .unwrap();
        assert!(!again.created);
        assert_eq!(again.session, first.session);
        assert!(
            store
                .start_session(ann, "toy:C", "toy:d2", "s3", 2)
                .unwrap()
                .is_some()
        );
        assert_eq!(
            store
                .start_session(ann, "toy:D", "toy:d3", "s4", 2)
                .unwrap(),
            None,
            "quota"
        );
        assert_eq!(store.add_hint("s1", ann).unwrap(), Some(1));
        assert_eq!(store.add_hint("s1", ann).unwrap(), Some(2));
        assert_eq!(store.add_hint("s1", ann + 1).unwrap(), None);
        assert_eq!(store.session("s1").unwrap().unwrap().hints, 2);
        assert_eq!(
            store.board_key_of("toy:A").unwrap().as_deref(),
            Some("toy:d1")
        );
        assert_eq!(store.board_key_of("toy:B").unwrap(), None);
    }
}
