//! The genre through the registry's JSON API: ids, versions, solve reports, hints, checks,
//! drawings and big boards (the fixtures are checked by `tests/fixtures.rs`).

use dayseed_core::{DynGenre, HintKind, PuzzleId, SolveOptions};
use dayseed_slitherlink::GENRE;
use proptest::prelude::*;
use serde_json::{Value, json};

fn generate(id: &str) -> Value {
    let id: PuzzleId = id.parse().unwrap();
    GENRE.generate(&id).unwrap().to_flat_json()
}

fn puzzle_of(record: &Value) -> Value {
    let mut p = serde_json::Map::new();
    for k in [
        "width",
        "height",
        "grid_size",
        "clues",
        "solution",
        "difficulty",
    ] {
        if let Some(v) = record.get(k) {
            p.insert(k.into(), v.clone());
        }
    }
    Value::Object(p)
}

#[test]
fn ids_params_and_versions() {
    assert_eq!(GENRE.name(), "slitherlink");
    assert_eq!(GENRE.daily_params(None).unwrap(), "10x10-L6");
    assert_eq!(GENRE.daily_params(Some("L3")).unwrap(), "10x10-L3");
    assert_eq!(GENRE.daily_params(Some("8")).unwrap(), "10x10-L8");
    assert_eq!(
        GENRE
            .params_from_flags(&[("grid-size", "12"), ("level", "4")])
            .unwrap(),
        "12x12-L4"
    );
    let r = generate("slitherlink:SEED-42-10x10-L6-g1");
    assert_eq!(r["id"], "slitherlink:SEED-42-10x10-L6-g1");
    assert_eq!(r["version"], "g1");
    assert_eq!(r["seed"], 42);
    assert_eq!(r["grid_size"], 10);
    assert_eq!(r["difficulty"], 6);
    assert_eq!(r["clues"].as_array().unwrap().len(), 10);
    assert_eq!(r["solution"]["h"].as_array().unwrap().len(), 11);
    assert_eq!(r["solution"]["v"][0].as_str().unwrap().len(), 11);
    // Same id, same board.
    assert_eq!(r, generate("slitherlink:SEED-42-10x10-L6-g1"));
    let rect = generate("slitherlink:SEED-3-7x5-L2-g1");
    assert!(rect.get("grid_size").is_none());
    assert_eq!(rect["width"], 7);
    let bad: PuzzleId = "slitherlink:SEED-1-10x10-L6-g5".parse().unwrap();
    assert!(GENRE.generate(&bad).is_err());
    let noncanon: PuzzleId = "slitherlink:SEED-1-10x10-L06-g1".parse().unwrap();
    assert!(GENRE.generate(&noncanon).is_err());
}

#[test]
fn solve_report_decode_and_errors() {
    let r = generate("slitherlink:SEED-7-8x6-L5-g1");
    let text = GENRE.encode(&puzzle_of(&r)).unwrap();
    let decoded = GENRE.decode(&text).unwrap();
    let rep = GENRE
        .solve_report(
            &decoded,
            SolveOptions {
                grade: true,
                budget: 10_000_000,
            },
        )
        .unwrap()
        .to_json();
    assert_eq!(rep["solutions"], 1);
    assert_eq!(rep["difficulty"], r["difficulty"]);
    assert_eq!(rep["solution"], r["solution"]);
    // No clues at all: many loops.
    let empty = GENRE.decode(".....\n.....\n.....\n").unwrap();
    let rep = GENRE
        .solve_report(
            &empty,
            SolveOptions {
                grade: true,
                budget: 1_000_000,
            },
        )
        .unwrap()
        .to_json();
    assert_eq!(rep["solutions"], 2);
    assert!(rep.get("difficulty").is_none());
    // No loop at all.
    let none = GENRE.decode("0\n").unwrap();
    let rep = GENRE
        .solve_report(
            &none,
            SolveOptions {
                grade: true,
                budget: 1_000,
            },
        )
        .unwrap()
        .to_json();
    assert_eq!(rep["solutions"], 0);
    let e = GENRE.decode("3.2\n.4.\n").unwrap_err();
    assert_eq!(
        e.message(),
        "line 2, column 2: '4' is not a clue (0-3 or .)"
    );
    assert!(GENRE.decode("3.2\n.1\n").is_err());
    assert!(
        GENRE
            .digest(&json!({"width": 2, "height": 1, "clues": ["3"]}))
            .is_err()
    );
}

#[test]
fn check_hint_and_drawings() {
    let r = generate("slitherlink:SEED-11-6x6-L4-g1");
    let p = puzzle_of(&r);
    let sol = r["solution"].clone();
    let won = GENRE.check(&p, &sol).unwrap();
    assert!(won.solved && won.complete && won.problems.is_empty());
    let blank = json!({"h": vec!["......"; 7], "v": vec!["......."; 6]});
    let v = GENRE.check(&p, &blank).unwrap();
    assert!(!v.solved && !v.complete);
    let h = GENRE.hint(&p, &blank).unwrap();
    assert_eq!(h.kind, HintKind::Step);
    assert!(!h.detail["edges"].as_array().unwrap().is_empty());
    assert_eq!(GENRE.hint(&p, &sol).unwrap().kind, HintKind::Solved);
    let text = GENRE.render_text(&p, None, true).unwrap();
    assert_eq!(text.lines().count(), 13);
    let svg = GENRE
        .render_svg(&GENRE.without_solution(&p).unwrap(), true)
        .unwrap();
    assert!(svg.contains("<line"));
    assert!(GENRE.check(&p, &json!({"h": ["1"], "v": []})).is_err());
}

