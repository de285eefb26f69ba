//! The one step function of JJ: two cores tied by a rope, shared by the generator (building and
//! verifying the plan), `solve` and `check` (replay), the server and the page (through wasm).
//!
//! # Physics, generator version g1 (units: cells and ticks; 60 ticks per second)
//! * A core is a 0.8 x 0.8 box. Gravity 40 cells/s², falls capped at 20 cells/s.
//! * Walking (left/right) approaches 6 cells/s at 60 cells/s² on the ground; in the air a held
//!   direction only accelerates (20 cells/s²) up to 6 cells/s, so a swing keeps its speed.
//!   On the ground without input the core brakes at 60 cells/s².
//! * Jump (held) leaves the ground at 13.5 cells/s: about 2.28 cells high.
//! * Grip (held) while touching the ground or a wall *anchors* the core: it stops dead and the rope
//!   cannot move it.
//! * The rope is a maximum-distance constraint of length 5 between the centres (no collision).
//!   When taut it moves the free core(s) back (half each if neither is anchored) and removes the
//!   separating velocity, so a core hanging from an anchored partner swings like a pendulum.
//!   Holding jump in the air while the partner is anchored reels the rope in at 3 cells/s from
//!   the current distance (down to 0.5), and against a wall the core climbs it at 3 cells/s:
//!   the climb. It pays out again at 3 cells/s (up to 5) while both cores stand.
//! * Collisions: each move is split into steps of at most 0.4 cell, x then y, clamped against
//!   solid cells (rock, closed doors, closed gates; columns outside the map are rock).
//! * A switch is held while a core's box overlaps its plate; it opens every door of its chamber.
//!   A timed gate is open while `(tick - phase) mod period < open`.
//! * A core dies touching a spike (lower half of the cell, x inset 0.1), inside a closed door or
//!   gate (crushed) or more than 1.5 cells below the map (fell). The level is won when both centres are past the
//!   exit line.
//! * **Margins** (verification only, never in play): spike hitboxes grow by 0.2 cell on every
//!   side; a gate's open window loses 0.15 s at each end and a door opens only after its switch
//!   has been held 0.3 s (every window 0.3 s shorter).
//!
//! Only `+ - * /` and `sqrt` on f64 (no trig, no fused multiply-add), fixed tick, fixed order:
//! the same inputs give bit-identical states on every target.
//!
//! Why hand-written rather than `rapier2d`: two boxes, one distance constraint and a tile map are
//! ~300 lines whose every operation is visible and exactly rounded; a general engine would bring
//! contact solvers, islands and sleeping whose determinism is a feature flag to trust, not a
//! property to read.

use dayseed_core::{Error, Result};
use serde_json::{Value, json};

use crate::arcade::{Action, Ending, Score, Simulation, StateHasher};
use crate::world::{DOOR, GATE, NONE, ROCK, SPIKE, SWITCH, World};

/// Ticks per second.
pub const TPS: u32 = 60;
const DT: f64 = 1.0 / 60.0;
/// Half the side of a core's box.
pub const HALF: f64 = 0.4;
const GRAVITY: f64 = 40.0;
const MAX_FALL: f64 = 20.0;
const WALK: f64 = 6.0;
const GROUND_ACC: f64 = 60.0;
const AIR_ACC: f64 = 20.0;
const JUMP_V: f64 = 13.5;
/// Rope length at rest.
pub const ROPE: f64 = 5.0;
const ROPE_MIN: f64 = 0.5;
const REEL: f64 = 3.0;
const EPS: f64 = 1e-9;
const PROBE: f64 = 0.01;
/// A core whose top is this far below the map's bottom edge has fallen (a core hanging on the
/// full rope from the floor reaches 0.2 below it).
const FALL_DEPTH: f64 = 1.5;

/// Spike growth under margins, in cells.
pub const SPIKE_MARGIN: f64 = 0.2;
/// Ticks cut from each end of a gate window under margins (0.15 s).
pub const GATE_TRIM: u32 = 9;
/// Ticks a switch must be held before its doors open under margins (0.3 s).
pub const DOOR_DELAY: u32 = 18;

