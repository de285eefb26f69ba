//! Temporary stand-in for `dayseed_core::arcade` (KIT.md) until the kit lands on main; deleted at
//! the merge. Only the parts this crate uses.

use dayseed_core::{Error, Result, Verdict};
use serde::{Deserialize, Serialize};

/// FNV-1a 64 over the state.
#[derive(Debug)]
pub struct StateHasher(u64);

impl Default for StateHasher {
    fn default() -> Self {
        Self::new()
    }
}

impl StateHasher {
    /// A fresh hasher.
    pub fn new() -> StateHasher {
        StateHasher(0xcbf2_9ce4_8422_2325)
    }
    /// Folds 8 bytes.
    pub fn write_u64(&mut self, v: u64) {
        for b in v.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x100_0000_01b3);
        }
    }
    /// Folds a u32.
    pub fn write_u32(&mut self, v: u32) {
        self.write_u64(u64::from(v));
    }
    /// Folds an i64.
    pub fn write_i64(&mut self, v: i64) {
        self.write_u64(v as u64);
    }
    /// Folds a bool.
    pub fn write_bool(&mut self, v: bool) {
        self.write_u64(u64::from(v));
    }
    /// The hash.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

/// An input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Button down.
    Press(u8),
    /// Button up.
    Release(u8),
    /// Aim.
    Aim {
        /// x.
        x: i32,
        /// y.
        y: i32,
        /// power.
        power: u32,
    },
}

/// An input at a tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Tick.
    pub tick: u32,
    /// What.
    pub action: Action,
}

/// A tape of inputs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tape {
    /// Events in tick order.
    pub events: Vec<Event>,
}

impl Tape {
    /// Text form.
    pub fn to_text(&self) -> String {
        let mut out = String::from("1");
        let mut last = 0;
        for e in &self.events {
            out.push('.');
            out.push_str(&base36(e.tick - last));
            last = e.tick;
            match e.action {
                Action::Press(b) => out.push_str(&format!("P{b}")),
                Action::Release(b) => out.push_str(&format!("R{b}")),
                Action::Aim { .. } => out.push('A'),
            }
        }
        out
    }
    /// Reads the text form (presses and releases only in this stand-in).
    pub fn from_text(text: &str) -> Result<Tape> {
        let rest = text
            .strip_prefix('1')
            .ok_or_else(|| Error::state("tape text must start with version 1"))?;
        let mut events = Vec::new();
        let mut tick = 0u32;
        for (i, part) in rest.split('.').skip(1).enumerate() {
            let pos = part
                .find(['P', 'R'])
                .ok_or_else(|| Error::state(format!("tape event {i}: no action")))?;
            let d = u32::from_str_radix(&part[..pos], 36)
                .map_err(|_| Error::state(format!("tape event {i}: bad tick delta")))?;
            let b = u8::from_str_radix(&part[pos + 1..], 36)
                .map_err(|_| Error::state(format!("tape event {i}: bad button")))?;
            tick = tick
                .checked_add(d)
                .filter(|t| *t <= 50_000_000)
                .ok_or_else(|| Error::state(format!("tape event {i}: tick too large")))?;
            let action = if &part[pos..pos + 1] == "P" {
                Action::Press(b)
            } else {
                Action::Release(b)
            };
            events.push(Event { tick, action });
        }
        Ok(Tape { events })
    }
}

fn base36(mut n: u32) -> String {
    let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(digits[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// A score.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Score {
    /// Value.
    pub value: i64,
    /// Unit.
    pub unit: String,
    /// Direction.
    pub higher_is_better: bool,
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ending {
    /// Won.
    pub won: bool,
    /// Tick.
    pub tick: u32,
    /// Score.
    pub score: Score,
    /// Why.
    pub reason: String,
}

/// The step function behind a game.
pub trait Simulation: Send {
    /// Ticks so far.
    fn tick(&self) -> u32;
    /// Ticks per second.
    fn ticks_per_second(&self) -> u32;
    /// Applies an input.
    fn input(&mut self, action: &Action) -> Result<()>;
    /// One tick.
    fn step(&mut self);
    /// The ending.
    fn ending(&self) -> Option<Ending>;
    /// Waiting for input.
    fn awaiting_input(&self) -> bool;
    /// State hash.
    fn hash(&self, h: &mut StateHasher);
    /// What the page draws.
    fn view(&self) -> serde_json::Value;
}

/// A replay's result.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// Ending.
    pub ending: Ending,
    /// Ticks.
    pub ticks: u32,
    /// Hash over ticks.
    pub tick_hash: u64,
    /// Final hash.
    pub final_hash: u64,
}

/// Replays a tape.
pub fn replay(sim: &mut dyn Simulation, tape: &Tape, max_ticks: u32) -> Result<Replayed> {
    let mut th = StateHasher::new();
    let mut i = 0;
    loop {
        while i < tape.events.len() && tape.events[i].tick == sim.tick() {
            sim.input(&tape.events[i].action)?;
            i += 1;
        }
        if i < tape.events.len() && tape.events[i].tick < sim.tick() {
            return Err(Error::state(format!("tape event {i} is in the past")));
        }
        if let Some(ending) = sim.ending() {
            let mut h = StateHasher::new();
            sim.hash(&mut h);
            return Ok(Replayed {
                ending,
                ticks: sim.tick(),
                tick_hash: th.finish(),
                final_hash: h.finish(),
            });
        }
        if sim.tick() >= max_ticks {
            return Err(Error::state("timeout"));
        }
        sim.step();
        sim.hash(&mut th);
    }
}

/// The contract verdict.
pub fn verdict(r: &Replayed) -> Verdict {
    Verdict {
        solved: r.ending.won,
        complete: true,
        problems: if r.ending.won {
            Vec::new()
        } else {
            vec![r.ending.reason.clone()]
        },
    }
}
