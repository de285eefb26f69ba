//! Progress saves in schema v2 (v1 accepted and migrated by core).

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::response::Response;
use dayseed_core::save::{self, Migration};
use serde::{Deserialize, Serialize};

use crate::error::AppError;
use crate::extract::{ApiPath, ApiQuery, ApiText};
use crate::handlers::{blocking, json_bytes};
use crate::state::AppState;
use crate::validate;

/// Answer of `PUT /api/v1/saves/{player}`.
#[derive(Serialize)]
pub struct Saved {
    saved: bool,
    id: String,
    migration: Migration,
}

/// `PUT /api/v1/saves/{player}`: store a save (v2, or v1 migrated) under the player and its id.
pub async fn put(
    State(app): State<AppState>,
    ApiPath(player): ApiPath<String>,
    ApiText(body): ApiText,
) -> Result<Json<Saved>, AppError> {
    validate::player(&player).map_err(AppError::bad_request)?;
    let worker = app.clone();
    let (id, migration) = app
        .compute(move || {
            let (save, migration) = save::load(worker.registry(), &body)?;
            let json = serde_json::to_string(&save).map_err(AppError::internal)?;
            worker.store().put_save(&player, &save.id, &json)?;
            Ok((save.id, migration))
        })
        .await?;
    Ok(Json(Saved {
        saved: true,
        id,
        migration,
    }))
}

/// Query of `GET /api/v1/saves/{player}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveQuery {
    id: String,
}

/// `GET /api/v1/saves/{player}?id=ID`: the stored v2 save, or 404.
pub async fn get(
    State(app): State<AppState>,
    ApiPath(player): ApiPath<String>,
    ApiQuery(q): ApiQuery<SaveQuery>,
) -> Result<Response, AppError> {
    validate::player(&player).map_err(AppError::bad_request)?;
    if q.id.is_empty() || q.id.len() > dayseed_core::id::MAX_ID_LEN {
        return Err(AppError::bad_request(format!(
            "id must be 1 to {} characters",
            dayseed_core::id::MAX_ID_LEN
        )));
    }
    let store = app.store().clone();
    let key = (player.clone(), q.id.clone());
    let saved = blocking(move || Ok(store.get_save(&key.0, &key.1)?)).await?;
    match saved {
        Some(json) => Ok(json_bytes(Bytes::from(json))),
        None => Err(AppError::not_found(format!(
            "no save for player '{player}' and id '{}'",
            q.id
        ))),
    }
}
