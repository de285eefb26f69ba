//! The public JSON form of a board and a player's state, with bounds checks and the conversion to
//! the fixed-point solving model.

use std::sync::OnceLock;

use dayseed_core::{Error, Result};
use serde::{Deserialize, Serialize};

use crate::candidates::Line;
use crate::difficulty::Difficulty;
use crate::geometry::{Point, UNIT};
use crate::model::Model;

/// Largest board side accepted, in cells.
pub const MAX_SIDE: u32 = 16;
/// Most stars accepted.
pub const MAX_STARS: usize = 64;
/// Most candidate lines accepted.
pub const MAX_CANDIDATES: usize = 2048;
/// Largest star number accepted.
pub const MAX_STAR_NUMBER: u32 = 9;

/// A star: position in cell units (0 = left/top edge), its number, and whether lines may bend
/// at it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Star {
    /// Horizontal position in cells, a multiple of 0.001.
    pub x: f64,
    /// Vertical position in cells (downwards), a multiple of 0.001.
    pub y: f64,
    /// How many lines must touch the star.
    pub number: u32,
    /// True for a gravity star.
    pub gravity: bool,
}

/// A Starlink board (the JSON printed by `dayseed gen starlink`), validated when it is read: the
/// stars and candidate lines are private, so the solving model built from them on first use
/// ([`Puzzle::model`]) is kept with the board and never goes stale.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(try_from = "Wire", into = "Wire")]
pub struct Puzzle {
    /// Board width in cells.
    pub width: u32,
    /// Board height in cells.
    pub height: u32,
    /// The difficulty the board was generated for.
    pub difficulty: Difficulty,
    stars: Vec<Star>,
    candidates: Vec<Vec<u32>>,
    /// The generator's answer: ascending indices into `candidates` (absent once removed).
    pub solution: Option<Vec<u32>>,
    /// Whether the board was proven to have exactly one solution.
    pub unique: Option<bool>,
    /// The number of solutions, counted up to the generator's limit (absent if not settled).
    pub solutions: Option<u64>,
    /// The solving model of the stars and lines, built on first use.
    solving: OnceLock<Model>,
}

impl PartialEq for Puzzle {
    fn eq(&self, other: &Puzzle) -> bool {
        (self.width, self.height, self.difficulty) == (other.width, other.height, other.difficulty)
            && self.stars == other.stars
            && self.candidates == other.candidates
            && self.solution == other.solution
            && self.unique == other.unique
            && self.solutions == other.solutions
    }
}

/// The JSON form of [`Puzzle`], as it travels (field order is the wire order).
#[derive(Serialize, Deserialize)]
struct Wire {
    width: u32,
    height: u32,
    difficulty: Difficulty,
    stars: Vec<Star>,
    candidates: Vec<Vec<u32>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    solution: Option<Vec<u32>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    unique: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    solutions: Option<u64>,
}

impl TryFrom<Wire> for Puzzle {
    type Error = Error;

    fn try_from(w: Wire) -> Result<Puzzle> {
        let mut p = Puzzle::new(w.width, w.height, w.difficulty, w.stars, w.candidates);
        p.solution = w.solution;
        p.unique = w.unique;
        p.solutions = w.solutions;
        p.validate()?;
        Ok(p)
    }
}

impl From<Puzzle> for Wire {
    fn from(p: Puzzle) -> Wire {
        Wire {
            width: p.width,
            height: p.height,
            difficulty: p.difficulty,
            stars: p.stars,
            candidates: p.candidates,
            solution: p.solution,
            unique: p.unique,
            solutions: p.solutions,
        }
    }
}

/// A player's progress: the candidate lines drawn, in the order they were drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Indices into the puzzle's `candidates`.
    pub lines: Vec<u32>,
}

/// A coordinate in cells to fixed point (rounded to the nearest 1/1000 cell).
pub fn to_fixed(cells: f64) -> i64 {
    (cells * UNIT as f64).round() as i64
}

