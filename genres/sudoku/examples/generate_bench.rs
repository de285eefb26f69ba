//! Generation speed for `bench/sudoku-generate.sh`: generates COUNT boards of the current
//! generator version (the registry's current one; `--version N` for another) at LEVEL from
//! consecutive seeds and prints the median and mean time per board, attempts and fallbacks.
//! With `--print`, prints each puzzle (81 characters) on stdout instead of timing lines only.
//! With `--grades`, also grades every board afresh with today's ladder (`LADDER_V3`, outside the
//! generation timing) and prints how many land at each level, how many differ from the stored
//! difficulty, the spread of the fresh score (min, quartiles, max) and of the attempts per
//! board, and the median time of that one fresh grade.
//!
//! `cargo run --release -p dayseed-sudoku --example generate_bench -- LEVEL COUNT [FIRST_SEED] [--print] [--grades] [--version N]`

use std::time::Instant;

use dayseed_core::{DynGenre, Version};
use dayseed_sudoku::generator::GENERATORS;
use dayseed_sudoku::{GENRE, Level};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: generate_bench LEVEL COUNT [FIRST_SEED] [--print] [--version N]";
    let print = args.iter().any(|a| a == "--print");
    let grades = args.iter().any(|a| a == "--grades");
    args.retain(|a| a != "--print" && a != "--grades");
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
    let (mut by_level, mut differ) = ([0u32; 5], 0u32);
    let (mut scores, mut tries, mut grade_times) = (Vec::new(), Vec::new(), Vec::new());
    for seed in first..first + count {
        let t = Instant::now();
        let g = (generator.generate)(seed, &level)?;
        times.push(t.elapsed().as_secs_f64());
        attempts += u64::from(g.attempts);
        fallbacks += u64::from(g.fallback.is_some());
        clues += g.puzzle.givens().iter().filter(|&&v| v != 0).count();
        if grades {
            let t = Instant::now();
            let fresh = dayseed_sudoku::logic::grade(g.puzzle.givens());
            grade_times.push(t.elapsed().as_secs_f64());
            by_level[fresh.level.rank() as usize - 1] += 1;
            differ += u32::from(g.puzzle.difficulty() != Some(fresh.level));
            scores.push(fresh.score);
            tries.push(g.attempts);
        }
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
    if grades {
        scores.sort_by(f64::total_cmp);
        tries.sort_unstable();
        grade_times.sort_by(f64::total_cmp);
        let q = |k: usize| scores[(scores.len() - 1) * k / 4];
        let t = |k: usize| tries[(tries.len() - 1) * k / 4];
        let levels: Vec<String> = Level::ALL
            .iter()
            .zip(by_level)
            .map(|(l, n)| format!("{}={n}", l.name()))
            .collect();
        eprintln!(
            "fresh V3 grades: {} differ_from_stored={differ} score min/q1/median/q3/max={:.1}/{:.1}/{:.1}/{:.1}/{:.1} attempts min/q1/median/q3/max={}/{}/{}/{}/{} one_grade_median_ms={:.3}",
            levels.join(" "),
            q(0),
            q(1),
            q(2),
            q(3),
            q(4),
            t(0),
            t(1),
            t(2),
            t(3),
            t(4),
            grade_times[grade_times.len() / 2] * 1e3,
        );
    }
    Ok(())
}
