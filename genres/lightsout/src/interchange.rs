//! Boards in the form of Simon Tatham's Flip: game ids `<W>x<H>:<matrix>,<grid>`.
//!
//! Flip stores which cells each click toggles as a `WH x WH` bit matrix (row `i` = the cells a
//! click on cell `i` toggles, cells numbered row-major), then the lit cells as `WH` bits; both are
//! one continuous bit stream written as hex digits, most significant bit first, padded with zero
//! bits to a whole digit. Lights Out is Flip's "crosses" pattern (a click toggles the cell and its
//! orthogonal neighbours on a plain grid), so only ids whose matrix is exactly that pattern are
//! read; Flip's "random" patterns are another game and a clear error. A torus board has no Flip
//! form.

use dayseed_core::{Error, Result};

use crate::board::Board;

/// The most cells a Flip id may describe: its matrix grows with the square of the cells.
pub const MAX_FLIP_CELLS: usize = 1024;

/// True when `text` looks like a Flip game id (`WxH:` then hex) rather than rows of `0`/`1`.
pub fn is_foreign(text: &str) -> bool {
    let t = text.trim();
    t.contains(':') && t.contains(',')
}

/// Reads a Flip game id with the crosses pattern.
pub fn from_tatham(text: &str) -> Result<Board> {
    let t = text.trim();
    let (size, desc) = t
        .split_once(':')
        .ok_or_else(|| Error::puzzle("a Flip game id looks like '3x3:<matrix>,<grid>'"))?;
    let (width, height) = flip_size(size)?;
    let cells = (width * height) as usize;
    let (matrix, grid) = desc
        .split_once(',')
        .ok_or_else(|| Error::puzzle("the Flip game id has no ',' between matrix and grid"))?;
    let matrix = read_bits(matrix, cells * cells, "matrix")?;
    let lit = read_bits(grid, cells, "grid")?;
    let crosses = crosses_matrix(width, height);
    if let Some(cell) = (0..cells).find(|&i| matrix[i * cells..(i + 1) * cells] != crosses[i]) {
        return Err(Error::puzzle(format!(
            "the Flip id's click pattern is not Lights Out's cross (cell {} at row {}, column {} \
             toggles other cells); only Flip's 'crosses' boards can be read",
            cell + 1,
            cell as u32 / width + 1,
            cell as u32 % width + 1
        )));
    }
    let mut board = Board::new(width, height, false);
    for (i, &on) in lit.iter().enumerate() {
        if on {
            board.set(i as u32 / width, i as u32 % width, true);
        }
    }
    Ok(board)
}

/// Writes a plain (not torus) board as a Flip game id with the crosses pattern, or `None` for a
/// torus board or one larger than [`MAX_FLIP_CELLS`].
pub fn to_tatham(board: &Board) -> Option<String> {
    let (width, height) = (board.width(), board.height());
    let cells = (width * height) as usize;
    if board.wrap() || cells > MAX_FLIP_CELLS {
        return None;
    }
    let matrix: Vec<bool> = crosses_matrix(width, height).concat();
    let lit: Vec<bool> = (0..cells)
        .map(|i| board.get(i as u32 / width, i as u32 % width))
        .collect();
    Some(format!(
        "{width}x{height}:{},{}",
        write_bits(&matrix),
        write_bits(&lit)
    ))
}

/// `WxH` of a Flip parameter string (a trailing pattern letter such as `c` is allowed).
fn flip_size(size: &str) -> Result<(u32, u32)> {
    let size = size.trim_end_matches(['c', 'r']);
    let (w, h) = size
        .split_once('x')
        .ok_or_else(|| Error::puzzle(format!("Flip size '{size}' is not WxH")))?;
    let side = |s: &str, what: &str| -> Result<u32> {
        s.parse::<u32>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| Error::puzzle(format!("Flip {what} '{s}' is not a positive number")))
    };
    let (width, height) = (side(w, "width")?, side(h, "height")?);
    if u64::from(width) * u64::from(height) > MAX_FLIP_CELLS as u64 {
        return Err(Error::puzzle(format!(
            "the Flip board is {width}x{height}; at most {MAX_FLIP_CELLS} cells are read"
        )));
    }
    Ok((width, height))
}

/// For each cell, the cells a click on it toggles in Lights Out.
fn crosses_matrix(width: u32, height: u32) -> Vec<Vec<bool>> {
    let cells = (width * height) as usize;
    (0..cells)
        .map(|i| {
            let mut row = vec![false; cells];
            let (r, c) = (i as u32 / width, i as u32 % width);
            row[i] = true;
            if r > 0 {
                row[i - width as usize] = true;
            }
            if r + 1 < height {
                row[i + width as usize] = true;
            }
            if c > 0 {
                row[i - 1] = true;
            }
            if c + 1 < width {
                row[i + 1] = true;
            }
            row
        })
        .collect()
}

