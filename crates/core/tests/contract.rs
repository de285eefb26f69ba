//! The registry adapter and the save schema, exercised through a toy genre: version dispatch and
//! refusal, canonical params, digests, solution stripping, and v1 save migration.

use dayseed_core::generator::day_or_number;
use dayseed_core::save::{self, Migration};
use dayseed_core::{
    Capabilities, Error, ErrorKind, Flag, FlagValue, Generated, Generator, Genre, Hint, HintKind,
    Label, LabelSpec, Labels, Registered, Registry, Result, Rng, SolveOptions, SolveReport,
    SolveStatus, Verdict, Version, VersionStatus,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// A toy genre: a row of random digits; the answer is the row reversed.
struct Toy;

#[derive(Serialize, Deserialize)]
struct ToyPuzzle {
    row: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct ToyState {
    answer: String,
}

/// The toy's row: `n` digits from the stream, answer reversed.
fn row(rng: &mut Rng, n: u32) -> Result<Generated<ToyPuzzle>> {
    let row: String = (0..n)
        .map(|_| char::from(b'0' + rng.below(10) as u8))
        .collect();
    let solution = Some(row.chars().rev().collect());
    Ok(Generated {
        puzzle: ToyPuzzle { row, solution },
        attempts: 1,
        fallback: None,
    })
}

static GENERATORS: [Generator<Toy>; 3] = [
    Generator {
        version: Version(1),
        status: VersionStatus::Supported,
        note: "digits",
        seed: day_or_number,
        generate: |seed, n| row(&mut Rng::from_seed(seed), *n),
    },
    Generator {
        version: Version(2),
        status: VersionStatus::Retired,
        note: "a mistake, withdrawn",
        seed: day_or_number,
        generate: |_, _| unreachable!("the registry never runs a retired version"),
    },
    Generator {
        version: Version(3),
        status: VersionStatus::Current,
        note: "digits, other stream",
        seed: day_or_number,
        generate: |seed, n| row(&mut Rng::from_seed(seed ^ 0xFFFF), *n),
    },
];

impl Genre for Toy {
    const NAME: &'static str = "toy";
    const TITLE: &'static str = "Toy";
    type Params = u32;
    type Puzzle = ToyPuzzle;
    type State = ToyState;

    fn generators(&self) -> &'static [Generator<Toy>] {
        &GENERATORS
    }
    fn capabilities(&self) -> Capabilities {
        Capabilities {
            hint: true,
            ..Capabilities::logic()
        }
    }
    fn parse_params(&self, text: &str) -> Result<u32> {
        let n = text
            .strip_prefix('N')
            .and_then(|d| d.parse::<u32>().ok())
            .filter(|n| (1..=20).contains(n))
            .ok_or_else(|| Error::params(format!("'{text}' is not N1..N20")))?;
        Ok(n)
    }
    fn format_params(&self, n: &u32) -> String {
        format!("N{n}")
    }
    fn params_from_flags(&self, flags: &[(&str, &str)]) -> Result<u32> {
        match flags {
            [] => Ok(4),
            [("size", v)] => self.parse_params(&format!("N{v}")),
            [(other, _), ..] => Err(Error::params(format!("--{other} does not apply to toy"))),
        }
    }
    fn daily_params(&self, _difficulty: Option<&str>) -> Result<u32> {
        Ok(4)
    }
    fn flags(&self) -> &'static [Flag] {
        const FLAGS: &[Flag] = &[Flag::new(
            "size",
            FlagValue::Number,
            "digits in the row",
            Some("4"),
        )];
        FLAGS
    }
    fn label_specs(&self) -> &'static [LabelSpec] {
        const LABELS: &[LabelSpec] = &[LabelSpec::new(Label::Size, "the row's length")];
        LABELS
    }
    fn labels(&self, n: &u32, _p: &ToyPuzzle) -> Labels {
        Labels {
            // Set although undeclared: the registry must drop it.
            difficulty: Some("EASY".into()),
            size: Some(format!("{n}X1")),
        }
    }
    fn validate(&self, p: &ToyPuzzle) -> Result<()> {
        if p.row.is_empty() || p.row.len() > 20 || !p.row.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Error::puzzle("row must be 1..20 digits"));
        }
        Ok(())
    }
    fn canonical_content(&self, p: &ToyPuzzle) -> String {
        format!("{}\n{}", p.row, p.solution.clone().unwrap_or_default())
    }
    fn without_solution(&self, p: &ToyPuzzle) -> ToyPuzzle {
        ToyPuzzle {
            row: p.row.clone(),
            solution: None,
        }
    }
    fn solve_report(&self, p: &ToyPuzzle, _o: SolveOptions) -> Result<SolveReport> {
        Ok(SolveReport::new(SolveStatus::Solved)
            .with_solution(p.row.chars().rev().collect::<String>())
            .detail("reversed", true))
    }
    fn hint(&self, p: &ToyPuzzle, s: &ToyState) -> Result<Hint> {
        let want: String = p.row.chars().rev().collect();
        let kind = if s.answer == want {
            HintKind::Solved
        } else {
            HintKind::Step
        };
        Ok(Hint {
            kind,
            technique: "reverse".into(),
            message: "read it backwards".into(),
            detail: Value::Null,
        })
    }
    fn check(&self, p: &ToyPuzzle, s: &ToyState) -> Result<Verdict> {
        let want: String = p.row.chars().rev().collect();
        Ok(Verdict {
            score: None,
            solved: s.answer == want,
            complete: s.answer.len() == p.row.len(),
            problems: vec![],
        })
    }
    fn encode(&self, p: &ToyPuzzle) -> String {
        p.row.clone()
    }
    fn decode(&self, text: &str) -> Result<ToyPuzzle> {
        Ok(ToyPuzzle {
            row: text.to_string(),
            solution: None,
        })
    }
    fn validate_state(&self, p: &ToyPuzzle, s: &ToyState) -> Result<()> {
        if s.answer.len() > p.row.len() {
            return Err(Error::state("answer longer than the row"));
        }
        Ok(())
    }
    fn render_text(&self, p: &ToyPuzzle, _s: Option<&ToyState>, _sol: bool) -> String {
        p.row.clone()
    }
}

