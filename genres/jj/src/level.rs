//! The level (the puzzle JSON) and the generator that makes it.
//!
//! # Puzzle JSON
//! ```json
//! {"rows":["....", ...], "chambers":[{"template":"gap","params":{"w":2},"x0":0,"x1":14,
//!  "attempts":1}], "gates":[{"x0":40,"x1":41,"period":180,"open":80,"phase":95}],
//!  "exit_x":120, "difficulty":"MEDIUM", "plan":"1.2aP1.0P5...", "plan_ticks":1502,
//!  "par_ticks":2404, "rerolls":1, "level_attempts":1}
//! ```
//! `rows`: the map (see [`crate::world`] for the cells), 10 rows. `chambers`: each chamber's
//! template, chosen values, column span and the attempts it took (1 = first try; a chamber whose
//! plan fails is re-rolled up to 3 times, then the whole level is re-rolled: `level_attempts`).
//! `rerolls`: chamber re-rolls in the shipped level's attempt. `plan`: the winning tape (text form;
//! removed by `without_solution`), `plan_ticks`: when it wins, `par_ticks` = ceil(1.6 x plan).

use std::collections::BTreeMap;

use dayseed_core::{Error, ErrorKind, Result, Rng};
use serde::{Deserialize, Serialize};

use crate::arcade::{Action, Tape, replay};
use crate::build::{Builder, Failure};
use crate::params::Params;
use crate::physics::JjSim;
use crate::template::{Template, library};
use crate::world::{Gate, World};

/// Whole-level attempts before the generator gives up (never reached in tests of 10,000 seeds).
pub const MAX_LEVEL_ATTEMPTS: u32 = 32;
/// Re-rolls of one chamber before the level is re-rolled.
pub const CHAMBER_REROLLS: u32 = 3;

/// One chamber of a level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChamberInfo {
    /// Template name.
    pub template: String,
    /// Chosen values by param letter.
    pub params: BTreeMap<String, u32>,
    /// First column.
    pub x0: usize,
    /// Last column (exclusive).
    pub x1: usize,
    /// Tries this chamber took (1..=4).
    pub attempts: u32,
}

/// A JJ level as written (the puzzle JSON): the wire form [`Level`] is read from and written to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelDesc {
    /// The map.
    pub rows: Vec<String>,
    /// The chambers, left to right.
    pub chambers: Vec<ChamberInfo>,
    /// Timed gates.
    pub gates: Vec<Gate>,
    /// Both cores past column `exit_x + 0.5` win.
    pub exit_x: usize,
    /// Difficulty name.
    pub difficulty: String,
    /// The plan (tape text form); absent when the answer is withheld.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan: Option<String>,
    /// Tick at which the plan wins.
    pub plan_ticks: u32,
    /// Par time in ticks: ceil(1.6 x plan_ticks).
    pub par_ticks: u32,
    /// Chamber re-rolls in the shipped attempt.
    pub rerolls: u32,
    /// Whole-level attempts used (1 = first).
    pub level_attempts: u32,
    /// Set by a page (never by the generator) to play SOLO: `"A"` or `"B"` is the human, the
    /// other core is the plan-driven partner ([`crate::solo`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solo: Option<String>,
}

/// A JJ level: the puzzle, checked and built once when it is made or read — its description
/// (read through `Deref`, never changed in place), the world the physics runs in and the plan's
/// tape. Serialised as its [`LevelDesc`].
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(try_from = "LevelDesc", into = "LevelDesc")]
pub struct Level {
    desc: LevelDesc,
    world: World,
    plan: Option<Tape>,
}

impl Level {
    /// Checks a description and builds its world and plan: more than 256 chambers, a map the
    /// world refuses, a plan that is not a tape or presses a button JJ does not have, or a SOLO
    /// human other than `"A"`/`"B"` are errors naming what is wrong.
    pub fn new(desc: LevelDesc) -> Result<Level> {
        if desc.chambers.len() > 256 {
            return Err(Error::puzzle("more than 256 chambers"));
        }
        let spans = desc.chambers.iter().map(|c| (c.x0, c.x1)).collect();
        let world = World::new(&desc.rows, spans, desc.gates.clone(), desc.exit_x)?;
        let plan = desc.plan.as_deref().map(Tape::from_text).transpose()?;
        if let Some(tape) = &plan {
            check_buttons(tape)?;
        }
        if let Some(who) = desc.solo.as_deref() {
            solo_human(who)?;
        }
        Ok(Level { desc, world, plan })
    }

    /// The description this level was built from.
    pub fn desc(&self) -> &LevelDesc {
        &self.desc
    }

    /// The world the physics runs in.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The plan as a tape, when present.
    pub fn plan_tape(&self) -> Option<&Tape> {
        self.plan.as_ref()
    }

