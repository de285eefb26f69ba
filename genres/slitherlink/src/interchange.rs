//! Boards in the forms other players use: puzz.link / pzprjs URLs
//! (`https://puzz.link/p?slither/W/H/<body>`) and Simon Tatham's Loopy game ids for the square
//! grid (`WxHt0:<desc>`). Decoding is bounded and never panics; other genres, grid types and
//! sizes are clear errors.
//!
//! * puzz.link body (pzprjs "4cell"): `0`-`4` a clue; `5`-`9` a clue (minus 5) followed by one
//!   empty cell; `a`-`e` a clue (minus 10) followed by two; `g`..`z` a run of 1..20 empty cells;
//!   `.` an unknown clue (refused here). Rows run left to right, top to bottom.
//! * Loopy desc: a digit is a clue, `a`..`z` a run of 1..26 empty faces (square grid faces are
//!   in row-major order).

use dayseed_core::{Error, Result};

use crate::grid::{MAX_SIDE, MIN_SIDE};
use crate::model::Puzzle;

/// The longest foreign text read.
const MAX_TEXT: usize = 16 * 1024;

/// True when `text` looks like a puzz.link URL or a Loopy game id rather than our rows of clues.
pub fn is_foreign(text: &str) -> bool {
    let t = text.trim();
    t.contains('?') || t.contains("://") || t.contains(':') || t.contains('/')
}

/// Reads a puzz.link URL or a Loopy game id.
pub fn decode_foreign(text: &str) -> Result<Puzzle> {
    let t = text.trim();
    if t.len() > MAX_TEXT {
        return Err(Error::puzzle(format!(
            "{} bytes is too long for a puzzle URL or game id (limit {MAX_TEXT})",
            t.len()
        )));
    }
    if t.contains('/') || t.contains('?') {
        from_puzzlink(t)
    } else {
        from_tatham(t)
    }
}

fn side(text: &str, what: &str) -> Result<usize> {
    let n: usize = text
        .parse()
        .map_err(|_| Error::puzzle(format!("{what} '{text}' is not a number")))?;
    if !(MIN_SIDE..=MAX_SIDE).contains(&n) {
        return Err(Error::puzzle(format!(
            "{what} {n} is out of bounds ({MIN_SIDE}..={MAX_SIDE})"
        )));
    }
    Ok(n)
}

/// Fills `clues` (w*h, -1 empty) from a pzprjs 4cell body.
fn from_puzzlink(t: &str) -> Result<Puzzle> {
    let query = t.rsplit_once('?').map_or(t, |(_, q)| q);
    let parts: Vec<&str> = query.split('/').collect();
    let kind = parts.first().copied().unwrap_or_default();
    if kind != "slither" && kind != "slitherlink" {
        return Err(Error::puzzle(format!(
            "this puzz.link URL is a '{kind}' puzzle, not a slitherlink (slither)"
        )));
    }
    let [_, cols, rows, body] = parts.as_slice() else {
        return Err(Error::puzzle(
            "a puzz.link slitherlink URL is slither/W/H/<cells>",
        ));
    };
    let (w, h) = (side(cols, "width")?, side(rows, "height")?);
    let mut clues = vec![-1i8; w * h];
    let mut at = 0usize;
    for (i, ch) in body.chars().enumerate() {
        if at >= clues.len() {
            break;
        }
        let (clue, skip) = match ch {
            '0'..='4' => (ch as i8 - b'0' as i8, 0),
            '5'..='9' => (ch as i8 - b'5' as i8, 1),
            'a'..='e' => (ch as i8 - b'a' as i8, 2),
            'g'..='z' => {
                at += ch as usize - 'g' as usize + 1;
                continue;
            }
            _ => {
                return Err(Error::puzzle(format!(
                    "puzz.link body, character {}: '{ch}' is not a clue or a run",
                    i + 1
                )));
            }
        };
        if clue > 3 {
            return Err(Error::puzzle(format!(
                "puzz.link body, character {}: a clue of 4 cannot be met on a loop",
                i + 1
            )));
        }
        clues[at] = clue;
        at += 1 + skip;
    }
    let puzzle = Puzzle::from_clues(w, h, &clues);
    puzzle.check()?;
    Ok(puzzle)
}

/// The puzz.link URL of a board's clues.
pub fn to_puzzlink(p: &Puzzle) -> String {
    let (w, h) = p.size();
    let clues = p.clue_array();
    let mut body = String::new();
    let mut run = 0u8;
    let mut i = 0;
    while i < clues.len() {
        let c = clues[i];
        if c < 0 {
            run += 1;
            if run == 20 {
                body.push('z');
                run = 0;
            }
            i += 1;
            continue;
        }
        if run > 0 {
            body.push((b'f' + run) as char);
            run = 0;
        }
        let empty = |k: usize| clues.get(k).is_some_and(|&x| x < 0);
        let (base, used) = if empty(i + 1) && empty(i + 2) {
            (b'a', 3)
        } else if empty(i + 1) {
            (b'5', 2)
        } else {
            (b'0', 1)
        };
        body.push((base + c as u8) as char);
        i += used;
    }
    if run > 0 {
        body.push((b'f' + run) as char);
    }
    format!("https://puzz.link/p?slither/{w}/{h}/{body}")
}