/// Keys of a player; the button number is `player * 4 + key`.
pub const LEFT: u8 = 0;
/// Walk right.
pub const RIGHT: u8 = 1;
/// Jump; while hanging from an anchored partner: climb the rope.
pub const JUMP: u8 = 2;
/// Grip: anchor to the ground or a wall.
pub const GRIP: u8 = 3;

/// The players' names, by index.
pub const NAMES: [char; 2] = ['A', 'B'];

/// Where the cores start: A at x 2.5, B at x 1.0, standing on the floor whose top is row 6.
pub const START: [(f64, f64); 2] = [(2.5, 6.0 - HALF), (1.0, 6.0 - HALF)];

/// One core.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Core {
    /// Centre x.
    pub x: f64,
    /// Centre y (down is positive).
    pub y: f64,
    /// Velocity x, cells per second.
    pub vx: f64,
    /// Velocity y, cells per second.
    pub vy: f64,
    /// Anchored by grip this tick.
    pub anchored: bool,
}

/// Floor of a finite value as an integer cell index (no `floor` call needed).
fn cell(v: f64) -> i64 {
    let t = v as i64;
    if (t as f64) > v { t - 1 } else { t }
}

/// The JJ simulation.
#[derive(Debug, Clone)]
pub struct JjSim {
    world: World,
    margins: bool,
    tick: u32,
    cores: [Core; 2],
    rope: f64,
    held: [bool; 8],
    switch_ticks: Vec<u32>,
    door_open: Vec<bool>,
    gate_open: Vec<bool>,
    ending: Option<Ending>,
}

impl JjSim {
    /// A run at tick 0 with the cores at [`START`]; `margins` for verification replays.
    pub fn new(world: World, margins: bool) -> JjSim {
        let n = world.spans.len();
        let g = world.gates.len();
        let cores = START.map(|(x, y)| Core {
            x,
            y,
            vx: 0.0,
            vy: 0.0,
            anchored: false,
        });
        let mut sim = JjSim {
            world,
            margins,
            tick: 0,
            cores,
            rope: ROPE,
            held: [false; 8],
            switch_ticks: vec![0; n],
            door_open: vec![false; n],
            gate_open: vec![false; g],
            ending: None,
        };
        sim.update_mechanisms();
        sim
    }

    /// The world.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// Replaces the world (the generator grows it chamber by chamber); mechanism state is kept
    /// for chambers that still exist.
    pub fn set_world(&mut self, world: World) {
        self.switch_ticks.resize(world.spans.len(), 0);
        self.door_open.resize(world.spans.len(), false);
        self.gate_open.resize(world.gates.len(), false);
        self.world = world;
        self.update_gates();
    }

    /// The cores.
    pub fn cores(&self) -> &[Core; 2] {
        &self.cores
    }

    /// Which buttons are held.
    pub fn held(&self) -> [bool; 8] {
        self.held
    }

    /// Whether core `i` stands on something solid.
    pub fn grounded(&self, i: usize) -> bool {
        self.contacts(&self.cores[i]).0
    }

    fn update_gates(&mut self) {
        let trim = if self.margins { GATE_TRIM } else { 0 };
        for (open, g) in self.gate_open.iter_mut().zip(&self.world.gates) {
            *open = g.is_open(self.tick, trim);
        }
    }

    fn update_mechanisms(&mut self) {
        let mut pressed = vec![false; self.world.spans.len()];
        for core in &self.cores {
            let (c0, c1, r0, r1) = box_cells(core.x, core.y, 0.0);
            for r in r0..=r1 {
                for c in c0..=c1 {
                    if self.world.cell(c, r) == Some(SWITCH) {
                        let plate = (r as f64 + 0.7, r as f64 + 1.0);
                        let ch = self.world.chamber_of(c as usize);
                        if core.y + HALF > plate.0 && core.y - HALF < plate.1 && ch != NONE {
                            pressed[ch as usize] = true;
                        }
                    }
                }
            }
        }
        let delay = if self.margins { DOOR_DELAY } else { 0 };
        for (i, p) in pressed.into_iter().enumerate() {
            self.switch_ticks[i] = if p { self.switch_ticks[i] + 1 } else { 0 };
            self.door_open[i] = self.switch_ticks[i] > delay;
        }
        self.update_gates();
    }

