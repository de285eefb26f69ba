//! The genre through the registry's JSON interface, as the CLI, server and wasm use it: ids,
//! params, the solver's tape replayed by `check`, bad tapes and bad runs refused by name.

use dayseed_core::arcade::{Tape, replay};
use dayseed_core::{DynGenre, ErrorKind, SolveOptions};
use dayseed_flip::GENRE;
use serde_json::{Value, json};

fn gen_record(id: &str) -> Value {
    GENRE.generate(&id.parse().unwrap()).unwrap().to_flat_json()
}

fn puzzle(id: &str) -> Value {
    GENRE.generate(&id.parse().unwrap()).unwrap().puzzle
}

const OPTS: SolveOptions = SolveOptions {
    grade: false,
    budget: 1_000_000,
};

#[test]
fn gen_lines_carry_the_issue_fields() {
    let r = gen_record("flip:SEED-42-ENDLESS-g1");
    assert_eq!(r["run_seed"], json!(format!("{:016x}", 42)));
    let obstacles = r["obstacles"].as_array().unwrap();
    assert_eq!(obstacles.len(), 16);
    assert!(!r["taps"].as_array().unwrap().is_empty());
    let public = GENRE
        .without_solution(&puzzle("flip:SEED-42-ENDLESS-g1"))
        .unwrap();
    assert!(public.get("taps").is_none());
    for key in [
        "distance", "req", "gap", "speed", "flipped", "side", "length",
    ] {
        assert!(obstacles[0].get(key).is_some(), "missing {key}: {r}");
    }
    let daily = gen_record("flip:DAILY-utc-v1-20671-ENDLESS-g1");
    assert_eq!(daily["seed"], json!(dayseed_core::seed::daily_seed(20_671)));
    assert_eq!(GENRE.daily_params(None).unwrap(), "ENDLESS");
    assert_eq!(
        GENRE.params_from_flags(&[("mode", "endless")]).unwrap(),
        "ENDLESS"
    );
    assert!(GENRE.params_from_flags(&[("level", "3")]).is_err());
}

#[test]
fn generation_is_deterministic_and_seeds_differ() {
    let a = gen_record("flip:SEED-7-ENDLESS-g1");
    let b = gen_record("flip:SEED-7-ENDLESS-g1");
    assert_eq!(a, b);
    assert_ne!(a["digest"], gen_record("flip:SEED-8-ENDLESS-g1")["digest"]);
}

#[test]
fn the_solvers_tape_replays_to_its_score() {
    let p = puzzle("flip:SEED-3-ENDLESS-g1");
    let report = GENRE.solve_report(&p, OPTS).unwrap().to_json();
    assert_eq!(report["status"], json!("solved"), "{report}");
    let tape = report["tape"].as_str().unwrap();
    let state = GENRE.decode_state(&p, tape).unwrap();
    let verdict = GENRE.check(&p, &state).unwrap();
    assert!(verdict.solved, "{verdict:?}");
    let par = report["par"].as_i64().unwrap();
    assert_eq!(report["score"]["value"].as_i64().unwrap(), par);
    assert!(par > 25_000, "30 minutes at 8 to 20 m/s: {par}");
    let grade = GENRE.grade(&p).unwrap();
    assert_eq!(grade.level, format!("par {par} m"));
}

#[test]
fn a_cut_tape_crashes_scores_its_distance_and_says_where() {
    let p = puzzle("flip:SEED-3-ENDLESS-g1");
    let report = GENRE.solve_report(&p, OPTS).unwrap().to_json();
    let par = report["par"].as_i64().unwrap();
    let full = report["tape"].as_str().unwrap();
    // Keep the first 20 taps only: the run is scored where it crashes, short of par.
    let cut = full.split('.').take(21).collect::<Vec<_>>().join(".");
    let state = GENRE.decode_state(&p, &cut).unwrap();
    let verdict = GENRE.check(&p, &state).unwrap();
    assert!(
        verdict.solved,
        "a crash ends and scores the run: {verdict:?}"
    );
    let score = verdict.score.unwrap();
    assert!(score.value > 100 && score.value < par, "{score:?}");
    assert_eq!(score.unit, "m");
    // Where it crashed: the ending of the same replay through the page's/server's simulation.
    let tape = Tape::from_text(&cut).unwrap();
    let mut sim = GENRE.simulate(&p).unwrap();
    let replayed = replay(sim.as_mut(), &tape, 300_000).unwrap();
    assert_eq!(replayed.ending.score.value, score.value);
    assert!(
        replayed.ending.reason.contains("crashed into obstacle"),
        "{:?}",
        replayed.ending
    );
    let drawn = GENRE.render_text(&p, Some(&state), false).unwrap();
    assert!(
        drawn.contains("crashed into obstacle") || score.value > 200,
        "{drawn}"
    );
    // No taps at all: the first obstacle that asks for the right wall ends the run.
    let mut sim = GENRE.simulate(&p).unwrap();
    let replayed = replay(sim.as_mut(), &Tape::default(), 300_000).unwrap();
    assert!(
        replayed.ending.reason.contains("requires right"),
        "{replayed:?}"
    );
}

