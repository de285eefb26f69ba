//! g1, the first jj generator, sealed: the registry reaches it only through
//! [`super::GENERATORS`], which supplies the seed (DAILY -> `daily_seed(epoch_day)`, SEED-s ->
//! s) and re-validates the board.
//!
//! The first generator: physics g1 ([`crate::physics`]), the template library in its file order,
//! difficulty ranges, 3 chamber re-rolls then level re-rolls on the same stream.

use dayseed_core::{Generated, Result, Rng};

use crate::level::{Level, generate as level};
use crate::params::Params;

/// The g1 board for `seed` and `params`.
pub(crate) fn generate(seed: u64, params: &Params) -> Result<Generated<Level>> {
    let mut rng = Rng::from_seed(seed);
    let level = level(params, &mut rng)?;
    Ok(Generated {
        attempts: level.level_attempts,
        puzzle: level,
        fallback: None,
    })
}
