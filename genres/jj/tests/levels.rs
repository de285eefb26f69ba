//! Levels: generation is deterministic, every shipped plan replays to the exit (with and without
//! margins), and the check by replay accepts the plan and refuses bad tapes with clear errors.

use dayseed_core::{DynGenre, SolveOptions};
use dayseed_jj::level::Level;
use serde_json::{Value, json};

fn gen_record(id: &str) -> Value {
    dayseed_jj::GENRE
        .generate(&id.parse().expect("id parses"))
        .expect("generates")
        .to_flat_json()
}

fn puzzle_of(record: &Value) -> Value {
    let mut p = record.clone();
    let obj = p.as_object_mut().expect("object");
    for k in [
        "id", "genre", "version", "seed", "digest", "attempts", "fallback",
    ] {
        obj.remove(k);
    }
    p
}

#[test]
fn same_id_same_level() {
    for id in [
        "jj:SEED-1-C8-MEDIUM-g1",
        "jj:SEED-77-C4-HARD-g1",
        "jj:SEED-1-C8-MEDIUM-g2",
        "jj:SEED-77-C4-HARD-g2",
    ] {
        assert_eq!(gen_record(id), gen_record(id), "{id}");
    }
    assert_ne!(
        gen_record("jj:SEED-1-C8-MEDIUM-g1")["rows"],
        gen_record("jj:SEED-2-C8-MEDIUM-g1")["rows"]
    );
}

#[test]
fn the_level_plan_wins_by_replay() {
    for (seed, version) in (0..20).flat_map(|s| [(s, "g1"), (s, "g2")]) {
        for params in ["C8-EASY", "C8-MEDIUM", "C6-HARD"] {
            let rec = gen_record(&format!("jj:SEED-{seed}-{params}-{version}"));
            let puzzle = puzzle_of(&rec);
            let plan = rec["plan"].as_str().expect("plan").to_string();
            let v = dayseed_jj::GENRE
                .check(&puzzle, &Value::from(plan.clone()))
                .expect("checks");
            assert!(v.solved, "seed {seed} {params} {version}: {v:?}");
            let report = dayseed_jj::GENRE
                .solve_report(
                    &puzzle,
                    SolveOptions {
                        grade: false,
                        budget: 1_000_000,
                    },
                )
                .expect("solves")
                .to_json();
            assert_eq!(report["tape"], Value::from(plan));
            assert_eq!(report["ticks"], rec["plan_ticks"]);
            let par = rec["par_ticks"].as_u64().unwrap();
            let ticks = rec["plan_ticks"].as_u64().unwrap();
            assert_eq!(par, (ticks * 16).div_ceil(10));
        }
    }
}

/// g2 draws the hanging templates (g1 never does), and a g2 level holding them replans from its
/// chamber list when the plan is withheld.
#[test]
fn g2_levels_use_the_hanging_templates_and_replan() {
    let uses = |rec: &Value, name: &str| {
        rec["chambers"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["template"] == name)
    };
    let mut found = 0;
    for seed in 0..30 {
        let g1 = gen_record(&format!("jj:SEED-{seed}-C8-MEDIUM-g1"));
        assert!(!uses(&g1, "swing") && !uses(&g1, "hang"));
        let rec = gen_record(&format!("jj:SEED-{seed}-C8-MEDIUM-g2"));
        if !(uses(&rec, "swing") || uses(&rec, "hang")) {
            continue;
        }
        found += 1;
        let hidden = dayseed_jj::GENRE
            .without_solution(&puzzle_of(&rec))
            .expect("hides");
        let report = dayseed_jj::GENRE
            .solve_report(
                &hidden,
                SolveOptions {
                    grade: false,
                    budget: 1,
                },
            )
            .expect("replans")
            .to_json();
        assert_eq!(report["tape"], rec["plan"], "seed {seed}");
    }
    assert!(found >= 5, "only {found} of 30 g2 levels hang");
    let e = dayseed_jj::GENRE
        .generate(&"jj:SEED-1-C8-MEDIUM-g3".parse().unwrap())
        .unwrap_err();
    assert!(e.message().contains("g3"), "{}", e.message());
}

#[test]
fn a_withheld_plan_is_rebuilt_from_the_chambers() {
    let rec = gen_record("jj:SEED-5-C8-MEDIUM-g1");
    let puzzle = puzzle_of(&rec);
    let hidden = dayseed_jj::GENRE.without_solution(&puzzle).expect("hides");
    assert!(hidden.get("plan").is_none());
    let report = dayseed_jj::GENRE
        .solve_report(
            &hidden,
            SolveOptions {
                grade: false,
                budget: 1,
            },
        )
        .expect("replans")
        .to_json();
    assert_eq!(report["tape"], rec["plan"]);
}

