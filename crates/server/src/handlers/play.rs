//! Rule-based check and hints for a submitted state, on the cached board's typed model (the
//! board is parsed once, when it is generated, not per request).

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use dayseed_core::{Hint, Verdict};
use serde::Deserialize;
use serde_json::Value;

use crate::auth;
use crate::error::AppError;
use crate::extract::ApiJson;
use crate::handlers::sessions;
use crate::state::AppState;

/// Body of `POST /api/v1/check`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateRequest {
    id: String,
    state: Value,
}

/// Body of `POST /api/v1/hint`: with `session` (and the player's bearer token) the hint is
/// counted in that play session.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    id: String,
    state: Value,
    session: Option<String>,
}

/// `POST /api/v1/check`: the verdict by the rules.
pub async fn check(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<StateRequest>,
) -> Result<Json<Verdict>, AppError> {
    let board = app.board(&req.id).await?;
    let verdict = app
        .compute(move || Ok(board.genre.check_model(&board.record.model, &req.state)?))
        .await?;
    Ok(Json(verdict))
}

/// `POST /api/v1/hint`: the next step consistent with the player's marks; counted in the
/// session when one is named.
pub async fn hint(
    State(app): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<HintRequest>,
) -> Result<Json<Hint>, AppError> {
    let session = match &req.session {
        Some(sid) => {
            let player = auth::authenticate(&app, &headers).await?;
            let row = sessions::owned(&app, &player, sid).await?;
            if row.puzzle_id != req.id {
                return Err(AppError::rejected(format!(
                    "session {sid} is for {}, not {}",
                    row.puzzle_id, req.id
                )));
            }
            Some((player, row.session_id))
        }
        None => None,
    };
    let board = app.board(&req.id).await?;
    let hint = app
        .compute(move || Ok(board.genre.hint_model(&board.record.model, &req.state)?))
        .await?;
    if let Some((player, sid)) = session {
        sessions::count_hint(&app, &player, &sid).await?;
    }
    Ok(Json(hint))
}
