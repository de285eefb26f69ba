//! The public JSON forms (puzzle, edges, player state) and their conversion to compact arrays.

use dayseed_core::{Error, Result};
use serde::{Deserialize, Serialize};

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

/// A Slitherlink board (see the crate docs for the JSON form).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// The side, present when the board is square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid_size: Option<u32>,
    /// `height` strings of `width` chars: `0`-`3` or `.` for no clue.
    pub clues: Vec<String>,
    /// The loop as `'0'/'1'` edge rows; absent when hidden or unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<Edges>,
    /// Level 1..10 from the grader; absent for puzzles read from text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<u32>,
}

/// A player's marks: the same shape as [`Edges`], chars `1` = line, `x` = cross, `.` = unknown.
pub type State = Edges;

impl Puzzle {
    /// A puzzle from compact clues (no solution, no difficulty).
    pub fn from_clues(w: usize, h: usize, clues: &[i8]) -> Puzzle {
        let rows = (0..h)
            .map(|r| {
                clues[r * w..(r + 1) * w]
                    .iter()
                    .map(|&c| if c < 0 { '.' } else { (b'0' + c as u8) as char })
                    .collect()
            })
            .collect();
        Puzzle {
            width: w as u32,
            height: h as u32,
            grid_size: (w == h).then_some(w as u32),
            clues: rows,
            solution: None,
            difficulty: None,
        }
    }

    /// Board size as `(w, h)` after [`Puzzle::check`].
    pub fn size(&self) -> (usize, usize) {
        (self.width as usize, self.height as usize)
    }

    /// Validates sizes and characters (never panics on untrusted input).
    pub fn check(&self) -> Result<()> {
        let (w, h) = (self.width as usize, self.height as usize);
        if !(MIN_SIDE..=MAX_SIDE).contains(&w) || !(MIN_SIDE..=MAX_SIDE).contains(&h) {
            return Err(Error::puzzle(format!(
                "board {w}x{h} is out of bounds ({MIN_SIDE}..={MAX_SIDE} each side)"
            )));
        }
        if let Some(s) = self.grid_size
            && (w != h || s as usize != w)
        {
            return Err(Error::puzzle(format!(
                "grid_size {s} does not match width {w} and height {h}"
            )));
        }
        check_rows("clues", &self.clues, h, w, |b| {
            b == b'.' || (b'0'..=b'3').contains(&b)
        })?;
        if let Some(sol) = &self.solution {
            check_edges("solution", sol, w, h, |b| b == b'0' || b == b'1')?;
        }
        if let Some(d) = self.difficulty
            && !(1..=10).contains(&d)
        {
            return Err(Error::puzzle(format!("difficulty {d} is not in 1..10")));
        }
        Ok(())
    }

    /// Clues as a compact array ([`NO_CLUE`] where empty), after [`Puzzle::check`].
    pub fn clue_array(&self) -> Vec<i8> {
        self.clues
            .iter()
            .flat_map(|row| row.bytes())
            .map(|b| if b == b'.' { NO_CLUE } else { (b - b'0') as i8 })
            .collect()
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