#[test]
fn bad_tapes_get_clear_errors_or_losing_verdicts() {
    let rec = gen_record("jj:SEED-3-C4-MEDIUM-g1");
    let puzzle = puzzle_of(&rec);
    let g = &dayseed_jj::GENRE;
    let err = g.decode_state(&puzzle, "1.0P9").unwrap_err();
    assert!(err.message().contains("button 9"), "{}", err.message());
    let err = g.decode_state(&puzzle, "2.0P1").unwrap_err();
    assert!(!err.message().is_empty());
    let err = g.decode_state(&puzzle, "1.0PX").unwrap_err();
    assert!(err.message().contains("event 0"), "{}", err.message());
    let v = g
        .check(&puzzle, &Value::from("1"))
        .expect("empty tape replays");
    assert!(!v.solved);
    assert!(v.problems[0].contains("tape ended"), "{v:?}");
    let v = g
        .check(&puzzle, &Value::from("1.0P1.0P5"))
        .expect("replays");
    assert!(!v.solved);
}

/// The plan replay of a fixed level, pinned: the per-tick state hashes folded over the whole run.
/// Any change to the physics shows up here; the same number on wasm32 and aarch64 proves parity.
#[test]
fn plan_replay_tick_hash_is_pinned() {
    use dayseed_jj::arcade::replay;
    use dayseed_jj::physics::JjSim;
    let rec = gen_record("jj:SEED-7-C4-MEDIUM-g1");
    let level: dayseed_jj::level::Level = serde_json::from_value(puzzle_of(&rec)).unwrap();
    let tape = level.plan_tape().unwrap().clone();
    let mut sim = JjSim::new(level.world().clone(), false);
    let r = replay(&mut sim, &tape, 100_000).unwrap();
    assert!(r.ending.won);
    assert_eq!(
        (r.ticks, format!("{:016x}", r.tick_hash)),
        (level.plan_ticks, "f47cbfdc2eecad70".to_string())
    );
}

#[test]
fn bad_levels_get_clear_errors() {
    let rec = gen_record("jj:SEED-3-C2-EASY-g1");
    let good = puzzle_of(&rec);
    let g = &dayseed_jj::GENRE;
    let with = |key: &str, value: Value| {
        let mut p = good.clone();
        p[key] = value;
        g.decode(&p.to_string())
            .map(|_| ())
            .unwrap_err()
            .message()
            .to_string()
    };
    let mut rows: Vec<String> = serde_json::from_value(good["rows"].clone()).unwrap();
    rows[3].push('.');
    assert!(with("rows", json!(rows)).contains("row 3"));
    rows[3].pop();
    rows[2].replace_range(0..1, "x");
    assert!(with("rows", json!(rows)).contains("row 2, column 0"));
    assert!(with("exit_x", json!(u64::MAX)).contains("exit"));
    assert!(
        with(
            "gates",
            json!([{"x0": 1, "x1": 2, "period": 0, "open": 0, "phase": 0}])
        )
        .contains("gate 0")
    );
    assert!(
        with(
            "chambers",
            json!([{"template": "x", "params": {}, "x0": 5, "x1": 2, "attempts": 1}])
        )
        .contains("chamber 0")
    );
    assert!(with("plan", json!("1.0P9")).contains("button 9"));
    assert!(with("solo", json!("C")).contains("solo \"C\""));
    assert!(g.decode("not json").is_err());
}

#[test]
fn a_level_is_read_into_its_typed_model_and_written_back_unchanged() {
    let rec = gen_record("jj:SEED-3-C2-EASY-g1");
    let text = puzzle_of(&rec).to_string();
    let level: Level = serde_json::from_str(&text).unwrap();
    assert_eq!(serde_json::to_value(&level).unwrap(), puzzle_of(&rec));
    assert_eq!(level.world().rows(), level.rows);
    assert_eq!(
        level.plan_tape().unwrap().to_text(),
        level.plan.clone().unwrap()
    );
    let solo = level.with_solo("B").unwrap();
    assert_eq!(solo.solo_human(), Some(1));
    assert!(level.with_solo("C").is_err());
    let bare = level.without_plan();
    assert!(bare.plan.is_none() && bare.plan_tape().is_none());
    let bad = text.replace("\"plan\":\"", "\"plan\":\"1.0P9");
    assert!(serde_json::from_str::<Level>(&bad).is_err());
}

#[test]
fn the_svg_draws_the_map_and_both_paths_of_the_plan_to_the_exit() {
    let rec = gen_record("jj:SEED-4-C3-MEDIUM-g2");
    let puzzle = puzzle_of(&rec);
    let g = &dayseed_jj::GENRE;
    let bare = g.render_svg(&puzzle, false).expect("draws");
    assert!(bare.starts_with("<svg") && bare.trim_end().ends_with("</svg>"));
    assert!(!bare.contains("<polyline"));
    // Withheld plan: the paths come from the replanned tape.
    let hidden = g.without_solution(&puzzle).expect("hides");
    let full = g.render_svg(&hidden, true).expect("draws with the plan");
    let paths: Vec<&str> = full
        .lines()
        .filter(|l| l.starts_with("<polyline"))
        .collect();
    assert_eq!(paths.len(), 2, "one path per core");
    let exit_px = (rec["exit_x"].as_f64().unwrap() + 0.5) * 16.0;
    for p in paths {
        let points = p.split('"').nth(1).expect("points");
        let last_x: f64 = points
            .rsplit(' ')
            .next()
            .and_then(|xy| xy.split(',').next())
            .and_then(|x| x.parse().ok())
            .expect("a last point");
        assert!(
            last_x > exit_px,
            "the path ends past the exit: {last_x} <= {exit_px}"
        );
    }
}