    fn solid(&self, c: i64, r: i64) -> bool {
        if c < 0 || c >= self.world.width as i64 {
            return true;
        }
        match self.world.cell(c, r) {
            Some(ROCK) => true,
            Some(DOOR) => {
                let ch = self.world.chamber_of(c as usize);
                ch == NONE || !self.door_open[ch as usize]
            }
            Some(GATE) => {
                let g = self.world.gate_of(c as usize);
                g == NONE || !self.gate_open[g as usize]
            }
            _ => false,
        }
    }

    fn any_solid(&self, c0: i64, c1: i64, r0: i64, r1: i64) -> bool {
        (r0..=r1).any(|r| (c0..=c1).any(|c| self.solid(c, r)))
    }

    /// (on the ground, touching a wall) by probing a hair beyond the box.
    fn contacts(&self, core: &Core) -> (bool, bool) {
        let (c0, c1, r0, r1) = box_cells(core.x, core.y, 0.0);
        let below = cell(core.y + HALF + PROBE);
        let ground = self.any_solid(c0, c1, below, below);
        let left = cell(core.x - HALF - PROBE);
        let right = cell(core.x + HALF + PROBE);
        let wall = self.any_solid(left, left, r0, r1) || self.any_solid(right, right, r0, r1);
        (ground, wall)
    }

    /// Moves a core by (dx, dy) against the map, x first then y, in pieces of at most 0.4 cell;
    /// a blocked axis loses its velocity.
    fn move_core(&self, core: &mut Core, dx: f64, dy: f64) {
        let longest = dx.abs().max(dy.abs());
        let pieces = ((longest / 0.4) as usize + 1).min(64);
        let (sx, sy) = (dx / pieces as f64, dy / pieces as f64);
        for _ in 0..pieces {
            if sx != 0.0 {
                let nx = core.x + sx;
                let (_, _, r0, r1) = box_cells(core.x, core.y, 0.0);
                if sx > 0.0 {
                    let c = cell(nx + HALF - EPS);
                    if self.any_solid(c, c, r0, r1) {
                        core.x = c as f64 - HALF;
                        core.vx = core.vx.min(0.0);
                    } else {
                        core.x = nx;
                    }
                } else {
                    let c = cell(nx - HALF + EPS);
                    if self.any_solid(c, c, r0, r1) {
                        core.x = (c + 1) as f64 + HALF;
                        core.vx = core.vx.max(0.0);
                    } else {
                        core.x = nx;
                    }
                }
            }
            if sy != 0.0 {
                let ny = core.y + sy;
                let (c0, c1, _, _) = box_cells(core.x, core.y, 0.0);
                if sy > 0.0 {
                    let r = cell(ny + HALF - EPS);
                    if self.any_solid(c0, c1, r, r) {
                        core.y = r as f64 - HALF;
                        core.vy = core.vy.min(0.0);
                    } else {
                        core.y = ny;
                    }
                } else {
                    let r = cell(ny - HALF + EPS);
                    if self.any_solid(c0, c1, r, r) {
                        core.y = (r + 1) as f64 + HALF;
                        core.vy = core.vy.max(0.0);
                    } else {
                        core.y = ny;
                    }
                }
            }
        }
    }

    fn keys(&self, i: usize) -> [bool; 4] {
        [
            self.held[i * 4],
            self.held[i * 4 + 1],
            self.held[i * 4 + 2],
            self.held[i * 4 + 3],
        ]
    }

    fn distance(&self) -> f64 {
        let [a, b] = self.cores;
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        (dx * dx + dy * dy).sqrt()
    }

    fn apply_rope(&mut self) {
        for _ in 0..2 {
            let [a, b] = self.cores;
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let d2 = dx * dx + dy * dy;
            if d2 <= self.rope * self.rope {
                return;
            }
            let d = d2.sqrt();
            let (nx, ny) = (dx / d, dy / d);
            let wa = if a.anchored { 0.0 } else { 1.0 };
            let wb = if b.anchored { 0.0 } else { 1.0 };
            let ws = wa + wb;
            if ws == 0.0 {
                return;
            }
            let excess = d - self.rope;
            let vr = (b.vx - a.vx) * nx + (b.vy - a.vy) * ny;
            let mut na = a;
            let mut nb = b;
            if vr > 0.0 {
                na.vx += nx * vr * wa / ws;
                na.vy += ny * vr * wa / ws;
                nb.vx -= nx * vr * wb / ws;
                nb.vy -= ny * vr * wb / ws;
            }
            if wa > 0.0 {
                self.move_core(&mut na, nx * excess * wa / ws, ny * excess * wa / ws);
            }
            if wb > 0.0 {
                self.move_core(&mut nb, -nx * excess * wb / ws, -ny * excess * wb / ws);
            }
            self.cores = [na, nb];
        }
    }

