//! The [`Genre`] implementation that plugs Starlink into dayseed.

use dayseed_core::genre::unsupported_version;
use dayseed_core::{
    Board, Budget, Capabilities, Count, Error, Genre, GenreKind, Hint, RecordFormat, Result,
    SolveOptions, Source, Verdict, Version, VersionInfo,
};
use serde_json::json;

use crate::difficulty::Difficulty;
use crate::generate::{generate, seed32};
use crate::hint::describe;
use crate::puzzle::{Puzzle, State};
use crate::versions::{G1, VERSIONS};
use crate::{format, hint, render};

/// The Starlink genre.
#[derive(Debug, Clone, Copy)]
pub struct Starlink;

/// The difficulty of a daily when none is asked for.
pub const DAILY_DEFAULT: Difficulty = Difficulty::Normal;

impl Genre for Starlink {
    const NAME: &'static str = "starlink";
    type Params = Difficulty;
    type Puzzle = Puzzle;
    type State = State;

    fn versions(&self) -> &'static [VersionInfo] {
        &VERSIONS
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            kind: GenreKind::Logic,
            unique_solutions: true,
            count_solutions: true,
            grade: false,
            hint: true,
            svg: true,
            records: RecordFormat::Lines,
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

    fn generate(
        &self,
        version: Version,
        source: &Source,
        params: &Difficulty,
    ) -> Result<Board<Puzzle>> {
        if version != G1 {
            return Err(unsupported_version(Self::NAME, version, &VERSIONS));
        }
        let seed = seed32(source)?;
        let generated = generate(seed, *params)?;
        Ok(Board {
            seed: u64::from(seed),
            puzzle: generated.puzzle,
            attempts: generated.attempts,
            fallback: generated.fallback,
        })
    }

    fn validate(&self, puzzle: &Puzzle) -> Result<()> {
        puzzle.validate()
    }

    fn canonical_content(&self, puzzle: &Puzzle) -> String {
        format::canonical_content(puzzle)
    }

    fn without_solution(&self, puzzle: &Puzzle) -> Puzzle {
        Puzzle {
            solution: None,
            ..puzzle.clone()
        }
    }

    fn count_solutions(&self, puzzle: &Puzzle, limit: u64, budget: &mut Budget) -> Result<Count> {
        Ok(crate::solver::solve(&puzzle.model(), &[], limit, 0, budget).count)
    }

    fn solve_report(&self, puzzle: &Puzzle, options: SolveOptions) -> Result<serde_json::Value> {
        let mut budget = Budget::new(options.budget);
        let out = crate::solver::solve(&puzzle.model(), &[], 2, 1, &mut budget);
        let mut report = serde_json::Map::new();
        let solutions = match out.count {
            Count::Exactly(n) | Count::AtLeast(n) => n,
            Count::BudgetExhausted => out.solutions.len() as u64,
        };
        report.insert("solutions".into(), json!(solutions));
        report.insert("unique".into(), json!(out.count.is_unique()));
        if let Some(s) = out.solutions.first() {
            report.insert("solution".into(), json!(s));
        }
        if out.count == Count::BudgetExhausted {
            report.insert("budget_exhausted".into(), json!(true));
        }
        Ok(serde_json::Value::Object(report))
    }

    fn hint(&self, puzzle: &Puzzle, state: &State) -> Result<Hint> {
        hint::hint(&puzzle.model(), &state.lines)
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
                        describe(&model, c),
                        describe(&model, l)
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
            (None, true) => puzzle.solution.clone().unwrap_or_default(),
            (None, false) => Vec::new(),
        };
        render::text(puzzle, &lines)
    }

    fn render_svg(&self, puzzle: &Puzzle, show_solution: bool) -> Result<String> {
        Ok(render::svg(puzzle, show_solution))
    }
}
