//! The verifier: a layered breadth-first search over press / no-press, and the timing windows.
//!
//! # The layered BFS
//! A layer every [`LAYER_TICKS`] = 3 ticks (1/8 beat). From each state of a layer there are two
//! choices, press or not, then three fixed steps of [`step_hero`] under [`Rules::Solver`] (margins
//! on every obstacle). A press only makes a different child when the hero is standing, so in the
//! air there is one child. Within a layer the hero's x is the same for every state (it is a
//! function of the tick) and the obstacles are a function of the tick alone, so a state is
//! exactly its [`Hero`] (y, vy, grounded), all integers. **The dedup key is that triple with
//! exact equality**: two states with equal keys have the same future under every input, so no
//! dead state is ever merged with a live one. Children are kept in a fixed order (parents in
//! order, the no-press child first), and the first arrival of a key wins, so the search and the
//! path it returns are deterministic.
//!
//! Layer width is bounded by [`MAX_LAYER`] = 4096 states: children past the cap are dropped (in
//! that fixed order) and the cap is counted in the stats. Dropping can only lose paths, never
//! invent one, so at worst a passable terrain is reported impassable and regenerated. (With
//! integer physics the reachable triples per layer are far fewer: the measured widest layer is
//! printed by the bench.)
//!
//! A terrain's search runs from the state in which the previous terrain's solution ends, from its
//! first tick to its last; presses are not tried in the last [`TAIL_TICKS`] ticks, and the final
//! state must be standing. So every solution ends on the ground of the terrain's last cells.
//!
//! # Windows and centring
//! The window of a press is the set of ticks it could be moved to, the other presses fixed,
//! such that the run (solver rules, margins included) still survives the terrain and ends in the
//! very same state; it is counted outward from the press tick, at most [`WINDOW_REACH`] ticks
//! each way and never past a neighbouring press. The solver moves each press, in order, to the
//! middle of its window (a human aims for the middle), then measures every window again; a
//! terrain is accepted only if every press can move [`SHIFT_TICKS`] tick each way. That shift
//! is derived from the margins: the smallest margin is 24 units (runner, 0.4 cell), while a
//! one-tick shift moves the hero by at most 10 units across and 20 up or down (the run speed
//! and the fastest vertical speed), so a run that clears the enlarged boxes clears the true ones
//! with any press off by one tick; the tests replay every solution that way without margins.
//! Because a shifted run must end in the same state, the next terrain's solution holds for it too.

use std::collections::HashSet;

use crate::course::Course;
use crate::physics::{Hero, Rules, Step, step_hero};

/// Ticks between BFS layers (1/8 beat).
pub const LAYER_TICKS: u32 = 3;
/// The most states kept in one layer.
pub const MAX_LAYER: usize = 4096;
/// No presses in a terrain's last ticks (so every jump lands inside it).
pub const TAIL_TICKS: u32 = 48;
/// How far a press must be movable each way for a terrain to be accepted.
pub const SHIFT_TICKS: u32 = 1;
/// How far a window is measured each way.
pub const WINDOW_REACH: u32 = 24;

/// Work done by the search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// The widest layer.
    pub layer_max: u32,
    /// States expanded.
    pub states: u64,
    /// Layers that hit [`MAX_LAYER`].
    pub capped: u32,
}

/// A terrain's accepted solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// Press ticks (absolute, increasing).
    pub presses: Vec<u32>,
    /// Window of each press, in ticks (count of ticks it may be pressed at).
    pub windows: Vec<u32>,
    /// The state at the terrain's last tick.
    pub end: Hero,
}

#[derive(Debug, Clone, Copy)]
struct Node {
    hero: Hero,
    parent: u32,
    press: bool,
}

