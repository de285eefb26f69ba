//! g2: g1 with up to three answers per placement before a new placement (99.97% -> 100% unique
//! at EXPERT over 10,000 seeds); same seed, repair and counter as g1.
//!
//! The procedure is [`super::engine_v1::generate`]; this module's [`PLAN`] is what g2 chooses.

use dayseed_core::{Generated, Result};

use super::engine_v1::{Counter, Plan, generate_with};
use crate::difficulty::Difficulty;
use crate::puzzle::Puzzle;

/// What g2 chooses.
pub const PLAN: Plan = Plan {
    answers: 3,
    counter: Counter::Lines,
};

/// The g2 board for a seed from [`super::engine_v1::seed`].
pub fn generate(seed: u64, difficulty: &Difficulty) -> Result<Generated<Puzzle>> {
    generate_with(seed, *difficulty, &PLAN)
}
