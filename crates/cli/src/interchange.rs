//! Extra fields that open a board in the players people already use: `puzzlink` (a puzz.link
//! URL) and `tatham` (a game id for Simon Tatham's Solo or Loopy), for sudoku and slitherlink.
//! The conversions live in the genres (`interchange` modules); this adds them to output and tells
//! which genre a foreign board belongs to.

use serde_json::Value;

/// The genre a puzz.link URL or a Simon Tatham game id is a board of, when it is one we read:
/// `?sudoku/` and Solo (`3x3:...`) are sudoku, `?slither/` and Loopy (`10x10t0:...`) slitherlink,
/// Flip (`3x3:<hex>,<hex>`) lightsout.
pub fn genre_of(text: &str) -> Option<&'static str> {
    let t = text.trim();
    if let Some((_, query)) = t.split_once('?') {
        return match query.split('/').next()? {
            "sudoku" => Some("sudoku"),
            "slither" | "slitherlink" => Some("slitherlink"),
            _ => None,
        };
    }
    let (params, desc) = t.split_once(':')?;
    let (w, rest) = params.split_once('x')?;
    if w.is_empty() || !w.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let h_digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if h_digits == 0 {
        return None;
    }
    if rest[h_digits..].starts_with('t') {
        Some("slitherlink")
    } else if desc.contains(',') {
        Some("lightsout")
    } else {
        Some("sudoku")
    }
}

/// [`genre_of`], with a URL of a kind we do not read as an error that says so.
pub fn foreign_genre(text: &str) -> anyhow::Result<Option<&'static str>> {
    let genre = genre_of(text);
    if genre.is_none() && text.contains("://") {
        let kind = text
            .split_once('?')
            .map_or("", |(_, q)| q.split('/').next().unwrap_or(""));
        anyhow::bail!(
            "'{kind}' URLs are not boards dayseed reads; it reads puzz.link sudoku and slither \
             URLs, Simon Tatham's Solo, Loopy and Flip ids, and dayseed ids"
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

#[cfg(test)]
mod tests {
    use super::genre_of;

    #[test]
    fn foreign_forms_name_their_genre_and_ids_do_not() {
        let cases = [
            ("https://puzz.link/p?sudoku/9/9/g1", Some("sudoku")),
            ("https://puzz.link/p?slither/3/2/876", Some("slitherlink")),
            ("https://puzz.link/p?lightup/3/3/0", None),
            ("3x3:a3b8i2_9a6", Some("sudoku")),
            ("7x7t0:a2a22233g1b2", Some("slitherlink")),
            ("3x3:d074191345d1644c17058,c50", Some("lightsout")),
            ("sudoku:SEED-42-HARD-g1", None),
            ("lightsout:DAILY-2026-12-01-utc-v1-g1", None),
        ];
        for (text, genre) in cases {
            assert_eq!(genre_of(text), genre, "{text}");
        }
    }
}
