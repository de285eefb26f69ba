//! The course: ground columns, obstacles, and the JSON form of a puzzle.
//!
//! # Puzzle JSON (what `dayseed gen fourstep` prints besides id/seed/digest/attempts)
//! ```json
//! {"bpm":128,"bars":32,"difficulty":3,
//!  "ground":"0000000000000000000011__11111222...",
//!  "obstacles":[{"kind":"runner","from":40,"to":42,"level":1,"phase":7},
//!               {"kind":"mole","cell":51,"level":0,"period":2,"phase":1},
//!               {"kind":"jelly","cell":60,"level":0,"phase":30},
//!               {"kind":"glider","cell":75,"level":2,"altitude":84,"from":70,"to":80}],
//!  "terrains":[{"bar":1,"bars":2,"shape":"pits","difficulty_milli":3000,"attempts":1,
//!               "fallback":false,"layer_max":31,"states":1204}],
//!  "tape":"1.1mP0.2kP0...","presses":23,"windows_ms":[211,188,...],"tightest_ms":117}
//! ```
//! `ground` has one character per cell (16 per bar): `0`-`3` = ground level, `_` = pit; the
//! first and last cells are ground. Left of the course the ground is level 0, right of it the
//! level of the last cell. `tape` is the solver's winning tape (text form; removed by
//! `without_solution`), `windows_ms` the timing window of each of its presses (see
//! [`crate::solver`]). Unknown fields are ignored, so a whole `gen` line reads as a puzzle.

use dayseed_core::{Error, Result};
use serde::{Deserialize, Serialize};

use crate::physics::{CELL, CELLS_PER_BAR, MAX_LEVEL};

/// The fewest bars (one intro bar and at least one terrain).
pub const MIN_BARS: u32 = 2;
/// The most bars.
pub const MAX_BARS: u32 = 512;
/// The slowest tempo.
pub const MIN_BPM: u32 = 40;
/// The fastest tempo.
pub const MAX_BPM: u32 = 300;
/// The most obstacles per bar in a puzzle read from outside.
pub const MAX_OBSTACLES_PER_BAR: usize = 16;
/// The widest zone of a moving obstacle, cells.
pub const MAX_ZONE: u32 = 32;

/// An obstacle. Motions and hitboxes: [`Obstacle::hitbox`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Obstacle {
    /// A ground enemy pacing between two columns.
    Runner {
        /// Leftmost column of its walk.
        from: u32,
        /// Rightmost column of its walk.
        to: u32,
        /// The ground level it walks on.
        level: u8,
        /// Offset of its walk, ticks.
        phase: u32,
    },
    /// Pops out of the ground on a beat.
    Mole {
        /// Its column.
        cell: u32,
        /// The ground level.
        level: u8,
        /// Beats between pops (2..=4).
        period: u32,
        /// Beat offset.
        phase: u32,
    },
    /// Floats and bobs.
    Jelly {
        /// Its column.
        cell: u32,
        /// The ground level below it.
        level: u8,
        /// Offset of its bob, ticks (0..96).
        phase: u32,
    },
    /// Crosses in the air, right to left.
    Glider {
        /// The column where it meets the hero.
        cell: u32,
        /// The ground level it flies over.
        level: u8,
        /// Height of its bottom above that level, units (60 per cell).
        altitude: u32,
        /// First column of its lane.
        from: u32,
        /// Last column of its lane.
        to: u32,
    },
}

/// One terrain as generated (a record for reports; play does not need it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TerrainInfo {
    /// First bar.
    pub bar: u32,
    /// Length in bars.
    pub bars: u32,
    /// `flat`, `pits`, `steps`, or `fallback`.
    pub shape: String,
    /// The difficulty of the accepted attempt in thousandths (1000 x level, x 72 / 100 per retry).
    pub difficulty_milli: u32,
    /// Attempts used (1..=8; 8 with `fallback`).
    pub attempts: u32,
    /// True when all attempts failed and the fallback terrain was used.
    pub fallback: bool,
    /// The widest BFS layer of the accepted attempt.
    pub layer_max: u32,
    /// States expanded over all attempts.
    pub states: u64,
}

/// A fourstep puzzle, parsed: the playable [`Course`] (tempo, bars, ground and obstacles, read
/// and bounded once when the puzzle comes in) and what the generator recorded beside it. There is
/// no other way to make one than from its JSON form, so every `Puzzle` holds a checked course.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(try_from = "Wire", into = "Wire")]
pub struct Puzzle {
    course: Course,
    /// Difficulty level 1..=5 the course was generated at.
    pub difficulty: u32,
    /// The terrains as generated.
    pub terrains: Vec<TerrainInfo>,
    /// The solver's winning tape, text form.
    pub tape: Option<String>,
    /// Presses in the solver's tape.
    pub presses: Option<u32>,
    /// Timing window of each press, milliseconds at the course's tempo.
    pub windows_ms: Vec<u32>,
    /// The smallest window.
    pub tightest_ms: Option<u32>,
}

