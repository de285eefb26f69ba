//! The canonical text form of a puzzle: `H` lines of `W` chars, `0`-`3` for a clue and `.` for
//! none. Decoding untrusted text checks every character and the bounds and never panics.

use dayseed_core::{Error, Result};

use crate::grid::{MAX_SIDE, MIN_SIDE};
use crate::model::Puzzle;

/// Writes the clue rows, one per line.
pub fn encode(p: &Puzzle) -> String {
    let mut out = String::new();
    for row in p.clue_rows() {
        out.push_str(&row);
        out.push('\n');
    }
    out
}

/// Reads clue rows; blank lines before and after are ignored, lines are 1-based in errors.
pub fn decode(text: &str) -> Result<Puzzle> {
    let mut rows: Vec<(usize, &str)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r').trim();
        if line.is_empty() {
            if !rows.is_empty() && text.lines().skip(i).any(|l| !l.trim().is_empty()) {
                return Err(Error::puzzle(format!(
                    "line {}: blank line inside the puzzle",
                    i + 1
                )));
            }
            continue;
        }
        if rows.len() >= MAX_SIDE {
            return Err(Error::puzzle(format!(
                "line {}: more than {MAX_SIDE} rows",
                i + 1
            )));
        }
        rows.push((i + 1, line));
    }
    let Some(&(_, first)) = rows.first() else {
        return Err(Error::puzzle("line 1: empty puzzle"));
    };
    let w = first.chars().count();
    if !(MIN_SIDE..=MAX_SIDE).contains(&w) {
        return Err(Error::puzzle(format!(
            "line {}: {w} columns is out of bounds ({MIN_SIDE}..={MAX_SIDE})",
            rows[0].0
        )));
    }
    let mut clues = Vec::with_capacity(w * rows.len());
    for &(line_no, line) in &rows {
        let n = line.chars().count();
        if n != w {
            return Err(Error::puzzle(format!(
                "line {line_no}: {n} columns, but the first row has {w}"
            )));
        }
        for (col, ch) in line.chars().enumerate() {
            match ch {
                '.' => clues.push(-1),
                '0'..='3' => clues.push(ch as i8 - b'0' as i8),
                _ => {
                    return Err(Error::puzzle(format!(
                        "line {line_no}, column {}: '{ch}' is not a clue (0-3 or .)",
                        col + 1
                    )));
                }
            }
        }
    }
    Ok(Puzzle::from_clues(w, rows.len(), &clues))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_reports_line_and_column() {
        let p = decode("3.2\n.1.\n").unwrap();
        assert_eq!(p.size(), (3, 2));
        assert_eq!(encode(&p), "3.2\n.1.\n");
        let e = decode("3.2\n.x.\n").unwrap_err();
        assert_eq!(
            e.message(),
            "line 2, column 2: 'x' is not a clue (0-3 or .)"
        );
        let e = decode("3.2\n.1\n").unwrap_err();
        assert!(
            e.message().starts_with("line 2: 2 columns"),
            "{}",
            e.message()
        );
        assert!(decode("\n\n").is_err());
        assert!(decode(&"1".repeat(61)).is_err());
        assert!(decode("12\n\n12").is_err());
        assert!(decode("é4\n").is_err());
    }
}
