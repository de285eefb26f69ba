//! The [`Genre`] implementation: glue between the typed contract and this crate's modules.

use dayseed_core::{
    Budget, Capabilities, Count, Error, Flag, FlagValue, Generator, Genre, GenreKind, Grade, Hint,
    Label, LabelSpec, Labels, RecordFormat, Result, SolveOptions, SolveReport, SolveStatus,
    Verdict,
};

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
    if let Some(sol) = p.solution() {
        return Some(sol.to_vec());
    }
    let mut budget = Budget::new(ANSWER_NODES);
    let out = Solver::new(g, p.clues()).count(2, &mut budget);
    (out.count == Count::Exactly(1))
        .then_some(out.first)
        .flatten()
}

impl Genre for Slitherlink {
    const NAME: &'static str = "slitherlink";
    const TITLE: &'static str = "Slitherlink";
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

    fn flags(&self) -> &'static [Flag] {
        const FLAGS: &[Flag] = &[
            Flag::new(
                "grid-size",
                FlagValue::Number,
                "slitherlink: a square NxN grid",
                Some("10"),
            ),
            Flag::new(
                "width",
                FlagValue::Number,
                "slitherlink: grid width",
                Some("10"),
            ),
            Flag::new(
                "height",
                FlagValue::Number,
                "slitherlink: grid height",
                Some("10"),
            ),
            Flag::new("size", FlagValue::Size, "slitherlink: grid size WxH", None),
            Flag::new(
                "level",
                FlagValue::Text,
                "slitherlink: level 1..10, L6, or a Loopy name",
                Some("6"),
            ),
            Flag::new(
                "difficulty",
                FlagValue::Text,
                "slitherlink: the same as --level",
                None,
            ),
        ];
        FLAGS
    }

    fn label_specs(&self) -> &'static [LabelSpec] {
        const LABELS: &[LabelSpec] = &[
            LabelSpec::new(Label::Difficulty, "the graded level, 1..10"),
            LabelSpec::new(Label::Size, "the grid's WxH"),
        ];
        LABELS
    }

    fn labels(&self, params: &Params, puzzle: &Puzzle) -> Labels {
        let level = puzzle.difficulty().unwrap_or(u32::from(params.level));
        Labels {
            difficulty: Some(level.to_string()),
            size: Some(dayseed_core::declare::size_label(
                puzzle.width(),
                puzzle.height(),
            )),
        }
    }

    fn validate(&self, puzzle: &Puzzle) -> Result<()> {
        puzzle.check()
    }

    fn canonical_content(&self, p: &Puzzle) -> String {
        let (w, h) = p.size();
        let mut s = format!("{w}x{h}\nclues:{}\n", p.clue_rows().join("/"));
        if let Some(sol) = p.solution_rows() {
            s.push_str(&format!("h:{}\nv:{}\n", sol.h.join("/"), sol.v.join("/")));
        }
        if let Some(d) = p.difficulty() {
            s.push_str(&format!("difficulty:{d}\n"));
        }
        s
    }

    fn without_solution(&self, p: &Puzzle) -> Puzzle {
        p.without_solution()
    }

    fn count_solutions(&self, p: &Puzzle, limit: u64, budget: &mut Budget) -> Result<Count> {
        Ok(Solver::new(p.grid(), p.clues()).count(limit, budget).count)
    }

    /// Counts solutions up to 2; `solution` is the loop's edges (the first found), `nodes` the
    /// search nodes. Besides: `width`, `height`, `solutions` (0, 1, 2 = two or more, `null` when
    /// the budget ran out), `budget_exhausted` (only when true), and for a graded unique puzzle
    /// the grade's `difficulty`, `solved_by_logic`, `techniques` and `grade_capped` (only when
    /// true) written out flat as before.
    fn solve_report(&self, p: &Puzzle, options: SolveOptions) -> Result<SolveReport> {
        let (w, h) = p.size();
        let g = p.grid();
        let clues = p.clues();
        let mut budget = Budget::new(options.budget);
        let out = Solver::new(g, clues).count(2, &mut budget);
        let mut report = SolveReport::new(SolveStatus::from_count(out.count))
            .with_nodes(budget.spent())
            .detail("width", w)
            .detail("height", h)
            .detail("solutions", out.count.zero_one_many());
        if out.count == Count::BudgetExhausted {
            report = report.detail("budget_exhausted", true);
        }
        if let Some(first) = &out.first {
            let edges = serde_json::to_value(solution_edges(g, first))
                .map_err(|e| Error::puzzle(format!("cannot encode the solution: {e}")))?;
            report = report.with_solution(edges);
        }
        if out.count.is_unique() && options.grade {
            let (grade, capped) = grade::grade_capped(g, clues);
            if capped {
                report = report.detail("grade_capped", true);
            }
            let techniques = serde_json::to_value(&grade.techniques)
                .map_err(|e| Error::puzzle(format!("cannot encode the grade: {e}")))?;
            report = report
                .detail("difficulty", grade.rank)
                .detail("solved_by_logic", grade.solved_by_logic)
                .detail("techniques", techniques)
                .with_grade(Some(grade));
        }
        Ok(report)
    }

    fn grade(&self, p: &Puzzle) -> Result<Grade> {
        Ok(grade::grade_capped(p.grid(), p.clues()).0)
    }

    fn hint(&self, p: &Puzzle, state: &State) -> Result<Hint> {
        let g = p.grid();
        let marks = edges_to_states(g, state);
        hint::hint(g, p.clues(), &marks, p.solution().map(<[u8]>::to_vec))
    }

    fn check(&self, p: &Puzzle, state: &State) -> Result<Verdict> {
        let g = p.grid();
        Ok(verdict(g, p.clues(), &edges_to_states(g, state)))
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
        let g = p.grid();
        let marks = if show_solution {
            // The answer shows its lines only (no crosses).
            answer(g, p).map(|a| {
                a.into_iter()
                    .map(|s| if s == ON { ON } else { UNKNOWN })
                    .collect::<Vec<u8>>()
            })
        } else {
            state.map(|s| edges_to_states(g, s))
        };
        render::text(g, p.clues(), marks.as_deref())
    }

    fn render_svg(&self, p: &Puzzle, show_solution: bool) -> Result<String> {
        let g = p.grid();
        let sol = if show_solution { answer(g, p) } else { None };
        Ok(render::svg(g, p.clues(), sol.as_deref()))
    }
}
