//! Play sessions: the server's clock for one player on one board, and the hints it counted.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use crate::auth::{self, Authed};
use crate::error::AppError;
use crate::extract::{ApiJson, ApiPath};
use crate::handlers::blocking;
use crate::state::AppState;
use crate::store::{SessionRow, now_ms};

/// The most sessions one player may hold (one per board ever opened).
pub const MAX_SESSIONS_PER_PLAYER: u64 = 10_000;

/// Body of `POST /api/v1/sessions`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartRequest {
    id: String,
}

/// A session as answered.
#[derive(Serialize)]
pub struct SessionView {
    session: String,
    id: String,
    board: String,
    started_at: String,
    hints: u64,
    created: bool,
}

/// `POST /api/v1/sessions`: starts the player's clock on a board (201), or returns the session
/// the player already has on that board (200; the clock is not reset).
pub async fn start(
    State(app): State<AppState>,
    player: Authed,
    ApiJson(req): ApiJson<StartRequest>,
) -> Result<(StatusCode, Json<SessionView>), AppError> {
    let (id, genre) = app.parse_id(&req.id)?;
    app.policy()
        .check(genre, &id, now_ms())
        .map_err(AppError::rejected)?;
    let board = app.board(&req.id).await?;
    let key = board.key();
    let puzzle_id = board.record.id.clone();
    let new_id = auth::new_session_id()?;
    let store = app.store().clone();
    let started = blocking(move || {
        Ok(store.start_session(
            player.player_id,
            &puzzle_id,
            &key,
            &new_id,
            MAX_SESSIONS_PER_PLAYER,
        )?)
    })
    .await?
    .ok_or_else(|| {
        AppError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "quota",
            format!("a player may hold at most {MAX_SESSIONS_PER_PLAYER} play sessions"),
        )
    })?;
    let status = if started.created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(view(&started.session, started.created))))
}

fn view(s: &SessionRow, created: bool) -> SessionView {
    SessionView {
        session: s.session_id.clone(),
        id: s.puzzle_id.clone(),
        board: s.board_key.clone(),
        started_at: jiff::Timestamp::from_millisecond(s.started_at_ms)
            .map(|t| t.to_string())
            .unwrap_or_default(),
        hints: s.hints,
        created,
    }
}

/// A session of this player by id, or 404 (also for another player's session).
pub async fn owned(app: &AppState, player: &Authed, session: &str) -> Result<SessionRow, AppError> {
    let missing = || AppError::not_found(format!("no play session '{session}' for this player"));
    if !auth::is_session_id(session) {
        return Err(AppError::bad_request(
            "a session id is 32 lower-case hex digits (from POST /api/v1/sessions)",
        ));
    }
    let store = app.store().clone();
    let sid = session.to_string();
    let row = blocking(move || Ok(store.session(&sid)?))
        .await?
        .ok_or_else(missing)?;
    if row.player_id != player.player_id {
        return Err(missing());
    }
    Ok(row)
}

/// Answer of `POST /api/v1/sessions/{session}/hints`.
#[derive(Serialize)]
pub struct HintCount {
    session: String,
    hints: u64,
}

/// `POST /api/v1/sessions/{session}/hints`: the page reports a hint it computed itself (wasm);
/// the session's count goes up by one and never down.
pub async fn report_hint(
    State(app): State<AppState>,
    player: Authed,
    ApiPath(session): ApiPath<String>,
) -> Result<Json<HintCount>, AppError> {
    let row = owned(&app, &player, &session).await?;
    let hints = count_hint(&app, &player, &row.session_id).await?;
    Ok(Json(HintCount {
        session: row.session_id,
        hints,
    }))
}

/// Adds one hint to a session of `player` (checked by [`owned`]); the new count.
pub async fn count_hint(app: &AppState, player: &Authed, session: &str) -> Result<u64, AppError> {
    let store = app.store().clone();
    let sid = session.to_string();
    let player_id = player.player_id;
    blocking(move || Ok(store.add_hint(&sid, player_id)?))
        .await?
        .ok_or_else(|| AppError::not_found(format!("no play session '{session}' for this player")))
}
