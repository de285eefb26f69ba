//! The [`Genre`] implementation that ties board, solver, generator, hints and text form together.

use dayseed_core::{
    Budget, Capabilities, Count, Error, ErrorKind, Flag, FlagValue, Generator, Genre, GenreKind,
    Grade, Hint, Label, LabelSpec, Labels, RecordFormat, Result, SolveOptions, SolveReport,
    SolveStatus, Verdict,
};
use serde_json::{Value, json};

use crate::board::Board;
use crate::params::Params;
use crate::puzzle::{Puzzle, State, rows_text};
use crate::{format, hint, solver};

/// Lights Out: press a cell to toggle it and its orthogonal neighbours; turn every light off.
#[derive(Debug)]
pub struct LightsOut;

/// The number of solutions, 2^nullity, as JSON: a number like every genre's count (0 when
/// unsolvable, exact up to 2^63); beyond that, where no JSON integer is exact everywhere, the text
/// `"2^k"` (the report's `nullity` is k).
pub fn solutions_json(solvable: bool, nullity: u32) -> Value {
    match (solvable, nullity) {
        (false, _) => Value::from(0u64),
        (true, k) if k < 64 => Value::from(1u64 << k),
        (true, k) => Value::from(format!("2^{k}")),
    }
}

/// The grade of a board whose shortest solution takes `presses` presses.
fn optimal_grade(presses: impl TryInto<u32>) -> Grade {
    let optimal = presses.try_into().unwrap_or(u32::MAX);
    Grade {
        level: format!("optimal {optimal}"),
        rank: optimal.max(1),
        score: f64::from(optimal),
        techniques: Vec::new(),
        solved_by_logic: true,
    }
}

pub(crate) fn pairs(cells: &[(u32, u32)]) -> Vec<[u32; 2]> {
    cells.iter().map(|&(r, c)| [r, c]).collect()
}

impl Genre for LightsOut {
    const NAME: &'static str = "lightsout";
    const TITLE: &'static str = "Lights Out";
    type Params = Params;
    type Puzzle = Puzzle;
    type State = State;

