//! Mirror: a toy genre that lives outside the catalog. It exists to prove the contract's promise
//! that a new genre is one crate plus one line: `tests/one_line.rs` adds it with
//! `dayseed_catalog::registry().with(&dayseed_testgenre::GENRE)` (and the `dayseed-mirror`
//! binary does the same for the command line) and shows the registry, the CLI's `gen` flags and
//! the server's archive labels pick it up with no edit anywhere else.
//!
//! The puzzle: a row of digits; the answer is the row read backwards. Params `P<pegs>-<SHADE>`
//! (`P5-LIGHT`): 2 to 12 pegs, shade LIGHT or DARK. Its flags (`--pegs`, `--shade`) and its
//! archive labels (difficulty = the shade, size = `<pegs>x1`) have names no front end knows, so
//! nothing can pick them up by guessing.

use dayseed_core::generator::day_or_number;
use dayseed_core::genre::Capabilities;
use dayseed_core::{
    Error, Flag, FlagValue, Generated, Generator, Genre, Label, LabelSpec, Labels, Registered,
    Result, Rng, SolveOptions, SolveReport, SolveStatus, Verdict, Version, VersionStatus,
};
use serde::{Deserialize, Serialize};

/// The genre.
#[derive(Debug)]
pub struct Mirror;

/// The one line a registry needs: `registry.with(&dayseed_testgenre::GENRE)`.
pub static GENRE: Registered<Mirror> = Registered(Mirror);

/// Generation parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Params {
    /// Digits in the row, 2..=12.
    pub pegs: u32,
    /// The shade: true = DARK.
    pub dark: bool,
}

/// A board.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// `LIGHT` or `DARK`.
    pub shade: String,
    /// The row of digits.
    pub row: String,
    /// The row backwards; absent in the form a player sees.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
}

/// A player's progress: the digits entered so far.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    /// Digits entered, left to right.
    pub entered: String,
}

static GENERATORS: [Generator<Mirror>; 1] = [Generator {
    version: Version(1),
    status: VersionStatus::Current,
    note: "a row of random digits",
    seed: day_or_number,
    generate: generate_g1,
}];

const MAX_PEGS: u32 = 12;

fn pegs(text: &str) -> Result<u32> {
    text.parse::<u32>()
        .ok()
        .filter(|n| (2..=MAX_PEGS).contains(n))
        .ok_or_else(|| {
            let shown: String = text.chars().take(20).collect();
            Error::params(format!(
                "mirror pegs '{shown}' is not a number 2..={MAX_PEGS}"
            ))
        })
}

fn shade(text: &str) -> Result<bool> {
    match text.to_ascii_uppercase().as_str() {
        "LIGHT" => Ok(false),
        "DARK" => Ok(true),
        _ => {
            let shown: String = text.chars().take(20).collect();
            Err(Error::params(format!(
                "mirror shade '{shown}' is not LIGHT or DARK"
            )))
        }
    }
}

fn reversed(row: &str) -> String {
    row.chars().rev().collect()
}

impl Genre for Mirror {
    const NAME: &'static str = "mirror";
    const TITLE: &'static str = "Mirror";
    type Params = Params;
    type Puzzle = Puzzle;
    type State = State;

