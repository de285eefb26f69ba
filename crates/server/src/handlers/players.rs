//! Players: created once with a display name, answered with their secret token.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use crate::auth::{self, Authed};
use crate::error::AppError;
use crate::extract::ApiJson;
use crate::handlers::blocking;
use crate::state::AppState;
use crate::validate;

/// Body of `POST /api/v1/players`; without a name the player is a guest (`guest-` and eight
/// hex digits) until renamed with `PUT /api/v1/players/me`, so a page can start timed sessions
/// before it asks for a name.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct NewPlayer {
    name: Option<String>,
}

/// Body of `PUT /api/v1/players/me`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rename {
    name: String,
}

fn taken(name: &str) -> AppError {
    AppError::new(
        StatusCode::CONFLICT,
        "name_taken",
        format!("the name '{name}' is taken; choose another"),
    )
}

/// Answer of `POST /api/v1/players`: the token is shown this once and stored only hashed.
#[derive(Serialize)]
pub struct Created {
    name: String,
    token: String,
}

/// `POST /api/v1/players`: a new player with a unique display name and a secret token.
pub async fn create(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<NewPlayer>,
) -> Result<(StatusCode, Json<Created>), AppError> {
    let raw = match req.name {
        Some(n) => n,
        None => format!("guest-{}", &auth::new_session_id()?[..8]),
    };
    let name = validate::display_name(&raw).map_err(AppError::rejected)?;
    let token = auth::new_token()?;
    let hash = auth::token_hash(&token);
    let store = app.store().clone();
    let key = name.key.clone();
    let shown = name.name.clone();
    let created = blocking(move || Ok(store.create_player(&shown, &key, &hash)?)).await?;
    match created {
        Some(_) => Ok((
            StatusCode::CREATED,
            Json(Created {
                name: name.name,
                token,
            }),
        )),
        None => Err(taken(&name.name)),
    }
}

/// `PUT /api/v1/players/me`: a new display name (same rules, still unique); the token stays.
pub async fn rename(
    State(app): State<AppState>,
    player: Authed,
    ApiJson(req): ApiJson<Rename>,
) -> Result<Json<Me>, AppError> {
    let name = validate::display_name(&req.name).map_err(AppError::rejected)?;
    let store = app.store().clone();
    let (shown, key) = (name.name.clone(), name.key.clone());
    let renamed =
        blocking(move || Ok(store.rename_player(player.player_id, &shown, &key)?)).await?;
    if renamed {
        Ok(Json(Me { name: name.name }))
    } else {
        Err(taken(&name.name))
    }
}

/// Answer of `GET /api/v1/players/me`.
#[derive(Serialize)]
pub struct Me {
    name: String,
}

/// `GET /api/v1/players/me`: who the bearer token belongs to (checks a recovery code).
pub async fn me(player: Authed) -> Json<Me> {
    Json(Me { name: player.name })
}
