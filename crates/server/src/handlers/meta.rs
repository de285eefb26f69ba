//! Genres, the OpenAPI document, health, and answers for unknown routes.

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
    json_bytes(Bytes::from_static(OPENAPI_JSON.as_bytes()))
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
