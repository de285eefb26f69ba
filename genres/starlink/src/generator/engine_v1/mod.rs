//! The procedure the starlink generator versions share: seeds, attempts on one RNG stream,
//! uniqueness repair and the fallback. What differs between versions is data each version
//! module owns (its [`Plan`], in [`crate::generator`]); nothing here tests a version number.

pub mod answer;
pub mod bitsolver;
pub mod placement;
pub mod repair;
pub mod solver;

use dayseed_core::seed::fnv1a32;
use dayseed_core::{Budget, Count, Error, ErrorKind, Generated, Mulberry32, Result, Source};

use self::answer::AnswerSet;
use self::bitsolver::Compiled;
use self::placement::place;
use self::solver::{SOLVE_BUDGET, solve};
use crate::candidates::candidates;
use crate::difficulty::{Difficulty, Spec};
use crate::model::Model;
use crate::puzzle::{Puzzle, Star, to_cells};

/// Attempts (placements) per generation.
pub const ATTEMPTS: u32 = 30;

/// What a generator version chooses: its module owns one of these.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// Answers tried on one placement: when the repaired answer is not unique, up to
    /// `answers - 1` more are drawn (same stream) on the same placement before a new placement.
    pub answers: u32,
    /// The repair and the solution counter.
    pub counter: Counter,
}

/// The repair and counter a version uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counter {
    /// `settle` here, counting with [`self::solver`] (g1, g2).
    Lines,
    /// [`repair::settle`], counting with the bit-set counter of [`self::bitsolver`] (g3).
    Bits,
}
/// Placements drawn per attempt before giving up (never reached in practice).
pub const MAX_PLACEMENTS: u32 = 1000;
/// Repair steps per attempt: each kills the alternative solution found.
pub const REPAIRS: u32 = 30;
/// Solutions counted (and kept) per repair step; at most 32 (a bit mask per line).
pub const REPAIR_LIMIT: u64 = 16;
/// Lines proposed for adding per repair step.
pub const ADD_OPTIONS: usize = 5;
/// Lines proposed for removal per repair step.
pub const DROP_OPTIONS: usize = 3;
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

/// [`seed32`] as the registry's seed derivation (the record's `seed` is the 32-bit value).
pub fn seed(source: &Source) -> Result<u64> {
    seed32(source).map(u64::from)
}

/// Runs [`generate`] for a seed from [`seed`] (which always fits 32 bits).
pub fn generate_with(seed: u64, difficulty: Difficulty, plan: &Plan) -> Result<Generated<Puzzle>> {
    let seed = u32::try_from(seed).map_err(|_| {
        Error::new(
            ErrorKind::GenerationFailed,
            format!("starlink seeds are 32-bit; {seed} is not"),
        )
    })?;
    generate(seed, difficulty, plan)
}