    /// The same level with its plan withheld (what a player is sent).
    pub fn without_plan(&self) -> Level {
        Level {
            desc: LevelDesc {
                plan: None,
                ..self.desc.clone()
            },
            world: self.world.clone(),
            plan: None,
        }
    }

    /// The same level played SOLO with `who` (`"A"` or `"B"`) as the human.
    pub fn with_solo(&self, who: &str) -> Result<Level> {
        solo_human(who)?;
        Ok(Level {
            desc: LevelDesc {
                solo: Some(who.to_string()),
                ..self.desc.clone()
            },
            world: self.world.clone(),
            plan: self.plan.clone(),
        })
    }

    /// Which core the human plays in SOLO (0 = A, 1 = B), or `None` for two players.
    pub fn solo_human(&self) -> Option<usize> {
        self.desc
            .solo
            .as_deref()
            .and_then(|who| solo_human(who).ok())
    }
}

fn solo_human(who: &str) -> Result<usize> {
    match who {
        "A" => Ok(0),
        "B" => Ok(1),
        other => Err(Error::puzzle(format!(
            "solo {other:?}: the human plays \"A\" or \"B\""
        ))),
    }
}

/// Refuses a tape that presses a button JJ does not have or aims.
pub fn check_buttons(tape: &Tape) -> Result<()> {
    for (i, e) in tape.events.iter().enumerate() {
        match e.action {
            Action::Press(b) | Action::Release(b) if b < 8 => {}
            Action::Press(b) | Action::Release(b) => {
                return Err(Error::state(format!(
                    "event {i} (tick {}): button {b} is not a JJ button (0-7)",
                    e.tick
                )));
            }
            Action::Aim { .. } => {
                return Err(Error::state(format!(
                    "event {i} (tick {}): JJ has no aim input",
                    e.tick
                )));
            }
        }
    }
    Ok(())
}

impl std::ops::Deref for Level {
    type Target = LevelDesc;
    fn deref(&self) -> &LevelDesc {
        &self.desc
    }
}

impl PartialEq for Level {
    fn eq(&self, other: &Level) -> bool {
        self.desc == other.desc
    }
}

impl Eq for Level {}

impl TryFrom<LevelDesc> for Level {
    type Error = Error;
    fn try_from(desc: LevelDesc) -> Result<Level> {
        Level::new(desc)
    }
}

impl From<Level> for LevelDesc {
    fn from(level: Level) -> LevelDesc {
        level.desc
    }
}

/// Par from the plan's duration: ceil(1.6 x ticks), in integers.
pub fn par(plan_ticks: u32) -> u32 {
    ((u64::from(plan_ticks) * 16).div_ceil(10)) as u32
}

fn draw_values(t: &Template, params: &Params, rng: &mut Rng) -> Vec<u32> {
    t.params
        .iter()
        .map(|p| {
            let (lo, hi) = params.difficulty.range(p.lo, p.hi);
            lo + rng.below(u64::from(hi - lo) + 1) as u32
        })
        .collect()
}

fn info(t: &Template, values: &[u32], x0: usize, x1: usize, attempts: u32) -> ChamberInfo {
    ChamberInfo {
        template: t.name.clone(),
        params: t
            .params
            .iter()
            .zip(values)
            .map(|(p, &v)| (p.letter.to_string(), v))
            .collect(),
        x0,
        x1,
        attempts,
    }
}

/// A finished plan replayed from scratch: with margins it must win at `ticks`, and without
/// margins (what players and "watch the solver" see) it must win too.
fn verify(world: &World, tape: &Tape, ticks: u32) -> std::result::Result<(), Failure> {
    for margins in [true, false] {
        let mut sim = JjSim::new(world.clone(), margins);
        let r = replay(&mut sim, tape, ticks + 1).map_err(|e| Failure(e.message().into()))?;
        if !r.ending.won || (margins && r.ending.tick != ticks) {
            return Err(Failure(format!(
                "replay (margins {margins}) ended: {}",
                r.ending.reason
            )));
        }
    }
    Ok(())
}

/// Generates a level with the newest generator's template list: chambers drawn on `rng`, each
/// proven as it is added.
pub fn generate(params: &Params, rng: &mut Rng) -> Result<Level> {
    generate_from(&library(), params, rng)
}

/// [`generate`] over a given template library (tests use libraries with failing templates).
pub fn generate_from(lib: &[Template], params: &Params, rng: &mut Rng) -> Result<Level> {
    params.validate()?;
    let pool: Vec<&Template> = lib
        .iter()
        .filter(|t| t.tier <= params.difficulty.rank())
        .collect();
    if pool.is_empty() {
        return Err(Error::params(format!(
            "no chamber template is eligible for {}",
            params.format()
        )));
    }
    for attempt in 1..=MAX_LEVEL_ATTEMPTS {
        if let Some(level) = try_level(params, &pool, rng, attempt)? {
            return Ok(level);
        }
    }
    Err(Error::new(
        ErrorKind::GenerationFailed,
        format!(
            "no jj level passed after {MAX_LEVEL_ATTEMPTS} attempts for {}",
            params.format()
        ),
    ))
}

