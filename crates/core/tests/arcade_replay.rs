//! The arcade kit's replay over a toy simulation: a ball that falls under gravity, jumps on a
//! press, and wins on reaching the far wall; also the verdict it gives and the errors it names.

use dayseed_core::arcade::{
    Action, Ending, Score, Simulation, StateHasher, Tape, Vec2, replay, verdict,
};
use dayseed_core::{Error, Result};

const TPS: u32 = 60;
const DT: f64 = 1.0 / TPS as f64;

/// A ball running right at 2 units/s over a floor with one pit at x in [3, 4]; a press on the
/// ground jumps. Reaching x = 8 wins; falling into the pit loses.
struct Toy {
    tick: u32,
    pos: Vec2,
    vel: Vec2,
    ended: Option<Ending>,
    started: bool,
}

impl Toy {
    fn new() -> Toy {
        Toy {
            tick: 0,
            pos: Vec2::ZERO,
            vel: Vec2::new(2.0, 0.0),
            ended: None,
            started: false,
        }
    }
    fn end(&mut self, won: bool, reason: &str) {
        self.ended = Some(Ending {
            won,
            tick: self.tick,
            score: Score {
                value: i64::from(self.tick),
                unit: "ticks".into(),
                higher_is_better: false,
            },
            reason: reason.into(),
        });
    }
}

impl Simulation for Toy {
    fn tick(&self) -> u32 {
        self.tick
    }
    fn ticks_per_second(&self) -> u32 {
        TPS
    }
    fn input(&mut self, action: &Action) -> Result<()> {
        match action {
            Action::Press(0) => {
                self.started = true;
                if self.pos.y == 0.0 {
                    self.vel.y = 5.0;
                }
                Ok(())
            }
            Action::Release(0) => Ok(()),
            other => Err(Error::state(format!("toy has no {other:?}"))),
        }
    }
    fn step(&mut self) {
        self.tick += 1;
        if !self.started {
            return;
        }
        self.vel.y -= 10.0 * DT;
        self.pos += self.vel * DT;
        let over_pit = self.pos.x >= 3.0 && self.pos.x <= 4.0;
        if self.pos.y <= 0.0 && !over_pit {
            self.pos.y = 0.0;
            self.vel.y = 0.0;
        }
        if self.pos.y < -0.5 {
            self.end(false, "fell into the pit");
        } else if self.pos.x >= 8.0 {
            self.end(true, "reached the wall");
        }
    }
    fn ending(&self) -> Option<Ending> {
        self.ended.clone()
    }
    fn awaiting_input(&self) -> bool {
        !self.started
    }
    fn hash(&self, h: &mut StateHasher) {
        h.write_u32(self.tick);
        h.write_vec2(self.pos);
        h.write_vec2(self.vel);
        h.write_bool(self.started);
    }
    fn view(&self) -> serde_json::Value {
        serde_json::json!({ "x": self.pos.x, "y": self.pos.y })
    }
}

fn tape(text: &str) -> Tape {
    Tape::from_text(text).unwrap()
}

#[test]
fn a_jump_at_the_right_time_wins_and_replays_identically() {
    // Start at tick 0, jump at tick 75 (x = 2.5): in the air for 1 s = 2 units, over the pit.
    let t = tape("1.0P0.23P0");
    assert_eq!(t.events[1].tick, 75);
    let a = replay(&mut Toy::new(), &t, 10_000).unwrap();
    assert!(a.ending.won, "{:?}", a.ending);
    assert_eq!(a.ending.reason, "reached the wall");
    let b = replay(&mut Toy::new(), &t, 10_000).unwrap();
    assert_eq!(a, b, "a replay is a pure function of the tape");
    let v = verdict(&a);
    assert!(v.solved && v.problems.is_empty());
    let score = v.score.unwrap();
    assert_eq!(score.value, i64::from(a.ticks));
    assert_eq!(score.tick_hash, format!("{:016x}", a.tick_hash));
}

#[test]
fn no_jump_falls_and_the_verdict_says_why() {
    let r = replay(&mut Toy::new(), &tape("1.0P0"), 10_000).unwrap();
    assert!(!r.ending.won);
    let v = verdict(&r);
    assert!(!v.solved);
    assert_eq!(v.problems, vec!["fell into the pit".to_string()]);
}

#[test]
fn a_different_jump_tick_changes_the_tick_hash() {
    let early = replay(&mut Toy::new(), &tape("1.0P0.22P0"), 10_000).unwrap();
    let late = replay(&mut Toy::new(), &tape("1.0P0.23P0"), 10_000).unwrap();
    assert_ne!(early.tick_hash, late.tick_hash);
}

#[test]
fn an_empty_tape_stops_at_once_and_a_long_run_times_out() {
    let r = replay(&mut Toy::new(), &Tape::default(), 10_000).unwrap();
    assert_eq!(r.ticks, 0);
    assert!(
        r.ending.reason.contains("tape ended"),
        "{}",
        r.ending.reason
    );
    let r = replay(&mut Toy::new(), &tape("1.0P0.23P0"), 100).unwrap();
    assert_eq!(r.ticks, 100);
    assert!(r.ending.reason.contains("timeout"));
}

#[test]
fn refused_inputs_are_named_with_their_event() {
    let err = replay(&mut Toy::new(), &tape("1.0P0.5P1"), 10_000).unwrap_err();
    assert!(err.message().contains("tape event 1"), "{}", err.message());
    let err = replay(&mut Toy::new(), &tape("1.0A1,0,5"), 10_000).unwrap_err();
    assert!(err.message().contains("tape event 0"), "{}", err.message());
}
