//! The g1 generator: seeds, attempts on one RNG stream, uniqueness repair and the fallback.

use dayseed_core::seed::fnv1a32;
use dayseed_core::{Budget, Count, Error, ErrorKind, Mulberry32, Result, Source};

use crate::answer::{self, AnswerSet};
use crate::candidates::candidates;
use crate::difficulty::{Difficulty, Spec};
use crate::model::Model;
use crate::placement::place;
use crate::puzzle::{Puzzle, Star, to_cells};
use crate::solver::{SOLVE_BUDGET, solve};

/// Attempts (complete boards checked for uniqueness) per generation.
pub const ATTEMPTS: u32 = 30;
/// Placements drawn per attempt before giving up (never reached in practice).
pub const MAX_PLACEMENTS: u32 = 1000;
/// Repair steps per attempt: each kills the alternative solution found.
pub const REPAIRS: u32 = 60;
/// The count limit used to rank attempts when none is unique.
pub const FALLBACK_LIMIT: u64 = 64;

/// The 32-bit seed of a source: FNV-1a 32 of `starlink-daily-YYYY-MM-DD` (the UTC-calendar date
/// of the epoch day, whatever the day policy) or of `starlink-seed-<decimal seed>`.
pub fn seed32(source: &Source) -> Result<u32> {
    let text = match source {
        Source::Daily { epoch_day, .. } => {
            format!(
                "starlink-daily-{}",
                dayseed_core::day::format_date(*epoch_day)?
            )
        }
        Source::Seed(seed) => format!("starlink-seed-{seed}"),
    };
    Ok(fnv1a32(&text))
}

/// A generated board with its bookkeeping.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The board with answer, `unique` and `solutions`.
    pub puzzle: Puzzle,
    /// Attempts consumed (1 = the first was unique).
    pub attempts: u32,
    /// Set when no attempt was unique: what was delivered instead.
    pub fallback: Option<String>,
}

/// One complete board: the model (numbers set to the answer's degrees) and its answer.
struct Attempt {
    model: Model,
    answer: AnswerSet,
    count: Count,
}

/// Draws placements until one admits an answer.
fn draw(spec: &Spec, rng: &mut Mulberry32) -> Result<(Model, AnswerSet)> {
    for _ in 0..MAX_PLACEMENTS {
        let Some(placement) = place(spec, rng) else {
            continue;
        };
        let lines = candidates(&placement.points, &placement.gravity);
        let n = placement.points.len();
        let model = Model::new(placement.points, placement.gravity, vec![0; n], lines);
        if let Some(answer) = answer::build(&model, spec.extra_percent, rng) {
            return Ok((model, answer));
        }
    }
    Err(Error::new(
        ErrorKind::GenerationFailed,
        format!("no valid placement in {MAX_PLACEMENTS} draws"),
    ))
}

fn set_numbers(model: &mut Model, answer: &AnswerSet) {
    model.numbers = answer.degree.iter().map(|&d| d as u8).collect();
}

/// Counts solutions (limit 2) and, while there is a second one, changes the answer so that this
/// alternative dies: a random line that can be added to the answer and conflicts with a line of
/// the alternative is added (the alternative cannot take the new numbers at its stars); if there
/// is none, a random answer line outside the alternative whose removal keeps the answer valid is
/// removed. At most [`REPAIRS`] steps.
fn settle(model: &mut Model, answer: &mut AnswerSet, rng: &mut Mulberry32) -> Count {
    let mut step = 0;
    loop {
        set_numbers(model, answer);
        let out = solve(model, &[], 2, 2, &mut Budget::new(SOLVE_BUDGET));
        if matches!(out.count, Count::Exactly(_) | Count::BudgetExhausted) || step == REPAIRS {
            return out.count;
        }
        step += 1;
        let mine = answer.lines();
        let Some(alt) = out.solutions.iter().find(|s| **s != mine) else {
            return out.count;
        };
        let mut in_alt = vec![false; model.lines.len()];
        for &l in alt {
            in_alt[l as usize] = true;
        }
        // A line added to the answer must conflict with a line of the alternative, or the
        // alternative plus that line would solve the new numbers too.
        let addable: Vec<u32> = (0..model.lines.len() as u32)
            .filter(|&l| {
                answer.fits(model, l)
                    && model.conflicts[l as usize]
                        .iter()
                        .any(|&c| in_alt[c as usize])
            })
            .collect();
        if !addable.is_empty() {
            let l = addable[rng.below(addable.len() as u32) as usize];
            answer.take(model, l);
            continue;
        }
        let mut removable = Vec::new();
        for l in mine {
            if !in_alt[l as usize] {
                answer.drop_line(model, l);
                if answer.is_valid(model) {
                    removable.push(l);
                }
                answer.take(model, l);
            }
        }
        if removable.is_empty() {
            return out.count;
        }
        let l = removable[rng.below(removable.len() as u32) as usize];
        answer.drop_line(model, l);
    }
}

