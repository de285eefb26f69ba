//! The physics of generator version g1: the one step function every shot runs through.
//!
//! Everything a puzzle stores is an integer in **milli-units** (1 unit = 1000); the simulation
//! converts once with an exactly rounded division by 1000. Constants of g1 (never changed; a change
//! is a new generator version):
//!
//! | constant | value |
//! |---|---|
//! | field | 16 x 9 units, y downwards (the page's canvas orientation) |
//! | tick | 1/120 s ([`TICKS_PER_SECOND`]) |
//! | integrator | semi-implicit (symplectic) Euler: `v += a(x) dt; x += v dt` |
//! | gravity | `a = sum_i gm_i * d_i / (d_i^2 + eps^2)^(3/2)`, `eps` = 0.2 units ([`SOFTENING`]) |
//! | capture | ball centre within 0.45 units of the black hole ([`CAPTURE_RADIUS`]) |
//! | crash | ball centre strictly inside a planet's radius |
//! | lost | ball centre more than 1 unit outside the field ([`LOST_MARGIN`]) |
//! | timeout | 1200 ticks = 10 s of flight ([`MAX_SHOT_TICKS`]) |
//! | power | integer tenths of a unit per second, 10..=150 ([`MIN_POWER`], [`MAX_POWER`]) |
//!
//! After each step the ball is tested in this order: in, crashed (lowest planet index first), lost,
//! timeout. Only `+ - * /` and `sqrt` are used, so every platform computes the same bits.

use dayseed_core::{Error, Result};
use serde::{Deserialize, Serialize};

use crate::arcade::Vec2;

/// Fixed ticks per second of simulated time.
pub const TICKS_PER_SECOND: u32 = 120;
/// Milli-units per unit: the scale of every stored coordinate, radius and mass.
pub const MILLI: i32 = 1000;
/// Field width in milli-units.
pub const FIELD_W: i32 = 16_000;
/// Field height in milli-units.
pub const FIELD_H: i32 = 9_000;
/// Gravity softening length in units.
pub const SOFTENING: f64 = 0.2;
/// Capture radius of the black hole in units. It is the constant that sets the par distribution
/// (par comes from how many of the 384 shots sink): measured over the 30 dailies from epoch day
/// 20671 (270 holes), 0.45 gives par 2/3/4 = 82/138/50 (the original game: 81/119/70); 0.5 gives
/// 105/129/36 and 0.6 148/98/24; 0.4 gave 5/29/11 over 45 holes. Over 365 dailies 0.45 gives
/// 1080/1660/545 (33/51/17 %; `bench/slingstar-bench.sh`).
pub const CAPTURE_RADIUS: f64 = 0.45;
/// How far outside the field (units) a ball is lost.
pub const LOST_MARGIN: f64 = 1.0;
/// Longest flight in ticks; a shot still flying then ends in `timeout`.
pub const MAX_SHOT_TICKS: u32 = 1200;
/// Smallest power a shot may have (tenths of a unit per second).
pub const MIN_POWER: u32 = 10;
/// Largest power a shot may have (tenths of a unit per second).
pub const MAX_POWER: u32 = 150;
/// Largest absolute aim component accepted (keeps x*x + y*y exact in f64).
pub const MAX_AIM_COMPONENT: i32 = 1 << 24;

/// A planet: centre, radius and gravitational strength `G*m`, all in milli-units
/// (`gm` in milli-units^3/s^2 / 10^6, i.e. `gm / 1000` is units^3/s^2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Planet {
    /// Centre x (milli-units).
    pub x: i32,
    /// Centre y (milli-units).
    pub y: i32,
    /// Radius (milli-units).
    pub r: i32,
    /// Strength `G*m` in thousandths of units^3/s^2.
    pub gm: i32,
}

/// A hole's layout: tee, black hole (the cup) and planets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    /// Where every shot starts (milli-units).
    pub tee: [i32; 2],
    /// The black hole's centre (milli-units).
    pub cup: [i32; 2],
    /// The planets, in the order crashes are tested.
    pub planets: Vec<Planet>,
}

/// How a shot ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ShotEnd {
    /// Captured by the black hole.
    In,
    /// Hit the planet with this index.
    Crashed(usize),
    /// Left the field.
    Lost,
    /// Still flying after [`MAX_SHOT_TICKS`].
    Timeout,
}

impl ShotEnd {
    /// Words for the player ("crashed into planet 2"); planets are numbered from 1.
    pub fn describe(self) -> String {
        match self {
            ShotEnd::In => "in the hole".into(),
            ShotEnd::Crashed(i) => format!("crashed into planet {}", i + 1),
            ShotEnd::Lost => "lost in space".into(),
            ShotEnd::Timeout => "still flying after 10 s (timeout)".into(),
        }
    }
}

/// A shot as the tape stores it: integer direction components and an integer power.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aim {
    /// Direction x component (any scale; the simulation normalises).
    pub x: i32,
    /// Direction y component.
    pub y: i32,
    /// Speed in tenths of a unit per second.
    pub power: u32,
}

