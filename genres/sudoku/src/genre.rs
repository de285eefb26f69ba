//! Sudoku as a dayseed [`Genre`].

use dayseed_core::genre::{Capabilities, GenreKind, RecordFormat};
use dayseed_core::{
    Budget, Count, Error, ErrorKind, Flag, FlagValue, Generator, Genre, Grade, Hint, Label,
    LabelSpec, Labels, Result, SolveOptions, SolveReport, SolveStatus, Verdict,
};

use crate::board::{Cells, rule_problems};
use crate::format::{encode_grid, parse_grid, push_grid};
use crate::level::Level;
use crate::puzzle::{SudokuPuzzle, SudokuState, grade_json};
use crate::{generator, hint, logic, render, solver};

/// Node budget for solving a puzzle that came from outside (digest, hint, grade, render).
const SOLVE_BUDGET: u64 = 10_000_000;

/// The classic 9x9 Sudoku.
#[derive(Debug, Clone, Copy, Default)]
pub struct Sudoku;

/// The unique solution of `givens`, or an error saying why there is none.
fn unique_solution(givens: &Cells, budget: &mut Budget) -> Result<Cells> {
    let solved = solver::solve(givens, 2, budget);
    match (solved.count, solved.first) {
        (Count::Exactly(1), Some(s)) => Ok(s),
        (Count::Exactly(0), _) => Err(Error::puzzle("the puzzle has no solution")),
        (Count::BudgetExhausted, _) => Err(Error::new(
            ErrorKind::BudgetExhausted,
            "the solver ran out of its node budget",
        )),
        _ => Err(Error::puzzle(
            "the puzzle has more than one solution; a unique puzzle is needed",
        )),
    }
}

/// The stored solution, or the computed one when the board carries none.
fn solution_of(puzzle: &SudokuPuzzle) -> Result<Cells> {
    match puzzle.stored_solution() {
        Some(s) => Ok(*s),
        None => unique_solution(puzzle.givens(), &mut Budget::new(SOLVE_BUDGET)),
    }
}

impl Genre for Sudoku {
    const NAME: &'static str = "sudoku";
    const TITLE: &'static str = "Sudoku";
    type Params = Level;
    type Puzzle = SudokuPuzzle;
    type State = SudokuState;