/// Runs ticks `from..to` from `hero` with presses at the given ticks; None if the hero is lost.
pub fn run(
    course: &Course,
    from: u32,
    to: u32,
    mut hero: Hero,
    presses: &[u32],
    rules: Rules,
) -> Option<Hero> {
    let mut next = presses
        .iter()
        .position(|&p| p >= from)
        .unwrap_or(presses.len());
    for t in from..to {
        let press = presses.get(next) == Some(&t);
        if press {
            next += 1;
        }
        if !matches!(
            step_hero(course, &mut hero, t, press, rules),
            Step::Ran { .. }
        ) {
            return None;
        }
    }
    Some(hero)
}

/// The layered BFS over ticks `from..to` (both multiples of [`LAYER_TICKS`]) from `start`.
/// Returns the press ticks of the first path (in the fixed order) that ends standing.
pub fn bfs(
    course: &Course,
    from: u32,
    to: u32,
    start: Hero,
    stats: &mut Stats,
) -> Option<Vec<u32>> {
    let mut layers: Vec<Vec<Node>> = vec![vec![Node {
        hero: start,
        parent: 0,
        press: false,
    }]];
    let mut seen: HashSet<Hero> = HashSet::new();
    let mut t = from;
    while t < to {
        let current = layers.last().expect("at least the start layer");
        let mut next = Vec::new();
        seen.clear();
        let press_allowed = t + TAIL_TICKS <= to;
        'parents: for (i, node) in current.iter().enumerate() {
            for press in [false, true] {
                if press && !(press_allowed && node.hero.grounded) {
                    continue;
                }
                stats.states += 1;
                let Some(hero) = run(
                    course,
                    t,
                    t + LAYER_TICKS,
                    node.hero,
                    &[t][..usize::from(press)],
                    Rules::Solver,
                ) else {
                    continue;
                };
                if seen.insert(hero) {
                    if next.len() == MAX_LAYER {
                        stats.capped += 1;
                        break 'parents;
                    }
                    next.push(Node {
                        hero,
                        parent: i as u32,
                        press,
                    });
                }
            }
        }
        if next.is_empty() {
            return None;
        }
        stats.layer_max = stats.layer_max.max(next.len() as u32);
        layers.push(next);
        t += LAYER_TICKS;
    }
    let last = layers.last()?;
    let mut index = last.iter().position(|n| n.hero.grounded)?;
    let mut presses = Vec::new();
    for (depth, layer) in layers.iter().enumerate().skip(1).rev() {
        let node = layer[index];
        if node.press {
            presses.push(from + (depth as u32 - 1) * LAYER_TICKS);
        }
        index = node.parent as usize;
    }
    presses.reverse();
    Some(presses)
}

/// The hero's state at every tick `from..=to` of a run, None if it is lost.
fn trajectory(
    course: &Course,
    from: u32,
    to: u32,
    start: Hero,
    presses: &[u32],
) -> Option<Vec<Hero>> {
    let mut states = Vec::with_capacity((to - from + 1) as usize);
    let mut hero = start;
    states.push(hero);
    let mut next = 0;
    for t in from..to {
        let press = presses.get(next) == Some(&t);
        if press {
            next += 1;
        }
        if !matches!(
            step_hero(course, &mut hero, t, press, Rules::Solver),
            Step::Ran { .. }
        ) {
            return None;
        }
        states.push(hero);
    }
    Some(states)
}

/// Whether press `i` moved to tick `to_tick` still survives and rejoins the base run (`base[k]` =
/// state at tick `from + k`). The run starts where the two runs can first differ and stops as
/// soon as it is back in the base run's state after both press ticks.
fn moved_ok(
    course: &Course,
    from: u32,
    base: &[Hero],
    presses: &[u32],
    i: usize,
    to_tick: u32,
) -> bool {
    let p = presses[i];
    let start = p.min(to_tick);
    let after = p.max(to_tick);
    let end = from + base.len() as u32 - 1;
    let mut hero = base[(start - from) as usize];
    let mut next = i + 1;
    for t in start..end {
        let mut press = t == to_tick;
        if presses.get(next) == Some(&t) {
            next += 1;
            press = true;
        }
        if !matches!(
            step_hero(course, &mut hero, t, press, Rules::Solver),
            Step::Ran { .. }
        ) {
            return false;
        }
        if t >= after && hero == base[(t + 1 - from) as usize] {
            return true;
        }
    }
    hero == base[base.len() - 1]
}

