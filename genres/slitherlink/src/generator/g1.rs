//! g1, the first slitherlink generator, sealed: the registry reaches it only through
//! [`super::GENERATORS`], which supplies the seed (DAILY -> `daily_seed(epoch_day)`, SEED-s ->
//! s) and re-validates the board.
//!
//! The first generator.

use dayseed_core::{Error, ErrorKind, Generated, Result, Rng};

use super::engine_v1::{generate as made, proven_unique};
use crate::check::verdict;
use crate::grid::Grid;
use crate::model::Puzzle;
use crate::params::{G1_TRIAL_MAX_CELLS, Params};

/// The g1 board for `seed` and `params`.
pub(crate) fn generate(seed: u64, params: &Params) -> Result<Generated<Puzzle>> {
    let (w, h) = (params.width as usize, params.height as usize);
    if params.level >= 8 && params.width * params.height > G1_TRIAL_MAX_CELLS {
        return Err(Error::params(format!(
            "slitherlink g1 limits levels 8-10 (trial) to boards of at most {G1_TRIAL_MAX_CELLS} \
             cells (e.g. 15x15); {}x{} has {} (g2 takes up to 30x30)",
            params.width,
            params.height,
            params.width * params.height
        )));
    }
    let mut rng = Rng::from_seed(seed);
    let made = made(w, h, params.level, &mut rng).ok_or_else(|| {
        Error::new(
            ErrorKind::GenerationFailed,
            format!(
                "no uniquely solvable {}x{} board within the attempt bound",
                w, h
            ),
        )
    })?;
    let g = Grid::new(w, h);
    // Re-validate before returning: the answer is one loop meeting every clue, and unique.
    if !verdict(&g, &made.clues, &made.solution).solved || !proven_unique(&g, &made.clues) {
        return Err(Error::new(
            ErrorKind::GenerationFailed,
            "generated board failed re-validation",
        ));
    }
    let puzzle = Puzzle::from_clues(w, h, &made.clues)
        .with_solution(&made.solution)
        .with_difficulty(u32::from(made.level));
    Ok(Generated {
        puzzle,
        attempts: made.attempts,
        fallback: made.fallback,
    })
}
