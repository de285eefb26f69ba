//! g1, the first starlink generator: Mulberry32 on an FNV-1a 32 seed ([`seed32`]), then up to
//! [`ATTEMPTS`] placements on that stream, one answer each, repaired toward uniqueness by the
//! greedy repair counting with [`super::engine_v1::solver`]; the fallback counts with the same solver.
//!
//! [`seed32`]: super::engine_v1::seed32
//! [`ATTEMPTS`]: super::engine_v1::ATTEMPTS
//!
//! The procedure is [`super::engine_v1::generate`]; this module's [`PLAN`] is what g1 chooses.

use dayseed_core::{Generated, Result};

use super::engine_v1::{Counter, Plan, generate_with};
use crate::difficulty::Difficulty;
use crate::puzzle::Puzzle;

/// What g1 chooses.
pub const PLAN: Plan = Plan {
    answers: 1,
    counter: Counter::Lines,
};

/// The g1 board for a seed from [`super::engine_v1::seed`].
pub fn generate(seed: u64, difficulty: &Difficulty) -> Result<Generated<Puzzle>> {
    generate_with(seed, *difficulty, &PLAN)
}
