//! Extra fields that open a board in the players people already use: `puzzlink` (a puzz.link
//! URL) and `tatham` (a game id for Simon Tatham's Solo or Loopy), for sudoku and slitherlink.
//! The conversions live in the genres (`interchange` modules); this adds them to output and tells
//! which genre a foreign board belongs to.

use serde_json::Value;

/// The genre a puzz.link URL or a Simon Tatham game id is a board of, when it is one we read
/// (the server's import reads the same forms: [`dayseed_server::foreign::genre_of`]).
pub fn genre_of(text: &str) -> Option<&'static str> {
    dayseed_server::foreign::genre_of(text)
}

/// [`genre_of`], with a URL of a kind we do not read as an error that says so.
pub fn foreign_genre(text: &str) -> anyhow::Result<Option<&'static str>> {
    let genre = genre_of(text);
    if genre.is_none() && text.contains("://") {
        let kind = text
            .split_once('?')
            .map_or("", |(_, q)| q.split('/').next().unwrap_or(""));
        anyhow::bail!(
            "'{kind}' URLs are not boards dayseed reads; it reads {} and dayseed ids",
            dayseed_server::foreign::FORMS_READ
        );
    }
    Ok(genre)
}

/// The named forms of a board in other players: `puzzlink` (a puzz.link URL) and `tatham` (a
/// Simon Tatham game id), as far as its genre has them.
pub fn forms(genre: &str, puzzle: &Value) -> Vec<(&'static str, String)> {
    match genre {
        "sudoku" => {
            let Ok(p) = serde_json::from_value::<dayseed_sudoku::SudokuPuzzle>(puzzle.clone())
            else {
                return Vec::new();
            };
            let cells = p.givens();
            vec![
                ("puzzlink", dayseed_sudoku::interchange::to_puzzlink(cells)),
                ("tatham", dayseed_sudoku::interchange::to_tatham(cells)),
            ]
        }
        "slitherlink" => {
            let Ok(p) =
                serde_json::from_value::<dayseed_slitherlink::model::Puzzle>(puzzle.clone())
            else {
                return Vec::new();
            };
            if p.check().is_err() {
                return Vec::new();
            }
            vec![
                (
                    "puzzlink",
                    dayseed_slitherlink::interchange::to_puzzlink(&p),
                ),
                ("tatham", dayseed_slitherlink::interchange::to_tatham(&p)),
            ]
        }
        "lightsout" => {
            let lights =
                serde_json::from_value::<dayseed_lightsout::puzzle::Puzzle>(puzzle.clone())
                    .ok()
                    .map(|p| p.lights().clone());
            lights
                .and_then(|b| dayseed_lightsout::interchange::to_tatham(&b))
                .map(|id| vec![("tatham", id)])
                .unwrap_or_default()
        }
        _ => Vec::new(),
    }
}

/// Adds the board's forms (`puzzlink`, `tatham`) to a flat record (a `gen` line, `show --json`).
pub fn add_forms(genre: &str, puzzle: &Value, flat: &mut Value) {
    if let Value::Object(map) = flat {
        for (name, form) in forms(genre, puzzle) {
            map.insert(name.into(), form.into());
        }
    }
}
