//! The public JSON forms: [`Puzzle`] (a board with its par and generating presses) and [`State`]
//! (the presses a player made). Both are validated with explicit bounds before any work.

use serde::{Deserialize, Serialize};

use dayseed_core::{Error, Result};

use crate::board::{Board, MAX_SIDE};

/// The most presses a player state may hold.
pub const MAX_STATE_PRESSES: usize = 100_000;

/// A Lights Out board, parsed: the lights (size, wrap and which cells are lit) and, on generated
/// boards, the par, the proven optimum, the generating presses and the stage.
///
/// Its JSON form is `{"width","height","wrap","board","par","optimal","presses","stage"}`:
/// `board` is `height` strings of `width` characters `0`/`1` (1 = lit); `par`, `optimal`,
/// `presses` (the generating set, `[row, col]` 0-based, row-major) and `stage` are present on
/// generated boards and absent on boards read from text. Other fields (such as `id` or `digest`
/// of a `dayseed gen` line) are ignored on input, so a whole generated record can be passed back
/// as a puzzle. Reading JSON checks every bound, so the lights are always readable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Wire", into = "Wire")]
pub struct Puzzle {
    lights: Board,
    /// Presses the generator used: finishing in at most `par` presses is PERFECT.
    pub par: Option<u32>,
    /// The fewest presses that solve the board (proven by the exact solver).
    pub optimal: Option<u32>,
    /// The generating press set (the answer), `[row, col]` pairs.
    pub presses: Option<Vec<[u32; 2]>>,
    /// The stage, for stage-generated boards.
    pub stage: Option<u32>,
}

/// The JSON form of [`Puzzle`], as it travels.
#[derive(Serialize, Deserialize)]
struct Wire {
    width: u32,
    height: u32,
    #[serde(default)]
    wrap: bool,
    board: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    par: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    optimal: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    presses: Option<Vec<[u32; 2]>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stage: Option<u32>,
}

impl TryFrom<Wire> for Puzzle {
    type Error = Error;

    fn try_from(w: Wire) -> Result<Puzzle> {
        let p = Puzzle {
            lights: read_lights(&w)?,
            par: w.par,
            optimal: w.optimal,
            presses: w.presses,
            stage: w.stage,
        };
        p.check()?;
        Ok(p)
    }
}

impl From<Puzzle> for Wire {
    fn from(p: Puzzle) -> Wire {
        Wire {
            width: p.lights.width(),
            height: p.lights.height(),
            wrap: p.lights.wrap(),
            board: rows_text(&p.lights),
            par: p.par,
            optimal: p.optimal,
            presses: p.presses,
            stage: p.stage,
        }
    }
}

/// The lights of a board's JSON form, checking sizes and characters.
fn read_lights(w: &Wire) -> Result<Board> {
    if !(1..=MAX_SIDE).contains(&w.width) || !(1..=MAX_SIDE).contains(&w.height) {
        return Err(Error::puzzle(format!(
            "board {}x{} is out of bounds (sides 1..={MAX_SIDE})",
            w.width, w.height
        )));
    }
    if w.board.len() != w.height as usize {
        return Err(Error::puzzle(format!(
            "board has {} rows, height is {}",
            w.board.len(),
            w.height
        )));
    }
    let mut lights = Board::new(w.width, w.height, w.wrap);
    for (r, row) in w.board.iter().enumerate() {
        if row.len() != w.width as usize {
            return Err(Error::puzzle(format!(
                "row {}: has {} characters, width is {}",
                r + 1,
                row.chars().count(),
                w.width
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
    Ok(lights)
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
            lights: lights.clone(),
            par: None,
            optimal: None,
            presses: None,
            stage: None,
        }
    }

    /// The lights: size, wrap and which cells are lit.
    pub fn lights(&self) -> &Board {
        &self.lights
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.lights.width()
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.lights.height()
    }

    /// Toroidal wrap-around.
    pub fn wrap(&self) -> bool {
        self.lights.wrap()
    }

    /// Checks the size and the stored answer's consistency: the presses are distinct cells on
    /// the board whose effect is this board, `par` counts them, `optimal` is at most `par`.
    pub fn check(&self) -> Result<()> {
        let lights = &self.lights;
        if !(1..=MAX_SIDE).contains(&lights.width()) || !(1..=MAX_SIDE).contains(&lights.height()) {
            return Err(Error::puzzle(format!(
                "board {}x{} is out of bounds (sides 1..={MAX_SIDE})",
                lights.width(),
                lights.height()
            )));
        }
        if let Some(presses) = &self.presses {
            let pattern = press_set(lights, presses, true)
                .map_err(|m| Error::puzzle(format!("presses: {m}")))?;
            if pattern.effect() != *lights {
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
        Ok(())
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
