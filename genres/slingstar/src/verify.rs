//! Verification by simulated shots: the 96 x 4 = 384-shot survey of the original game (1.1.2),
//! its acceptance rules and par, and the human-margin measures added here (robust successes and the
//! widest winning window on a 4x finer direction grid).
//!
//! Directions come from `square_directions` (points on the perimeter of the square, normalised;
//! never angles). A tape stores integer components, so each table direction is stored as its
//! square-perimeter point scaled to integers (half-side `n/4`: `(2j - 24, -24)` and so on for the
//! 96 directions); the simulation normalises those integers. Every verification shot is therefore
//! exactly a shot a tape can replay, bit for bit. Fine direction `4i` is coarse direction `i`
//! scaled by 4, which normalises to the same bits.

use serde::{Deserialize, Serialize};

use crate::arcade::directions::COS_15_DEG;
use crate::arcade::{Vec2, square_directions};
use crate::physics::{Aim, MAX_POWER, MIN_POWER, World};

/// Verification directions.
pub const DIRS: usize = 96;
/// Directions of the finer grid used for windows and robust successes.
pub const FINE_DIRS: usize = 4 * DIRS;
/// Verification powers (tenths of a unit per second).
pub const POWERS: [u32; 4] = [55, 70, 85, 100];
/// Hole 1 needs at least this many successful shots.
pub const HOLE1_MIN_SUCCESSES: usize = 3;
/// How far (fine steps, each way) a window is grown from a success.
const MAX_WINDOW_STEPS: i64 = 32;
/// How far (power units, each way) a window's power band is grown.
const MAX_POWER_STEPS: u32 = 40;

/// `n` directions from `square_directions(n)` as integer aims on the square of half-side `n/4`.
pub fn aim_table(n: usize) -> Vec<[i32; 2]> {
    let half = (n / 4) as f64;
    square_directions(n)
        .into_iter()
        .map(|d| {
            let m = d.x.abs().max(d.y.abs());
            [
                (d.x / m * half).round() as i32,
                (d.y / m * half).round() as i32,
            ]
        })
        .collect()
}

/// Both direction tables.
#[derive(Debug, Clone)]
pub struct Grid {
    /// The 96 verification directions.
    pub coarse: Vec<[i32; 2]>,
    /// The 384 fine directions (`fine[4i] == 4 * coarse[i]`).
    pub fine: Vec<[i32; 2]>,
}

impl Grid {
    /// Builds both tables.
    pub fn new() -> Grid {
        Grid {
            coarse: aim_table(DIRS),
            fine: aim_table(FINE_DIRS),
        }
    }

    fn fine_aim(&self, index: i64, power: u32) -> Aim {
        let [x, y] = self.fine[index.rem_euclid(FINE_DIRS as i64) as usize];
        Aim { x, y, power }
    }
}

impl Default for Grid {
    fn default() -> Grid {
        Grid::new()
    }
}

/// One successful verification shot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Success {
    /// Direction index in the 96-direction table.
    pub dir: usize,
    /// Index into [`POWERS`].
    pub power: usize,
}

/// The result of surveying a layout with the 384 shots.
#[derive(Debug, Clone)]
pub struct Survey {
    /// Successful shots, by power then direction.
    pub successes: Vec<Success>,
    /// Some success lies within +-15 degrees of the tee-to-hole direction.
    pub near_straight: bool,
    /// False when the survey stopped at the first near-straight success (count incomplete).
    pub complete: bool,
}

/// Shoots the 384 verification shots. A success is near the straight line when its launch
/// direction is within 15 degrees of the tee-to-hole direction (`Vec2::within_angle` against the
/// constant cos 15 degrees). With `stop_near_straight`, stops at the first success
/// within +-15 degrees of the tee-to-hole direction (the hole is refused anyway).
pub fn survey(world: &World, grid: &Grid, stop_near_straight: bool) -> Survey {
    let straight = (world.cup - world.tee).normalized();
    let mut out = Survey {
        successes: Vec::new(),
        near_straight: false,
        complete: true,
    };
    for (p, &power) in POWERS.iter().enumerate() {
        for (dir, &[x, y]) in grid.coarse.iter().enumerate() {
            let aim = Aim { x, y, power };
            if !world.sinks(aim) {
                continue;
            }
            out.successes.push(Success { dir, power: p });
            if is_near(aim, straight) {
                out.near_straight = true;
                if stop_near_straight {
                    out.complete = false;
                    return out;
                }
            }
        }
    }
    out
}

