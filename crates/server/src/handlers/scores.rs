//! Score submission (verified and timed by the server) and leaderboards.
//!
//! A score names a play session of the bearer's player. The server checks the state by the rules
//! on the board it regenerates itself, and files its own elapsed time since the session started;
//! a client's `elapsed_ms` may lower that by at most [`NETWORK_ALLOWANCE_MS`] (the two trips of
//! starting and submitting), never below. Each player has one entry per board: their best.
//!
//! Arcade genres (`capabilities().kind == Arcade`): the body's `state` (alias `tape`) is the
//! input tape, and the server ranks by the `score` of the verdict that replaying it gives
//! (`value`, `higher_is_better`), never by a number the client sends. A higher-is-better score
//! (distance, points) counts for every replayed run, since a crash is how such a run ends; a
//! lower-is-better one (shots, ticks) only for a won run, since giving up would rank best.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use dayseed_core::arcade::ArcadeScore;
use dayseed_core::{ErrorKind, GenreKind, Verdict};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::auth::Authed;
use crate::error::AppError;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::handlers::{blocking, sessions};
use crate::state::AppState;
use crate::store::{NewScore, now_ms};
use crate::validate;

/// How much a client's own `elapsed_ms` may lower the server's measured time, in ms.
pub const NETWORK_ALLOWANCE_MS: i64 = 2_000;

/// Body of `POST /api/v1/scores`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreRequest {
    session: String,
    #[serde(alias = "solution", alias = "tape")]
    state: Value,
    id: Option<String>,
    digest: Option<String>,
    elapsed_ms: Option<i64>,
}

/// Answer to an accepted score.
#[derive(Serialize)]
pub struct ScoreAccepted {
    accepted: bool,
    score_id: i64,
    rank: u64,
    elapsed_ms: i64,
    hints: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unit: Option<String>,
    improved: bool,
}

/// The time filed for a session: the server's elapsed time, lowered by the client's figure by
/// at most [`NETWORK_ALLOWANCE_MS`], at least 1 ms.
pub fn filed_elapsed(server_ms: i64, client_ms: Option<i64>) -> i64 {
    let floor = server_ms.saturating_sub(NETWORK_ALLOWANCE_MS);
    let filed = match client_ms {
        Some(c) => c.clamp(floor, server_ms),
        None => server_ms,
    };
    filed.max(1)
}

fn unsolved(verdict: &Verdict) -> AppError {
    let mut why = String::from("the state does not solve the puzzle by the rules");
    if !verdict.complete {
        why.push_str(" (it is incomplete)");
    }
    if !verdict.problems.is_empty() {
        let first: Vec<&str> = verdict
            .problems
            .iter()
            .take(3)
            .map(String::as_str)
            .collect();
        why.push_str(": ");
        why.push_str(&first.join("; "));
    }
    AppError::rejected(why)
}

/// `POST /api/v1/scores`: verify (session owner, policy and window, digest, rules), time by the
/// server clock and file the player's best durably; 201 after COMMIT.
pub async fn submit(
    State(app): State<AppState>,
    player: Authed,
    ApiJson(req): ApiJson<ScoreRequest>,
) -> Result<(StatusCode, Json<ScoreAccepted>), AppError> {
    if let Some(ms) = req.elapsed_ms {
        validate::elapsed_ms(ms).map_err(AppError::rejected)?;
    }
    let session = sessions::owned(&app, &player, &req.session).await?;
    if let Some(id) = &req.id
        && *id != session.puzzle_id
    {
        let shown: String = id.chars().take(120).collect();
        return Err(AppError::rejected(format!(
            "session {} is for {}, not {shown}",
            session.session_id, session.puzzle_id
        )));
    }
    let (id, genre) = app.parse_id(&session.puzzle_id)?;
    let now = now_ms();
    app.policy()
        .check(genre, &id, now)
        .map_err(AppError::rejected)?;
    let board = app.board(&session.puzzle_id).await?;
    if let Some(digest) = &req.digest
        && *digest != board.record.digest
    {
        let shown: String = digest.chars().take(64).collect();
        return Err(AppError::rejected(format!(
            "digest {shown} does not match the board {} names ({}): the board differs from \
             the one the server generates",
            board.record.id, board.record.digest
        )));
    }
    let elapsed_ms = filed_elapsed(now.saturating_sub(session.started_at_ms), req.elapsed_ms);
    let mut score = NewScore {
        board_key: session.board_key.clone(),
        player_id: player.player_id,
        puzzle_id: board.record.id.clone(),
        genre: genre.name().to_string(),
        version: board.record.version.clone(),
        digest: board.record.digest.clone(),
        session_id: session.session_id.clone(),
        elapsed_ms,
        hints: session.hints,
        arcade: None,
        rank_value: elapsed_ms,
    };
    let state = req.state;
    let verdict = app
        .compute(move || {
            board
                .genre
                .check_model(&board.record.model, &state)
                .map_err(|e| match e.kind() {
                    ErrorKind::InvalidState => {
                        AppError::rejected(format!("the state does not fit the puzzle: {e}"))
                    }
                    _ => AppError::from(e),
                })
        })
        .await?;
    if genre.capabilities().kind == GenreKind::Arcade {
        let Some(earned) = verdict.score.as_ref() else {
            return Err(AppError::rejected(
                "the replay of this tape gave no score".to_string(),
            ));
        };
        if !verdict.solved && !earned.higher_is_better {
            return Err(unsolved(&verdict));
        }
        score.arcade = Some((earned.value, earned.unit.clone()));
        score.rank_value = arcade_rank_value(earned);
    } else if !verdict.solved {
        return Err(unsolved(&verdict));
    }
    let store = app.store().clone();
    let filed = score.clone();
    let stored = blocking(move || Ok(store.upsert_score(&filed)?)).await?;
    Ok((
        StatusCode::CREATED,
        Json(ScoreAccepted {
            accepted: true,
            score_id: stored.score_id,
            rank: stored.rank,
            elapsed_ms: score.elapsed_ms,
            hints: score.hints,
            score: score.arcade.as_ref().map(|(v, _)| *v),
            unit: score.arcade.map(|(_, u)| u),
            improved: stored.improved,
        }),
    ))
}