#[test]
fn thirty_by_thirty_finishes() {
    let r = generate("slitherlink:SEED-1-30x30-L4-g1");
    assert_eq!(r["clues"].as_array().unwrap().len(), 30);
    assert!(r.get("fallback").is_none());
}

/// Edge rows with the marks of `sol` kept where `keep` says, `.` elsewhere, and `flip` toggled.
fn marks(sol: &Value, keep: &[bool], flip: Option<usize>) -> Value {
    let mut i = 0;
    let mut rows = |k: &str| -> Vec<String> {
        sol[k]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                r.as_str()
                    .unwrap()
                    .chars()
                    .map(|ch| {
                        let idx = i;
                        i += 1;
                        let on = ch == '1';
                        if flip == Some(idx) {
                            if on { 'x' } else { '1' }
                        } else if keep[idx % keep.len()] {
                            if on { '1' } else { 'x' }
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect()
    };
    let h = rows("h");
    let v = rows("v");
    json!({"h": h, "v": v})
}

/// `(horizontal, row, col)` of edge `idx` in solution order (all `h` rows, then all `v` rows).
fn edge_at(idx: usize, w: usize, h: usize) -> (bool, usize, usize) {
    let nh = (h + 1) * w;
    if idx < nh {
        (true, idx / w, idx % w)
    } else {
        (false, (idx - nh) / (w + 1), (idx - nh) % (w + 1))
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn hints_never_remove_a_correct_mark(seed in 0u64..1000, keep in prop::collection::vec(any::<bool>(), 1..40), wrong in any::<bool>(), pick in 0usize..1000) {
        let r = generate(&format!("slitherlink:SEED-{seed}-6x5-L{}-g1", 1 + seed % 7));
        let p = puzzle_of(&r);
        let sol = r["solution"].clone();
        let (w, h) = (6usize, 5usize);
        let n_edges = (h + 1) * w + h * (w + 1);
        let flip = wrong.then_some(pick % n_edges);
        let state = marks(&sol, &keep, flip);
        let hint = GENRE.hint(&p, &state).unwrap();
        let edges = hint.detail["edges"].as_array().cloned().unwrap_or_default();
        let sol_at = |e: &Value| -> bool {
            let k = if e["edge"] == "h" { "h" } else { "v" };
            let row = sol[k][e["row"].as_u64().unwrap() as usize].as_str().unwrap();
            row.as_bytes()[e["col"].as_u64().unwrap() as usize] == b'1'
        };
        match hint.kind {
            HintKind::RemoveMark => {
                prop_assert!(flip.is_some());
                let (hor, row, col) = edge_at(flip.unwrap(), w, h);
                prop_assert_eq!(edges.len(), 1);
                prop_assert_eq!(&edges[0]["edge"], if hor { "h" } else { "v" });
                prop_assert_eq!(edges[0]["row"].as_u64().unwrap() as usize, row);
                prop_assert_eq!(edges[0]["col"].as_u64().unwrap() as usize, col);
            }
            HintKind::Step => {
                prop_assert!(flip.is_none());
                prop_assert!(!edges.is_empty());
                for e in &edges {
                    prop_assert_eq!(e["mark"] == "line", sol_at(e), "hint {:?}", hint);
                }
            }
            HintKind::Solved => prop_assert!(flip.is_none()),
            HintKind::BudgetExhausted => prop_assert!(false, "budget exhausted"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn decode_never_panics(text in "[0-3.x \n\r]{0,80}|\\PC{0,40}") {
        if let Ok(p) = GENRE.decode(&text) {
            let again = GENRE.decode(&GENRE.encode(&p).unwrap()).unwrap();
            prop_assert_eq!(p, again);
        }
    }

    #[test]
    fn bad_states_are_errors_not_panics(h in prop::collection::vec("[01x.?]{0,7}", 0..9), v in prop::collection::vec("[01x.?]{0,8}", 0..8)) {
        let r = generate("slitherlink:SEED-5-6x6-L2-g1");
        let p = puzzle_of(&r);
        let state = json!({"h": h, "v": v});
        let _ = GENRE.check(&p, &state);
        let _ = GENRE.hint(&p, &state);
    }
}

#[test]
fn hints_without_a_stored_answer_find_wrong_marks() {
    let r = generate("slitherlink:SEED-21-6x6-L5-g1");
    let p = GENRE.without_solution(&puzzle_of(&r)).unwrap();
    assert!(p.get("solution").is_none());
    let sol = &r["solution"];
    // Cross out every line of the answer's first row of horizontal edges that is drawn.
    let mut h: Vec<String> = vec![".".repeat(6); 7];
    let v: Vec<String> = vec![".".repeat(7); 6];
    let row = sol["h"]
        .as_array()
        .unwrap()
        .iter()
        .position(|r| r.as_str().unwrap().contains('1'))
        .unwrap();
    let col = sol["h"][row].as_str().unwrap().find('1').unwrap();
    h[row].replace_range(col..col + 1, "x");
    let hint = GENRE.hint(&p, &json!({"h": h, "v": v})).unwrap();
    assert_eq!(hint.kind, HintKind::RemoveMark);
    assert_eq!(hint.detail["edges"][0]["row"], row);
    assert_eq!(hint.detail["edges"][0]["col"], col);
}
