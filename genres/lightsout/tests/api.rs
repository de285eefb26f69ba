//! The genre through the registry's JSON interface, as the CLI, server and wasm use it.

use dayseed_core::{Budget, Count, DynGenre, HintKind, SolveOptions};
use dayseed_lightsout::GENRE;
use serde_json::{Value, json};

fn gen_record(id: &str) -> Value {
    GENRE.generate(&id.parse().unwrap()).unwrap().to_flat_json()
}

fn puzzle_of(record: &Value) -> Value {
    let mut p = serde_json::Map::new();
    for key in [
        "width", "height", "wrap", "board", "par", "optimal", "presses", "stage",
    ] {
        if let Some(v) = record.get(key) {
            p.insert(key.into(), v.clone());
        }
    }
    Value::Object(p)
}

const OPTS: SolveOptions = SolveOptions {
    grade: false,
    budget: 1_000_000,
};

#[test]
fn gen_record_has_the_issue_fields() {
    let r = gen_record("lightsout:SEED-42-5x5-P9-g1");
    for key in [
        "id", "seed", "board", "par", "optimal", "presses", "digest", "width", "height",
    ] {
        assert!(r.get(key).is_some(), "missing {key}: {r}");
    }
    assert_eq!(r["seed"], json!(42));
    assert_eq!(r["par"], json!(9));
    assert_eq!(r["board"].as_array().unwrap().len(), 5);
    assert!(r["optimal"].as_u64().unwrap() <= 9);
    let s = gen_record("lightsout:SEED-1-S7-g1");
    assert_eq!(s["stage"], json!(7));
    assert_eq!(s["par"], json!(11));
}

#[test]
fn params_flags_and_daily() {
    assert_eq!(GENRE.params_from_flags(&[("stage", "7")]).unwrap(), "S7");
    assert_eq!(
        GENRE
            .params_from_flags(&[("size", "5x5"), ("par", "9"), ("wrap", "true")])
            .unwrap(),
        "5x5-P9-T"
    );
    assert_eq!(GENRE.daily_params(None).unwrap(), "S7");
    assert_eq!(GENRE.daily_params(Some("HARD")).unwrap(), "S12");
    assert!(GENRE.canonical_params("5x5-P09").is_err());
    let daily = gen_record("lightsout:DAILY-utc-v1-20671-S7-g1");
    assert_eq!(daily["seed"], json!(dayseed_core::seed::daily_seed(20_671)));
    assert!(
        GENRE
            .generate(&"lightsout:SEED-1-S7-g2".parse().unwrap())
            .unwrap_err()
            .message()
            .contains("supported: g1")
    );
}

#[test]
fn play_with_hints_and_check_by_rules() {
    let r = gen_record("lightsout:SEED-3-S12-g1");
    let full = puzzle_of(&r);
    let shown = GENRE.without_solution(&full).unwrap();
    assert!(shown.get("presses").is_none());
    assert_eq!(shown["par"], r["par"]);
    let mut presses: Vec<Value> = vec![json!([0, 0]), json!([0, 0])]; // cancels out
    loop {
        let state = json!({ "presses": presses });
        let hint = GENRE.hint(&shown, &state).unwrap();
        if hint.kind == HintKind::Solved {
            break;
        }
        assert_eq!(hint.kind, HintKind::Step);
        presses.push(hint.detail["press"].clone());
        assert!(presses.len() < 60);
    }
    let state = json!({ "presses": presses });
    assert!(GENRE.check(&shown, &state).unwrap().solved);
    assert_eq!(presses.len() as u64 - 2, r["optimal"].as_u64().unwrap());
    // The generating presses also win, checked by the rules.
    let by_answer = json!({ "presses": r["presses"] });
    assert!(GENRE.check(&shown, &by_answer).unwrap().solved);
    assert!(!GENRE.check(&shown, &json!({"presses": []})).unwrap().solved);
    // States out of bounds are refused.
    assert!(GENRE.check(&shown, &json!({"presses": [[6, 0]]})).is_err());
    let text_state = GENRE.decode_state(&shown, "{\"presses\":[[1,2]]}").unwrap();
    assert_eq!(text_state, json!({"presses": [[1, 2]]}));
}

