//! dayseed-jj: JJ, a cooperative two-core rope platformer. A level is a chain of chambers made
//! from authored templates; each chamber's authored plan (both players' timed inputs) is replayed
//! in the real physics with safety margins before the level ships, and the joined plan is the
//! level's solution, its par and the SOLO partner's script.
//!
//! # How a level is made (generators g1 and g2)
//! 1. Draw a template from the version's library (`chambers/*.txt`, see [`template`]; g1 the 22
//!    original files, g2 those plus the hanging-swing templates `swing` and `hang`, see
//!    [`template::library_for`]) eligible at the difficulty, and values for its parameters inside
//!    the difficulty's part of each range. Everything else is the same in both versions.
//! 2. Append the chamber to the map, walk the cores to its start marks ([`build`]) and replay its
//!    plan with **margins**: spike hitboxes +0.2 cell, every gate and door window 0.3 s shorter
//!    ([`physics`]). A chamber whose plan fails is re-rolled (only that chamber) up to 3 times on
//!    the same RNG stream; if it still fails the whole level is re-rolled (at most 32 times).
//! 3. After the last chamber, an exit; both cores walk to it. The whole plan is then replayed from
//!    scratch with margins (must win at the same tick) and without (what players see).
//! 4. Par = ceil(1.6 x the plan's ticks).
//!
//! # Ids and params
//! `jj:SEED-42-C8-MEDIUM-g2`, `jj:DAILY-<policy>-<day>-C8-MEDIUM-g2` (g2 is current; g1 ids
//! keep their boards). Params `C<chambers>-<EASY|
//! MEDIUM|HARD>` (1 to 24 chambers; EASY uses tier-1 templates and the lower half of each range,
//! MEDIUM tiers 1-2 and whole ranges, HARD every template and the upper halves). CLI:
//! `dayseed gen jj --param chambers=8 --difficulty hard --count N`; dailies are C8 at MEDIUM
//! unless `--difficulty` says otherwise. Seeds: the SEED number, or `daily_seed(epoch_day)`.
//!
//! # Puzzle, state, verdict
//! The puzzle JSON is a [`level::Level`] (map rows, chambers with template, values and attempts,
//! gates, exit, plan, par). The state is a tape of inputs (text form `1.<delta><P|R><button>...`,
//! buttons = player * 4 + key with keys 0 left, 1 right, 2 jump, 3 grip). `check` replays the tape
//! without margins for at most 15 minutes of ticks; solved when both cores reach the exit, the
//! score is the tick count (lower is better). `solve` returns the plan (rebuilt from the chamber
//! list when the level came without it) and `grade` the par.
//!
//! # SOLO
//! [`solo`]: one human, the other core driven by the plan; it waits for the human at every step.
//! A page asks for it by setting `"solo": "A"` (or `"B"`) on the level passed to [`genre::simulate`].
//!
//! # Modules
//! [`physics`] the step function · [`world`] map and mechanisms · [`template`] chamber files ·
//! [`build`] plan builder · [`level`] level JSON and generator · [`params`] · [`solo`] ·
//! [`render`] the SVG picture ·
//! [`genre`] the Genre implementation · [`arcade`] (the kit's tape, replay and verdict).

pub mod build;
pub mod generator;
pub mod genre;

/// The arcade kit of core (tape, replay, verdict, the `Simulation` trait), re-exported.
pub use dayseed_core::arcade;
pub mod level;
pub mod params;
pub mod physics;
pub mod render;
pub mod solo;
pub mod template;
pub mod world;

pub use genre::Jj;

use dayseed_core::Registered;

/// The registry entry for the catalog.
pub static GENRE: Registered<Jj> = Registered(Jj);
