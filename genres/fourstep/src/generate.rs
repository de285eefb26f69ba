//! Generator g1: the course terrain by terrain, each verified by the layered BFS.
//!
//! * The course is one intro bar (flat level 0, no obstacles) and then terrains of 2 bars (the
//!   last one 1 bar when the count is even), see [`terrain_spans`].
//! * Each terrain is drawn from the one RNG stream at difficulty `d`, in thousandths (first `d` =
//!   1000 x the level 1-5; integer arithmetic throughout),
//!   then solved by [`solver::solve_terrain`] from the state in which the previous terrain's
//!   solution ends (chaining). If it fails, its columns and obstacles are dropped and it is drawn
//!   again, from the same stream, at `d x 72 / 100` (rounded down), at most [`MAX_ATTEMPTS`] attempts.
//! * After 8 failures the **fallback terrain** is used: flat ground at the level of the previous
//!   terrain's last cell, no obstacles, no presses, and reported (`fallback: true`). It is
//!   passable from any state a solution ends in: that state is standing at that level on the
//!   boundary (solutions end standing, and the cells on both sides of a boundary have that level),
//!   and a standing hero on flat ground with no obstacles and no press runs on for ever. Its
//!   record says `shape: "fallback"`, `attempts: 8`, `difficulty_milli: 0`.
//!
//! # Drawing a terrain at difficulty d (n cells, previous level L)
//! * shape = below(3): flat, pits, or steps. Cells start at level L.
//! * pits: from cell 4 + below(4), pits of width 1 + below(w) where w = 2 + min(3, floor(0.6 d / 1000)),
//!   each followed by 3 + below(6) cells of ground, while the pit and 4 more cells fit.
//! * steps: from cell 4 + below(4), the level changes by one (up from 0, down from 3, else up or
//!   down by below(2)) for the rest of the terrain, the next change 4 + below(5) cells on.
//! * obstacles: floor(0.6 bars d / 1000) + below(2) of them, the first at cell 3 + below(3), then every
//!   5 + below(6) cells while the cell is at most n - 5. Each draws kind = below(4), phase =
//!   below(96), pick = below(2). Runner: needs cells i..=i+2 flat ground, walks i..=i+2. Mole:
//!   needs ground at i; period 2 when d >= 3500 else 2 + pick, phase mod period. Jellyfish: needs
//!   cells i-3..=i+3 flat ground (a jellyfish over a pit or step edge leaves no way through with
//!   margins). Glider: altitude 84 or 132 units by pick, lane max(first cell + 2, i - 8) to
//!   min(last cell - 3, i + 4), over the level of the nearest ground at or left of i. An obstacle
//!   whose footing is missing is left out. Every draw is made even when it is not used, so the
//!   stream does not depend on the shape.

use dayseed_core::{Error, ErrorKind, Result, Rng};

use crate::course::{Course, Obstacle, TerrainInfo};
use crate::physics::{CELLS_PER_BAR, Hero, Rules, TICKS_PER_BAR};
use crate::solver::{self, Stats};

/// Attempts per terrain before the fallback.
pub const MAX_ATTEMPTS: u32 = 8;
/// Difficulty factor per retry, in percent (x 0.72).
pub const RETRY_PERCENT: u32 = 72;

/// A generated course with its solution.
#[derive(Debug, Clone)]
pub struct Made {
    /// The course.
    pub course: Course,
    /// The terrains as generated.
    pub terrains: Vec<TerrainInfo>,
    /// The solution's press ticks.
    pub presses: Vec<u32>,
    /// Window of each press, ticks.
    pub windows: Vec<u32>,
}

/// The terrains of a course of `bars` bars: (first bar, bars), the intro bar first.
pub fn terrain_spans(bars: u32) -> Vec<(u32, u32)> {
    let mut spans = vec![(0, 1)];
    let mut bar = 1;
    while bar < bars {
        let n = (bars - bar).min(2);
        spans.push((bar, n));
        bar += n;
    }
    spans
}