#[test]
fn solve_report_and_counts() {
    let p = GENRE.decode("00000\n00000\n00100\n00000\n00000\n").unwrap();
    let rep = GENRE.solve_report(&p, OPTS).unwrap().to_json();
    assert_eq!(rep["solvable"], json!(true));
    assert_eq!(rep["nullity"], json!(2));
    assert_eq!(rep["solutions"], json!(4));
    assert_eq!(rep["optimal_exact"], json!(true));
    let n = rep["optimal"].as_u64().unwrap();
    assert_eq!(rep["presses"].as_array().unwrap().len() as u64, n);
    let state = json!({ "presses": rep["presses"] });
    assert!(GENRE.check(&p, &state).unwrap().solved);
    assert_eq!(
        GENRE
            .count_solutions(&p, 10, &mut Budget::unlimited())
            .unwrap(),
        Count::Exactly(4)
    );
    assert_eq!(
        GENRE
            .count_solutions(&p, 3, &mut Budget::unlimited())
            .unwrap(),
        Count::AtLeast(3)
    );
    let bad = GENRE.decode("10000\n00000\n00000\n00000\n00000").unwrap();
    let rep = GENRE.solve_report(&bad, OPTS).unwrap().to_json();
    assert_eq!(rep["solvable"], json!(false));
    assert_eq!(rep["solutions"], json!(0));
    assert!(rep["optimal"].is_null());
    let torus = GENRE.decode("wrap\n111\n000\n000").unwrap();
    assert_eq!(torus["wrap"], json!(true));
    let rep = GENRE.solve_report(&torus, OPTS).unwrap().to_json();
    assert_eq!(rep["nullity"], json!(4));
    assert_eq!(
        GENRE.decode("01\n0a\n").unwrap_err().message(),
        "line 2, column 2: 'a' is not 0 or 1"
    );
    assert_eq!(GENRE.encode(&torus).unwrap(), "wrap\n111\n000\n000\n");
}

#[test]
fn puzzle_json_is_validated() {
    let r = gen_record("lightsout:SEED-9-5x5-P9-g1");
    let mut p = puzzle_of(&r);
    p["presses"][0] = json!([4, 4]);
    p["presses"][1] = json!([4, 4]);
    assert!(GENRE.digest(&p).is_err());
    let mut p = puzzle_of(&r);
    p["board"][0] = json!("0000");
    assert!(GENRE.digest(&p).is_err());
    let mut p = puzzle_of(&r);
    p["width"] = json!(5000);
    assert!(GENRE.digest(&p).is_err());
    assert_eq!(
        GENRE.digest(&puzzle_of(&r)).unwrap(),
        r["digest"].as_str().unwrap()
    );
    // A whole `gen` line is accepted as a puzzle (its extra fields are ignored).
    assert_eq!(GENRE.digest(&r).unwrap(), r["digest"].as_str().unwrap());
    // A state with a misspelt field is refused rather than read as no presses.
    assert!(GENRE.check(&r, &json!({"press": [[0, 0]]})).is_err());
    let text = GENRE.render_text(&puzzle_of(&r), None, true).unwrap();
    assert!(text.contains("a shortest solution,"));
    assert!(
        GENRE
            .render_svg(&puzzle_of(&r), true)
            .unwrap()
            .starts_with("<svg")
    );
    let g = GENRE.grade(&puzzle_of(&r)).unwrap();
    assert_eq!(u64::from(g.rank), r["optimal"].as_u64().unwrap());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Over many seeds and params: the stored presses solve the board by the rules, optimal <= par,
    /// the report's shortest solution wins too and has `optimal` presses, and on boards with no
    /// quiet patterns (nullity 0) optimal equals par.
    #[test]
    fn generated_boards_hold_their_promises(seed: u64, pick in 0usize..8, stage in 1u32..20) {
        let params = [
            format!("S{stage}"),
            format!("S{stage}-T"),
            "5x5-P9".to_string(),
            "6x4-P8-T".to_string(),
            "7x7-P20".to_string(),
            "5x5-O6".to_string(),
            "9x3-O5".to_string(),
            "4x4-P12".to_string(),
        ][pick].clone();
        let r = gen_record(&format!("lightsout:SEED-{seed}-{params}-g1"));
        let p = puzzle_of(&r);
        let par = r["par"].as_u64().unwrap();
        let optimal = r["optimal"].as_u64().unwrap();
        proptest::prop_assert!(optimal <= par);
        proptest::prop_assert_eq!(r["presses"].as_array().unwrap().len() as u64, par);
        let shown = GENRE.without_solution(&p).unwrap();
        let by_answer = json!({ "presses": r["presses"] });
        proptest::prop_assert!(GENRE.check(&shown, &by_answer).unwrap().solved);
        let rep = GENRE.solve_report(&shown, OPTS).unwrap().to_json();
        proptest::prop_assert_eq!(&rep["optimal"], &r["optimal"]);
        let by_solver = json!({ "presses": rep["presses"] });
        proptest::prop_assert!(GENRE.check(&shown, &by_solver).unwrap().solved);
        if rep["nullity"] == json!(0) {
            proptest::prop_assert_eq!(optimal, par);
        }
        let first = GENRE.hint(&shown, &json!({"presses": []})).unwrap();
        proptest::prop_assert_eq!(first.detail["remaining"].as_u64(), Some(optimal));
    }
}
