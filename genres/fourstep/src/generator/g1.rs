//! g1, the first fourstep generator, sealed: the registry reaches it only through
//! [`super::GENERATORS`], which supplies the seed (DAILY -> `daily_seed(epoch_day)`, SEED-s ->
//! s) and re-validates the board.
//!
//! The first generator: the physics of [`crate::physics`], terrains drawn as in
//! [`crate::generate`] from core's `Rng` (the id's seed, or `daily_seed(epoch_day)`), verified by
//! the layered BFS of [`crate::solver`] with margins; 8 attempts at x0.72 each, then the flat
//! fallback terrain.

use dayseed_core::{Generated, Result, Rng};

use crate::course::{Puzzle, Wire};
use crate::generate;
use crate::genre::tape_of;
use crate::params::Params;
use crate::solver::ticks_to_ms;

/// The g1 board for `seed` and `params`.
pub(crate) fn generate(seed: u64, params: &Params) -> Result<Generated<Puzzle>> {
    params.validate()?;
    let mut rng = Rng::from_seed(seed);
    let made = generate::generate(&mut rng, params.bpm, params.bars, params.difficulty)?;
    let windows_ms: Vec<u32> = made
        .windows
        .iter()
        .map(|&w| ticks_to_ms(w, params.bpm))
        .collect();
    let fallbacks: Vec<String> = made
        .terrains
        .iter()
        .filter(|t| t.fallback)
        .map(|t| t.bar.to_string())
        .collect();
    let attempts = made.terrains.iter().map(|t| t.attempts).max().unwrap_or(1);
    let puzzle = Puzzle::try_from(Wire {
        bpm: params.bpm,
        bars: params.bars,
        difficulty: params.difficulty,
        ground: made.course.ground_text(),
        obstacles: made.course.obstacles.clone(),
        terrains: made.terrains,
        tape: Some(tape_of(&made.presses).to_text()),
        presses: Some(made.presses.len() as u32),
        tightest_ms: windows_ms.iter().copied().min(),
        windows_ms,
    })?;
    Ok(Generated {
        puzzle,
        attempts,
        fallback: (!fallbacks.is_empty()).then(|| {
            format!(
                "flat fallback terrain at bar(s) {} after {} attempts",
                fallbacks.join(", "),
                generate::MAX_ATTEMPTS
            )
        }),
    })
}
