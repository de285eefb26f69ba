//! Boards in the forms other players use: puzz.link / pzprjs URLs (`https://puzz.link/p?sudoku/9/9/<body>`)
//! and Simon Tatham's Solo game ids (`3x3:<desc>`). Decoding is bounded and never panics; a URL of
//! another genre or size is a clear error.
//!
//! * puzz.link body (pzprjs "number16"): a digit `1`-`9` (hex `0`-`f` in general) is a given,
//!   `g`..`z` is a run of 1..20 empty cells, `.` an unknown number (refused here). Rows run
//!   left to right, top to bottom; the size is `9/9` (or `9` alone).
//! * Solo desc: a number is a given, `a`..`z` a run of 1..26 empty cells, `_` separates two
//!   givens with nothing between them.

use dayseed_core::{Error, Result};

use crate::board::Cells;

/// The longest foreign text read.
const MAX_TEXT: usize = 4096;

/// True when `text` looks like a puzz.link URL or a Solo game id rather than our 81-char line.
pub fn is_foreign(text: &str) -> bool {
    let t = text.trim();
    t.contains('?') || t.contains("://") || t.contains("x3:") || t.contains('/')
}

/// Reads a puzz.link / pzprjs sudoku URL (or just its `sudoku/9/9/<body>` part).
pub fn from_puzzlink(text: &str) -> Result<Cells> {
    let t = bounded(text)?;
    let query = t.rsplit_once('?').map_or(t, |(_, q)| q);
    let mut parts = query.split('/');
    let kind = parts.next().unwrap_or_default();
    if kind != "sudoku" {
        return Err(Error::puzzle(format!(
            "this puzz.link URL is a '{kind}' puzzle, not a sudoku"
        )));
    }
    let rest: Vec<&str> = parts.collect();
    let (size, body) = match rest.as_slice() {
        [cols, rows, body] => (((*cols), (*rows)), *body),
        [cols, body] => (((*cols), (*cols)), *body),
        _ => {
            return Err(Error::puzzle(
                "a puzz.link sudoku URL is sudoku/9/9/<cells>",
            ));
        }
    };
    if size != ("9", "9") {
        return Err(Error::puzzle(format!(
            "puzz.link sudoku of size {}x{} is not supported; only 9x9",
            size.0, size.1
        )));
    }
    let mut cells = [0u8; 81];
    let mut at = 0usize;
    for (i, ch) in body.chars().enumerate() {
        if at >= 81 {
            break;
        }
        match ch {
            '1'..='9' => {
                cells[at] = ch as u8 - b'0';
                at += 1;
            }
            'g'..='z' => at += (ch as usize - 'g' as usize) + 1,
            _ => {
                return Err(Error::puzzle(format!(
                    "puzz.link body, character {}: '{ch}' is not a digit 1-9 or a run g-z",
                    i + 1
                )));
            }
        }
    }
    Ok(cells)
}

/// The puzz.link URL of a grid of givens.
pub fn to_puzzlink(cells: &Cells) -> String {
    const HEAD: &str = "https://puzz.link/p?sudoku/9/9/";
    let mut body = String::with_capacity(HEAD.len() + 81);
    body.push_str(HEAD);
    let mut run = 0u8;
    for &v in cells {
        if v == 0 {
            run += 1;
            if run == 20 {
                body.push('z');
                run = 0;
            }
            continue;
        }
        if run > 0 {
            body.push((b'f' + run) as char);
            run = 0;
        }
        body.push((b'0' + v) as char);
    }
    if run > 0 {
        body.push((b'f' + run) as char);
    }
    body
}

/// Reads a Simon Tatham Solo game id for a 9x9 board (`3x3:<desc>`).
pub fn from_tatham(text: &str) -> Result<Cells> {
    let t = bounded(text)?;
    let Some((params, desc)) = t.split_once(':') else {
        return Err(Error::puzzle("a Solo game id is 3x3:<cells>"));
    };
    if params != "3x3" {
        return Err(Error::puzzle(format!(
            "Solo boards of type '{params}' are not supported; only 3x3 (9x9 classic)"
        )));
    }
    let mut cells = [0u8; 81];
    let mut at = 0usize;
    let mut chars = desc.char_indices().peekable();
    while let Some((i, ch)) = chars.next() {
        match ch {
            'a'..='z' => at += (ch as usize - 'a' as usize) + 1,
            '_' => {}
            '0'..='9' => {
                let mut n = u32::from(ch as u8 - b'0');
                while let Some(&(_, d @ '0'..='9')) = chars.peek() {
                    n = n * 10 + u32::from(d as u8 - b'0');
                    chars.next();
                    if n > 9 {
                        break;
                    }
                }
                if !(1..=9).contains(&n) {
                    return Err(Error::puzzle(format!(
                        "Solo id, character {}: {n} is not a digit 1-9",
                        i + 1
                    )));
                }
                if at >= 81 {
                    return Err(Error::puzzle("Solo id: more than 81 cells"));
                }
                cells[at] = n as u8;
                at += 1;
            }
            _ => {
                return Err(Error::puzzle(format!(
                    "Solo id, character {}: '{ch}' is not a digit, a run a-z or '_'",
                    i + 1
                )));
            }
        }
        if at > 81 {
            return Err(Error::puzzle("Solo id: more than 81 cells"));
        }
    }
    if at != 81 {
        return Err(Error::puzzle(format!(
            "Solo id: {at} cells; a 3x3 board has 81"
        )));
    }
    Ok(cells)
}