/// Exactly `count` bits from hex digits (most significant first); the padding must be zero.
fn read_bits(hex: &str, count: usize, what: &str) -> Result<Vec<bool>> {
    let digits = count.div_ceil(4);
    if hex.len() != digits {
        return Err(Error::puzzle(format!(
            "the Flip {what} has {} hex digits; this size needs {digits}",
            hex.len()
        )));
    }
    let mut bits = Vec::with_capacity(digits * 4);
    for (at, ch) in hex.chars().enumerate() {
        let value = ch.to_digit(16).ok_or_else(|| {
            Error::puzzle(format!(
                "the Flip {what} has '{ch}' at digit {}; expected 0-9 or a-f",
                at + 1
            ))
        })?;
        bits.extend((0..4).rev().map(|b| value >> b & 1 == 1));
    }
    if bits[count..].iter().any(|&b| b) {
        return Err(Error::puzzle(format!(
            "the Flip {what} sets bits past its last cell"
        )));
    }
    bits.truncate(count);
    Ok(bits)
}

fn write_bits(bits: &[bool]) -> String {
    bits.chunks(4)
        .map(|chunk| {
            let value = (0..4).fold(0u32, |v, b| v << 1 | u32::from(chunk.get(b) == Some(&true)));
            char::from_digit(value, 16).unwrap_or('0')
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    /// Ids printed by Simon Tatham's Flip (`sgt-flip --generate 1 4x3c` and `3x3c`).
    const PUBLISHED: [(&str, &str); 2] = [
        (
            "4x3:c80e407203108c84e427213108c04e027013,238",
            "0010\n0011\n1000\n",
        ),
        ("3x3:d074191345d1644c17058,c50", "110\n001\n010\n"),
    ];

    #[test]
    fn published_flip_ids_decode_to_the_boards_they_denote() {
        for (id, rows) in PUBLISHED {
            let board = from_tatham(id).unwrap();
            assert_eq!(format::encode(&board), rows, "{id}");
            assert_eq!(to_tatham(&board).as_deref(), Some(id));
        }
    }

    #[test]
    fn every_small_board_round_trips() {
        for (w, h) in [(1, 1), (5, 5), (7, 3), (2, 9), (32, 32)] {
            let mut board = Board::new(w, h, false);
            for i in 0..w * h {
                if (i * 7 + 3) % 5 < 2 {
                    board.set(i / w, i % w, true);
                }
            }
            let id = to_tatham(&board).unwrap();
            assert!(is_foreign(&id));
            assert_eq!(from_tatham(&id).unwrap(), board, "{w}x{h}");
        }
    }

    #[test]
    fn round_trips_on_every_plain_fixture_board() {
        let path = format!(
            "{}/../../fixtures/lightsout/g1.jsonl",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap();
        let mut n = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            let puzzle: crate::puzzle::Puzzle = serde_json::from_value(record).unwrap();
            let board = puzzle.lights().clone();
            match to_tatham(&board) {
                Some(id) => {
                    assert_eq!(from_tatham(&id).unwrap(), board, "{id}");
                    n += 1;
                }
                None => assert!(board.wrap() || board.cells() > MAX_FLIP_CELLS as u64),
            }
        }
        assert!(n > 0, "{path} has plain boards");
    }

    #[test]
    fn other_patterns_sizes_and_digits_are_clear_errors() {
        // `sgt-flip --generate 1 3x3r`: a random click pattern, not Lights Out.
        let e = from_tatham("3x3:d0701b1342cb644c27058,b30").unwrap_err();
        assert!(e.message().contains("not Lights Out's cross"), "{e}");
        let e = from_tatham("3x3:d07419134,c50").unwrap_err();
        assert!(e.message().contains("needs 21"), "{e}");
        let e = from_tatham("3x3:d074191345d1644c1705g,c50").unwrap_err();
        assert!(e.message().contains("'g' at digit 21"), "{e}");
        let e = from_tatham("3x3:d074191345d1644c17058,c51").unwrap_err();
        assert!(e.message().contains("past its last cell"), "{e}");
        let e = from_tatham("40x40:0,0").unwrap_err();
        assert!(e.message().contains("at most 1024 cells"), "{e}");
        let e = from_tatham("0x3:0,0").unwrap_err();
        assert!(e.message().contains("width '0'"), "{e}");
        assert_eq!(to_tatham(&Board::new(3, 3, true)), None);
    }
}