    fn hazard(&self, i: usize) -> Option<String> {
        let core = self.cores[i];
        let who = NAMES[i];
        if core.y - HALF > self.world.height as f64 + FALL_DEPTH {
            return Some(format!(
                "core {who} fell into a pit at column {}",
                cell(core.x)
            ));
        }
        let m = if self.margins { SPIKE_MARGIN } else { 0.0 };
        let (c0, c1, r0, r1) = box_cells(core.x, core.y, m + 0.1);
        for r in r0..=r1 {
            for c in c0..=c1 {
                if self.world.cell(c, r) == Some(SPIKE) {
                    let (sx0, sx1) = (c as f64 + 0.1 - m, c as f64 + 0.9 + m);
                    let (sy0, sy1) = (r as f64 + 0.5 - m, r as f64 + 1.0 + m);
                    if core.x + HALF > sx0
                        && core.x - HALF < sx1
                        && core.y + HALF > sy0
                        && core.y - HALF < sy1
                    {
                        return Some(format!("core {who} hit spikes at column {c}"));
                    }
                }
            }
        }
        let (c0, c1, r0, r1) = box_cells(core.x, core.y, 0.0);
        for r in r0..=r1 {
            for c in c0..=c1 {
                if self.solid(c, r) && self.world.cell(c, r).is_some() {
                    let what = match self.world.cell(c, r) {
                        Some(DOOR) => "a closing door",
                        Some(GATE) => "a closing gate",
                        _ => "rock",
                    };
                    return Some(format!("core {who} was crushed by {what} at column {c}"));
                }
            }
        }
        None
    }

    fn end(&mut self, won: bool, reason: String) {
        self.ending = Some(Ending {
            won,
            tick: self.tick,
            score: Score {
                value: i64::from(self.tick),
                unit: "ticks".into(),
                higher_is_better: false,
            },
            reason,
        });
    }
}

/// The cells a box around (x, y) grown by `grow` overlaps: (c0, c1, r0, r1) inclusive.
fn box_cells(x: f64, y: f64, grow: f64) -> (i64, i64, i64, i64) {
    let h = HALF + grow;
    (
        cell(x - h + EPS),
        cell(x + h - EPS),
        cell(y - h + EPS),
        cell(y + h - EPS),
    )
}

impl Simulation for JjSim {
    fn tick(&self) -> u32 {
        self.tick
    }

    fn ticks_per_second(&self) -> u32 {
        TPS
    }

    fn input(&mut self, action: &Action) -> Result<()> {
        match *action {
            Action::Press(b) | Action::Release(b) if b < 8 => {
                self.held[usize::from(b)] = matches!(action, Action::Press(_));
                Ok(())
            }
            Action::Press(b) | Action::Release(b) => Err(Error::state(format!(
                "tick {}: button {b} is not a JJ button (0-7 = player * 4 + key: left, right, \
                 jump, grip)",
                self.tick
            ))),
            Action::Aim { .. } => Err(Error::state(format!(
                "tick {}: JJ has no aim input",
                self.tick
            ))),
        }
    }