static TOY: Registered<Toy> = Registered(Toy);

fn registry() -> Registry {
    Registry::new(vec![&TOY])
}

#[test]
fn ids_regenerate_the_same_board_and_digest() {
    let r = registry();
    let a = r.generate("toy:SEED-42-N6-g3").unwrap();
    let b = r.generate("toy:SEED-42-N6-g3").unwrap();
    assert_eq!(a.digest, b.digest);
    assert_eq!(a.puzzle, b.puzzle);
    assert_eq!(a.id, "toy:SEED-42-N6-g3");
    assert_eq!(a.version, "g3");
    // The supported older version still dispatches, to its own (different) stream.
    let old = r.generate("toy:SEED-42-N6-g1").unwrap();
    assert_ne!(old.digest, a.digest);
    let flat = a.to_flat_json();
    assert_eq!(flat["row"], a.puzzle["row"]);
    assert_eq!(flat["digest"], Value::from(a.digest.clone()));
}

/// The flat line written directly is the flat JSON serialized, extras inserted last, also when
/// the board's own fields and the extras reuse record names and a fallback is present.
#[test]
fn flat_json_written_directly_is_the_flat_object() {
    let mut a = registry().generate("toy:SEED-42-N6-g3").unwrap();
    a.fallback = Some("closest \"miss\"".into());
    let mut puzzle = a.puzzle.as_object().unwrap().clone();
    puzzle.insert("id".into(), Value::from("own id"));
    puzzle.insert("digest".into(), Value::from(7));
    puzzle.insert(
        "zeta".into(),
        serde_json::json!({"b": [1, 2.5, null], "a": "\u{e9}\n"}),
    );
    a.puzzle = Value::Object(puzzle);
    let extra = [
        ("tatham", "3x3:a".to_string()),
        ("attempts", "x".to_string()),
    ];
    let mut expected = a.to_flat_json();
    for (k, v) in &extra {
        expected[*k] = Value::from(v.clone());
    }
    let mut written = Vec::new();
    a.write_flat_json(&extra, &mut written).unwrap();
    assert_eq!(String::from_utf8(written).unwrap(), expected.to_string());
    let mut plain = Vec::new();
    a.write_flat_json(&[], &mut plain).unwrap();
    assert_eq!(
        String::from_utf8(plain).unwrap(),
        a.to_flat_json().to_string()
    );
}

#[test]
fn retired_and_unknown_versions_are_refused_by_name() {
    let r = registry();
    let e = r.generate("toy:SEED-1-N4-g2").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnsupportedVersion);
    assert!(e.message().contains("retired"), "{e}");
    assert!(e.message().contains("g1, g3"), "{e}");
    let e = r.generate("toy:SEED-1-N4-g9").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnsupportedVersion);
    assert!(e.message().contains("not supported"), "{e}");
}

#[test]
fn unknown_genres_and_bad_params_are_explicit() {
    let r = registry();
    let e = r.generate("chess:SEED-1-N4-g1").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnknownGenre);
    assert!(e.message().contains("registered: toy"), "{e}");
    let e = r.generate("toy:SEED-1-N99-g3").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidParams);
    let toy = r.get("toy").unwrap();
    assert_eq!(toy.params_from_flags(&[("size", "7")]).unwrap(), "N7");
    assert!(toy.params_from_flags(&[("level", "7")]).is_err());
    assert_eq!(toy.current_version(), Version(3));
}

#[test]
fn solutions_are_stripped_and_json_is_validated() {
    let r = registry();
    let toy = r.get("toy").unwrap();
    let rec = r.generate("toy:SEED-5-N5-g3").unwrap();
    let public = toy.without_solution(&rec.puzzle).unwrap();
    assert!(public.get("solution").is_none());
    assert!(rec.puzzle.get("solution").is_some());
    let e = toy.digest(&json!({"row": "12x"})).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidPuzzle);
    let e = toy.check(&rec.puzzle, &json!({"nope": 1})).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidState);
    let answer: String = rec.puzzle["row"].as_str().unwrap().chars().rev().collect();
    let v = toy.check(&public, &json!({ "answer": answer })).unwrap();
    assert!(v.solved, "the win check works without the stored answer");
}

