//! The genre through the registry's JSON interface and its library parts: determinism, the
//! solver's tapes win in the game, margins make the verifier stricter than the game, the
//! independent one-tick shift check, bad input.

use dayseed_core::{DynGenre, ErrorKind, SolveOptions};
use dayseed_fourstep::GENRE;
use dayseed_fourstep::course::{Course, Obstacle, Puzzle};
use dayseed_fourstep::genre::{replay_tape, solve_course, tape_of};
use dayseed_fourstep::physics::{Hero, Rules};
use dayseed_fourstep::solver::{self, SHIFT_TICKS};
use serde_json::{Value, json};

const OPTS: SolveOptions = SolveOptions {
    grade: false,
    budget: 1_000_000,
};

fn record(id: &str) -> Value {
    GENRE.generate(&id.parse().unwrap()).unwrap().to_flat_json()
}

fn puzzle(id: &str) -> Puzzle {
    serde_json::from_value(record(id)).unwrap()
}

#[test]
fn generation_is_deterministic_and_seeds_differ() {
    let a = record("fourstep:SEED-7-T128-B16-D3-g1");
    assert_eq!(a, record("fourstep:SEED-7-T128-B16-D3-g1"));
    assert_ne!(
        a["ground"],
        record("fourstep:SEED-8-T128-B16-D3-g1")["ground"]
    );
    for key in [
        "ground",
        "obstacles",
        "terrains",
        "tape",
        "windows_ms",
        "tightest_ms",
        "digest",
    ] {
        assert!(a.get(key).is_some(), "missing {key}");
    }
    assert_eq!(a["ground"].as_str().unwrap().len(), 16 * 16);
    let terrains = a["terrains"].as_array().unwrap();
    assert_eq!(
        terrains.len(),
        8,
        "intro bar is not a terrain; 15 bars = 7 x 2 + 1"
    );
    assert_eq!(terrains[0]["bar"], json!(1));
}

#[test]
fn the_solver_tape_wins_in_the_game_for_every_difficulty() {
    for d in 1..=5 {
        for seed in 0..6 {
            let id = format!("fourstep:SEED-{seed}-T128-B16-D{d}-g1");
            let rec = record(&id);
            let report = GENRE.solve_report(&rec, OPTS).unwrap().to_json();
            assert_eq!(report["status"], json!("solved"), "{id}: {report}");
            assert_eq!(
                report["tape"], rec["tape"],
                "{id}: solve == generator's path"
            );
            let tape = GENRE
                .decode_state(&rec, report["tape"].as_str().unwrap())
                .unwrap();
            let v = GENRE.check(&rec, &tape).unwrap();
            assert!(v.solved, "{id}: {v:?}");
            let p = puzzle(&id);
            let course = p.course().clone();
            let replayed =
                replay_tape(&course, &tape_of(&solve_course(&course).unwrap().presses)).unwrap();
            assert!(replayed.ending.won);
            assert!(
                replayed.ending.reason.contains("0 hits"),
                "{}",
                replayed.ending.reason
            );
        }
    }
}

#[test]
fn replays_are_deterministic_tick_for_tick() {
    let p = puzzle("fourstep:SEED-3-T140-B12-D4-g1");
    let course = p.course().clone();
    let tape = tape_of(&solve_course(&course).unwrap().presses);
    let a = replay_tape(&course, &tape).unwrap();
    let b = replay_tape(&course, &tape).unwrap();
    assert_eq!(
        (a.tick_hash, a.final_hash, a.ticks),
        (b.tick_hash, b.final_hash, b.ticks)
    );
    assert_eq!(a.ticks, 12 * 96);
    let empty = replay_tape(&course, &tape_of(&[])).unwrap();
    assert!(!empty.ending.won && empty.ticks < a.ticks);
    assert_ne!(empty.tick_hash, a.tick_hash);
}

/// The independent check of the margins: every press of every solution moved by the
/// margin-derived shift (one tick) either way, the rest unchanged, wins in the game (true
/// hitboxes) without a hit.
#[test]
fn every_press_shifted_one_tick_still_wins_without_margins() {
    for d in [1, 3, 5] {
        for seed in 0..5 {
            let p = puzzle(&format!("fourstep:SEED-{seed}-T128-B16-D{d}-g1"));
            let course = p.course().clone();
            let presses = solve_course(&course).unwrap().presses;
            for i in 0..presses.len() {
                for moved in [presses[i] - SHIFT_TICKS, presses[i] + SHIFT_TICKS] {
                    let mut shifted = presses.clone();
                    shifted[i] = moved;
                    let r = replay_tape(&course, &tape_of(&shifted)).unwrap();
                    assert!(
                        r.ending.won && r.ending.reason.contains("0 hits"),
                        "seed {seed} D{d} press {i} at {moved}: {}",
                        r.ending.reason
                    );
                }
            }
        }
    }
}