    fn step(&mut self) {
        if self.ending.is_some() {
            return;
        }
        self.update_mechanisms();
        let contacts = [self.contacts(&self.cores[0]), self.contacts(&self.cores[1])];
        let keys = [self.keys(0), self.keys(1)];
        for i in 0..2 {
            let (ground, wall) = contacts[i];
            self.cores[i].anchored = keys[i][3] && (ground || wall);
        }
        let mut climbing = false;
        for i in 0..2 {
            let [l, r, j, _] = keys[i];
            let (ground, _) = contacts[i];
            let mut core = self.cores[i];
            if core.anchored {
                core.vx = 0.0;
                core.vy = 0.0;
                self.cores[i] = core;
                continue;
            }
            let climb = j && !ground && self.cores[1 - i].anchored;
            climbing |= climb;
            let dir = f64::from(u8::from(r)) - f64::from(u8::from(l));
            if ground {
                let target = dir * WALK;
                let dv = GROUND_ACC * DT;
                core.vx = if core.vx < target {
                    (core.vx + dv).min(target)
                } else {
                    (core.vx - dv).max(target)
                };
                if j {
                    core.vy = -JUMP_V;
                }
            } else if dir != 0.0 && core.vx * dir < WALK {
                core.vx = dir * (core.vx * dir + AIR_ACC * DT).min(WALK);
            }
            core.vy = (core.vy + GRAVITY * DT).min(MAX_FALL);
            if climb && contacts[i].1 {
                core.vy = -REEL;
            }
            let (dx, dy) = (core.vx * DT, core.vy * DT);
            self.move_core(&mut core, dx, dy);
            self.cores[i] = core;
        }
        if climbing {
            self.rope = (self.rope.min(self.distance()) - REEL * DT).max(ROPE_MIN);
        } else if contacts[0].0 && contacts[1].0 {
            self.rope = (self.rope + REEL * DT).min(ROPE);
        }
        self.apply_rope();
        self.tick += 1;
        for i in 0..2 {
            if let Some(reason) = self.hazard(i) {
                self.end(false, format!("{reason} at tick {}", self.tick));
                return;
            }
        }
        let line = self.world.exit_x as f64 + 0.5;
        if self.cores.iter().all(|c| c.x > line) {
            self.end(true, "both cores reached the exit".into());
        }
    }

    fn ending(&self) -> Option<Ending> {
        self.ending.clone()
    }

    fn awaiting_input(&self) -> bool {
        !self.held.iter().any(|&h| h)
            && (0..2)
                .all(|i| self.cores[i].vx == 0.0 && self.cores[i].vy == 0.0 && self.grounded(i))
    }

    fn hash(&self, h: &mut StateHasher) {
        h.write_u32(self.tick);
        for c in &self.cores {
            h.write_f64(c.x);
            h.write_f64(c.y);
            h.write_f64(c.vx);
            h.write_f64(c.vy);
            h.write_bool(c.anchored);
        }
        h.write_f64(self.rope);
        for &b in &self.held {
            h.write_bool(b);
        }
        for &t in &self.switch_ticks {
            h.write_u32(t);
        }
        h.write_bool(self.ending.is_some());
    }

