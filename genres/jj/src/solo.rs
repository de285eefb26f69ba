//! SOLO: one human plays core A (or B); the partner is driven by the level's plan.
//!
//! The partner keeps a *script clock*: plan tick by plan tick it knows its own keys and where the
//! human's core was at that tick in the plan. Each tick the clock advances (and the partner plays
//! that tick's keys) only if the human has caught up with the plan: the human's core is no more
//! than 0.5 cell behind the planned x and no more than 0.75 cell below the planned y (still in a
//! pit, still before a door). Otherwise the partner waits: it lets go of left, right and jump but
//! keeps its grip, so an anchor keeps holding and a core on a switch stays on it. A partner in
//! the air never waits (pausing mid-jump would drop it into the gap it is jumping); it lands first.
//! On the ground the partner also steers: when it has drifted more than 0.3 cell from where the
//! plan had it (the rope or a late human moved it), it walks back towards the planned x instead
//! of its scripted left/right, so it still finds its switch or ledge. On the plan it never drifts,
//! so a human who plays the plan exactly gets the plan's run, tick for tick.
//! So the partner is never more than a step ahead: it waits at chamber boundaries, before leaving
//! a switch and before releasing an anchor, until the human is where the plan needs them. Timed
//! gates keep their own clock; a human far off the plan's timing meets them at other phases.

use dayseed_core::{Error, Result};
use serde_json::{Value, json};

use crate::arcade::{Action, Ending, Simulation, StateHasher, Tape, replay};
use crate::genre::MAX_CHECK_TICKS;
use crate::physics::{GRIP, JUMP, JjSim, LEFT, NAMES, RIGHT};
use crate::world::World;

const BEHIND: f64 = 0.5;
const BELOW: f64 = 0.75;
const DRIFT: f64 = 0.12;

/// A run with one human and the plan-driven partner.
#[derive(Debug, Clone)]
pub struct SoloSim {
    sim: JjSim,
    partner: usize,
    keys: Vec<[bool; 4]>,
    human_at: Vec<(f64, f64)>,
    partner_x: Vec<f64>,
    clock: usize,
    waited: u32,
}

fn keys_at(held: &[bool; 8], player: usize) -> [bool; 4] {
    [
        held[player * 4],
        held[player * 4 + 1],
        held[player * 4 + 2],
        held[player * 4 + 3],
    ]
}

impl SoloSim {
    /// A SOLO run: the human plays `human` (0 = A, 1 = B); the partner follows `plan`, which must
    /// win this world (it is replayed here to record the partner's script).
    pub fn new(world: World, plan: &Tape, human: usize) -> Result<SoloSim> {
        if human > 1 {
            return Err(Error::state("SOLO: the human plays A (0) or B (1)"));
        }
        let partner = 1 - human;
        let mut sim = JjSim::new(world.clone(), false);
        let (mut keys, mut human_at, mut partner_x) = (Vec::new(), Vec::new(), Vec::new());
        let mut next = 0;
        while sim.ending().is_none() && sim.tick() < MAX_CHECK_TICKS {
            while next < plan.events.len() && plan.events[next].tick == sim.tick() {
                sim.input(&plan.events[next].action)?;
                next += 1;
            }
            keys.push(keys_at(&sim.held(), partner));
            let c = sim.cores()[human];
            human_at.push((c.x, c.y));
            sim.step();
            partner_x.push(sim.cores()[partner].x);
        }
        match sim.ending() {
            Some(e) if e.won => {}
            _ => return Err(Error::puzzle("SOLO: the level's plan does not win")),
        }
        Ok(SoloSim {
            sim: JjSim::new(world, false),
            partner,
            keys,
            human_at,
            partner_x,
            clock: 0,
            waited: 0,
        })
    }

    /// Ticks the partner has spent waiting for the human.
    pub fn waited(&self) -> u32 {
        self.waited
    }

    fn press_partner(&mut self, keys: [bool; 4]) {
        for (k, &down) in keys.iter().enumerate() {
            let b = (self.partner * 4 + k) as u8;
            let action = if down {
                Action::Press(b)
            } else {
                Action::Release(b)
            };
            // Partner buttons are always in range, so input cannot fail.
            let _ = self.sim.input(&action);
        }
    }

    fn human_caught_up(&self) -> bool {
        let Some(&(x, y)) = self.human_at.get(self.clock) else {
            return true;
        };
        let c = self.sim.cores()[1 - self.partner];
        c.x >= x - BEHIND && c.y <= y + BELOW
    }
}

impl Simulation for SoloSim {
    fn tick(&self) -> u32 {
        self.sim.tick()
    }

    fn ticks_per_second(&self) -> u32 {
        self.sim.ticks_per_second()
    }

    fn input(&mut self, action: &Action) -> Result<()> {
        if let Action::Press(b) | Action::Release(b) = *action
            && usize::from(b) / 4 == self.partner
        {
            return Err(Error::state(format!(
                "tick {}: button {b} belongs to {}, the SOLO partner",
                self.sim.tick(),
                NAMES[self.partner]
            )));
        }
        self.sim.input(action)
    }

    fn step(&mut self) {
        let last = self.keys.len() - 1;
        let airborne = !self.sim.grounded(self.partner) && !self.sim.cores()[self.partner].anchored;
        if self.human_caught_up() || airborne {
            let mut keys = self.keys[self.clock.min(last)];
            let x = self.sim.cores()[self.partner].x;
            let planned = self.partner_x[self.clock.min(last)];
            if !airborne && !keys[usize::from(JUMP)] && (x - planned).abs() > DRIFT {
                keys[usize::from(LEFT)] = x > planned;
                keys[usize::from(RIGHT)] = x < planned;
            }
            self.press_partner(keys);
            self.clock = (self.clock + 1).min(last + 1);
        } else {
            let mut hold = [false; 4];
            hold[usize::from(GRIP)] = self.keys[self.clock.min(last)][usize::from(GRIP)];
            self.press_partner(hold);
            self.waited += 1;
        }
        self.sim.step();
    }

    fn ending(&self) -> Option<Ending> {
        self.sim.ending()
    }

    fn awaiting_input(&self) -> bool {
        false
    }

    fn hash(&self, h: &mut StateHasher) {
        self.sim.hash(h);
        h.write_u64(self.clock as u64);
        h.write_u32(self.waited);
    }

    fn view(&self) -> Value {
        let mut v = self.sim.view();
        if let Value::Object(m) = &mut v {
            m.insert(
                "solo".into(),
                json!({"partner": NAMES[self.partner].to_string(), "waited": self.waited}),
            );
        }
        v
    }
}

/// Only one player's events of a tape (to make a human's SOLO tape from a plan).
pub fn events_of(tape: &Tape, player: usize) -> Tape {
    Tape {
        events: tape
            .events
            .iter()
            .filter(|e| match e.action {
                Action::Press(b) | Action::Release(b) => usize::from(b) / 4 == player,
                Action::Aim { .. } => false,
            })
            .copied()
            .collect(),
    }
}

/// Replays a human's tape in SOLO against the plan-driven partner.
pub fn replay_solo(
    world: World,
    plan: &Tape,
    human: usize,
    tape: &Tape,
    max_ticks: u32,
) -> Result<(Ending, u32)> {
    let mut sim = SoloSim::new(world, plan, human)?;
    let r = replay(&mut sim, tape, max_ticks)?;
    Ok((r.ending, sim.waited()))
}
