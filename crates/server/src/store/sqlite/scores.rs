//! Verified scores: one best entry per player per board, ranked hint-free first.
//!
//! The unique key `(board_key, player_id)` makes "one entry per player" a property of the table,
//! not of a read-then-write in the handler: a submission is an `INSERT ... ON CONFLICT DO
//! UPDATE ... WHERE better`, so concurrent submissions of one player cannot add rows, and a worse
//! result never replaces a better one.
//!
//! Order: every hint-free result ranks above every result that used hints; then `rank_value`
//! (lower is better: the time in ms, or an arcade score negated when higher is better); then the
//! earlier submission.

use rusqlite::{OptionalExtension, params};

use super::{Sqlite, get_u64};
use crate::error::ServerError;

/// A verified result ready to be filed.
#[derive(Debug, Clone)]
pub struct NewScore {
    /// `<genre>:<digest>`: which leaderboard.
    pub board_key: String,
    /// The player.
    pub player_id: i64,
    /// The id the board was played under.
    pub puzzle_id: String,
    /// The genre name.
    pub genre: String,
    /// The generator version (`g1`).
    pub version: String,
    /// The board digest.
    pub digest: String,
    /// The play session the result belongs to.
    pub session_id: String,
    /// The time filed, in ms (measured by the server).
    pub elapsed_ms: i64,
    /// Hints used in the session.
    pub hints: u64,
    /// Arcade results: the verdict's score value (recomputed by replay) and unit.
    pub arcade: Option<(i64, String)>,
    /// Lower is better: `elapsed_ms`, or the arcade value (negated when higher is better).
    pub rank_value: i64,
}

/// What filing a score did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored {
    /// The player's entry on the board.
    pub score_id: i64,
    /// The player's rank with their best entry.
    pub rank: u64,
    /// True when this result became the player's entry (first, or better than the old one).
    pub improved: bool,
}

/// One line of a leaderboard.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct LeaderboardEntry {
    /// 1-based rank.
    pub rank: u64,
    /// The player's display name.
    pub player: String,
    /// The id the player played the board under.
    pub puzzle_id: String,
    /// The server-measured time in milliseconds.
    pub elapsed_ms: i64,
    /// Hints used.
    pub hints: u64,
    /// Arcade results: score value and unit.
    pub arcade: Option<(i64, String)>,
    /// When the entry was filed, milliseconds since the Unix epoch.
    pub submitted_at_ms: i64,
}

const RANKED: &str = "WITH ranked AS (
        SELECT s.player_id, p.name, s.puzzle_id, s.elapsed_ms, s.hints, s.score_value,
               s.score_unit, s.submitted_at, s.score_id,
               ROW_NUMBER() OVER (ORDER BY s.hints > 0, s.rank_value, s.submitted_at, s.score_id)
                   AS rank
        FROM scores s JOIN players p ON p.player_id = s.player_id
        WHERE s.board_key = ?1)";

fn player_rank(
    conn: &rusqlite::Connection,
    board_key: &str,
    player_id: i64,
) -> Result<Option<(i64, u64)>, rusqlite::Error> {
    let sql = format!("{RANKED} SELECT score_id, rank FROM ranked WHERE player_id = ?2");
    conn.prepare_cached(&sql)?
        .query_row(params![board_key, player_id], |r| {
            Ok((r.get(0)?, get_u64(r, 1)?))
        })
        .optional()
}

impl Sqlite {
    /// Files a verified result: the player's entry on the board becomes this one when it is the
    /// first or a better one. Durable when it returns.
    pub fn upsert_score(&self, s: &NewScore) -> Result<Stored, ServerError> {
        let mut conn = self.lock();
        let tx = conn.transaction().map_err(|e| self.db(e))?;
        let (value, unit) = match &s.arcade {
            Some((v, u)) => (Some(*v), Some(u.as_str())),
            None => (None, None),
        };
        let hints = i64::try_from(s.hints).unwrap_or(i64::MAX);
        let changed = tx
            .execute(
                "INSERT INTO scores (board_key, player_id, puzzle_id, genre, version, digest,
                     session_id, elapsed_ms, hints, score_value, score_unit, rank_value,
                     submitted_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
                 ON CONFLICT (board_key, player_id) DO UPDATE SET
                     puzzle_id = excluded.puzzle_id, genre = excluded.genre,
                     version = excluded.version, digest = excluded.digest,
                     session_id = excluded.session_id, elapsed_ms = excluded.elapsed_ms,
                     hints = excluded.hints, score_value = excluded.score_value,
                     score_unit = excluded.score_unit, rank_value = excluded.rank_value,
                     submitted_at = excluded.submitted_at
                 WHERE (excluded.hints > 0, excluded.rank_value)
                     < (scores.hints > 0, scores.rank_value)",
                params![
                    s.board_key,
                    s.player_id,
                    s.puzzle_id,
                    s.genre,
                    s.version,
                    s.digest,
                    s.session_id,
                    s.elapsed_ms,
                    hints,
                    value,
                    unit,
                    s.rank_value,
                    super::now_ms()
                ],
            )
            .map_err(|e| self.db(e))?;
        let (score_id, rank) = player_rank(&tx, &s.board_key, s.player_id)
            .map_err(|e| self.db(e))?
            .unwrap_or((0, 0));
        tx.commit().map_err(|e| self.db(e))?;
        Ok(Stored {
            score_id,
            rank,
            improved: changed == 1,
        })
    }

