//! `dayseed gen`: batch generation to JSON Lines, in seed order for any `--jobs`.

use std::io::Write;

use anyhow::{Context, Result};
use dayseed_core::{PuzzleId, Registry, Version};

use super::{Outcome, finish_progress, progress_bar};
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
    let (first, count) = match a.shard {
        Some((i, n)) => shard_range(a.count, i, n),
        None => (0, a.count),
    };
    let seed = a.seed + first;
    let bar = progress_bar(count, a.quiet);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut fallbacks = 0u64;
    let result = for_each_ordered(
        count,
        a.jobs,
        |i| {
            let id = PuzzleId::seeded(genre.name(), seed + i, &params, version);
            genre.generate(&id)
        },
        |i, record| -> Result<()> {
            let record = record.with_context(|| format!("generating seed {}", seed + i))?;
            // The same line as printing `to_flat_json` with the forms added, written directly.
            let forms = crate::interchange::model_forms(&record.model);
            record.write_flat_json(&forms, &mut out)?;
            out.write_all(b"\n")?;
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

/// The part `i` of `n` (1-based) of `count` items: `(offset, length)`. Parts are consecutive,
/// disjoint, cover `0..count` in order, and differ in length by at most one.
fn shard_range(count: u64, i: u64, n: u64) -> (u64, u64) {
    let at = |k: u64| (u128::from(count) * u128::from(k) / u128::from(n)) as u64;
    let (lo, hi) = (at(i - 1), at(i));
    (lo, hi - lo)
}

#[cfg(test)]
mod tests {
    use super::shard_range;

    #[test]
    fn shards_cover_the_range_in_order() {
        for count in [0u64, 1, 7, 100, 101] {
            for n in 1..=9u64 {
                let mut next = 0;
                for i in 1..=n {
                    let (lo, len) = shard_range(count, i, n);
                    assert_eq!(lo, next, "count {count} shard {i}/{n}");
                    assert!(len <= count / n + 1);
                    next = lo + len;
                }
                assert_eq!(next, count);
            }
        }
        assert_eq!(shard_range(u64::MAX, 2, 2).1, u64::MAX - u64::MAX / 2);
    }
}
