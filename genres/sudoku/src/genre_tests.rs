//! Tests of the Genre implementation through the JSON registry interface.

use dayseed_core::{DynGenre, HintKind, PuzzleId, SolveOptions};
use serde_json::{Value, json};

use crate::GENRE;
use crate::testutil::parse;

const P: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const S: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn id(text: &str) -> PuzzleId {
    text.parse().unwrap()
}

#[test]
fn a_generated_record_carries_its_typed_model_and_the_model_answers_like_the_json() {
    let r = GENRE.generate(&id("sudoku:SEED-3-EASY-g2")).unwrap();
    assert_eq!(r.model.genre(), "sudoku");
    let typed = r.model.get::<crate::SudokuPuzzle>().unwrap();
    assert_eq!(serde_json::to_value(typed).unwrap(), r.puzzle);
    let parsed = GENRE.model(&r.puzzle).unwrap();
    assert_eq!(parsed.get::<crate::SudokuPuzzle>(), Some(typed));
    let solved = json!({ "entries": r.puzzle["solution"] });
    let empty = json!({ "entries": ".".repeat(81) });
    for model in [&r.model, &parsed] {
        assert_eq!(GENRE.digest_model(model).unwrap(), r.digest);
        assert_eq!(
            GENRE.check_model(model, &solved).unwrap(),
            GENRE.check(&r.puzzle, &solved).unwrap()
        );
        assert!(GENRE.check_model(model, &solved).unwrap().solved);
        assert_eq!(
            GENRE.hint_model(model, &empty).unwrap(),
            GENRE.hint(&r.puzzle, &empty).unwrap()
        );
        assert_eq!(
            GENRE.without_solution_model(model).unwrap(),
            GENRE.without_solution(&r.puzzle).unwrap()
        );
    }
    // Another genre's model (or anything else) is refused, not misread.
    let foreign = dayseed_core::PuzzleModel::new("slitherlink", 7u8);
    let e = GENRE.check_model(&foreign, &solved).unwrap_err();
    assert!(
        e.message()
            .contains("slitherlink board was given to sudoku"),
        "{e}"
    );
    // A board that does not parse never becomes a model.
    let e = GENRE.model(&json!({ "puzzle": "12x" })).unwrap_err();
    assert!(e.message().contains("line 1, column 3"), "{e}");
}

#[test]
fn params_and_flags() {
    assert_eq!(GENRE.params_from_flags(&[]).unwrap(), "MEDIUM");
    assert_eq!(
        GENRE.params_from_flags(&[("difficulty", "hard")]).unwrap(),
        "HARD"
    );
    let e = GENRE.params_from_flags(&[("grid-size", "10")]).unwrap_err();
    assert!(e.message().contains("--grid-size"), "{e}");
    assert!(
        GENRE
            .params_from_flags(&[("difficulty", "nightmare")])
            .is_err()
    );
    assert_eq!(GENRE.daily_params(None).unwrap(), "MEDIUM");
    assert_eq!(GENRE.daily_params(Some("expert")).unwrap(), "EXPERT");
    assert_eq!(GENRE.canonical_params("easy").unwrap(), "EASY");
}

#[test]
fn generate_gives_the_documented_fields_and_digest() {
    let r = GENRE.generate(&id("sudoku:SEED-42-HARD-g1")).unwrap();
    let flat = r.to_flat_json();
    for field in [
        "id",
        "genre",
        "version",
        "seed",
        "difficulty",
        "puzzle",
        "solution",
        "digest",
        "grade",
    ] {
        assert!(flat.get(field).is_some(), "missing {field}: {flat}");
    }
    assert_eq!(flat["seed"], 42);
    assert_eq!(flat["puzzle"].as_str().unwrap().len(), 81);
    assert!(flat["grade"]["techniques"].is_array());
    assert_eq!(flat["grade"]["level"], flat["difficulty"]);
    // Same digest with or without the solution; the digest is regenerated identically.
    let bare = GENRE.without_solution(&r.puzzle).unwrap();
    assert!(bare.get("solution").is_none());
    assert_eq!(GENRE.digest(&bare).unwrap(), r.digest);
    assert_eq!(
        GENRE
            .generate(&id("sudoku:SEED-42-HARD-g1"))
            .unwrap()
            .digest,
        r.digest
    );
    // Daily ids use the daily seed.
    let d = GENRE
        .generate(&id("sudoku:DAILY-utc-v1-20671-MEDIUM-g1"))
        .unwrap();
    assert_eq!(d.seed, dayseed_core::seed::daily_seed(20671));
}

