//! The [`Genre`] implementation: generation, replay check, solver report, par grade, drawings.

use dayseed_core::{
    Capabilities, Error, Flag, FlagValue, Generator, Genre, Grade, LabelSpec, Labels, Result,
    SolveOptions, SolveReport, SolveStatus, TechniqueUse, Verdict,
};
use serde_json::{Value, json};

use crate::arcade::{Action, Replayed, Simulation, Tape, replay, verdict};
use crate::params::{self, Params};
use crate::physics::Aim;
use crate::puzzle::Puzzle;
use crate::sim::{CourseSim, MAX_STROKES_PER_HOLE};
use crate::solve::{self, MAX_REPLAY_TICKS};
use crate::verify::Grid;
use crate::{format, render};

/// Slingstar: gravity golf on a 9-hole daily course.
#[derive(Debug)]
pub struct Slingstar;

impl Slingstar {
    /// Replays `tape` on `puzzle` (both validated).
    pub fn replay(&self, puzzle: &Puzzle, tape: &Tape) -> Result<Replayed> {
        let mut sim = CourseSim::new(puzzle)?;
        self.validate_state(puzzle, tape)?;
        replay(&mut sim, tape, MAX_REPLAY_TICKS)
    }
}

/// The grade of a course from each hole's `(par, robust successes)` (see [`Genre::grade`]).
fn course_grade(pars: &[(u32, u32)], holes: usize) -> Grade {
    let mut par = 0;
    let mut counts = [0u32; 3];
    let mut knife = 0;
    for &(p, robust) in pars {
        par += p;
        counts[(p.clamp(2, 4) - 2) as usize] += 1;
        if robust == 0 {
            knife += 1;
        }
    }
    let mut techniques: Vec<TechniqueUse> = [2, 3, 4]
        .iter()
        .zip(counts)
        .filter(|(_, c)| *c > 0)
        .map(|(p, count)| TechniqueUse {
            name: format!("par {p} holes"),
            count,
        })
        .collect();
    if knife > 0 {
        techniques.push(TechniqueUse {
            name: "knife-edge holes (no robust success)".into(),
            count: knife,
        });
    }
    Grade {
        level: format!("par {par}"),
        rank: par,
        score: f64::from(par) + f64::from(knife) / (holes as f64 + 1.0),
        techniques,
        solved_by_logic: true,
    }
}

impl Genre for Slingstar {
    const NAME: &'static str = "slingstar";
    const TITLE: &'static str = "Slingstar";
    type Params = Params;
    type Puzzle = Puzzle;
    type State = Tape;

