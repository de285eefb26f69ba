//! g1, the first jj generator, sealed: the registry reaches it only through
//! [`super::GENERATORS`], which supplies the seed (DAILY -> `daily_seed(epoch_day)`, SEED-s ->
//! s) and re-validates the board.
//!
//! Physics g1 ([`crate::physics`]), the template library's first 22 files in their order
//! ([`crate::template::library_for`]`(1)`), difficulty ranges, 3 chamber re-rolls then level
//! re-rolls on the same stream.

use dayseed_core::{Generated, Result};

use crate::level::Level;
use crate::params::Params;

/// The g1 board for `seed` and `params`.
pub(crate) fn generate(seed: u64, params: &Params) -> Result<Generated<Level>> {
    super::from_library(1, seed, params)
}