/// The window of press `i`: (ticks earlier, ticks later) it can move.
fn window(
    course: &Course,
    from: u32,
    to: u32,
    base: &[Hero],
    presses: &[u32],
    i: usize,
) -> (u32, u32) {
    let p = presses[i];
    let low = if i == 0 { from } else { presses[i - 1] + 1 };
    let high = match presses.get(i + 1) {
        Some(&n) => n - 1,
        None => to - TAIL_TICKS,
    };
    let mut early = 0;
    while early < WINDOW_REACH
        && p - early > low
        && moved_ok(course, from, base, presses, i, p - early - 1)
    {
        early += 1;
    }
    let mut late = 0;
    while late < WINDOW_REACH
        && p + late < high
        && moved_ok(course, from, base, presses, i, p + late + 1)
    {
        late += 1;
    }
    (early, late)
}

/// Centres every press in its window, then checks that each can move [`SHIFT_TICKS`] both ways.
/// Returns the centred presses, their windows (ticks) and the end state, or None.
pub fn centre(
    course: &Course,
    from: u32,
    to: u32,
    start: Hero,
    mut presses: Vec<u32>,
) -> Option<Solved> {
    for i in 0..presses.len() {
        let base = trajectory(course, from, to, start, &presses)?;
        let (early, late) = window(course, from, to, &base, &presses, i);
        let shift = (late as i64 - early as i64).div_euclid(2);
        presses[i] = (i64::from(presses[i]) + shift) as u32;
    }
    let base = trajectory(course, from, to, start, &presses)?;
    let mut windows = Vec::with_capacity(presses.len());
    for i in 0..presses.len() {
        let (early, late) = window(course, from, to, &base, &presses, i);
        if early < SHIFT_TICKS || late < SHIFT_TICKS {
            return None;
        }
        windows.push(early + late + 1);
    }
    Some(Solved {
        presses,
        windows,
        end: *base.last()?,
    })
}

/// Searches and centres one terrain (ticks `from..to`) from `start`.
pub fn solve_terrain(
    course: &Course,
    from: u32,
    to: u32,
    start: Hero,
    stats: &mut Stats,
) -> Option<Solved> {
    let presses = bfs(course, from, to, start, stats)?;
    centre(course, from, to, start, presses)
}

/// Milliseconds of `ticks` ticks at `bpm` (one tick is 60000 / (24 * bpm) ms), rounded.
pub fn ticks_to_ms(ticks: u32, bpm: u32) -> u32 {
    (ticks * 2500 + bpm / 2) / bpm
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::Obstacle;

    /// Flat ground with one runner: the BFS jumps it, the jump is centred in its window, and the
    /// window is exactly the press ticks that survive when tried one by one.
    #[test]
    fn one_runner_is_jumped_from_the_middle_of_its_window() {
        let mut c = Course::new(128, 4);
        c.levels = vec![0; 64];
        c.push_obstacle(Obstacle::Runner {
            from: 30,
            to: 32,
            level: 0,
            phase: 23,
        });
        let mut stats = Stats::default();
        let s = solve_terrain(&c, 96, 288, Hero::START, &mut stats).expect("passable");
        assert_eq!(s.presses.len(), 1);
        let surviving: Vec<u32> = (96..240)
            .filter(|&p| run(&c, 96, 288, Hero::START, &[p], Rules::Solver) == Some(s.end))
            .collect();
        assert_eq!(surviving.len() as u32, s.windows[0]);
        let (lo, hi) = (surviving[0], surviving[surviving.len() - 1]);
        assert_eq!(hi - lo + 1, s.windows[0], "the window is contiguous");
        assert!(s.presses[0] - lo >= (hi - lo) / 2 && hi - s.presses[0] >= (hi - lo) / 2);
        assert!(run(&c, 96, 288, Hero::START, &[], Rules::Solver).is_none());
        assert!(stats.layer_max > 0 && stats.capped == 0);
    }
}
