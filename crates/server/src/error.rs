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
    /// A PostgreSQL statement failed.
    #[error("database {db}: {source}")]
    Postgres {
        /// The database (its URL without a password).
        db: String,
        /// What PostgreSQL or the driver said.
        source: tokio_postgres::Error,
    },
    /// No connection to the database could be had (it is down, unreachable or the pool is
    /// exhausted for longer than its wait timeout). Requests get 503 until it is back.
    #[error("database {db} is unavailable: {reason}")]
    Unavailable {
        /// The database (its URL without a password).
        db: String,
        /// Why.
        reason: String,
    },
    /// `--db` names no database this build can open.
    #[error("--db {0:?}: {1}")]
    BadDbSpec(String, String),
    /// `dayseed import` met a board whose id is archived with another digest.
    #[error(
        "archive id {id} is stored with digest {stored}, but the import has digest {incoming} \
         for it; nothing of this batch was added"
    )]
    ArchiveConflict {
        /// The puzzle id.
        id: String,
        /// The digest already in the archive.
        stored: String,
        /// The digest the import brought.
        incoming: String,
    },
    /// The database was written by a newer dayseed (its schema version is unknown here).
    #[error(
        "database {db} has schema version {found}; this dayseed knows up to {known} (upgrade \
         dayseed, or point it at another database)"
    )]
    SchemaTooNew {
        /// The database (file path or URL).
        db: String,
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
        let gone = match &e {
            ServerError::Unavailable { .. } => true,
            ServerError::Postgres { source, .. } => {
                source.is_closed()
                    || source.code().is_none_or(|c| c.code().starts_with("08"))
                    || source.code().is_some_and(|c| {
                        // admin_shutdown, crash_shutdown, cannot_connect_now, query_canceled
                        // (the statement timeout).
                        ["57P01", "57P02", "57P03", "57014"].contains(&c.code())
                    })
            }
            _ => false,
        };
        if gone {
            tracing::warn!(error = %e, "database unavailable");
            return AppError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "database_unavailable",
                "the database is unavailable; try again shortly",
            )
            .with_retry_after(1);
        }
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
