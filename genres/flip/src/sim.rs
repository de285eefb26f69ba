//! THE step function of flip: one [`FlipSim`] serves the generator's proof, the solver, `check`
//! (replay of a tape), the server and the page (through wasm).
//!
//! One tick (`DT = 1/120 s`), in this order:
//! 1. inputs of this tick were applied by [`Simulation::input`]: a press of button 0 flips gravity;
//! 2. forward: `x += speed(x) * DT`;
//! 3. across (semi-implicit Euler): `vy += g * GRAVITY * DT; y += vy * DT` with `g = -1` toward
//!    the left wall and `+1` toward the right; a craft that reaches a wall stops on it;
//! 4. obstacles the craft's tail has cleared are dropped, the stream is extended to
//!    [`VIEW_AHEAD`] metres ahead (memory stays constant however long the run);
//! 5. the craft's box against every obstacle it overlaps along the tunnel: any overlap across the
//!    tunnel too is a crash;
//! 6. a run that reaches its tick limit (30 minutes in g1) ends survived.
//!
//! Endings: an endless run is over at its crash and is scored by the distance flown, so the
//! ending is `won` (the kit's "the run was scored") with the reason naming the obstacle, where
//! and when; a run that survives the whole 30 minutes is won with reason "flew the whole run".
//! Only a replay stopped from outside (the kit's timeout) is not won.
//!
//! Only `+ - * /` on `f64` (the crossing time's `sqrt` is computed once by the generator).

use std::collections::VecDeque;

use dayseed_core::{Error, Result};
use serde_json::{Value, json};

use crate::generate::{Obstacle, RunGen, Side};
use crate::rules::{
    CRAFT_HALF_LENGTH, CRAFT_HALF_WIDTH, DT, FLIP_FACTOR, GRAVITY, MAX_TICKS, TICKS_PER_SECOND,
    TUNNEL_WIDTH, speed_at,
};
use dayseed_core::arcade::{Action, Ending, Score, Simulation, StateHasher};

/// How far ahead of the craft obstacles are generated and shown, metres.
pub const VIEW_AHEAD: f64 = 64.0;
/// How far behind the craft obstacles stay in the view, metres.
pub const VIEW_BEHIND: f64 = 12.0;
/// The button that flips gravity.
pub const FLIP_BUTTON: u8 = 0;

/// How a run ended badly.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Crash {
    /// The tick of the crash.
    pub tick: u32,
    /// The obstacle hit.
    pub obstacle: Obstacle,
    /// The craft's distance.
    pub distance: f64,
}

/// The state of one run.
#[derive(Debug, Clone)]
pub struct FlipSim {
    stream: RunGen,
    obstacles: VecDeque<Obstacle>,
    passed: VecDeque<Obstacle>,
    cleared: u64,
    tick: u32,
    max_ticks: u32,
    x: f64,
    y: f64,
    vy: f64,
    gravity_right: bool,
    taps: u32,
    crash: Option<Crash>,
}

impl FlipSim {
    /// The g1 run of `seed`, ending at 30 minutes.
    pub fn new(seed: u64) -> FlipSim {
        FlipSim::with_limits(seed, FLIP_FACTOR, MAX_TICKS)
    }

    /// A run with another gap-rule factor and tick limit, for the proof and the bench (g1 is
    /// [`FlipSim::new`]).
    pub fn with_limits(seed: u64, factor: f64, max_ticks: u32) -> FlipSim {
        let mut sim = FlipSim {
            stream: RunGen::with_factor(seed, factor),
            obstacles: VecDeque::new(),
            passed: VecDeque::new(),
            cleared: 0,
            tick: 0,
            max_ticks,
            x: 0.0,
            y: CRAFT_HALF_WIDTH,
            vy: 0.0,
            gravity_right: false,
            taps: 0,
            crash: None,
        };
        sim.fill();
        sim
    }

    fn fill(&mut self) {
        while self
            .obstacles
            .back()
            .is_none_or(|o| o.distance < self.x + VIEW_AHEAD)
        {
            let o = self.stream.next_obstacle();
            self.obstacles.push_back(o);
        }
    }