impl PartialEq for Puzzle {
    fn eq(&self, other: &Puzzle) -> bool {
        let (a, b) = (&self.course, &other.course);
        (a.bpm, a.bars, &a.levels, &a.obstacles) == (b.bpm, b.bars, &b.levels, &b.obstacles)
            && self.difficulty == other.difficulty
            && self.terrains == other.terrains
            && self.tape == other.tape
            && self.presses == other.presses
            && self.windows_ms == other.windows_ms
            && self.tightest_ms == other.tightest_ms
    }
}

/// A fourstep puzzle in its JSON form, as it travels.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Wire {
    /// Tempo, beats per minute.
    pub bpm: u32,
    /// Length in bars (4 beats each).
    pub bars: u32,
    /// Difficulty level 1..=5 the course was generated at.
    pub difficulty: u32,
    /// One character per cell: `0`-`3` level, `_` pit.
    pub ground: String,
    /// Obstacles.
    pub obstacles: Vec<Obstacle>,
    /// The terrains as generated.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrains: Vec<TerrainInfo>,
    /// The solver's winning tape, text form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tape: Option<String>,
    /// Presses in the solver's tape.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub presses: Option<u32>,
    /// Timing window of each press, milliseconds at the course's tempo.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub windows_ms: Vec<u32>,
    /// The smallest window.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tightest_ms: Option<u32>,
}

impl TryFrom<Wire> for Puzzle {
    type Error = Error;

    fn try_from(w: Wire) -> Result<Puzzle> {
        Ok(Puzzle {
            course: Course::from_wire(&w)?,
            difficulty: w.difficulty,
            terrains: w.terrains,
            tape: w.tape,
            presses: w.presses,
            windows_ms: w.windows_ms,
            tightest_ms: w.tightest_ms,
        })
    }
}

impl From<Puzzle> for Wire {
    fn from(p: Puzzle) -> Wire {
        Wire {
            bpm: p.course.bpm,
            bars: p.course.bars,
            difficulty: p.difficulty,
            ground: p.course.ground_text(),
            obstacles: p.course.obstacles.clone(),
            terrains: p.terrains,
            tape: p.tape,
            presses: p.presses,
            windows_ms: p.windows_ms,
            tightest_ms: p.tightest_ms,
        }
    }
}

impl Puzzle {
    /// The playable course.
    pub fn course(&self) -> &Course {
        &self.course
    }

    /// Tempo, beats per minute.
    pub fn bpm(&self) -> u32 {
        self.course.bpm
    }

    /// Length in bars (4 beats each).
    pub fn bars(&self) -> u32 {
        self.course.bars
    }

    /// The ground, one character per cell: `0`-`3` level, `_` pit.
    pub fn ground(&self) -> String {
        self.course.ground_text()
    }

    /// The obstacles.
    pub fn obstacles(&self) -> &[Obstacle] {
        &self.course.obstacles
    }
}

/// The playable course: columns and obstacles with a lookup by bar.
#[derive(Debug, Clone)]
pub struct Course {
    /// Tempo.
    pub bpm: u32,
    /// Bars of the full course (the generator fills them terrain by terrain).
    pub bars: u32,
    /// Ground level per column, -1 = pit.
    pub levels: Vec<i8>,
    /// Obstacles.
    pub obstacles: Vec<Obstacle>,
    near: Vec<Vec<usize>>,
}

/// Columns of slack around an obstacle's zone in the bar lookup: covers the hero's half width,
/// the widest hitbox half width and the largest margin (18 + 30 + 33 units < 2 cells).
const NEAR_SLACK: u32 = 2;

impl Course {
    /// An empty course of `bars` bars at `bpm` (columns are pushed by the generator).
    pub fn new(bpm: u32, bars: u32) -> Course {
        Course {
            bpm,
            bars,
            levels: Vec::new(),
            obstacles: Vec::new(),
            near: vec![Vec::new(); bars as usize + 1],
        }
    }

    /// Ticks from start to finish.
    pub fn end_tick(&self) -> u32 {
        self.bars * crate::physics::TICKS_PER_BAR
    }

    /// The ground top of column `c` in units, None for a pit. Left of the course: level 0; right
    /// of the columns so far: the last column's level.
    pub fn top(&self, c: i64) -> Option<i64> {
        let level = if c < 0 {
            0
        } else {
            match self.levels.get(c as usize) {
                Some(&l) => l,
                None => self.levels.last().copied().unwrap_or(0),
            }
        };
        (level >= 0).then(|| i64::from(level) * CELL)
    }

    /// Obstacles that may touch a hero centred at `x`.
    pub fn obstacles_near(&self, x: i64) -> &[usize] {
        let bar = x.div_euclid(CELL * i64::from(CELLS_PER_BAR));
        usize::try_from(bar)
            .ok()
            .and_then(|b| self.near.get(b))
            .map_or(&[], |v| v.as_slice())
    }

