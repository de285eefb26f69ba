//! Players' secrets: random bearer tokens (stored only as SHA-256 hashes), session ids, and the
//! [`Authed`] extractor that turns `Authorization: Bearer <token>` into a player.
//!
//! A token is `dst_` followed by 64 hex digits (256 random bits from the operating system). A
//! token this strong needs no slow password hash: the database keeps its SHA-256, so a copy of
//! the database file does not let anyone post as a player.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use crate::error::AppError;
use crate::handlers::blocking;
use crate::state::AppState;

/// The prefix of every player token.
pub const TOKEN_PREFIX: &str = "dst_";
/// The length of a token in bytes (prefix and 64 hex digits).
pub const TOKEN_LEN: usize = TOKEN_PREFIX.len() + 64;

/// `n` random bytes from the operating system, as lower-case hex.
fn random_hex(n: usize) -> Result<String, AppError> {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).map_err(AppError::internal)?;
    Ok(hex(&bytes))
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

/// A new secret token for a player.
pub fn new_token() -> Result<String, AppError> {
    Ok(format!("{TOKEN_PREFIX}{}", random_hex(32)?))
}

/// A new play-session id (128 random bits, 32 hex digits).
pub fn new_session_id() -> Result<String, AppError> {
    random_hex(16)
}

/// What the database stores for a token: its SHA-256 in hex.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// True when `text` has the shape of a session id.
pub fn is_session_id(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The player a request's bearer token names.
#[derive(Debug, Clone)]
pub struct Authed {
    /// The player's row id.
    pub player_id: i64,
    /// The player's display name.
    pub name: String,
}

/// The 401 answer: says what is missing and how to get a token.
pub fn unauthorized(message: &str) -> AppError {
    AppError::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
}

/// Reads `Authorization: Bearer <token>` and checks its form (no database access).
fn bearer(headers: &HeaderMap) -> Result<String, AppError> {
    let value = headers.get(header::AUTHORIZATION).ok_or_else(|| {
        unauthorized(
            "this request needs 'Authorization: Bearer <token>'; create a player with \
             POST /api/v1/players to get a token",
        )
    })?;
    let text = value
        .to_str()
        .map_err(|_| unauthorized("the Authorization header is not ASCII"))?;
    let token = text
        .strip_prefix("Bearer ")
        .or_else(|| text.strip_prefix("bearer "))
        .ok_or_else(|| unauthorized("the Authorization header must be 'Bearer <token>'"))?
        .trim();
    let well_formed = token.len() == TOKEN_LEN
        && token.starts_with(TOKEN_PREFIX)
        && token[TOKEN_PREFIX.len()..]
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    if !well_formed {
        return Err(unauthorized(
            "the bearer token is malformed (expected dst_ and 64 hex digits)",
        ));
    }
    Ok(token.to_string())
}

impl FromRequestParts<AppState> for Authed {
    type Rejection = AuthRejection;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &AppState,
    ) -> Result<Authed, AuthRejection> {
        authenticate(app, &parts.headers)
            .await
            .map_err(AuthRejection)
    }
}

/// The player named by the request's bearer token, or a 401 saying what is wrong.
pub async fn authenticate(app: &AppState, headers: &HeaderMap) -> Result<Authed, AppError> {
    let token = bearer(headers)?;
    let store = app.store().clone();
    let hash = token_hash(&token);
    blocking(move || Ok(store.player_by_token(&hash)?))
        .await?
        .ok_or_else(|| unauthorized("the bearer token names no player"))
}

/// A failed authentication: 401 with `WWW-Authenticate: Bearer`.
#[derive(Debug)]
pub struct AuthRejection(pub AppError);

impl IntoResponse for AuthRejection {
    fn into_response(self) -> Response {
        let unauthorized = self.0.status() == StatusCode::UNAUTHORIZED;
        let mut response = self.0.into_response();
        if unauthorized {
            response.headers_mut().insert(
                header::WWW_AUTHENTICATE,
                HeaderValue::from_static("Bearer realm=\"dayseed\""),
            );
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_well_formed_and_hashed() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_ne!(a, b);
        assert_eq!(a.len(), TOKEN_LEN);
        assert!(a.starts_with(TOKEN_PREFIX));
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), token_hash(&b));
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let s = new_session_id().unwrap();
        assert!(is_session_id(&s), "{s}");
        assert!(!is_session_id("xyz"));
    }
}
