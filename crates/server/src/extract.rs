//! Request extractors whose rejections are JSON [`AppError`]s (axum's own answer in plain text).

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Path, Query, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::error::AppError;

/// The largest request body accepted, in bytes; larger bodies get 413 `payload_too_large`.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// A JSON request body (any content type), bounded by [`MAX_BODY_BYTES`].
pub struct ApiJson<T>(pub T);

/// A UTF-8 request body, bounded by [`MAX_BODY_BYTES`].
pub struct ApiText(pub String);

/// Query parameters; unknown or malformed ones are a 400 naming them.
pub struct ApiQuery<T>(pub T);

/// Path parameters.
pub struct ApiPath<T>(pub T);

async fn body_bytes<S: Send + Sync>(req: Request, state: &S) -> Result<Bytes, AppError> {
    Bytes::from_request(req, state).await.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            AppError::too_large(MAX_BODY_BYTES)
        } else {
            AppError::bad_request(format!("cannot read the request body: {}", e.body_text()))
        }
    })
}

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        let bytes = body_bytes(req, state).await?;
        serde_json::from_slice(&bytes)
            .map(ApiJson)
            .map_err(|e| AppError::bad_request(format!("request body: {e}")))
    }
}

impl<S: Send + Sync> FromRequest<S> for ApiText {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        let bytes = body_bytes(req, state).await?;
        String::from_utf8(bytes.to_vec())
            .map(ApiText)
            .map_err(|e| AppError::bad_request(format!("request body is not UTF-8: {e}")))
    }
}

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(q)| ApiQuery(q))
            .map_err(|e| AppError::bad_request(e.body_text()))
    }
}

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for ApiPath<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        Path::<T>::from_request_parts(parts, state)
            .await
            .map(|Path(p)| ApiPath(p))
            .map_err(|e| AppError::bad_request(e.body_text()))
    }
}
