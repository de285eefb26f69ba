//! The g3 uniqueness repair: one targeted change per count.
//!
//! Each step counts the answer's numbers up to [`LIMIT`] solutions with the bit-set counter,
//! branching toward the answer ([`count_near`]), so a second solution found is one of those
//! closest to the answer. The solutions other than the answer are the *alternatives*. Options,
//! each scored by the alternatives it kills:
//! * drop an answer line whose removal keeps the answer valid (every star keeps a line, the
//!   lines stay joined, every gravity star keeps a bent line): it kills an alternative without
//!   that line (the alternative's degrees cannot drop to the new numbers by removing it);
//! * add a line that fits the answer ([`AnswerSet::fits`]): it kills an alternative that
//!   contains the line or a line the new line conflicts with (that alternative cannot reach the
//!   new numbers by adding the line).
//!
//! The best option is applied if it kills at least one alternative: most kills, then drops
//! before adds (the answer keeps the size the construction gave it), then, among adds, the one
//! conflicting with the fewest *free* lines (not in the answer, conflicting with none of it),
//! then the lower line index. A line changed in the last [`TENURE`] steps is not proposed. The
//! repair stops on a unique count, a budget-exhausted count, after [`STEPS`] steps, or when no
//! option kills.

use dayseed_core::{Budget, Count};

use super::answer::AnswerSet;
use super::bitsolver::{Compiled, count_near};
use super::solver::Outcome;
use crate::model::Model;

/// Repair steps per answer.
pub const STEPS: u32 = 40;
/// Solutions counted (and kept) per step; at most 32 (a bit mask per line).
pub const LIMIT: u64 = 2;
/// Node budget of one count.
pub const BUDGET: u64 = 150_000;
/// Steps during which a changed line is not proposed again.
pub const TENURE: u32 = 6;

fn set_numbers(model: &mut Model, answer: &AnswerSet) {
    model.numbers = answer.degree.iter().map(|&d| d as u8).collect();
}

fn count_answer(model: &mut Model, compiled: &Compiled, answer: &AnswerSet) -> Outcome {
    set_numbers(model, answer);
    let lines = answer.lines();
    count_near(
        compiled,
        &model.numbers,
        Some(&lines),
        LIMIT,
        LIMIT as usize,
        &mut Budget::new(BUDGET),
    )
}

/// True when the (valid) answer stays valid without its line `l`: the stars of `l` keep a line,
/// a gravity star `l` bends at keeps another bent line, and the other answer lines still join
/// every star (`taken`: each answer line with its star mask).
fn can_drop(model: &Model, answer: &AnswerSet, taken: &[(u32, u64)], l: u32) -> bool {
    let line = model.lines[l as usize];
    if line
        .stars()
        .iter()
        .any(|&s| answer.degree[usize::from(s)] < 2)
    {
        return false;
    }
    if let Some(g) = line.bend() {
        let other_bend = taken
            .iter()
            .any(|&(k, _)| k != l && model.lines[k as usize].bend() == Some(g));
        if !other_bend {
            return false;
        }
    }
    let all = u64::MAX >> (64 - model.stars());
    let mut reach = 1u64;
    loop {
        let before = reach;
        for &(k, t) in taken {
            if k != l && t & reach != 0 {
                reach |= t;
            }
        }
        if reach == before {
            return reach == all;
        }
    }
}

/// The best option of a step (see the module doc), if one kills an alternative.
fn best_option(
    model: &Model,
    answer: &mut AnswerSet,
    out: &Outcome,
    open: &[bool],
    touch: &[u64],
) -> Option<u32> {
    let mine = answer.lines();
    let taken: Vec<(u32, u64)> = mine.iter().map(|&l| (l, touch[l as usize])).collect();
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
    // Ranked by (kills, drop, u32::MAX - free lines hit), the highest first, then the lowest
    // line (lines are offered in ascending order within each kind, so a tie keeps the first).
    let mut best: Option<(u32, bool, u32, u32)> = None;
    let mut offer = |kills: u32, drop: bool, key: u32, l: u32| {
        if kills > 0 && best.is_none_or(|(k, d, s, _)| (kills, drop, key) > (k, d, s)) {
            best = Some((kills, drop, key, l));
        }
    };
    for l in 0..model.lines.len() as u32 {
        if open[l as usize] && answer.fits(model, l) {
            let conflicts = &model.conflicts[l as usize];
            let hit = conflicts
                .iter()
                .fold(in_alts[l as usize], |acc, &c| acc | in_alts[c as usize]);
            let freed = conflicts.iter().filter(|&&c| free[c as usize]).count() as u32;
            offer((hit & all).count_ones(), false, u32::MAX - freed, l);
        }
    }
    for &l in &mine {
        if open[l as usize] && can_drop(model, answer, &taken, l) {
            offer((all & !in_alts[l as usize]).count_ones(), true, 0, l);
        }
    }
    best.map(|(_, _, _, l)| l)
}

