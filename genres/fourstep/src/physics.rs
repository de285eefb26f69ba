//! The hero's physics (g1), in integer units: one cell is [`CELL`] units, one tick is 1/24 beat.
//!
//! Everything is integer arithmetic, so the same inputs give the same run on every platform, and
//! two hero states are the same state exactly when their three numbers are equal.
//!
//! | quantity            | value                       | in cells and beats              |
//! |---------------------|-----------------------------|---------------------------------|
//! | run speed           | [`RUN_SPEED`] = 10 units/tick | 4 cells per beat (x = 10 * tick) |
//! | jump velocity       | [`JUMP_V`] = 20 units/tick  | apex 210 units = 3.5 cells      |
//! | gravity             | [`GRAVITY`] = 1 unit/tick^2 | flat jump lasts 41 ticks        |
//! | fastest fall        | [`MAX_FALL`] = 20 units/tick| (6.8 cells, about 1.7 beats)    |
//! | hero box            | 36 x 60 units               | 0.6 x 1.0 cell, centred on x    |
//! | fall death          | y < -120 units              | 2 cells below level 0           |
//!
//! Press = jump, only when standing (a press in the air does nothing; holding does nothing).
//! Per tick, in this order: a press while grounded sets `vy = JUMP_V`; a grounded hero stays
//! grounded while any ground column under its box has its top at `y`, otherwise it walks off;
//! an airborne hero moves `y += vy`, then `vy = max(vy - GRAVITY, -MAX_FALL)`, and lands on the
//! highest column under its box whose top it was at or above before the move and is now at or
//! below; then the column under the box's front edge must not be higher than the hero's feet
//! (else it ran into a step); then obstacles are tested, box against box, overlap strict.
//! The solver uses the same function with [`Rules::Solver`]: every obstacle box grows by its
//! kind's margin on every side, and a hero whose feet are below level 0 counts as lost at once
//! (every ground top is >= 0 and a landing needs feet at or above the top before the move, so
//! such a hero can never land again: it is doomed, not merely unlucky).

use crate::course::{Course, Obstacle};

/// Units per cell.
pub const CELL: i64 = 60;
/// Ticks per beat: the fixed step is 1/24 beat.
pub const TICKS_PER_BEAT: u32 = 24;
/// Beats per bar.
pub const BEATS_PER_BAR: u32 = 4;
/// Ticks per bar.
pub const TICKS_PER_BAR: u32 = TICKS_PER_BEAT * BEATS_PER_BAR;
/// Cells per bar (the hero runs 4 cells a beat).
pub const CELLS_PER_BAR: u32 = 16;
/// Horizontal speed, units per tick.
pub const RUN_SPEED: i64 = 10;
/// Upward speed given by a jump, units per tick.
pub const JUMP_V: i64 = 20;
/// Gravity, units per tick per tick.
pub const GRAVITY: i64 = 1;
/// Fastest fall, units per tick.
pub const MAX_FALL: i64 = 20;
/// Half the hero's width, units.
pub const HERO_HALF_W: i64 = 18;
/// The hero's height, units.
pub const HERO_H: i64 = 60;
/// Below this the hero has fallen out of the course (game rules).
pub const FALL_DEATH_Y: i64 = -120;
/// The highest ground level (level n has its top at n cells).
pub const MAX_LEVEL: i8 = 3;

/// The hero's x (centre) after `tick` ticks: locked to the tempo.
pub fn hero_x(tick: u32) -> i64 {
    i64::from(tick) * RUN_SPEED
}

/// The hero's state besides x (which is a function of the tick).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hero {
    /// Feet height, units (level n ground has its top at n * CELL).
    pub y: i64,
    /// Vertical speed, units per tick (up is positive).
    pub vy: i64,
    /// Standing on ground.
    pub grounded: bool,
}

impl Hero {
    /// Standing on level 0 at the start.
    pub const START: Hero = Hero {
        y: 0,
        vy: 0,
        grounded: true,
    };
}

/// Which rules a step is judged by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rules {
    /// The game: true hitboxes.
    Game,
    /// The verifier: hitboxes enlarged by each kind's margin; feet below level 0 is lost.
    Solver,
}

/// What happened in one tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Still running; `jumped` when the press took effect this tick.
    Ran {
        /// The press made the hero jump.
        jumped: bool,
    },
    /// Touched obstacle `index` (of the course's list).
    Hit {
        /// The press made the hero jump.
        jumped: bool,
        /// Index into the course's obstacles.
        index: usize,
    },
    /// Fell out of the course.
    Fell,
    /// Ran into the side of a step at this column.
    Crashed {
        /// The column.
        column: i64,
    },
}

