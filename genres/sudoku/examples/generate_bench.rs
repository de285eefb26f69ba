//! Generation speed for `bench/sudoku-generate.sh`: generates COUNT g1 boards at LEVEL from
//! consecutive seeds and prints the median and mean time per board, attempts and fallbacks.
//! With `--print`, prints each puzzle (81 characters) on stdout instead of timing lines only.
//!
//! `cargo run --release -p dayseed-sudoku --example generate_bench -- LEVEL COUNT [FIRST_SEED] [--print]`

use std::time::Instant;

use dayseed_sudoku::{Level, format, generate};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: generate_bench LEVEL COUNT [FIRST_SEED] [--print]";
    let level = Level::parse(args.get(1).ok_or(usage)?)?;
    let count: u64 = args.get(2).ok_or(usage)?.parse()?;
    let first: u64 = args
        .get(3)
        .filter(|a| *a != "--print")
        .map_or(Ok(0), |s| s.parse())?;
    let print = args.iter().any(|a| a == "--print");
    let mut times = Vec::new();
    let (mut attempts, mut fallbacks) = (0u64, 0u64);
    let mut clues = 0usize;
    for seed in first..first + count {
        let t = Instant::now();
        let g = generate::generate_g1(seed, level)?;
        times.push(t.elapsed().as_secs_f64());
        attempts += u64::from(g.attempts);
        fallbacks += u64::from(g.fallback.is_some());
        clues += g.puzzle.iter().filter(|&&v| v != 0).count();
        if print {
            println!("{}", format::encode_grid(&g.puzzle));
        }
    }
    let total: f64 = times.iter().sum();
    times.sort_by(f64::total_cmp);
    let n = times.len().max(1);
    eprintln!(
        "dayseed level={} puzzles={count} median_ms={:.3} mean_ms={:.3} attempts_per_puzzle={:.2} fallbacks={fallbacks} mean_clues={:.1}",
        level.name(),
        times.get(times.len() / 2).copied().unwrap_or(0.0) * 1e3,
        total / n as f64 * 1e3,
        attempts as f64 / n as f64,
        clues as f64 / n as f64,
    );
    Ok(())
}