    /// The craft's distance from the start line (centre), metres.
    pub fn distance(&self) -> f64 {
        self.x
    }

    /// The craft's position across the tunnel (centre), metres from the left wall.
    pub fn lateral(&self) -> f64 {
        self.y
    }

    /// Whether gravity pulls toward the right wall.
    pub fn gravity_right(&self) -> bool {
        self.gravity_right
    }

    /// How many obstacles the craft's tail has cleared.
    pub fn cleared(&self) -> u64 {
        self.cleared
    }

    /// The first obstacle not yet cleared.
    pub fn next_obstacle(&self) -> &Obstacle {
        self.obstacles
            .front()
            .expect("the stream is always extended ahead of the craft")
    }

    /// The crash, if the run ended in one.
    pub fn crash(&self) -> Option<&Crash> {
        self.crash.as_ref()
    }

    /// Flips gravity (what a press of [`FLIP_BUTTON`] does).
    pub fn flip(&mut self) {
        self.gravity_right = !self.gravity_right;
        self.taps += 1;
    }

    fn score(&self) -> Score {
        Score {
            value: self.x as i64,
            unit: "m".into(),
            higher_is_better: true,
        }
    }

    fn hits(&self, o: &Obstacle) -> bool {
        let (y0, y1) = o.side.lateral();
        self.x + CRAFT_HALF_LENGTH > o.distance
            && self.x - CRAFT_HALF_LENGTH < o.end()
            && self.y + CRAFT_HALF_WIDTH > y0
            && self.y - CRAFT_HALF_WIDTH < y1
    }
}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::Left => "left-wall block",
        Side::Right => "right-wall block",
        Side::Middle => "pillar",
    }
}

impl Simulation for FlipSim {
    fn tick(&self) -> u32 {
        self.tick
    }

    fn ticks_per_second(&self) -> u32 {
        TICKS_PER_SECOND
    }

    fn input(&mut self, action: &Action) -> Result<()> {
        match *action {
            Action::Press(FLIP_BUTTON) => {
                if self.crash.is_none() && self.tick < self.max_ticks {
                    self.flip();
                }
                Ok(())
            }
            Action::Release(FLIP_BUTTON) => Ok(()),
            Action::Press(b) | Action::Release(b) => Err(Error::state(format!(
                "flip has one button (0, flip gravity); button {b} at tick {} does not exist",
                self.tick
            ))),
            Action::Aim { .. } => Err(Error::state(format!(
                "flip has no aim action (tick {}); its only input is a press of button 0",
                self.tick
            ))),
        }
    }

    fn step(&mut self) {
        if self.crash.is_some() || self.tick >= self.max_ticks {
            return;
        }
        self.tick += 1;
        self.x += speed_at(self.x) * DT;
        let g = if self.gravity_right {
            GRAVITY
        } else {
            -GRAVITY
        };
        self.vy += g * DT;
        self.y += self.vy * DT;
        let (lo, hi) = (CRAFT_HALF_WIDTH, TUNNEL_WIDTH - CRAFT_HALF_WIDTH);
        if self.y < lo {
            self.y = lo;
            self.vy = 0.0;
        } else if self.y > hi {
            self.y = hi;
            self.vy = 0.0;
        }
        while self
            .obstacles
            .front()
            .is_some_and(|o| o.end() <= self.x - CRAFT_HALF_LENGTH)
        {
            if let Some(o) = self.obstacles.pop_front() {
                self.cleared += 1;
                self.passed.push_back(o);
            }
        }
        while self
            .passed
            .front()
            .is_some_and(|o| o.end() < self.x - VIEW_BEHIND)
        {
            self.passed.pop_front();
        }
        self.fill();
        let hit = self
            .obstacles
            .iter()
            .take_while(|o| o.distance < self.x + CRAFT_HALF_LENGTH)
            .find(|o| self.hits(o))
            .copied();
        if let Some(obstacle) = hit {
            self.crash = Some(Crash {
                tick: self.tick,
                obstacle,
                distance: self.x,
            });
        }
    }

