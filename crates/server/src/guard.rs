//! Checks and headers around every route: a declared body over the limit is refused before it
//! is read, and every response carries the security headers.
//!
//! A client sending `Expect: 100-continue` waits for the server's go-ahead before its body;
//! hyper gives it (`100 Continue`) when a handler starts reading. A request whose
//! `Content-Length` is over [`MAX_BODY_BYTES`] is answered 413 here, before anything reads, so
//! such a client is told at once and never sends the body.
//!
//! The headers: `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, and
//! [`CONTENT_SECURITY_POLICY`], which the page satisfies: its scripts and styles are its own
//! files, the engine is compiled with `WebAssembly.compile` (`'wasm-unsafe-eval'`), and it only
//! talks to its own origin.

use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::AppError;
use crate::extract::MAX_BODY_BYTES;

/// The `Content-Security-Policy` of every response.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; \
connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; \
base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The middleware.
pub async fn guard(req: Request, next: Next) -> Response {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let mut response = match declared {
        Some(n) if n > MAX_BODY_BYTES as u64 => {
            let mut r = AppError::too_large(MAX_BODY_BYTES).into_response();
            // The body was not read: the connection cannot be reused.
            r.headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            r
        }
        _ => next.run(req).await,
    };
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    response
}
