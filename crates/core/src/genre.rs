//! The Genre contract: what every puzzle or level family provides, typed.
//!
//! A genre implements [`Genre`] with its own types; [`crate::registry::Registered`] wraps it into
//! the dyn-safe, JSON-in/JSON-out [`crate::registry::DynGenre`] that the CLI, server and wasm use.
//! Capabilities a genre lacks are declared in [`Capabilities`] and answered with
//! [`ErrorKind::Unsupported`], never faked.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::budget::{Budget, Count};
use crate::declare::{Flag, LabelSpec, Labels};
use crate::error::{Error, ErrorKind, Result};
use crate::generator::Generator;
use crate::id::Version;

use crate::report::SolveReport;

/// Whether a released generator version still dispatches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VersionStatus {
    /// The version new dailies and seeds use.
    Current,
    /// Older but still generated on request (old ids keep their boards).
    Supported,
    /// No longer generated: ids naming it are refused with an explicit error.
    Retired,
}

/// One generator version of a genre and its status.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct VersionInfo {
    /// The version.
    pub version: Version,
    /// Whether it dispatches.
    pub status: VersionStatus,
    /// What it is (one line, for `dayseed genres` and the API).
    pub note: &'static str,
}

/// The family a genre belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GenreKind {
    /// A logic puzzle: solving is deduction; a released puzzle has exactly one solution.
    Logic,
    /// An arcade level verified by simulation: solving means finding a winning input plan, grading
    /// means par; uniqueness does not apply.
    Arcade,
}

/// How `dayseed solve` splits a text file into puzzles for this genre.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordFormat {
    /// One puzzle per non-empty line.
    Lines,
    /// A puzzle is a block of lines; blocks are separated by blank lines.
    Blocks,
}

/// What a genre can do. Tatham-style flags: absent means "declared absent", not "broken".
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Capabilities {
    /// Logic puzzle or arcade level.
    pub kind: GenreKind,
    /// Released puzzles are proven to have exactly one solution.
    pub unique_solutions: bool,
    /// `count_solutions` is available.
    pub count_solutions: bool,
    /// `grade` is available.
    pub grade: bool,
    /// `hint` is available.
    pub hint: bool,
    /// `render_svg` is available.
    pub svg: bool,
    /// How text input files are split into puzzles.
    pub records: RecordFormat,
}

impl Capabilities {
    /// The starting point of a logic genre's declaration: released puzzles have exactly one
    /// solution, one puzzle per line, and nothing optional (no counting, grading, hints or
    /// SVG); a genre sets what it offers with struct update syntax,
    /// `Capabilities { hint: true, ..Capabilities::logic() }`.
    pub const fn logic() -> Capabilities {
        Capabilities {
            kind: GenreKind::Logic,
            unique_solutions: true,
            count_solutions: false,
            grade: false,
            hint: false,
            svg: false,
            records: RecordFormat::Lines,
        }
    }

    /// What every arcade genre declares: no uniqueness and no counting (a level is proven
    /// passable, not unique), par as the grade, no hints, one level per line of a text file.
    pub const fn arcade(svg: bool) -> Capabilities {
        Capabilities {
            kind: GenreKind::Arcade,
            unique_solutions: false,
            count_solutions: false,
            grade: true,
            hint: false,
            svg,
            records: RecordFormat::Lines,
        }
    }
}

/// How often a technique was used while grading.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TechniqueUse {
    /// The technique's name.
    pub name: String,
    /// How many steps used it.
    pub count: u32,
}

/// A difficulty grade from the human-style solver (or par, for arcade genres).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Grade {
    /// The level's name (e.g. `HARD`, `L6`, `par 9`).
    pub level: String,
    /// The level as a number, 1 = easiest.
    pub rank: u32,
    /// A finer numeric score; each genre documents its scale.
    pub score: f64,
    /// Techniques used, in order of first use (or of difficulty), with counts.
    pub techniques: Vec<TechniqueUse>,
    /// Whether the human-style solver finished the puzzle with the techniques it has.
    pub solved_by_logic: bool,
}

