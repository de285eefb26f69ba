//! Progress saves owned by players (bearer token), schema v2 (v1 accepted and migrated by core).
//!
//! A save under a versioned id is bound to the board that id names: its digest must be the
//! digest of the board the server regenerates, and its progress must be a state that fits that
//! board. The server keeps only `{schema, id, digest, progress}` (the board is regenerated from
//! the id); a legacy save (`<genre>:legacy-<digest>`) keeps its own board snapshot. Reading a
//! save never returns a solution: the board in the answer is the public view.
//!
//! Saves carry a version: the number of writes the save has had (a new save is version 1).
//! `GET` answers it as `version` next to the save; a `PUT` whose body has `"version": n` is
//! stored only while the save is still at version `n` (`0`: only when there is none yet), else it
//! is answered 409 `save_conflict` with `current_version` in the error, and nothing changes. A
//! `PUT` without `version` (clients written before versions) replaces whatever is stored: last
//! write wins. Either way the check and the write are one conditional statement in the store.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use dayseed_core::ErrorKind;
use dayseed_core::save::{self, Migration};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::auth::Authed;
use crate::error::AppError;
use crate::extract::{ApiQuery, ApiText};
use crate::handlers::blocking;
use crate::state::AppState;
use crate::store::SaveWrite;

/// The most saves one player may keep (one per board).
pub const MAX_SAVES_PER_PLAYER: u64 = 200;
/// The largest progress in a save, in bytes of JSON.
pub const MAX_PROGRESS_BYTES: usize = 16 * 1024;

/// Answer of `PUT /api/v1/saves`.
#[derive(Serialize)]
pub struct Saved {
    saved: bool,
    id: String,
    migration: Migration,
    /// The save's version after this write.
    version: i64,
}

/// Takes the optional top-level `version` (the version a write is based on) out of a save body,
/// leaving the save itself for the schema check. `null` is the same as no version.
fn split_version(body: &str) -> Result<(String, Option<i64>), AppError> {
    let Ok(Value::Object(mut fields)) = serde_json::from_str::<Value>(body) else {
        // Not a JSON object: the save loader says what is wrong with it.
        return Ok((body.to_string(), None));
    };
    let version = match fields.remove("version") {
        None | Some(Value::Null) => return Ok((body.to_string(), None)),
        Some(v) => v.as_i64().filter(|n| *n >= 0).ok_or_else(|| {
            AppError::bad_request(format!(
                "version must be a whole number >= 0 (the version the save was read at; 0 for \
                 a new save), not {v}"
            ))
        })?,
    };
    let rest = serde_json::to_string(&Value::Object(fields)).map_err(AppError::internal)?;
    Ok((rest, Some(version)))
}

/// 409 `save_conflict`: the save changed since the writer read it.
fn conflict(id: &str, based_on: Option<i64>, current: i64) -> Response {
    let message = match current {
        0 => format!("there is no save for {id}; create it with version 0"),
        _ => format!(
            "the save for {id} is at version {current}, not {}: read it again, merge, and write \
             with version {current}",
            based_on.unwrap_or(0)
        ),
    };
    let body = json!({"error": {"code": "save_conflict", "message": message,
                                "current_version": current}});
    (StatusCode::CONFLICT, Json(body)).into_response()
}

fn is_legacy(id: &str) -> bool {
    id.split_once(':')
        .is_some_and(|(_, rest)| rest.starts_with("legacy-"))
}

/// `PUT /api/v1/saves`: store the bearer's save (v2, or v1 migrated) under its id, checked
/// against the `version` it names (if any).
pub async fn put(
    State(app): State<AppState>,
    player: Authed,
    ApiText(body): ApiText,
) -> Result<Response, AppError> {
    let (body, based_on) = split_version(&body)?;
    let worker = app.clone();
    let (loaded, migration) = app
        .compute(move || Ok(save::load(worker.registry(), &body)?))
        .await?;
    let progress_bytes = serde_json::to_string(&loaded.progress)
        .map_err(AppError::internal)?
        .len();
    if progress_bytes > MAX_PROGRESS_BYTES {
        return Err(AppError::rejected(format!(
            "save progress is {progress_bytes} bytes; at most {MAX_PROGRESS_BYTES}"
        )));
    }
    let stored = if is_legacy(&loaded.id) {
        serde_json::to_string(&loaded).map_err(AppError::internal)?
    } else {
        let board = app.board(&loaded.id).await?;
        if board.record.digest != loaded.digest {
            return Err(AppError::rejected(format!(
                "the save's board (digest {}) is not the board {} names (digest {})",
                loaded.digest, board.record.id, board.record.digest
            )));
        }
        let progress = loaded.progress.clone();
        app.compute(
            move || match board.genre.check_model(&board.record.model, &progress) {
                Ok(_) => Ok(()),
                Err(e) if e.kind() == ErrorKind::InvalidState => Err(AppError::rejected(format!(
                    "the save's progress does not fit the board: {e}"
                ))),
                Err(e) => Err(AppError::from(e)),
            },
        )
        .await?;
        json!({"schema": loaded.schema, "id": loaded.id, "digest": loaded.digest,
               "progress": loaded.progress})
        .to_string()
    };
    let store = app.store().clone();
    let id = loaded.id.clone();
    let written = blocking(move || {
        Ok(store.put_save_versioned(
            player.player_id,
            &id,
            &stored,
            based_on,
            MAX_SAVES_PER_PLAYER,
        )?)
    })
    .await?;
    match written {
        SaveWrite::Saved(version) => Ok(Json(Saved {
            saved: true,
            id: loaded.id,
            migration,
            version,
        })
        .into_response()),
        SaveWrite::Conflict(current) => Ok(conflict(&loaded.id, based_on, current)),
        SaveWrite::Quota => Err(AppError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "quota",
            format!("a player may keep at most {MAX_SAVES_PER_PLAYER} saves"),
        )),
    }
}

/// Query of `GET /api/v1/saves`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveQuery {
    id: String,
}

/// `GET /api/v1/saves?id=ID`: the bearer's save for an id (board without its answer) and its
/// `version`, or 404.
pub async fn get(
    State(app): State<AppState>,
    player: Authed,
    ApiQuery(q): ApiQuery<SaveQuery>,
) -> Result<Json<Value>, AppError> {
    if q.id.is_empty() || q.id.len() > dayseed_core::id::MAX_ID_LEN {
        return Err(AppError::bad_request(format!(
            "id must be 1 to {} bytes",
            dayseed_core::id::MAX_ID_LEN
        )));
    }
    let store = app.store().clone();
    let id = q.id.clone();
    let (saved, version) = blocking(move || Ok(store.get_save_versioned(player.player_id, &id)?))
        .await?
        .ok_or_else(|| AppError::not_found(format!("no save of this player for '{}'", q.id)))?;
    let mut save: Value = serde_json::from_str(&saved).map_err(AppError::internal)?;
    let public = if is_legacy(&q.id) {
        let genre = app
            .registry()
            .get(q.id.split_once(':').map_or("", |(g, _)| g))?;
        genre.without_solution(&save["board"])?
    } else {
        let board = app.board(&q.id).await?;
        board.genre.without_solution(&board.record.puzzle)?
    };
    save["board"] = public;
    save["version"] = json!(version);
    Ok(Json(save))
}