    /// The top `limit` entries of a board and, if asked, one player's rank.
    pub fn leaderboard(
        &self,
        board_key: &str,
        limit: u32,
        player_id: Option<i64>,
    ) -> Result<(Vec<LeaderboardEntry>, Option<u64>), ServerError> {
        let conn = self.lock();
        let sql = format!(
            "{RANKED} SELECT rank, name, puzzle_id, elapsed_ms, hints, score_value, score_unit,
                             submitted_at
             FROM ranked ORDER BY rank LIMIT ?2"
        );
        let mut stmt = conn.prepare_cached(&sql).map_err(|e| self.db(e))?;
        let entries = stmt
            .query_map(params![board_key, limit], |r| {
                let value: Option<i64> = r.get(5)?;
                let unit: Option<String> = r.get(6)?;
                Ok(LeaderboardEntry {
                    rank: get_u64(r, 0)?,
                    player: r.get(1)?,
                    puzzle_id: r.get(2)?,
                    elapsed_ms: r.get(3)?,
                    hints: get_u64(r, 4)?,
                    arcade: value.zip(unit),
                    submitted_at_ms: r.get(7)?,
                })
            })
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(|e| self.db(e))?;
        let rank = match player_id {
            Some(p) => player_rank(&conn, board_key, p)
                .map_err(|e| self.db(e))?
                .map(|(_, rank)| rank),
            None => None,
        };
        Ok((entries, rank))
    }

    /// How many entries a board has (one per player).
    pub fn score_rows(&self, board_key: &str) -> Result<u64, ServerError> {
        self.lock()
            .query_row(
                "SELECT COUNT(*) FROM scores WHERE board_key = ?1",
                params![board_key],
                |r| get_u64(r, 0),
            )
            .map_err(|e| self.db(e))
    }
}

/// One of a player's filed results, as their own score history lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerScore {
    /// The entry's id; a player's entries listed by ascending id page stably (an improvement
    /// keeps the id, a new board gets a larger one).
    pub score_id: i64,
    /// The id the board was last filed under.
    pub puzzle_id: String,
    /// The genre name.
    pub genre: String,
    /// The generator version (`g1`).
    pub version: String,
    /// The board digest.
    pub digest: String,
    /// The server-measured time of the filed result, in milliseconds.
    pub elapsed_ms: i64,
    /// Hints used in that result.
    pub hints: u64,
    /// Arcade results: score value and unit.
    pub arcade: Option<(i64, String)>,
    /// When the result was filed, milliseconds since the Unix epoch.
    pub submitted_at_ms: i64,
}

/// The columns [`PlayerScore`] reads, in its field order (shared by both backends).
pub(crate) const PLAYER_SCORE_COLUMNS: &str = "score_id, puzzle_id, genre, version, digest, \
     elapsed_ms, hints, score_value, score_unit, submitted_at";