    fn generators(&self) -> &'static [Generator<Slingstar>] {
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
        params::daily(difficulty)
    }

    fn flags(&self) -> &'static [Flag] {
        const FLAGS: &[Flag] = &[
            Flag::new("hole", FlagValue::Number, "slingstar: one hole, 1..9", None),
            Flag::new(
                "level",
                FlagValue::Number,
                "slingstar: the same as --hole",
                None,
            ),
            Flag::new(
                "course",
                FlagValue::Text,
                "slingstar: the course, C9 (all nine holes) or H<k>",
                Some("C9"),
            ),
            Flag::new(
                "difficulty",
                FlagValue::Text,
                "slingstar: NORMAL or C9 (one difficulty)",
                None,
            ),
        ];
        FLAGS
    }

    fn label_specs(&self) -> &'static [LabelSpec] {
        &[]
    }

    fn labels(&self, _params: &Params, _puzzle: &Puzzle) -> Labels {
        Labels::default()
    }

    fn validate(&self, puzzle: &Puzzle) -> Result<()> {
        puzzle.validate()
    }

    fn canonical_content(&self, p: &Puzzle) -> String {
        let mut out = format!("slingstar {} {}\n", p.physics, p.course);
        let num = |v: Option<u32>| v.map_or("-".to_string(), |n| n.to_string());
        for h in &p.holes {
            let planets: Vec<String> = h
                .planets
                .iter()
                .map(|q| format!("{},{},{},{}", q.x, q.y, q.r, q.gm))
                .collect();
            let window = h.window.map_or("-".into(), |w| {
                format!("{}:{}..{}", w.dirs, w.power_min, w.power_max)
            });
            let best = h
                .best
                .map_or("-".into(), |a| format!("{},{},{}", a.x, a.y, a.power));
            out.push_str(&format!(
                "hole {} tee {},{} cup {},{} planets {} par {} successes {} robust {} window {} best {}\n",
                h.number,
                h.tee[0],
                h.tee[1],
                h.cup[0],
                h.cup[1],
                planets.join(";"),
                num(h.par),
                num(h.successes),
                num(h.robust),
                window,
                best
            ));
        }
        out
    }

    fn without_solution(&self, puzzle: &Puzzle) -> Puzzle {
        let mut p = puzzle.clone();
        for h in &mut p.holes {
            h.best = None;
        }
        p
    }

    /// `{"status":"solved","tape":"<text form>","ticks","score","par","holes":[{"number","par",
    /// "successes","robust","window","shot"}]}`; `{"status":"unsolved","reason"}` when some hole
    /// has no winning verification shot.
    /// The solver's plan for the course: `solution` is its tape's text form; `unsolvable` (with
    /// `reason`) when some hole has no winning shot. Besides: `tape`, `ticks`, `score`, `par`,
    /// and per hole `holes: [{number, par, successes, robust, window, shot}]`.
    fn solve_report(&self, puzzle: &Puzzle, options: SolveOptions) -> Result<SolveReport> {
        let plan = match solve::solve(puzzle) {
            Ok(plan) => plan,
            Err(e) => {
                return Ok(SolveReport::new(SolveStatus::Unsolvable)
                    .detail("reason", e.message().to_string()));
            }
        };
        let holes: Vec<Value> = puzzle
            .holes
            .iter()
            .zip(&plan.holes)
            .map(|(h, p)| {
                json!({
                    "number": h.number,
                    "par": p.par,
                    "successes": p.successes,
                    "robust": p.margins.robust,
                    "window": p.margins.window,
                    "shot": p.margins.best,
                })
            })
            .collect();
        let pars: Vec<(u32, u32)> = plan
            .holes
            .iter()
            .map(|p| (p.par, p.margins.robust))
            .collect();
        let score = serde_json::to_value(&plan.replayed.ending.score)
            .map_err(|e| Error::puzzle(format!("cannot encode the score: {e}")))?;
        Ok(SolveReport::new(SolveStatus::Solved)
            .with_solution(plan.tape.to_text())
            .with_grade(
                options
                    .grade
                    .then(|| course_grade(&pars, puzzle.holes.len())),
            )
            .detail("tape", plan.tape.to_text())
            .detail("ticks", plan.replayed.ticks)
            .detail("score", score)
            .detail("par", plan.holes.iter().map(|h| h.par).sum::<u32>())
            .detail("holes", holes))
    }

    /// Par of the course (sum of the holes' pars, from the success counts). `score` is the par plus
    /// the share of knife-edge holes (no robust success: every winning shot's fine-grid neighbour
    /// misses), so among courses of equal par the one with more knife-edge holes grades harder.
    fn grade(&self, puzzle: &Puzzle) -> Result<Grade> {
        let grid = Grid::new();
        let mut pars = Vec::with_capacity(puzzle.holes.len());
        for h in &puzzle.holes {
            let plan = solve::plan_hole(&crate::physics::World::new(&h.layout()), &grid)
                .ok_or_else(|| {
                    Error::puzzle(format!("hole {}: no verification shot goes in", h.number))
                })?;
            pars.push((plan.par, plan.margins.robust));
        }
        Ok(course_grade(&pars, puzzle.holes.len()))
    }

    /// Replays the tape: solved when the last hole is holed out; the score is the shots.
    fn check(&self, puzzle: &Puzzle, tape: &Tape) -> Result<Verdict> {
        Ok(verdict(&self.replay(puzzle, tape)?))
    }

    /// A fresh simulation of `puzzle` at its first tee (the page and the server play through it).
    fn simulate(&self, puzzle: &Puzzle) -> Result<Box<dyn Simulation>> {
        Ok(Box::new(CourseSim::new(puzzle)?))
    }

    fn encode(&self, puzzle: &Puzzle) -> String {
        format::encode(puzzle)
    }

    fn decode(&self, text: &str) -> Result<Puzzle> {
        format::decode(text)
    }

    /// The tape in its text form, or its JSON form.
    fn decode_state(&self, _puzzle: &Puzzle, text: &str) -> Result<Tape> {
        let text = text.trim();
        if text.starts_with('{') || text.starts_with('"') {
            let value: Value = serde_json::from_str(text)
                .map_err(|e| Error::state(format!("tape JSON is not valid: {e}")))?;
            Tape::from_json(&value)
        } else {
            Tape::from_text(text)
        }
    }

    /// At most 12 shots per hole; every event an aim with a direction and a power in range.
    fn validate_state(&self, puzzle: &Puzzle, tape: &Tape) -> Result<()> {
        let max = puzzle.holes.len() * MAX_STROKES_PER_HOLE as usize;
        if tape.events.len() > max {
            return Err(Error::state(format!(
                "the tape has {} shots; a {}-hole course allows at most {max}",
                tape.events.len(),
                puzzle.holes.len()
            )));
        }
        for (i, e) in tape.events.iter().enumerate() {
            match e.action {
                Action::Aim { x, y, power } => {
                    Aim { x, y, power }.launch().map_err(|err| {
                        Error::state(format!(
                            "tape event {i} (tick {}): {}",
                            e.tick,
                            err.message()
                        ))
                    })?;
                }
                other => {
                    return Err(Error::state(format!(
                        "tape event {i} (tick {}): {other:?} is not a slingstar action (only aim)",
                        e.tick
                    )));
                }
            }
        }
        Ok(())
    }

    fn render_text(&self, puzzle: &Puzzle, state: Option<&Tape>, show_solution: bool) -> String {
        let mut out = render::text(puzzle, show_solution);
        if let Some(tape) = state {
            match self.replay(puzzle, tape) {
                Ok(r) => out.push_str(&format!(
                    "tape: {} after {} ticks, {} shots\n",
                    r.ending.reason, r.ticks, r.ending.score.value
                )),
                Err(e) => out.push_str(&format!("invalid tape: {e}\n")),
            }
        }
        out
    }

    fn render_svg(&self, puzzle: &Puzzle, show_solution: bool) -> Result<String> {
        render::svg(puzzle, show_solution)
    }
}
