//! The [`Genre`] implementation that plugs Starlink into dayseed.

use dayseed_core::{
    Budget, Capabilities, Count, Error, Flag, FlagValue, Generator, Genre, Hint, Label, LabelSpec,
    Labels, Result, SolveOptions, SolveReport, SolveStatus, Verdict,
};
use serde_json::json;

use crate::difficulty::Difficulty;
use crate::hint::describe;
use crate::puzzle::{Puzzle, State};
use crate::{format, hint, render};

/// The Starlink genre.
#[derive(Debug, Clone, Copy)]
pub struct Starlink;

/// The difficulty of a daily when none is asked for.
pub const DAILY_DEFAULT: Difficulty = Difficulty::Normal;

impl Genre for Starlink {
    const NAME: &'static str = "starlink";
    const TITLE: &'static str = "Starlink";
    type Params = Difficulty;
    type Puzzle = Puzzle;
    type State = State;

    fn generators(&self) -> &'static [Generator<Starlink>] {
        &crate::generator::GENERATORS
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            count_solutions: true,
            hint: true,
            svg: true,
            ..Capabilities::logic()
        }
    }

    fn parse_params(&self, text: &str) -> Result<Difficulty> {
        Difficulty::parse(text)
    }

    fn format_params(&self, params: &Difficulty) -> String {
        params.name().to_string()
    }

    fn params_from_flags(&self, flags: &[(&str, &str)]) -> Result<Difficulty> {
        let mut difficulty = DAILY_DEFAULT;
        for &(name, value) in flags {
            match name {
                "difficulty" => difficulty = Difficulty::parse(value)?,
                other => {
                    let shown: String = other.chars().take(40).collect();
                    return Err(Error::params(format!(
                        "starlink does not take --{shown}; it takes --difficulty"
                    )));
                }
            }
        }
        Ok(difficulty)
    }

    fn daily_params(&self, difficulty: Option<&str>) -> Result<Difficulty> {
        difficulty.map_or(Ok(DAILY_DEFAULT), Difficulty::parse)
    }

    fn flags(&self) -> &'static [Flag] {
        const FLAGS: &[Flag] = &[Flag::new(
            "difficulty",
            FlagValue::Text,
            "starlink: EASY, NORMAL, HARD or EXPERT (sets the board size too)",
            Some("NORMAL"),
        )];
        FLAGS
    }

    fn label_specs(&self) -> &'static [LabelSpec] {
        const LABELS: &[LabelSpec] = &[
            LabelSpec::new(Label::Difficulty, "the difficulty, EASY..EXPERT"),
            LabelSpec::new(Label::Size, "the board's WxH in cells"),
        ];
        LABELS
    }

    fn labels(&self, _params: &Difficulty, puzzle: &Puzzle) -> Labels {
        Labels {
            difficulty: Some(puzzle.difficulty.name().to_string()),
            size: Some(dayseed_core::declare::size_label(
                puzzle.width,
                puzzle.height,
            )),
        }
    }

    fn validate(&self, puzzle: &Puzzle) -> Result<()> {
        puzzle.validate()
    }

    fn canonical_content(&self, puzzle: &Puzzle) -> String {
        format::canonical_content(puzzle)
    }

    fn without_solution(&self, puzzle: &Puzzle) -> Puzzle {
        puzzle.without_solution()
    }

    fn count_solutions(&self, puzzle: &Puzzle, limit: u64, budget: &mut Budget) -> Result<Count> {
        Ok(crate::solver::solve(puzzle.model(), &[], limit, 0, budget).count)
    }

    /// Counts solutions up to 2; `solution` is the first found (candidate line indices),
    /// `nodes` the search nodes. Besides: `solutions` (found so far when the budget ran out),
    /// `unique`, and `budget_exhausted` (only when true).
    fn solve_report(&self, puzzle: &Puzzle, options: SolveOptions) -> Result<SolveReport> {
        let mut budget = Budget::new(options.budget);
        let out = crate::solver::solve(puzzle.model(), &[], 2, 1, &mut budget);
        let solutions = match out.count {
            Count::Exactly(n) | Count::AtLeast(n) => n,
            Count::BudgetExhausted => out.solutions.len() as u64,
        };
        let mut report = SolveReport::new(SolveStatus::from_count(out.count))
            .with_nodes(budget.spent())
            .detail("solutions", solutions)
            .detail("unique", out.count.is_unique());
        if let Some(s) = out.solutions.first() {
            report = report.with_solution(json!(s));
        }
        if out.count == Count::BudgetExhausted {
            report = report.detail("budget_exhausted", true);
        }
        Ok(report)
    }

    fn hint(&self, puzzle: &Puzzle, state: &State) -> Result<Hint> {
        hint::hint(puzzle.model(), &state.lines)
    }

    fn check(&self, puzzle: &Puzzle, state: &State) -> Result<Verdict> {
        let model = puzzle.model();
        let mut problems = Vec::new();
        let mut on = vec![false; model.lines.len()];
        for &l in &state.lines {
            for &c in &model.conflicts[l as usize] {
                if on[c as usize] {
                    problems.push(format!(
                        "line {c} ({}) crosses line {l} ({})",
                        describe(model, c),
                        describe(model, l)
                    ));
                }
            }
            on[l as usize] = true;
        }
        let degrees = model.degrees(&state.lines);
        for (s, (&d, &n)) in degrees.iter().zip(&model.numbers).enumerate() {
            if d > u32::from(n) {
                problems.push(format!("star {s} has {d} lines but shows {n}"));
            }
        }
        let complete = degrees
            .iter()
            .zip(&model.numbers)
            .all(|(&d, &n)| d == u32::from(n));
        if complete && problems.is_empty() && !model.connected(&state.lines) {
            problems.push("the lines do not join all stars into one network".into());
        }
        Ok(Verdict {
            score: None,
            solved: complete && problems.is_empty(),
            complete,
            problems,
        })
    }

    fn encode(&self, puzzle: &Puzzle) -> String {
        format::encode(puzzle)
    }

    fn decode(&self, text: &str) -> Result<Puzzle> {
        format::decode(text)
    }

    fn decode_state(&self, _puzzle: &Puzzle, text: &str) -> Result<State> {
        format::decode_state(text)
    }

    fn validate_state(&self, puzzle: &Puzzle, state: &State) -> Result<()> {
        puzzle.validate_state(state)
    }

    fn render_text(&self, puzzle: &Puzzle, state: Option<&State>, show_solution: bool) -> String {
        let lines = match (state, show_solution) {
            (Some(s), _) => s.lines.clone(),
            (None, true) => match &puzzle.solution {
                Some(answer) => answer.clone(),
                None => Vec::new(),
            },
            (None, false) => Vec::new(),
        };
        render::text(puzzle, &lines)
    }

    fn render_svg(&self, puzzle: &Puzzle, show_solution: bool) -> Result<String> {
        Ok(render::svg(puzzle, show_solution))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GENRE;
    use dayseed_core::{DynGenre, HintKind, PuzzleId};

    fn record(id: &str) -> serde_json::Value {
        let id: PuzzleId = id.parse().unwrap();
        GENRE.generate(&id).unwrap().puzzle
    }

    #[test]
    fn params_flags_and_daily_defaults() {
        assert_eq!(GENRE.params_from_flags(&[]).unwrap(), "NORMAL");
        assert_eq!(
            GENRE
                .params_from_flags(&[("difficulty", "expert")])
                .unwrap(),
            "EXPERT"
        );
        assert!(GENRE.params_from_flags(&[("size", "5x5")]).is_err());
        assert_eq!(GENRE.daily_params(None).unwrap(), "NORMAL");
        assert_eq!(GENRE.daily_params(Some("hard")).unwrap(), "HARD");
        assert!(GENRE.canonical_params("expert").is_ok());
        let id: PuzzleId = "starlink:SEED-1-expert-g1".parse().unwrap();
        assert!(GENRE.generate(&id).is_err(), "params must be canonical");
        let id: PuzzleId = "starlink:SEED-1-EXPERT-g4".parse().unwrap();
        let e = GENRE.generate(&id).unwrap_err();
        assert!(e.message().contains("g1, g2, g3"), "{e}");
        assert_eq!(GENRE.current_version(), dayseed_core::Version(3));
    }

    #[test]
    fn generated_record_has_the_documented_fields() {
        let id: PuzzleId = "starlink:DAILY-utc-v1-20671-EXPERT-g3".parse().unwrap();
        let flat = GENRE.generate(&id).unwrap().to_flat_json();
        for key in [
            "id",
            "seed",
            "width",
            "height",
            "difficulty",
            "stars",
            "candidates",
            "solution",
            "unique",
            "solutions",
            "digest",
            "attempts",
        ] {
            assert!(flat.get(key).is_some(), "missing {key}");
        }
        let star = &flat["stars"][0];
        for key in ["x", "y", "number", "gravity"] {
            assert!(star.get(key).is_some(), "star lacks {key}");
        }
        assert_eq!(flat["unique"], true);
        assert_eq!(flat["solutions"], 1);
    }

    #[test]
    fn check_is_by_the_rules_and_solve_reports() {
        let p = record("starlink:SEED-3-NORMAL-g2");
        let answer = p["solution"].clone();
        let state = json!({ "lines": answer });
        let v = GENRE.check(&p, &state).unwrap();
        assert!(v.solved && v.complete && v.problems.is_empty(), "{v:?}");
        // Without the stored answer the same lines still win.
        let bare = GENRE.without_solution(&p).unwrap();
        assert!(bare.get("solution").is_none());
        assert!(GENRE.check(&bare, &state).unwrap().solved);
        // An empty board is neither.
        let v = GENRE.check(&p, &json!({"lines": []})).unwrap();
        assert!(!v.solved && !v.complete);
        let report = GENRE
            .solve_report(
                &bare,
                SolveOptions {
                    grade: false,
                    budget: 150_000,
                },
            )
            .unwrap()
            .to_json();
        assert_eq!(report["solutions"], 1);
        assert_eq!(report["unique"], true);
        assert_eq!(report["solution"], answer);
        let tight = GENRE
            .solve_report(
                &bare,
                SolveOptions {
                    grade: false,
                    budget: 1,
                },
            )
            .unwrap()
            .to_json();
        assert_eq!(tight["budget_exhausted"], true);
        assert_eq!(tight["unique"], false);
    }

    #[test]
    fn crossing_lines_are_reported() {
        let p = record("starlink:SEED-5-EXPERT-g2");
        let puzzle: Puzzle = serde_json::from_value(p.clone()).unwrap();
        let model = puzzle.model();
        let (a, b) = (0..model.lines.len())
            .find_map(|a| model.conflicts[a].first().map(|&b| (a as u32, b)))
            .unwrap();
        let v = GENRE.check(&p, &json!({"lines": [a, b]})).unwrap();
        assert!(!v.solved);
        assert!(v.problems.iter().any(|m| m.contains("crosses")), "{v:?}");
    }

    #[test]
    fn hints_walk_to_the_solution_and_point_at_wrong_lines() {
        let p = record("starlink:SEED-11-HARD-g2");
        let mut lines: Vec<u64> = Vec::new();
        for _ in 0..200 {
            let h = GENRE.hint(&p, &json!({ "lines": lines })).unwrap();
            match h.kind {
                HintKind::Solved => break,
                HintKind::Step => lines.push(h.detail["line"].as_u64().unwrap()),
                other => panic!("unexpected hint {other:?}: {}", h.message),
            }
        }
        assert!(GENRE.check(&p, &json!({ "lines": lines })).unwrap().solved);
        // A line outside the unique solution must be removed.
        let answer: Vec<u64> = serde_json::from_value(p["solution"].clone()).unwrap();
        let wrong = (0..).find(|l| !answer.contains(l)).unwrap();
        let h = GENRE
            .hint(&p, &json!({ "lines": [answer[0], wrong] }))
            .unwrap();
        assert_eq!(h.kind, HintKind::RemoveMark);
        assert_eq!(h.detail["line"], wrong);
    }

    #[test]
    fn text_forms_round_trip_and_render() {
        let p = record("starlink:SEED-2-EASY-g2");
        let text = GENRE.encode(&p).unwrap();
        let back = GENRE.decode(&text).unwrap();
        assert_eq!(back, GENRE.without_solution(&p).unwrap());
        // The whole `gen` line decodes too (extra fields ignored).
        let id: PuzzleId = "starlink:SEED-2-EASY-g2".parse().unwrap();
        let line = GENRE.generate(&id).unwrap().to_flat_json().to_string();
        assert_eq!(GENRE.decode(&line).unwrap(), p);
        assert_eq!(GENRE.digest(&p).unwrap().len(), 64);
        let shown = GENRE.render_text(&p, None, true).unwrap();
        assert!(shown.contains("star 0:") && shown.contains("lines "));
        let svg = GENRE.render_svg(&p, true).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("polyline"));
        let e = GENRE.decode_state(&p, "{\"lines\": [9999]}").unwrap_err();
        assert!(e.message().contains("out of range"), "{e}");
    }
}
