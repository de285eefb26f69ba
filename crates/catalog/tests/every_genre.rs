//! Checks that hold for every registered genre, through the same JSON registry the CLI, server
//! and wasm use: ids regenerate identically, encodings round-trip, digests agree, answers are
//! stripped, and untrusted text or JSON gets an error — never a panic.

use dayseed_core::{DayPolicy, Registry, SolveOptions};
use proptest::prelude::*;
use serde_json::Value;

fn registry() -> Registry {
    dayseed_catalog::registry()
}

fn sample_ids(registry: &Registry) -> Vec<String> {
    let mut ids = Vec::new();
    for g in registry.genres() {
        for day in [-5, 0, 20671] {
            let id = registry
                .daily_id(g.name(), DayPolicy::UtcV1, day, None)
                .unwrap();
            ids.push(id.to_string());
        }
        let params = g.daily_params(None).unwrap();
        for seed in [1u64, u64::MAX] {
            ids.push(format!(
                "{}:SEED-{seed}-{params}-{}",
                g.name(),
                g.current_version()
            ));
        }
    }
    ids
}

#[test]
fn every_genre_is_listed_once_with_a_current_version() {
    let r = registry();
    let names = r.names();
    assert!(!names.is_empty(), "the catalog lists genres");
    for g in r.genres() {
        assert_eq!(
            names.iter().filter(|n| **n == g.name()).count(),
            1,
            "{} listed once",
            g.name()
        );
        assert!(!g.title().trim().is_empty(), "{}: a title", g.name());
        let params = g.daily_params(None).unwrap();
        assert_eq!(g.canonical_params(&params).unwrap(), params);
        assert!(
            g.versions()
                .iter()
                .any(|v| v.version == g.current_version())
        );
    }
}

/// Every flag a genre declares is one its `params_from_flags` accepts (with the declared
/// default as the value, where there is one), and an undeclared name is refused by name.
#[test]
fn declared_flags_are_the_ones_the_genre_takes() {
    let r = registry();
    for g in r.genres() {
        for f in g.flags() {
            let value = match (f.value, f.default) {
                (dayseed_core::FlagValue::Switch, _) => "true",
                (_, Some(d)) => d,
                _ => continue,
            };
            g.params_from_flags(&[(f.name, value)])
                .unwrap_or_else(|e| panic!("{} --{} {value}: {e}", g.name(), f.name));
        }
        let e = g
            .params_from_flags(&[("no-such-flag", "1")])
            .expect_err("an undeclared flag is refused");
        assert!(
            e.message().contains("no-such-flag"),
            "{}: the refusal names the flag: {e}",
            g.name()
        );
    }
}

/// Every board is filed under exactly the labels its genre declares.
#[test]
fn declared_labels_have_values_for_every_board() {
    let r = registry();
    // sample_ids lists five ids a genre: one of each genre is enough here.
    for id in sample_ids(&r).into_iter().step_by(5) {
        let (parsed, g) = r.parse_id(&id).unwrap();
        let record = g.generate(&parsed).unwrap();
        let labels = g.labels(&parsed, &record.puzzle).unwrap();
        for label in dayseed_core::Label::ALL {
            let declared = g.label_specs().iter().any(|s| s.label == label);
            assert_eq!(
                labels.get(label).is_some(),
                declared,
                "{id}: {label:?} is set exactly when declared ({labels:?})"
            );
        }
    }
}

#[test]
fn ids_regenerate_identically_and_encodings_round_trip() {
    let r = registry();
    for id in sample_ids(&r) {
        let a = r.generate(&id).unwrap_or_else(|e| panic!("{id}: {e}"));
        let b = r.generate(&id).unwrap();
        assert_eq!(a.id, id);
        assert_eq!(a.digest, b.digest, "{id}");
        assert_eq!(a.puzzle, b.puzzle, "{id}");
        let g = r.get(a.genre).unwrap();
        assert_eq!(
            g.digest(&a.puzzle).unwrap(),
            a.digest,
            "{id}: digest of the JSON"
        );
        let text = g.encode(&a.puzzle).unwrap();
        let decoded = g
            .decode(&text)
            .unwrap_or_else(|e| panic!("{id}: {e}\n{text}"));
        assert_eq!(g.encode(&decoded).unwrap(), text, "{id}: text round trip");
        let public = g.without_solution(&a.puzzle).unwrap();
        assert_ne!(public, a.puzzle, "{id}: without_solution removes something");
        assert!(
            public.get("solution").is_none(),
            "{id}: no solution field in the public view"
        );
        let report = g
            .solve_report(
                &decoded,
                SolveOptions {
                    grade: false,
                    budget: 5_000_000,
                },
            )
            .unwrap()
            .to_json();
        assert!(
            ["solved", "unsolvable", "multiple", "budget_exhausted"]
                .contains(&report["status"].as_str().unwrap_or("")),
            "{id}: a known status: {report}"
        );
        for key in ["solution", "grade", "nodes"] {
            assert!(report.get(key).is_some(), "{id}: the report has '{key}'");
        }
        if g.capabilities().unique_solutions {
            // A released board of a unique-solution genre solves to exactly one answer.
            assert_eq!(report["status"], "solved", "{id}: {report}");
            assert!(!report["solution"].is_null(), "{id}: the solution is given");
        }
    }
}

