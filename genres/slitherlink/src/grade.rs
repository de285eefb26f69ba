//! Grading: the hardest technique the human-style solver needs sets the level (1..10).

use dayseed_core::{Grade, TechniqueUse};

use crate::grid::Grid;
use crate::logic::{Logic, RunResult, Technique};

/// The level of a puzzle the human-style solver cannot finish (reported with
/// `solved_by_logic: false`).
pub const UNSOLVED_LEVEL: u8 = 10;

/// Trial work allowed when grading a puzzle from outside (see [`Logic::trial_cap`]): bounds
/// the time a hostile 60x60 board can take.
pub const GRADE_TRIAL_WORK: u64 = 30_000_000;

/// Runs the full ladder (trials bounded by [`GRADE_TRIAL_WORK`]) and returns the grade and
/// whether the bound was hit.
///
/// `score` is the level plus a tenth per use of the hardest technique (at most 0.9), so two
/// puzzles of one level compare by how often they need their hardest step.
pub fn grade_capped(g: &Grid, clues: &[i8]) -> (Grade, bool) {
    let mut logic = Logic::new(g, clues);
    logic.trial_cap = Some(GRADE_TRIAL_WORK);
    let res = logic.run(10);
    (grade_of(&res), res.capped)
}

/// The grade of a finished run.
pub fn grade_of(res: &RunResult) -> Grade {
    let rank = if res.solved {
        res.max_level.max(1)
    } else {
        UNSOLVED_LEVEL
    };
    let top_uses = Technique::ALL
        .iter()
        .filter(|t| t.level() == rank)
        .map(|t| res.uses[t.index()])
        .sum::<u32>()
        .min(9);
    let techniques = Technique::ALL
        .iter()
        .filter(|t| res.uses[t.index()] > 0)
        .map(|t| TechniqueUse {
            name: t.name().to_string(),
            count: res.uses[t.index()],
        })
        .collect();
    Grade {
        level: format!("L{rank}"),
        rank: u32::from(rank),
        score: f64::from(rank) + f64::from(top_uses) / 10.0,
        techniques,
        solved_by_logic: res.solved,
    }
}