/// Advances the hero by one fixed tick, from `tick` to `tick + 1`. The one step function of the
/// game: generator, solver, replay and page all call it.
pub fn step_hero(course: &Course, hero: &mut Hero, tick: u32, press: bool, rules: Rules) -> Step {
    let x = hero_x(tick + 1);
    let (lo, hi) = (x - HERO_HALF_W, x + HERO_HALF_W);
    let first = lo.div_euclid(CELL);
    let last = (hi - 1).div_euclid(CELL);
    let jumped = press && hero.grounded;
    if jumped {
        hero.vy = JUMP_V;
        hero.grounded = false;
    } else if hero.grounded && !(first..=last).any(|c| course.top(c) == Some(hero.y)) {
        hero.grounded = false;
        hero.vy = 0;
    }
    if !hero.grounded {
        let before = hero.y;
        hero.y += hero.vy;
        hero.vy = (hero.vy - GRAVITY).max(-MAX_FALL);
        let landing = (first..=last)
            .filter_map(|c| course.top(c))
            .filter(|&top| top <= before)
            .max();
        if let Some(top) = landing.filter(|&top| hero.y <= top) {
            hero.y = top;
            hero.vy = 0;
            hero.grounded = true;
        }
    }
    if course.top(last).is_some_and(|top| top > hero.y) {
        return Step::Crashed { column: last };
    }
    let floor = match rules {
        Rules::Game => FALL_DEATH_Y,
        Rules::Solver => 0,
    };
    if hero.y < floor {
        return Step::Fell;
    }
    let hero_box = Box2 {
        x0: lo,
        x1: hi,
        y0: hero.y,
        y1: hero.y + HERO_H,
    };
    for &index in course.obstacles_near(x) {
        let o = &course.obstacles[index];
        let Some(b) = o.hitbox(tick + 1) else {
            continue;
        };
        let m = match rules {
            Rules::Game => 0,
            Rules::Solver => o.margin(),
        };
        if b.grow(m).overlaps(&hero_box) {
            return Step::Hit { jumped, index };
        }
    }
    Step::Ran { jumped }
}

/// An axis-aligned box, half-open, in units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Box2 {
    /// Left.
    pub x0: i64,
    /// Right (exclusive).
    pub x1: i64,
    /// Bottom.
    pub y0: i64,
    /// Top (exclusive).
    pub y1: i64,
}

impl Box2 {
    /// The box grown by `m` on every side.
    pub fn grow(self, m: i64) -> Box2 {
        Box2 {
            x0: self.x0 - m,
            x1: self.x1 + m,
            y0: self.y0 - m,
            y1: self.y1 + m,
        }
    }

    /// Strict overlap (touching edges do not count).
    pub fn overlaps(&self, o: &Box2) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }
}

impl Obstacle {
    /// The solver's margin for this kind, units: runner 0.4 cell, mole 0.55, jellyfish and
    /// glider 0.5 (on every side).
    pub fn margin(&self) -> i64 {
        match self {
            Obstacle::Runner { .. } => 24,
            Obstacle::Mole { .. } => 33,
            Obstacle::Jelly { .. } | Obstacle::Glider { .. } => 30,
        }
    }

    /// The hitbox at `tick`, None while the obstacle is harmless (a mole underground, a glider
    /// outside its lane). Motion, all integer:
    /// * runner: 0.8 x 0.8 cell, paces between the centres of columns `from` and `to` at 1 cell
    ///   per beat (2.5 units/tick), starting at `to` walking left, offset by `phase` ticks;
    /// * mole: 0.8 x 0.9 cell in column `cell`, up during beat b when `(b + phase) % period == 0`;
    /// * jellyfish: 0.8 x 0.6 cell in column `cell`, bottom 1 to 2.5 cells above its level,
    ///   bobbing linearly with a period of 4 beats, offset by `phase` ticks;
    /// * glider: 1 x 0.4 cell at `altitude` units above its level, flying left at 2 cells per
    ///   beat, over column `cell` when the hero is; harmful while its centre is in columns
    ///   `from..=to`.
    pub fn hitbox(&self, tick: u32) -> Option<Box2> {
        let t = i64::from(tick);
        match *self {
            Obstacle::Runner {
                from,
                to,
                level,
                phase,
            } => {
                let left = i64::from(from) * CELL + CELL / 2;
                let span = i64::from(to - from) * CELL;
                let dist = (t + i64::from(phase)) * 5 / 2;
                let p = dist % (2 * span);
                let cx = if p < span {
                    left + span - p
                } else {
                    left + p - span
                };
                let y0 = i64::from(level) * CELL;
                Some(Box2 {
                    x0: cx - 24,
                    x1: cx + 24,
                    y0,
                    y1: y0 + 48,
                })
            }
            Obstacle::Mole {
                cell,
                level,
                period,
                phase,
            } => {
                let beat = t / i64::from(TICKS_PER_BEAT);
                if (beat + i64::from(phase)) % i64::from(period) != 0 {
                    return None;
                }
                let x0 = i64::from(cell) * CELL + 6;
                let y0 = i64::from(level) * CELL;
                Some(Box2 {
                    x0,
                    x1: x0 + 48,
                    y0,
                    y1: y0 + 54,
                })
            }
            Obstacle::Jelly { cell, level, phase } => {
                let u = (t + i64::from(phase)) % 96;
                let bob = if u < 48 { u } else { 96 - u } * 15 / 8;
                let x0 = i64::from(cell) * CELL + 6;
                let y0 = i64::from(level) * CELL + CELL + bob;
                Some(Box2 {
                    x0,
                    x1: x0 + 48,
                    y0,
                    y1: y0 + 36,
                })
            }
            Obstacle::Glider {
                cell,
                level,
                altitude,
                from,
                to,
            } => {
                let meet = i64::from(cell) * 6 + 3;
                let cx = i64::from(cell) * CELL + CELL / 2 + (meet - t) * 5;
                if cx < i64::from(from) * CELL || cx >= (i64::from(to) + 1) * CELL {
                    return None;
                }
                let y0 = i64::from(level) * CELL + i64::from(altitude);
                Some(Box2 {
                    x0: cx - 30,
                    x1: cx + 30,
                    y0,
                    y1: y0 + 24,
                })
            }
        }
    }

    /// The columns (first, last) the obstacle can ever occupy.
    pub fn zone(&self) -> (u32, u32) {
        match *self {
            Obstacle::Runner { from, to, .. } | Obstacle::Glider { from, to, .. } => (from, to),
            Obstacle::Mole { cell, .. } | Obstacle::Jelly { cell, .. } => (cell, cell),
        }
    }
}
