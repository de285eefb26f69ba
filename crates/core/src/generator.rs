//! Generator versions as sealed units.
//!
//! A released generator version is one [`Generator`] entry: its number, status and note, how an
//! id's source becomes its seed, and the function that turns (seed, params) into a board. A
//! genre lists its entries once, oldest first, in one static table ([`Genre::generators`]); the
//! registry does the rest in one place ([`crate::registry::Registered`]): it looks the version
//! up (refusing unknown and retired ones by name), derives the seed with that version's
//! derivation, runs its `generate`, and re-validates the board with [`Genre::validate`] before
//! anything sees it.
//!
//! The entry's functions belong to the version: they may use core, the genre's model, and code
//! frozen with the version, never a shared engine whose behaviour may change, so that a change
//! to today's solver or grader cannot move a released board. A new version is a new module, one
//! new line in the table and one new fixture file; an old entry is never edited except to
//! change its status.

use crate::error::Result;
use crate::genre::{Genre, VersionInfo, VersionStatus};
use crate::id::{Source, Version};

/// What a generator version hands back besides the board (the registry adds seed, id and
/// digest).
#[derive(Debug, Clone)]
pub struct Generated<P> {
    /// The board, including the generator's answer.
    pub puzzle: P,
    /// Attempts consumed on the RNG stream (1 = first try succeeded).
    pub attempts: u32,
    /// Set when the generator fell back after its bounded attempts; says what was delivered
    /// instead of what was asked. Reported in every output, never silent.
    pub fallback: Option<String>,
}

/// The function of a generator version: (seed, params) to the board.
pub type GenerateFn<G> = fn(u64, &<G as Genre>::Params) -> Result<Generated<<G as Genre>::Puzzle>>;

/// One released generator version of genre `G`: a static table entry.
pub struct Generator<G: Genre> {
    /// The version (`g1` is `Version(1)`).
    pub version: Version,
    /// Whether it still dispatches.
    pub status: VersionStatus,
    /// What it is (one line, for `dayseed genres` and the API).
    pub note: &'static str,
    /// How an id's source (a day or a seed number) becomes the generator's 64-bit seed. Part
    /// of the version's contract: the seed is stored in every record.
    pub seed: fn(&Source) -> Result<u64>,
    /// The board for (seed, params). Deterministic: core's RNG only, no clock, no platform
    /// floating point.
    pub generate: GenerateFn<G>,
}

impl<G: Genre> Generator<G> {
    /// The version's listing entry.
    pub fn info(&self) -> VersionInfo {
        VersionInfo {
            version: self.version,
            status: self.status,
            note: self.note,
        }
    }
}

/// The seed derivation most versions use: a DAILY id's seed is
/// [`daily_seed`](crate::seed::daily_seed)`(epoch_day)`, a SEED id's is its number.
pub fn day_or_number(source: &Source) -> Result<u64> {
    Ok(match *source {
        Source::Daily { epoch_day, .. } => crate::seed::daily_seed(epoch_day),
        Source::Seed(seed) => seed,
    })
}
