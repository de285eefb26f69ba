//! The solver, a perfect player: for every hole it surveys the 384 verification shots, grows the
//! winning windows and plays the shot in the middle of the widest one; the course's tape is built
//! by running [`CourseSim`] and confirmed by replaying it.

use dayseed_core::{Error, ErrorKind, Result};

use crate::arcade::{Event, Replayed, Simulation, Tape, replay};
use crate::physics::{Aim, MAX_SHOT_TICKS, World};
use crate::puzzle::Puzzle;
use crate::sim::CourseSim;
use crate::verify::{self, Grid, Margins};

/// The longest replay `check` runs: two hours of ticks (a player's thinking time counts too).
pub const MAX_REPLAY_TICKS: u32 = 2 * 3600 * 120;

/// What the solver found for one hole.
#[derive(Debug, Clone)]
pub struct HolePlan {
    /// Successful verification shots.
    pub successes: u32,
    /// Par from them.
    pub par: u32,
    /// Windows, robust count and the chosen shot.
    pub margins: Margins,
}

/// A winning plan for a course.
#[derive(Debug, Clone)]
pub struct Plan {
    /// Per hole, in order.
    pub holes: Vec<HolePlan>,
    /// One shot per hole, at the ticks the ball rests on each tee.
    pub tape: Tape,
    /// The replay of the tape (won).
    pub replayed: Replayed,
}

/// Surveys one hole and picks the solver's shot, or None when no verification shot goes in.
pub fn plan_hole(world: &World, grid: &Grid) -> Option<HolePlan> {
    let survey = verify::survey(world, grid, false);
    let margins = verify::margins(world, grid, &survey.successes)?;
    Some(HolePlan {
        successes: survey.successes.len() as u32,
        par: verify::par(survey.successes.len()),
        margins,
    })
}

/// The tape that plays `aims` (one per hole) through [`CourseSim`].
pub fn tape_for(puzzle: &Puzzle, aims: &[Aim]) -> Result<Tape> {
    let mut sim = CourseSim::new(puzzle)?;
    let mut events = Vec::new();
    for aim in aims {
        let mut waited = 0;
        while !sim.awaiting_input() {
            if waited > MAX_SHOT_TICKS {
                return Err(Error::new(
                    ErrorKind::GenerationFailed,
                    "the ball never came to rest",
                ));
            }
            sim.step();
            waited += 1;
        }
        let action = crate::arcade::Action::Aim {
            x: aim.x,
            y: aim.y,
            power: aim.power,
        };
        events.push(Event {
            tick: sim.tick(),
            action,
        });
        sim.input(&action)?;
    }
    Ok(Tape { events })
}

/// Solves every hole of `puzzle` and confirms the tape by replay. An error names the first hole
/// no verification shot sinks.
pub fn solve(puzzle: &Puzzle) -> Result<Plan> {
    puzzle.validate()?;
    let grid = Grid::new();
    let mut holes = Vec::new();
    for hole in &puzzle.holes {
        let plan = plan_hole(&World::new(&hole.layout()), &grid).ok_or_else(|| {
            Error::new(
                ErrorKind::Unsupported,
                format!(
                    "hole {}: none of the 384 verification shots goes in; no plan found",
                    hole.number
                ),
            )
        })?;
        holes.push(plan);
    }
    let aims: Vec<Aim> = holes.iter().map(|h| h.margins.best).collect();
    let tape = tape_for(puzzle, &aims)?;
    let replayed = replay(&mut CourseSim::new(puzzle)?, &tape, MAX_REPLAY_TICKS)?;
    if !replayed.ending.won {
        return Err(Error::new(
            ErrorKind::GenerationFailed,
            format!(
                "the solver's tape does not win on replay: {}",
                replayed.ending.reason
            ),
        ));
    }
    Ok(Plan {
        holes,
        tape,
        replayed,
    })
}
