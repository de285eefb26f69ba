//! TEMPORARY stand-in for `dayseed_core::arcade` (KIT.md API) until the kit lands on main; this
//! file is deleted at the merge and `crate::arcade` re-exports core's module instead.

use dayseed_core::{Error, Result, Verdict};

/// One input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// A button goes down.
    Press(u8),
    /// A button goes up.
    Release(u8),
    /// An aim (unused by JJ).
    Aim {
        /// x component.
        x: i32,
        /// y component.
        y: i32,
        /// Power.
        power: u32,
    },
}

/// An input at a tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Event {
    /// The tick.
    pub tick: u32,
    /// The input.
    pub action: Action,
}

/// An input tape.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tape {
    /// Events in tick order.
    pub events: Vec<Event>,
}

fn b36(mut n: u64) -> String {
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

impl Tape {
    /// The text form.
    pub fn to_text(&self) -> String {
        let mut out = String::from("1");
        let mut last = 0;
        for e in &self.events {
            out.push('.');
            out.push_str(&b36(u64::from(e.tick - last)));
            last = e.tick;
            match e.action {
                Action::Press(b) => out.push_str(&format!("P{}", b36(u64::from(b)))),
                Action::Release(b) => out.push_str(&format!("R{}", b36(u64::from(b)))),
                Action::Aim { x, y, power } => out.push_str(&format!("A{x},{y},{power}")),
            }
        }
        out
    }

    /// Reads the text form (press/release only in this stand-in).
    pub fn from_text(text: &str) -> Result<Tape> {
        let mut parts = text.split('.');
        if parts.next() != Some("1") {
            return Err(Error::state("tape text must start with version 1"));
        }
        let mut tick = 0u32;
        let mut events = Vec::new();
        for (i, p) in parts.enumerate() {
            let k = p
                .find(['P', 'R'])
                .ok_or_else(|| Error::state(format!("event {i}: no P or R")))?;
            let d = u32::from_str_radix(&p[..k], 36)
                .map_err(|_| Error::state(format!("event {i}: bad tick delta")))?;
            let b = u8::from_str_radix(&p[k + 1..], 36)
                .map_err(|_| Error::state(format!("event {i}: bad button")))?;
            tick = tick
                .checked_add(d)
                .ok_or_else(|| Error::state(format!("event {i}: tick overflow")))?;
            let action = if &p[k..=k] == "P" {
                Action::Press(b)
            } else {
                Action::Release(b)
            };
            events.push(Event { tick, action });
        }
        Ok(Tape { events })
    }
}

/// A score.
#[derive(Debug, Clone, PartialEq)]
pub struct Score {
    /// Value.
    pub value: i64,
    /// Unit.
    pub unit: String,
    /// Direction.
    pub higher_is_better: bool,
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq)]
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

/// FNV-1a 64.
#[derive(Debug, Clone)]
pub struct StateHasher(u64);

impl StateHasher {
    /// New.
    pub fn new() -> StateHasher {
        StateHasher(0xcbf2_9ce4_8422_2325)
    }
    /// Write.
    pub fn write_u64(&mut self, v: u64) {
        for b in v.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
    /// Write.
    pub fn write_u32(&mut self, v: u32) {
        self.write_u64(u64::from(v));
    }
    /// Write.
    pub fn write_f64(&mut self, v: f64) {
        self.write_u64(v.to_bits());
    }
    /// Write.
    pub fn write_bool(&mut self, v: bool) {
        self.write_u64(u64::from(v));
    }
    /// Finish.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

impl Default for StateHasher {
    fn default() -> Self {
        Self::new()
    }
}

/// The step function.
pub trait Simulation: Send {
    /// Ticks so far.
    fn tick(&self) -> u32;
    /// Ticks per second.
    fn ticks_per_second(&self) -> u32;
    /// Apply an input.
    fn input(&mut self, action: &Action) -> Result<()>;
    /// One tick.
    fn step(&mut self);
    /// Ending.
    fn ending(&self) -> Option<Ending>;
    /// Waiting for input.
    fn awaiting_input(&self) -> bool;
    /// Hash.
    fn hash(&self, h: &mut StateHasher);
    /// View.
    fn view(&self) -> serde_json::Value;
}

/// A replay's result.
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

/// Replays a tape.
pub fn replay(sim: &mut dyn Simulation, tape: &Tape, max_ticks: u32) -> Result<Replayed> {
    let mut th = StateHasher::new();
    let mut i = 0;
    loop {
        while i < tape.events.len() && tape.events[i].tick <= sim.tick() {
            if tape.events[i].tick < sim.tick() {
                return Err(Error::state(format!("event {i} is in the past")));
            }
            sim.input(&tape.events[i].action)?;
            i += 1;
        }
        let stop = |reason: &str, sim: &dyn Simulation| Ending {
            won: false,
            tick: sim.tick(),
            score: Score {
                value: 0,
                unit: "ticks".into(),
                higher_is_better: false,
            },
            reason: reason.into(),
        };
        let ending = if let Some(e) = sim.ending() {
            Some(e)
        } else if sim.tick() >= max_ticks {
            Some(stop("timeout", sim))
        } else if i == tape.events.len() && sim.awaiting_input() {
            Some(stop("tape ended before the level was finished", sim))
        } else {
            None
        };
        if let Some(ending) = ending {
            let mut h = StateHasher::new();
            sim.hash(&mut h);
            return Ok(Replayed {
                ending,
                ticks: sim.tick(),
                tick_hash: th.finish(),
                final_hash: h.finish(),
            });
        }
        sim.step();
        let mut h = StateHasher::new();
        sim.hash(&mut h);
        th.write_u64(h.finish());
    }
}

/// The verdict of a replay.
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