    fn generators(&self) -> &'static [Generator<Sudoku>] {
        &generator::GENERATORS
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            kind: GenreKind::Logic,
            unique_solutions: true,
            count_solutions: true,
            grade: true,
            hint: true,
            svg: true,
            records: RecordFormat::Lines,
        }
    }

    fn parse_params(&self, text: &str) -> Result<Level> {
        Level::parse(text)
    }

    fn format_params(&self, params: &Level) -> String {
        params.name().to_string()
    }

    fn params_from_flags(&self, flags: &[(&str, &str)]) -> Result<Level> {
        let mut level = None;
        for &(name, value) in flags {
            if name != "difficulty" {
                return Err(Error::params(format!(
                    "sudoku does not take --{name}; its only option is --difficulty \
                     (EASY, MEDIUM, HARD, EXPERT, MASTER)"
                )));
            }
            if level.is_some() {
                return Err(Error::params("--difficulty given more than once"));
            }
            level = Some(Level::parse(value)?);
        }
        Ok(level.unwrap_or(Level::Medium))
    }

    fn daily_params(&self, difficulty: Option<&str>) -> Result<Level> {
        difficulty.map_or(Ok(Level::Medium), Level::parse)
    }

    fn flags(&self) -> &'static [Flag] {
        const FLAGS: &[Flag] = &[Flag::new(
            "difficulty",
            FlagValue::Text,
            "sudoku: the level, EASY, MEDIUM, HARD, EXPERT or MASTER",
            Some("MEDIUM"),
        )];
        FLAGS
    }

    fn label_specs(&self) -> &'static [LabelSpec] {
        const LABELS: &[LabelSpec] = &[LabelSpec::new(
            Label::Difficulty,
            "the level the board was graded at (EASY..MASTER)",
        )];
        LABELS
    }

    fn labels(&self, params: &Level, puzzle: &SudokuPuzzle) -> Labels {
        Labels {
            difficulty: Some(puzzle.difficulty().unwrap_or(*params).name().to_string()),
            size: None,
        }
    }

    fn validate(&self, puzzle: &SudokuPuzzle) -> Result<()> {
        puzzle.check()
    }

    /// A board without a stored answer hashes the computed one; one that has no unique answer
    /// (or whose search runs out of budget) hashes an empty solution, as it always has.
    fn canonical_content(&self, puzzle: &SudokuPuzzle) -> String {
        // `givens=<grid>\nsolution=<grid or nothing>\ndifficulty=<name or nothing>`.
        let mut out = String::with_capacity(7 + 81 + 10 + 81 + 12 + 6);
        out.push_str("givens=");
        push_grid(&mut out, puzzle.givens());
        out.push_str("\nsolution=");
        if let Ok(s) = solution_of(puzzle) {
            push_grid(&mut out, &s);
        }
        out.push_str("\ndifficulty=");
        out.push_str(puzzle.difficulty().map_or("", Level::name));
        out
    }

    fn without_solution(&self, puzzle: &SudokuPuzzle) -> SudokuPuzzle {
        puzzle.without_solution()
    }

    fn count_solutions(
        &self,
        puzzle: &SudokuPuzzle,
        limit: u64,
        budget: &mut Budget,
    ) -> Result<Count> {
        Ok(solver::count_solutions(puzzle.givens(), limit, budget))
    }

    /// Counts solutions up to 2. The report's `solution` is the answer of a unique puzzle, `nodes`
    /// the search nodes spent; besides them `puzzle` (the givens) and `solutions` (0, 1, 2 = two
    /// or more; `null` when the budget ran out).
    fn solve_report(&self, puzzle: &SudokuPuzzle, options: SolveOptions) -> Result<SolveReport> {
        let givens = *puzzle.givens();
        let mut budget = Budget::new(options.budget);
        let solved = solver::solve(&givens, 2, &mut budget);
        let mut report = SolveReport::new(SolveStatus::from_count(solved.count))
            .with_nodes(budget.spent())
            .detail("puzzle", encode_grid(&givens))
            .detail("solutions", solved.count.zero_one_many());
        if solved.count.is_unique()
            && let Some(s) = solved.first
        {
            report = report.with_solution(encode_grid(&s));
            if options.grade {
                report = report.with_grade(Some(grade_json(&logic::grade(&givens))));
            }
        }
        Ok(report)
    }

    fn grade(&self, puzzle: &SudokuPuzzle) -> Result<Grade> {
        let givens = puzzle.givens();
        unique_solution(givens, &mut Budget::new(SOLVE_BUDGET))?;
        Ok(grade_json(&logic::grade(givens)))
    }

    fn hint(&self, puzzle: &SudokuPuzzle, state: &SudokuState) -> Result<Hint> {
        let givens = puzzle.givens();
        let solution = solution_of(puzzle)?;
        let entries = state.entries(givens)?;
        let notes = state.note_masks()?;
        hint::hint(givens, &solution, &entries, notes.as_ref())
    }

    fn check(&self, puzzle: &SudokuPuzzle, state: &SudokuState) -> Result<Verdict> {
        let givens = puzzle.givens();
        let entries = state.entries(givens)?;
        let grid: Cells = std::array::from_fn(|i| {
            if givens[i] != 0 {
                givens[i]
            } else {
                entries[i]
            }
        });
        let problems = rule_problems(&grid);
        let complete = grid.iter().all(|&v| v != 0);
        Ok(Verdict {
            score: None,
            solved: complete && problems.is_empty(),
            complete,
            problems,
        })
    }

    fn encode(&self, puzzle: &SudokuPuzzle) -> String {
        encode_grid(puzzle.givens())
    }

    /// Our 81-character line, or a puzz.link URL / Solo game id (see [`crate::interchange`]).
    fn decode(&self, text: &str) -> Result<SudokuPuzzle> {
        let givens = if crate::interchange::is_foreign(text) {
            crate::interchange::decode_foreign(text)?
        } else {
            parse_grid(text)?
        };
        Ok(SudokuPuzzle::from_givens(&givens))
    }

    fn decode_state(&self, puzzle: &SudokuPuzzle, text: &str) -> Result<SudokuState> {
        let trimmed = text.trim();
        if trimmed.starts_with('{') {
            return serde_json::from_str(trimmed)
                .map_err(|e| Error::state(format!("state is not valid JSON: {e}")));
        }
        let entries = parse_grid(trimmed).map_err(|e| Error::state(format!("entries: {e}")))?;
        let state = SudokuState::from_entries(&entries);
        state.entries(puzzle.givens())?;
        Ok(state)
    }

    fn validate_state(&self, puzzle: &SudokuPuzzle, state: &SudokuState) -> Result<()> {
        state.entries(puzzle.givens())?;
        state.note_masks()?;
        Ok(())
    }

    fn render_text(
        &self,
        puzzle: &SudokuPuzzle,
        state: Option<&SudokuState>,
        show_solution: bool,
    ) -> String {
        let givens = puzzle.givens();
        let mut shown = *givens;
        if let Some(entries) = state.and_then(|s| s.entries(givens).ok()) {
            for i in 0..81 {
                if shown[i] == 0 {
                    shown[i] = entries[i];
                }
            }
        }
        if show_solution && let Ok(solution) = solution_of(puzzle) {
            shown = solution;
        }
        render::text_grid(&shown)
    }

    fn render_svg(&self, puzzle: &SudokuPuzzle, show_solution: bool) -> Result<String> {
        let extra = if show_solution {
            solution_of(puzzle)?
        } else {
            [0; 81]
        };
        Ok(render::svg(puzzle.givens(), &extra))
    }
}
