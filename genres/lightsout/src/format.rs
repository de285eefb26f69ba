//! The canonical text form: an optional first line `wrap` (toroidal board), then H lines of W
//! characters `0`/`1` (1 = lit). Trailing spaces, tabs and `\r` at line ends are ignored, and so
//! are blank lines before and after the board. Sides are bounded by [`MAX_SIDE`].

use dayseed_core::{Error, Result};

use crate::board::{Board, MAX_SIDE};
use crate::puzzle::rows_text;

/// Writes the text form.
pub fn encode(lights: &Board) -> String {
    let mut out = String::new();
    if lights.wrap() {
        out.push_str("wrap\n");
    }
    for row in rows_text(lights) {
        out.push_str(&row);
        out.push('\n');
    }
    out
}

/// Reads the text form; errors say "line L, column C: what is wrong" (L counts from the first
/// line of `text`, 1-based).
pub fn decode(text: &str) -> Result<Board> {
    let lines: Vec<(usize, &str)> = text
        .split('\n')
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches([' ', '\t', '\r'])))
        .collect();
    let first = lines.iter().position(|(_, l)| !l.is_empty());
    let last = lines.iter().rposition(|(_, l)| !l.is_empty());
    let (Some(first), Some(last)) = (first, last) else {
        return Err(Error::puzzle("the board is empty"));
    };
    let mut body = &lines[first..=last];
    let wrap = body[0].1 == "wrap";
    if wrap {
        body = &body[1..];
    }
    let Some(&(first_line, first_row)) = body.first() else {
        let line = lines[first].0;
        return Err(Error::puzzle(format!(
            "line {line}: 'wrap' but no board follows"
        )));
    };
    let width = first_row.chars().count();
    if body.len() > MAX_SIDE as usize || width > MAX_SIDE as usize {
        return Err(Error::puzzle(format!(
            "the board is {width} wide and {} high; at most {MAX_SIDE} x {MAX_SIDE}",
            body.len()
        )));
    }
    let mut lights = Board::new(width as u32, body.len() as u32, wrap);
    for (r, &(line, row)) in body.iter().enumerate() {
        let mut count = 0usize;
        for (c, ch) in row.chars().enumerate() {
            count = c + 1;
            match ch {
                '0' => {}
                '1' if c < width => lights.set(r as u32, c as u32, true),
                '1' => {}
                other => {
                    return Err(Error::puzzle(format!(
                        "line {line}, column {}: '{}' is not 0 or 1",
                        c + 1,
                        other.escape_default()
                    )));
                }
            }
        }
        if count != width {
            return Err(Error::puzzle(format!(
                "line {line}: the row has {count} cells, but line {first_line} has {width}"
            )));
        }
    }
    Ok(lights)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let mut b = Board::new(3, 2, false);
        b.set(0, 1, true);
        b.set(1, 2, true);
        assert_eq!(encode(&b), "010\n001\n");
        assert_eq!(decode(&encode(&b)).unwrap(), b);
        let mut t = Board::new(2, 3, true);
        t.set(2, 0, true);
        assert_eq!(encode(&t), "wrap\n00\n00\n10\n");
        assert_eq!(decode(&encode(&t)).unwrap(), t);
        assert_eq!(
            decode("\n\n01 \r\n10\r\n\n").unwrap().ones(),
            vec![(0, 1), (1, 0)]
        );
    }

    #[test]
    fn errors_name_the_place() {
        let e = decode("010\n0x0\n").unwrap_err();
        assert_eq!(e.message(), "line 2, column 2: 'x' is not 0 or 1");
        let e = decode("\n010\n01\n").unwrap_err();
        assert_eq!(e.message(), "line 3: the row has 2 cells, but line 2 has 3");
        let e = decode("010\n0100\n").unwrap_err();
        assert!(e.message().starts_with("line 2: the row has 4 cells"));
        assert!(decode("").is_err());
        assert!(decode("wrap\n").is_err());
        assert!(
            decode("01\n\n10\n")
                .unwrap_err()
                .message()
                .starts_with("line 2: the row has 0")
        );
        let wide = "0".repeat(MAX_SIDE as usize + 1);
        assert!(
            decode(&wide)
                .unwrap_err()
                .message()
                .contains("at most 2000")
        );
        assert!(decode("0é1").unwrap_err().message().contains("column 2"));
    }
}
