//! A player's own score history: `GET /api/v1/players/me/scores`.
//!
//! Lists the bearer's filed results (their best entry per board, as the leaderboards keep it),
//! so a page on another device can rebuild the player's statistics. Each entry names its board
//! by id, digest and what the id means (the daily's day, or the seed). Pages are bounded
//! ([`MAX_PAGE`]) and follow the entries' ids: `after` is the `next_after` of the previous page,
//! which stays correct while the player keeps playing (an improved result keeps its id, a newly
//! solved board gets a larger one).

use axum::Json;
use axum::extract::State;
use dayseed_core::day::format_date;
use dayseed_core::{PuzzleId, Source};
use serde::{Deserialize, Serialize};

use crate::auth::Authed;
use crate::error::AppError;
use crate::extract::ApiQuery;
use crate::handlers::blocking;
use crate::state::AppState;
use crate::store::PlayerScore;
use crate::validate;

/// Entries per page when the client does not say.
pub const DEFAULT_PAGE: u32 = 100;
/// The largest page a client may ask for.
pub const MAX_PAGE: u32 = 500;

/// Query of `GET /api/v1/players/me/scores`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HistoryQuery {
    limit: Option<u32>,
    after: Option<i64>,
    genre: Option<String>,
}

/// One filed result as sent.
#[derive(Serialize)]
pub struct HistoryEntry {
    score_id: i64,
    id: String,
    genre: String,
    version: String,
    digest: String,
    /// `daily` or `seed`.
    source: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    policy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    day: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    date: Option<String>,
    /// A decimal string: seeds reach 2^64, past what JSON numbers carry exactly in browsers.
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<String>,
    elapsed_ms: i64,
    hints: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unit: Option<String>,
    submitted_at: String,
}

/// Answer of `GET /api/v1/players/me/scores`.
#[derive(Serialize)]
pub struct History {
    player: String,
    scores: Vec<HistoryEntry>,
    /// The `after` of the next page; `null` on the last page.
    next_after: Option<i64>,
}

/// A page length: [`DEFAULT_PAGE`] unless given, at most [`MAX_PAGE`].
fn page(limit: Option<u32>) -> Result<u32, AppError> {
    match limit {
        None => Ok(DEFAULT_PAGE),
        Some(n) if (1..=MAX_PAGE).contains(&n) => Ok(n),
        Some(n) => Err(AppError::bad_request(format!(
            "limit must be between 1 and {MAX_PAGE}, got {n}"
        ))),
    }
}

fn entry(row: PlayerScore) -> HistoryEntry {
    let parsed: Option<PuzzleId> = row.puzzle_id.parse().ok();
    let (source, policy, day, seed) = match parsed.map(|p| p.source) {
        Some(Source::Daily { policy, epoch_day }) => (
            "daily",
            Some(policy.name().to_string()),
            Some(epoch_day),
            None,
        ),
        Some(Source::Seed(seed)) => ("seed", None, None, Some(seed.to_string())),
        // Every filed id was parsed before it was filed; an unreadable one is listed as is.
        None => ("seed", None, None, None),
    };
    let (score, unit) = row.arcade.map_or((None, None), |(v, u)| (Some(v), Some(u)));
    HistoryEntry {
        score_id: row.score_id,
        date: day.and_then(|d| format_date(d).ok()),
        id: row.puzzle_id,
        genre: row.genre,
        version: row.version,
        digest: row.digest,
        source,
        policy,
        day,
        seed,
        elapsed_ms: row.elapsed_ms,
        hints: row.hints,
        score,
        unit,
        submitted_at: jiff::Timestamp::from_millisecond(row.submitted_at_ms)
            .map(|t| t.to_string())
            .unwrap_or_default(),
    }
}

/// `GET /api/v1/players/me/scores`: the bearer's filed results, oldest board first, `limit` at a
/// time (default 100, at most 500), after the score id `after`, of one `genre` if given.
pub async fn list(
    State(app): State<AppState>,
    player: Authed,
    ApiQuery(q): ApiQuery<HistoryQuery>,
) -> Result<Json<History>, AppError> {
    let limit = page(q.limit)?;
    let after = q.after.unwrap_or(0);
    if after < 0 {
        return Err(AppError::bad_request(format!(
            "after must be a score id (0 or more), got {after}"
        )));
    }
    let genre = match validate::param("genre", q.genre.as_deref())? {
        Some(name) => Some(app.registry().get(name)?.name().to_string()),
        None => None,
    };
    let store = app.store().clone();
    let player_id = player.player_id;
    // One more than asked tells whether another page follows.
    let mut rows =
        blocking(move || Ok(store.player_scores(player_id, genre.as_deref(), after, limit + 1)?))
            .await?;
    let more = rows.len() > limit as usize;
    rows.truncate(limit as usize);
    let next_after = if more {
        rows.last().map(|r| r.score_id)
    } else {
        None
    };
    Ok(Json(History {
        player: player.name,
        scores: rows.into_iter().map(entry).collect(),
        next_after,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(puzzle_id: &str) -> PlayerScore {
        PlayerScore {
            score_id: 4,
            puzzle_id: puzzle_id.into(),
            genre: "sudoku".into(),
            version: "g1".into(),
            digest: "d".into(),
            elapsed_ms: 61_000,
            hints: 1,
            arcade: None,
            submitted_at_ms: 0,
        }
    }

    #[test]
    fn entries_say_which_day_or_seed_their_board_is() {
        let daily = entry(row("sudoku:DAILY-utc-v1-20671-MEDIUM-g1"));
        assert_eq!(
            (daily.source, daily.policy.as_deref(), daily.day),
            ("daily", Some("utc-v1"), Some(20671))
        );
        assert_eq!(daily.date.as_deref(), Some("2026-08-06"));
        assert_eq!(daily.submitted_at, "1970-01-01T00:00:00Z");
        let seeded = entry(row("sudoku:SEED-18446744073709551615-HARD-g1"));
        assert_eq!(
            (seeded.source, seeded.seed.as_deref(), seeded.day),
            ("seed", Some("18446744073709551615"), None)
        );
    }

    #[test]
    fn pages_are_bounded() {
        assert_eq!(page(None).unwrap(), DEFAULT_PAGE);
        assert_eq!(page(Some(MAX_PAGE)).unwrap(), MAX_PAGE);
        assert!(page(Some(0)).is_err());
        assert!(page(Some(MAX_PAGE + 1)).is_err());
    }
}