/// What a hint asks the player to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HintKind {
    /// A logical step: place or eliminate what `detail` names.
    Step,
    /// A mark of the player's contradicts every solution: remove it first.
    RemoveMark,
    /// The board is already solved.
    Solved,
    /// The hint search ran out of its node budget; no guess is offered.
    BudgetExhausted,
}

/// The next step for a player, with a one-line explanation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Hint {
    /// What kind of hint this is.
    pub kind: HintKind,
    /// The technique (or rule) that justifies it.
    pub technique: String,
    /// One line for the player.
    pub message: String,
    /// Genre-specific specifics: cells or edges involved, placements, eliminations.
    pub detail: serde_json::Value,
}

/// The rule-based verdict on a player's state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    /// Every rule is satisfied: the player has won (whatever the stored answer says).
    pub solved: bool,
    /// Every cell/edge/line the rules need is filled in (it may still break rules).
    pub complete: bool,
    /// Rules broken so far, each naming where.
    pub problems: Vec<String>,
    /// Arcade genres: the score the replay of the tape earned (absent for logic genres).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<crate::arcade::ArcadeScore>,
}

/// Options for [`Genre::solve_report`].
#[derive(Debug, Clone, Copy)]
pub struct SolveOptions {
    /// Also grade the puzzle when it is unique.
    pub grade: bool,
    /// Node budget for the search.
    pub budget: u64,
}