/// Query of `GET /api/v1/leaderboard/{id}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardQuery {
    limit: Option<u32>,
    player: Option<String>,
}

/// One leaderboard line as sent.
#[derive(Serialize)]
pub struct Entry {
    rank: u64,
    player: String,
    id: String,
    elapsed_ms: i64,
    hints: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unit: Option<String>,
    submitted_at: String,
}

/// Answer of `GET /api/v1/leaderboard/{id}`.
#[derive(Serialize)]
pub struct Leaderboard {
    id: String,
    board: String,
    entries: Vec<Entry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    player_rank: Option<u64>,
}

/// `GET /api/v1/leaderboard/{id}`: the board's top `limit` entries (one per player, hint-free
/// first; every id of the same board shares them) and `player`'s rank.
pub async fn leaderboard(
    State(app): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<BoardQuery>,
) -> Result<Json<Leaderboard>, AppError> {
    let limit = validate::limit(q.limit)?;
    let name_key = match &q.player {
        Some(p) => Some(
            validate::display_name(p)
                .map_err(AppError::bad_request)?
                .key,
        ),
        None => None,
    };
    let (parsed, _) = app.parse_id(&id)?;
    let id = parsed.to_string();
    let store = app.store().clone();
    let lookup = id.clone();
    let known = blocking(move || Ok(store.board_key_of(&lookup)?)).await?;
    let board = match known {
        Some(key) => key,
        None => app.board(&id).await?.key(),
    };
    let store = app.store().clone();
    let key = board.clone();
    let (rows, player_rank) = blocking(move || {
        let player_id = match name_key {
            Some(k) => store.player_by_name_key(&k)?,
            None => None,
        };
        let (rows, rank) = store.leaderboard(&key, limit, player_id)?;
        Ok((rows, player_id.and(rank)))
    })
    .await?;
    let entries = rows
        .into_iter()
        .map(|e| {
            let (score, unit) = e.arcade.map_or((None, None), |(v, u)| (Some(v), Some(u)));
            Entry {
                rank: e.rank,
                player: e.player,
                id: e.puzzle_id,
                elapsed_ms: e.elapsed_ms,
                hints: e.hints,
                score,
                unit,
                submitted_at: jiff::Timestamp::from_millisecond(e.submitted_at_ms)
                    .map(|t| t.to_string())
                    .unwrap_or_default(),
            }
        })
        .collect();
    Ok(Json(Leaderboard {
        id,
        board,
        entries,
        player_rank,
    }))
}

/// Where an arcade score ranks (smaller is better): the replayed score first (negated when higher
/// is better), then fewer ticks, so equal scores rank by the time the run took (slingstar: strokes,
/// then time). Ticks fit 32 bits; the score is clamped so the key never overflows.
fn arcade_rank_value(earned: &ArcadeScore) -> i64 {
    const LIMIT: i64 = 1 << 30;
    let primary = if earned.higher_is_better {
        earned.value.saturating_neg()
    } else {
        earned.value
    };
    primary.clamp(-LIMIT, LIMIT) * (1 << 32) + i64::from(earned.ticks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_client_may_lower_the_server_time_by_the_allowance_only() {
        assert_eq!(filed_elapsed(10_000, None), 10_000);
        assert_eq!(filed_elapsed(10_000, Some(9_000)), 9_000);
        assert_eq!(filed_elapsed(10_000, Some(1)), 8_000);
        assert_eq!(filed_elapsed(10_000, Some(50_000)), 10_000);
        assert_eq!(filed_elapsed(500, Some(1)), 1);
        assert_eq!(filed_elapsed(0, None), 1);
    }

    fn score(value: i64, higher_is_better: bool, ticks: u32) -> ArcadeScore {
        ArcadeScore {
            value,
            unit: String::new(),
            higher_is_better,
            ticks,
            tick_hash: String::new(),
            reason: String::new(),
        }
    }

    #[test]
    fn arcade_scores_rank_by_score_then_time() {
        // Fewer strokes rank first whatever the time; equal strokes: the quicker run.
        assert!(
            arcade_rank_value(&score(3, false, 9_000)) < arcade_rank_value(&score(4, false, 10))
        );
        assert!(
            arcade_rank_value(&score(3, false, 900)) < arcade_rank_value(&score(3, false, 901))
        );
        // Higher distance ranks first; equal distance: the quicker run.
        assert!(
            arcade_rank_value(&score(500, true, 9_000)) < arcade_rank_value(&score(499, true, 10))
        );
        assert!(
            arcade_rank_value(&score(500, true, 10)) < arcade_rank_value(&score(500, true, 11))
        );
        // Extremes neither overflow nor invert the order.
        let top = arcade_rank_value(&score(i64::MAX, true, u32::MAX));
        let bottom = arcade_rank_value(&score(i64::MAX, false, u32::MAX));
        assert!(top < bottom);
    }
}
