//! Errors: [`ServerError`] for the library entry points (start-up, store, import) and
//! [`AppError`], the one error every HTTP handler returns, rendered as
//! `{"error": {"code", "message"}}` with a real status code.

use std::net::SocketAddr;
use std::path::PathBuf;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use dayseed_core::{Error as CoreError, ErrorKind};

/// An error from starting the server, the store, or an import.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServerError {
    /// The database could not be opened, migrated, read or written.
    #[error("database {path}: {source}")]
    Database {
        /// The database file.
        path: PathBuf,
        /// What SQLite said.
        source: rusqlite::Error,
    },
    /// The database was written by a newer dayseed (its schema version is unknown here).
    #[error("database {path} has schema version {found}; this dayseed knows up to {known}")]
    SchemaTooNew {
        /// The database file.
        path: PathBuf,
        /// The version stored in the file.
        found: i64,
        /// The newest version this build knows.
        known: i64,
    },
    /// The listening socket could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The requested address.
        addr: SocketAddr,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// Reading input or writing output failed.
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: String,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// The web directory given with `--web` is not a directory.
    #[error("web directory {0} does not exist or is not a directory")]
    WebDir(PathBuf),
    /// A blocking task panicked or was cancelled (a bug).
    #[error("internal task failed: {0}")]
    Task(String),
}

/// The error of an HTTP handler: a status, a stable code and a message for the client.
/// Internal failures are logged in full and answered with a generic message.
#[derive(Debug, Clone)]
pub struct AppError {
    status: StatusCode,
    code: &'static str,
    message: String,
    retry_after: Option<u32>,
}

impl AppError {
    /// A client error with an explicit status and code.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> AppError {
        AppError {
            status,
            code,
            message: message.into(),
            retry_after: None,
        }
    }

    /// The same error with a `Retry-After` header of `seconds`.
    pub fn with_retry_after(mut self, seconds: u32) -> AppError {
        self.retry_after = Some(seconds);
        self
    }

    /// 400 `bad_request`.
    pub fn bad_request(message: impl Into<String>) -> AppError {
        AppError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    /// 404 `not_found`.
    pub fn not_found(message: impl Into<String>) -> AppError {
        AppError::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    /// 422 `rejected`: a score the leaderboard refuses, saying why.
    pub fn rejected(message: impl Into<String>) -> AppError {
        AppError::new(StatusCode::UNPROCESSABLE_ENTITY, "rejected", message)
    }

    /// 413 `payload_too_large`.
    pub fn too_large(limit: usize) -> AppError {
        AppError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            format!("request body is larger than {limit} bytes"),
        )
    }

    /// 500 `internal`: the details go to the log, never to the client.
    pub fn internal(detail: impl std::fmt::Display) -> AppError {
        tracing::error!(error = %detail, "internal error");
        AppError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "internal server error",
        )
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The stable error code.
    pub fn code(&self) -> &'static str {
        self.code
    }
}

impl From<CoreError> for AppError {
    fn from(e: CoreError) -> AppError {
        let status = match e.kind() {
            ErrorKind::UnknownGenre => StatusCode::NOT_FOUND,
            // An id whose parameters no generator version can satisfy is the client's request.
            ErrorKind::GenerationFailed => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorKind::BudgetExhausted => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::BAD_REQUEST,
        };
        AppError::new(status, e.kind().code(), e.message())
    }
}

impl From<ServerError> for AppError {
    fn from(e: ServerError) -> AppError {
        AppError::internal(e)
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({
            "error": { "code": self.code, "message": self.message }
        });
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}
