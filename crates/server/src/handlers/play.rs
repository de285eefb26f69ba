//! Rule-based check and hints for a submitted state.

use axum::Json;
use axum::extract::State;
use dayseed_core::{Hint, Verdict};
use serde::Deserialize;
use serde_json::Value;

use crate::error::AppError;
use crate::extract::ApiJson;
use crate::state::AppState;

/// Body of `POST /api/v1/check` and `POST /api/v1/hint`.
#[derive(Deserialize)]
pub struct StateRequest {
    id: String,
    state: Value,
}

/// `POST /api/v1/check`: the verdict by the rules.
pub async fn check(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<StateRequest>,
) -> Result<Json<Verdict>, AppError> {
    let board = app.board(&req.id).await?;
    let verdict = app
        .compute(move || Ok(board.genre.check(&board.record.puzzle, &req.state)?))
        .await?;
    Ok(Json(verdict))
}

/// `POST /api/v1/hint`: the next step consistent with the player's marks.
pub async fn hint(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<StateRequest>,
) -> Result<Json<Hint>, AppError> {
    let board = app.board(&req.id).await?;
    let hint = app
        .compute(move || Ok(board.genre.hint(&board.record.puzzle, &req.state)?))
        .await?;
    Ok(Json(hint))
}
