//! `dayseed show`: regenerate a puzzle from its id alone and draw it, or draw a board brought from
//! elsewhere (a puzz.link URL, a Simon Tatham game id, or our text form with `--genre`).

use anyhow::{Context, Result};
use dayseed_core::{Budget, Count, DynGenre, Registry};
use serde_json::Value;

use super::{Outcome, print_board, strip_solution};
use crate::args::ShowArgs;
use crate::usage::{OrUsage, usage};

/// The node budget spent telling whether a foreign board has one solution.
const UNIQUENESS_BUDGET: u64 = 10_000_000;

pub fn run(registry: &Registry, a: ShowArgs) -> Result<Outcome> {
    let foreign = crate::interchange::foreign_genre(&a.id)?;
    if let Some(name) = a.genre.as_deref().or(foreign) {
        return show_board(registry.get(name).or_usage()?, &a);
    }
    let (id, genre) = registry.parse_id(&a.id)?;
    let mut record = genre.generate(&id)?;
    if let Some(path) = &a.svg {
        let svg = genre.render_svg(&record.puzzle, a.solution)?;
        std::fs::write(path, svg).with_context(|| format!("writing {}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    if a.json {
        strip_solution(registry, &mut record, a.solution)?;
        let mut flat = record.to_flat_json();
        crate::interchange::add_forms(genre.name(), &record.puzzle, &mut flat);
        outln!("{flat}");
        return Ok(Outcome::Success);
    }
    print_board(genre, &record, None, a.solution)?;
    print_forms(genre, &record.puzzle)?;
    Ok(Outcome::Success)
}

/// Draws a board that has no id: its genre's reading of the text, whether it has exactly one
/// solution, and its forms for other players.
fn show_board(genre: &dyn DynGenre, a: &ShowArgs) -> Result<Outcome> {
    if a.solution {
        return Err(usage(format!(
            "--solution needs a puzzle id; for a board given as text use `dayseed solve {}`",
            genre.name()
        )));
    }
    let text = a.id.replace("\\n", "\n");
    let puzzle = genre.decode(&text).context("reading the board")?;
    if let Some(path) = &a.svg {
        let svg = genre.render_svg(&puzzle, false)?;
        std::fs::write(path, svg).with_context(|| format!("writing {}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    let solutions = match genre.count_solutions(&puzzle, 2, &mut Budget::new(UNIQUENESS_BUDGET))? {
        Count::Exactly(0) => "none (this board cannot be solved)".to_string(),
        Count::Exactly(1) => "exactly one".to_string(),
        Count::Exactly(n) | Count::AtLeast(n) => format!("{n} or more (not a fair puzzle)"),
        Count::BudgetExhausted => {
            format!("not settled within {UNIQUENESS_BUDGET} search nodes")
        }
    };
    if a.json {
        let mut flat = serde_json::json!({"genre": genre.name(), "puzzle": puzzle});
        crate::interchange::add_forms(genre.name(), &puzzle, &mut flat);
        outln!("{flat}");
        return Ok(Outcome::Success);
    }
    outln!("{} board", genre.name());
    outln!();
    outln!("{}", genre.render_text(&puzzle, None, false)?);
    outln!("solutions:  {solutions}");
    print_forms(genre, &puzzle)?;
    Ok(Outcome::Success)
}

fn print_forms(genre: &dyn DynGenre, puzzle: &Value) -> Result<()> {
    for (name, form) in crate::interchange::forms(genre.name(), puzzle) {
        let label = if name == "puzzlink" {
            "puzz.link:"
        } else {
            "tatham:"
        };
        outln!("{label:<12}{form}");
    }
    Ok(())
}