/// Some press timings clear the true hitboxes but not the enlarged ones: the verifier is
/// strictly stricter than the game, never looser.
#[test]
fn margins_make_the_verifier_stricter_than_the_game() {
    let mut course = Course::new(128, 4);
    course.levels = vec![0; 64];
    course.push_obstacle(Obstacle::Mole {
        cell: 30,
        level: 0,
        period: 2,
        phase: 1,
    });
    let end = course.end_tick();
    let (mut game_only, mut both) = (0, 0);
    for p in 0..end - 60 {
        let game = solver::run(&course, 0, end, Hero::START, &[p], Rules::Game).is_some();
        let verifier = solver::run(&course, 0, end, Hero::START, &[p], Rules::Solver).is_some();
        assert!(
            game || !verifier,
            "press {p}: the verifier passes what the game does not"
        );
        game_only += u32::from(game && !verifier);
        both += u32::from(game && verifier);
    }
    assert!(
        game_only > 0 && both > 0,
        "game-only {game_only}, both {both}"
    );
    // Across generated courses: shifts that the game survives but the verifier rejects.
    let p = puzzle("fourstep:SEED-1-T128-B16-D4-g1");
    let course = p.course().clone();
    let presses = solve_course(&course).unwrap().presses;
    let end = course.end_tick();
    let mut stricter = 0;
    for i in 0..presses.len() {
        for s in 2..=12 {
            let mut moved = presses.clone();
            moved[i] += s;
            if moved.get(i + 1).is_some_and(|&n| n <= moved[i]) {
                break;
            }
            let game = solver::run(&course, 0, end, Hero::START, &moved, Rules::Game);
            let verifier = solver::run(&course, 0, end, Hero::START, &moved, Rules::Solver);
            assert!(game.is_some() || verifier.is_none());
            stricter += u32::from(game.is_some() && verifier.is_none());
        }
    }
    assert!(stricter > 0);
}

#[test]
fn higher_difficulty_has_smaller_median_windows() {
    let mut medians = Vec::new();
    for d in 1..=5 {
        let mut all = Vec::new();
        for seed in 0..60 {
            let r = record(&format!("fourstep:SEED-{seed}-T128-B16-D{d}-g1"));
            all.extend(
                r["windows_ms"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_u64().unwrap()),
            );
        }
        all.sort_unstable();
        medians.push(all[all.len() / 2]);
    }
    assert!(
        medians.windows(2).all(|w| w[0] >= w[1]),
        "medians by difficulty: {medians:?}"
    );
    assert!(medians[0] > medians[4], "{medians:?}");
}

#[test]
fn grade_and_report_carry_windows() {
    let rec = record("fourstep:SEED-5-T128-B8-D3-g1");
    let g = GENRE.grade(&rec).unwrap();
    assert_eq!(g.score as u64, rec["tightest_ms"].as_u64().unwrap());
    assert!(g.level.starts_with("tightest "));
    assert!((1..=5).contains(&g.rank));
    let report = GENRE.solve_report(&rec, OPTS).unwrap().to_json();
    assert_eq!(report["windows_ms"], rec["windows_ms"]);
    assert!(report["par"].as_i64().unwrap() > 0);
    let text = GENRE.render_text(&rec, None, true).unwrap();
    assert!(text.contains('^') && text.contains('#'), "{text}");
    let svg = GENRE.render_svg(&rec, true).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("<polyline") && svg.ends_with("</svg>\n"));
    assert!(!GENRE.render_svg(&rec, false).unwrap().contains("<polyline"));
}

