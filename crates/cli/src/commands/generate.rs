//! `dayseed gen`: batch generation to JSON Lines, in seed order for any `--jobs`.

use std::io::Write;

use anyhow::{Context, Result, bail};
use dayseed_core::{PuzzleId, Registry, Version};

use super::{Outcome, print_json_line, progress_bar};
use crate::args::GenArgs;
use crate::ordered::for_each_ordered;

/// The most puzzles one run may ask for.
const MAX_COUNT: u64 = 100_000_000;

pub fn run(registry: &Registry, a: GenArgs) -> Result<Outcome> {
    let genre = registry.get(&a.genre)?;
    let mut pairs: Vec<(String, String)> = a
        .flags
        .pairs()
        .into_iter()
        .map(|(name, value)| (name.to_string(), value))
        .collect();
    pairs.extend(a.flags.named_params().map_err(anyhow::Error::msg)?);
    let params = match &a.flags.params {
        Some(p) if !pairs.is_empty() => {
            bail!("--params {p} cannot be combined with --{}", pairs[0].0)
        }
        Some(p) => genre.canonical_params(p)?,
        None => {
            let borrowed: Vec<(&str, &str)> = pairs
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            genre.params_from_flags(&borrowed)?
        }
    };
    let version = match &a.generator {
        Some(v) => v.parse::<Version>()?,
        None => genre.current_version(),
    };
    if a.count > MAX_COUNT {
        bail!("--count {} is more than the limit of {MAX_COUNT}", a.count);
    }
    if a.seed.checked_add(a.count).is_none() {
        bail!(
            "--seed {} plus --count {} overflows 64 bits",
            a.seed,
            a.count
        );
    }
    if !(1..=256).contains(&a.jobs) {
        bail!("--jobs must be between 1 and 256");
    }
    // Refuse an unknown or retired version before any work starts.
    genre.check_version(version)?;
    let bar = progress_bar(a.count, a.quiet);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = for_each_ordered(
        a.count,
        a.jobs,
        |i| {
            let id = PuzzleId::seeded(genre.name(), a.seed + i, &params, version);
            genre.generate(&id)
        },
        |i, record| -> Result<()> {
            let record = record.with_context(|| format!("generating seed {}", a.seed + i))?;
            print_json_line(&mut out, &record.to_flat_json())?;
            bar.inc(1);
            Ok(())
        },
    );
    bar.finish_and_clear();
    result?;
    out.flush()?;
    Ok(Outcome::Success)
}