#[test]
fn v2_saves_round_trip_and_tampering_is_caught() {
    let r = registry();
    let rec = r.generate("toy:SEED-9-N4-g3").unwrap();
    let s = save::new_save(&r, &rec.id, rec.puzzle.clone(), json!({"answer": "1"})).unwrap();
    assert_eq!(s.digest, rec.digest);
    let text = serde_json::to_string(&s).unwrap();
    let (loaded, how) = save::load(&r, &text).unwrap();
    assert_eq!(loaded, s);
    assert_eq!(how, Migration::None);
    let mut tampered = s.clone();
    tampered.board["row"] = Value::from("0000");
    let e = save::load(&r, &serde_json::to_string(&tampered).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidSave);
    assert!(e.message().contains("does not match"), "{e}");
}

#[test]
fn v1_saves_promote_only_with_proven_provenance() {
    let r = registry();
    // A v1 save whose id (without version) regenerates under g1 to exactly its board: promoted.
    let g1 = r.generate("toy:SEED-3-N4-g1").unwrap();
    let v1 = json!({"id": "toy:SEED-3-N4", "board": g1.puzzle, "entries": {"answer": "12"}});
    let (s, how) = save::load(&r, &v1.to_string()).unwrap();
    assert_eq!(how, Migration::PromotedToG1);
    assert_eq!(s.id, "toy:SEED-3-N4-g1");
    assert_eq!(s.digest, g1.digest);
    assert_eq!(s.progress, json!({"answer": "12"}));
    // Same id but a board g1 does not make: provenance unproven, filed under its digest.
    let g3 = r.generate("toy:SEED-3-N4-g3").unwrap();
    let v1 = json!({"genre": "toy", "id": "toy:SEED-3-N4", "board": g3.puzzle, "entries": null});
    let (s, how) = save::load(&r, &v1.to_string()).unwrap();
    assert_eq!(how, Migration::Legacy);
    assert_eq!(s.id, format!("toy:legacy-{}", g3.digest));
    // No id at all: legacy too, and a legacy save reloads as a valid v2 save.
    let v1 = json!({"genre": "toy", "board": g1.puzzle});
    let (s, how) = save::load(&r, &v1.to_string()).unwrap();
    assert_eq!(how, Migration::Legacy);
    let (again, how) = save::load(&r, &serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!((again, how), (s, Migration::None));
}

#[test]
fn unknown_schemas_and_junk_are_errors() {
    let r = registry();
    for bad in [
        r#"{"schema": 3, "id": "x"}"#,
        r#"{"schema": "2"}"#,
        r#"[1,2]"#,
        r#"not json"#,
        r#"{"entries": "no board"}"#,
    ] {
        let e = save::load(&r, bad).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidSave, "{bad}: {e}");
    }
    let e = save::load(&r, r#"{"schema": 7}"#).unwrap_err();
    assert!(e.message().contains("unknown save schema 7"), "{e}");
}

#[test]
fn labels_are_filed_only_when_declared_and_sizes_are_lower_case() {
    let r = registry();
    let (id, g) = r.parse_id("toy:SEED-3-N5-g3").unwrap();
    let record = g.generate(&id).unwrap();
    let labels = g.labels(&id, &record.puzzle).unwrap();
    assert_eq!(labels.size.as_deref(), Some("5x1"));
    assert_eq!(labels.difficulty, None, "toy declares no difficulty label");
    assert_eq!(g.label_specs().len(), 1);
    assert_eq!(g.flags()[0].name, "size");
    assert_eq!(g.title(), "Toy");
    assert!(g.labels(&id, &json!({"row": ""})).is_err());
}

#[test]
fn the_solve_report_has_the_common_shape() {
    let r = registry();
    let record = r.generate("toy:SEED-3-N5-g3").unwrap();
    let options = SolveOptions {
        grade: true,
        budget: 10,
    };
    let report = r
        .get("toy")
        .unwrap()
        .solve_report(&record.puzzle, options)
        .unwrap()
        .to_json();
    let row = record.puzzle["row"].as_str().unwrap();
    assert_eq!(report["status"], "solved");
    assert_eq!(report["solution"], row.chars().rev().collect::<String>());
    assert_eq!(report["grade"], Value::Null);
    assert_eq!(report["nodes"], Value::Null);
    assert_eq!(report["reversed"], true);
}

#[test]
fn a_genre_outside_the_list_joins_in_one_call_and_twice_is_refused() {
    let r = Registry::new(vec![]).with(&TOY);
    assert_eq!(r.names(), ["toy"]);
    let again = std::panic::catch_unwind(|| registry().with(&TOY));
    assert!(again.is_err(), "a genre registered twice must be refused");
}
