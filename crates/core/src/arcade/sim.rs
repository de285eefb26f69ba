//! The simulation contract, replay, and the verdict a replay gives.

use serde::{Deserialize, Serialize};

use super::hash::StateHasher;
use super::tape::{Action, Tape};
use crate::error::{Error, Result};
use crate::genre::Verdict;

/// A run's score in the genre's unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// The number (distance, shots, ticks, ...).
    pub value: i64,
    /// Its unit, for people (`m`, `shots`, `ticks`).
    pub unit: String,
    /// Whether a larger value ranks higher.
    pub higher_is_better: bool,
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// The level was passed (for endless runs: the run was scored).
    pub won: bool,
    /// The tick at which it ended.
    pub tick: u32,
    /// The score of the run.
    pub score: Score,
    /// What happened, in words (`in the hole`, `hit obstacle 12 at 412 m`).
    pub reason: String,
}

/// One game's state and its one fixed-step function. The generator's verification, the solver,
/// replay (`check`), the server and the page (via wasm) all drive the same implementation.
pub trait Simulation: Send {
    /// Ticks simulated so far.
    fn tick(&self) -> u32;
    /// The fixed tick rate (ticks per second of game time).
    fn ticks_per_second(&self) -> u32;
    /// Applies an input at the current tick; an action the game does not have is an error
    /// naming it.
    fn input(&mut self, action: &Action) -> Result<()>;
    /// Advances exactly one tick.
    fn step(&mut self);
    /// Some once the run is over.
    fn ending(&self) -> Option<Ending>;
    /// True when nothing changes until the next input (a ball at rest on the tee).
    fn awaiting_input(&self) -> bool;
    /// Feeds every field of the state that matters to the hasher.
    fn hash(&self, hasher: &mut StateHasher);
    /// What the page draws, as JSON.
    fn view(&self) -> serde_json::Value;
}

/// The result of a replay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Replayed {
    /// How the run ended.
    pub ending: Ending,
    /// Ticks simulated.
    pub ticks: u32,
    /// Every tick's state hash folded in order: equal on two builds only if every tick agreed.
    pub tick_hash: u64,
    /// The hash of the final state.
    pub final_hash: u64,
}

/// Replays `tape` on `sim`: before each step, applies the events due at the current tick; stops
/// at an ending, after `max_ticks` (ending `timeout`), or when the game waits for input and the
/// tape has nothing more (ending `tape ended`). An event for a tick already simulated, or one
/// the game refuses, is an error naming it.
pub fn replay(sim: &mut dyn Simulation, tape: &Tape, max_ticks: u32) -> Result<Replayed> {
    let mut next = 0;
    let mut folded = StateHasher::new();
    let ending = loop {
        if let Some(ending) = sim.ending() {
            break ending;
        }
        while let Some(event) = tape.events.get(next) {
            if event.tick > sim.tick() {
                break;
            }
            if event.tick < sim.tick() {
                return Err(Error::state(format!(
                    "tape event {next} is at tick {} but the run was already at tick {}",
                    event.tick,
                    sim.tick()
                )));
            }
            sim.input(&event.action)
                .map_err(|e| Error::state(format!("tape event {next}: {}", e.message())))?;
            next += 1;
        }
        if let Some(ending) = sim.ending() {
            break ending;
        }
        if next == tape.events.len() && sim.awaiting_input() {
            break unfinished(sim, "the tape ended before the level was finished");
        }
        if sim.tick() >= max_ticks {
            break unfinished(sim, &format!("timeout after {max_ticks} ticks"));
        }
        sim.step();
        let mut h = StateHasher::new();
        sim.hash(&mut h);
        folded.write_u64(h.finish());
    };
    let mut last = StateHasher::new();
    sim.hash(&mut last);
    Ok(Replayed {
        ending,
        ticks: sim.tick(),
        tick_hash: folded.finish(),
        final_hash: last.finish(),
    })
}

/// The ending of a run stopped from outside: not won, scored as zero in the unit a finished run
/// would use (the genre's own ending, if it gives one later, takes precedence).
fn unfinished(sim: &dyn Simulation, reason: &str) -> Ending {
    Ending {
        won: false,
        tick: sim.tick(),
        score: Score {
            value: 0,
            unit: String::new(),
            higher_is_better: true,
        },
        reason: reason.to_string(),
    }
}

/// The score part of an arcade verdict: what the server ranks, recomputed by replay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArcadeScore {
    /// The number.
    pub value: i64,
    /// Its unit.
    pub unit: String,
    /// Whether a larger value ranks higher.
    pub higher_is_better: bool,
    /// Ticks the replay ran.
    pub ticks: u32,
    /// The replay's folded per-tick hash, hex.
    pub tick_hash: String,
    /// How the run ended, in words (where it crashed, "in the hole", ...).
    #[serde(default)]
    pub reason: String,
}

/// The contract's verdict for a replayed tape: solved when the level was won, the reason as the
/// problem otherwise, and the score.
pub fn verdict(replayed: &Replayed) -> Verdict {
    let ending = &replayed.ending;
    Verdict {
        solved: ending.won,
        complete: true,
        problems: if ending.won {
            Vec::new()
        } else {
            vec![ending.reason.clone()]
        },
        score: Some(ArcadeScore {
            value: ending.score.value,
            unit: ending.score.unit.clone(),
            higher_is_better: ending.score.higher_is_better,
            ticks: replayed.ticks,
            tick_hash: format!("{:016x}", replayed.tick_hash),
            reason: ending.reason.clone(),
        }),
    }
}
