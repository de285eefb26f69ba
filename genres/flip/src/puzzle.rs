//! The JSON form of a run and the player's tape checks.
//!
//! ```json
//! {"generator":"g1","mode":"endless","run_seed":"e220a8397b1dcdaf","ticks_per_second":120,
//!  "max_seconds":1800,"obstacles":[{"index":0,"distance":31.2,"length":3.0,"side":"right",
//!  "req":"left","gap":6.4,"speed":8.09,"flipped":false}, ...]}
//! ```
//! The run is the seed's stream ([`crate::generate`]); `obstacles` is a preview of its first
//! [`PREVIEW`] obstacles, numbers rounded to the millimetre, checked against the stream on input.
//! `taps` is the answer the generator verified the preview with: the ticks at which the simulated
//! player ([`crate::player`]) taps while it clears the preview obstacles (removed by
//! `without_solution`; checked against the player on input).
//! `run_seed` is hex so that JavaScript keeps all 64 bits. Unknown fields are ignored (a whole
//! `gen` line can be passed back as the puzzle).

use dayseed_core::{Error, ErrorKind, Result};
use serde::{Deserialize, Serialize};

use crate::generate::{Obstacle, first_obstacles};
use crate::player::play;
use crate::rules::{MAX_RUN_SECONDS, MAX_TICKS, TICKS_PER_SECOND};
use crate::sim::{FLIP_BUTTON, FlipSim};
use dayseed_core::arcade::{Action, Tape};

/// How many obstacles a puzzle's preview shows.
pub const PREVIEW: usize = 16;

/// A run, parsed: the g1 endless run of one seed, its preview of the first obstacles and, on
/// generated runs, the simulated player's taps (the answer). Reading JSON checks the fields that
/// name the run (generator, mode, seed, clock) and the preview's length; [`Puzzle::check`]
/// (which the registry runs on every run it takes in) checks the preview and the taps against the
/// seed's stream.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Wire", into = "Wire")]
pub struct Puzzle {
    seed: u64,
    /// The first obstacles (rounded to the millimetre).
    pub obstacles: Vec<Obstacle>,
    /// The simulated player's tap ticks over the preview (the answer).
    pub taps: Option<Vec<u32>>,
}

/// The JSON form of [`Puzzle`], as it travels.
#[derive(Serialize, Deserialize)]
struct Wire {
    /// The generator version of the run (`g1`).
    generator: String,
    /// The mode (`endless`).
    mode: String,
    /// The run's 64-bit seed, 16 lower-case hex digits.
    run_seed: String,
    /// The tick clock.
    ticks_per_second: u32,
    /// The longest run.
    max_seconds: u32,
    /// The first obstacles (rounded to the millimetre).
    obstacles: Vec<Obstacle>,
    /// The simulated player's tap ticks over the preview (the answer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    taps: Option<Vec<u32>>,
}

impl TryFrom<Wire> for Puzzle {
    type Error = Error;

    fn try_from(w: Wire) -> Result<Puzzle> {
        if w.generator != "g1" {
            return Err(Error::puzzle(format!(
                "flip run generator '{}' is not supported; supported: g1",
                w.generator.chars().take(20).collect::<String>()
            )));
        }
        if w.mode != "endless" {
            return Err(Error::puzzle(format!(
                "flip mode '{}' is not supported; the only mode is endless",
                w.mode.chars().take(20).collect::<String>()
            )));
        }
        let seed = parse_run_seed(&w.run_seed)?;
        if w.ticks_per_second != TICKS_PER_SECOND || w.max_seconds != MAX_RUN_SECONDS {
            return Err(Error::puzzle(format!(
                "a g1 run has ticks_per_second {TICKS_PER_SECOND} and max_seconds \
                 {MAX_RUN_SECONDS}, not {} and {}",
                w.ticks_per_second, w.max_seconds
            )));
        }
        if w.obstacles.len() > PREVIEW {
            return Err(Error::puzzle(format!(
                "the preview has {} obstacles; at most {PREVIEW}",
                w.obstacles.len()
            )));
        }
        Ok(Puzzle {
            seed,
            obstacles: w.obstacles,
            taps: w.taps,
        })
    }
}

impl From<Puzzle> for Wire {
    fn from(p: Puzzle) -> Wire {
        Wire {
            generator: "g1".into(),
            mode: "endless".into(),
            run_seed: p.run_seed(),
            ticks_per_second: TICKS_PER_SECOND,
            max_seconds: MAX_RUN_SECONDS,
            obstacles: p.obstacles,
            taps: p.taps,
        }
    }
}

