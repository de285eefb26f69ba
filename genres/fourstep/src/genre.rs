//! The [`Genre`] implementation: params, generation, the solver's report, replay checks.

use dayseed_core::{
    Capabilities, Error, Flag, FlagValue, Generator, Genre, Grade, Label, LabelSpec, Labels,
    Result, SolveOptions, SolveReport, SolveStatus, TechniqueUse, Verdict,
};

use crate::course::{Course, Puzzle};
use crate::generate::terrain_spans;
use crate::params::Params;
use crate::physics::{Hero, TICKS_PER_BAR};
use crate::sim::Run;
use crate::solver::{self, Stats, ticks_to_ms};
use dayseed_core::arcade::{self, Action, Event, Simulation, Tape};

/// FOURSTEP: a rhythm runner; press to jump over pits, steps and four kinds of obstacle.
#[derive(Debug)]
pub struct Fourstep;

/// The most events a tape may have (two per tick at most is already absurd).
pub const MAX_TAPE_EVENTS: usize = 100_000;
/// A press window below this many milliseconds counts as tight in the grade.
pub const TIGHT_MS: u32 = 150;

/// The solver's answer for a whole course.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// Press ticks.
    pub presses: Vec<u32>,
    /// Window of each press, ticks.
    pub windows: Vec<u32>,
    /// Search work.
    pub stats: Stats,
}

/// Solves a course terrain by terrain, chained (the same spans as the generator); on failure,
/// the bar of the terrain that has no path.
pub fn solve_course(course: &Course) -> std::result::Result<Solution, u32> {
    let mut hero = Hero::START;
    let mut out = Solution {
        presses: Vec::new(),
        windows: Vec::new(),
        stats: Stats::default(),
    };
    for (bar, n) in terrain_spans(course.bars) {
        let s = solver::solve_terrain(
            course,
            bar * TICKS_PER_BAR,
            (bar + n) * TICKS_PER_BAR,
            hero,
            &mut out.stats,
        )
        .ok_or(bar)?;
        out.presses.extend(&s.presses);
        out.windows.extend(&s.windows);
        hero = s.end;
    }
    Ok(out)
}

/// The tape of press ticks (press and release on the same tick).
pub fn tape_of(presses: &[u32]) -> Tape {
    Tape {
        events: presses
            .iter()
            .map(|&tick| Event {
                tick,
                action: Action::Press(0),
            })
            .collect(),
    }
}

/// Replays a tape in the game (no margins).
pub fn replay_tape(course: &Course, tape: &Tape) -> Result<arcade::Replayed> {
    let mut run = Run::new(course.clone());
    arcade::replay(&mut run, tape, course.end_tick() + 1)
}

/// The grade of a path whose press windows are `ms` milliseconds wide (see [`Genre::grade`]).
fn window_grade(ms: &[u32]) -> Grade {
    let tightest = ms.iter().copied().min().unwrap_or(1000);
    let rank = match tightest {
        300.. => 1,
        220.. => 2,
        160.. => 3,
        110.. => 4,
        _ => 5,
    };
    Grade {
        level: format!("tightest {tightest} ms"),
        rank,
        score: f64::from(tightest),
        techniques: vec![
            TechniqueUse {
                name: "presses".into(),
                count: ms.len() as u32,
            },
            TechniqueUse {
                name: format!("windows under {TIGHT_MS} ms"),
                count: ms.iter().filter(|&&m| m < TIGHT_MS).count() as u32,
            },
        ],
        solved_by_logic: true,
    }
}

impl Genre for Fourstep {
    const NAME: &'static str = "fourstep";
    const TITLE: &'static str = "Fourstep";
    type Params = Params;
    type Puzzle = Puzzle;
    type State = Tape;

