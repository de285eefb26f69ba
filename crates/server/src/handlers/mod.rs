//! HTTP handlers, one file per concern.

pub mod meta;
pub mod play;
pub mod player_scores;
pub mod players;
pub mod puzzles;
pub mod saves;
pub mod scores;
pub mod sessions;

use axum::body::Bytes;
use axum::http::header;
use axum::response::{IntoResponse, Response};

/// A response of ready-made JSON bytes.
pub fn json_bytes(body: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// Runs blocking work (generation, solving, SQLite) off the async threads.
pub async fn blocking<T, F>(work: F) -> Result<T, crate::error::AppError>
where
    F: FnOnce() -> Result<T, crate::error::AppError> + Send + 'static,
    T: Send + 'static,
{
    tokio::task::spawn_blocking(work)
        .await
        .map_err(crate::error::AppError::internal)?
}