/// Rank of an attempt for the fallback: fewer solutions first, budget-exhausted last.
fn rank(count: Count) -> u64 {
    match count {
        Count::Exactly(n) | Count::AtLeast(n) => n,
        Count::BudgetExhausted => u64::MAX,
    }
}

fn to_puzzle(
    model: &Model,
    answer: &AnswerSet,
    spec: &Spec,
    difficulty: Difficulty,
    count: Count,
) -> Puzzle {
    Puzzle {
        width: spec.width,
        height: spec.height,
        difficulty,
        stars: model
            .points
            .iter()
            .enumerate()
            .map(|(i, p)| Star {
                x: to_cells(p.x),
                y: to_cells(p.y),
                number: u32::from(model.numbers[i]),
                gravity: model.gravity[i],
            })
            .collect(),
        candidates: model
            .lines
            .iter()
            .map(|l| l.stars().iter().map(|&s| u32::from(s)).collect())
            .collect(),
        solution: Some(answer.lines()),
        unique: Some(count.is_unique()),
        solutions: match count {
            Count::Exactly(n) | Count::AtLeast(n) => Some(n),
            Count::BudgetExhausted => None,
        },
    }
}

/// Generates the g1 board for a 32-bit seed and a difficulty.
///
/// Up to [`ATTEMPTS`] attempts run on one Mulberry32 stream seeded with `seed`; each draws a
/// placement and answer ([`draw`]), sets the numbers to the answer's degrees and repairs toward
/// uniqueness ([`settle`]). The first unique attempt is returned. If none is, every attempt is
/// counted again up to [`FALLBACK_LIMIT`] (budget [`SOLVE_BUDGET`]) and the one with the fewest
/// solutions is returned (budget-exhausted last, ties to the earlier attempt) with `unique: false`.
pub fn generate(seed: u32, difficulty: Difficulty) -> Result<Generated> {
    let spec = difficulty.spec();
    let mut rng = Mulberry32::new(seed);
    let mut tried: Vec<Attempt> = Vec::new();
    for attempt in 1..=ATTEMPTS {
        let (mut model, mut answer) = draw(&spec, &mut rng)?;
        let count = settle(&mut model, &mut answer, &mut rng);
        if count.is_unique() {
            return finish(
                to_puzzle(&model, &answer, &spec, difficulty, count),
                &model,
                attempt,
                None,
            );
        }
        tried.push(Attempt {
            model,
            answer,
            count,
        });
    }
    for a in &mut tried {
        a.count = solve(
            &a.model,
            &[],
            FALLBACK_LIMIT,
            0,
            &mut Budget::new(SOLVE_BUDGET),
        )
        .count;
    }
    let best = (0..tried.len())
        .min_by_key(|&i| (rank(tried[i].count), i))
        .ok_or_else(|| Error::new(ErrorKind::GenerationFailed, "no attempt was made"))?;
    let a = &tried[best];
    let note = match a.count {
        Count::Exactly(n) => format!(
            "no unique board in {ATTEMPTS} attempts; attempt {} has {n} solutions",
            best + 1
        ),
        Count::AtLeast(n) => format!(
            "no unique board in {ATTEMPTS} attempts; attempt {} has at least {n} solutions",
            best + 1
        ),
        Count::BudgetExhausted => format!(
            "no unique board in {ATTEMPTS} attempts; attempt {} could not be counted",
            best + 1
        ),
    };
    finish(
        to_puzzle(&a.model, &a.answer, &spec, difficulty, a.count),
        &a.model,
        ATTEMPTS,
        Some(note),
    )
}

/// Re-validates the answer by the rules before handing the board out.
fn finish(
    puzzle: Puzzle,
    model: &Model,
    attempts: u32,
    fallback: Option<String>,
) -> Result<Generated> {
    let answer = puzzle.solution.as_deref().unwrap_or_default();
    if !model.satisfies_rules(answer) {
        return Err(Error::new(
            ErrorKind::GenerationFailed,
            "internal error: the generated answer breaks the rules",
        ));
    }
    Ok(Generated {
        puzzle,
        attempts,
        fallback,
    })
}
