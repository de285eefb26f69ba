//! The static level the physics runs in: a grid of cells, chamber spans (switches open the doors
//! of their own chamber), timed gates and the exit line.

use dayseed_core::{Error, Result};
use serde::{Deserialize, Serialize};

/// Empty air.
pub const AIR: u8 = b'.';
/// Solid rock.
pub const ROCK: u8 = b'#';
/// A spike: deadly, its hitbox is the lower half of the cell (x inset by 0.1).
pub const SPIKE: u8 = b'^';
/// A floor switch (a plate over the bottom 0.3 of the cell): opens its chamber's doors.
pub const SWITCH: u8 = b'_';
/// A door: solid unless its chamber's switch is held.
pub const DOOR: u8 = b'D';
/// A timed gate: solid except in its open window.
pub const GATE: u8 = b'G';
/// An exit marker (decoration; winning is crossing `exit_x`).
pub const EXIT: u8 = b'E';

/// Every cell byte a map may hold.
pub const CELLS: &[u8] = b".#^_DGE";

/// Largest map width accepted from outside.
pub const MAX_WIDTH: usize = 4096;
/// Largest map height accepted from outside.
pub const MAX_HEIGHT: usize = 32;

/// A timed gate over a column range: open while `(tick - phase) mod period < open`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gate {
    /// First column (inclusive).
    pub x0: usize,
    /// Last column (exclusive).
    pub x1: usize,
    /// Cycle length in ticks.
    pub period: u32,
    /// Open ticks at the start of each cycle.
    pub open: u32,
    /// Tick at which a cycle starts (mod period).
    pub phase: u32,
}

impl Gate {
    /// Whether the gate is open at `tick`; `trim` ticks are cut from each end of the window
    /// (the verification margin).
    pub fn is_open(&self, tick: u32, trim: u32) -> bool {
        let p = u64::from(self.period);
        let t = (u64::from(tick) + p - u64::from(self.phase) % p) % p;
        t >= u64::from(trim) && t + u64::from(trim) < u64::from(self.open)
    }
}

/// The map and its mechanisms, checked and indexed for the step function.
#[derive(Debug, Clone)]
pub struct World {
    /// Columns.
    pub width: usize,
    /// Rows (row 0 at the top, y grows downwards).
    pub height: usize,
    cells: Vec<u8>,
    /// Chamber column spans `(x0, x1)`; a switch opens the doors of its own span.
    pub spans: Vec<(usize, usize)>,
    /// Timed gates.
    pub gates: Vec<Gate>,
    /// Both cores' centres beyond `exit_x + 0.5` win.
    pub exit_x: usize,
    chamber_of: Vec<u16>,
    gate_of: Vec<u16>,
}

/// No chamber / no gate in a column index.
pub const NONE: u16 = u16::MAX;

impl World {
    /// Builds a world from rows; checks shape, cell bytes, spans, gates and the exit.
    pub fn new(
        rows: &[String],
        spans: Vec<(usize, usize)>,
        gates: Vec<Gate>,
        exit_x: usize,
    ) -> Result<World> {
        let height = rows.len();
        if !(4..=MAX_HEIGHT).contains(&height) {
            return Err(Error::puzzle(format!(
                "map has {height} rows; 4 to {MAX_HEIGHT} are allowed"
            )));
        }
        let width = rows[0].len();
        if !(8..=MAX_WIDTH).contains(&width) {
            return Err(Error::puzzle(format!(
                "map is {width} columns wide; 8 to {MAX_WIDTH} are allowed"
            )));
        }
        let mut cells = Vec::with_capacity(width * height);
        for (r, row) in rows.iter().enumerate() {
            if row.len() != width {
                return Err(Error::puzzle(format!(
                    "map row {r} has {} columns, row 0 has {width}",
                    row.len()
                )));
            }
            for (c, b) in row.bytes().enumerate() {
                if !CELLS.contains(&b) {
                    return Err(Error::puzzle(format!(
                        "map row {r}, column {c}: {:?} is not a cell (one of .#^_DGE)",
                        char::from(b)
                    )));
                }
                cells.push(b);
            }
        }
        let mut world = World {
            width,
            height,
            cells,
            spans: Vec::new(),
            gates: Vec::new(),
            exit_x,
            chamber_of: vec![NONE; width],
            gate_of: vec![NONE; width],
        };
        world.set_spans(spans)?;
        world.set_gates(gates)?;
        if exit_x.saturating_add(2) > width {
            return Err(Error::puzzle(format!(
                "exit at column {exit_x} is not inside a map {width} wide"
            )));
        }
        Ok(world)
    }

    /// Replaces the chamber spans (contiguous, in order, inside the map, at most 256).
    pub fn set_spans(&mut self, spans: Vec<(usize, usize)>) -> Result<()> {
        if spans.len() > 256 {
            return Err(Error::puzzle("more than 256 chambers"));
        }
        let mut chamber_of = vec![NONE; self.width];
        for (i, &(x0, x1)) in spans.iter().enumerate() {
            if x0 >= x1 || x1 > self.width {
                return Err(Error::puzzle(format!(
                    "chamber {i}: columns {x0}..{x1} are not a span inside the map"
                )));
            }
            for slot in &mut chamber_of[x0..x1] {
                if *slot != NONE {
                    return Err(Error::puzzle(format!("chamber {i} overlaps another")));
                }
                *slot = i as u16;
            }
        }
        self.spans = spans;
        self.chamber_of = chamber_of;
        Ok(())
    }

    /// Replaces the gates (inside the map, not overlapping, periods 30..=6000 ticks, open windows
    /// of 30 ticks up to the period, at most 256).
    pub fn set_gates(&mut self, gates: Vec<Gate>) -> Result<()> {
        if gates.len() > 256 {
            return Err(Error::puzzle("more than 256 gates"));
        }
        let mut gate_of = vec![NONE; self.width];
        for (i, g) in gates.iter().enumerate() {
            if g.x0 >= g.x1 || g.x1 > self.width {
                return Err(Error::puzzle(format!(
                    "gate {i}: columns {}..{} are not a span inside the map",
                    g.x0, g.x1
                )));
            }
            if !(30..=6000).contains(&g.period) || g.open < 30 || g.open > g.period {
                return Err(Error::puzzle(format!(
                    "gate {i}: period {} and open {} ticks are out of range (period 30..=6000, \
                     open 30..=period)",
                    g.period, g.open
                )));
            }
            for slot in &mut gate_of[g.x0..g.x1] {
                if *slot != NONE {
                    return Err(Error::puzzle(format!("gate {i} overlaps another")));
                }
                *slot = i as u16;
            }
        }
        self.gates = gates;
        self.gate_of = gate_of;
        Ok(())
    }

    /// The cell at (column, row); `None` outside the map.
    pub fn cell(&self, c: i64, r: i64) -> Option<u8> {
        if c < 0 || r < 0 || c >= self.width as i64 || r >= self.height as i64 {
            return None;
        }
        Some(self.cells[r as usize * self.width + c as usize])
    }

    /// The chamber a column belongs to, or [`NONE`].
    pub fn chamber_of(&self, c: usize) -> u16 {
        self.chamber_of.get(c).copied().unwrap_or(NONE)
    }

    /// The gate over a column, or [`NONE`].
    pub fn gate_of(&self, c: usize) -> u16 {
        self.gate_of.get(c).copied().unwrap_or(NONE)
    }

    /// The map as text rows.
    pub fn rows(&self) -> Vec<String> {
        self.cells
            .chunks(self.width)
            .map(|row| String::from_utf8_lossy(row).into_owned())
            .collect()
    }
}
