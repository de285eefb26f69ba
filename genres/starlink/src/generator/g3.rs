//! g3: g2's placements and answers with a cheaper repair: one targeted change per counted
//! step ([`super::engine_v1::repair::settle`]) on the bit-set counter of [`super::engine_v1::bitsolver`] with
//! failed-line probing; the fallback counts with the same counter.
//!
//! The procedure is [`super::engine_v1::generate`]; this module's [`PLAN`] is what g3 chooses.

use dayseed_core::{Generated, Result};

use super::engine_v1::{Counter, Plan, generate_with};
use crate::difficulty::Difficulty;
use crate::puzzle::Puzzle;

/// What g3 chooses.
pub const PLAN: Plan = Plan {
    answers: 3,
    counter: Counter::Bits,
};

/// The g3 board for a seed from [`super::engine_v1::seed`].
pub fn generate(seed: u64, difficulty: &Difficulty) -> Result<Generated<Puzzle>> {
    generate_with(seed, *difficulty, &PLAN)
}
