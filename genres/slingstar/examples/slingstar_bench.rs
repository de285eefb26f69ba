//! Bench and statistics for `bench/slingstar-bench.sh`: generates daily courses (epoch days from
//! `--from`, `--days` of them), prints per-course generation time medians, the par distribution,
//! fallbacks, candidates and the knife-edge count; with `--solve`, also the solver (384-shot
//! survey, windows and tape per hole) and the replay check of its tape per course.
//!
//! `cargo run --release -p dayseed-slingstar --example slingstar_bench -- --from 20671 --days 30`

use std::time::Instant;

use dayseed_core::Genre;
use dayseed_core::seed::daily_seed;
use dayseed_slingstar::Slingstar;
use dayseed_slingstar::generator::g1;
use dayseed_slingstar::params::Params;
use dayseed_slingstar::solve;

fn arg(args: &[String], name: &str, default: i64) -> i64 {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let from = arg(&args, "--from", 20_671);
    let days = arg(&args, "--days", 30);
    let mut times = Vec::new();
    let mut pars = [0u32; 3];
    let (mut fallbacks, mut knife, mut candidates, mut holes) = (0, 0, 0u64, 0u64);
    let solve = args.iter().any(|a| a == "--solve");
    let (mut solve_ms, mut check_ms) = (Vec::new(), Vec::new());
    let mut success_hist = std::collections::BTreeMap::new();
    for day in from..from + days {
        let t = Instant::now();
        let board = g1::generate(daily_seed(day), &Params::Course).expect("daily generates");
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        if solve {
            let t = Instant::now();
            let plan = solve::solve(&board.puzzle).expect("the solver wins");
            solve_ms.push(t.elapsed().as_secs_f64() * 1000.0);
            let t = Instant::now();
            let verdict = Slingstar.check(&board.puzzle, &plan.tape).expect("replays");
            check_ms.push(t.elapsed().as_secs_f64() * 1000.0);
            assert!(verdict.solved, "day {day}: {verdict:?}");
        }
        for h in &board.puzzle.holes {
            holes += 1;
            pars[(h.par.unwrap_or(4) - 2) as usize] += 1;
            fallbacks += u32::from(h.fallback.is_some());
            knife += u32::from(h.robust == Some(0));
            candidates += u64::from(h.candidates.unwrap_or(0));
            *success_hist.entry(h.successes.unwrap_or(0)).or_insert(0u32) += 1;
        }
    }
    let gen_median = median(&mut times);
    println!("courses: {days} dailies from epoch day {from} ({holes} holes)");
    println!(
        "course generation ms: median {gen_median:.1}, min {:.1}, max {:.1}",
        times[0],
        times[times.len() - 1]
    );
    println!(
        "par 2/3/4: {}/{}/{} (original 1.1.2 over 270 holes: 81/119/70)",
        pars[0], pars[1], pars[2]
    );
    println!("fallback holes: {fallbacks}; knife-edge holes (robust 0): {knife}");
    println!(
        "candidates per hole: mean {:.1}",
        candidates as f64 / holes as f64
    );
    println!("successes histogram: {success_hist:?}");
    if solve {
        println!(
            "solve per course ms: median {:.1}; replay check of the solver's tape ms: median {:.2}",
            median(&mut solve_ms),
            median(&mut check_ms)
        );
    }
}
