//! `dayseed show`: regenerate a puzzle from its id alone and draw it.

use anyhow::{Context, Result};
use dayseed_core::Registry;

use super::{Outcome, print_board, strip_solution};
use crate::args::ShowArgs;

pub fn run(registry: &Registry, a: ShowArgs) -> Result<Outcome> {
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
    if let Some((link, tatham)) = crate::interchange::forms(genre.name(), &record.puzzle) {
        outln!("puzz.link:  {link}");
        outln!("tatham:     {tatham}");
    }
    Ok(Outcome::Success)
}