    fn generators(&self) -> &'static [Generator<Mirror>] {
        &GENERATORS
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities::logic()
    }

    fn parse_params(&self, text: &str) -> Result<Params> {
        let bad = || Error::params(format!("mirror params '{text}' are not P<pegs>-LIGHT|DARK"));
        let (p, s) = text.split_once('-').ok_or_else(bad)?;
        let n = p.strip_prefix('P').ok_or_else(bad)?;
        if s != s.to_ascii_uppercase() {
            return Err(bad());
        }
        Ok(Params {
            pegs: pegs(n)?,
            dark: shade(s)?,
        })
    }

    fn format_params(&self, p: &Params) -> String {
        format!("P{}-{}", p.pegs, if p.dark { "DARK" } else { "LIGHT" })
    }

    fn params_from_flags(&self, flags: &[(&str, &str)]) -> Result<Params> {
        let mut p = Params {
            pegs: 5,
            dark: false,
        };
        for &(name, value) in flags {
            match name {
                "pegs" => p.pegs = pegs(value)?,
                "shade" => p.dark = shade(value)?,
                other => {
                    let shown: String = other.chars().take(20).collect();
                    return Err(Error::params(format!(
                        "mirror does not take --{shown} (it takes --pegs and --shade)"
                    )));
                }
            }
        }
        Ok(p)
    }

    fn daily_params(&self, difficulty: Option<&str>) -> Result<Params> {
        Ok(Params {
            pegs: 5,
            dark: difficulty.map(shade).transpose()?.unwrap_or(false),
        })
    }

    fn flags(&self) -> &'static [Flag] {
        const FLAGS: &[Flag] = &[
            Flag::new(
                "pegs",
                FlagValue::Number,
                "mirror: digits in the row, 2..12",
                Some("5"),
            ),
            Flag::new(
                "shade",
                FlagValue::Text,
                "mirror: LIGHT or DARK",
                Some("LIGHT"),
            ),
        ];
        FLAGS
    }

    fn label_specs(&self) -> &'static [LabelSpec] {
        const LABELS: &[LabelSpec] = &[
            LabelSpec::new(Label::Difficulty, "the shade, LIGHT or DARK"),
            LabelSpec::new(Label::Size, "<pegs>x1"),
        ];
        LABELS
    }

    fn labels(&self, params: &Params, puzzle: &Puzzle) -> Labels {
        Labels {
            difficulty: Some(puzzle.shade.clone()),
            size: Some(dayseed_core::declare::size_label(params.pegs, 1)),
        }
    }

    fn validate(&self, p: &Puzzle) -> Result<()> {
        let n = p.row.len() as u32;
        if !(2..=MAX_PEGS).contains(&n) || !p.row.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Error::puzzle(format!(
                "mirror row must be 2 to {MAX_PEGS} digits"
            )));
        }
        shade(&p.shade)?;
        if p.answer.as_ref().is_some_and(|a| *a != reversed(&p.row)) {
            return Err(Error::puzzle("mirror answer is not the row backwards"));
        }
        Ok(())
    }

    fn canonical_content(&self, p: &Puzzle) -> String {
        format!(
            "row={}\nanswer={}\nshade={}",
            p.row,
            reversed(&p.row),
            p.shade
        )
    }

    fn without_solution(&self, p: &Puzzle) -> Puzzle {
        Puzzle {
            answer: None,
            ..p.clone()
        }
    }

    fn solve_report(&self, p: &Puzzle, _options: SolveOptions) -> Result<SolveReport> {
        Ok(SolveReport::new(SolveStatus::Solved)
            .with_solution(reversed(&p.row))
            .with_nodes(1))
    }

    fn check(&self, p: &Puzzle, s: &State) -> Result<Verdict> {
        let want = reversed(&p.row);
        let problems = s
            .entered
            .chars()
            .zip(want.chars())
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, (a, b))| format!("position {}: {a} should be {b}", i + 1))
            .collect::<Vec<_>>();
        Ok(Verdict {
            solved: s.entered == want,
            complete: s.entered.len() == p.row.len(),
            problems,
            score: None,
        })
    }

    fn encode(&self, p: &Puzzle) -> String {
        format!("{} {}", p.shade, p.row)
    }

    fn decode(&self, text: &str) -> Result<Puzzle> {
        let (s, row) = text
            .trim()
            .split_once(' ')
            .ok_or_else(|| Error::puzzle("mirror text is '<SHADE> <digits>'"))?;
        Ok(Puzzle {
            shade: s.to_ascii_uppercase(),
            row: row.to_string(),
            answer: None,
        })
    }

    fn validate_state(&self, p: &Puzzle, s: &State) -> Result<()> {
        if s.entered.len() > p.row.len() || !s.entered.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Error::state(format!(
                "entered must be at most {} digits",
                p.row.len()
            )));
        }
        Ok(())
    }

    fn render_text(&self, p: &Puzzle, s: Option<&State>, show: bool) -> String {
        let mut out = format!("{}\n", p.row);
        if let Some(s) = s {
            out.push_str(&format!("{}\n", s.entered));
        }
        if show {
            out.push_str(&format!("{}\n", reversed(&p.row)));
        }
        out
    }
}

/// Mirror's one generator version: digits from core's RNG, the answer is the row reversed.
fn generate_g1(seed: u64, p: &Params) -> Result<Generated<Puzzle>> {
    let mut rng = Rng::from_seed(seed);
    let row: String = (0..p.pegs)
        .map(|_| char::from(b'0' + rng.below(10) as u8))
        .collect();
    Ok(Generated {
        puzzle: Puzzle {
            shade: if p.dark { "DARK" } else { "LIGHT" }.into(),
            answer: Some(reversed(&row)),
            row,
        },
        attempts: 1,
        fallback: None,
    })
}
