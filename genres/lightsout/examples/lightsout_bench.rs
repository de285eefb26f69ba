//! Benchmark driver for `bench/lightsout-bench.sh` (wall-clock timing lives here, never in the
//! library or its tests).
//!
//! ```text
//! lightsout_bench solve-big N          solve one solvable N x N board, print ms and nullity
//! lightsout_bench text-big N           print that board in the text form (for `dayseed solve`)
//! lightsout_bench minimal W H BOARDS   median microseconds per minimal solve over many boards
//! lightsout_bench gen COUNT PARAMS     generate COUNT boards via the registry, print us per board
//! lightsout_bench optimal-vs-par SEEDS per stage size: how often optimal < par
//! ```

use std::time::Instant;

use dayseed_core::{DynGenre, PuzzleId, Rng, Version};
use dayseed_lightsout::GENRE;
use dayseed_lightsout::board::Board;
use dayseed_lightsout::generator::reverse_v1 as generate;
use dayseed_lightsout::params::{Params, Shape};
use dayseed_lightsout::solver;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| -> u64 {
        args.get(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| usage())
    };
    match args.first().map(String::as_str) {
        Some("solve-big") => solve_big(arg(1) as u32),
        Some("text-big") => {
            let n = arg(1) as u32;
            print!(
                "{}",
                dayseed_lightsout::format::encode(&random_solvable(n, n, 1))
            );
        }
        Some("minimal") => minimal(arg(1) as u32, arg(2) as u32, arg(3) as usize),
        Some("gen") => gen_boards(arg(1), args.get(2).map_or_else(|| usage(), String::as_str)),
        Some("optimal-vs-par") => optimal_vs_par(arg(1)),
        _ => usage(),
    }
}

fn usage() -> ! {
    eprintln!(
        "usage: lightsout_bench solve-big N | text-big N | minimal W H BOARDS | gen COUNT PARAMS | \
         optimal-vs-par SEEDS"
    );
    std::process::exit(2)
}

/// A solvable board: the lights made by pressing each cell with probability 1/2.
fn random_solvable(w: u32, h: u32, seed: u64) -> Board {
    let mut rng = Rng::from_seed(seed);
    let mut pattern = Board::new(w, h, false);
    for r in 0..h {
        for c in 0..w {
            if rng.chance(1, 2) {
                pattern.set(r, c, true);
            }
        }
    }
    pattern.effect()
}

fn solve_big(n: u32) {
    let lights = random_solvable(n, n, 1);
    let start = Instant::now();
    let a = solver::analyse(&lights);
    let best = solver::minimal(&a).expect("solvable by construction");
    let ms = start.elapsed().as_secs_f64() * 1e3;
    let mut check = lights.clone();
    check.apply_pattern(&best.pattern);
    assert!(check.is_clear(), "solution does not turn the lights off");
    println!(
        "solve {n}x{n}: {ms:.1} ms, nullity {}, optimal {} (exact {})",
        a.nullity, best.presses, best.exact
    );
}

fn minimal(w: u32, h: u32, boards: usize) {
    let set: Vec<Board> = (0..boards as u64)
        .map(|s| random_solvable(w, h, s))
        .collect();
    let mut per_call = Vec::new();
    let mut total = 0u64;
    for _ in 0..15 {
        let start = Instant::now();
        for b in &set {
            total += solver::solve_minimal(b).expect("solvable").presses;
        }
        per_call.push(start.elapsed().as_secs_f64() * 1e6 / boards as f64);
    }
    per_call.sort_by(f64::total_cmp);
    println!(
        "minimal {w}x{h}: median {:.2} us per board over 15 runs of {boards} boards (checksum {total})",
        per_call[per_call.len() / 2]
    );
}

fn gen_boards(count: u64, params: &str) {
    let start = Instant::now();
    let mut digest_bytes = 0usize;
    for seed in 0..count {
        let id = PuzzleId::seeded("lightsout", seed, params, Version(1));
        let rec = GENRE.generate(&id).expect("generates");
        digest_bytes += rec.digest.len();
    }
    let us = start.elapsed().as_secs_f64() * 1e6 / count as f64;
    println!("gen {params}: {us:.2} us per board ({count} boards, {digest_bytes} digest bytes)");
}

fn optimal_vs_par(seeds: u64) {
    for (size, stages) in [("4x4", 1..=5u32), ("5x5", 6..=10), ("6x6", 11..=15)] {
        let (mut boards, mut below, mut gap) = (0u64, 0u64, 0u64);
        for stage in stages {
            let p = Params {
                shape: Shape::Stage(stage),
                wrap: false,
            };
            let (w, h, par) = p.size_and_par();
            for seed in 0..seeds {
                let m = generate::by_par(w, h, false, par, &mut Rng::from_seed(seed))
                    .expect("generates");
                boards += 1;
                let par = m.presses.len() as u32;
                if m.optimal < par {
                    below += 1;
                    gap += u64::from(par - m.optimal);
                }
            }
        }
        println!(
            "{size} (stages {}): optimal < par on {below} of {boards} boards ({:.1}%), mean gap {:.2} when below",
            match size {
                "4x4" => "1-5",
                "5x5" => "6-10",
                _ => "11-15",
            },
            100.0 * below as f64 / boards as f64,
            if below > 0 {
                gap as f64 / below as f64
            } else {
                0.0
            }
        );
    }
}
