//! g2: g1's physics, rules and re-roll procedure unchanged, the library grown by the templates
//! `swing` (a hanging swing across a pit) and `hang` (hanging below a ledge while the partner
//! holds), appended after g1's 22 files ([`crate::template::library_for`]`(2)`).

use dayseed_core::{Generated, Result};

use crate::level::Level;
use crate::params::Params;

/// The g2 board for `seed` and `params`.
pub(crate) fn generate(seed: u64, params: &Params) -> Result<Generated<Level>> {
    super::from_library(2, seed, params)
}