impl Sqlite {
    /// Up to `limit` of a player's entries (their best per board) with an id above `after`,
    /// by ascending id, of one genre when `genre` is given.
    pub fn player_scores(
        &self,
        player_id: i64,
        genre: Option<&str>,
        after: i64,
        limit: u32,
    ) -> Result<Vec<PlayerScore>, ServerError> {
        let conn = self.lock();
        let sql = format!(
            "SELECT {PLAYER_SCORE_COLUMNS} FROM scores
             WHERE player_id = ?1 AND score_id > ?2 AND (?3 IS NULL OR genre = ?3)
             ORDER BY score_id LIMIT ?4"
        );
        let mut stmt = conn.prepare_cached(&sql).map_err(|e| self.db(e))?;
        stmt.query_map(params![player_id, after, genre, limit], |r| {
            let value: Option<i64> = r.get(7)?;
            let unit: Option<String> = r.get(8)?;
            Ok(PlayerScore {
                score_id: r.get(0)?,
                puzzle_id: r.get(1)?,
                genre: r.get(2)?,
                version: r.get(3)?,
                digest: r.get(4)?,
                elapsed_ms: r.get(5)?,
                hints: get_u64(r, 6)?,
                arcade: value.zip(unit),
                submitted_at_ms: r.get(9)?,
            })
        })
        .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
        .map_err(|e| self.db(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(player_id: i64, elapsed_ms: i64, hints: u64) -> NewScore {
        NewScore {
            board_key: "toy:d".into(),
            player_id,
            puzzle_id: "toy:SEED-1-S4-g1".into(),
            genre: "toy".into(),
            version: "g1".into(),
            digest: "d".into(),
            session_id: format!("s{player_id}"),
            elapsed_ms,
            hints,
            arcade: None,
            rank_value: elapsed_ms,
        }
    }

    #[test]
    fn one_best_entry_per_player_hint_free_first() {
        let dir = tempfile::tempdir().unwrap();
        let store = Sqlite::open(&dir.path().join("s.sqlite")).unwrap();
        let ann = store.create_player("ann", "ann", "a").unwrap().unwrap();
        let bob = store.create_player("bob", "bob", "b").unwrap().unwrap();
        let cat = store.create_player("cat", "cat", "c").unwrap().unwrap();
        let first = store.upsert_score(&score(ann, 500, 0)).unwrap();
        assert_eq!((first.rank, first.improved), (1, true));
        assert_eq!(store.upsert_score(&score(bob, 300, 0)).unwrap().rank, 1);
        // cat is fastest but used a hint: below every hint-free solve.
        assert_eq!(store.upsert_score(&score(cat, 100, 1)).unwrap().rank, 3);
        // ann improves; a slower retry keeps her best; the same entry (no new row).
        let better = store.upsert_score(&score(ann, 200, 0)).unwrap();
        assert_eq!(
            (better.rank, better.improved, better.score_id),
            (1, true, first.score_id)
        );
        let worse = store.upsert_score(&score(ann, 900, 0)).unwrap();
        assert_eq!((worse.rank, worse.improved), (1, false));
        // A faster time with a hint does not replace a hint-free one.
        assert!(!store.upsert_score(&score(ann, 50, 2)).unwrap().improved);
        let (entries, rank) = store.leaderboard("toy:d", 10, Some(cat)).unwrap();
        let rows: Vec<(u64, &str, i64, u64)> = entries
            .iter()
            .map(|e| (e.rank, e.player.as_str(), e.elapsed_ms, e.hints))
            .collect();
        assert_eq!(
            rows,
            [(1, "ann", 200, 0), (2, "bob", 300, 0), (3, "cat", 100, 1)]
        );
        assert_eq!(rank, Some(3));
        assert_eq!(store.score_rows("toy:d").unwrap(), 3);
        let (top1, none) = store.leaderboard("toy:d", 1, Some(cat + 9)).unwrap();
        assert_eq!((top1.len(), none), (1, None));
    }

    #[test]
    fn a_players_scores_page_by_id_and_filter_by_genre() {
        let dir = tempfile::tempdir().unwrap();
        let store = Sqlite::open(&dir.path().join("s.sqlite")).unwrap();
        let ann = store.create_player("ann", "ann", "a").unwrap().unwrap();
        let bob = store.create_player("bob", "bob", "b").unwrap().unwrap();
        let on = |board: &str, genre: &str, player: i64, ms: i64| NewScore {
            board_key: format!("{genre}:{board}"),
            genre: genre.into(),
            digest: board.into(),
            ..score(player, ms, 0)
        };
        store.upsert_score(&on("d1", "toy", ann, 500)).unwrap();
        store.upsert_score(&on("d1", "toy", bob, 400)).unwrap();
        store.upsert_score(&on("d2", "other", ann, 700)).unwrap();
        store.upsert_score(&on("d3", "toy", ann, 900)).unwrap();
        // An improvement keeps its place in the list and shows the better time.
        store.upsert_score(&on("d1", "toy", ann, 300)).unwrap();
        let all = store.player_scores(ann, None, 0, 10).unwrap();
        let rows: Vec<(&str, i64)> = all
            .iter()
            .map(|s| (s.digest.as_str(), s.elapsed_ms))
            .collect();
        assert_eq!(rows, [("d1", 300), ("d2", 700), ("d3", 900)]);
        let first = store.player_scores(ann, None, 0, 2).unwrap();
        let rest = store
            .player_scores(ann, None, first[1].score_id, 2)
            .unwrap();
        assert_eq!((first.len(), rest.len()), (2, 1));
        assert_eq!(rest[0].digest, "d3");
        let toy = store.player_scores(ann, Some("toy"), 0, 10).unwrap();
        assert_eq!(toy.len(), 2);
        assert!(toy.iter().all(|s| s.genre == "toy"));
        assert_eq!(store.player_scores(bob, None, 0, 10).unwrap().len(), 1);
    }
}