#[test]
fn unsupported_version_is_refused_naming_g1_to_g4() {
    let e = GENRE.generate(&id("sudoku:SEED-1-EASY-g5")).unwrap_err();
    assert_eq!(e.kind(), dayseed_core::ErrorKind::UnsupportedVersion);
    assert!(e.message().contains("g1, g2, g3, g4"), "{e}");
    let e = GENRE.generate(&id("sudoku:SEED-1-easy-g1")).unwrap_err();
    assert_eq!(e.kind(), dayseed_core::ErrorKind::MalformedId);
}

#[test]
fn decode_and_solve_report() {
    let p = GENRE.decode(&P.replace('.', "0")).unwrap();
    assert_eq!(p["puzzle"], P);
    let opts = SolveOptions {
        grade: true,
        budget: 1_000_000,
    };
    let r = GENRE.solve_report(&p, opts).unwrap().to_json();
    assert_eq!(r["solutions"], 1);
    assert_eq!(r["solution"], S);
    assert_eq!(r["grade"]["level"], "EASY");
    let r = GENRE
        .solve_report(
            &p,
            SolveOptions {
                grade: false,
                budget: 1_000_000,
            },
        )
        .unwrap()
        .to_json();
    assert!(r["grade"].is_null());
    let many = GENRE
        .decode(&format!("{}{}", ".".repeat(9), &P[9..]))
        .unwrap();
    let r = GENRE.solve_report(&many, opts).unwrap().to_json();
    assert_eq!(r["solutions"], 2);
    assert!(r["solution"].is_null() && r["grade"].is_null());
    assert_eq!(r["status"], "multiple");
    let none = GENRE.decode(&format!("55{}", &P[2..])).unwrap();
    assert_eq!(
        GENRE.solve_report(&none, opts).unwrap().to_json()["solutions"],
        0
    );
    let e = GENRE
        .decode(&format!("{}#{}", &P[..6], &P[7..]))
        .unwrap_err();
    assert_eq!(e.message(), "line 1, column 7: '#' is not a digit or '.'");
    // An exhausted budget is a report (as in every genre), not an error.
    let r = GENRE
        .solve_report(
            &p,
            SolveOptions {
                grade: false,
                budget: 0,
            },
        )
        .unwrap()
        .to_json();
    assert_eq!(r["status"], "budget_exhausted");
    assert!(r["solution"].is_null() && r["solutions"].is_null(), "{r}");
}

#[test]
fn check_is_by_the_rules() {
    let p = json!({"puzzle": P});
    let v = GENRE.check(&p, &json!({"entries": S})).unwrap();
    assert!(v.solved && v.complete && v.problems.is_empty());
    let v = GENRE.check(&p, &json!({"entries": P})).unwrap();
    assert!(!v.solved && !v.complete);
    // A wrong but rule-abiding partial entry is not a problem; a duplicate is.
    let mut e: Vec<u8> = P.bytes().collect();
    e[2] = b'5';
    let v = GENRE
        .check(&p, &json!({"entries": String::from_utf8(e).unwrap()}))
        .unwrap();
    assert_eq!(v.problems.len(), 2, "{:?}", v.problems);
    assert!(v.problems[0].contains("row 1 has 5 more than once (r1c1, r1c3)"));
    assert!(v.problems[1].contains("box 1"));
    let e = GENRE
        .check(&p, &json!({"entries": "1".repeat(81)}))
        .unwrap_err();
    assert!(e.message().contains("r1c1 is a given 5"), "{e}");
}

