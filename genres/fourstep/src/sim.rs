//! The game as a [`Simulation`]: the same [`step_hero`] under [`Rules::Game`], plus hearts,
//! hits and scoring. The page (through wasm), replay checks and the server all run this.
//!
//! * Tick = 1/24 beat. `ticks_per_second` = bpm x 24 / 60 rounded to the nearest integer (half
//!   up): exact for tempos that are multiples of 5; otherwise the page's clock runs at most 0.2
//!   ticks/s off (e.g. 128 BPM = 51.2 ticks/s is played at 51, 0.4% slow). Scores and checks
//!   count ticks, never seconds, so the rounding changes only how fast the page plays.
//! * Button 0: `Press(0)` = jump (takes effect at the next step if the hero is standing);
//!   `Release(0)` is accepted and does nothing (holding has no effect). Other buttons and aims
//!   are errors naming them.
//! * The hero has 3 hearts. Touching an obstacle costs one and makes the hero safe for one beat;
//!   the third hit ends the run. Falling into a pit or running into a step ends it at once.
//!   Reaching the end of the last bar wins.
//! * Score (points, higher is better): 10 per cell run + 50 per perfect jump - 100 per hit. A
//!   jump is perfect when it starts within one tick of an eighth note (tick mod 12 in {11, 0, 1}).

use dayseed_core::{Error, Result};
use serde_json::{Value, json};

use crate::course::{Course, Obstacle};
use crate::physics::{CELL, Hero, Rules, Step, TICKS_PER_BEAT, hero_x, step_hero};
use dayseed_core::arcade::{Action, Ending, Score, Simulation, StateHasher};

/// Hearts at the start.
pub const HEARTS: u32 = 3;
/// Ticks of safety after a hit (one beat).
pub const SAFE_TICKS: u32 = TICKS_PER_BEAT;

/// One run of a course.
#[derive(Debug, Clone)]
pub struct Run {
    course: Course,
    tick: u32,
    hero: Hero,
    hearts: u32,
    safe: u32,
    hits: u32,
    jumps: u32,
    perfect: u32,
    pending: bool,
    ending: Option<Ending>,
}

/// The name of an obstacle's kind.
pub fn kind_name(o: &Obstacle) -> &'static str {
    match o {
        Obstacle::Runner { .. } => "runner",
        Obstacle::Mole { .. } => "mole",
        Obstacle::Jelly { .. } => "jellyfish",
        Obstacle::Glider { .. } => "glider",
    }
}

impl Run {
    /// A run at the start of `course`.
    pub fn new(course: Course) -> Run {
        Run {
            course,
            tick: 0,
            hero: Hero::START,
            hearts: HEARTS,
            safe: 0,
            hits: 0,
            jumps: 0,
            perfect: 0,
            pending: false,
            ending: None,
        }
    }

    /// Hits taken so far.
    pub fn hits(&self) -> u32 {
        self.hits
    }

    fn score(&self) -> Score {
        let cells = hero_x(self.tick) / CELL;
        Score {
            value: 10 * cells + 50 * i64::from(self.perfect) - 100 * i64::from(self.hits),
            unit: "points".into(),
            higher_is_better: true,
        }
    }

    fn end(&mut self, won: bool, reason: String) {
        self.ending = Some(Ending {
            won,
            tick: self.tick,
            score: self.score(),
            reason,
        });
    }
}

impl Simulation for Run {
    fn tick(&self) -> u32 {
        self.tick
    }

    fn ticks_per_second(&self) -> u32 {
        (self.course.bpm * 24 + 30) / 60
    }

    fn input(&mut self, action: &Action) -> Result<()> {
        match action {
            Action::Press(0) => self.pending = true,
            Action::Release(0) => {}
            other => {
                return Err(Error::state(format!(
                    "fourstep has one button (press/release 0); {other:?} is not an input of it"
                )));
            }
        }
        Ok(())
    }

    fn step(&mut self) {
        if self.ending.is_some() {
            return;
        }
        let press = std::mem::take(&mut self.pending);
        let t = self.tick;
        let step = step_hero(&self.course, &mut self.hero, t, press, Rules::Game);
        self.tick += 1;
        self.safe = self.safe.saturating_sub(1);
        let cell = hero_x(self.tick) / CELL;
        let jumped = match step {
            Step::Ran { jumped } | Step::Hit { jumped, .. } => jumped,
            Step::Fell | Step::Crashed { .. } => false,
        };
        if jumped {
            self.jumps += 1;
            if matches!(t % 12, 0 | 1 | 11) {
                self.perfect += 1;
            }
        }
        match step {
            Step::Fell => self.end(false, format!("fell into a pit at cell {cell} (tick {t})")),
            // Below level 0 the hero is inside a pit: running into its far wall is the fall.
            Step::Crashed { .. } if self.hero.y < 0 => {
                self.end(false, format!("fell into a pit at cell {cell} (tick {t})"));
            }
            Step::Crashed { column } => {
                self.end(
                    false,
                    format!("ran into the step at cell {column} (tick {t})"),
                );
            }
            Step::Hit { index, .. } if self.safe == 0 => {
                self.hits += 1;
                self.hearts -= 1;
                self.safe = SAFE_TICKS;
                if self.hearts == 0 {
                    let kind = kind_name(&self.course.obstacles[index]);
                    self.end(
                        false,
                        format!("out of hearts: hit by a {kind} at cell {cell} (tick {t})"),
                    );
                }
            }
            _ => {}
        }
        if self.ending.is_none() && self.tick >= self.course.end_tick() {
            let hits = self.hits;
            self.end(
                true,
                format!(
                    "reached the end of bar {} with {hits} hits",
                    self.course.bars
                ),
            );
        }
    }

