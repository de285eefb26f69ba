//! A tiny genre for server tests: arrange 1..=n; the first cell is given.
//! Versions: g1 retired, g2 supported, g3 current (g3 reverses g2's order).

use dayseed_core::generator::day_or_number;
use dayseed_core::genre::{
    Capabilities, Genre, Hint, HintKind, SolveOptions, Verdict, VersionStatus,
};
use dayseed_core::{Error, Generated, Generator, Registered, Result, Rng, Version};
use dayseed_core::{Flag, Label, LabelSpec, Labels, SolveReport, SolveStatus};
use serde::{Deserialize, Serialize};

pub struct Toy;

pub static TOY: Registered<Toy> = Registered(Toy);

#[derive(Serialize, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    pub difficulty: String,
    pub cells: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    pub entries: String,
}

/// The toy board: digits 1..=n shuffled from the seed's stream (reversed when `reverse`), the
/// first one given.
fn board(seed: u64, params: &u32, reverse: bool) -> Result<Generated<Puzzle>> {
    if (SLOW_SEEDS..SLOW_SEEDS * 2).contains(&seed) {
        spend_nodes((seed - SLOW_SEEDS).saturating_mul(SLOW_NODES_PER_STEP))?;
    }
    let mut rng = Rng::from_seed(seed);
    let mut digits: Vec<u8> = (1..=*params as u8).collect();
    rng.shuffle(&mut digits);
    if reverse {
        digits.reverse();
    }
    let solution: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
    let cells: String = solution
        .chars()
        .enumerate()
        .map(|(i, c)| if i == 0 { c } else { '.' })
        .collect();
    let difficulty = if *params >= 9 { "HARD" } else { "EASY" }.to_string();
    Ok(Generated {
        puzzle: Puzzle {
            difficulty,
            cells,
            solution: Some(solution),
        },
        attempts: 1,
        fallback: None,
    })
}

static GENERATORS: [Generator<Toy>; 3] = [
    Generator {
        version: Version(1),
        status: VersionStatus::Retired,
        note: "first",
        seed: day_or_number,
        generate: |_, _| Err(Error::puzzle("a retired version never runs")),
    },
    Generator {
        version: Version(2),
        status: VersionStatus::Supported,
        note: "second",
        seed: day_or_number,
        generate: |seed, params| board(seed, params, false),
    },
    Generator {
        version: Version(3),
        status: VersionStatus::Current,
        note: "third",
        seed: day_or_number,
        generate: |seed, params| board(seed, params, true),
    },
];

impl Genre for Toy {
    const NAME: &'static str = "toy";
    const TITLE: &'static str = "Toy";
    type Params = u32;
    type Puzzle = Puzzle;
    type State = State;