    fn view(&self) -> Value {
        json!({
            "tick": self.tick,
            "width": self.world.width,
            "height": self.world.height,
            "rows": self.world.rows(),
            "exit_x": self.world.exit_x,
            "cores": self.cores.iter().enumerate().map(|(i, c)| json!({
                "name": NAMES[i].to_string(), "x": c.x, "y": c.y, "anchored": c.anchored,
            })).collect::<Vec<_>>(),
            "rope": self.rope,
            "rope_max": ROPE,
            "doors": self.world.spans.iter().zip(&self.door_open)
                .map(|(&(x0, x1), &open)| json!({"x0": x0, "x1": x1, "open": open}))
                .collect::<Vec<_>>(),
            "gates": self.world.gates.iter().zip(&self.gate_open)
                .map(|(g, &open)| json!({"x0": g.x0, "x1": g.x1, "open": open}))
                .collect::<Vec<_>>(),
            "held": self.held,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arcade::{Event, Tape, replay};
    use crate::world::Gate;

    /// A flat 20-column floor (top at row 6) with `extra` cells placed on row 5.
    fn world(extra: &[(usize, u8)], gates: Vec<Gate>) -> World {
        let mut rows: Vec<Vec<u8>> = (0..10)
            .map(|r| vec![if r >= 6 { b'#' } else { b'.' }; 20])
            .collect();
        for &(c, b) in extra {
            rows[5][c] = b;
            if b == DOOR || b == GATE {
                for row in rows.iter_mut().take(5) {
                    row[c] = b;
                }
            }
        }
        let rows: Vec<String> = rows
            .into_iter()
            .map(|r| String::from_utf8(r).unwrap())
            .collect();
        World::new(&rows, vec![(0, 18)], gates, 17).unwrap()
    }

    fn press(tick: u32, b: u8) -> Event {
        Event {
            tick,
            action: Action::Press(b),
        }
    }

    #[test]
    fn the_same_tape_gives_the_same_tick_hash() {
        let tape = Tape {
            events: vec![press(0, RIGHT), press(5, 4 + RIGHT), press(20, JUMP)],
        };
        let run = || {
            let mut sim = JjSim::new(world(&[], vec![]), false);
            replay(&mut sim, &tape, 400).unwrap()
        };
        let (a, b) = (run(), run());
        assert_eq!(a.tick_hash, b.tick_hash);
        assert_eq!(a.final_hash, b.final_hash);
        assert!(a.ending.won, "{}", a.ending.reason);
    }

    #[test]
    fn spikes_grow_by_the_margin() {
        // A core standing just left of a spike: 0.15 cell from its hitbox.
        let w = world(&[(5, SPIKE)], vec![]);
        for (margins, dies) in [(false, false), (true, true)] {
            let mut sim = JjSim::new(w.clone(), margins);
            sim.cores[0].x = 5.1 - HALF - 0.15;
            sim.step();
            assert_eq!(sim.ending().is_some(), dies, "margins {margins}");
        }
    }

    #[test]
    fn gate_windows_shrink_by_the_margin() {
        let g = Gate {
            x0: 3,
            x1: 4,
            period: 100,
            open: 40,
            phase: 10,
        };
        assert!(!g.is_open(9, 0) && g.is_open(10, 0) && g.is_open(49, 0) && !g.is_open(50, 0));
        assert!(!g.is_open(18, GATE_TRIM) && g.is_open(19, GATE_TRIM));
        assert!(g.is_open(40, GATE_TRIM) && !g.is_open(41, GATE_TRIM));
        assert!(g.is_open(110, 0), "periodic");
    }

    #[test]
    fn doors_open_late_under_margins() {
        let w = world(&[(4, SWITCH), (8, DOOR)], vec![]);
        for (margins, opens_at) in [(false, 1), (true, DOOR_DELAY + 1)] {
            let mut sim = JjSim::new(w.clone(), margins);
            sim.cores[0].x = 4.5;
            let mut opened = None;
            for _ in 0..40 {
                sim.step();
                if opened.is_none() && sim.door_open[0] {
                    opened = Some(sim.tick());
                }
            }
            assert_eq!(opened, Some(opens_at), "margins {margins}");
        }
    }

    #[test]
    fn unknown_inputs_are_refused_by_name() {
        let mut sim = JjSim::new(world(&[], vec![]), false);
        let e = sim.input(&Action::Press(8)).unwrap_err();
        assert!(e.message().contains("button 8"));
        let e = sim
            .input(&Action::Aim {
                x: 1,
                y: 0,
                power: 3,
            })
            .unwrap_err();
        assert!(e.message().contains("no aim"));
    }

    #[test]
    fn an_anchored_core_holds_its_partner_over_a_pit() {
        // Floor only under columns 0..=4: B walks off the edge while A grips.
        let mut rows: Vec<String> = (0..10).map(|_| ".".repeat(20)).collect();
        for row in rows.iter_mut().skip(6) {
            *row = format!("{}{}", "#".repeat(5), ".".repeat(15));
        }
        let w = World::new(&rows, vec![(0, 20)], vec![], 17).unwrap();
        let mut sim = JjSim::new(w, false);
        sim.cores[0].x = 4.5;
        sim.cores[1].x = 3.0;
        sim.input(&Action::Press(GRIP)).unwrap();
        sim.input(&Action::Press(4 + RIGHT)).unwrap();
        for _ in 0..300 {
            sim.step();
        }
        assert!(sim.ending().is_none(), "{:?}", sim.ending());
        let [a, b] = sim.cores;
        let d = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).sqrt();
        assert!(
            b.y > 7.0 && d <= ROPE + 1e-9,
            "B hangs on the rope: {b:?}, d {d}"
        );
        assert_eq!((a.x, a.y), (4.5, START[0].1), "A does not move");
    }
}