#[test]
fn unsupported_versions_are_refused_for_every_genre() {
    let r = registry();
    for g in r.genres() {
        let params = g.daily_params(None).unwrap();
        let id = format!("{}:SEED-1-{params}-g999", g.name());
        let e = r.generate(&id).unwrap_err();
        assert_eq!(
            e.kind(),
            dayseed_core::ErrorKind::UnsupportedVersion,
            "{id}"
        );
        assert!(
            e.message().contains(&g.current_version().to_string()),
            "{e}"
        );
    }
}

/// Every arcade genre's solver plan wins when `check` replays it (the score comes from the
/// replay), the live simulation reaches the same ending, and an empty tape does worse.
#[test]
fn arcade_plans_win_by_replay_for_every_arcade_genre() {
    let r = registry();
    for g in r.genres() {
        if g.capabilities().kind != dayseed_core::GenreKind::Arcade {
            continue;
        }
        for id in sample_ids(&r).iter().filter(|id| id.starts_with(g.name())) {
            let record = r.generate(id).unwrap();
            let options = SolveOptions {
                grade: false,
                budget: 5_000_000,
            };
            let report = g.solve_report(&record.puzzle, options).unwrap().to_json();
            assert_eq!(report["status"], "solved", "{id}: {report}");
            assert_eq!(
                report["solution"], report["tape"],
                "{id}: the solution is the tape"
            );
            let tape = report["tape"].clone();
            assert!(
                tape.is_string(),
                "{id}: solve report carries the plan as a tape: {report}"
            );
            let verdict = g.check(&record.puzzle, &tape).unwrap();
            assert!(
                verdict.solved,
                "{id}: the solver's plan wins by replay: {verdict:?}"
            );
            let score = verdict
                .score
                .as_ref()
                .expect("an arcade verdict has a score");

            let plan = dayseed_core::arcade::Tape::from_json(&tape).unwrap();
            let mut sim = g.simulate(&record.puzzle).unwrap();
            let live = dayseed_core::arcade::replay(sim.as_mut(), &plan, u32::MAX).unwrap();
            assert_eq!(live.ending.score.value, score.value, "{id}");
            assert_eq!(format!("{:016x}", live.tick_hash), score.tick_hash, "{id}");

            // Doing nothing never wins a level; in an endless run it scores worse than the plan.
            let empty = g.check(&record.puzzle, &Value::from("1")).unwrap();
            if empty.solved {
                let idle = empty.score.expect("an arcade verdict has a score").value;
                let better = if score.higher_is_better {
                    score.value > idle
                } else {
                    score.value < idle
                };
                assert!(
                    better,
                    "{id}: an empty tape scores {idle}, the plan {}",
                    score.value
                );
            }
        }
    }
}

fn genre_names() -> Vec<&'static str> {
    registry().names()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn decoding_arbitrary_text_never_panics(which in 0usize..16, text in "[0-9.a-z#\\n ]{0,400}") {
        let r = registry();
        let names = genre_names();
        let g = r.get(names[which % names.len()]).unwrap();
        let _ = g.decode(&text);
    }

    #[test]
    fn arbitrary_params_never_panic(which in 0usize..16, params in "[A-Za-z0-9.-]{1,24}", seed: u64) {
        let r = registry();
        let names = genre_names();
        let name = names[which % names.len()];
        let _ = r.generate(&format!("{name}:SEED-{seed}-{params}-g1"));
    }

    #[test]
    fn arbitrary_states_and_mangled_puzzles_never_panic(
        which in 0usize..16,
        seed in 0u64..1000,
        key_pick in 0usize..64,
        junk in prop_oneof![
            Just(Value::Null),
            any::<i64>().prop_map(Value::from),
            "[0-9.x]{0,90}".prop_map(Value::from),
            proptest::collection::vec("[01.x]{0,12}", 0..12).prop_map(Value::from),
        ],
    ) {
        let r = registry();
        let names = genre_names();
        let g = r.get(names[which % names.len()]).unwrap();
        let params = g.daily_params(None).unwrap();
        let id = format!("{}:SEED-{seed}-{params}-{}", g.name(), g.current_version());
        let record = r.generate(&id).unwrap();
        // A state made of junk: an error, not a panic.
        let _ = g.check(&record.puzzle, &junk);
        let _ = g.hint(&record.puzzle, &junk);
        let _ = g.decode_state(&record.puzzle, &junk.to_string());
        // The puzzle with one field replaced by junk: an error or a bounded answer, never a panic.
        let mut mangled = record.puzzle.clone();
        if let Value::Object(map) = &mut mangled {
            let keys: Vec<String> = map.keys().cloned().collect();
            let key = &keys[key_pick % keys.len()];
            map.insert(key.clone(), junk.clone());
        }
        let _ = g.digest(&mangled);
        let _ = g.encode(&mangled);
        let _ = g.solve_report(&mangled, SolveOptions { grade: false, budget: 200_000 });
    }
}
