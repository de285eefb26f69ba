//! Score submission (verified before it is stored) and leaderboards.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use dayseed_core::ErrorKind;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::AppError;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::handlers::blocking;
use crate::state::AppState;
use crate::store::{NewScore, now_ms};
use crate::validate;

/// Body of `POST /api/v1/scores`.
#[derive(Deserialize)]
pub struct ScoreRequest {
    id: String,
    digest: String,
    #[serde(alias = "solution")]
    state: Value,
    elapsed_ms: i64,
    player: String,
}

/// Answer to an accepted score.
#[derive(Serialize)]
pub struct ScoreAccepted {
    accepted: bool,
    score_id: i64,
    rank: u64,
}

/// `POST /api/v1/scores`: verify (policy, digest, rules) and store durably; 201 after COMMIT.
pub async fn submit(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<ScoreRequest>,
) -> Result<(StatusCode, Json<ScoreAccepted>), AppError> {
    validate::player(&req.player).map_err(AppError::rejected)?;
    validate::elapsed_ms(req.elapsed_ms).map_err(AppError::rejected)?;
    let (id, genre) = app.parse_id(&req.id)?;
    app.policy()
        .check(genre, &id, now_ms())
        .map_err(AppError::rejected)?;
    let board = app.board(&req.id).await?;
    if req.digest != board.record.digest {
        let shown: String = req.digest.chars().take(64).collect();
        return Err(AppError::rejected(format!(
            "digest {shown} does not match the board {} names ({}): the board differs from \
             the one the server generates",
            board.record.id, board.record.digest
        )));
    }
    let score = NewScore {
        puzzle_id: board.record.id.clone(),
        genre: genre.name().to_string(),
        version: board.record.version.clone(),
        digest: board.record.digest.clone(),
        player: req.player,
        elapsed_ms: req.elapsed_ms,
    };
    let store = app.store().clone();
    let state = req.state;
    let (score_id, rank) = app
        .compute(move || {
            let verdict = board
                .genre
                .check(&board.record.puzzle, &state)
                .map_err(|e| match e.kind() {
                    ErrorKind::InvalidState => {
                        AppError::rejected(format!("the state does not fit the puzzle: {e}"))
                    }
                    _ => AppError::from(e),
                })?;
            if !verdict.solved {
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
                return Err(AppError::rejected(why));
            }
            Ok(store.insert_score(&score)?)
        })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(ScoreAccepted {
            accepted: true,
            score_id,
            rank,
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
    elapsed_ms: i64,
    submitted_at: String,
}

/// Answer of `GET /api/v1/leaderboard/{id}`.
#[derive(Serialize)]
pub struct Leaderboard {
    id: String,
    entries: Vec<Entry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    player_rank: Option<u64>,
}

/// `GET /api/v1/leaderboard/{id}`: the top `limit` players (best time each), and `player`'s rank.
pub async fn leaderboard(
    State(app): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<BoardQuery>,
) -> Result<Json<Leaderboard>, AppError> {
    let limit = validate::limit(q.limit)?;
    if let Some(p) = &q.player {
        validate::player(p).map_err(AppError::bad_request)?;
    }
    let (parsed, _) = app.parse_id(&id)?;
    let id = parsed.to_string();
    let store = app.store().clone();
    let key = id.clone();
    let (rows, player_rank) =
        blocking(move || Ok(store.leaderboard(&key, limit, q.player.as_deref())?)).await?;
    let entries = rows
        .into_iter()
        .map(|e| Entry {
            rank: e.rank,
            player: e.player,
            elapsed_ms: e.elapsed_ms,
            submitted_at: jiff::Timestamp::from_millisecond(e.submitted_at_ms)
                .map(|t| t.to_string())
                .unwrap_or_default(),
        })
        .collect();
    Ok(Json(Leaderboard {
        id,
        entries,
        player_rank,
    }))
}
