//! `dayseed gen`: batch generation to JSON Lines, in seed order for any `--jobs`.

use std::io::Write;

use anyhow::{Context, Result};
use dayseed_core::{PuzzleId, Registry, Version};

use super::{Outcome, finish_progress, print_json_line, progress_bar};
use crate::args::GenArgs;
use crate::ordered::for_each_ordered;
use crate::usage::{OrUsage, usage};

/// The most puzzles one run may ask for.
const MAX_COUNT: u64 = 100_000_000;

pub fn run(registry: &Registry, a: GenArgs) -> Result<Outcome> {
    let genre = registry.get(&a.genre).or_usage()?;
    let mut pairs: Vec<(String, String)> = a.flags.given.clone();
    pairs.extend(a.flags.named_params().map_err(usage)?);
    let params = match &a.flags.params {
        Some(p) if !pairs.is_empty() => {
            return Err(usage(format!(
                "--params {p} cannot be combined with --{}",
                pairs[0].0
            )));
        }
        Some(p) => genre.canonical_params(p).or_usage()?,
        None => {
            let borrowed: Vec<(&str, &str)> = pairs
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            genre.params_from_flags(&borrowed).or_usage()?
        }
    };
    let version = match &a.generator {
        Some(v) => v.parse::<Version>().or_usage()?,
        None => genre.current_version(),
    };
    if a.count > MAX_COUNT {
        return Err(usage(format!(
            "--count {} is more than the limit of {MAX_COUNT}",
            a.count
        )));
    }
    if a.seed.checked_add(a.count).is_none() {
        return Err(usage(format!(
            "--seed {} plus --count {} overflows 64 bits",
            a.seed, a.count
        )));
    }
    if !(1..=256).contains(&a.jobs) {
        return Err(usage("--jobs must be between 1 and 256"));
    }
    // Refuse an unknown or retired version before any work starts.
    genre.check_version(version).or_usage()?;
    let bar = progress_bar(a.count, a.quiet);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut fallbacks = 0u64;
    let result = for_each_ordered(
        a.count,
        a.jobs,
        |i| {
            let id = PuzzleId::seeded(genre.name(), a.seed + i, &params, version);
            genre.generate(&id)
        },
        |i, record| -> Result<()> {
            let record = record.with_context(|| format!("generating seed {}", a.seed + i))?;
            let mut flat = record.to_flat_json();
            crate::interchange::add_forms(genre.name(), &record.puzzle, &mut flat);
            print_json_line(&mut out, &flat)?;
            fallbacks += u64::from(record.fallback.is_some());
            bar.inc(1);
            Ok(())
        },
    );
    let extra = match fallbacks {
        0 => String::new(),
        1 => ", 1 fallback (see the record's \"fallback\" field)".to_string(),
        n => format!(", {n} fallbacks (see the records' \"fallback\" fields)"),
    };
    finish_progress(&bar, "puzzles", bar.position(), &extra);
    result?;
    out.flush()?;
    Ok(Outcome::Success)
}
