//! The public JSON forms: [`Puzzle`] (a board with its par and generating presses) and [`State`]
//! (the presses a player made). Both are validated with explicit bounds before any work.

use serde::{Deserialize, Serialize};

use dayseed_core::{Error, Result};

use crate::board::{Board, MAX_SIDE};

/// The most presses a player state may hold.
pub const MAX_STATE_PRESSES: usize = 100_000;

/// A Lights Out board as JSON: `{"width","height","wrap","board","par","optimal","presses",
/// "stage"}`. `board` is `height` strings of `width` characters `0`/`1` (1 = lit). `par`,
/// `optimal`, `presses` (the generating set, `[row, col]` 0-based, row-major) and `stage` are
/// present on generated boards and absent on boards read from text.
/// Other fields (such as `id` or `digest` of a `dayseed gen` line) are ignored on input, so a
/// whole generated record can be passed back as a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Toroidal wrap-around.
    #[serde(default)]
    pub wrap: bool,
    /// Rows of `0`/`1`, 1 = lit.
    pub board: Vec<String>,
    /// Presses the generator used: finishing in at most `par` presses is PERFECT.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub par: Option<u32>,
    /// The fewest presses that solve the board (proven by the exact solver).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optimal: Option<u32>,
    /// The generating press set (the answer), `[row, col]` pairs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub presses: Option<Vec<[u32; 2]>>,
    /// The stage, for stage-generated boards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage: Option<u32>,
}

/// A player's progress: `{"presses": [[row, col], ...]}` in the order made. Pressing a cell twice
/// cancels (the board depends only on which cells were pressed an odd number of times).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct State {
    /// Presses so far, `[row, col]` 0-based.
    #[serde(default)]
    pub presses: Vec<[u32; 2]>,
}

impl Puzzle {
    /// A puzzle with only the lights (as read from text).
    pub fn from_lights(lights: &Board) -> Puzzle {
        Puzzle {
            width: lights.width(),
            height: lights.height(),
            wrap: lights.wrap(),
            board: rows_text(lights),
            par: None,
            optimal: None,
            presses: None,
            stage: None,
        }
    }

    /// Checks sizes, characters and the stored answer's consistency; returns the lights.
    pub fn lights(&self) -> Result<Board> {
        if !(1..=MAX_SIDE).contains(&self.width) || !(1..=MAX_SIDE).contains(&self.height) {
            return Err(Error::puzzle(format!(
                "board {}x{} is out of bounds (sides 1..={MAX_SIDE})",
                self.width, self.height
            )));
        }
        if self.board.len() != self.height as usize {
            return Err(Error::puzzle(format!(
                "board has {} rows, height is {}",
                self.board.len(),
                self.height
            )));
        }
        let mut lights = Board::new(self.width, self.height, self.wrap);
        for (r, row) in self.board.iter().enumerate() {
            if row.len() != self.width as usize {
                return Err(Error::puzzle(format!(
                    "row {}: has {} characters, width is {}",
                    r + 1,
                    row.chars().count(),
                    self.width
                )));
            }
            for (c, ch) in row.bytes().enumerate() {
                match ch {
                    b'0' => {}
                    b'1' => lights.set(r as u32, c as u32, true),
                    _ => {
                        return Err(Error::puzzle(format!(
                            "row {}, column {}: '{}' is not 0 or 1",
                            r + 1,
                            c + 1,
                            row[c..].chars().next().unwrap_or('?')
                        )));
                    }
                }
            }
        }
        if let Some(presses) = &self.presses {
            let pattern = press_set(&lights, presses, true)
                .map_err(|m| Error::puzzle(format!("presses: {m}")))?;
            if pattern.effect() != lights {
                return Err(Error::puzzle(
                    "presses: pressing them on an all-off board does not give this board",
                ));
            }
            if self.par.is_some_and(|p| p as usize != presses.len()) {
                return Err(Error::puzzle("par differs from the number of presses"));
            }
        }
        if let (Some(o), Some(p)) = (self.optimal, self.par)
            && o > p
        {
            return Err(Error::puzzle(format!(
                "optimal {o} is greater than par {p}"
            )));
        }
        Ok(lights)
    }
}

/// The `0`/`1` rows of a board.
pub fn rows_text(b: &Board) -> Vec<String> {
    (0..b.height())
        .map(|r| {
            (0..b.width())
                .map(|c| if b.get(r, c) { '1' } else { '0' })
                .collect()
        })
        .collect()
}

/// The pattern of cells pressed an odd number of times; with `distinct`, a repeat is an error.
pub fn press_set(shape: &Board, presses: &[[u32; 2]], distinct: bool) -> Result<Board, String> {
    let mut pattern = shape.blank_like();
    for (i, &[r, c]) in presses.iter().enumerate() {
        if r >= shape.height() || c >= shape.width() {
            return Err(format!(
                "press {} at [{r}, {c}] is outside the {}x{} board",
                i + 1,
                shape.width(),
                shape.height()
            ));
        }
        if distinct && pattern.get(r, c) {
            return Err(format!("press {} at [{r}, {c}] repeats a cell", i + 1));
        }
        pattern.toggle(r, c);
    }
    Ok(pattern)
}

impl State {
    /// Checks the presses against the board; returns the lights after them.
    pub fn current(&self, lights: &Board) -> Result<Board> {
        if self.presses.len() > MAX_STATE_PRESSES {
            return Err(Error::state(format!(
                "state has {} presses; at most {MAX_STATE_PRESSES}",
                self.presses.len()
            )));
        }
        let pattern = press_set(lights, &self.presses, false).map_err(Error::state)?;
        let mut now = lights.clone();
        now.apply_pattern(&pattern);
        Ok(now)
    }
}
