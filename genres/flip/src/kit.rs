//! TEMPORARY stand-in for `dayseed_core::arcade` (KIT.md) so this crate compiles before the kit
//! lands on main. Deleted at the merge; nothing here is part of the genre.

use dayseed_core::{Error, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;

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

/// A timed input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Tick.
    pub tick: u32,
    /// Action.
    pub action: Action,
}

/// Inputs on the tick clock.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tape {
    /// Events.
    pub events: Vec<Event>,
}

impl Tape {
    /// Text form.
    pub fn to_text(&self) -> String {
        let mut out = String::from("1");
        let mut last = 0;
        for e in &self.events {
            out.push('.');
            out.push_str(&radix(e.tick - last));
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
        let mut parts = text.split('.');
        if parts.next() != Some("1") {
            return Err(Error::state("tape must start with 1"));
        }
        let mut events = Vec::new();
        let mut tick = 0u32;
        for (i, p) in parts.enumerate() {
            let bad = || Error::state(format!("tape event {i}: '{p}' is not valid"));
            let at = p.find(['P', 'R']).ok_or_else(bad)?;
            let delta = u32::from_str_radix(&p[..at], 36).map_err(|_| bad())?;
            tick = tick.checked_add(delta).ok_or_else(bad)?;
            let b = u8::from_str_radix(&p[at + 1..], 36).map_err(|_| bad())?;
            let action = if &p[at..at + 1] == "P" {
                Action::Press(b)
            } else {
                Action::Release(b)
            };
            events.push(Event { tick, action });
        }
        Ok(Tape { events })
    }

    /// JSON object or text string.
    pub fn from_json_or_text(v: &Value) -> Result<Tape> {
        match v {
            Value::String(s) => Tape::from_text(s),
            other => serde_json::from_value(other.clone())
                .map_err(|e| Error::state(format!("tape JSON: {e}"))),
        }
    }
}

fn radix(mut n: u32) -> String {
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

/// FNV-1a.
#[derive(Debug)]
pub struct StateHasher(u64);

impl Default for StateHasher {
    fn default() -> Self {
        Self::new()
    }
}

impl StateHasher {
    /// New.
    pub fn new() -> StateHasher {
        StateHasher(0xcbf2_9ce4_8422_2325)
    }
    /// u64.
    pub fn write_u64(&mut self, v: u64) {
        for b in v.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x100_0000_01b3);
        }
    }
    /// u32.
    pub fn write_u32(&mut self, v: u32) {
        self.write_u64(u64::from(v));
    }
    /// i64.
    pub fn write_i64(&mut self, v: i64) {
        self.write_u64(v as u64);
    }
    /// f64.
    pub fn write_f64(&mut self, v: f64) {
        self.write_u64(v.to_bits());
    }
    /// bool.
    pub fn write_bool(&mut self, v: bool) {
        self.write_u64(u64::from(v));
    }
    /// Done.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

/// Score.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Score {
    /// Value.
    pub value: i64,
    /// Unit.
    pub unit: String,
    /// Direction.
    pub higher_is_better: bool,
}

/// Ending.
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

/// The step function.
pub trait Simulation: Send {
    /// Ticks so far.
    fn tick(&self) -> u32;
    /// Clock.
    fn ticks_per_second(&self) -> u32;
    /// Input.
    fn input(&mut self, action: &Action) -> Result<()>;
    /// Step.
    fn step(&mut self);
    /// Over?
    fn ending(&self) -> Option<Ending>;
    /// Idle?
    fn awaiting_input(&self) -> bool;
    /// Hash.
    fn hash(&self, h: &mut StateHasher);
    /// View.
    fn view(&self) -> Value;
}

/// Replay result.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// Ending.
    pub ending: Ending,
    /// Ticks.
    pub ticks: u32,
    /// Tick hash.
    pub tick_hash: u64,
    /// Final hash.
    pub final_hash: u64,
}

/// Replay.
pub fn replay(sim: &mut dyn Simulation, tape: &Tape, max_ticks: u32) -> Result<Replayed> {
    let mut i = 0;
    let mut th = StateHasher::new();
    loop {
        while i < tape.events.len() && tape.events[i].tick == sim.tick() {
            sim.input(&tape.events[i].action)?;
            i += 1;
        }
        if i < tape.events.len() && tape.events[i].tick < sim.tick() {
            return Err(Error::state(format!("event {i} is in the past")));
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
        let mut h = StateHasher::new();
        sim.hash(&mut h);
        th.write_u64(h.finish());
    }
}

/// Verdict.
pub fn verdict(r: &Replayed) -> dayseed_core::Verdict {
    dayseed_core::Verdict {
        solved: r.ending.won,
        complete: true,
        problems: if r.ending.won {
            Vec::new()
        } else {
            vec![r.ending.reason.clone()]
        },
    }
}
