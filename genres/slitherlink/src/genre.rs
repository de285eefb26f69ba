//! The [`Genre`] implementation: glue between the typed contract and this crate's modules.

use dayseed_core::{
    Budget, Capabilities, Count, Error, Generator, Genre, GenreKind, Grade, Hint, RecordFormat,
    Result, SolveOptions, Verdict,
};
use serde_json::json;

use crate::check::verdict;
use crate::grid::Grid;
use crate::model::{ON, Puzzle, State, UNKNOWN, check_edges, edges_to_states, solution_edges};
use crate::params::{self, Params};
use crate::solver::Solver;
use crate::{format, grade, hint, render};

/// The Slitherlink genre.
#[derive(Debug, Clone, Copy)]
pub struct Slitherlink;

/// Node budget for solving a puzzle's answer when it is not stored (render, hints).
const ANSWER_NODES: u64 = 20_000_000;

fn answer(g: &Grid, p: &Puzzle) -> Option<Vec<u8>> {
    if let Some(sol) = &p.solution {
        return Some(edges_to_states(g, sol));
    }
    let mut budget = Budget::new(ANSWER_NODES);
    let out = Solver::new(g, &p.clue_array()).count(2, &mut budget);
    (out.count == Count::Exactly(1))
        .then_some(out.first)
        .flatten()
}

impl Genre for Slitherlink {
    const NAME: &'static str = "slitherlink";
    type Params = Params;
    type Puzzle = Puzzle;
    type State = State;

    fn generators(&self) -> &'static [Generator<Slitherlink>] {
        &crate::generator::GENERATORS
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            kind: GenreKind::Logic,
            unique_solutions: true,
            count_solutions: true,
            grade: true,
            hint: true,
            svg: true,
            records: RecordFormat::Blocks,
        }
    }

    fn parse_params(&self, text: &str) -> Result<Params> {
        Params::parse(text)
    }

    fn format_params(&self, params: &Params) -> String {
        params.format()
    }

    fn params_from_flags(&self, flags: &[(&str, &str)]) -> Result<Params> {
        params::from_flags(flags)
    }

    fn daily_params(&self, difficulty: Option<&str>) -> Result<Params> {
        let level = match difficulty {
            Some(d) => params::parse_level(d)?,
            None => params::DEFAULT_LEVEL,
        };
        Params::new(params::DEFAULT_SIDE, params::DEFAULT_SIDE, level)
    }

    fn validate(&self, puzzle: &Puzzle) -> Result<()> {
        puzzle.check()
    }

    fn canonical_content(&self, p: &Puzzle) -> String {
        let mut s = format!("{}x{}\nclues:{}\n", p.width, p.height, p.clues.join("/"));
        if let Some(sol) = &p.solution {
            s.push_str(&format!("h:{}\nv:{}\n", sol.h.join("/"), sol.v.join("/")));
        }
        if let Some(d) = p.difficulty {
            s.push_str(&format!("difficulty:{d}\n"));
        }
        s
    }

    fn without_solution(&self, p: &Puzzle) -> Puzzle {
        Puzzle {
            solution: None,
            ..p.clone()
        }
    }

    fn count_solutions(&self, p: &Puzzle, limit: u64, budget: &mut Budget) -> Result<Count> {
        let (w, h) = p.size();
        let g = Grid::new(w, h);
        Ok(Solver::new(&g, &p.clue_array()).count(limit, budget).count)
    }

    fn solve_report(&self, p: &Puzzle, options: SolveOptions) -> Result<serde_json::Value> {
        let (w, h) = p.size();
        let g = Grid::new(w, h);
        let clues = p.clue_array();
        let mut budget = Budget::new(options.budget);
        let out = Solver::new(&g, &clues).count(2, &mut budget);
        let mut report = json!({
            "width": w,
            "height": h,
            "solutions": out.count.zero_one_many(),
            "nodes": budget.spent(),
        });
        if out.count == Count::BudgetExhausted {
            report["budget_exhausted"] = json!(true);
        }
        if let Some(first) = &out.first {
            report["solution"] = serde_json::to_value(solution_edges(&g, first))
                .map_err(|e| Error::puzzle(format!("cannot encode the solution: {e}")))?;
        }
        if out.count.is_unique() && options.grade {
            let (grade, capped) = grade::grade_capped(&g, &clues);
            if capped {
                report["grade_capped"] = json!(true);
            }
            report["difficulty"] = json!(grade.rank);
            report["solved_by_logic"] = json!(grade.solved_by_logic);
            report["techniques"] = serde_json::to_value(&grade.techniques)
                .map_err(|e| Error::puzzle(format!("cannot encode the grade: {e}")))?;
        }
        Ok(report)
    }

    fn grade(&self, p: &Puzzle) -> Result<Grade> {
        let (w, h) = p.size();
        Ok(grade::grade_capped(&Grid::new(w, h), &p.clue_array()).0)
    }

    fn hint(&self, p: &Puzzle, state: &State) -> Result<Hint> {
        let (w, h) = p.size();
        let g = Grid::new(w, h);
        let marks = edges_to_states(&g, state);
        let stored = p.solution.as_ref().map(|s| edges_to_states(&g, s));
        hint::hint(&g, &p.clue_array(), &marks, stored)
    }

    fn check(&self, p: &Puzzle, state: &State) -> Result<Verdict> {
        let (w, h) = p.size();
        let g = Grid::new(w, h);
        Ok(verdict(&g, &p.clue_array(), &edges_to_states(&g, state)))
    }

    fn encode(&self, p: &Puzzle) -> String {
        format::encode(p)
    }

    /// Our rows of clues, or a puzz.link URL / Loopy game id (see [`crate::interchange`]).
    fn decode(&self, text: &str) -> Result<Puzzle> {
        if crate::interchange::is_foreign(text) {
            crate::interchange::decode_foreign(text)
        } else {
            format::decode(text)
        }
    }

    fn validate_state(&self, p: &Puzzle, state: &State) -> Result<()> {
        let (w, h) = p.size();
        check_edges("state", state, w, h, |b| {
            matches!(b, b'1' | b'x' | b'X' | b'0' | b'.')
        })
        .map_err(|e| Error::state(e.message()))
    }

    fn render_text(&self, p: &Puzzle, state: Option<&State>, show_solution: bool) -> String {
        let (w, h) = p.size();
        let g = Grid::new(w, h);
        let marks = if show_solution {
            // The answer shows its lines only (no crosses).
            answer(&g, p).map(|a| {
                a.into_iter()
                    .map(|s| if s == ON { ON } else { UNKNOWN })
                    .collect::<Vec<u8>>()
            })
        } else {
            state.map(|s| edges_to_states(&g, s))
        };
        render::text(&g, &p.clue_array(), marks.as_deref())
    }

    fn render_svg(&self, p: &Puzzle, show_solution: bool) -> Result<String> {
        let (w, h) = p.size();
        let g = Grid::new(w, h);
        let sol = if show_solution { answer(&g, p) } else { None };
        Ok(render::svg(&g, &p.clue_array(), sol.as_deref()))
    }
}
