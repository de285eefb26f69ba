//! `dayseed import`: verify and archive `dayseed gen` output.

use anyhow::Result;
use dayseed_core::Registry;

use super::Outcome;
use crate::args::ImportArgs;

pub fn run(a: ImportArgs, registry: &Registry) -> Result<Outcome> {
    let reader = crate::input::open(&a.file)?;
    let summary = dayseed_server::import_jsonl(&a.db, registry, reader)?;
    for (line, why) in &summary.problems {
        eprintln!("dayseed: {}: line {line}: {why}", a.file.display());
    }
    outln!(
        "{} lines: {} imported, {} already archived, {} rejected",
        summary.lines,
        summary.imported,
        summary.duplicates,
        summary.rejected
    );
    Ok(if summary.rejected > 0 {
        Outcome::PartialFailure
    } else {
        Outcome::Success
    })
}
