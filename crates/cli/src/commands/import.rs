//! `dayseed import`: verify and archive `dayseed gen` output.

use std::io::{BufRead, BufReader};

use anyhow::{Context, Result};

use super::Outcome;
use crate::args::ImportArgs;

pub fn run(a: ImportArgs) -> Result<Outcome> {
    let reader: Box<dyn BufRead> = if a.file.as_os_str() == "-" {
        Box::new(BufReader::new(std::io::stdin()))
    } else {
        let f = std::fs::File::open(&a.file)
            .with_context(|| format!("opening {}", a.file.display()))?;
        Box::new(BufReader::new(f))
    };
    let summary = dayseed_server::import_jsonl(&a.db, reader)?;
    for (line, why) in &summary.problems {
        eprintln!("dayseed: {}: line {line}: {why}", a.file.display());
    }
    println!(
        "{} lines: {} imported, {} already archived, {} rejected",
        summary.lines, summary.imported, summary.duplicates, summary.rejected
    );
    Ok(if summary.rejected > 0 {
        Outcome::PartialFailure
    } else {
        Outcome::Success
    })
}