/// A fixed-point coordinate back to cells.
pub fn to_cells(units: i64) -> f64 {
    units as f64 / UNIT as f64
}

fn check_indices(what: &str, list: &[u32], bound: usize, distinct: bool) -> Result<()> {
    for (k, &i) in list.iter().enumerate() {
        if i as usize >= bound {
            return Err(Error::puzzle(format!(
                "{what}: index {i} is out of range (0..{bound})"
            )));
        }
        if distinct && list[..k].contains(&i) {
            return Err(Error::puzzle(format!("{what}: index {i} appears twice")));
        }
    }
    Ok(())
}

impl Puzzle {
    /// A board of stars and candidate lines, without answer or count. The registry checks every
    /// board it takes in ([`Puzzle::validate`]).
    pub fn new(
        width: u32,
        height: u32,
        difficulty: Difficulty,
        stars: Vec<Star>,
        candidates: Vec<Vec<u32>>,
    ) -> Puzzle {
        Puzzle {
            width,
            height,
            difficulty,
            stars,
            candidates,
            solution: None,
            unique: None,
            solutions: None,
            solving: OnceLock::new(),
        }
    }

    /// The stars.
    pub fn stars(&self) -> &[Star] {
        &self.stars
    }

    /// Candidate lines: `[a, b]` straight or `[a, g, b]` bent at gravity star `g`.
    pub fn candidates(&self) -> &[Vec<u32>] {
        &self.candidates
    }

    /// The same board without its answer (the solving model is kept).
    pub fn without_solution(&self) -> Puzzle {
        Puzzle {
            solution: None,
            ..self.clone()
        }
    }

    /// Checks every bound: sizes, star positions (finite, on the board, distinct), numbers,
    /// candidate shapes (2 or 3 distinct stars, the middle of 3 a gravity star), solution indices.
    pub fn validate(&self) -> Result<()> {
        for (name, side) in [("width", self.width), ("height", self.height)] {
            if !(2..=MAX_SIDE).contains(&side) {
                return Err(Error::puzzle(format!(
                    "{name} {side} is outside 2..={MAX_SIDE}"
                )));
            }
        }
        if self.stars.is_empty() || self.stars.len() > MAX_STARS {
            return Err(Error::puzzle(format!(
                "{} stars; a board has 1 to {MAX_STARS}",
                self.stars.len()
            )));
        }
        let mut seen: Vec<Point> = Vec::with_capacity(self.stars.len());
        for (i, s) in self.stars.iter().enumerate() {
            let inside = |v: f64, side: u32| v.is_finite() && (0.0..=f64::from(side)).contains(&v);
            if !inside(s.x, self.width) || !inside(s.y, self.height) {
                return Err(Error::puzzle(format!(
                    "star {i}: position ({}, {}) is not on the {}x{} board",
                    s.x, s.y, self.width, self.height
                )));
            }
            if s.number > MAX_STAR_NUMBER {
                return Err(Error::puzzle(format!(
                    "star {i}: number {} is above {MAX_STAR_NUMBER}",
                    s.number
                )));
            }
            let p = Point::new(to_fixed(s.x), to_fixed(s.y));
            if let Some(j) = seen.iter().position(|&q| q == p) {
                return Err(Error::puzzle(format!(
                    "star {i} is at the same position as star {j}"
                )));
            }
            seen.push(p);
        }
        if self.candidates.len() > MAX_CANDIDATES {
            return Err(Error::puzzle(format!(
                "{} candidates; at most {MAX_CANDIDATES}",
                self.candidates.len()
            )));
        }
        for (k, c) in self.candidates.iter().enumerate() {
            if c.len() != 2 && c.len() != 3 {
                return Err(Error::puzzle(format!(
                    "candidate {k}: a line lists 2 stars (straight) or 3 (bent), not {}",
                    c.len()
                )));
            }
            check_indices(&format!("candidate {k}"), c, self.stars.len(), true)?;
            if c.len() == 3 && !self.stars[c[1] as usize].gravity {
                return Err(Error::puzzle(format!(
                    "candidate {k}: star {} is not a gravity star, a line cannot bend there",
                    c[1]
                )));
            }
        }
        if let Some(sol) = &self.solution {
            check_indices("solution", sol, self.candidates.len(), true)?;
        }
        Ok(())
    }

