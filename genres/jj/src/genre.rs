//! The [`Genre`] implementation: levels from [`crate::level`], play checked by replay.

use dayseed_core::{
    Capabilities, Error, Flag, FlagValue, Generator, Genre, Grade, Label, LabelSpec, Labels,
    Result, SolveOptions, SolveReport, SolveStatus, Verdict,
};
use serde_json::Value;

use crate::arcade::{Simulation, Tape, replay, verdict};
use crate::level::{Level, LevelDesc, check_buttons, replan};
use crate::params::Params;
use crate::physics::{JjSim, TPS};
use crate::solo::SoloSim;

/// The longest run `check` replays: 15 minutes of ticks.
pub const MAX_CHECK_TICKS: u32 = 15 * 60 * TPS;

/// The simulation a page or server runs for a level: two players, or SOLO with the plan-driven
/// partner when `level.solo` names the human (`"A"` or `"B"`; the plan is rebuilt if withheld).
pub fn simulate(level: &Level) -> Result<Box<dyn Simulation>> {
    let world = level.world().clone();
    let Some(human) = level.solo_human() else {
        return Ok(Box::new(JjSim::new(world, false)));
    };
    let plan = match level.plan_tape() {
        Some(t) => t.clone(),
        None => replan(level)?.0,
    };
    Ok(Box::new(SoloSim::new(world, &plan, human)?))
}

/// JJ: two cores on a rope, through a chain of chambers to the exit.
#[derive(Debug)]
pub struct Jj;

impl Genre for Jj {
    const NAME: &'static str = "jj";
    const TITLE: &'static str = "JJ";
    type Params = Params;
    type Puzzle = Level;
    type State = Tape;

    fn generators(&self) -> &'static [Generator<Jj>] {
        &crate::generator::GENERATORS
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities::arcade(true)
    }

    fn parse_params(&self, text: &str) -> Result<Params> {
        Params::parse(text)
    }

    fn format_params(&self, params: &Params) -> String {
        params.format()
    }

    fn params_from_flags(&self, flags: &[(&str, &str)]) -> Result<Params> {
        Params::from_flags(flags)
    }

    fn daily_params(&self, difficulty: Option<&str>) -> Result<Params> {
        Params::daily(difficulty)
    }

    fn flags(&self) -> &'static [Flag] {
        const FLAGS: &[Flag] = &[
            Flag::new(
                "difficulty",
                FlagValue::Text,
                "jj: EASY, MEDIUM or HARD",
                Some("MEDIUM"),
            ),
            Flag::new(
                "chambers",
                FlagValue::Number,
                "jj: chambers in the level",
                Some("8"),
            ),
        ];
        FLAGS
    }

    fn label_specs(&self) -> &'static [LabelSpec] {
        const LABELS: &[LabelSpec] = &[LabelSpec::new(
            Label::Difficulty,
            "the difficulty, EASY..HARD",
        )];
        LABELS
    }

    fn labels(&self, _params: &Params, level: &Level) -> Labels {
        Labels {
            difficulty: Some(level.difficulty.clone()),
            size: None,
        }
    }

    /// Nothing left to check: a [`Level`] is checked when it is built.
    fn validate(&self, _level: &Level) -> Result<()> {
        Ok(())
    }

    fn canonical_content(&self, level: &Level) -> String {
        serde_json::to_string(level.desc()).expect("a level description is plain JSON")
    }

    fn without_solution(&self, level: &Level) -> Level {
        level.without_plan()
    }

    /// `{"status":"solved","tape":<text>,"ticks","score","par","unit":"ticks"}`: the level's plan
    /// (rebuilt from its chambers when withheld), replayed without margins to a win.
    /// The level's stored plan (or a new one from the planner), replayed: `solution` is the
    /// plan's tape text, status `unsolvable` (with `reason`) when the replay does not win.
    /// Besides: `tape`, `ticks`, `score` (ticks), `unit`, `par` (ticks).
    fn solve_report(&self, level: &Level, options: SolveOptions) -> Result<SolveReport> {
        let tape = match level.plan_tape() {
            Some(t) => t.clone(),
            None => replan(level)?.0,
        };
        let r = replay(
            &mut JjSim::new(level.world().clone(), false),
            &tape,
            MAX_CHECK_TICKS,
        )?;
        if !r.ending.won {
            return Ok(SolveReport::new(SolveStatus::Unsolvable).detail(
                "reason",
                format!("the level's plan does not win: {}", r.ending.reason),
            ));
        }
        let grade = if options.grade {
            Some(self.grade(level)?)
        } else {
            None
        };
        Ok(SolveReport::new(SolveStatus::Solved)
            .with_solution(tape.to_text())
            .with_grade(grade)
            .detail("tape", tape.to_text())
            .detail("ticks", r.ending.tick)
            .detail("score", r.ending.tick)
            .detail("unit", "ticks")
            .detail("par", level.par_ticks))
    }

    fn grade(&self, level: &Level) -> Result<Grade> {
        let secs = level.par_ticks.div_ceil(TPS);
        Ok(Grade {
            level: format!("par {secs} s"),
            rank: secs.max(1),
            score: f64::from(level.par_ticks),
            techniques: Vec::new(),
            solved_by_logic: false,
        })
    }

    fn check(&self, level: &Level, tape: &Tape) -> Result<Verdict> {
        self.validate_state(level, tape)?;
        let r = replay(
            &mut JjSim::new(level.world().clone(), false),
            tape,
            MAX_CHECK_TICKS,
        )?;
        Ok(verdict(&r))
    }

    fn encode(&self, level: &Level) -> String {
        serde_json::to_string(self.without_solution(level).desc())
            .expect("a level description is plain JSON")
    }

    fn decode(&self, text: &str) -> Result<Level> {
        let desc: LevelDesc = serde_json::from_str(text.trim())
            .map_err(|e| Error::puzzle(format!("not a jj level (JSON): {e}")))?;
        Level::new(desc)
    }

    /// The text form (`1.0P1...`) or JSON (the tape object, or the text form as a string).
    fn decode_state(&self, level: &Level, text: &str) -> Result<Tape> {
        let text = text.trim();
        let tape = match serde_json::from_str::<Value>(text) {
            Ok(v) => Tape::from_json(&v)?,
            Err(_) => Tape::from_text(text)?,
        };
        self.validate_state(level, &tape)?;
        Ok(tape)
    }

    fn validate_state(&self, _level: &Level, tape: &Tape) -> Result<()> {
        check_buttons(tape)
    }

    fn simulate(&self, level: &Level) -> Result<Box<dyn Simulation>> {
        simulate(level)
    }

    /// The map; with the solution, both cores' paths along the replayed plan ([`crate::render`]).
    fn render_svg(&self, level: &Level, show_solution: bool) -> Result<String> {
        crate::render::svg(level, show_solution)
    }

    fn render_text(&self, level: &Level, _tape: Option<&Tape>, _show_solution: bool) -> String {
        let mut out = format!(
            "par {:.1} s (plan {:.1} s), {} chambers: {}\n",
            f64::from(level.par_ticks) / f64::from(TPS),
            f64::from(level.plan_ticks) / f64::from(TPS),
            level.chambers.len(),
            level
                .chambers
                .iter()
                .map(|c| c.template.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        );
        for row in &level.rows {
            out.push_str(row);
            out.push('\n');
        }
        out
    }
}