#[test]
fn bad_tapes_get_clear_errors() {
    let rec = record("fourstep:SEED-2-T128-B4-D2-g1");
    let err = |text: &str| {
        GENRE
            .decode_state(&rec, text)
            .and_then(|t| GENRE.check(&rec, &t))
            .unwrap_err()
    };
    let e = err("1.zzzzP0");
    assert_eq!(e.kind(), ErrorKind::InvalidState);
    assert!(e.message().contains("past the end"), "{e}");
    assert!(err("1.5P1").message().contains("button 0"));
    assert!(err("banana").message().contains("tape"));
    let bad_json =
        r#"{"events":[{"tick":9,"action":{"press":0}},{"tick":3,"action":{"press":0}}]}"#;
    assert!(
        err(bad_json).message().contains("event 1"),
        "{}",
        err(bad_json)
    );
    assert!(
        GENRE
            .decode_state(&rec, r#"{"events":[{"tick":1.5,"action":{"press":0}}]}"#)
            .is_err()
    );
    assert!(
        GENRE
            .decode_state(&rec, r#"{"events":[{"tick":NaN,"action":{"press":0}}]}"#)
            .is_err()
    );
    let lost = GENRE.decode_state(&rec, "1").unwrap();
    let v = GENRE.check(&rec, &lost).unwrap();
    assert!(!v.solved);
    assert!(v.problems[0].contains("tick"), "{v:?}");
}

#[test]
fn bad_params_and_courses_get_clear_errors() {
    for (flags, says) in [
        (vec![("bpm", "0")], "tempo 0"),
        (vec![("bpm", "10000")], "tempo 10000"),
        (vec![("bars", "0")], "0 bars"),
        (vec![("bars", "100000")], "100000 bars"),
        (vec![("bpm", "NaN")], "whole number"),
    ] {
        let e = GENRE.params_from_flags(&flags).unwrap_err();
        assert!(e.message().contains(says), "{flags:?}: {e}");
    }
    let mut rec = record("fourstep:SEED-2-T128-B4-D2-g1");
    rec["ground"] = json!("0".repeat(63) + "x");
    assert!(
        GENRE
            .check(&rec, &json!({"events": []}))
            .unwrap_err()
            .message()
            .contains("cell 63")
    );
    let mut rec = record("fourstep:SEED-2-T128-B4-D2-g1");
    rec["obstacles"] = json!([{"kind": "runner", "from": 5, "to": 5000, "level": 0, "phase": 0}]);
    assert!(
        GENRE
            .solve_report(&rec, OPTS)
            .unwrap_err()
            .message()
            .contains("obstacle 0")
    );
    rec["obstacles"] = json!([{"kind": "mole", "cell": 5, "level": 0, "period": 0, "phase": 0}]);
    assert!(GENRE.grade(&rec).is_err());
    rec["bpm"] = json!(f64::NAN);
    assert!(GENRE.grade(&rec).is_err());
    assert!(GENRE.decode("{\"bpm\":NaN}").is_err());
}

#[test]
fn the_verdict_carries_the_replayed_score_and_the_sim_serves_the_page() {
    let rec = record("fourstep:SEED-4-T128-B6-D3-g1");
    let tape = GENRE
        .decode_state(&rec, rec["tape"].as_str().unwrap())
        .unwrap();
    let v = GENRE.check(&rec, &tape).unwrap();
    let score = v.score.expect("arcade verdicts carry a score");
    assert!(v.solved && score.higher_is_better && score.unit == "points");
    assert_eq!(score.ticks, 6 * 96);
    assert!(
        score.value >= 10 * 6 * 16,
        "at least the distance: {}",
        score.value
    );
    assert_eq!(score.tick_hash.len(), 16);
    let report = GENRE.solve_report(&rec, OPTS).unwrap().to_json();
    assert_eq!(report["score"], json!(score.value));

    let mut sim = GENRE.simulate(&rec).unwrap();
    assert_eq!(
        sim.ticks_per_second(),
        51,
        "128 BPM x 24 / 60 = 51.2, rounded"
    );
    let e = sim
        .input(&dayseed_core::arcade::Action::Press(1))
        .unwrap_err();
    assert!(e.message().contains("Press(1)"), "{e}");
    let before = sim.view();
    sim.input(&dayseed_core::arcade::Action::Press(0)).unwrap();
    for _ in 0..5 {
        sim.step();
    }
    let after = sim.view();
    assert_eq!(after["tick"], json!(5));
    assert!(after["hero"]["y"].as_f64().unwrap() > before["hero"]["y"].as_f64().unwrap());
    assert!(after["ground"].as_array().unwrap().len() == 32);
    assert!(sim.ending().is_none() && !sim.awaiting_input());
}
