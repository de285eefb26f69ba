//! Extra fields that open a board in the players people already use: `puzzlink` (a puzz.link
//! URL) and `tatham` (a game id for Simon Tatham's Solo or Loopy), for sudoku and slitherlink.
//! The conversions live in the genres (`interchange` modules); this only adds them to output.

use serde_json::Value;

/// The (`puzzlink`, `tatham`) forms of a board, when its genre has them.
pub fn forms(genre: &str, puzzle: &Value) -> Option<(String, String)> {
    match genre {
        "sudoku" => {
            let p: dayseed_sudoku::SudokuPuzzle = serde_json::from_value(puzzle.clone()).ok()?;
            let cells = p.givens().ok()?;
            Some((
                dayseed_sudoku::interchange::to_puzzlink(&cells),
                dayseed_sudoku::interchange::to_tatham(&cells),
            ))
        }
        "slitherlink" => {
            let p: dayseed_slitherlink::model::Puzzle =
                serde_json::from_value(puzzle.clone()).ok()?;
            p.check().ok()?;
            Some((
                dayseed_slitherlink::interchange::to_puzzlink(&p),
                dayseed_slitherlink::interchange::to_tatham(&p),
            ))
        }
        _ => None,
    }
}

/// Adds `puzzlink` and `tatham` to a flat record (a `gen` line, `show --json`).
pub fn add_forms(genre: &str, puzzle: &Value, flat: &mut Value) {
    if let (Some((link, tatham)), Value::Object(map)) = (forms(genre, puzzle), flat) {
        map.insert("puzzlink".into(), link.into());
        map.insert("tatham".into(), tatham.into());
    }
}