/// The Solo game id of a grid of givens (`3x3:...`).
pub fn to_tatham(cells: &Cells) -> String {
    // The desc starts after `3x3:`; only its own first cell goes without a separator.
    let mut desc = String::with_capacity(4 + 2 * 81);
    desc.push_str("3x3:");
    let mut run = 0u8;
    for &v in cells {
        if v == 0 {
            run += 1;
            if run == 26 {
                desc.push('z');
                run = 0;
            }
            continue;
        }
        if run > 0 {
            desc.push((b'a' - 1 + run) as char);
            run = 0;
        } else if desc.len() > 4 {
            desc.push('_');
        }
        desc.push((b'0' + v) as char);
    }
    if run > 0 {
        desc.push((b'a' - 1 + run) as char);
    }
    desc
}

/// Reads either foreign form (a Solo id or a puzz.link URL).
pub fn decode_foreign(text: &str) -> Result<Cells> {
    let t = text.trim();
    if t.starts_with("3x3:") || (t.contains(':') && !t.contains('/') && !t.contains('?')) {
        from_tatham(t)
    } else {
        from_puzzlink(t)
    }
}

fn bounded(text: &str) -> Result<&str> {
    let t = text.trim();
    if t.len() > MAX_TEXT {
        return Err(Error::puzzle(format!(
            "{} bytes is too long for a puzzle URL or game id (limit {MAX_TEXT})",
            t.len()
        )));
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_grid;

    const GRID: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn known_forms_decode_to_the_board_they_denote() {
        let cells = parse_grid(GRID).unwrap();
        // Worked by hand from the formats: 5,3, two blanks (h), 7, four blanks (j), 6, ...
        let url = to_puzzlink(&cells);
        assert!(
            url.starts_with(
                "https://puzz.link/p?sudoku/9/9/53h7j6h195j98j6g8i6i34h8g3h17i2i6g6j28j419h5j8h79"
            ),
            "{url}"
        );
        assert_eq!(from_puzzlink(&url).unwrap(), cells);
        assert_eq!(
            from_puzzlink("sudoku/9/53h7j6h195j98j6g8i6i34h8g3h17i2i6g6j28j419h5j8h79").unwrap(),
            cells
        );
        let id = to_tatham(&cells);
        assert_eq!(
            id,
            "3x3:5_3b7d6b1_9_5d9_8d6a8c6c3_4b8a3b1_7c2c6a6d2_8d4_1_9b5d8b7_9"
        );
        assert_eq!(from_tatham(&id).unwrap(), cells);
    }

    #[test]
    fn round_trips_on_every_fixture_board() {
        for file in ["g1", "g2"] {
            let path = format!(
                "{}/../../fixtures/sudoku/{file}.jsonl",
                env!("CARGO_MANIFEST_DIR")
            );
            let text = std::fs::read_to_string(&path).unwrap();
            let mut n = 0;
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                let v: serde_json::Value = serde_json::from_str(line).unwrap();
                let cells = parse_grid(v["puzzle"].as_str().unwrap()).unwrap();
                assert_eq!(from_puzzlink(&to_puzzlink(&cells)).unwrap(), cells);
                assert_eq!(from_tatham(&to_tatham(&cells)).unwrap(), cells);
                assert_eq!(decode_foreign(&to_tatham(&cells)).unwrap(), cells);
                n += 1;
            }
            assert!(n > 0, "{path} has boards");
        }
    }

    #[test]
    fn wrong_or_unsupported_forms_are_clear_errors() {
        let e = from_puzzlink("https://puzz.link/p?slither/10/10/abc").unwrap_err();
        assert!(e.to_string().contains("'slither'"), "{e}");
        let e = from_puzzlink("https://puzz.link/p?sudoku/4/4/1234").unwrap_err();
        assert!(e.to_string().contains("4x4"), "{e}");
        let e = from_puzzlink("sudoku/9/9/12#4").unwrap_err();
        assert!(e.to_string().contains("character 3"), "{e}");
        let e = from_tatham("2x2:abc").unwrap_err();
        assert!(e.to_string().contains("2x2"), "{e}");
        let e = from_tatham("3x3:5_3").unwrap_err();
        assert!(e.to_string().contains("2 cells"), "{e}");
        assert!(from_tatham(&format!("3x3:{}", "9".repeat(5000))).is_err());
        assert!(from_tatham("3x3:z99999999999999999999").is_err());
    }
}
