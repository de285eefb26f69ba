//! Hints: the next line to draw, or the drawn line to remove first. Node budget only.
//!
//! 1. If the drawn lines already satisfy the rules: solved.
//! 2. Search for a solution containing every drawn line (the solver with a must-include set). If
//!    there is one, hint a missing line of it: the first (lowest index) line that propagation
//!    from the drawn lines forces, else the first line of that solution not drawn yet.
//! 3. Otherwise the drawn lines contradict every solution: the first drawn line (in drawing order)
//!    that belongs to no solution at all is to be removed; if each is possible alone, the drawn
//!    lines are added to the must-include set in drawing order and the first one that makes it
//!    impossible is to be removed.
//!
//! All searches share one budget of [`HINT_BUDGET`] nodes; when it runs out the hint says so
//! and offers no guess. A line is only ever to be removed when no solution contains all drawn
//! lines, so a hint never removes a line that lies in a solution with all the other drawn lines.

use dayseed_core::{Budget, Count, Error, Hint, HintKind, Result};
use serde_json::json;

use crate::model::Model;
use crate::solver::{propagate_from, solve};

/// The node budget of one hint (as in the original game).
pub const HINT_BUDGET: u64 = 40_000;

fn exhausted() -> Hint {
    Hint {
        kind: HintKind::BudgetExhausted,
        technique: "search".into(),
        message: format!("no hint found within {HINT_BUDGET} search nodes"),
        detail: json!({}),
    }
}

fn stars_of(model: &Model, l: u32) -> Vec<u16> {
    model.lines[l as usize].stars().to_vec()
}

fn remove(model: &Model, l: u32, technique: &str, why: &str) -> Hint {
    Hint {
        kind: HintKind::RemoveMark,
        technique: technique.into(),
        message: format!("remove line {l} ({}): {why}", describe(model, l)),
        detail: json!({"action": "remove", "line": l, "stars": stars_of(model, l)}),
    }
}

/// `stars 3-7` or `stars 3-5-7 (bent at 5)`.
pub fn describe(model: &Model, l: u32) -> String {
    let line = &model.lines[l as usize];
    let names: Vec<String> = line.stars().iter().map(|s| s.to_string()).collect();
    match line.bend() {
        Some(g) => format!("stars {} (bent at {g})", names.join("-")),
        None => format!("stars {}", names.join("-")),
    }
}

/// The hint for the drawn lines `placed` (distinct, valid indices, in drawing order); an error
/// when the puzzle itself has no solution.
pub fn hint(model: &Model, placed: &[u32]) -> Result<Hint> {
    if model.satisfies_rules(placed) {
        return Ok(Hint {
            kind: HintKind::Solved,
            technique: "rules".into(),
            message: "every star has its number of lines, none cross, all are joined".into(),
            detail: json!({}),
        });
    }
    let mut budget = Budget::new(HINT_BUDGET);
    let out = solve(model, placed, 1, 1, &mut budget);
    match out.count {
        Count::BudgetExhausted => return Ok(exhausted()),
        Count::Exactly(0) => {}
        _ => {
            let mut drawn = vec![false; model.lines.len()];
            for &l in placed {
                drawn[l as usize] = true;
            }
            let forced = propagate_from(model, placed).unwrap_or_default();
            let (line, technique, why) = match forced.iter().find(|&&l| !drawn[l as usize]) {
                Some(&l) => (l, "propagation", "the stars' numbers force it"),
                None => {
                    let Some(&l) = out
                        .solutions
                        .first()
                        .and_then(|s| s.iter().find(|&&l| !drawn[l as usize]))
                    else {
                        return Ok(exhausted());
                    };
                    (l, "search", "a solution with all your lines uses it")
                }
            };
            return Ok(Hint {
                kind: HintKind::Step,
                technique: technique.into(),
                message: format!("draw line {line} ({}): {why}", describe(model, line)),
                detail: json!({"action": "add", "line": line, "stars": stars_of(model, line)}),
            });
        }
    }
    for &l in placed {
        match solve(model, &[l], 1, 0, &mut budget).count {
            Count::BudgetExhausted => return Ok(exhausted()),
            Count::Exactly(0) => {
                return Ok(remove(model, l, "impossible line", "it is in no solution"));
            }
            _ => {}
        }
    }
    for k in 1..=placed.len() {
        match solve(model, &placed[..k], 1, 0, &mut budget).count {
            Count::BudgetExhausted => return Ok(exhausted()),
            Count::Exactly(0) => {
                return Ok(remove(
                    model,
                    placed[k - 1],
                    "incompatible lines",
                    "it cannot be in a solution together with the lines drawn before it",
                ));
            }
            _ => {}
        }
    }
    Err(Error::puzzle(
        "this puzzle has no solution, so there is no hint",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::tests::{brute_force, small_model};
    use dayseed_core::Mulberry32;

    #[test]
    fn hints_never_remove_a_line_consistent_with_the_others() {
        let mut removals = 0;
        let mut steps = 0;
        for seed in 0..300u32 {
            let model = small_model(seed);
            let mut rng = Mulberry32::new(seed ^ 0xABCD);
            let solutions = brute_force(&model, &[]);
            let pool: Vec<u32> = match solutions.first() {
                Some(s) if seed % 2 == 0 => s.clone(),
                _ => (0..model.lines.len() as u32).collect(),
            };
            let mut placed: Vec<u32> = pool.into_iter().filter(|_| rng.below(3) == 0).collect();
            rng.shuffle(&mut placed);
            let Ok(h) = hint(&model, &placed) else {
                assert!(solutions.is_empty(), "seed {seed}");
                continue;
            };
            let line = h
                .detail
                .get("line")
                .and_then(|v| v.as_u64())
                .map(|v| v as u32);
            match h.kind {
                HintKind::RemoveMark => {
                    removals += 1;
                    let l = line.expect("a line to remove");
                    assert!(placed.contains(&l));
                    let others: Vec<u32> = placed.iter().copied().filter(|&x| x != l).collect();
                    let with_l = brute_force(&model, &others)
                        .into_iter()
                        .any(|s| s.contains(&l));
                    assert!(
                        !with_l,
                        "seed {seed}: removed line {l} lies in a consistent solution"
                    );
                }
                HintKind::Step => {
                    steps += 1;
                    let l = line.expect("a line to add");
                    let mut all = placed.clone();
                    all.push(l);
                    assert!(!brute_force(&model, &all).is_empty(), "seed {seed}");
                }
                HintKind::Solved => assert!(model.satisfies_rules(&placed)),
                HintKind::BudgetExhausted => panic!("tiny boards fit the budget"),
            }
        }
        assert!(
            removals > 20 && steps > 20,
            "removals {removals}, steps {steps}"
        );
    }
}