fn try_level(
    params: &Params,
    pool: &[&Template],
    rng: &mut Rng,
    attempt: u32,
) -> Result<Option<Level>> {
    let mut builder = Builder::new();
    let mut chambers = Vec::new();
    let mut rerolls = 0;
    let mut last: Option<&str> = None;
    for _ in 0..params.chambers {
        let mut placed = false;
        for tries in 1..=1 + CHAMBER_REROLLS {
            let mut t = pool[rng.index(pool.len())];
            if pool.len() > 1 && last == Some(t.name.as_str()) {
                t = pool[rng.index(pool.len())];
            }
            let values = draw_values(t, params, rng);
            let chamber = t.instantiate(&values)?;
            let mut next = builder.clone();
            let x0 = next.body_width();
            if next.add_chamber(&chamber).is_ok() {
                chambers.push(info(t, &values, x0, next.body_width(), tries));
                builder = next;
                last = Some(t.name.as_str());
                placed = true;
                break;
            }
            rerolls += 1;
        }
        if !placed {
            return Ok(None);
        }
    }
    let Ok((world, tape, ticks)) = builder.finish() else {
        return Ok(None);
    };
    if verify(&world, &tape, ticks).is_err() {
        return Ok(None);
    }
    let desc = LevelDesc {
        rows: world.rows(),
        chambers,
        gates: world.gates.clone(),
        exit_x: world.exit_x,
        difficulty: params.difficulty.name().into(),
        plan: Some(tape.to_text()),
        plan_ticks: ticks,
        par_ticks: par(ticks),
        rerolls,
        level_attempts: attempt,
        solo: None,
    };
    Level::new(desc).map(Some)
}

/// Rebuilds the plan of a level from its chambers' templates and values (for a level whose plan
/// was withheld); errors when the map is not what those templates make.
pub fn replan(level: &Level) -> Result<(Tape, u32)> {
    let lib = library();
    let mut b = Builder::new();
    for (i, c) in level.chambers.iter().enumerate() {
        let t = lib.iter().find(|t| t.name == c.template).ok_or_else(|| {
            Error::puzzle(format!("chamber {i}: unknown template {:?}", c.template))
        })?;
        let values: Vec<u32> = t
            .params
            .iter()
            .map(|p| {
                c.params
                    .get(&p.letter.to_string())
                    .copied()
                    .unwrap_or(u32::MAX)
            })
            .collect();
        let chamber = t.instantiate(&values)?;
        b.add_chamber(&chamber)
            .map_err(|f| Error::puzzle(format!("chamber {i} ({}): {}", c.template, f.0)))?;
    }
    let (world, tape, ticks) = b
        .finish()
        .map_err(|f| Error::puzzle(format!("exit: {}", f.0)))?;
    if world.rows() != level.rows || world.gates != level.gates || world.exit_x != level.exit_x {
        return Err(Error::puzzle(
            "this map is not the one its chamber list makes, so no plan is known for it",
        ));
    }
    Ok((tape, ticks))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BAD: &str = "name: pit\nparams: w=1..2\nplan:\n80 R R\nmap:\n>......w......\n\
        .............\n.............\n.............\n.............\n.............\n\
        .............\n######.######\n######.######\n######.######\n######.######\n";

    #[test]
    fn a_failing_chamber_is_rerolled_on_the_same_stream() {
        let mut lib = library();
        lib.insert(0, Template::parse(BAD).unwrap());
        let params = Params::parse("C8-EASY").unwrap();
        let mut rerolled = 0;
        for seed in 0..20 {
            let level = generate_from(&lib, &params, &mut Rng::from_seed(seed)).unwrap();
            assert!(level.chambers.iter().all(|c| c.template != "pit"));
            assert!(level.chambers.iter().all(|c| (1..=4).contains(&c.attempts)));
            let retries: u32 = level.chambers.iter().map(|c| c.attempts - 1).sum();
            if level.level_attempts == 1 {
                assert_eq!(retries, level.rerolls);
            }
            rerolled += level.rerolls;
            let again = generate_from(&lib, &params, &mut Rng::from_seed(seed)).unwrap();
            assert_eq!(level, again);
        }
        assert!(rerolled > 0);
    }

    #[test]
    fn a_library_that_never_passes_gives_up_with_a_clear_error() {
        let lib = vec![Template::parse(BAD).unwrap()];
        let params = Params::parse("C2-EASY").unwrap();
        let e = generate_from(&lib, &params, &mut Rng::from_seed(1)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::GenerationFailed);
        assert!(e.message().contains("32 attempts"), "{}", e.message());
    }
}
