//! The puzzle JSON: a course of holes with their verification figures.

use dayseed_core::{Error, Result};
use serde::{Deserialize, Serialize};

use crate::physics::{Aim, FIELD_H, FIELD_W, Layout, Planet};
use crate::verify::Window;

/// The only physics this crate simulates.
pub const PHYSICS: &str = "g1";
/// Most holes a puzzle may have.
pub const MAX_HOLES: usize = 9;
/// Most planets a hole may have.
pub const MAX_PLANETS: usize = 8;

/// One hole: layout plus the generator's figures (absent for a hole read from text).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HoleRecord {
    /// 1-based number in the course.
    pub number: u32,
    /// Tee (milli-units).
    pub tee: [i32; 2],
    /// Black hole (milli-units).
    pub cup: [i32; 2],
    /// Planets (milli-units).
    pub planets: Vec<Planet>,
    /// Par from the success count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub par: Option<u32>,
    /// Successful verification shots of 384.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub successes: Option<u32>,
    /// Successes whose fine-grid neighbours also go in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub robust: Option<u32>,
    /// The widest winning window.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window: Option<Window>,
    /// The solver's shot (the answer; removed by `without_solution`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<Aim>,
    /// Candidates drawn for this hole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub candidates: Option<u32>,
    /// Set when the hole did not meet every rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fallback: Option<String>,
}

impl HoleRecord {
    /// The layout alone.
    pub fn layout(&self) -> Layout {
        Layout {
            tee: self.tee,
            cup: self.cup,
            planets: self.planets.clone(),
        }
    }

    /// A bare hole (no figures).
    pub fn bare(number: u32, layout: Layout) -> HoleRecord {
        HoleRecord {
            number,
            tee: layout.tee,
            cup: layout.cup,
            planets: layout.planets,
            par: None,
            successes: None,
            robust: None,
            window: None,
            best: None,
            candidates: None,
            fallback: None,
        }
    }
}

/// A course (or a single hole of one). Read from JSON only through [`Puzzle::validate`], so a
/// course that came in over the wire is always inside the bounds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "PuzzleWire")]
pub struct Puzzle {
    /// The physics version (`g1`).
    pub physics: String,
    /// `C9` or `H<k>`.
    pub course: String,
    /// The holes in playing order.
    pub holes: Vec<HoleRecord>,
    /// Sum of the holes' pars, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub par: Option<u32>,
}

/// The wire form a [`Puzzle`] is read through: the same fields, not yet checked.
#[derive(Deserialize)]
struct PuzzleWire {
    physics: String,
    course: String,
    holes: Vec<HoleRecord>,
    #[serde(default)]
    par: Option<u32>,
}

impl TryFrom<PuzzleWire> for Puzzle {
    type Error = Error;
    fn try_from(w: PuzzleWire) -> Result<Puzzle> {
        let puzzle = Puzzle {
            physics: w.physics,
            course: w.course,
            holes: w.holes,
            par: w.par,
        };
        puzzle.validate()?;
        Ok(puzzle)
    }
}

fn inside(p: [i32; 2]) -> bool {
    (0..=FIELD_W).contains(&p[0]) && (0..=FIELD_H).contains(&p[1])
}

impl Puzzle {
    /// Checks bounds: physics version, hole and planet counts, coordinates inside the field,
    /// radii 0.1..=3 units, strengths 0..=200 units^3/s^2, tee and black hole outside planets.
    pub fn validate(&self) -> Result<()> {
        if self.physics != PHYSICS {
            let shown: String = self.physics.chars().take(20).collect();
            return Err(Error::puzzle(format!(
                "physics '{shown}' is not supported; supported: {PHYSICS}"
            )));
        }
        if self.holes.is_empty() || self.holes.len() > MAX_HOLES {
            return Err(Error::puzzle(format!(
                "a course has 1..={MAX_HOLES} holes, not {}",
                self.holes.len()
            )));
        }
        for (h, hole) in self.holes.iter().enumerate() {
            let at = format!("hole {} (entry {h})", hole.number);
            if !(1..=99).contains(&hole.number) {
                return Err(Error::puzzle(format!("{at}: number must be 1..=99")));
            }
            if !inside(hole.tee) || !inside(hole.cup) {
                return Err(Error::puzzle(format!(
                    "{at}: tee and black hole must lie in the field 0..={FIELD_W} x 0..={FIELD_H}"
                )));
            }
            if hole.planets.len() > MAX_PLANETS {
                return Err(Error::puzzle(format!(
                    "{at}: {} planets, at most {MAX_PLANETS}",
                    hole.planets.len()
                )));
            }
            for (i, p) in hole.planets.iter().enumerate() {
                let at = format!("{at}, planet {}", i + 1);
                if !inside([p.x, p.y]) {
                    return Err(Error::puzzle(format!("{at}: centre outside the field")));
                }
                if !(100..=3000).contains(&p.r) {
                    return Err(Error::puzzle(format!(
                        "{at}: radius {} not in 100..=3000",
                        p.r
                    )));
                }
                if !(0..=200_000).contains(&p.gm) {
                    return Err(Error::puzzle(format!(
                        "{at}: gm {} not in 0..=200000",
                        p.gm
                    )));
                }
                for (what, q) in [("tee", hole.tee), ("black hole", hole.cup)] {
                    let (dx, dy) = (i64::from(q[0] - p.x), i64::from(q[1] - p.y));
                    if dx * dx + dy * dy <= i64::from(p.r).pow(2) {
                        return Err(Error::puzzle(format!("{at}: covers the {what}")));
                    }
                }
            }
            if let Some(par) = hole.par
                && !(2..=4).contains(&par)
            {
                return Err(Error::puzzle(format!("{at}: par {par} not in 2..=4")));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_course_read_from_json_is_checked_on_the_way_in() {
        let hole = json!({"number": 1, "tee": [10, 10], "cup": [50, 30], "planets": []});
        let good = json!({"physics": PHYSICS, "course": "H1", "holes": [hole.clone()]});
        let p: Puzzle = serde_json::from_value(good).unwrap();
        assert_eq!(p.holes.len(), 1);
        let bad_physics = json!({"physics": "g9", "course": "H1", "holes": [hole.clone()]});
        let e = serde_json::from_value::<Puzzle>(bad_physics).unwrap_err();
        assert!(e.to_string().contains("physics 'g9'"), "{e}");
        let no_holes = json!({"physics": PHYSICS, "course": "H1", "holes": []});
        let e = serde_json::from_value::<Puzzle>(no_holes).unwrap_err();
        assert!(e.to_string().contains("holes"), "{e}");
    }
}
