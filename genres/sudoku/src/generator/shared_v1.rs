//! The procedure g1 and g2 share, frozen with both: the attempt bound, the retry loop on one
//! RNG stream with its fallback, the removal test, the grading of an attempt and the final
//! uniqueness re-check (steps 1, 3's test, 4, 5 and 6 of the g1 docs). It grades on the frozen
//! `LADDER_V1` and counts nodes on the frozen [`solver_v1`], never on today's grader or
//! solver. Never edited: a version that wants another procedure writes its own.

use dayseed_core::rng::Rng;
use dayseed_core::{Budget, Count, Error, ErrorKind, Generated, Result};

use super::ladder_v1::LADDER_V1;
use super::solver_v1;
use crate::board::Cells;
use crate::level::Level;
use crate::logic::{self, LogicGrade};
use crate::puzzle::{SudokuPuzzle, grade_json};

/// Node budget of one clue-removal uniqueness test.
pub const REMOVAL_BUDGET: u64 = 100_000;
/// Node budget of the final uniqueness re-check.
pub const FINAL_CHECK_BUDGET: u64 = 10_000_000;

/// The attempts g1 makes before falling back: 256 for EASY to HARD, 4096 for EXPERT and MASTER.
pub fn max_attempts(level: Level) -> u32 {
    match level {
        Level::Easy | Level::Medium | Level::Hard => 256,
        Level::Expert | Level::Master => 4096,
    }
}

/// A generated board.
#[derive(Debug, Clone)]
pub struct Made {
    /// The givens (0 = empty).
    pub puzzle: Cells,
    /// The unique solution.
    pub solution: Cells,
    /// The grader's verdict.
    pub grade: LogicGrade,
    /// Attempts consumed (1 = first try).
    pub attempts: u32,
    /// Set when the target level was not reached: what was delivered instead.
    pub fallback: Option<String>,
}

impl Made {
    /// The board in the public form, with its grade.
    pub(crate) fn into_generated(self) -> Result<Generated<SudokuPuzzle>> {
        Ok(Generated {
            puzzle: SudokuPuzzle::new(
                self.puzzle,
                Some(self.solution),
                Some(self.grade.level),
                Some(grade_json(&self.grade)),
            )?,
            attempts: self.attempts,
            fallback: self.fallback,
        })
    }
}

/// One attempt's result.
pub(crate) struct Attempt {
    pub(crate) puzzle: Cells,
    pub(crate) solution: Cells,
    pub(crate) grade: LogicGrade,
}

/// The retry loop shared by the versions (steps 1, 4, 5 and 6 of the g1 docs): the stream
/// `seed ^ (rank << 56)`, up to `limit` calls of `attempt` on it, the first hit returned, else
/// the closest miss as a reported fallback; uniqueness re-checked before returning.
pub(crate) fn retry(
    seed: u64,
    target: Level,
    limit: u32,
    mut attempt: impl FnMut(&mut Rng, Level) -> Option<Attempt>,
) -> Result<Made> {
    let mut rng = Rng::from_seed(seed ^ (u64::from(target.rank()) << 56));
    let mut best: Option<(u32, Attempt)> = None;
    for n in 1..=limit {
        let Some(attempt) = attempt(&mut rng, target) else {
            continue;
        };
        if attempt.grade.level == target {
            return finish(attempt, n, None);
        }
        let distance = attempt.grade.level.rank().abs_diff(target.rank());
        if best
            .as_ref()
            .is_none_or(|(_, b)| distance < b.grade.level.rank().abs_diff(target.rank()))
        {
            best = Some((n, attempt));
        }
    }
    let Some((n, attempt)) = best else {
        return Err(Error::new(
            ErrorKind::GenerationFailed,
            format!("no unique {} puzzle after {limit} attempts", target.name()),
        ));
    };
    let note = format!(
        "asked {}, delivered {} (attempt {n}) after {limit} attempts",
        target.name(),
        attempt.grade.level.name()
    );
    finish(attempt, limit, Some(note))
}

fn finish(attempt: Attempt, attempts: u32, fallback: Option<String>) -> Result<Made> {
    let mut budget = Budget::new(FINAL_CHECK_BUDGET);
    let solved = solver_v1::solve(&attempt.puzzle, 2, &mut budget);
    if solved.count != Count::Exactly(1) || solved.first != Some(attempt.solution) {
        return Err(Error::new(
            ErrorKind::GenerationFailed,
            format!(
                "internal error: generated puzzle failed the uniqueness re-check ({:?})",
                solved.count
            ),
        ));
    }
    Ok(Made {
        puzzle: attempt.puzzle,
        solution: attempt.solution,
        grade: attempt.grade,
        attempts,
        fallback,
    })
}

/// The grade of an attempt's puzzle: within `target` on [`LADDER_V1`], or `None` when that
/// fails; for MASTER, within EXPERT if it can be, else the full grade.
pub(crate) fn grade_attempt(puzzle: &Cells, target: Level) -> Option<LogicGrade> {
    if target == Level::Master {
        Some(
            logic::grade_capped_on(&LADDER_V1, puzzle, Level::Expert)
                .unwrap_or_else(|| logic::grade_on(&LADDER_V1, puzzle)),
        )
    } else {
        logic::grade_capped_on(&LADDER_V1, puzzle, target)
    }
}

/// Whether `puzzle` (just emptied at `cell`, which held `digit`, and not solved by singles) is
/// unique and, below MASTER, solved by the grader within `target`.
pub(crate) fn acceptable(puzzle: &Cells, cell: usize, digit: u8, target: Level) -> bool {
    if target == Level::Easy {
        return false;
    }
    let mut budget = Budget::new(REMOVAL_BUDGET);
    if solver_v1::has_other_solution(puzzle, cell, digit, &mut budget) != Some(false) {
        return false;
    }
    target == Level::Master || logic::grade_capped_on(&LADDER_V1, puzzle, target).is_some()
}

/// Row, column and box of every cell.
pub(crate) const HOUSES_OF: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = [(i / 9) as u8, (i % 9) as u8, (i / 27 * 3 + i % 9 / 3) as u8];
        i += 1;
    }
    t
};
