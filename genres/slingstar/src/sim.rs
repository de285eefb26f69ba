//! The course simulation: the [`Simulation`] that check (replay), the solver, the server and the
//! page (through wasm) all run. Each tick calls [`World::step`], the same step function the
//! generator's verification shots use.
//!
//! Input: only `Aim { x, y, power }`, accepted while the ball rests on the tee. A shot that goes in
//! moves play to the next hole's tee at once; any other ending puts the ball back on the same
//! tee (the next shot starts there again). After [`MAX_STROKES_PER_HOLE`] shots on one hole
//! without holing out the run ends, lost. Score: total shots, lower is better.

use dayseed_core::{Error, Result};
use serde_json::{Value, json};

use crate::arcade::{Action, Ending, Score, Simulation, StateHasher};
use crate::physics::{
    Aim, Ball, CAPTURE_RADIUS, FIELD_H, FIELD_W, ShotEnd, TICKS_PER_SECOND, World,
};
use crate::puzzle::Puzzle;

/// Shots allowed on one hole before the run is lost.
pub const MAX_STROKES_PER_HOLE: u32 = 12;

/// One hole ready to play.
#[derive(Debug, Clone)]
struct Stage {
    number: u32,
    world: World,
    par: Option<u32>,
    planets: Vec<[f64; 3]>,
}

/// A course in play.
#[derive(Debug, Clone)]
pub struct CourseSim {
    stages: Vec<Stage>,
    current: usize,
    ball: Option<Ball>,
    strokes: Vec<u32>,
    tick: u32,
    last: Option<ShotEnd>,
    ending: Option<Ending>,
}

impl CourseSim {
    /// A run at the first tee of `puzzle`, which is validated first.
    pub fn new(puzzle: &Puzzle) -> Result<CourseSim> {
        puzzle.validate()?;
        let stages = puzzle
            .holes
            .iter()
            .map(|h| Stage {
                number: h.number,
                world: World::new(&h.layout()),
                par: h.par,
                planets: h
                    .planets
                    .iter()
                    .map(|p| {
                        [
                            f64::from(p.x) / 1000.0,
                            f64::from(p.y) / 1000.0,
                            f64::from(p.r) / 1000.0,
                        ]
                    })
                    .collect(),
            })
            .collect::<Vec<_>>();
        Ok(CourseSim {
            strokes: vec![0; stages.len()],
            stages,
            current: 0,
            ball: None,
            tick: 0,
            last: None,
            ending: None,
        })
    }

    /// Total shots so far.
    pub fn shots(&self) -> u32 {
        self.strokes.iter().sum()
    }

    fn end(&mut self, won: bool, reason: String) {
        self.ending = Some(Ending {
            won,
            tick: self.tick,
            score: Score {
                value: i64::from(self.shots()),
                unit: "shots".into(),
                higher_is_better: false,
            },
            reason,
        });
    }

    fn par_total(&self) -> Option<u32> {
        self.stages.iter().map(|s| s.par).sum()
    }
}

impl Simulation for CourseSim {
    fn tick(&self) -> u32 {
        self.tick
    }

    fn ticks_per_second(&self) -> u32 {
        TICKS_PER_SECOND
    }

    fn input(&mut self, action: &Action) -> Result<()> {
        let Action::Aim { x, y, power } = *action else {
            return Err(Error::state(format!(
                "slingstar has no buttons: {action:?} is not an action of this game (only aim)"
            )));
        };
        if self.ending.is_some() {
            return Err(Error::state(format!(
                "a shot at tick {} comes after the course is over",
                self.tick
            )));
        }
        if self.ball.is_some() {
            return Err(Error::state(format!(
                "a shot at tick {} comes while the ball is still flying",
                self.tick
            )));
        }
        let stage = &self.stages[self.current];
        let ball = stage.world.launch(Aim { x, y, power }).map_err(|e| {
            Error::state(format!(
                "hole {}, shot at tick {}: {}",
                stage.number,
                self.tick,
                e.message()
            ))
        })?;
        self.strokes[self.current] += 1;
        self.ball = Some(ball);
        Ok(())
    }

    fn step(&mut self) {
        self.tick = self.tick.saturating_add(1);
        if self.ending.is_some() {
            return;
        }
        let Some(mut ball) = self.ball else { return };
        let stage = &self.stages[self.current];
        let Some(end) = stage.world.step(&mut ball) else {
            self.ball = Some(ball);
            return;
        };
        let number = stage.number;
        self.ball = None;
        self.last = Some(end);
        if end == ShotEnd::In {
            self.current += 1;
            if self.current == self.stages.len() {
                let par = self
                    .par_total()
                    .map_or(String::new(), |p| format!(" (par {p})"));
                let plural =
                    |n: u32, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
                let reason = format!(
                    "in the hole: {} in {}{par}",
                    plural(self.stages.len() as u32, "hole"),
                    plural(self.shots(), "shot")
                );
                self.end(true, reason);
            }
        } else if self.strokes[self.current] >= MAX_STROKES_PER_HOLE {
            let reason = format!(
                "hole {number}: {MAX_STROKES_PER_HOLE} shots without holing out (last one {} at tick {})",
                end.describe(),
                self.tick
            );
            self.end(false, reason);
        }
    }

    fn ending(&self) -> Option<Ending> {
        self.ending.clone()
    }

    fn awaiting_input(&self) -> bool {
        self.ending.is_none() && self.ball.is_none()
    }

    fn hash(&self, h: &mut StateHasher) {
        h.write_u32(self.tick);
        h.write_u64(self.current as u64);
        for &s in &self.strokes {
            h.write_u32(s);
        }
        h.write_bool(self.ball.is_some());
        if let Some(b) = self.ball {
            h.write_vec2(b.pos);
            h.write_vec2(b.vel);
            h.write_u32(b.ticks);
        }
        h.write_bool(self.ending.is_some());
    }

    /// `{"tick","field":[w,h],"hole","holes","number","par","tee","cup","capture","planets":[[x,y,r]],
    /// "ball":[x,y],"flying","strokes","total","card":[..],"pars":[..],"last","over"}` in units.
    fn view(&self) -> Value {
        let idx = self.current.min(self.stages.len() - 1);
        let stage = &self.stages[idx];
        let ball = self.ball.map_or(stage.world.tee, |b| b.pos);
        json!({
            "tick": self.tick,
            "field": [f64::from(FIELD_W) / 1000.0, f64::from(FIELD_H) / 1000.0],
            "hole": idx + 1,
            "holes": self.stages.len(),
            "number": stage.number,
            "par": stage.par,
            "tee": [stage.world.tee.x, stage.world.tee.y],
            "cup": [stage.world.cup.x, stage.world.cup.y],
            "capture": CAPTURE_RADIUS,
            "planets": stage.planets,
            "ball": [ball.x, ball.y],
            "flying": self.ball.is_some(),
            "strokes": self.strokes[idx],
            "total": self.shots(),
            "card": self.strokes,
            "pars": self.stages.iter().map(|s| s.par).collect::<Vec<_>>(),
            "last": self.last.map(ShotEnd::describe),
            "over": self.ending.is_some(),
        })
    }
}