impl Aim {
    /// The unit launch direction and the speed in units/s, or an error naming what is wrong.
    pub fn launch(self) -> Result<(Vec2, f64)> {
        if self.x == 0 && self.y == 0 {
            return Err(Error::state("aim (0, 0) has no direction"));
        }
        if self.x.abs() > MAX_AIM_COMPONENT || self.y.abs() > MAX_AIM_COMPONENT {
            return Err(Error::state(format!(
                "aim ({}, {}) has a component beyond +-{MAX_AIM_COMPONENT}",
                self.x, self.y
            )));
        }
        if !(MIN_POWER..=MAX_POWER).contains(&self.power) {
            return Err(Error::state(format!(
                "power {} is outside {MIN_POWER}..={MAX_POWER}",
                self.power
            )));
        }
        let v = Vec2::new(f64::from(self.x), f64::from(self.y));
        let dir = v
            .normalized()
            .ok_or_else(|| Error::state("aim has no direction"))?;
        Ok((dir, f64::from(self.power) / 10.0))
    }
}

/// A milli-unit pair as a vector in units.
pub fn units(p: [i32; 2]) -> Vec2 {
    Vec2::new(f64::from(p[0]) / 1000.0, f64::from(p[1]) / 1000.0)
}

/// A planet ready for the step function.
#[derive(Debug, Clone, Copy)]
struct Body {
    pos: Vec2,
    r_sq: f64,
    gm: f64,
}

/// A hole converted to units once, for the step function.
#[derive(Debug, Clone)]
pub struct World {
    /// Tee position (units).
    pub tee: Vec2,
    /// Black-hole position (units).
    pub cup: Vec2,
    bodies: Vec<Body>,
}

/// The ball in flight.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ball {
    /// Position (units).
    pub pos: Vec2,
    /// Velocity (units/s).
    pub vel: Vec2,
    /// Ticks flown.
    pub ticks: u32,
}

impl World {
    /// The world of a layout.
    pub fn new(layout: &Layout) -> World {
        World {
            tee: units(layout.tee),
            cup: units(layout.cup),
            bodies: layout
                .planets
                .iter()
                .map(|p| {
                    let r = f64::from(p.r) / 1000.0;
                    Body {
                        pos: units([p.x, p.y]),
                        r_sq: r * r,
                        gm: f64::from(p.gm) / 1000.0,
                    }
                })
                .collect(),
        }
    }

    /// A ball leaving the tee with `aim`.
    pub fn launch(&self, aim: Aim) -> Result<Ball> {
        let (dir, speed) = aim.launch()?;
        Ok(Ball {
            pos: self.tee,
            vel: dir * speed,
            ticks: 0,
        })
    }

    /// Gravitational acceleration at `pos` (units/s^2).
    fn accel(&self, pos: Vec2) -> Vec2 {
        let eps_sq = SOFTENING * SOFTENING;
        let mut a = Vec2::ZERO;
        for b in &self.bodies {
            let d = b.pos - pos;
            let s = d.len_sq() + eps_sq;
            a += d * (b.gm / (s * s.sqrt()));
        }
        a
    }

    /// THE step function: advances `ball` by one tick and says whether the shot ended.
    pub fn step(&self, ball: &mut Ball) -> Option<ShotEnd> {
        let dt = 1.0 / f64::from(TICKS_PER_SECOND);
        ball.vel += self.accel(ball.pos) * dt;
        ball.pos += ball.vel * dt;
        ball.ticks += 1;
        if (ball.pos - self.cup).len_sq() < CAPTURE_RADIUS * CAPTURE_RADIUS {
            return Some(ShotEnd::In);
        }
        if let Some(i) = self
            .bodies
            .iter()
            .position(|b| (ball.pos - b.pos).len_sq() < b.r_sq)
        {
            return Some(ShotEnd::Crashed(i));
        }
        let (w, h) = (f64::from(FIELD_W) / 1000.0, f64::from(FIELD_H) / 1000.0);
        let p = ball.pos;
        if p.x < -LOST_MARGIN
            || p.y < -LOST_MARGIN
            || p.x > w + LOST_MARGIN
            || p.y > h + LOST_MARGIN
        {
            return Some(ShotEnd::Lost);
        }
        if ball.ticks >= MAX_SHOT_TICKS {
            return Some(ShotEnd::Timeout);
        }
        None
    }

    /// Flies a whole shot through [`World::step`]: its end and the ticks it took.
    pub fn shot(&self, aim: Aim) -> Result<(ShotEnd, u32)> {
        let mut ball = self.launch(aim)?;
        loop {
            if let Some(end) = self.step(&mut ball) {
                return Ok((end, ball.ticks));
            }
        }
    }

    /// Whether the shot `aim` goes in (false for an invalid aim).
    pub fn sinks(&self, aim: Aim) -> bool {
        matches!(self.shot(aim), Ok((ShotEnd::In, _)))
    }
}

impl World {
    /// The positions of a shot, one per tick, through [`World::step`] (for drawings).
    pub fn trace(&self, aim: Aim) -> Result<(Vec<Vec2>, ShotEnd)> {
        let mut ball = self.launch(aim)?;
        let mut points = vec![ball.pos];
        loop {
            let end = self.step(&mut ball);
            points.push(ball.pos);
            if let Some(end) = end {
                return Ok((points, end));
            }
        }
    }
}
