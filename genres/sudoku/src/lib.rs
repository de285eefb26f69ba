//! dayseed-sudoku: the classic 9x9 Sudoku for dayseed — a fast bitboard solver ([`solver`]), a human-style
//! grader and hints ([`logic`]), the generator versions (one sealed module each under
//! [`generator`], listed in [`generator::GENERATORS`]) and the
//! [`Genre`](dayseed_core::Genre) implementation ([`genre::Sudoku`], registered as [`GENRE`]).
//!
//! # Text form
//! One line of 81 characters in row-major order: `1`-`9` for a given, `.` (or `0` on input) for
//! an empty cell. Errors name the place: `line 1, column 5: 'x' is not a digit or '.'`.
//!
//! # Puzzle JSON (public: CLI, server, wasm)
//! ```json
//! {"difficulty": "MEDIUM",                       // optional: the level delivered
//!  "puzzle": "53..7....6..195....98....6.8...", // 81 chars (shortened here), '.' blank
//!  "solution": "534678912672195348198342567...", // optional: 81 digits; dropped by without_solution
//!  "grade": {"level": "MEDIUM", "rank": 2, "score": 2.8,
//!            "techniques": [{"name": "Hidden single", "count": 40}],
//!            "solved_by_logic": true}}           // optional
//! ```
//! `dayseed gen` prints these fields flattened beside `id`, `genre`, `version`, `seed`, `digest`,
//! `attempts` and `fallback` (present only when the target level was missed).
//!
//! # State JSON
//! `{"entries": "81 chars, digit or '.'", "notes": ["", "125", ...]}` — `notes` is optional, one
//! string of candidate digits per cell (`""` = no notes). `decode_state` also takes the plain
//! 81-character entries line. An entry on a given cell must be `.` or the given digit.
//!
//! # Solve report
//! The common report (`dayseed_core::report`): `status` from the count up to 2, `solution` (81
//! digits) when there is exactly one, `grade` when unique and asked for, `nodes` (the states
//! [`solver`] explored: the givens, then one per digit tried on a branching cell); besides them
//! `"puzzle": 81 chars` and `"solutions": 0 | 1 | 2 (= two or more) | null (budget exhausted)`.
//!
//! # Digest
//! The canonical content is `givens=<81>\nsolution=<81>\ndifficulty=<NAME>`; the solution is
//! computed when the board does not carry it, so a board and its solution-less form share one
//! digest.
//!
//! # Hints and checks
//! A hint first points at an entry that differs from the unique solution (`remove_mark`), then
//! gives the grader's easiest next step for the player's position (technique, cells,
//! placements, eliminations, one-line explanation). `check` applies the rules only: no digit
//! twice in a row, column or box, givens kept, every cell filled.

pub mod band_solver;
pub mod board;
pub mod format;
pub mod generator;
pub mod genre;
pub mod hint;
pub mod interchange;
pub mod level;
pub mod logic;
pub mod puzzle;
pub mod render;
mod row_box_index;
/// The solver for solving, counting, digests, hints and checks: [`band_solver`]. (The generator
/// versions keep the search frozen with them, [`generator::solver_v1`].)
pub use band_solver as solver;

#[cfg(test)]
mod fixture_tests;
#[cfg(test)]
mod genre_tests;
#[cfg(test)]
mod testutil;

pub use genre::Sudoku;
pub use level::Level;
pub use puzzle::{SudokuPuzzle, SudokuState};

/// The registry entry for the catalog.
pub static GENRE: dayseed_core::Registered<Sudoku> = dayseed_core::Registered(Sudoku);
