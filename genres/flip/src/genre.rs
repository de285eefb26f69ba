//! The [`Genre`] implementation: params, the run as a puzzle, check by replay, the simulated
//! player as solver and par.

use dayseed_core::{
    Capabilities, Error, Flag, FlagValue, Generator, Genre, Grade, LabelSpec, Labels, Result,
    SolveOptions, SolveReport, SolveStatus, TechniqueUse, Verdict,
};
use serde_json::{Value, json};

use crate::params::Params;
use crate::player::{PlayerRun, play};
use crate::puzzle::{Puzzle, check_tape, parse_run_seed, preview_taps};
use crate::render;
use crate::rules::{MAX_TICKS, reaction_seconds};
use crate::sim::FlipSim;
use dayseed_core::arcade::{Ending, Simulation, Tape, replay, verdict};

/// FLIP: tap to flip gravity, hold the wall each obstacle asks for, fly as far as you can.
#[derive(Debug)]
pub struct Flip;

impl Flip {
    /// The step function for a run, after checking the puzzle.
    pub fn sim(&self, puzzle: &Puzzle) -> Result<FlipSim> {
        Ok(FlipSim::new(puzzle.seed()))
    }

    /// The simulated player's whole run (30 minutes at most).
    pub fn player_run(&self, puzzle: &Puzzle) -> Result<PlayerRun> {
        Ok(play(&mut self.sim(puzzle)?, None))
    }
}

fn finished(run: &PlayerRun) -> Result<&Ending> {
    run.ending
        .as_ref()
        .ok_or_else(|| Error::puzzle("the simulated player's run did not end"))
}

/// Whether the run lasted its whole 30 minutes (a crash is scored too, but is not survival).
fn survived(ending: &Ending) -> bool {
    ending.tick >= MAX_TICKS
}

/// Par of a run: the distance flown (see [`Genre::grade`]).
fn run_grade(run: &PlayerRun, ending: &Ending) -> Grade {
    Grade {
        level: format!("par {} m", ending.score.value),
        rank: 1,
        score: ending.score.value as f64,
        techniques: vec![TechniqueUse {
            name: "flip".into(),
            count: run.tape.events.len() as u32,
        }],
        solved_by_logic: survived(ending),
    }
}

impl Genre for Flip {
    const NAME: &'static str = "flip";
    const TITLE: &'static str = "Flip";
    type Params = Params;
    type Puzzle = Puzzle;
    type State = Tape;

