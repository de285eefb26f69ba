//! The public JSON forms (puzzle, edges, player state) and their conversion to compact arrays.

use dayseed_core::{Error, Result};
use serde::{Deserialize, Serialize};

use std::sync::OnceLock;

use crate::grid::{Grid, MAX_SIDE, MIN_SIDE, NONE};

/// Edge state: not decided.
pub const UNKNOWN: u8 = 0;
/// Edge state: on the loop (a line is drawn).
pub const ON: u8 = 1;
/// Edge state: not on the loop (crossed out).
pub const OFF: u8 = 2;

/// Clue value for a cell without a clue.
pub const NO_CLUE: i8 = -1;

/// Edges of a board as text rows: `h` has `H + 1` rows of `W` chars (horizontal edges, top row
/// first), `v` has `H` rows of `W + 1` chars (vertical edges).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edges {
    /// Horizontal edges, row by row.
    pub h: Vec<String>,
    /// Vertical edges, row by row.
    pub v: Vec<String>,
}

/// A Slitherlink board, parsed: size, clues as a compact array, the loop's edge states when
/// known, and the level. Its JSON form (see the crate docs) is read through a checked wire form,
/// so a `Puzzle` that came from JSON never holds an unreadable row; one built in code is checked
/// by [`Puzzle::check`], which the registry runs on every board.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(try_from = "Wire", into = "Wire")]
pub struct Puzzle {
    width: usize,
    height: usize,
    /// Whether the JSON form names `grid_size` (square boards from the generator do).
    grid_size: bool,
    /// `width * height` clues, row-major, [`NO_CLUE`] where empty.
    clues: Vec<i8>,
    /// The loop as edge states ([`ON`]/[`OFF`]) in [`Grid`] order.
    solution: Option<Vec<u8>>,
    difficulty: Option<u32>,
    /// The incidence tables, built on first use and kept with the board.
    grid: OnceLock<Grid>,
}

impl PartialEq for Puzzle {
    fn eq(&self, other: &Puzzle) -> bool {
        (self.width, self.height, self.grid_size) == (other.width, other.height, other.grid_size)
            && self.clues == other.clues
            && self.solution == other.solution
            && self.difficulty == other.difficulty
    }
}

impl Eq for Puzzle {}

/// The JSON form of [`Puzzle`], as it travels.
#[derive(Serialize, Deserialize)]
struct Wire {
    /// Columns.
    width: u32,
    /// Rows.
    height: u32,
    /// The side, present when the board is square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    grid_size: Option<u32>,
    /// `height` strings of `width` chars: `0`-`3` or `.` for no clue.
    clues: Vec<String>,
    /// The loop as `'0'/'1'` edge rows; absent when hidden or unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    solution: Option<Edges>,
    /// Level 1..10 from the grader; absent for puzzles read from text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    difficulty: Option<u32>,
}

impl TryFrom<Wire> for Puzzle {
    type Error = Error;

    fn try_from(w: Wire) -> Result<Puzzle> {
        let (width, height) = (w.width as usize, w.height as usize);
        if !(MIN_SIDE..=MAX_SIDE).contains(&width) || !(MIN_SIDE..=MAX_SIDE).contains(&height) {
            return Err(Error::puzzle(format!(
                "board {width}x{height} is out of bounds ({MIN_SIDE}..={MAX_SIDE} each side)"
            )));
        }
        if let Some(s) = w.grid_size
            && (width != height || s as usize != width)
        {
            return Err(Error::puzzle(format!(
                "grid_size {s} does not match width {width} and height {height}"
            )));
        }
        check_rows("clues", &w.clues, height, width, |b| {
            b == b'.' || (b'0'..=b'3').contains(&b)
        })?;
        let clues = w
            .clues
            .iter()
            .flat_map(|row| row.bytes())
            .map(|b| if b == b'.' { NO_CLUE } else { (b - b'0') as i8 })
            .collect();
        let solution = match &w.solution {
            Some(sol) => {
                check_edges("solution", sol, width, height, |b| b == b'0' || b == b'1')?;
                Some(edge_rows_to_states(width, height, sol))
            }
            None => None,
        };
        let p = Puzzle {
            width,
            height,
            grid_size: w.grid_size.is_some(),
            clues,
            solution,
            difficulty: w.difficulty,
            grid: OnceLock::new(),
        };
        p.check()?;
        Ok(p)
    }
}

impl From<Puzzle> for Wire {
    fn from(p: Puzzle) -> Wire {
        Wire {
            width: p.width as u32,
            height: p.height as u32,
            grid_size: p.grid_size.then_some(p.width as u32),
            clues: p.clue_rows(),
            solution: p.solution_rows(),
            difficulty: p.difficulty,
        }
    }
}

