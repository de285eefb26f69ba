//! `dayseed hint` and `dayseed check`: a puzzle (by id or text) and a player's state.

use anyhow::{Context, Result};
use dayseed_core::{DynGenre, HintKind, Registry};
use serde_json::Value;

use super::Outcome;
use crate::args::StateArgs;
use crate::usage::{OrUsage, usage};

/// The largest state file read.
const MAX_STATE_BYTES: u64 = 1 << 20;

fn load(registry: &Registry, a: &StateArgs) -> Result<(&'static dyn DynGenre, Value, Value)> {
    let foreign = crate::interchange::foreign_genre(&a.puzzle)?;
    let (genre, puzzle) = if a.puzzle.contains(':') && a.genre.is_none() && foreign.is_none() {
        let (id, genre) = registry.parse_id(&a.puzzle)?;
        (genre, genre.generate(&id)?.puzzle)
    } else {
        let Some(name) = a.genre.as_deref().or(foreign) else {
            return Err(usage(format!(
                "'{}' is not an id; give --genre to read it as puzzle text",
                a.puzzle
            )));
        };
        let genre = registry.get(name).or_usage()?;
        let text = a.puzzle.replace("\\n", "\n");
        (genre, genre.decode(&text).context("reading the puzzle")?)
    };
    let state_text = match (&a.state, &a.state_file) {
        (Some(s), None) => s.clone(),
        (None, Some(path)) => crate::input::read_bounded(path, MAX_STATE_BYTES)?,
        _ => {
            return Err(usage(
                "give the player's state with --state TEXT or --state-file FILE",
            ));
        }
    };
    let state = genre
        .decode_state(&puzzle, state_text.trim())
        .context("reading the state")?;
    Ok((genre, puzzle, state))
}

pub fn hint(registry: &Registry, a: StateArgs) -> Result<Outcome> {
    let (genre, puzzle, state) = load(registry, &a)?;
    let hint = genre.hint(&puzzle, &state)?;
    if a.json {
        outln!("{}", serde_json::to_string(&hint)?);
    } else {
        let kind = match hint.kind {
            HintKind::Step => "step",
            HintKind::RemoveMark => "remove",
            HintKind::Solved => "solved",
            HintKind::BudgetExhausted => "no hint",
        };
        outln!("{kind}: {} — {}", hint.technique, hint.message);
    }
    Ok(Outcome::Success)
}

pub fn check(registry: &Registry, a: StateArgs) -> Result<Outcome> {
    let (genre, puzzle, state) = load(registry, &a)?;
    let verdict = genre.check(&puzzle, &state)?;
    if a.json {
        outln!("{}", serde_json::to_string(&verdict)?);
    } else if verdict.solved {
        outln!("solved");
    } else {
        outln!(
            "not solved ({})",
            if verdict.complete {
                "complete"
            } else {
                "incomplete"
            }
        );
        for p in &verdict.problems {
            outln!("- {p}");
        }
    }
    if let (false, Some(score)) = (a.json, &verdict.score) {
        // Arcade genres: the score the replay of the tape earned.
        outln!(
            "score: {} {} after {} ticks (tick hash {})",
            score.value,
            score.unit,
            score.ticks,
            score.tick_hash
        );
        if verdict.solved && !score.reason.is_empty() {
            outln!("ended: {}", score.reason);
        }
    }
    Ok(Outcome::Success)
}
