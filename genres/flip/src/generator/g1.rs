//! g1, the first flip generator, sealed: the registry reaches it only through
//! [`super::GENERATORS`], which supplies the seed (DAILY -> `daily_seed(epoch_day)`, SEED-s ->
//! s) and re-validates the board.
//!
//! The first generator: the obstacle stream of [`crate::generate`] with the constants of
//! [`crate::rules`], seeded by the id's seed (dailies: `daily_seed(epoch_day)`).

use dayseed_core::{Generated, Result};

use crate::params::Params;
use crate::puzzle::Puzzle;

/// The g1 board for `seed` and `params`.
pub(crate) fn generate(seed: u64, params: &Params) -> Result<Generated<Puzzle>> {
    let Params::Endless = params;
    let puzzle = Puzzle::generate(seed)?;
    Ok(Generated {
        puzzle,
        attempts: 1,
        fallback: None,
    })
}