/// One complete board: the model (numbers set to the answer's degrees) and its answer.
struct Attempt {
    model: Model,
    answer: AnswerSet,
    count: Count,
    /// The attempt (placement) number, from 1.
    attempt: u32,
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

/// The options with the highest positive scores, best first (ties in ascending line order),
/// at most `n` of them.
fn best(mut options: Vec<(u32, u32)>, n: usize) -> Vec<u32> {
    options.retain(|&(_, s)| s > 0);
    options.sort_by_key(|&(l, s)| (std::cmp::Reverse(s), l));
    options.into_iter().take(n).map(|(l, _)| l).collect()
}

/// A change to the answer tried by the repair.
#[derive(Debug, Clone, Copy)]
enum Change {
    Add(u32),
    Drop(u32),
}

fn apply(model: &Model, answer: &mut AnswerSet, change: Change) {
    match change {
        Change::Add(l) => answer.take(model, l),
        Change::Drop(l) => answer.drop_line(model, l),
    }
}

fn revert(model: &Model, answer: &mut AnswerSet, change: Change) {
    match change {
        Change::Add(l) => answer.drop_line(model, l),
        Change::Drop(l) => answer.take(model, l),
    }
}

/// Makes the answer's numbers unique by targeted changes, at most [`REPAIRS`] steps.
///
/// Each step counts solutions up to [`REPAIR_LIMIT`], keeping them. While other solutions (the
/// alternatives) exist, it proposes changes:
/// * up to [`ADD_OPTIONS`] lines that can be added to the answer ([`AnswerSet::fits`]), scored by
///   the number of alternatives containing a line they conflict with (those alternatives cannot
///   take the new numbers);
/// * up to [`DROP_OPTIONS`] answer lines whose removal keeps the answer valid, scored by the
///   number of alternatives not containing them (their degrees cannot drop to the new numbers);
///
/// (best scores first, ties to the lower line index, adds before drops). If none scores: up to
/// [`ADD_OPTIONS`] lines that can be added, scored by 1 + the number of free lines (not in the
/// answer, conflicting with none of it) they conflict with, then up to [`DROP_OPTIONS`] valid
/// drops (lowest line indices). It counts the solutions after each proposal and keeps the one
/// with the fewest (budget-exhausted last, ties to the earlier proposal; a later proposal's count
/// stops at the best so far, and a unique count ends the round). A line changed once is not
/// proposed again in the same attempt. With no proposal the attempt ends non-unique.
fn settle(model: &mut Model, answer: &mut AnswerSet) -> Count {
    let mut step = 0;
    let keep = REPAIR_LIMIT as usize;
    let mut touched = vec![false; model.lines.len()];
    set_numbers(model, answer);
    let mut out = solve(
        model,
        &[],
        REPAIR_LIMIT,
        keep,
        &mut Budget::new(SOLVE_BUDGET),
    );
    loop {
        if matches!(out.count, Count::Exactly(0 | 1) | Count::BudgetExhausted) || step == REPAIRS {
            return out.count;
        }
        step += 1;
        let mine = answer.lines();
        // Bit k of in_alts[l]: alternative k contains line l.
        let mut in_alts = vec![0u32; model.lines.len()];
        let mut all = 0u32;
        for (k, alt) in out.solutions.iter().filter(|s| **s != mine).enumerate() {
            all |= 1 << k;
            for &l in alt {
                in_alts[l as usize] |= 1 << k;
            }
        }
        let free: Vec<bool> = (0..model.lines.len())
            .map(|l| !answer.taken[l] && answer.blocked[l] == 0)
            .collect();
        let mut adds = Vec::new();
        let mut fillers = Vec::new();
        for l in 0..model.lines.len() as u32 {
            if !touched[l as usize] && answer.fits(model, l) {
                let conflicts = &model.conflicts[l as usize];
                let hit = conflicts
                    .iter()
                    .fold(0u32, |acc, &c| acc | in_alts[c as usize]);
                adds.push((l, hit.count_ones()));
                let freed = conflicts.iter().filter(|&&c| free[c as usize]).count();
                fillers.push((l, 1 + freed as u32));
            }
        }
        let mut drops = Vec::new();
        for &l in mine.iter().filter(|&&l| !touched[l as usize]) {
            answer.drop_line(model, l);
            if answer.is_valid(model) {
                drops.push((l, (all & !in_alts[l as usize]).count_ones()));
            }
            answer.take(model, l);
        }
        let mut proposals: Vec<Change> = best(adds, ADD_OPTIONS)
            .into_iter()
            .map(Change::Add)
            .chain(
                best(drops.clone(), DROP_OPTIONS)
                    .into_iter()
                    .map(Change::Drop),
            )
            .collect();
        if proposals.is_empty() {
            let any_drop = drops.iter().map(|&(l, _)| (l, 1)).collect();
            proposals = best(fillers, ADD_OPTIONS)
                .into_iter()
                .map(Change::Add)
                .chain(best(any_drop, DROP_OPTIONS).into_iter().map(Change::Drop))
                .collect();
        }
        let mut chosen: Option<(u64, Change, self::solver::Outcome)> = None;
        for change in proposals {
            // Only a count below the best so far can win (ties go to the earlier proposal), so
            // the count may stop there; nothing beats a unique count.
            let limit = match &chosen {
                None => REPAIR_LIMIT,
                Some((1, _, _)) => break,
                Some((best, _, _)) => (*best).min(REPAIR_LIMIT),
            };
            apply(model, answer, change);
            set_numbers(model, answer);
            let o = solve(model, &[], limit, keep, &mut Budget::new(SOLVE_BUDGET));
            revert(model, answer, change);
            let r = rank(o.count);
            if chosen.as_ref().is_none_or(|(b, _, _)| r < *b) {
                chosen = Some((r, change, o));
            }
        }
        let Some((_, change, o)) = chosen else {
            set_numbers(model, answer);
            return out.count;
        };
        apply(model, answer, change);
        let (Change::Add(l) | Change::Drop(l)) = change;
        touched[l as usize] = true;
        set_numbers(model, answer);
        out = o;
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
    let mut puzzle = Puzzle::new(
        spec.width,
        spec.height,
        difficulty,
        model
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
        model
            .lines
            .iter()
            .map(|l| l.stars().iter().map(|&s| u32::from(s)).collect())
            .collect(),
    );
    puzzle.solution = Some(answer.lines());
    puzzle.unique = Some(count.is_unique());
    puzzle.solutions = match count {
        Count::Exactly(n) | Count::AtLeast(n) => Some(n),
        Count::BudgetExhausted => None,
    };
    puzzle
}

/// Generates the board of a generator version for a 32-bit seed and a difficulty.
///
/// Up to [`ATTEMPTS`] attempts run on one Mulberry32 stream seeded with `seed`; each draws a
/// placement and answer (`draw`), sets the numbers to the answer's degrees and repairs toward
/// uniqueness (`settle`, or [`repair::settle`] with the bit-set counter, as the plan's
/// [`Counter`] says); a placement whose repaired answer is not unique gets up to
/// `plan.answers - 1` more answers. The first unique board is returned. If none is, every board tried
/// is counted again up to [`FALLBACK_LIMIT`] (budget [`SOLVE_BUDGET`]) and the one with the fewest
/// solutions is returned (budget-exhausted last, ties to the earlier) with `unique: false`.
pub fn generate(seed: u32, difficulty: Difficulty, plan: &Plan) -> Result<Generated<Puzzle>> {
    let answers = plan.answers;
    let spec = difficulty.spec();
    let mut rng = Mulberry32::new(seed);
    let mut tried: Vec<Attempt> = Vec::new();
    for attempt in 1..=ATTEMPTS {
        let (base, first) = draw(&spec, &mut rng)?;
        let compiled = if plan.counter == Counter::Bits {
            Some(Compiled::new(&base).ok_or_else(|| {
                Error::new(
                    ErrorKind::GenerationFailed,
                    "internal error: the board is too large for the g3 counter",
                )
            })?)
        } else {
            None
        };
        let mut first = Some(first);
        for _ in 0..answers {
            let answer = match first.take() {
                Some(a) => Some(a),
                None => answer::build(&base, spec.extra_percent, &mut rng),
            };
            let Some(mut answer) = answer else {
                continue;
            };
            let mut model = base.clone();
            let count = match &compiled {
                Some(c) => repair::settle(&mut model, c, &mut answer),
                None => settle(&mut model, &mut answer),
            };
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
                attempt,
            });
        }
    }
    for a in &mut tried {
        let mut budget = Budget::new(SOLVE_BUDGET);
        a.count = match Compiled::new(&a.model).filter(|_| plan.counter == Counter::Bits) {
            Some(c) => bitsolver::count(&c, &a.model.numbers, FALLBACK_LIMIT, 0, &mut budget),
            None => solve(&a.model, &[], FALLBACK_LIMIT, 0, &mut budget),
        }
        .count;
    }
    let best = (0..tried.len())
        .min_by_key(|&i| (rank(tried[i].count), i))
        .ok_or_else(|| Error::new(ErrorKind::GenerationFailed, "no attempt was made"))?;
    let a = &tried[best];
    let note = match a.count {
        Count::Exactly(n) => format!(
            "no unique board in {ATTEMPTS} attempts; attempt {} has {n} solutions",
            a.attempt
        ),
        Count::AtLeast(n) => format!(
            "no unique board in {ATTEMPTS} attempts; attempt {} has at least {n} solutions",
            a.attempt
        ),
        Count::BudgetExhausted => format!(
            "no unique board in {ATTEMPTS} attempts; attempt {} could not be counted",
            a.attempt
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
) -> Result<Generated<Puzzle>> {
    let answer = puzzle.solution.as_deref().unwrap_or(&[]);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::{g2, g3};

    /// Generates `seeds` boards and checks each: answer satisfies the rules, the numbers are its
    /// degrees, the board is unique (and re-counted unique by the solver), all deterministic.
    fn check_level(difficulty: Difficulty, seeds: u64, plan: &Plan) {
        let mut fallbacks = Vec::new();
        for s in 0..seeds {
            let seed = seed32(&Source::Seed(s)).unwrap();
            let g = generate(seed, difficulty, plan).unwrap();
            let p = &g.puzzle;
            p.validate().unwrap();
            let model = p.model();
            let answer = p.solution.clone().unwrap();
            assert!(model.satisfies_rules(&answer), "seed {s}");
            assert!(
                p.stars()
                    .iter()
                    .all(|st| st.number >= 1 && st.number <= answer::MAX_NUMBER)
            );
            if g.puzzle.unique == Some(true) {
                let recount = solve(model, &[], 2, 0, &mut Budget::new(SOLVE_BUDGET)).count;
                assert_eq!(recount, Count::Exactly(1), "seed {s}");
                assert!(g.fallback.is_none());
            } else {
                fallbacks.push(s);
            }
        }
        assert!(
            fallbacks.is_empty(),
            "{difficulty:?}: non-unique seeds {fallbacks:?}"
        );
    }

    #[test]
    fn easy_boards_are_unique() {
        check_level(Difficulty::Easy, 300, &g2::PLAN);
        check_level(Difficulty::Easy, 600, &g3::PLAN);
    }

    #[test]
    fn normal_boards_are_unique() {
        check_level(Difficulty::Normal, 300, &g2::PLAN);
        check_level(Difficulty::Normal, 600, &g3::PLAN);
    }

    #[test]
    fn hard_boards_are_unique() {
        check_level(Difficulty::Hard, 200, &g2::PLAN);
        check_level(Difficulty::Hard, 400, &g3::PLAN);
    }

    #[test]
    fn expert_boards_are_unique() {
        check_level(Difficulty::Expert, 120, &g2::PLAN);
        check_level(Difficulty::Expert, 300, &g3::PLAN);
    }

    #[test]
    fn generation_is_deterministic_and_seeds_are_documented() {
        for plan in [&g2::PLAN, &g3::PLAN] {
            let a = generate(7, Difficulty::Expert, plan).unwrap();
            let b = generate(7, Difficulty::Expert, plan).unwrap();
            assert_eq!(a.puzzle, b.puzzle);
            assert_eq!(a.attempts, b.attempts);
        }
        assert_eq!(
            seed32(&Source::Seed(42)).unwrap(),
            fnv1a32("starlink-seed-42")
        );
        let daily = Source::Daily {
            policy: dayseed_core::DayPolicy::UtcV1,
            epoch_day: 20671,
        };
        let local = Source::Daily {
            policy: dayseed_core::DayPolicy::DeviceLocalV1,
            epoch_day: 20671,
        };
        assert_eq!(
            seed32(&daily).unwrap(),
            fnv1a32("starlink-daily-2026-08-06")
        );
        assert_eq!(seed32(&daily).unwrap(), seed32(&local).unwrap());
    }
}
