//! `dayseed genres`: what is registered.

use anyhow::Result;
use dayseed_core::registry::genre_summary;
use dayseed_core::{Capabilities, GenreKind, Registry};

use super::Outcome;

pub fn run(registry: &Registry, as_json: bool) -> Result<Outcome> {
    for g in registry.genres() {
        if as_json {
            outln!("{}", genre_summary(*g));
        } else {
            let versions: Vec<String> = g
                .versions()
                .iter()
                .map(|v| format!("{} ({:?})", v.version, v.status).to_lowercase())
                .collect();
            outln!(
                "{:<12} versions: {}; daily params: {}; {}",
                g.name(),
                versions.join(", "),
                g.daily_params(None)?,
                capabilities(&g.capabilities())
            );
        }
    }
    Ok(Outcome::Success)
}

/// The capabilities in words: `logic puzzle: unique solutions, count, grade, hint, svg`; a
/// capability the genre lacks is listed as `no ...`.
fn capabilities(c: &Capabilities) -> String {
    let kind = match c.kind {
        GenreKind::Logic => "logic puzzle",
        GenreKind::Arcade => "arcade level",
    };
    let flags = [
        (c.unique_solutions, "unique solutions"),
        (c.count_solutions, "count"),
        (c.grade, "grade"),
        (c.hint, "hint"),
        (c.svg, "svg"),
    ];
    let words: Vec<String> = flags
        .iter()
        .map(|&(has, name)| {
            if has {
                name.to_string()
            } else {
                format!("no {name}")
            }
        })
        .collect();
    format!("{kind}: {}", words.join(", "))
}
