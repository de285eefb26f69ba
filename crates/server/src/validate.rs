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

/// A display name after [`display_name`]: the NFC form to show and the key that must be unique.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisplayName {
    /// The name as shown (NFC).
    pub name: String,
    /// Its lower-case form: two names with the same key cannot both exist.
    pub key: String,
}

/// The scripts a name's letters may come from; at most one of Latin, Greek and Cyrillic per
/// name, so mixed-script look-alikes ("pаypal" with a Cyrillic a) are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Script {
    Latin,
    Greek,
    Cyrillic,
    Cjk,
}

fn script_of(c: char) -> Option<Script> {
    let u = u32::from(c);
    if c.is_ascii_alphabetic() {
        return Some(Script::Latin);
    }
    if !c.is_alphabetic() {
        return None;
    }
    match u {
        0x00C0..=0x024F | 0x1E00..=0x1EFF if c != '\u{D7}' && c != '\u{F7}' => Some(Script::Latin),
        0x0370..=0x03FF | 0x1F00..=0x1FFF => Some(Script::Greek),
        0x0400..=0x04FF => Some(Script::Cyrillic),
        0x1100..=0x11FF | 0x3130..=0x318F | 0xAC00..=0xD7A3 | 0x3040..=0x30FF | 0x4E00..=0x9FFF => {
            Some(Script::Cjk)
        }
        _ => None,
    }
}

/// The display-name rule of [`display_name`] as an ECMA-262 regular expression over its NFC
/// form, built from the same character classes (the OpenAPI document serves it): one alphabet
/// of Latin, Greek and Cyrillic with the shared Hangul, Kana and CJK letters, ASCII digits and
/// `_ - . '`, single spaces between words, 1 to 32 characters.
pub fn display_name_pattern() -> String {
    let shared = format!(
        "0-9_.'\\-{}",
        class_ranges(|c| script_of(c) == Some(Script::Cjk))
    );
    let words: Vec<String> = [Script::Latin, Script::Greek, Script::Cyrillic]
        .into_iter()
        .map(|alphabet| {
            let letters = class_ranges(|c| script_of(c) == Some(alphabet));
            format!("[{shared}{letters} ]{{1,{MAX_PLAYER_CHARS}}}")
        })
        .collect();
    format!("^(?! )(?!.* $)(?!.*  )(?:{})$", words.join("|"))
}

/// The basic-plane characters `keep` accepts, as character-class ranges (`\uXXXX-\uXXXX`).
fn class_ranges(keep: impl Fn(char) -> bool) -> String {
    fn push(out: &mut String, (first, last): (u32, u32)) {
        out.push_str(&format!("\\u{first:04X}"));
        if last > first {
            out.push_str(&format!("-\\u{last:04X}"));
        }
    }
    let mut out = String::new();
    let mut run: Option<(u32, u32)> = None;
    for u in 0..=0xFFFFu32 {
        let kept = char::from_u32(u).is_some_and(&keep);
        match run {
            Some((first, last)) if kept && last + 1 == u => run = Some((first, u)),
            _ => {
                if let Some(r) = run.take() {
                    push(&mut out, r);
                }
                if kept {
                    run = Some((u, u));
                }
            }
        }
    }
    if let Some(r) = run {
        push(&mut out, r);
    }
    out
}

/// A player's display name, normalised to NFC and checked against the documented set:
/// 1 to 32 characters; letters of the Latin, Greek, Cyrillic, Hangul, Kana and CJK blocks, ASCII
/// digits, single spaces between words, and `_ - . '`; letters of at most one of Latin, Greek
/// and Cyrillic; no control, bidirectional or invisible characters, no combining marks left
/// after NFC.
pub fn display_name(raw: &str) -> Result<DisplayName, String> {
    use unicode_normalization::UnicodeNormalization;
    if raw.len() > 4 * MAX_PLAYER_CHARS {
        return Err(format!(
            "player name must be 1 to {MAX_PLAYER_CHARS} characters, got {} bytes",
            raw.len()
        ));
    }
    let name: String = raw.nfc().collect();
    let count = name.chars().count();
    if count == 0 || count > MAX_PLAYER_CHARS {
        return Err(format!(
            "player name must be 1 to {MAX_PLAYER_CHARS} characters, got {count}"
        ));
    }
    if name.trim() != name {
        return Err("player name must not start or end with spaces".into());
    }
    if name.contains("  ") {
        return Err("player name must not contain two spaces in a row".into());
    }
    let mut alphabet: Option<Script> = None;
    for (i, c) in name.chars().enumerate() {
        let script = script_of(c);
        match script {
            Some(s @ (Script::Latin | Script::Greek | Script::Cyrillic)) => match alphabet {
                Some(seen) if seen != s => {
                    return Err(format!(
                        "player name mixes {seen:?} and {s:?} letters (character {}, U+{:04X}); \
                         use one alphabet",
                        i + 1,
                        u32::from(c)
                    ));
                }
                _ => alphabet = Some(s),
            },
            Some(Script::Cjk) => {}
            None if c.is_ascii_digit() || matches!(c, ' ' | '_' | '-' | '.' | '\'') => {}
            None => {
                return Err(format!(
                    "player name: character {} (U+{:04X}) is not allowed; use letters, digits, \
                     single spaces and _ - . '",
                    i + 1,
                    u32::from(c)
                ));
            }
        }
    }
    let key = name.to_lowercase();
    Ok(DisplayName { name, key })
}

/// A player name given to look a player up (leaderboard `player=`): the same rules as
/// [`display_name`].
pub fn player(name: &str) -> Result<(), String> {
    display_name(name).map(|_| ())
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
        assert!(player("O'Brien-2.x_y").is_ok());
        assert!(player("김민수").is_ok());
        assert!(player("Иван").is_ok());
        assert!(player("ann 김").is_ok());
        assert!(player(&"x".repeat(32)).is_ok());
        assert!(player(&"é".repeat(32)).is_ok());
        assert!(player("").is_err());
        assert!(player(&"x".repeat(33)).is_err());
        assert!(player("a\u{7}b").unwrap_err().contains("U+0007"));
        assert!(player(" ann").is_err());
        assert!(player("ann\n").is_err());
        assert!(player("a  b").is_err());
        // Bidi overrides, zero-width characters and look-alikes mixing alphabets.
        assert!(player("ann\u{202E}olleh").unwrap_err().contains("U+202E"));
        assert!(player("an\u{200B}n").unwrap_err().contains("U+200B"));
        assert!(player("p\u{0430}ypal").unwrap_err().contains("mixes"));
        assert!(player("ann<script>").is_err());
    }

    #[test]
    fn names_are_nfc_and_keyed_without_case() {
        let decomposed = display_name("Zoe\u{0308}").unwrap();
        assert_eq!(decomposed.name, "Zoë");
        assert_eq!(decomposed, display_name("Zoë").unwrap());
        assert_eq!(display_name("ANN").unwrap().key, "ann");
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
