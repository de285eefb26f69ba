//! Text forms: the puzzle's JSON as its canonical text, decoding with positions, and the digest
//! content.

use dayseed_core::{Error, Result};

use crate::puzzle::{Puzzle, State, to_fixed};

fn located(what: &str, e: &serde_json::Error) -> String {
    // serde_json's message ends with " at line L column C"; say it first, as the CLI expects.
    let message = e.to_string();
    let message = match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message,
    };
    format!(
        "line {}, column {}: {what}: {message}",
        e.line(),
        e.column()
    )
}

/// Reads a puzzle from JSON text (the `dayseed gen` line or the `encode` form); fields other than
/// the puzzle's own (`id`, `digest`, ...) are ignored. Bounds are checked on the way in
/// ([`Puzzle::validate`]).
pub fn decode(text: &str) -> Result<Puzzle> {
    serde_json::from_str(text).map_err(|e| Error::puzzle(located("not a starlink puzzle", &e)))
}

/// Reads a state `{"lines": [...]}` from JSON text.
pub fn decode_state(text: &str) -> Result<State> {
    serde_json::from_str(text).map_err(|e| Error::state(located("not a starlink state", &e)))
}

/// The canonical text: compact JSON of the puzzle without its solution, in the wire order
/// (`width`, `height`, `difficulty`, `stars`, `candidates`, then `unique` and `solutions` when
/// known). Written out here rather than through serde so that it cannot fail: every part is a
/// number, a bool or a plain upper-case name, and coordinates print as serde_json prints them.
pub fn encode(puzzle: &Puzzle) -> String {
    let number = |v: f64| serde_json::Value::from(v).to_string();
    let stars: Vec<String> = puzzle
        .stars()
        .iter()
        .map(|s| {
            format!(
                "{{\"x\":{},\"y\":{},\"number\":{},\"gravity\":{}}}",
                number(s.x),
                number(s.y),
                s.number,
                s.gravity
            )
        })
        .collect();
    let candidates: Vec<String> = puzzle
        .candidates()
        .iter()
        .map(|c| {
            let ids: Vec<String> = c.iter().map(u32::to_string).collect();
            format!("[{}]", ids.join(","))
        })
        .collect();
    let mut out = format!(
        "{{\"width\":{},\"height\":{},\"difficulty\":\"{}\",\"stars\":[{}],\"candidates\":[{}]",
        puzzle.width,
        puzzle.height,
        puzzle.difficulty.name(),
        stars.join(","),
        candidates.join(",")
    );
    if let Some(unique) = puzzle.unique {
        out.push_str(&format!(",\"unique\":{unique}"));
    }
    if let Some(n) = puzzle.solutions {
        out.push_str(&format!(",\"solutions\":{n}"));
    }
    out.push('}');
    out
}

/// The digest content: size and difficulty, every star (fixed-point `x,y`, number, `g` for
/// gravity), every candidate, and the solution.
///
/// ```text
/// 9x9 EXPERT
/// stars 500,1500,2 2437,812,3g ...
/// candidates 0-1 0-3-5 ...
/// solution 0 4 7 ...
/// ```
pub fn canonical_content(puzzle: &Puzzle) -> String {
    let stars: Vec<String> = puzzle
        .stars()
        .iter()
        .map(|s| {
            format!(
                "{},{},{}{}",
                to_fixed(s.x),
                to_fixed(s.y),
                s.number,
                if s.gravity { "g" } else { "" }
            )
        })
        .collect();
    let candidates: Vec<String> = puzzle
        .candidates()
        .iter()
        .map(|c| c.iter().map(u32::to_string).collect::<Vec<_>>().join("-"))
        .collect();
    let solution: Vec<String> = puzzle
        .solution
        .iter()
        .flatten()
        .map(u32::to_string)
        .collect();
    format!(
        "{}x{} {}\nstars {}\ncandidates {}\nsolution {}\n",
        puzzle.width,
        puzzle.height,
        puzzle.difficulty.name(),
        stars.join(" "),
        candidates.join(" "),
        solution.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_errors_name_line_and_column() {
        let e = decode("{\"width\": 3,\n \"height\": x}").unwrap_err();
        assert!(e.message().starts_with("line 2, column"), "{e}");
        let e = decode("{\"width\": 3}").unwrap_err();
        assert!(e.message().contains("missing field"), "{e}");
        let e = decode_state("{\"lines\": [1, -2]}").unwrap_err();
        assert!(e.message().starts_with("line 1, column"), "{e}");
    }

    #[test]
    fn encode_is_the_serde_form_without_the_answer_on_every_fixture_board() {
        for version in ["g1", "g2", "g3"] {
            let path = format!(
                "{}/../../fixtures/starlink/{version}.jsonl",
                env!("CARGO_MANIFEST_DIR")
            );
            let text = std::fs::read_to_string(&path).unwrap();
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                let p = decode(line).unwrap();
                let bare = p.without_solution();
                assert_eq!(encode(&p), serde_json::to_string(&bare).unwrap());
                assert_eq!(decode(&encode(&p)).unwrap(), bare);
            }
        }
    }

    #[test]
    fn decode_never_panics_on_junk() {
        for text in [
            "",
            "[]",
            "null",
            "{\"width\":1e400}",
            "{\"stars\":[{}]}",
            "\u{0}",
        ] {
            assert!(decode(text).is_err());
        }
    }

    proptest::proptest! {
        #[test]
        fn decoding_arbitrary_text_never_panics(text in ".{0,200}") {
            let _ = decode(&text);
            let _ = decode_state(&text);
        }

        #[test]
        fn decoding_mangled_puzzles_never_panics(cut in 0usize..400, byte in 0u8..128) {
            let good = r#"{"width":3,"height":3,"difficulty":"EASY","stars":[{"x":0.5,"y":0.5,"number":1,"gravity":false},{"x":2.5,"y":0.5,"number":2,"gravity":true},{"x":2.5,"y":2.5,"number":1,"gravity":false}],"candidates":[[0,1],[1,2]],"solution":[0,1]}"#;
            assert!(decode(good).is_ok());
            let mut bytes = good.as_bytes().to_vec();
            let at = cut % bytes.len();
            bytes[at] = byte;
            if let Ok(text) = std::str::from_utf8(&bytes) {
                let _ = decode(text);
            }
        }
    }
}