/// A player's marks: the same shape as [`Edges`], chars `1` = line, `x` = cross, `.` = unknown.
pub type State = Edges;

/// Edge rows (already shape-checked) to states in [`Grid`] order: `'1'` is [`ON`], anything
/// else [`OFF`].
fn edge_rows_to_states(w: usize, h: usize, e: &Edges) -> Vec<u8> {
    let code = |b: u8| if b == b'1' { ON } else { OFF };
    let mut out = Vec::with_capacity((h + 1) * w + h * (w + 1));
    out.extend(e.h.iter().flat_map(|row| row.bytes()).map(code));
    out.extend(e.v.iter().flat_map(|row| row.bytes()).map(code));
    out
}

impl Puzzle {
    /// A puzzle from compact clues (no solution, no difficulty); `grid_size` is named when the
    /// board is square. The registry checks every board it takes ([`Puzzle::check`]).
    pub fn from_clues(w: usize, h: usize, clues: &[i8]) -> Puzzle {
        Puzzle {
            width: w,
            height: h,
            grid_size: w == h,
            clues: clues.to_vec(),
            solution: None,
            difficulty: None,
            grid: OnceLock::new(),
        }
    }

    /// The same board with the loop's edge states (in [`Grid`] order; anything but [`ON`] is
    /// off the loop).
    pub fn with_solution(mut self, states: &[u8]) -> Puzzle {
        self.solution = Some(
            states
                .iter()
                .map(|&s| if s == ON { ON } else { OFF })
                .collect(),
        );
        self
    }

    /// The same board with its level.
    pub fn with_difficulty(mut self, level: u32) -> Puzzle {
        self.difficulty = Some(level);
        self
    }

    /// The same board without its answer.
    pub fn without_solution(&self) -> Puzzle {
        Puzzle {
            solution: None,
            ..self.clone()
        }
    }

    /// Board size as `(w, h)`.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.width as u32
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.height as u32
    }

    /// The level from the grader, if known.
    pub fn difficulty(&self) -> Option<u32> {
        self.difficulty
    }

    /// The incidence tables of this board's size, built once per board.
    pub fn grid(&self) -> &Grid {
        self.grid.get_or_init(|| Grid::new(self.width, self.height))
    }

    /// Checks the invariants: sizes within bounds, one clue per cell (0-3 or [`NO_CLUE`]), a
    /// solution with one state per edge, a level in 1..10.
    pub fn check(&self) -> Result<()> {
        let (w, h) = (self.width, self.height);
        if !(MIN_SIDE..=MAX_SIDE).contains(&w) || !(MIN_SIDE..=MAX_SIDE).contains(&h) {
            return Err(Error::puzzle(format!(
                "board {w}x{h} is out of bounds ({MIN_SIDE}..={MAX_SIDE} each side)"
            )));
        }
        if self.grid_size && w != h {
            return Err(Error::puzzle(format!(
                "grid_size is named but the board is {w}x{h}"
            )));
        }
        if self.clues.len() != w * h {
            return Err(Error::puzzle(format!(
                "{} clues for a {w}x{h} board",
                self.clues.len()
            )));
        }
        if let Some(i) = self.clues.iter().position(|&c| !(NO_CLUE..=3).contains(&c)) {
            return Err(Error::puzzle(format!(
                "clues row {}, column {}: {} is not a clue 0-3",
                i / w + 1,
                i % w + 1,
                self.clues[i]
            )));
        }
        if let Some(sol) = &self.solution
            && sol.len() != (h + 1) * w + h * (w + 1)
        {
            return Err(Error::puzzle(format!(
                "solution has {} edges; a {w}x{h} board has {}",
                sol.len(),
                (h + 1) * w + h * (w + 1)
            )));
        }
        if let Some(d) = self.difficulty
            && !(1..=10).contains(&d)
        {
            return Err(Error::puzzle(format!("difficulty {d} is not in 1..10")));
        }
        Ok(())
    }

    /// The clues, row-major ([`NO_CLUE`] where empty).
    pub fn clues(&self) -> &[i8] {
        &self.clues
    }

    /// The clues as a new vector (see [`Puzzle::clues`]).
    pub fn clue_array(&self) -> Vec<i8> {
        self.clues.clone()
    }

    /// The clue rows as text: `0`-`3`, `.` for no clue.
    pub fn clue_rows(&self) -> Vec<String> {
        self.clues
            .chunks(self.width.max(1))
            .map(|row| {
                row.iter()
                    .map(|&c| if c < 0 { '.' } else { (b'0' + c as u8) as char })
                    .collect()
            })
            .collect()
    }

    /// The stored loop as edge states ([`ON`]/[`OFF`]) in [`Grid`] order, if known.
    pub fn solution(&self) -> Option<&[u8]> {
        self.solution.as_deref()
    }

    /// The stored loop as `'0'/'1'` edge rows, if known.
    pub fn solution_rows(&self) -> Option<Edges> {
        let (w, h) = (self.width, self.height);
        let sol = self.solution.as_ref()?;
        let bit = |s: u8| if s == ON { '1' } else { '0' };
        let n_h = (h + 1) * w;
        Some(Edges {
            h: sol[..n_h]
                .chunks(w.max(1))
                .map(|r| r.iter().map(|&s| bit(s)).collect())
                .collect(),
            v: sol[n_h..]
                .chunks(w + 1)
                .map(|r| r.iter().map(|&s| bit(s)).collect())
                .collect(),
        })
    }
}