    fn generators(&self) -> &'static [Generator<Fourstep>] {
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
                "fourstep: 1..5 or EASY, MEDIUM, HARD",
                None,
            ),
            Flag::new(
                "bpm",
                FlagValue::Number,
                "fourstep: the tempo in beats per minute",
                None,
            ),
            Flag::new(
                "bars",
                FlagValue::Number,
                "fourstep: the course's length in bars",
                None,
            ),
        ];
        FLAGS
    }

    fn label_specs(&self) -> &'static [LabelSpec] {
        const LABELS: &[LabelSpec] = &[LabelSpec::new(Label::Difficulty, "the difficulty, 1..5")];
        LABELS
    }

    fn labels(&self, _params: &Params, puzzle: &Puzzle) -> Labels {
        Labels {
            difficulty: Some(puzzle.difficulty.to_string()),
            size: None,
        }
    }

    /// A `Puzzle` only exists with a course checked on the way in ([`Course::from_wire`]).
    fn validate(&self, _puzzle: &Puzzle) -> Result<()> {
        Ok(())
    }

    fn canonical_content(&self, p: &Puzzle) -> String {
        format!(
            "T{} B{} D{}\n{}\n{}\ntape={}",
            p.bpm(),
            p.bars(),
            p.difficulty,
            p.ground(),
            serde_json::to_string(p.obstacles()).expect("obstacles are plain JSON"),
            p.tape.as_deref().unwrap_or("-")
        )
    }

    fn without_solution(&self, puzzle: &Puzzle) -> Puzzle {
        let mut bare = puzzle.clone();
        bare.tape = None;
        bare
    }

    /// `{"status":"solved","tape","ticks","score","par","presses","windows_ms","tightest_ms",
    /// "layer_max","states"}` with the solver's tape in text form and the game's replay of it
    /// (`score` = `par` = its points), or `{"status":"unsolved","bar":b,"reason"}`.
    /// The breadth-first solver's path with safety margins: `solution` is its tape's text form,
    /// `nodes` the states it explored; `unsolvable` (with `bar` and `reason`) when no path
    /// clears a terrain. Besides: `tape`, `ticks`, `score`, `par`, `presses`, `tightest_ms`,
    /// `windows_ms`, `layer_max`, `states`.
    fn solve_report(&self, puzzle: &Puzzle, options: SolveOptions) -> Result<SolveReport> {
        let course = puzzle.course();
        let solution = match solve_course(course) {
            Ok(s) => s,
            Err(bar) => {
                return Ok(SolveReport::new(SolveStatus::Unsolvable)
                    .detail("bar", bar)
                    .detail(
                        "reason",
                        format!("no path with safety margins through the terrain at bar {bar}"),
                    ));
            }
        };
        let tape = tape_of(&solution.presses);
        let replayed = replay_tape(course, &tape)?;
        let windows_ms: Vec<u32> = solution
            .windows
            .iter()
            .map(|&w| ticks_to_ms(w, course.bpm))
            .collect();
        let won = replayed.ending.won;
        let status = if won {
            SolveStatus::Solved
        } else {
            SolveStatus::Unsolvable
        };
        let grade = (options.grade && won).then(|| window_grade(&windows_ms));
        Ok(SolveReport::new(status)
            .with_solution(tape.to_text())
            .with_nodes(solution.stats.states)
            .with_grade(grade)
            .detail("tape", tape.to_text())
            .detail("ticks", replayed.ticks)
            .detail("score", replayed.ending.score.value)
            .detail("par", replayed.ending.score.value)
            .detail("presses", solution.presses.len())
            .detail("tightest_ms", windows_ms.iter().min().copied())
            .detail("windows_ms", windows_ms.clone())
            .detail("layer_max", solution.stats.layer_max)
            .detail("states", solution.stats.states))
    }

    /// Graded by the tightest press window of the solver's path: level `tightest N ms`, rank 1
    /// (>= 300 ms) to 5 (< 110 ms), score = that window in ms; "techniques" count the presses
    /// and the tight ones (window < 150 ms).
    fn grade(&self, puzzle: &Puzzle) -> Result<Grade> {
        let course = puzzle.course();
        let solution = solve_course(course)
            .map_err(|bar| Error::puzzle(format!("no path with safety margins at bar {bar}")))?;
        let ms: Vec<u32> = solution
            .windows
            .iter()
            .map(|&w| ticks_to_ms(w, course.bpm))
            .collect();
        Ok(window_grade(&ms))
    }

    fn simulate(&self, puzzle: &Puzzle) -> Result<Box<dyn Simulation>> {
        Ok(Box::new(Run::new(puzzle.course().clone())))
    }

    fn check(&self, puzzle: &Puzzle, tape: &Tape) -> Result<Verdict> {
        self.validate_state(puzzle, tape)?;
        Ok(arcade::verdict(&replay_tape(puzzle.course(), tape)?))
    }

    fn encode(&self, puzzle: &Puzzle) -> String {
        serde_json::to_string(&self.without_solution(puzzle)).expect("a course is plain JSON")
    }

    fn decode(&self, text: &str) -> Result<Puzzle> {
        let p: Puzzle = serde_json::from_str(text.trim())
            .map_err(|e| Error::puzzle(format!("fourstep course is not valid JSON: {e}")))?;
        self.validate(&p)?;
        Ok(p)
    }

    fn decode_state(&self, _puzzle: &Puzzle, text: &str) -> Result<Tape> {
        let text = text.trim();
        if text.starts_with('{') {
            serde_json::from_str(text)
                .map_err(|e| Error::state(format!("tape JSON is not valid: {e}")))
        } else {
            Tape::from_text(text)
        }
    }

    fn validate_state(&self, puzzle: &Puzzle, tape: &Tape) -> Result<()> {
        let end = puzzle.bars().saturating_mul(TICKS_PER_BAR);
        if tape.events.len() > MAX_TAPE_EVENTS {
            return Err(Error::state(format!(
                "tape has {} events; at most {MAX_TAPE_EVENTS}",
                tape.events.len()
            )));
        }
        let mut last = 0;
        for (i, e) in tape.events.iter().enumerate() {
            if e.tick < last {
                return Err(Error::state(format!(
                    "tape event {i}: tick {} is before the previous event's tick {last}",
                    e.tick
                )));
            }
            last = e.tick;
            if e.tick >= end {
                return Err(Error::state(format!(
                    "tape event {i}: tick {} is past the end of the course (its last tick is {})",
                    e.tick,
                    end - 1
                )));
            }
            if !matches!(e.action, Action::Press(0) | Action::Release(0)) {
                return Err(Error::state(format!(
                    "tape event {i}: {:?} is not an input of fourstep (button 0 only)",
                    e.action
                )));
            }
        }
        Ok(())
    }

    fn render_text(&self, puzzle: &Puzzle, _state: Option<&Tape>, show_solution: bool) -> String {
        let course = puzzle.course();
        let presses: Vec<u32> = if show_solution {
            solve_course(course).map(|s| s.presses).unwrap_or_default()
        } else {
            Vec::new()
        };
        crate::render::strip(course, &presses)
    }

    /// The course with its beat grid and obstacles; with the solution, the hero's path under the
    /// solver's presses (bounded: at most 512 bars = 8192 cells, 98304 px wide).
    fn render_svg(&self, puzzle: &Puzzle, show_solution: bool) -> Result<String> {
        let course = puzzle.course();
        let presses = if show_solution {
            Some(
                solve_course(course)
                    .map_err(|bar| {
                        Error::puzzle(format!("no path with safety margins at bar {bar}"))
                    })?
                    .presses,
            )
        } else {
            None
        };
        Ok(crate::render::svg(course, presses.as_deref()))
    }
}