/// A run seed's text form: 16 lower-case hex digits.
pub fn parse_run_seed(hex: &str) -> Result<u64> {
    (hex.len() == 16 && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
        .then(|| u64::from_str_radix(hex, 16).ok())
        .flatten()
        .ok_or_else(|| {
            Error::puzzle(format!(
                "run_seed '{}' is not 16 lower-case hex digits",
                hex.chars().take(20).collect::<String>()
            ))
        })
}

/// The simulated player's tap ticks until it has cleared the first [`PREVIEW`] obstacles of the
/// g1 run of `seed`: the generator's verification of the preview through the step function.
pub fn preview_taps(seed: u64) -> Result<Vec<u32>> {
    let mut sim = FlipSim::new(seed);
    let run = play(&mut sim, Some(PREVIEW as u64));
    match run.ending {
        None => Ok(run.tape.events.iter().map(|e| e.tick).collect()),
        Some(e) => Err(Error::new(
            ErrorKind::GenerationFailed,
            format!(
                "the simulated player did not clear the preview of run {seed:016x}: {}",
                e.reason
            ),
        )),
    }
}

fn mm(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

impl Puzzle {
    /// The g1 endless run of `seed` with its answer, verified by the simulated player.
    pub fn generate(seed: u64) -> Result<Puzzle> {
        Ok(Puzzle {
            taps: Some(preview_taps(seed)?),
            ..Puzzle::public(seed)
        })
    }

    /// The g1 endless run of `seed` without the answer.
    pub fn public(seed: u64) -> Puzzle {
        Puzzle {
            seed,
            obstacles: first_obstacles(seed, PREVIEW)
                .into_iter()
                .map(|o| Obstacle {
                    distance: mm(o.distance),
                    length: mm(o.length),
                    gap: mm(o.gap),
                    speed: mm(o.speed),
                    ..o
                })
                .collect(),
            taps: None,
        }
    }

    /// The run's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The run's seed in its text form, 16 lower-case hex digits.
    pub fn run_seed(&self) -> String {
        format!("{:016x}", self.seed)
    }

    /// Checks the preview and the taps against the g1 stream of the seed (the registry runs this
    /// on every run it takes in): each preview obstacle within a millimetre and a half of the
    /// stream's, the taps exactly the simulated player's.
    pub fn check(&self) -> Result<()> {
        if self.obstacles.len() > PREVIEW {
            return Err(Error::puzzle(format!(
                "the preview has {} obstacles; at most {PREVIEW}",
                self.obstacles.len()
            )));
        }
        let hex = self.run_seed();
        let want = Puzzle::public(self.seed);
        for (i, (got, want)) in self.obstacles.iter().zip(&want.obstacles).enumerate() {
            let close = |a: f64, b: f64| (a - b).abs() <= 0.0015;
            let same = got.index == want.index
                && got.side == want.side
                && got.req == want.req
                && got.flipped == want.flipped
                && close(got.distance, want.distance)
                && close(got.length, want.length)
                && close(got.gap, want.gap)
                && close(got.speed, want.speed);
            if !same {
                return Err(Error::puzzle(format!(
                    "preview obstacle {i} does not match the run of seed {hex}"
                )));
            }
        }
        if let Some(taps) = &self.taps
            && *taps != preview_taps(self.seed)?
        {
            return Err(Error::puzzle(format!(
                "taps do not match the simulated player's taps on the run of seed {hex}"
            )));
        }
        Ok(())
    }
}

/// Checks a tape before any replay: only presses and releases of button 0, ticks in order and
/// within the 30-minute run. Errors name the event.
pub fn check_tape(tape: &Tape) -> Result<()> {
    let mut last = 0u32;
    for (i, e) in tape.events.iter().enumerate() {
        match e.action {
            Action::Press(FLIP_BUTTON) | Action::Release(FLIP_BUTTON) => {}
            Action::Press(b) | Action::Release(b) => {
                return Err(Error::state(format!(
                    "tape event {i} (tick {}): button {b} does not exist; flip has button 0",
                    e.tick
                )));
            }
            Action::Aim { .. } => {
                return Err(Error::state(format!(
                    "tape event {i} (tick {}): flip has no aim action",
                    e.tick
                )));
            }
        }
        if e.tick < last {
            return Err(Error::state(format!(
                "tape event {i}: tick {} comes before the previous event's tick {last}",
                e.tick
            )));
        }
        if e.tick >= MAX_TICKS {
            return Err(Error::state(format!(
                "tape event {i}: tick {} is past the run's end (a run lasts at most {MAX_TICKS} \
                 ticks, {MAX_RUN_SECONDS} s)",
                e.tick
            )));
        }
        last = e.tick;
    }
    Ok(())
}
