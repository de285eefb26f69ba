//! Board digests: SHA-256 of a board's canonical content, its signature in saves and archives.

use sha2::{Digest as _, Sha256};

/// Lower-case hex SHA-256 of `genre`, a newline, and the genre's canonical content string (which
/// each genre defines from its givens, solution and difficulty, never from player progress).
pub fn board_digest(genre: &str, canonical_content: &str) -> String {
    let mut h = Sha256::new();
    h.update(genre.as_bytes());
    h.update(b"\n");
    h.update(canonical_content.as_bytes());
    hex(&h.finalize())
}

/// Lower-case hex SHA-256 of raw bytes (used by fixture lock tests).
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 15)] as char);
    }
    out
}

/// True when `text` looks like a digest: 64 lower-case hex digits.
pub fn is_digest(text: &str) -> bool {
    text.len() == 64
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_of_abc_is_the_standard_vector() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn digest_depends_on_genre_and_content() {
        let a = board_digest("sudoku", "x");
        assert!(is_digest(&a));
        assert_ne!(a, board_digest("sudoku", "y"));
        assert_ne!(a, board_digest("lightsout", "x"));
    }
}
