//! Generation speed for `bench/sudoku-generate.sh`: generates COUNT boards of the current
//! generator version (the registry's current one; `--version N` for another) at LEVEL from
//! consecutive seeds and prints the median and mean time per board, attempts and fallbacks.
//! With `--print`, prints each puzzle (81 characters) on stdout instead of timing lines only.
//!
//! `cargo run --release -p dayseed-sudoku --example generate_bench -- LEVEL COUNT [FIRST_SEED] [--print] [--version N]`

use std::time::Instant;

use dayseed_core::{DynGenre, Version};
use dayseed_sudoku::generator::GENERATORS;
use dayseed_sudoku::{GENRE, Level};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: generate_bench LEVEL COUNT [FIRST_SEED] [--print] [--version N]";
    let print = args.iter().any(|a| a == "--print");
    args.retain(|a| a != "--print");
    let mut version = GENRE.current_version();
    if let Some(k) = args.iter().position(|a| a == "--version") {
        let n: u32 = args.get(k + 1).ok_or(usage)?.parse()?;
        version = Version(n);
        args.drain(k..k + 2);
    }
    GENRE.check_version(version)?;
    let generator = GENERATORS
        .iter()
        .find(|g| g.version == version)
        .ok_or(usage)?;
    let level = Level::parse(args.first().ok_or(usage)?)?;
    let count: u64 = args.get(1).ok_or(usage)?.parse()?;
    let first: u64 = args.get(2).map_or(Ok(0), |s| s.parse())?;
    let mut times = Vec::new();
    let (mut attempts, mut fallbacks) = (0u64, 0u64);
    let mut clues = 0usize;
    for seed in first..first + count {
        let t = Instant::now();
        let g = (generator.generate)(seed, &level)?;
        times.push(t.elapsed().as_secs_f64());
        attempts += u64::from(g.attempts);
        fallbacks += u64::from(g.fallback.is_some());
        clues += g.puzzle.givens().iter().filter(|&&v| v != 0).count();
        if print {
            println!("{}", dayseed_sudoku::format::encode_grid(g.puzzle.givens()));
        }
    }
    let total: f64 = times.iter().sum();
    times.sort_by(f64::total_cmp);
    let n = times.len().max(1);
    eprintln!(
        "dayseed g{} level={} puzzles={count} median_ms={:.3} mean_ms={:.3} attempts_per_puzzle={:.2} fallbacks={fallbacks} mean_clues={:.1}",
        version.0,
        level.name(),
        times.get(times.len() / 2).copied().unwrap_or(0.0) * 1e3,
        total / n as f64 * 1e3,
        attempts as f64 / n as f64,
        clues as f64 / n as f64,
    );
    Ok(())
}