#[test]
fn bad_tapes_get_clear_errors() {
    let p = puzzle("flip:SEED-3-ENDLESS-g1");
    let check = |state: Value| GENRE.check(&p, &state).unwrap_err();
    let e = check(json!({"events": [{"tick": 5, "action": {"press": 0}},
                                    {"tick": 2, "action": {"press": 0}}]}));
    assert_eq!(e.kind(), ErrorKind::InvalidState);
    assert!(e.message().contains("event 1"), "{e}");
    let e = check(json!({"events": [{"tick": 300000, "action": {"press": 0}}]}));
    assert!(e.message().contains("past the run's end"), "{e}");
    let e = check(json!({"events": [{"tick": 1, "action": {"press": 2}}]}));
    assert!(e.message().contains("button 2"), "{e}");
    let e =
        check(json!({"events": [{"tick": 1, "action": {"aim": {"x": 1, "y": 0, "power": 3}}}]}));
    assert!(e.message().contains("no aim"), "{e}");
    assert!(GENRE.decode_state(&p, "1.zzzzzzzzzzP0").is_err());
    assert!(GENRE.decode_state(&p, "{not json").is_err());
}

#[test]
fn bad_runs_and_versions_are_refused_by_name() {
    let mut p = puzzle("flip:SEED-3-ENDLESS-g1");
    p["run_seed"] = json!("xyz");
    assert!(GENRE.digest(&p).unwrap_err().message().contains("run_seed"));
    let mut p = puzzle("flip:SEED-3-ENDLESS-g1");
    p["obstacles"][2]["gap"] = json!(0.5);
    let e = GENRE.digest(&p).unwrap_err();
    assert!(e.message().contains("preview obstacle 2"), "{e}");
    let mut p = puzzle("flip:SEED-3-ENDLESS-g1");
    p["taps"][0] = json!(1);
    let e = GENRE.digest(&p).unwrap_err();
    assert!(e.message().contains("taps do not match"), "{e}");
    let mut p = puzzle("flip:SEED-3-ENDLESS-g1");
    p["generator"] = json!("g7");
    assert!(GENRE.digest(&p).unwrap_err().message().contains("g7"));
    let e = GENRE
        .generate(&"flip:SEED-3-ENDLESS-g2".parse().unwrap())
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnsupportedVersion);
    assert!(GENRE.decode("g1 ENDLESS 12").is_err());
    assert!(GENRE.decode("g2 ENDLESS 0000000000000003").is_err());
}

#[test]
fn text_form_and_drawings() {
    let p = puzzle("flip:SEED-3-ENDLESS-g1");
    let text = GENRE.encode(&p).unwrap();
    assert_eq!(text, "g1 ENDLESS 0000000000000003\n");
    assert_eq!(
        GENRE.decode(&text).unwrap(),
        GENRE.without_solution(&p).unwrap()
    );
    let strip = GENRE.render_text(&p, None, true).unwrap();
    assert!(strip.contains('#') && strip.contains('>'), "{strip}");
    assert!(
        !strip.contains('X'),
        "the solver's path never overlaps a block:\n{strip}"
    );
    let svg = GENRE.render_svg(&p, true).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("polyline"));
}

/// The step function is part of g1: a change that moves any tick of a recorded run shows up here
/// (and in the native/wasm parity check, which compares the same hashes).
#[test]
fn recorded_runs_replay_to_pinned_tick_hashes() {
    let mut got = Vec::new();
    for id in [
        "flip:SEED-3-ENDLESS-g1",
        "flip:DAILY-utc-v1-20671-ENDLESS-g1",
    ] {
        let p = puzzle(id);
        let tape = GENRE.solve_report(&p, OPTS).unwrap().to_json()["tape"]
            .as_str()
            .unwrap()
            .to_string();
        let state = GENRE.decode_state(&p, &tape).unwrap();
        let score = GENRE.check(&p, &state).unwrap().score.unwrap();
        got.push((score.value, score.ticks, score.tick_hash));
    }
    assert_eq!(got, PINNED.map(|(v, t, h)| (v, t, h.to_string())));
}

/// Distance, ticks and folded tick hash of the simulated player's whole 30-minute run on each id.
const PINNED: [(i64, u32, &str); 2] = [
    (31_559, 216_000, "8f06f96f4124536b"),
    (31_559, 216_000, "300b74ab7283964d"),
];
