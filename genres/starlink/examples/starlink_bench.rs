//! Bench helper for `bench/starlink-*.sh`.
//!
//! * `starlink_bench uniqueness N [THREADS] [DIFFICULTY|all] [gV]` — generates
//!   `starlink:SEED-s-<D>-gV` (default: the current version) for s in 0..N at every
//!   difficulty and prints the uniqueness rate, the solution-count distribution, the attempts
//!   used (placements; `first attempt` = boards from the first placement), the mean number of
//!   answer lines and the mean star number; every board reported unique is counted again by the
//!   general solver ([`dayseed_starlink::solver`], an independent implementation) and the
//!   boards it also finds unique are shown as `recounted unique`. The seeds that are not unique
//!   go to stderr.
//! * `starlink_bench time BATCHES SIZE [FIRST_SEED]` — generates EXPERT boards of the current
//!   version (consecutive seeds) in batches and prints the time per board of each batch in
//!   milliseconds, one a line.

use std::time::Instant;

use dayseed_core::{Budget, Count, DynGenre, Generated, Source, Version};
use dayseed_starlink::generate::seed32;
use dayseed_starlink::generator::GENERATORS;
use dayseed_starlink::puzzle::Puzzle;
use dayseed_starlink::solver::{SOLVE_BUDGET, solve};
use dayseed_starlink::{Difficulty, GENRE};

#[derive(Default, Clone)]
struct Tally {
    unique: u64,
    by_solutions: std::collections::BTreeMap<String, u64>,
    attempts_total: u64,
    attempts_max: u32,
    repaired_first: u64,
    not_unique: Vec<u64>,
    lines_total: u64,
    recount_unique: u64,
    number_total: u64,
    stars_total: u64,
}

fn tally(difficulty: Difficulty, version: Version, seeds: impl Iterator<Item = u64>) -> Tally {
    let mut t = Tally::default();
    for s in seeds {
        let seed = seed32(&Source::Seed(s)).expect("seed sources always hash");
        let g = board(version, seed, difficulty);
        if g.puzzle.unique == Some(true) {
            t.unique += 1;
            let recount = solve(g.puzzle.model(), &[], 2, 0, &mut Budget::new(SOLVE_BUDGET));
            if recount.count == Count::Exactly(1) {
                t.recount_unique += 1;
            }
        } else {
            t.not_unique.push(s);
        }
        let key = g
            .puzzle
            .solutions
            .map_or_else(|| "budget".to_string(), |n| n.to_string());
        *t.by_solutions.entry(key).or_default() += 1;
        t.attempts_total += u64::from(g.attempts);
        t.lines_total += g.puzzle.solution.as_ref().map_or(0, |s| s.len() as u64);
        t.number_total += g
            .puzzle
            .stars()
            .iter()
            .map(|s| u64::from(s.number))
            .sum::<u64>();
        t.stars_total += g.puzzle.stars().len() as u64;
        t.attempts_max = t.attempts_max.max(g.attempts);
        if g.attempts == 1 {
            t.repaired_first += 1;
        }
    }
    t
}

fn uniqueness(n: u64, threads: u64, only: Option<Difficulty>, version: Version) {
    println!("generator g{}", version.0);
    println!(
        "| difficulty | seeds | unique | rate | recounted unique | solutions (count: boards) | mean attempts | max attempts | first attempt | mean answer lines | mean number |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for d in Difficulty::ALL {
        if only.is_some_and(|o| o != d) {
            continue;
        }
        let parts: Vec<Tally> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|k| scope.spawn(move || tally(d, version, (k..n).step_by(threads as usize))))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("worker finished"))
                .collect()
        });
        let mut t = Tally::default();
        for p in parts {
            t.unique += p.unique;
            for (k, v) in p.by_solutions {
                *t.by_solutions.entry(k).or_default() += v;
            }
            t.attempts_total += p.attempts_total;
            t.attempts_max = t.attempts_max.max(p.attempts_max);
            t.repaired_first += p.repaired_first;
            t.lines_total += p.lines_total;
            t.recount_unique += p.recount_unique;
            t.number_total += p.number_total;
            t.stars_total += p.stars_total;
            t.not_unique.extend(p.not_unique);
        }
        t.not_unique.sort_unstable();
        let dist: Vec<String> = t
            .by_solutions
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect();
        println!(
            "| {} | {n} | {} | {:.2}% | {} | {} | {:.3} | {} | {:.1}% | {:.2} | {:.2} |",
            d.name(),
            t.unique,
            100.0 * t.unique as f64 / n as f64,
            t.recount_unique,
            dist.join(", "),
            t.attempts_total as f64 / n as f64,
            t.attempts_max,
            100.0 * t.repaired_first as f64 / n as f64,
            t.lines_total as f64 / n as f64,
            t.number_total as f64 / t.stars_total.max(1) as f64,
        );
        if !t.not_unique.is_empty() {
            eprintln!("{} seeds not unique: {:?}", d.name(), t.not_unique);
        }
    }
}

fn time(batches: u64, size: u64, first_seed: u64) {
    let mut s = first_seed;
    for _ in 0..batches {
        let start = Instant::now();
        for _ in 0..size {
            let seed = seed32(&Source::Seed(s)).expect("seed sources always hash");
            let g = board(current(), seed, Difficulty::Expert);
            std::hint::black_box(g);
            s += 1;
        }
        let ms = start.elapsed().as_secs_f64() * 1000.0 / size as f64;
        println!("{ms:.4}");
    }
}

/// The current generator version (what `dayseed gen` uses).
fn current() -> Version {
    GENRE.current_version()
}

/// The board of `version`'s generator for a 32-bit seed.
fn board(version: Version, seed: u32, difficulty: Difficulty) -> Generated<Puzzle> {
    let generator = GENERATORS
        .iter()
        .find(|g| g.version == version)
        .expect("a released version");
    (generator.generate)(u64::from(seed), &difficulty).expect("generation succeeds")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, default: u64| {
        args.get(i)
            .and_then(|a| a.parse::<u64>().ok())
            .unwrap_or(default)
    };
    match args.first().map(String::as_str) {
        Some("uniqueness") => uniqueness(
            num(1, 10_000),
            num(2, 2).max(1),
            args.get(3).and_then(|d| Difficulty::parse(d).ok()),
            args.get(4)
                .and_then(|v| v.strip_prefix('g')?.parse::<u32>().ok())
                .map_or_else(current, Version),
        ),
        Some("time") => time(num(1, 15), num(2, 20).max(1), num(3, 0)),
        _ => {
            eprintln!(
                "usage: starlink_bench uniqueness N [THREADS] [DIFFICULTY|all] [gV] | time BATCHES SIZE [FIRST_SEED]"
            );
            std::process::exit(2);
        }
    }
}
