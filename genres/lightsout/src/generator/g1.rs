//! g1, the first lightsout generator, sealed: the registry reaches it only through
//! [`super::GENERATORS`], which supplies the seed (DAILY -> `daily_seed(epoch_day)`, SEED-s ->
//! s) and re-validates the board.
//!
//! The first generator: reverse generation with par distinct presses drawn by a partial
//! Fisher-Yates on core's `Rng` (seeded by the id's seed, or `daily_seed(epoch_day)` for dailies);
//! optimal from the exact GF(2) solver; target-optimal retries on the same stream (64 attempts).

use dayseed_core::{Generated, Result, Rng};

use super::reverse_v1 as generate;
use crate::genre::pairs;
use crate::params::{Params, Shape};
use crate::puzzle::Puzzle;

/// The g1 board for `seed` and `params`.
pub(crate) fn generate(seed: u64, params: &Params) -> Result<Generated<Puzzle>> {
    params.validate()?;
    let mut rng = Rng::from_seed(seed);
    let (w, h, n) = params.size_and_par();
    let made = match params.shape {
        Shape::Optimal { .. } => generate::by_optimal(w, h, params.wrap, n, &mut rng)?,
        Shape::Stage(_) | Shape::Par { .. } => generate::by_par(w, h, params.wrap, n, &mut rng)?,
    };
    let mut puzzle = Puzzle::from_lights(&made.lights);
    puzzle.par = Some(made.presses.len() as u32);
    puzzle.optimal = Some(made.optimal);
    puzzle.presses = Some(pairs(&made.presses));
    if let Shape::Stage(s) = params.shape {
        puzzle.stage = Some(s);
    }
    Ok(Generated {
        puzzle,
        attempts: made.attempts,
        fallback: made.fallback,
    })
}