    fn ending(&self) -> Option<Ending> {
        if let Some(c) = &self.crash {
            return Some(Ending {
                won: true,
                tick: c.tick,
                score: self.score(),
                reason: format!(
                    "crashed into obstacle {} ({}, requires {}) at {:.1} m, tick {}",
                    c.obstacle.index,
                    side_name(c.obstacle.side),
                    c.obstacle.req.name(),
                    c.distance,
                    c.tick
                ),
            });
        }
        (self.tick >= self.max_ticks).then(|| Ending {
            won: true,
            tick: self.tick,
            score: self.score(),
            reason: format!(
                "flew the whole run: {} s without a crash",
                self.max_ticks / TICKS_PER_SECOND
            ),
        })
    }

    fn awaiting_input(&self) -> bool {
        false
    }

    /// Tick, position, lateral speed, gravity and whether the run crashed: everything the future
    /// of the run depends on (the obstacle window and counters follow from the distance).
    fn hash(&self, h: &mut StateHasher) {
        h.write_u32(self.tick);
        h.write_f64(self.x);
        h.write_f64(self.y);
        h.write_f64(self.vy);
        h.write_bool(self.gravity_right);
        h.write_bool(self.crash.is_some());
    }

    fn view(&self) -> Value {
        let obstacles: Vec<Value> = self
            .passed
            .iter()
            .chain(self.obstacles.iter())
            .map(|o| {
                let (y0, y1) = o.side.lateral();
                json!({"index": o.index, "x0": o.distance, "x1": o.end(), "y0": y0, "y1": y1,
                       "req": o.req.name()})
            })
            .collect();
        json!({
            "tick": self.tick,
            "x": self.x,
            "y": self.y,
            "vy": self.vy,
            "gravity": if self.gravity_right { "right" } else { "left" },
            "speed": speed_at(self.x),
            "distance": self.x as i64,
            "width": TUNNEL_WIDTH,
            "craft": {"half_length": CRAFT_HALF_LENGTH, "half_width": CRAFT_HALF_WIDTH},
            "taps": self.taps,
            "crashed": self.crash.map(|c| c.obstacle.index),
            "obstacles": obstacles,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Req;

    #[test]
    fn no_taps_crashes_at_the_first_right_requirement() {
        let mut sim = FlipSim::new(1);
        let first_right = {
            let mut g = RunGen::new(1);
            loop {
                let o = g.next_obstacle();
                if o.req == Req::Right {
                    break o;
                }
            }
        };
        while sim.ending().is_none() {
            sim.step();
        }
        let c = sim.crash().expect("crashed");
        assert_eq!(c.obstacle.index, first_right.index);
        assert!(
            sim.ending()
                .unwrap()
                .reason
                .contains("crashed into obstacle")
        );
    }

    #[test]
    fn a_tap_crosses_in_about_the_crossing_time() {
        let mut sim = FlipSim::new(5);
        sim.flip();
        let mut ticks = 0;
        while sim.lateral() < TUNNEL_WIDTH - CRAFT_HALF_WIDTH {
            sim.step();
            ticks += 1;
        }
        let t = f64::from(ticks) * DT;
        assert!((t - crate::rules::cross_time()).abs() < 2.0 * DT, "{t}");
    }

    #[test]
    fn the_obstacle_window_stays_small_however_long_the_run() {
        let mut sim = FlipSim::with_limits(9, FLIP_FACTOR, u32::MAX);
        for n in [1_000u64, 5_000, 20_000] {
            let run = crate::player::play(&mut sim, Some(n));
            assert!(run.ending.is_none(), "{:?}", run.ending);
            let window = sim.obstacles.len() + sim.passed.len();
            assert!(window < 40, "{window} obstacles kept after {n}");
        }
    }

    #[test]
    fn unknown_actions_are_refused_by_name() {
        let mut sim = FlipSim::new(1);
        let e = sim.input(&Action::Press(3)).unwrap_err();
        assert!(e.message().contains("button 3"));
        let e = sim
            .input(&Action::Aim {
                x: 1,
                y: 0,
                power: 1,
            })
            .unwrap_err();
        assert!(e.message().contains("no aim"));
    }
}