    fn generators(&self) -> &'static [Generator<Flip>] {
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
                "flip: the mode, ENDLESS (the only one)",
                Some("ENDLESS"),
            ),
            Flag::new(
                "mode",
                FlagValue::Text,
                "flip: the same as --difficulty",
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
        puzzle.check()
    }

    /// The generator version, mode and seed, the first obstacles and the simulated player's taps,
    /// all regenerated from the seed (so the digest signs the run itself, not the preview's
    /// rounding, and is the same with or without the answer).
    fn canonical_content(&self, p: &Puzzle) -> String {
        let seed = p.seed();
        // A seed whose preview the simulated player cannot clear (none is known) hashes no taps.
        let taps: Vec<String> = preview_taps(seed)
            .unwrap_or_default()
            .iter()
            .map(u32::to_string)
            .collect();
        let mut out = format!(
            "g1 endless seed={}\ntaps={}\n",
            p.run_seed(),
            taps.join(",")
        );
        for o in Puzzle::public(seed).obstacles {
            out.push_str(&format!(
                "{} {:.3} {:.3} {} {} {:.3} {:.3} {}\n",
                o.index,
                o.distance,
                o.length,
                o.req.name(),
                u8::from(o.flipped),
                o.gap,
                o.speed,
                match o.side {
                    crate::generate::Side::Left => "L",
                    crate::generate::Side::Right => "R",
                    crate::generate::Side::Middle => "M",
                }
            ));
        }
        out
    }

    fn without_solution(&self, puzzle: &Puzzle) -> Puzzle {
        let mut bare = puzzle.clone();
        bare.taps = None;
        bare
    }

    /// The simulated player (reaction delay included) flying the run for up to 30 minutes:
    /// status `solved` when it flies the whole run, `unsolvable` when it crashes; `solution` is
    /// its tape's text form. Besides: `tape`, `ticks`, `score` (`{"value", "unit": "m",
    /// "higher_is_better": true}`), `par`, `taps`, `reaction_seconds`, `reason`.
    fn solve_report(&self, puzzle: &Puzzle, options: SolveOptions) -> Result<SolveReport> {
        let run = self.player_run(puzzle)?;
        let ending = finished(&run)?;
        let status = if survived(ending) {
            SolveStatus::Solved
        } else {
            SolveStatus::Unsolvable
        };
        let score = serde_json::to_value(&ending.score)
            .map_err(|e| Error::puzzle(format!("cannot encode the score: {e}")))?;
        Ok(SolveReport::new(status)
            .with_solution(run.tape.to_text())
            .with_grade(options.grade.then(|| run_grade(&run, ending)))
            .detail("tape", run.tape.to_text())
            .detail("ticks", ending.tick)
            .detail("score", score)
            .detail("par", ending.score.value)
            .detail("taps", run.tape.events.len())
            .detail("reaction_seconds", json!(reaction_seconds()))
            .detail("reason", ending.reason.clone()))
    }

    /// Par is the distance the simulated player flies in the 30-minute run (`level` "par 31559
    /// m", `score` the same number, rank 1: g1 has one mode). The speed depends on distance only,
    /// so a run survived to the end is 31,559 m on every g1 run; a par below that would mean the
    /// simulated player crashed, which the proof has not found on any seed.
    fn grade(&self, puzzle: &Puzzle) -> Result<Grade> {
        let run = self.player_run(puzzle)?;
        Ok(run_grade(&run, finished(&run)?))
    }

    fn check(&self, puzzle: &Puzzle, tape: &Tape) -> Result<Verdict> {
        check_tape(tape)?;
        let mut sim = self.sim(puzzle)?;
        Ok(verdict(&replay(&mut sim, tape, MAX_TICKS + 1)?))
    }

    /// One line: `g1 ENDLESS <run_seed>`.
    fn encode(&self, puzzle: &Puzzle) -> String {
        format!("g1 ENDLESS {}\n", puzzle.run_seed())
    }

    fn decode(&self, text: &str) -> Result<Puzzle> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let shown: String = text.chars().take(60).collect();
        let [generator, mode, seed] = words[..] else {
            return Err(Error::puzzle(format!(
                "flip text '{shown}' is not '<generator> ENDLESS <16 hex digits>'"
            )));
        };
        if generator != "g1" || mode != "ENDLESS" {
            return Err(Error::puzzle(format!(
                "flip text '{shown}': only 'g1 ENDLESS <seed>' is supported"
            )));
        }
        Ok(Puzzle::public(parse_run_seed(seed)?))
    }

    /// The tape's text form (`1.5P0.x P0...`) or its JSON (`{"events": [...]}`).
    fn decode_state(&self, _puzzle: &Puzzle, text: &str) -> Result<Tape> {
        let text = text.trim();
        if text.starts_with('{') {
            let v: Value = serde_json::from_str(text)
                .map_err(|e| Error::state(format!("tape JSON is not valid: {e}")))?;
            Tape::from_json(&v)
        } else {
            Tape::from_text(text)
        }
    }

    fn validate_state(&self, _puzzle: &Puzzle, tape: &Tape) -> Result<()> {
        check_tape(tape)
    }

    fn render_text(&self, puzzle: &Puzzle, tape: Option<&Tape>, show_solution: bool) -> String {
        let seed = puzzle.seed();
        const SCREEN: usize = 100;
        let mut out = format!(
            "flip run {} (g1, endless), first 200 m\n",
            puzzle.run_seed()
        );
        let mut drawn = None;
        if let Some(t) = tape {
            drawn = Some(render::path(seed, t, 2.0 * SCREEN as f64));
        } else if show_solution && let Ok(run) = self.player_run(puzzle) {
            drawn = Some(render::path(seed, &run.tape, 2.0 * SCREEN as f64));
        }
        let path = drawn.as_ref().map_or(&[][..], |(p, _)| p);
        for s in 0..2 {
            out.push_str(&render::strip(seed, s * SCREEN, SCREEN, path));
        }
        if let Some((_, Some(reason))) = &drawn {
            out.push_str(reason);
            out.push('\n');
        }
        out
    }

    fn simulate(&self, puzzle: &Puzzle) -> Result<Box<dyn Simulation>> {
        Ok(Box::new(self.sim(puzzle)?))
    }

    fn render_svg(&self, puzzle: &Puzzle, show_solution: bool) -> Result<String> {
        let seed = puzzle.seed();
        let path = if show_solution {
            render::path(seed, &self.player_run(puzzle)?.tape, 240.0).0
        } else {
            Vec::new()
        };
        Ok(render::svg(seed, 3, &path))
    }
}