#[test]
fn hints_point_at_wrong_entries_first_then_step() {
    let p = json!({"puzzle": P, "solution": S});
    let mut e: Vec<u8> = P.bytes().collect();
    e[2] = b'1'; // r1c3 should be 4
    let state = GENRE
        .decode_state(&p, &String::from_utf8(e).unwrap())
        .unwrap();
    let h = GENRE.hint(&p, &state).unwrap();
    assert_eq!(h.kind, HintKind::RemoveMark);
    assert_eq!(h.detail["cells"][0], "r1c3");
    let h = GENRE.hint(&p, &json!({"entries": P})).unwrap();
    assert_eq!(h.kind, HintKind::Step);
    assert!(!h.technique.is_empty() && !h.message.is_empty());
    assert!(h.detail["cells"].is_array());
    let h = GENRE.hint(&p, &json!({"entries": S})).unwrap();
    assert_eq!(h.kind, HintKind::Solved);
}

#[test]
fn render_text_and_svg() {
    let p = json!({"puzzle": P});
    let t = GENRE.render_text(&p, None, false).unwrap();
    assert_eq!(t.lines().count(), 13);
    assert!(t.contains("│ 5 3 · │ · 7 · │ · · · │"));
    let t = GENRE.render_text(&p, None, true).unwrap();
    assert!(t.contains("│ 5 3 4 │ 6 7 8 │ 9 1 2 │"));
    assert!(GENRE.render_svg(&p, true).unwrap().contains("</svg>"));
}

#[test]
fn bad_json_is_refused_without_panic() {
    for bad in [
        json!({}),
        json!({"puzzle": 5}),
        json!({"puzzle": "123"}),
        json!({"puzzle": P, "solution": P}),
    ] {
        assert!(GENRE.digest(&bad).is_err(), "{bad}");
    }
    let p = json!({"puzzle": P});
    for bad in ["{", "{\"entries\": 3}", "12", "{\"entries\": \"x\"}"] {
        assert!(GENRE.decode_state(&p, bad).is_err(), "{bad}");
    }
    let notes: Vec<Value> = (0..81).map(|_| Value::from("1234567890")).collect();
    assert!(
        GENRE
            .decode_state(&p, &json!({"entries": P, "notes": notes}).to_string())
            .is_err()
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
    /// A hint never asks to remove a correct entry, and a step never places a wrong digit or
    /// eliminates the right one.
    #[test]
    fn hints_never_remove_a_correct_mark(seed in 0u64..1_000_000, keep in 0usize..81, wrong in 0usize..3) {
        let r = GENRE.generate(&id(&format!("sudoku:SEED-{seed}-MEDIUM-g1"))).unwrap();
        let givens = parse(r.puzzle["puzzle"].as_str().unwrap());
        let solution = parse(r.puzzle["solution"].as_str().unwrap());
        // Fill some correct entries, and maybe one wrong one.
        let mut entries = [0u8; 81];
        let mut k = 0;
        for i in 0..81 {
            if givens[i] == 0 {
                if k < keep { entries[i] = solution[i]; }
                k += 1;
            }
        }
        let empty: Vec<usize> = (0..81).filter(|&i| givens[i] == 0 && entries[i] == 0).collect();
        if wrong == 0 && !empty.is_empty() {
            let i = empty[(seed as usize) % empty.len()];
            entries[i] = solution[i] % 9 + 1;
        }
        let state = json!({"entries": crate::format::encode_grid(&entries)});
        let h = GENRE.hint(&r.puzzle, &state).unwrap();
        let cell_of = |v: &Value| {
            let name = v.as_str().unwrap();
            let b = name.as_bytes();
            usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1')
        };
        match h.kind {
            HintKind::RemoveMark => {
                let i = cell_of(&h.detail["cells"][0]);
                proptest::prop_assert!(entries[i] != 0 && entries[i] != solution[i]);
            }
            HintKind::Step => {
                proptest::prop_assert!(entries.iter().zip(&solution).all(|(&e, &s)| e == 0 || e == s));
                for p in h.detail["placements"].as_array().unwrap() {
                    proptest::prop_assert_eq!(u64::from(solution[cell_of(&p["cell"])]), p["digit"].as_u64().unwrap());
                }
                for e in h.detail["eliminations"].as_array().unwrap() {
                    proptest::prop_assert_ne!(u64::from(solution[cell_of(&e["cell"])]), e["digit"].as_u64().unwrap());
                }
            }
            HintKind::Solved => proptest::prop_assert!((0..81).all(|i| givens[i] != 0 || entries[i] == solution[i])),
            HintKind::BudgetExhausted => proptest::prop_assert!(false, "no budget hint expected"),
        }
    }
}