/// Generates a course at difficulty `level` (1-5).
pub fn generate(rng: &mut Rng, bpm: u32, bars: u32, level: u32) -> Result<Made> {
    generate_with(rng, bpm, bars, level, draw_terrain)
}

/// A terrain drawer: (rng, course, difficulty in thousandths, bars) -> shape name.
type Draw = fn(&mut Rng, &mut Course, u32, u32) -> &'static str;

fn generate_with(rng: &mut Rng, bpm: u32, bars: u32, level: u32, draw: Draw) -> Result<Made> {
    let mut course = Course::new(bpm, bars);
    let mut terrains = Vec::new();
    let mut presses = Vec::new();
    let mut windows = Vec::new();
    course.levels.extend([0; CELLS_PER_BAR as usize]);
    let mut hero = solver::run(&course, 0, TICKS_PER_BAR, Hero::START, &[], Rules::Solver)
        .ok_or_else(|| failed("the intro bar"))?;
    for (bar, n) in terrain_spans(bars).into_iter().skip(1) {
        let (from, to) = (bar * TICKS_PER_BAR, (bar + n) * TICKS_PER_BAR);
        let (columns, obstacles) = (course.levels.len(), course.obstacles.len());
        let previous = *course.levels.last().expect("the intro bar has cells");
        let mut d = level * 1000;
        let mut stats = Stats::default();
        let mut accepted = None;
        for attempt in 1..=MAX_ATTEMPTS {
            let shape = draw(rng, &mut course, d, n);
            let mut attempt_stats = Stats::default();
            if let Some(s) = solver::solve_terrain(&course, from, to, hero, &mut attempt_stats) {
                stats.layer_max = attempt_stats.layer_max;
                stats.states += attempt_stats.states;
                accepted = Some((s, shape, attempt, d));
                break;
            }
            stats.states += attempt_stats.states;
            course.truncate(columns, obstacles);
            d = d * RETRY_PERCENT / 100;
        }
        let info = |shape: &str, attempts, difficulty_milli, fallback| TerrainInfo {
            bar,
            bars: n,
            shape: shape.to_string(),
            difficulty_milli,
            attempts,
            fallback,
            layer_max: stats.layer_max,
            states: stats.states,
        };
        match accepted {
            Some((s, shape, attempt, d)) => {
                terrains.push(info(shape, attempt, d, false));
                presses.extend(&s.presses);
                windows.extend(&s.windows);
                hero = s.end;
            }
            None => {
                course
                    .levels
                    .extend(std::iter::repeat_n(previous, (n * CELLS_PER_BAR) as usize));
                hero = solver::run(&course, from, to, hero, &[], Rules::Solver)
                    .filter(|h| h.grounded)
                    .ok_or_else(|| failed(&format!("the fallback terrain at bar {bar}")))?;
                terrains.push(info("fallback", MAX_ATTEMPTS, 0, true));
            }
        }
    }
    Ok(Made {
        course,
        terrains,
        presses,
        windows,
    })
}

fn failed(what: &str) -> Error {
    Error::new(
        ErrorKind::GenerationFailed,
        format!("fourstep: {what} did not verify (a generator bug)"),
    )
}