    fn generators(&self) -> &'static [Generator<LightsOut>] {
        &crate::generator::GENERATORS
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            kind: GenreKind::Logic,
            unique_solutions: false,
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
        Params::from_flags(flags)
    }

    fn daily_params(&self, difficulty: Option<&str>) -> Result<Params> {
        Params::daily(difficulty)
    }

    fn flags(&self) -> &'static [Flag] {
        const FLAGS: &[Flag] = &[
            Flag::new(
                "stage",
                FlagValue::Number,
                "lightsout: a stage of the schedule (1..), excludes the size flags",
                Some("7"),
            ),
            Flag::new(
                "difficulty",
                FlagValue::Text,
                "lightsout: EASY (stage 3), MEDIUM (7), HARD (12) or a stage number",
                None,
            ),
            Flag::new(
                "size",
                FlagValue::Size,
                "lightsout: board size WxH (par defaults to W*H*9/25)",
                None,
            ),
            Flag::new(
                "grid-size",
                FlagValue::Number,
                "lightsout: a square NxN board",
                None,
            ),
            Flag::new("width", FlagValue::Number, "lightsout: board width", None),
            Flag::new("height", FlagValue::Number, "lightsout: board height", None),
            Flag::new(
                "par",
                FlagValue::Number,
                "lightsout: distinct presses used to make the board",
                None,
            ),
            Flag::new(
                "optimal",
                FlagValue::Number,
                "lightsout: the fewest presses the board must need (excludes --par)",
                None,
            ),
            Flag::switch("wrap", "lightsout: toroidal wrap-around"),
        ];
        FLAGS
    }

    fn label_specs(&self) -> &'static [LabelSpec] {
        const LABELS: &[LabelSpec] = &[LabelSpec::new(Label::Size, "the board's WxH")];
        LABELS
    }

    fn labels(&self, _params: &Params, puzzle: &Puzzle) -> Labels {
        Labels {
            difficulty: None,
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
        let presses: Vec<String> = p
            .presses
            .iter()
            .flatten()
            .map(|[r, c]| format!("{r},{c}"))
            .collect();
        let num = |v: Option<u32>| v.map_or("-".to_string(), |n| n.to_string());
        format!(
            "{}x{} wrap={}\n{}\npar={} optimal={}\npresses={}",
            p.width(),
            p.height(),
            u8::from(p.wrap()),
            rows_text(p.lights()).join("\n"),
            num(p.par),
            num(p.optimal),
            presses.join(";")
        )
    }

    fn without_solution(&self, puzzle: &Puzzle) -> Puzzle {
        let mut bare = puzzle.clone();
        bare.presses = None;
        bare
    }

    fn count_solutions(&self, puzzle: &Puzzle, limit: u64, budget: &mut Budget) -> Result<Count> {
        let lights = puzzle.lights();
        if !budget.spend_n(lights.cells()) {
            return Ok(Count::BudgetExhausted);
        }
        let a = solver::analyse(lights);
        if !a.solvable() {
            return Ok(Count::Exactly(0));
        }
        Ok(match 1u64.checked_shl(a.nullity) {
            Some(n) if n <= limit => Count::Exactly(n),
            _ => Count::AtLeast(limit),
        })
    }

    /// `{"width","height","wrap","solvable","nullity","solutions","optimal","optimal_exact",
    /// "presses"}`; `solutions` is a number (see [`solutions_json`]); `optimal` and `presses`
    /// (a shortest solution, `[row, col]` row-major) are null when unsolvable.
    /// Solved by linear algebra over GF(2) (no search nodes). `solution` is a shortest press
    /// set; the status is `multiple` when the board has more than one press set (nullity > 0).
    /// Besides: `width`, `height`, `wrap`, `solvable`, `nullity`, `solutions` (2^nullity),
    /// `optimal`, `optimal_exact` and `presses` (the same shortest press set).
    fn solve_report(&self, puzzle: &Puzzle, options: SolveOptions) -> Result<SolveReport> {
        let lights = puzzle.lights();
        let a = solver::analyse(lights);
        let best = solver::minimal(&a);
        let status = match (a.solvable(), a.nullity) {
            (false, _) => SolveStatus::Unsolvable,
            (true, 0) => SolveStatus::Solved,
            (true, _) => SolveStatus::Multiple,
        };
        let presses = best.as_ref().map(|m| json!(pairs(&m.pattern.ones())));
        let mut report = SolveReport::new(status)
            .detail("width", lights.width())
            .detail("height", lights.height())
            .detail("wrap", lights.wrap())
            .detail("solvable", a.solvable())
            .detail("nullity", a.nullity)
            .detail("solutions", solutions_json(a.solvable(), a.nullity))
            .detail("optimal", best.as_ref().map(|m| m.presses))
            .detail("optimal_exact", best.as_ref().map(|m| m.exact))
            .detail("presses", presses.clone());
        if let Some(p) = presses {
            report = report.with_solution(p);
        }
        if options.grade
            && let Some(m) = &best
        {
            report = report.with_grade(Some(optimal_grade(m.presses)));
        }
        Ok(report)
    }

    fn grade(&self, puzzle: &Puzzle) -> Result<Grade> {
        let best = solver::solve_minimal(puzzle.lights())
            .ok_or_else(|| Error::puzzle("this board has no solution"))?;
        Ok(optimal_grade(best.presses))
    }

    fn hint(&self, puzzle: &Puzzle, state: &State) -> Result<Hint> {
        hint::next_press(&state.current(puzzle.lights())?)
    }

    fn check(&self, puzzle: &Puzzle, state: &State) -> Result<Verdict> {
        Ok(hint::verdict(&state.current(puzzle.lights())?))
    }

    fn encode(&self, puzzle: &Puzzle) -> String {
        let mut out = String::new();
        if puzzle.wrap() {
            out.push_str("wrap\n");
        }
        for row in rows_text(puzzle.lights()) {
            out.push_str(&row);
            out.push('\n');
        }
        out
    }

    /// Our rows of `0`/`1`, or a Flip game id with the crosses pattern (see
    /// [`crate::interchange`]).
    fn decode(&self, text: &str) -> Result<Puzzle> {
        let lights = if crate::interchange::is_foreign(text) {
            crate::interchange::from_tatham(text)?
        } else {
            format::decode(text)?
        };
        Ok(Puzzle::from_lights(&lights))
    }

    fn validate_state(&self, puzzle: &Puzzle, state: &State) -> Result<()> {
        state.current(puzzle.lights()).map(|_| ())
    }

    fn render_text(&self, puzzle: &Puzzle, state: Option<&State>, show_solution: bool) -> String {
        let lights = puzzle.lights();
        let current = match state.map(|s| s.current(lights)) {
            Some(Ok(b)) => b,
            Some(Err(e)) => return format!("invalid state: {e}\n"),
            None => lights.clone(),
        };
        let mut out = String::new();
        if let (Some(par), Some(opt)) = (puzzle.par, puzzle.optimal) {
            out.push_str(&format!("par {par}, optimal {opt}\n"));
        }
        out.push_str(&grid(
            &current,
            |r, c| if current.get(r, c) { '#' } else { '.' },
        ));
        if show_solution {
            match solver::solve_minimal(&current) {
                Some(m) => {
                    out.push_str(&format!(
                        "a shortest solution, {} presses (X):\n",
                        m.presses
                    ));
                    let p = m.pattern;
                    out.push_str(&grid(&p, |r, c| if p.get(r, c) { 'X' } else { '.' }));
                }
                None => out.push_str("no solution\n"),
            }
        }
        out
    }

    fn render_svg(&self, puzzle: &Puzzle, show_solution: bool) -> Result<String> {
        let lights = puzzle.lights();
        if lights.cells() > 250_000 {
            return Err(Error::new(
                ErrorKind::Unsupported,
                "SVG drawing is limited to 250000 cells",
            ));
        }
        let answer = if show_solution {
            solver::solve_minimal(lights).map(|m| m.pattern)
        } else {
            None
        };
        let s = 24;
        let (w, h) = (lights.width() * s, lights.height() * s);
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"#222\"/>\n"
        );
        for r in 0..lights.height() {
            for c in 0..lights.width() {
                let fill = if lights.get(r, c) { "#ffd84a" } else { "#445" };
                out.push_str(&format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\" fill=\"{fill}\"/>\n",
                    c * s + 1,
                    r * s + 1,
                    s - 2,
                    s - 2
                ));
                if answer.as_ref().is_some_and(|a| a.get(r, c)) {
                    out.push_str(&format!(
                        "<circle cx=\"{}\" cy=\"{}\" r=\"5\" fill=\"#d33\"/>\n",
                        c * s + s / 2,
                        r * s + s / 2
                    ));
                }
            }
        }
        out.push_str("</svg>\n");
        Ok(out)
    }
}

fn grid(b: &Board, cell: impl Fn(u32, u32) -> char) -> String {
    let mut out = String::new();
    for r in 0..b.height() {
        for c in 0..b.width() {
            out.push(cell(r, c));
        }
        out.push('\n');
    }
    out
}