fn is_near(aim: Aim, straight: Option<Vec2>) -> bool {
    match (aim.launch(), straight) {
        (Ok((dir, _)), Some(s)) => dir.within_angle(s, COS_15_DEG),
        _ => false,
    }
}

/// Whether the straight segment from tee to black hole passes through a planet.
pub fn straight_blocked(layout: &crate::physics::Layout) -> bool {
    let a = crate::physics::units(layout.tee);
    let b = crate::physics::units(layout.cup);
    let ab = b - a;
    let len_sq = ab.len_sq();
    layout.planets.iter().any(|p| {
        let c = crate::physics::units([p.x, p.y]);
        let t = if len_sq > 0.0 {
            ((c - a).dot(ab) / len_sq).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let r = f64::from(p.r) / 1000.0;
        (c - (a + ab * t)).len_sq() < r * r
    })
}

/// The acceptance rules of the original game (1.1.2) for hole `number` (1-based).
pub fn accepted(number: u32, blocked: bool, survey: &Survey) -> bool {
    if number <= 1 {
        survey.successes.len() >= HOLE1_MIN_SUCCESSES
    } else {
        !survey.successes.is_empty() && blocked && !survey.near_straight
    }
}

/// Par from the success count (1.1.2): >= 4 -> 2, 2-3 -> 3, 1 -> 4 (0 is never shipped).
pub fn par(successes: usize) -> u32 {
    match successes {
        0 | 1 => 4,
        2 | 3 => 3,
        _ => 2,
    }
}

/// The widest winning window: consecutive fine directions that all go in at one power, and the
/// power band at the window's centre direction in which every power goes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    /// Consecutive fine-grid directions that go in (one fine step is 1/384 of the square's
    /// perimeter, about 0.94 degrees on average).
    pub dirs: u32,
    /// Lowest power of the band at the centre direction.
    pub power_min: u32,
    /// Highest power of the band at the centre direction.
    pub power_max: u32,
}

/// The margins of a surveyed hole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Margins {
    /// Successes whose two fine-grid neighbours (same power) also go in.
    pub robust: u32,
    /// The widest window.
    pub window: Window,
    /// The solver's shot: centre of the widest window, middle of its power band.
    pub best: Aim,
}

/// Grows a window around every success and keeps the widest (directions, then power band; first
/// on ties). None when there are no successes.
pub fn margins(world: &World, grid: &Grid, successes: &[Success]) -> Option<Margins> {
    let mut robust = 0;
    let mut best: Option<(Window, Aim)> = None;
    for s in successes {
        let power = POWERS[s.power];
        let base = 4 * s.dir as i64;
        let grow = |sign: i64| {
            (1..=MAX_WINDOW_STEPS)
                .take_while(|&k| world.sinks(grid.fine_aim(base + sign * k, power)))
                .count() as i64
        };
        let (left, right) = (grow(-1), grow(1));
        if left >= 1 && right >= 1 {
            robust += 1;
        }
        let centre = base + (right - left).div_euclid(2);
        let at = |p: u32| world.sinks(grid.fine_aim(centre, p));
        let mut lo = power;
        while lo > MIN_POWER && power - lo < MAX_POWER_STEPS && at(lo - 1) {
            lo -= 1;
        }
        let mut hi = power;
        while hi < MAX_POWER && hi - power < MAX_POWER_STEPS && at(hi + 1) {
            hi += 1;
        }
        let window = Window {
            dirs: (left + right + 1) as u32,
            power_min: lo,
            power_max: hi,
        };
        let wider = best.as_ref().is_none_or(|(w, _)| {
            (window.dirs, window.power_max - window.power_min) > (w.dirs, w.power_max - w.power_min)
        });
        if wider {
            best = Some((window, grid.fine_aim(centre, (lo + hi) / 2)));
        }
    }
    best.map(|(window, best)| Margins {
        robust,
        window,
        best,
    })
}