    fn generators(&self) -> &'static [Generator<Toy>] {
        &GENERATORS
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            unique_solutions: false,
            hint: true,
            ..Capabilities::logic()
        }
    }

    fn parse_params(&self, text: &str) -> Result<u32> {
        text.strip_prefix('S')
            .and_then(|n| n.parse().ok())
            .filter(|n| (2..=9).contains(n))
            .ok_or_else(|| Error::params(format!("toy params '{text}' must be S2..S9")))
    }

    fn format_params(&self, params: &u32) -> String {
        format!("S{params}")
    }

    fn params_from_flags(&self, _flags: &[(&str, &str)]) -> Result<u32> {
        Ok(4)
    }

    fn daily_params(&self, difficulty: Option<&str>) -> Result<u32> {
        match difficulty {
            None | Some("EASY") => Ok(4),
            Some("HARD") => Ok(9),
            Some(other) => Err(Error::params(format!("unknown toy difficulty '{other}'"))),
        }
    }

    fn flags(&self) -> &'static [Flag] {
        &[]
    }

    fn label_specs(&self) -> &'static [LabelSpec] {
        const LABELS: &[LabelSpec] = &[LabelSpec::new(Label::Difficulty, "EASY or HARD")];
        LABELS
    }

    fn labels(&self, _params: &u32, p: &Puzzle) -> Labels {
        Labels {
            difficulty: Some(p.difficulty.clone()),
            size: None,
        }
    }

    fn validate(&self, p: &Puzzle) -> Result<()> {
        if p.cells.is_empty() || p.cells.len() > 9 {
            return Err(Error::puzzle("toy cells must be 1 to 9 long"));
        }
        Ok(())
    }

    fn canonical_content(&self, p: &Puzzle) -> String {
        format!(
            "{}\n{}\n{}",
            p.difficulty,
            p.cells,
            p.solution.clone().unwrap_or_default()
        )
    }

    fn without_solution(&self, p: &Puzzle) -> Puzzle {
        Puzzle {
            solution: None,
            ..p.clone()
        }
    }

    fn solve_report(&self, p: &Puzzle, _o: SolveOptions) -> Result<SolveReport> {
        let mut report = SolveReport::new(SolveStatus::Solved);
        if let Some(s) = &p.solution {
            report = report.with_solution(s.clone());
        }
        Ok(report)
    }

    fn hint(&self, p: &Puzzle, s: &State) -> Result<Hint> {
        let solved = self.check(p, s)?.solved;
        Ok(Hint {
            kind: if solved {
                HintKind::Solved
            } else {
                HintKind::Step
            },
            technique: "count".into(),
            message: "place the missing numbers".into(),
            detail: serde_json::json!({}),
        })
    }

    fn check(&self, p: &Puzzle, s: &State) -> Result<Verdict> {
        let n = p.cells.len();
        let complete = !s.entries.contains('.');
        let mut problems = Vec::new();
        for (i, (given, entry)) in p.cells.chars().zip(s.entries.chars()).enumerate() {
            if given != '.' && entry != given {
                problems.push(format!("cell {}: the given {given} was changed", i + 1));
            }
        }
        let mut seen: Vec<char> = s.entries.chars().filter(|c| *c != '.').collect();
        seen.sort_unstable();
        let before = seen.len();
        seen.dedup();
        if seen.len() != before {
            problems.push("a number is repeated".into());
        }
        if seen
            .iter()
            .any(|c| c.to_digit(10).is_none_or(|d| d == 0 || d as usize > n))
        {
            problems.push("a number is out of range".into());
        }
        Ok(Verdict {
            score: None,
            solved: complete && problems.is_empty(),
            complete,
            problems,
        })
    }

    fn encode(&self, p: &Puzzle) -> String {
        p.cells.clone()
    }

    fn decode(&self, text: &str) -> Result<Puzzle> {
        Ok(Puzzle {
            difficulty: "EASY".into(),
            cells: text.trim().into(),
            solution: None,
        })
    }

    fn validate_state(&self, p: &Puzzle, s: &State) -> Result<()> {
        if s.entries.chars().count() != p.cells.len() {
            return Err(Error::state(format!(
                "entries must have {} characters",
                p.cells.len()
            )));
        }
        Ok(())
    }

    fn render_text(&self, p: &Puzzle, _s: Option<&State>, _solution: bool) -> String {
        p.cells.clone()
    }
}

/// Seeds from here to twice this are slow boards: seed `SLOW_SEEDS + k` spends `k * SLOW_NODES_PER_STEP`
/// budget nodes before it is generated (an expensive id that the server's meter can stop).
pub const SLOW_SEEDS: u64 = 1_000_000;
/// Nodes per step of a slow seed.
pub const SLOW_NODES_PER_STEP: u64 = 10_000_000;

fn spend_nodes(nodes: u64) -> Result<()> {
    let mut budget = dayseed_core::Budget::new(nodes);
    while budget.spend() {}
    if budget.spent() < nodes {
        return Err(Error::new(
            dayseed_core::ErrorKind::BudgetExhausted,
            "toy: stopped by the meter",
        ));
    }
    Ok(())
}
