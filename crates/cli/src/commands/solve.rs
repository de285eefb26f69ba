//! `dayseed solve`: count solutions of puzzles from a file, one JSON line each; a bad record gets
//! an error on stderr naming it, and the run goes on.

use std::io::Write;

use anyhow::Result;
use dayseed_core::{Registry, SolveOptions};
use serde_json::Value;

use super::{Outcome, finish_progress, print_json_line, progress_bar};
use crate::args::SolveArgs;
use crate::input::{Record, Records};
use crate::ordered::for_each_ordered;
use crate::usage::{OrUsage, usage};

/// Records read ahead and solved together per batch.
const BATCH: usize = 4096;

pub fn run(registry: &Registry, a: SolveArgs) -> Result<Outcome> {
    let genre = registry.get(&a.genre).or_usage()?;
    if !(1..=256).contains(&a.jobs) {
        return Err(usage("--jobs must be between 1 and 256"));
    }
    let reader = crate::input::open(&a.file)?;
    let options = SolveOptions {
        grade: !a.no_grade,
        budget: a.budget,
    };
    let name = if a.file.as_os_str() == "-" {
        "stdin".to_string()
    } else {
        a.file.display().to_string()
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let bar = progress_bar(0, a.quiet);
    let mut failures = 0u64;
    let mut records = Records::new(reader, genre.capabilities().records);
    let mut read_error = None;
    loop {
        let mut batch: Vec<Record> = Vec::with_capacity(BATCH);
        for r in records.by_ref().take(BATCH) {
            match r {
                Ok(r) => batch.push(r),
                Err(e) => {
                    read_error = Some(e);
                    break;
                }
            }
        }
        if batch.is_empty() {
            break;
        }
        bar.inc_length(batch.len() as u64);
        let result = for_each_ordered(
            batch.len() as u64,
            a.jobs,
            |i| {
                let r = &batch[i as usize];
                genre
                    .decode(&r.text)
                    .and_then(|p| genre.solve_report(&p, options))
            },
            |i, report| -> Result<()> {
                let r = &batch[i as usize];
                match report {
                    Ok(report) => {
                        let mut report = report.to_json();
                        if let Value::Object(map) = &mut report {
                            map.insert("index".into(), Value::from(r.index));
                        }
                        print_json_line(&mut out, &report)?;
                    }
                    Err(e) => {
                        failures += 1;
                        out.flush()?;
                        eprintln!("dayseed: {name}: puzzle {} (line {}): {e}", r.index, r.line);
                    }
                }
                bar.inc(1);
                Ok(())
            },
        );
        result?;
        if read_error.is_some() {
            break;
        }
    }
    let extra = match failures {
        0 => String::new(),
        n => format!(", {n} unreadable"),
    };
    finish_progress(&bar, "puzzles", bar.position(), &extra);
    out.flush()?;
    if let Some(e) = read_error {
        return Err(e.context(format!("reading {name}")));
    }
    if failures > 0 {
        eprintln!("dayseed: {failures} puzzle(s) could not be read");
        return Ok(Outcome::PartialFailure);
    }
    Ok(Outcome::Success)
}