/// Repairs the answer toward unique numbers (see the module doc); returns the final count, with
/// `model.numbers` set to the answer's degrees. The model has at most 64 stars (as `compiled`).
pub fn settle(model: &mut Model, compiled: &Compiled, answer: &mut AnswerSet) -> Count {
    let touch: Vec<u64> = model
        .lines
        .iter()
        .map(|line| line.stars().iter().fold(0u64, |m, &s| m | 1 << s))
        .collect();
    // The step after which each line may be proposed again.
    let mut locked_until = vec![0u32; model.lines.len()];
    let mut out = count_answer(model, compiled, answer);
    for step in 1..=STEPS {
        if matches!(out.count, Count::Exactly(0 | 1) | Count::BudgetExhausted) {
            break;
        }
        let open: Vec<bool> = locked_until.iter().map(|&u| step > u).collect();
        let Some(l) = best_option(model, answer, &out, &open, &touch) else {
            break;
        };
        locked_until[l as usize] = step + TENURE;
        if answer.taken[l as usize] {
            answer.drop_line(model, l);
        } else {
            answer.take(model, l);
        }
        out = count_answer(model, compiled, answer);
    }
    set_numbers(model, answer);
    out.count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer;
    use crate::candidates::candidates;
    use crate::difficulty::Difficulty;
    use crate::placement::place;
    use dayseed_core::Mulberry32;

    /// Placements and answers of every difficulty, with their compiled boards.
    fn boards(per_level: u32) -> Vec<(Model, AnswerSet, Compiled)> {
        let mut out = Vec::new();
        for d in Difficulty::ALL {
            let spec = d.spec();
            for seed in 0..per_level {
                let mut rng = Mulberry32::new(seed);
                let Some(p) = place(&spec, &mut rng) else {
                    continue;
                };
                let lines = candidates(&p.points, &p.gravity);
                let n = p.points.len();
                let model = Model::new(p.points, p.gravity, vec![0; n], lines);
                if let Some(a) = answer::build(&model, spec.extra_percent, &mut rng) {
                    let c = Compiled::new(&model).expect("generator boards compile");
                    out.push((model, a, c));
                }
            }
        }
        out
    }

    #[test]
    fn can_drop_agrees_with_dropping_and_validating() {
        for (model, mut a, _) in boards(25) {
            let touch: Vec<u64> = model
                .lines
                .iter()
                .map(|line| line.stars().iter().fold(0u64, |m, &s| m | 1 << s))
                .collect();
            let mine = a.lines();
            let taken: Vec<(u32, u64)> = mine.iter().map(|&l| (l, touch[l as usize])).collect();
            for &l in &mine {
                let fast = can_drop(&model, &a, &taken, l);
                a.drop_line(&model, l);
                assert_eq!(fast, a.is_valid(&model), "line {l}");
                a.take(&model, l);
            }
        }
    }

    #[test]
    fn settle_returns_the_count_of_a_valid_answer() {
        for (mut model, mut a, c) in boards(10) {
            let got = settle(&mut model, &c, &mut a);
            assert!(a.is_valid(&model));
            let lines = a.lines();
            assert!(
                model.satisfies_rules(&lines),
                "the answer solves its numbers"
            );
            let want = crate::solver::solve(&model, &[], LIMIT, 0, &mut Budget::unlimited());
            assert_eq!(got, want.count);
        }
    }
}
