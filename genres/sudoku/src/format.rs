//! The canonical text form of a grid: 81 characters in row-major order, a digit 1-9 for a
//! filled cell and `.` (or `0` on input) for an empty one. Decoding never panics: every problem
//! is reported as "line L, column C: what is wrong".

use dayseed_core::{Error, Result};

use crate::board::Cells;

/// The most characters a grid line may have before it is refused unread.
const MAX_LINE_CHARS: usize = 200;

/// Reads a grid of givens: one line of 81 characters, `1`-`9` filled, `.` or `0` empty. Leading
/// and trailing whitespace (including a final newline) is ignored.
pub fn parse_grid(text: &str) -> Result<Cells> {
    parse_line(text, true)
}

/// Reads a complete grid (a solution): 81 digits 1-9.
pub fn parse_solution(text: &str) -> Result<Cells> {
    parse_line(text, false)
}

fn parse_line(text: &str, blanks: bool) -> Result<Cells> {
    match parse_exact(text.as_bytes(), blanks) {
        Some(cells) => Ok(cells),
        None => parse_general(text, blanks),
    }
}

/// The common case without a branch per cell: exactly 81 valid characters and nothing else,
/// which [`parse_general`] reads the same way. `None` for anything else (let it read or refuse
/// that).
fn parse_exact(bytes: &[u8], blanks: bool) -> Option<Cells> {
    let bytes: &[u8; 81] = bytes.try_into().ok()?;
    let mut cells = [0u8; 81];
    let mut bad = false;
    for (cell, &b) in cells.iter_mut().zip(bytes) {
        let digit = b.wrapping_sub(b'1') < 9;
        let blank = blanks && (b == b'0' || b == b'.');
        bad |= !(digit | blank);
        *cell = if digit { b - b'0' } else { 0 };
    }
    (!bad).then_some(cells)
}

fn parse_general(text: &str, blanks: bool) -> Result<Cells> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((index, line)) = lines.next() else {
        return Err(Error::puzzle("line 1: empty input; expected 81 cells"));
    };
    if let Some((other, _)) = lines.next() {
        return Err(Error::puzzle(format!(
            "line {}: unexpected second line; a sudoku grid is one line of 81 characters",
            other + 1
        )));
    }
    let line_no = index + 1;
    let lead = line.chars().take_while(|c| c.is_whitespace()).count();
    let body = line.trim();
    let n = body.chars().count();
    if n > MAX_LINE_CHARS {
        return Err(Error::puzzle(format!(
            "line {line_no}: {n} characters; expected 81 cells"
        )));
    }
    let mut cells = [0u8; 81];
    for (i, c) in body.chars().enumerate() {
        let value = match c {
            '1'..='9' => c as u8 - b'0',
            '.' | '0' if blanks => 0,
            _ => {
                let what = if blanks {
                    "is not a digit or '.'"
                } else {
                    "is not a digit 1-9"
                };
                return Err(Error::puzzle(format!(
                    "line {line_no}, column {}: '{}' {what}",
                    lead + i + 1,
                    c.escape_debug()
                )));
            }
        };
        if i < 81 {
            cells[i] = value;
        }
    }
    if n != 81 {
        return Err(Error::puzzle(format!(
            "line {line_no}: {n} cells; expected 81"
        )));
    }
    Ok(cells)
}

/// Writes a grid in the canonical form, `.` for empty cells.
pub fn encode_grid(cells: &Cells) -> String {
    let mut out = String::with_capacity(81);
    push_grid(&mut out, cells);
    out
}

/// Appends [`encode_grid`]'s text to `out`, without a string of its own.
pub(crate) fn push_grid(out: &mut String, cells: &Cells) {
    let bytes = cells.map(|v| if (1..=9).contains(&v) { b'0' + v } else { b'.' });
    out.push_str(std::str::from_utf8(&bytes).expect("digits and dots are ASCII"));
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

    #[test]
    fn round_trip_and_zero_blanks() {
        let g = parse_grid(P).unwrap();
        assert_eq!(encode_grid(&g), P);
        assert_eq!(parse_grid(&P.replace('.', "0")).unwrap(), g);
        assert_eq!(parse_grid(&format!("  {P}\r\n")).unwrap(), g);
    }

    #[test]
    fn errors_name_line_and_column() {
        let bad = format!("{}x{}", &P[..4], &P[5..]);
        let e = parse_grid(&bad).unwrap_err();
        assert_eq!(e.message(), "line 1, column 5: 'x' is not a digit or '.'");
        let e = parse_grid(&P[..80]).unwrap_err();
        assert_eq!(e.message(), "line 1: 80 cells; expected 81");
        let e = parse_grid(&format!("{P}1")).unwrap_err();
        assert_eq!(e.message(), "line 1: 82 cells; expected 81");
        let e = parse_grid("").unwrap_err();
        assert!(e.message().starts_with("line 1: empty"));
        let e = parse_grid(&format!("\n{P}\n{P}")).unwrap_err();
        assert!(
            e.message().starts_with("line 3: unexpected second line"),
            "{e}"
        );
        let e = parse_solution(P).unwrap_err();
        assert_eq!(e.message(), "line 1, column 2: '.' is not a digit 1-9");
        let e = parse_grid(&"é".repeat(500)).unwrap_err();
        assert!(e.message().contains("500 characters"));
    }

    proptest::proptest! {
        #[test]
        fn never_panics(text in ".{0,120}") {
            let _ = parse_grid(&text);
            let _ = parse_solution(&text);
        }

        /// The 81-character fast path reads (or refuses) every text as the general reader does.
        #[test]
        fn fast_path_agrees_with_the_general_reader(
            text in "[0-9.]{81}|[1-9]{81}|[0-9. x\n]{79,83}|[1-9]{40}[0. \n]{1,2}[1-9]{40}"
        ) {
            for blanks in [true, false] {
                proptest::prop_assert_eq!(
                    parse_line(&text, blanks),
                    parse_general(&text, blanks)
                );
            }
        }
    }
}