/// The typed contract each genre crate implements.
pub trait Genre: Send + Sync + 'static {
    /// The registry name, lower-case (`sudoku`).
    const NAME: &'static str;
    /// The name people read (`Lights Out`): the page's tab, `dayseed genres`.
    const TITLE: &'static str;
    /// Parsed generation parameters (difficulty, size, level, stage, ...).
    type Params: Clone;
    /// A board's typed model: givens, and the generator's answer when known. It is parsed and
    /// validated once when it comes in (its `Deserialize` or the genre's `decode` refuses what
    /// does not fit, Tatham's `validate_desc` before `new_game`), so the methods below never meet
    /// an unreadable board. JSON is only its wire form. The registry keeps it behind a
    /// [`crate::PuzzleModel`], so it is shared between threads.
    type Puzzle: Serialize + DeserializeOwned + Send + Sync + 'static;
    /// A player's progress on a board.
    type State: Serialize + DeserializeOwned;

    /// Every generator version ever released, oldest first: one sealed unit each (see
    /// [`crate::generator`]). The registry dispatches on this table and nowhere else.
    fn generators(&self) -> &'static [Generator<Self>]
    where
        Self: Sized;
    /// What this genre can do.
    fn capabilities(&self) -> Capabilities;

    /// Parses the params part of an id (also used for CLI flags).
    fn parse_params(&self, text: &str) -> Result<Self::Params>;
    /// The canonical params text; `parse_params(format_params(p)) == p`.
    fn format_params(&self, params: &Self::Params) -> String;
    /// Params from command-line style flags: `(name, value)` pairs with names without dashes,
    /// e.g. `("difficulty", "hard")`, `("grid-size", "10")`, `("level", "6")`, `("size", "5x5")`,
    /// `("stage", "7")`, `("par", "9")`. The CLI passes every flag the user gave; a flag the genre
    /// does not use is an error naming it, and missing flags take the genre's defaults.
    fn params_from_flags(&self, flags: &[(&str, &str)]) -> Result<Self::Params>;
    /// The params of a daily puzzle, optionally at a requested difficulty (genre's vocabulary).
    fn daily_params(&self, difficulty: Option<&str>) -> Result<Self::Params>;
    /// The flags this genre takes (name, value shape, help, default). `dayseed gen` builds its
    /// options from every genre's declarations; each name declared here must be accepted by
    /// [`Genre::params_from_flags`] (the registry's tests check it for every catalog genre).
    fn flags(&self) -> &'static [Flag];
    /// The archive labels this genre files its boards under (see [`crate::declare::Label`]).
    /// The server's archive filters accept exactly the declared ones.
    fn label_specs(&self) -> &'static [LabelSpec];
    /// The label values of one board, for every declared label (and only those).
    fn labels(&self, params: &Self::Params, puzzle: &Self::Puzzle) -> Labels;

    /// Checks the invariants of a typed puzzle that parsing cannot see alone (the registry
    /// runs it on every board that comes in and on every generated board).
    fn validate(&self, puzzle: &Self::Puzzle) -> Result<()>;
    /// The canonical content hashed into the digest: givens, solution, difficulty.
    fn canonical_content(&self, puzzle: &Self::Puzzle) -> String;
    /// The same puzzle with the answer removed (what a client may see before solving).
    fn without_solution(&self, puzzle: &Self::Puzzle) -> Self::Puzzle;

    /// Counts solutions up to `limit` within `budget`.
    fn count_solutions(
        &self,
        _puzzle: &Self::Puzzle,
        _limit: u64,
        _budget: &mut Budget,
    ) -> Result<Count> {
        Err(unsupported(Self::NAME, "count_solutions"))
    }
    /// Solves a puzzle for `dayseed solve`, the API and the page: one report shape for every
    /// genre (see [`crate::report`]). An exhausted budget is a report with status
    /// `budget_exhausted`, not an error; errors are for boards the solver cannot read.
    fn solve_report(&self, puzzle: &Self::Puzzle, options: SolveOptions) -> Result<SolveReport>;
    /// Grades the puzzle with the human-style solver (or par for arcade genres).
    fn grade(&self, _puzzle: &Self::Puzzle) -> Result<Grade> {
        Err(unsupported(Self::NAME, "grade"))
    }
    /// The next step for the player's state.
    fn hint(&self, _puzzle: &Self::Puzzle, _state: &Self::State) -> Result<Hint> {
        Err(unsupported(Self::NAME, "hint"))
    }
    /// The rule-based win check.
    fn check(&self, puzzle: &Self::Puzzle, state: &Self::State) -> Result<Verdict>;

    /// The canonical text form of a puzzle (givens only).
    fn encode(&self, puzzle: &Self::Puzzle) -> String;
    /// Reads the canonical text form; never panics on untrusted text.
    fn decode(&self, text: &str) -> Result<Self::Puzzle>;
    /// Reads a player's state from text (the CLI's `--state`); JSON by default.
    fn decode_state(&self, _puzzle: &Self::Puzzle, text: &str) -> Result<Self::State> {
        serde_json::from_str(text).map_err(|e| Error::state(format!("state is not valid: {e}")))
    }
    /// Checks that a state fits the puzzle (sizes, ranges) before any work.
    fn validate_state(&self, puzzle: &Self::Puzzle, state: &Self::State) -> Result<()>;

    /// A drawing for the terminal, with the player's state and/or the answer when given.
    fn render_text(
        &self,
        puzzle: &Self::Puzzle,
        state: Option<&Self::State>,
        show_solution: bool,
    ) -> String;
    /// A standalone SVG picture of the puzzle (and the answer on request).
    fn render_svg(&self, _puzzle: &Self::Puzzle, _show_solution: bool) -> Result<String> {
        Err(unsupported(Self::NAME, "render_svg"))
    }

    /// Arcade genres: a live simulation of the board, driven by the same step function that
    /// verified it (the page plays it through wasm; `check` replays tapes on it).
    fn simulate(&self, _puzzle: &Self::Puzzle) -> Result<Box<dyn crate::arcade::Simulation>> {
        Err(unsupported(Self::NAME, "simulate"))
    }
}

/// The error for a capability a genre declares absent.
pub fn unsupported(genre: &str, what: &str) -> Error {
    Error::new(
        ErrorKind::Unsupported,
        format!("genre '{genre}' does not support {what}"),
    )
}
