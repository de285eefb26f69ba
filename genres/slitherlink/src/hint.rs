//! Hints: a wrong mark first (a line not on the answer, a cross on it), else the easiest next
//! deduction from the player's marks, with the edges it decides and why.

use dayseed_core::{Budget, Count, Hint, HintKind, Result};
use serde_json::{Value, json};

use crate::check::verdict;
use crate::grid::Grid;
use crate::logic::Logic;
use crate::model::{OFF, ON, UNKNOWN};
use crate::solver::Solver;

/// Node budget of the searches a hint may run.
pub const HINT_NODES: u64 = 5_000_000;

fn edge_json(g: &Grid, e: usize, val: u8) -> Value {
    let (hor, r, c) = g.edge_pos(e);
    json!({
        "edge": if hor { "h" } else { "v" },
        "row": r,
        "col": c,
        "mark": if val == ON { "line" } else { "cross" },
    })
}

/// The hint for `marks` (edge states) on a puzzle with `clues`; `answer` is the stored solution
/// when known.
pub fn hint(g: &Grid, clues: &[i8], marks: &[u8], answer: Option<Vec<u8>>) -> Result<Hint> {
    let v = verdict(g, clues, marks);
    if v.solved {
        return Ok(Hint {
            kind: HintKind::Solved,
            technique: "solved".into(),
            message: "the loop is complete and every clue is met".into(),
            detail: json!({}),
        });
    }
    let answer = match answer {
        Some(a) => Some(a),
        None => {
            let mut budget = Budget::new(HINT_NODES);
            let out = Solver::new(g, clues).count(2, &mut budget);
            match out.count {
                Count::Exactly(1) => out.first,
                Count::BudgetExhausted => {
                    return Ok(Hint {
                        kind: HintKind::BudgetExhausted,
                        technique: "search".into(),
                        message: "the hint search ran out of its node budget".into(),
                        detail: json!({}),
                    });
                }
                _ => None,
            }
        }
    };
    if let Some(sol) = &answer
        && let Some(e) = (0..g.n_edges)
            .find(|&e| (marks[e] == ON && sol[e] != ON) || (marks[e] == OFF && sol[e] == ON))
    {
        let what = if marks[e] == ON { "line" } else { "cross" };
        return Ok(Hint {
            kind: HintKind::RemoveMark,
            technique: "wrong mark".into(),
            message: format!(
                "remove the {what} on {}: it is not part of the answer",
                g.edge_name(e)
            ),
            detail: json!({ "edges": [edge_json(g, e, marks[e])] }),
        });
    }
    let mut logic = Logic::with_states(g, clues, marks.to_vec());
    logic.trial_cap = Some(crate::grade::GRADE_TRIAL_WORK);
    if let Some(step) = logic.step(10) {
        let t = step.technique;
        let edges: Vec<Value> = step
            .decided
            .iter()
            .map(|&(e, val)| edge_json(g, e as usize, val))
            .collect();
        let names: Vec<String> = step
            .decided
            .iter()
            .map(|&(e, val)| {
                format!(
                    "{} {}",
                    if val == ON { "draw" } else { "cross" },
                    g.edge_name(e as usize)
                )
            })
            .collect();
        return Ok(Hint {
            kind: HintKind::Step,
            technique: t.name().into(),
            message: format!(
                "L{} {}: {}; {}",
                t.level(),
                t.name(),
                names.join(", "),
                t.why()
            ),
            detail: json!({ "level": t.level(), "edges": edges }),
        });
    }
    // No deduction found (or the puzzle has several answers): reveal one edge of an answer.
    let Some(sol) = answer else {
        return Ok(Hint {
            kind: HintKind::Step,
            technique: "none".into(),
            message: "no logical step found and the puzzle has no unique answer".into(),
            detail: json!({ "edges": [] }),
        });
    };
    let e = (0..g.n_edges).find(|&e| marks[e] == UNKNOWN).unwrap_or(0);
    let val = if sol[e] == ON { ON } else { OFF };
    Ok(Hint {
        kind: HintKind::Step,
        technique: "reveal".into(),
        message: format!(
            "no logical step found; from the answer: {} {}",
            if val == ON { "draw" } else { "cross" },
            g.edge_name(e)
        ),
        detail: json!({ "edges": [edge_json(g, e, val)] }),
    })
}