    /// Adds an obstacle (and indexes it by the bars it can reach).
    pub fn push_obstacle(&mut self, o: Obstacle) {
        let index = self.obstacles.len();
        let (first, last) = o.zone();
        let first_bar = first.saturating_sub(NEAR_SLACK) / CELLS_PER_BAR;
        let last_bar = ((last + NEAR_SLACK) / CELLS_PER_BAR).min(self.bars);
        for b in first_bar..=last_bar {
            self.near[b as usize].push(index);
        }
        self.obstacles.push(o);
    }

    /// Drops columns and obstacles back to the given counts (a failed attempt).
    pub fn truncate(&mut self, columns: usize, obstacles: usize) {
        self.levels.truncate(columns);
        self.obstacles.truncate(obstacles);
        for list in &mut self.near {
            while list.last().is_some_and(|&i| i >= obstacles) {
                list.pop();
            }
        }
    }

    /// The ground as text, one character per column.
    pub fn ground_text(&self) -> String {
        self.levels
            .iter()
            .map(|&l| {
                if l < 0 {
                    '_'
                } else {
                    char::from(b'0' + l as u8)
                }
            })
            .collect()
    }

    /// Reads and checks a puzzle's JSON form: every bound, naming what is wrong.
    pub fn from_wire(p: &Wire) -> Result<Course> {
        check_bpm(p.bpm)?;
        check_bars(p.bars)?;
        if !(1..=5).contains(&p.difficulty) {
            return Err(Error::puzzle(format!(
                "difficulty {} is not 1 to 5",
                p.difficulty
            )));
        }
        let columns = (p.bars * CELLS_PER_BAR) as usize;
        if p.ground.len() != columns {
            return Err(Error::puzzle(format!(
                "ground has {} characters; {} bars need {columns}",
                p.ground.len(),
                p.bars
            )));
        }
        let mut course = Course::new(p.bpm, p.bars);
        for (i, ch) in p.ground.chars().enumerate() {
            let level = match ch {
                '_' => -1,
                '0'..='3' => ch as i8 - b'0' as i8,
                _ => {
                    return Err(Error::puzzle(format!(
                        "ground cell {i}: '{ch}' is not a level 0-{MAX_LEVEL} or '_' (pit)"
                    )));
                }
            };
            course.levels.push(level);
        }
        if course.levels[0] < 0 || course.levels[columns - 1] < 0 {
            return Err(Error::puzzle(
                "the first and last ground cells must not be pits",
            ));
        }
        if p.obstacles.len() > MAX_OBSTACLES_PER_BAR * p.bars as usize {
            return Err(Error::puzzle(format!(
                "{} obstacles; at most {MAX_OBSTACLES_PER_BAR} per bar",
                p.obstacles.len()
            )));
        }
        for (i, o) in p.obstacles.iter().enumerate() {
            check_obstacle(o, columns as u32)
                .map_err(|m| Error::puzzle(format!("obstacle {i}: {m}")))?;
            course.push_obstacle(*o);
        }
        Ok(course)
    }
}

fn check_obstacle(o: &Obstacle, columns: u32) -> std::result::Result<(), String> {
    let level = match *o {
        Obstacle::Runner { level, .. }
        | Obstacle::Mole { level, .. }
        | Obstacle::Jelly { level, .. }
        | Obstacle::Glider { level, .. } => level,
    };
    if level > MAX_LEVEL as u8 {
        return Err(format!("level {level} is above {MAX_LEVEL}"));
    }
    let (first, last) = o.zone();
    if first > last || last >= columns || last - first > MAX_ZONE {
        return Err(format!(
            "columns {first}..={last} are not a zone of at most {MAX_ZONE} cells inside the \
             course's {columns}"
        ));
    }
    match *o {
        Obstacle::Runner {
            from, to, phase, ..
        } if from == to || phase > 1_000_000 => {
            Err("a runner needs from < to and phase <= 1000000".into())
        }
        Obstacle::Mole { period, phase, .. } if !(2..=4).contains(&period) || phase >= period => {
            Err(format!(
                "mole period {period} / phase {phase}: period 2-4, phase below it"
            ))
        }
        Obstacle::Jelly { phase, .. } if phase >= 96 => {
            Err(format!("jelly phase {phase} is not below 96"))
        }
        Obstacle::Glider {
            cell,
            altitude,
            from,
            to,
            ..
        } if altitude > 600 || cell < from || cell > to => {
            Err("a glider needs altitude <= 600 and from <= cell <= to".into())
        }
        _ => Ok(()),
    }
}

/// Checks a tempo.
pub fn check_bpm(bpm: u32) -> Result<()> {
    if (MIN_BPM..=MAX_BPM).contains(&bpm) {
        Ok(())
    } else {
        Err(Error::params(format!(
            "tempo {bpm} BPM is not between {MIN_BPM} and {MAX_BPM}"
        )))
    }
}

/// Checks a length.
pub fn check_bars(bars: u32) -> Result<()> {
    if (MIN_BARS..=MAX_BARS).contains(&bars) {
        Ok(())
    } else {
        Err(Error::params(format!(
            "{bars} bars is not between {MIN_BARS} and {MAX_BARS}"
        )))
    }
}
