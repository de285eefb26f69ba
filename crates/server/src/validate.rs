//! Bounds on values that come from clients.

use crate::error::AppError;

/// The longest player name, in characters.
pub const MAX_PLAYER_CHARS: usize = 32;
/// The longest accepted solving time: seven days, in milliseconds.
pub const MAX_ELAPSED_MS: i64 = 7 * 24 * 3_600_000;
/// The default and the largest leaderboard length.
pub const DEFAULT_LIMIT: u32 = 10;
/// The largest leaderboard length a client may ask for.
pub const MAX_LIMIT: u32 = 100;
/// The longest query parameter value (difficulty, tz, size, ...), in bytes.
pub const MAX_PARAM_BYTES: usize = 64;

/// A player name: 1 to 32 printable characters, no leading or trailing spaces.
pub fn player(name: &str) -> Result<(), String> {
    let count = name.chars().count();
    if count == 0 || count > MAX_PLAYER_CHARS {
        return Err(format!(
            "player name must be 1 to {MAX_PLAYER_CHARS} characters, got {count}"
        ));
    }
    if let Some(c) = name.chars().find(|c| c.is_control()) {
        return Err(format!(
            "player name contains the non-printable character U+{:04X}",
            u32::from(c)
        ));
    }
    if name.trim() != name {
        return Err("player name must not start or end with spaces".into());
    }
    Ok(())
}

/// A solving time: 1 ms to seven days.
pub fn elapsed_ms(ms: i64) -> Result<(), String> {
    if (1..=MAX_ELAPSED_MS).contains(&ms) {
        Ok(())
    } else {
        Err(format!(
            "elapsed_ms must be between 1 and {MAX_ELAPSED_MS} (seven days), got {ms}"
        ))
    }
}

/// A leaderboard length: default 10, at most 100.
pub fn limit(limit: Option<u32>) -> Result<u32, AppError> {
    match limit {
        None => Ok(DEFAULT_LIMIT),
        Some(n) if (1..=MAX_LIMIT).contains(&n) => Ok(n),
        Some(n) => Err(AppError::bad_request(format!(
            "limit must be between 1 and {MAX_LIMIT}, got {n}"
        ))),
    }
}

/// A query parameter value of at most [`MAX_PARAM_BYTES`] bytes.
pub fn param<'a>(name: &str, value: Option<&'a str>) -> Result<Option<&'a str>, AppError> {
    match value {
        Some(v) if v.len() > MAX_PARAM_BYTES => Err(AppError::bad_request(format!(
            "query parameter '{name}' is longer than {MAX_PARAM_BYTES} bytes"
        ))),
        other => Ok(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_names() {
        assert!(player("ann").is_ok());
        assert!(player("Zoë 42").is_ok());
        assert!(player(&"x".repeat(32)).is_ok());
        assert!(player(&"é".repeat(32)).is_ok());
        assert!(player("").is_err());
        assert!(player(&"x".repeat(33)).is_err());
        assert!(player("a\u{7}b").unwrap_err().contains("U+0007"));
        assert!(player(" ann").is_err());
        assert!(player("ann\n").is_err());
    }

    #[test]
    fn elapsed_and_limits() {
        assert!(elapsed_ms(1).is_ok());
        assert!(elapsed_ms(MAX_ELAPSED_MS).is_ok());
        assert!(elapsed_ms(0).is_err());
        assert!(elapsed_ms(-5).is_err());
        assert!(elapsed_ms(MAX_ELAPSED_MS + 1).is_err());
        assert_eq!(limit(None).unwrap(), 10);
        assert_eq!(limit(Some(100)).unwrap(), 100);
        assert!(limit(Some(0)).is_err());
        assert!(limit(Some(101)).is_err());
        assert!(param("tz", Some(&"x".repeat(65))).is_err());
        assert_eq!(param("tz", Some("UTC")).unwrap(), Some("UTC"));
    }
}
