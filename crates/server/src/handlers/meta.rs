//! Genres, the OpenAPI document, health, and answers for unknown routes.

use std::sync::LazyLock;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};

use crate::error::AppError;
use crate::handlers::json_bytes;
use crate::state::AppState;

/// The OpenAPI 3 document of this API.
pub const OPENAPI_JSON: &str = include_str!("../openapi.json");

/// `GET /api/v1/genres`.
pub async fn genres(State(state): State<AppState>) -> Response {
    json_bytes(state.genres_json())
}

/// `GET /api/v1/openapi.json`.
pub async fn openapi() -> Response {
    json_bytes(SERVED_OPENAPI.clone())
}

/// The document as served: [`OPENAPI_JSON`] with what is best computed from the server's own
/// rules filled in, so the document is exactly as strict as the server: the `tz` parameter's
/// accepted values (the time-zone database compiled into the server) and the display-name
/// pattern ([`crate::validate::display_name_pattern`]). Built once.
static SERVED_OPENAPI: LazyLock<Bytes> = LazyLock::new(|| Bytes::from(served_openapi()));

/// Builds the served document (see [`SERVED_OPENAPI`]).
fn served_openapi() -> Vec<u8> {
    let Ok(mut doc) = serde_json::from_str::<serde_json::Value>(OPENAPI_JSON) else {
        return OPENAPI_JSON.as_bytes().to_vec();
    };
    let zones: Vec<serde_json::Value> = time_zone_names()
        .into_iter()
        .map(serde_json::Value::String)
        .collect();
    fill_tz_enums(&mut doc, &zones);
    let name_pattern = serde_json::Value::String(crate::validate::display_name_pattern());
    for pointer in [
        "/components/schemas/NewPlayer/properties/name",
        "/components/schemas/Rename/properties/name",
    ] {
        if let Some(schema) = doc.pointer_mut(pointer).and_then(|s| s.as_object_mut()) {
            schema.insert("pattern".into(), name_pattern.clone());
        }
    }
    if let Some(params) = doc
        .pointer_mut("/paths/~1api~1v1~1leaderboard~1{id}/get/parameters")
        .and_then(|p| p.as_array_mut())
    {
        for param in params.iter_mut().filter(|p| p["name"] == "player") {
            if let Some(schema) = param["schema"].as_object_mut() {
                schema.insert("pattern".into(), name_pattern.clone());
            }
        }
    }
    serde_json::to_vec_pretty(&doc).unwrap_or_else(|_| OPENAPI_JSON.as_bytes().to_vec())
}

/// Every time-zone name the day policy accepts, sorted.
pub fn time_zone_names() -> Vec<String> {
    let mut names: Vec<String> = jiff::tz::db().available().map(|n| n.to_string()).collect();
    names.sort();
    names.dedup();
    names
}

/// Sets `schema.enum` of every parameter named `tz`, wherever it is in the document.
fn fill_tz_enums(node: &mut serde_json::Value, zones: &[serde_json::Value]) {
    match node {
        serde_json::Value::Object(map) => {
            let is_tz = map.get("name").and_then(|n| n.as_str()) == Some("tz")
                && map.get("in").and_then(|n| n.as_str()) == Some("query");
            if is_tz && let Some(schema) = map.get_mut("schema").and_then(|s| s.as_object_mut()) {
                schema.insert("enum".into(), serde_json::Value::Array(zones.to_vec()));
            }
            for value in map.values_mut() {
                fill_tz_enums(value, zones);
            }
        }
        serde_json::Value::Array(items) => {
            for item in items {
                fill_tz_enums(item, zones);
            }
        }
        _ => {}
    }
}

/// `GET /healthz`.
pub async fn healthz() -> &'static str {
    "ok"
}

/// `GET /readyz`: 200 when the database answers, takes writes and is fully migrated, else 503;
/// the body says which.
pub async fn readyz(State(state): State<AppState>) -> Response {
    let store = state.store().clone();
    let probe = tokio::task::spawn_blocking(move || crate::readiness::probe(&store)).await;
    match probe {
        Ok(found) => {
            let status = if found.ready() {
                StatusCode::OK
            } else {
                StatusCode::SERVICE_UNAVAILABLE
            };
            let body = serde_json::json!({
                "status": if found.ready() { "ready" } else { "not_ready" },
                "database": found,
            });
            (status, axum::Json(body)).into_response()
        }
        Err(e) => AppError::internal(e).into_response(),
    }
}

/// Any path under `/api/` that is not a route.
pub async fn no_route(uri: Uri) -> AppError {
    let path: String = uri.path().chars().take(100).collect();
    AppError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        format!("no API route {path}; see /api/v1/openapi.json"),
    )
}

/// A route that exists but not with this method.
pub async fn method_not_allowed() -> AppError {
    AppError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this route does not accept that method; see /api/v1/openapi.json",
    )
}

/// Everything else when no web directory is configured.
pub async fn no_web_dir(uri: Uri) -> Response {
    if uri.path() == "/" || uri.path() == "/index.html" {
        Html(
            "<!doctype html><meta charset=\"utf-8\"><title>dayseed</title>\
             <h1>dayseed</h1><p>The web directory was not configured: start the server with \
             <code>dayseed serve --web DIR</code> to serve the page. The API is at \
             <a href=\"/api/v1/openapi.json\">/api/v1/openapi.json</a>.</p>",
        )
        .into_response()
    } else {
        AppError::not_found("no such file (the web directory was not configured)").into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_zone_is_accepted_by_the_day_policy() {
        let zones = time_zone_names();
        assert!(zones.len() > 300);
        for zone in &zones {
            assert!(
                dayseed_core::day::offset_millis(zone, 0).is_ok(),
                "{zone} listed but refused"
            );
        }
    }
}
