//! TEMPORARY stand-in for `dayseed_core::arcade` (KIT.md) until the kit lands on main; deleted at
//! the merge.
#![allow(missing_docs, dead_code)]

use dayseed_core::{Error, Result};
use serde::{Deserialize, Serialize};
use std::ops::{Add, Div, Mul, Sub};

pub const COS_15_DEG: f64 = 0.965_925_826_289_068_3;

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Vec2 {
    pub x: f64,
    pub y: f64,
}
impl Vec2 {
    pub const ZERO: Vec2 = Vec2 { x: 0.0, y: 0.0 };
    pub fn new(x: f64, y: f64) -> Vec2 {
        Vec2 { x, y }
    }
    pub fn dot(self, o: Vec2) -> f64 {
        self.x * o.x + self.y * o.y
    }
    pub fn len_sq(self) -> f64 {
        self.dot(self)
    }
    pub fn len(self) -> f64 {
        self.len_sq().sqrt()
    }
    pub fn normalized(self) -> Option<Vec2> {
        let l = self.len();
        if l > 0.0 { Some(self / l) } else { None }
    }
    pub fn perp(self) -> Vec2 {
        Vec2::new(-self.y, self.x)
    }
    pub fn within_angle(self, other: Vec2, cos_limit: f64) -> bool {
        let (a, b) = (self.len_sq(), other.len_sq());
        if a == 0.0 || b == 0.0 {
            return false;
        }
        let d = self.dot(other);
        d > 0.0 && d * d >= cos_limit * cos_limit * a * b
    }
}
impl Add for Vec2 {
    type Output = Vec2;
    fn add(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x + o.x, self.y + o.y)
    }
}
impl Sub for Vec2 {
    type Output = Vec2;
    fn sub(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x - o.x, self.y - o.y)
    }
}
impl Mul<f64> for Vec2 {
    type Output = Vec2;
    fn mul(self, k: f64) -> Vec2 {
        Vec2::new(self.x * k, self.y * k)
    }
}
impl Div<f64> for Vec2 {
    type Output = Vec2;
    fn div(self, k: f64) -> Vec2 {
        Vec2::new(self.x / k, self.y / k)
    }
}

pub fn square_directions(n: usize) -> Vec<Vec2> {
    (0..n)
        .map(|i| {
            let t = 4.0 * i as f64 / n as f64;
            let k = t as usize;
            let f = t - k as f64;
            let p = match k {
                0 => Vec2::new(-1.0 + 2.0 * f, -1.0),
                1 => Vec2::new(1.0, -1.0 + 2.0 * f),
                2 => Vec2::new(1.0 - 2.0 * f, 1.0),
                _ => Vec2::new(-1.0, 1.0 - 2.0 * f),
            };
            p / p.len()
        })
        .collect()
}

#[derive(Debug, Clone)]
pub struct StateHasher(u64);
impl Default for StateHasher {
    fn default() -> Self {
        Self::new()
    }
}
impl StateHasher {
    pub fn new() -> StateHasher {
        StateHasher(0xcbf2_9ce4_8422_2325)
    }
    pub fn write_u64(&mut self, v: u64) {
        for b in v.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x100_0000_01b3);
        }
    }
    pub fn write_u32(&mut self, v: u32) {
        self.write_u64(u64::from(v));
    }
    pub fn write_i64(&mut self, v: i64) {
        self.write_u64(v as u64);
    }
    pub fn write_f64(&mut self, v: f64) {
        self.write_u64(v.to_bits());
    }
    pub fn write_bool(&mut self, v: bool) {
        self.write_u64(u64::from(v));
    }
    pub fn write_vec2(&mut self, v: Vec2) {
        self.write_f64(v.x);
        self.write_f64(v.y);
    }
    pub fn finish(&self) -> u64 {
        self.0
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Press(u8),
    Release(u8),
    Aim { x: i32, y: i32, power: u32 },
}
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub tick: u32,
    pub action: Action,
}
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Tape {
    pub events: Vec<Event>,
}
impl Tape {
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
    pub fn from_text(text: &str) -> Result<Tape> {
        serde_json::from_str(text).map_err(|e| Error::state(format!("tape: {e}")))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Score {
    pub value: i64,
    pub unit: String,
    pub higher_is_better: bool,
}
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ending {
    pub won: bool,
    pub tick: u32,
    pub score: Score,
    pub reason: String,
}

pub trait Simulation: Send {
    fn tick(&self) -> u32;
    fn ticks_per_second(&self) -> u32;
    fn input(&mut self, action: &Action) -> Result<()>;
    fn step(&mut self);
    fn ending(&self) -> Option<Ending>;
    fn awaiting_input(&self) -> bool;
    fn hash(&self, h: &mut StateHasher);
    fn view(&self) -> serde_json::Value;
}

#[derive(Debug, Clone)]
pub struct Replayed {
    pub ending: Ending,
    pub ticks: u32,
    pub tick_hash: u64,
    pub final_hash: u64,
}

pub fn replay(sim: &mut dyn Simulation, tape: &Tape, max_ticks: u32) -> Result<Replayed> {
    let mut next = 0;
    let mut th = StateHasher::new();
    loop {
        while next < tape.events.len() && tape.events[next].tick == sim.tick() {
            sim.input(&tape.events[next].action)?;
            next += 1;
        }
        if next < tape.events.len() && tape.events[next].tick < sim.tick() {
            return Err(Error::state(format!("event {next} is in the past")));
        }
        let ending = if let Some(e) = sim.ending() {
            Some(e)
        } else if sim.tick() >= max_ticks {
            Some(Ending {
                won: false,
                tick: sim.tick(),
                score: Score {
                    value: 0,
                    unit: String::new(),
                    higher_is_better: false,
                },
                reason: "timeout".into(),
            })
        } else if sim.awaiting_input() && next == tape.events.len() {
            Some(Ending {
                won: false,
                tick: sim.tick(),
                score: Score {
                    value: 0,
                    unit: String::new(),
                    higher_is_better: false,
                },
                reason: "tape ended before the level was finished".into(),
            })
        } else {
            None
        };
        if let Some(ending) = ending {
            let mut fh = StateHasher::new();
            sim.hash(&mut fh);
            return Ok(Replayed {
                ending,
                ticks: sim.tick(),
                tick_hash: th.finish(),
                final_hash: fh.finish(),
            });
        }
        sim.step();
        sim.hash(&mut th);
    }
}