    /// Checks a player's state against this (validated) puzzle.
    pub fn validate_state(&self, state: &State) -> Result<()> {
        check_indices("lines", &state.lines, self.candidates.len(), true)
            .map_err(|e| Error::state(e.message()))
    }

    /// The candidate lines in the solver's form (the puzzle must be valid).
    pub fn lines(&self) -> Vec<Line> {
        self.candidates
            .iter()
            .map(|c| {
                if c.len() == 3 {
                    Line::bent(c[0] as u16, c[1] as u16, c[2] as u16)
                } else {
                    Line::straight(c[0] as u16, c[1] as u16)
                }
            })
            .collect()
    }

    /// The star positions in fixed point.
    pub fn points(&self) -> Vec<Point> {
        self.stars
            .iter()
            .map(|s| Point::new(to_fixed(s.x), to_fixed(s.y)))
            .collect()
    }

    /// The solving model (the puzzle must be valid), built on first use and kept with the board:
    /// checks and hints on a kept board do not recompute the crossing table.
    pub fn model(&self) -> &Model {
        self.solving.get_or_init(|| {
            Model::new(
                self.points(),
                self.stars.iter().map(|s| s.gravity).collect(),
                self.stars.iter().map(|s| s.number as u8).collect(),
                self.lines(),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> Puzzle {
        let star = |x, y, number, gravity| Star {
            x,
            y,
            number,
            gravity,
        };
        let mut p = Puzzle::new(
            3,
            3,
            Difficulty::Easy,
            vec![
                star(0.5, 0.5, 1, false),
                star(2.5, 0.5, 2, true),
                star(2.5, 2.5, 1, false),
            ],
            vec![vec![0, 1], vec![1, 2], vec![0, 1, 2]],
        );
        p.solution = Some(vec![0, 1]);
        p
    }

    #[test]
    fn bounds_are_checked() {
        assert!(tiny().validate().is_ok());
        let mut p = tiny();
        p.stars[0].x = f64::NAN;
        assert!(p.validate().is_err());
        let mut p = tiny();
        p.stars[0].y = 3.5;
        assert!(p.validate().is_err());
        let mut p = tiny();
        p.candidates.push(vec![0, 0]);
        assert!(p.validate().is_err());
        let mut p = tiny();
        p.candidates.push(vec![1, 0, 2]);
        assert!(
            p.validate()
                .unwrap_err()
                .message()
                .contains("not a gravity star")
        );
        let mut p = tiny();
        p.solution = Some(vec![7]);
        assert!(p.validate().is_err());
        let mut p = tiny();
        p.stars[2].x = 0.5004;
        p.stars[2].y = 0.5;
        assert!(
            p.validate()
                .unwrap_err()
                .message()
                .contains("same position")
        );
        let p = tiny();
        assert!(p.validate_state(&State { lines: vec![0, 0] }).is_err());
        assert!(p.validate_state(&State { lines: vec![3] }).is_err());
        assert!(p.validate_state(&State { lines: vec![2, 0] }).is_ok());
    }

    #[test]
    fn fixed_point_round_trips_printed_coordinates() {
        for units in [0i64, 1, 437, 2437, 8999, 9000] {
            let printed = serde_json::to_string(&to_cells(units)).unwrap();
            let back: f64 = serde_json::from_str(&printed).unwrap();
            assert_eq!(to_fixed(back), units);
        }
    }
}
