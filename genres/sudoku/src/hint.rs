//! Hints: a wrong entry is pointed at first; otherwise the grader's next logical step for the
//! player's position.

use dayseed_core::{Error, Hint, HintKind, Result};
use serde_json::json;

use crate::board::{Cells, cell_name};
use crate::logic;

/// The hint for a player whose `entries` (0 = empty) and optional `notes` sit on `givens`, whose
/// unique solution is `solution`.
pub fn hint(
    givens: &Cells,
    solution: &Cells,
    entries: &Cells,
    notes: Option<&[u16; 81]>,
) -> Result<Hint> {
    if let Some(i) =
        (0..81).find(|&i| givens[i] == 0 && entries[i] != 0 && entries[i] != solution[i])
    {
        let cell = cell_name(i);
        return Ok(Hint {
            kind: HintKind::RemoveMark,
            technique: "Wrong entry".into(),
            message: format!(
                "{cell}: {} does not belong here; remove it first",
                entries[i]
            ),
            detail: json!({ "cells": [cell], "remove": [{ "cell": cell, "digit": entries[i] }] }),
        });
    }
    if (0..81).all(|i| givens[i] != 0 || entries[i] != 0) {
        return Ok(Hint {
            kind: HintKind::Solved,
            technique: "Solved".into(),
            message: "The grid is complete and correct.".into(),
            detail: json!({}),
        });
    }
    if let Some(step) = logic::next_step(givens, entries, notes) {
        let names = |pairs: &[(u8, u8)]| -> Vec<serde_json::Value> {
            pairs
                .iter()
                .map(|&(c, d)| json!({ "cell": cell_name(usize::from(c)), "digit": d }))
                .collect()
        };
        return Ok(Hint {
            kind: HintKind::Step,
            technique: step.technique.to_string(),
            message: step.explanation.clone(),
            detail: json!({
                "level": step.level.name(),
                "cells": step.cells.iter().map(|&c| cell_name(usize::from(c))).collect::<Vec<_>>(),
                "placements": names(&step.placements),
                "eliminations": names(&step.eliminations),
            }),
        });
    }
    // The grader ends with trial, so this is not expected; reveal a cell rather than fail.
    let i = (0..81)
        .find(|&i| givens[i] == 0 && entries[i] == 0)
        .ok_or_else(|| Error::state("no empty cell to hint"))?;
    let cell = cell_name(i);
    Ok(Hint {
        kind: HintKind::Step,
        technique: "Reveal".into(),
        message: format!("No logical step was found; {cell} is {}", solution[i]),
        detail: json!({ "cells": [cell], "placements": [{ "cell": cell, "digit": solution[i] }], "eliminations": [] }),
    })
}
