//! Boards from other players: puzz.link / pzprjs URLs and Simon Tatham game ids.
//!
//! [`genre_of`] tells which genre such a text is a board of (the CLI's `show`, `solve`, `check`
//! and `hint` use it too); [`read_foreign`] decodes it with the genre's own reader (the genres'
//! `interchange` modules, behind [`dayseed_core::DynGenre::decode`]) and proves that the board
//! has exactly one solution within a node budget.
//!
//! Identity: a foreign board has no seed and no generator version, so it cannot get a
//! `DAILY`/`SEED` id (an id is a promise that the registry regenerates its board, DESIGN s4).
//! It is named the way DESIGN s4 names every board of unknown provenance: by content,
//! `<genre>:legacy-<digest>` ([`dayseed_core::save::legacy_id`]), the digest being the genre's
//! digest of the decoded board. The name is stable (the same board always gets it, whichever
//! form it came in) and cannot collide with a generated id.

use dayseed_core::{Budget, Count, DynGenre, Registry};
use serde_json::Value;

/// The node budget spent proving that a foreign board has exactly one solution.
pub const UNIQUENESS_BUDGET: u64 = 10_000_000;

/// The genre a puzz.link URL or a Simon Tatham game id is a board of, when it is one dayseed
/// reads: `?sudoku/` and Solo (`3x3:...`) are sudoku, `?slither/` and Loopy (`10x10t0:...`)
/// slitherlink, Flip (`3x3:<hex>,<hex>`) lightsout. `None` for anything else (a dayseed id, a
/// URL of another genre, plain text).
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

/// What the forms dayseed reads are, for error messages.
pub const FORMS_READ: &str = "puzz.link sudoku and slither URLs, and Simon Tatham's Solo \
     (3x3:...), Loopy (WxHt0:...) and Flip (WxH:<matrix>,<grid>) game ids";

/// A foreign board, decoded and proven to have exactly one solution.
#[derive(Clone)]
pub struct ForeignBoard {
    /// The genre.
    pub genre: &'static dyn DynGenre,
    /// `<genre>:legacy-<digest>`: the board's name by content.
    pub name: String,
    /// The genre's digest of the board.
    pub digest: String,
    /// The genre's puzzle JSON (the givens, as decoded; no answer).
    pub puzzle: Value,
}

/// Decodes `text` (a puzz.link URL or a Tatham game id) into a board of one of `registry`'s
/// genres and proves it has exactly one solution. The error says what is wrong in words.
pub fn read_foreign(registry: &Registry, text: &str) -> Result<ForeignBoard, String> {
    let text = text.trim();
    let Some(name) = genre_of(text) else {
        let kind = text
            .split_once('?')
            .map(|(_, q)| q.split('/').next().unwrap_or(""))
            .filter(|k| !k.is_empty());
        return Err(match kind {
            Some(kind) => {
                let kind: String = kind.chars().take(40).collect();
                format!("'{kind}' URLs are not boards dayseed reads; it reads {FORMS_READ}")
            }
            None => format!("not a board dayseed reads; it reads {FORMS_READ}"),
        });
    };
    let genre = registry
        .get(name)
        .map_err(|_| format!("{name} boards are not in this build's registry"))?;
    let puzzle = genre
        .decode(text)
        .map_err(|e| format!("not a {name} board: {}", e.message()))?;
    match genre
        .count_solutions(&puzzle, 2, &mut Budget::new(UNIQUENESS_BUDGET))
        .map_err(|e| e.message().to_string())?
    {
        Count::Exactly(1) => {}
        Count::Exactly(0) => return Err(format!("this {name} board has no solution")),
        Count::Exactly(_) | Count::AtLeast(_) => {
            return Err(format!(
                "this {name} board has more than one solution, so it is not a fair puzzle"
            ));
        }
        Count::BudgetExhausted => {
            return Err(format!(
                "whether this {name} board has exactly one solution was not settled within \
                 {UNIQUENESS_BUDGET} search nodes"
            ));
        }
    }
    let digest = genre.digest(&puzzle).map_err(|e| e.message().to_string())?;
    Ok(ForeignBoard {
        genre,
        name: dayseed_core::save::legacy_id(name, &digest),
        digest,
        puzzle,
    })
}

/// True when `id` names a board by content (`<genre>:legacy-<digest>`) rather than by seed.
pub fn is_content_name(id: &str) -> bool {
    id.split_once(':')
        .is_some_and(|(_, rest)| rest.starts_with("legacy-"))
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn content_names() {
        assert!(is_content_name("sudoku:legacy-ab12"));
        assert!(!is_content_name("sudoku:SEED-1-EASY-g1"));
        assert!(!is_content_name("legacy-ab12"));
    }
}