    fn ending(&self) -> Option<Ending> {
        self.ending.clone()
    }

    fn awaiting_input(&self) -> bool {
        false
    }

    fn hash(&self, h: &mut StateHasher) {
        h.write_u32(self.tick);
        h.write_i64(self.hero.y);
        h.write_i64(self.hero.vy);
        h.write_bool(self.hero.grounded);
        for v in [self.hearts, self.safe, self.hits, self.jumps, self.perfect] {
            h.write_u32(v);
        }
        h.write_bool(self.pending);
        h.write_bool(self.ending.is_some());
    }

    /// `{"tick","beat","bpm","x","hero":{"y","vy","grounded"},"hearts","hits","perfect","safe",
    /// "end_x","ground":[[cell, level], ...],"obstacles":[{"kind","x","y","w","h"}, ...]}`: lengths in
    /// cells (x to the right from the start, y up from level 0); ground and obstacles from 4 cells
    /// behind the hero to 28 ahead; level -1 is a pit.
    fn view(&self) -> Value {
        let x = hero_x(self.tick);
        let first = x / CELL - 4;
        let ground: Vec<Value> = (first..first + 32)
            .map(|c| json!([c, self.course.top(c).map_or(-1, |t| t / CELL)]))
            .collect();
        let mut obstacles = Vec::new();
        let bar_len = CELL * i64::from(crate::physics::CELLS_PER_BAR);
        for bar in (x - 4 * CELL).div_euclid(bar_len)..=(x + 28 * CELL).div_euclid(bar_len) {
            for &i in self.course.obstacles_near(bar * bar_len) {
                let o = &self.course.obstacles[i];
                if let Some(b) = o.hitbox(self.tick) {
                    let entry = json!({
                        "kind": kind_name(o),
                        "x": b.x0 as f64 / CELL as f64,
                        "y": b.y0 as f64 / CELL as f64,
                        "w": (b.x1 - b.x0) as f64 / CELL as f64,
                        "h": (b.y1 - b.y0) as f64 / CELL as f64,
                    });
                    if !obstacles.contains(&entry) {
                        obstacles.push(entry);
                    }
                }
            }
        }
        json!({
            "tick": self.tick,
            "beat": self.tick / TICKS_PER_BEAT,
            "bpm": self.course.bpm,
            "x": x as f64 / CELL as f64,
            "hero": {"y": self.hero.y as f64 / CELL as f64, "vy": self.hero.vy, "grounded": self.hero.grounded},
            "hearts": self.hearts,
            "hits": self.hits,
            "perfect": self.perfect,
            "safe": self.safe,
            "end_x": f64::from(self.course.bars * crate::physics::CELLS_PER_BAR),
            "ground": ground,
            "obstacles": obstacles,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat_with_runners(cells: &[u32]) -> Course {
        let mut c = Course::new(120, 6);
        c.levels = vec![0; 96];
        for &cell in cells {
            c.push_obstacle(Obstacle::Runner {
                from: cell,
                to: cell + 2,
                level: 0,
                phase: 0,
            });
        }
        c
    }

    #[test]
    fn three_hits_end_the_run_and_hits_cost_points() {
        let mut run = Run::new(flat_with_runners(&[20, 35, 50, 65]));
        while run.ending().is_none() {
            run.step();
        }
        let end = run.ending().unwrap();
        assert!(!end.won);
        assert!(
            end.reason.starts_with("out of hearts: hit by a runner"),
            "{}",
            end.reason
        );
        assert_eq!(run.hits(), 3);
        let cells = hero_x(end.tick) / CELL;
        assert_eq!(end.score.value, 10 * cells - 300);
    }

    #[test]
    fn a_clean_run_wins_and_jumps_on_the_eighth_grid_are_perfect() {
        let mut run = Run::new(flat_with_runners(&[]));
        assert_eq!(run.ticks_per_second(), 48);
        for t in 0..run.course.end_tick() {
            if t == 120 || t == 245 {
                run.input(&Action::Press(0)).unwrap();
                run.input(&Action::Release(0)).unwrap();
            }
            run.step();
        }
        let end = run.ending().unwrap();
        assert!(end.won, "{}", end.reason);
        assert_eq!(run.perfect, 1, "tick 120 is on the grid, 245 is not");
        assert_eq!(end.score.value, 10 * 96 + 50);
        let mut a = StateHasher::new();
        run.hash(&mut a);
        run.step();
        let mut b = StateHasher::new();
        run.hash(&mut b);
        assert_eq!(a.finish(), b.finish(), "an ended run does not move");
    }
}