/// Draws one terrain of `bars` bars at difficulty `d` onto the end of the course; returns its
/// shape's name.
fn draw_terrain(rng: &mut Rng, course: &mut Course, d: u32, bars: u32) -> &'static str {
    let n = (bars * CELLS_PER_BAR) as usize;
    let c0 = course.levels.len();
    let previous = *course.levels.last().expect("the intro bar has cells");
    let mut levels = vec![previous; n];
    let shape = rng.below(3);
    let start = 4 + rng.index(4);
    match shape {
        1 => {
            let widest = 2 + (d as usize * 6 / 10_000).min(3);
            let mut i = start;
            while i + widest + 4 <= n {
                let w = 1 + rng.index(widest);
                levels[i..i + w].fill(-1);
                i += w + 3 + rng.index(6);
            }
        }
        2 => {
            let mut level = previous;
            let mut i = start;
            while i + 4 <= n {
                let up = rng.below(2) == 0;
                level = match level {
                    0 => 1,
                    3 => 2,
                    l if up => l + 1,
                    l => l - 1,
                };
                levels[i..].fill(level);
                i += 4 + rng.index(5);
            }
        }
        _ => {}
    }
    course.levels.extend(&levels);
    let count = (d * 6 * bars / 10_000) as usize + rng.index(2);
    let ground_left = |i: usize| {
        levels[..=i]
            .iter()
            .rev()
            .copied()
            .find(|&l| l >= 0)
            .unwrap_or(previous)
            .max(0) as u8
    };
    let mut i = 3 + rng.index(3);
    for _ in 0..count {
        if i + 5 > n {
            break;
        }
        let kind = rng.below(4);
        let phase = rng.below(96) as u32;
        let pick = rng.below(2) as u32;
        let cell = (c0 + i) as u32;
        let level = ground_left(i);
        let flat = |a: usize, b: usize| levels[a..=b].iter().all(|&l| l >= 0 && l == levels[i]);
        let o = match kind {
            0 if flat(i, i + 2) => Some(Obstacle::Runner {
                from: cell,
                to: cell + 2,
                level,
                phase,
            }),
            1 if levels[i] >= 0 => {
                let period = if d >= 3500 { 2 } else { 2 + pick };
                Some(Obstacle::Mole {
                    cell,
                    level,
                    period,
                    phase: phase % period,
                })
            }
            2 if flat(i - 3, i + 3) => Some(Obstacle::Jelly { cell, level, phase }),
            3 => Some(Obstacle::Glider {
                cell,
                level,
                altitude: if pick == 0 { 84 } else { 132 },
                from: cell.saturating_sub(8).max(c0 as u32 + 2),
                to: (cell + 4).min((c0 + n) as u32 - 3),
            }),
            _ => None,
        };
        if let Some(o) = o {
            course.push_obstacle(o);
        }
        i += 5 + rng.index(6);
    }
    ["flat", "pits", "steps"][shape as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A drawer whose terrains have a pit no jump clears (10 cells): every attempt fails.
    fn impassable(_: &mut Rng, course: &mut Course, _: u32, bars: u32) -> &'static str {
        let n = (bars * CELLS_PER_BAR) as usize;
        let level = *course.levels.last().expect("cells");
        let mut cells = vec![level; n];
        cells[4..14].fill(-1);
        course.levels.extend(cells);
        "pits"
    }

    #[test]
    fn eight_failed_attempts_give_the_reported_flat_fallback_and_it_is_passable() {
        let mut rng = Rng::from_seed(1);
        let made = generate_with(&mut rng, 128, 5, 3, impassable).expect("falls back");
        assert_eq!(made.terrains.len(), 2);
        for t in &made.terrains {
            assert!(t.fallback && t.attempts == MAX_ATTEMPTS && t.shape == "fallback");
            assert_eq!(t.difficulty_milli, 0, "the fallback has no obstacles");
        }
        assert!(made.course.levels.iter().all(|&l| l == 0));
        assert!(made.presses.is_empty());
        let end = made.course.end_tick();
        assert!(solver::run(&made.course, 0, end, Hero::START, &[], Rules::Game).is_some());
    }

    #[test]
    fn retries_lower_the_difficulty_by_72_percent_in_integers() {
        let mut d = 5000;
        let mut seen = Vec::new();
        for _ in 0..MAX_ATTEMPTS {
            seen.push(d);
            d = d * RETRY_PERCENT / 100;
        }
        assert_eq!(seen, [5000, 3600, 2592, 1866, 1343, 966, 695, 500]);
    }
}