fn check_rows(
    what: &str,
    rows: &[String],
    n: usize,
    len: usize,
    ok: impl Fn(u8) -> bool,
) -> Result<()> {
    if rows.len() != n {
        return Err(Error::puzzle(format!(
            "{what} has {} rows, expected {n}",
            rows.len()
        )));
    }
    for (r, row) in rows.iter().enumerate() {
        if row.len() != len {
            return Err(Error::puzzle(format!(
                "{what} row {} has {} characters, expected {len}",
                r + 1,
                row.len()
            )));
        }
        if let Some(i) = row.bytes().position(|b| !ok(b)) {
            let ch: String = row[i..].chars().take(1).collect();
            return Err(Error::puzzle(format!(
                "{what} row {}, column {}: '{ch}' is not allowed",
                r + 1,
                i + 1
            )));
        }
    }
    Ok(())
}

/// Checks the shape and characters of an [`Edges`] value for a `w x h` board.
pub fn check_edges(
    what: &str,
    e: &Edges,
    w: usize,
    h: usize,
    ok: impl Fn(u8) -> bool + Copy,
) -> Result<()> {
    check_rows(&format!("{what}.h"), &e.h, h + 1, w, ok)?;
    check_rows(&format!("{what}.v"), &e.v, h, w + 1, ok)
}

/// Edge rows to compact states: `'1'` -> [`ON`], `'0'`/`'x'` -> [`OFF`], else [`UNKNOWN`].
pub fn edges_to_states(g: &Grid, e: &Edges) -> Vec<u8> {
    let mut out = vec![UNKNOWN; g.n_edges];
    let code = |b: u8| match b {
        b'1' => ON,
        b'0' | b'x' | b'X' => OFF,
        _ => UNKNOWN,
    };
    for (r, row) in e.h.iter().enumerate() {
        for (c, b) in row.bytes().enumerate() {
            out[g.h_edge(r, c)] = code(b);
        }
    }
    for (r, row) in e.v.iter().enumerate() {
        for (c, b) in row.bytes().enumerate() {
            out[g.v_edge(r, c)] = code(b);
        }
    }
    out
}

/// Compact states to edge rows, writing `on`, `off` and `unknown` chars.
pub fn states_to_edges(g: &Grid, s: &[u8], chars: [char; 3]) -> Edges {
    let ch = |x: u8| match x {
        ON => chars[0],
        OFF => chars[1],
        _ => chars[2],
    };
    let h = (0..=g.h)
        .map(|r| (0..g.w).map(|c| ch(s[g.h_edge(r, c)])).collect())
        .collect();
    let v = (0..g.h)
        .map(|r| (0..=g.w).map(|c| ch(s[g.v_edge(r, c)])).collect())
        .collect();
    Edges { h, v }
}

/// A solved loop as `'0'/'1'` rows (unknown edges, if any, read as `'0'`).
pub fn solution_edges(g: &Grid, s: &[u8]) -> Edges {
    states_to_edges(g, s, ['1', '0', '0'])
}

/// True if the lines of edge states `st` (every degree already 0 or 2) form exactly one loop.
pub fn single_loop(g: &Grid, st: &[u8]) -> bool {
    let total = st.iter().filter(|&&s| s == ON).count();
    let Some(start) = st.iter().position(|&s| s == ON) else {
        return false;
    };
    let (mut edge, mut v) = (start, g.edge_verts[start][1] as usize);
    let mut steps = 1;
    loop {
        let next = g.vert_edges[v]
            .iter()
            .map(|&f| f as usize)
            .find(|&f| f != edge && f != NONE as usize && st[f] == ON);
        let Some(f) = next else { return false };
        if f == start {
            return steps == total;
        }
        let [a, b] = g.edge_verts[f];
        v = if a as usize == v {
            b as usize
        } else {
            a as usize
        };
        edge = f;
        steps += 1;
        if steps > total {
            return false;
        }
    }
}