/// Reads a Loopy game id on the square grid (`WxHt0:<desc>`, or `WxH:<desc>`).
fn from_tatham(t: &str) -> Result<Puzzle> {
    let Some((params, desc)) = t.split_once(':') else {
        return Err(Error::puzzle("a Loopy game id is WxHt0:<clues>"));
    };
    let size = match params.split_once('t') {
        Some((size, "0")) => size,
        Some((_, grid)) => {
            return Err(Error::puzzle(format!(
                "Loopy grid type t{grid} is not supported; only the square grid (t0)"
            )));
        }
        None => params,
    };
    let Some((cols, rows)) = size.split_once('x') else {
        return Err(Error::puzzle(format!(
            "Loopy parameters '{params}' are not WxHt0"
        )));
    };
    let (w, h) = (side(cols, "width")?, side(rows, "height")?);
    let mut clues = vec![-1i8; w * h];
    let mut at = 0usize;
    for (i, ch) in desc.chars().enumerate() {
        match ch {
            '0'..='3' => {
                if at >= clues.len() {
                    return Err(Error::puzzle(format!("Loopy id: more than {w}x{h} faces")));
                }
                clues[at] = ch as i8 - b'0' as i8;
                at += 1;
            }
            'a'..='z' => at += ch as usize - 'a' as usize + 1,
            _ => {
                return Err(Error::puzzle(format!(
                    "Loopy id, character {}: '{ch}' is not a clue 0-3 or a run a-z",
                    i + 1
                )));
            }
        }
        if at > clues.len() {
            return Err(Error::puzzle(format!("Loopy id: more than {w}x{h} faces")));
        }
    }
    if at != clues.len() {
        return Err(Error::puzzle(format!(
            "Loopy id: {at} faces; a {w}x{h} board has {}",
            clues.len()
        )));
    }
    let puzzle = Puzzle::from_clues(w, h, &clues);
    puzzle.check()?;
    Ok(puzzle)
}

/// The Loopy game id of a board's clues (`WxHt0:...`).
pub fn to_tatham(p: &Puzzle) -> String {
    let (w, h) = p.size();
    let mut desc = String::new();
    let mut run = 0u8;
    for c in p.clue_array() {
        if c < 0 {
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
        }
        desc.push((b'0' + c as u8) as char);
    }
    if run > 0 {
        desc.push((b'a' - 1 + run) as char);
    }
    format!("{w}x{h}t0:{desc}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::decode;

    #[test]
    fn known_forms_decode_to_the_board_they_denote() {
        // Worked by hand: each clue is followed by one empty cell, so each is written as
        // clue + 5: 3 -> '8', 2 -> '7', 1 -> '6'.
        let p = decode("3.2\n.1.\n").unwrap();
        assert_eq!(to_puzzlink(&p), "https://puzz.link/p?slither/3/2/876");
        assert_eq!(to_tatham(&p), "3x2t0:3a2a1a");
        assert_eq!(
            decode_foreign("https://puzz.link/p?slither/3/2/876")
                .unwrap()
                .clues(),
            p.clues()
        );
        assert_eq!(decode_foreign("3x2t0:3a2a1a").unwrap().clues(), p.clues());
        assert_eq!(decode_foreign("3x2:3a2a1a").unwrap().clues(), p.clues());
    }

    #[test]
    fn round_trips_on_every_fixture_board() {
        let path = format!(
            "{}/../../fixtures/slitherlink/g1.jsonl",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap();
        let mut n = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let rows: Vec<&str> = v["clues"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r.as_str().unwrap())
                .collect();
            let p = decode(&rows.join("\n")).unwrap();
            assert_eq!(decode_foreign(&to_puzzlink(&p)).unwrap().clues(), p.clues());
            assert_eq!(decode_foreign(&to_tatham(&p)).unwrap().clues(), p.clues());
            n += 1;
        }
        assert!(n > 0);
    }

    #[test]
    fn wrong_or_unsupported_forms_are_clear_errors() {
        let e = decode_foreign("https://puzz.link/p?sudoku/9/9/1").unwrap_err();
        assert!(e.to_string().contains("'sudoku'"), "{e}");
        let e = decode_foreign("10x10t1:abc").unwrap_err();
        assert!(e.to_string().contains("t1"), "{e}");
        let e = decode_foreign("3x2t0:3a2").unwrap_err();
        assert!(e.to_string().contains("3 faces"), "{e}");
        let e = decode_foreign("https://puzz.link/p?slither/3/2/4").unwrap_err();
        assert!(e.to_string().contains("4"), "{e}");
        let e = decode_foreign("https://puzz.link/p?slither/999/2/1").unwrap_err();
        assert!(e.to_string().contains("999"), "{e}");
        assert!(decode_foreign(&"x".repeat(20_000)).is_err());
    }
}
