//! Extra fields that open a board in the players people already use: `puzzlink` (a puzz.link
//! URL) and `tatham` (a game id for Simon Tatham's Solo or Loopy), for sudoku and slitherlink.
//! The conversions live in the genres (`interchange` modules); this adds them to output and tells
//! which genre a foreign board belongs to.

use dayseed_core::PuzzleModel;
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
    let json = || puzzle.clone();
    match genre {
        "sudoku" => serde_json::from_value(json())
            .ok()
            .map(|p| sudoku_forms(&p)),
        "slitherlink" => serde_json::from_value(json())
            .ok()
            .map(|p| slitherlink_forms(&p)),
        "lightsout" => serde_json::from_value(json())
            .ok()
            .map(|p| lightsout_forms(&p)),
        _ => None,
    }
    .unwrap_or_default()
}

/// [`forms`] of a board's typed model (a generated record's), without reading its JSON again.
pub fn model_forms(model: &PuzzleModel) -> Vec<(&'static str, String)> {
    match model.genre() {
        "sudoku" => model.get().map(sudoku_forms),
        "slitherlink" => model.get().map(slitherlink_forms),
        "lightsout" => model.get().map(lightsout_forms),
        _ => None,
    }
    .unwrap_or_default()
}

fn sudoku_forms(p: &dayseed_sudoku::SudokuPuzzle) -> Vec<(&'static str, String)> {
    let cells = p.givens();
    vec![
        ("puzzlink", dayseed_sudoku::interchange::to_puzzlink(cells)),
        ("tatham", dayseed_sudoku::interchange::to_tatham(cells)),
    ]
}

fn slitherlink_forms(p: &dayseed_slitherlink::model::Puzzle) -> Vec<(&'static str, String)> {
    if p.check().is_err() {
        return Vec::new();
    }
    vec![
        ("puzzlink", dayseed_slitherlink::interchange::to_puzzlink(p)),
        ("tatham", dayseed_slitherlink::interchange::to_tatham(p)),
    ]
}

fn lightsout_forms(p: &dayseed_lightsout::puzzle::Puzzle) -> Vec<(&'static str, String)> {
    dayseed_lightsout::interchange::to_tatham(p.lights())
        .map(|id| vec![("tatham", id)])
        .unwrap_or_default()
}

/// Adds the board's forms (`puzzlink`, `tatham`) to a flat record (a `gen` line, `show --json`).
pub fn add_forms(genre: &str, puzzle: &Value, flat: &mut Value) {
    insert_forms(forms(genre, puzzle), flat);
}

fn insert_forms(forms: Vec<(&'static str, String)>, flat: &mut Value) {
    if let Value::Object(map) = flat {
        for (name, form) in forms {
            map.insert(name.into(), form.into());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_model_has_the_forms_of_its_json() {
        let registry = dayseed_catalog::registry();
        let ids = [
            "sudoku:SEED-5-EASY-g1",
            "sudoku:SEED-5-MASTER-g2",
            "slitherlink:SEED-5-7x7-L3-g1",
            "lightsout:SEED-5-S7-g1",
        ];
        for id in ids {
            let record = registry.generate(id).unwrap();
            let from_model = model_forms(&record.model);
            assert!(!from_model.is_empty(), "{id}");
            assert_eq!(from_model, forms(record.genre, &record.puzzle), "{id}");
            // The `gen` line written directly is the flat JSON with the forms added.
            let mut a = record.to_flat_json();
            add_forms(record.genre, &record.puzzle, &mut a);
            let mut b = Vec::new();
            record.write_flat_json(&from_model, &mut b).unwrap();
            assert_eq!(
                serde_json::to_string(&a).unwrap(),
                String::from_utf8(b).unwrap(),
                "{id}"
            );
        }
        // A genre without foreign forms has none either way.
        for name in registry.names() {
            if ["sudoku", "slitherlink", "lightsout"].contains(&name) {
                continue;
            }
            let genre = registry.get(name).unwrap();
            let id = dayseed_core::PuzzleId::seeded(
                name,
                1,
                &genre.daily_params(None).unwrap(),
                genre.current_version(),
            );
            let record = genre.generate(&id).unwrap();
            assert!(model_forms(&record.model).is_empty(), "{name}");
            assert!(forms(name, &record.puzzle).is_empty(), "{name}");
        }
    }
}
