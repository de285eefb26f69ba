//! Solver throughput for `bench/sudoku-solver.sh`: counts solutions up to 2 for every puzzle of a
//! file (one 81-character puzzle per line) and prints the median rate over several repetitions.
//!
//! `cargo run --release -p dayseed-sudoku --example solver_bench -- FILE [REPS] [--each] [--frozen]
//! [--root]`
//!
//! With `--each`, it also prints one line per puzzle, `count nodes first`, to check that a solver
//! change keeps every count, every search tree (the node count) and every first solution (81
//! digits, `-` when there is none; always `-` with `--frozen`) of an earlier build. With `--frozen`
//! it runs the search frozen with the generators (`generator::solver_v1`) instead of `solver`.
//! With `--root`, every count gets a budget of one node (the setup, the propagation at the root
//! and the first pick only): under callgrind, the cost of the root alone.

use std::io::Write;
use std::time::Instant;

use dayseed_core::Budget;
use dayseed_sudoku::generator::solver_v1;
use dayseed_sudoku::{format, solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let flag = |name: &str| args.iter().skip(2).any(|a| a == name);
    let (each, frozen, root) = (flag("--each"), flag("--frozen"), flag("--root"));
    let new_budget = || {
        if root {
            Budget::new(1)
        } else {
            Budget::unlimited()
        }
    };
    let mut plain = args.iter().skip(1).filter(|a| !a.starts_with("--"));
    let path = plain
        .next()
        .ok_or("usage: solver_bench FILE [REPS] [--each] [--frozen] [--root]")?;
    let reps: usize = plain.next().map_or(Ok(5), |s| s.parse())?;
    let count_solutions = if frozen {
        solver_v1::count_solutions
    } else {
        solver::count_solutions
    };
    let text = std::fs::read_to_string(path)?;
    let puzzles = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(format::parse_grid)
        .collect::<Result<Vec<_>, _>>()?;
    let mut rates = Vec::new();
    let mut hist = [0usize; 3];
    let mut nodes = 0;
    for _ in 0..reps.max(1) {
        hist = [0; 3];
        nodes = 0;
        let t = Instant::now();
        for p in &puzzles {
            let mut budget = new_budget();
            let count = count_solutions(p, 2, &mut budget);
            nodes += budget.spent();
            hist[usize::from(count.zero_one_many().unwrap_or(2))] += 1;
        }
        rates.push(puzzles.len() as f64 / t.elapsed().as_secs_f64());
    }
    // Written with `writeln!`, so that a closed pipe (`| head`) ends the run with an error
    // instead of a panic.
    let mut out = std::io::stdout().lock();
    if each {
        for p in &puzzles {
            let mut budget = Budget::unlimited();
            let count = count_solutions(p, 2, &mut budget);
            let first = if frozen {
                None
            } else {
                solver::solve(p, 2, &mut Budget::unlimited()).first
            };
            let first: String = first.map_or("-".into(), |g| {
                g.iter().map(|&v| char::from(b'0' + v)).collect()
            });
            writeln!(out, "{count:?} {} {first}", budget.spent())?;
        }
    }
    rates.sort_by(f64::total_cmp);
    writeln!(
        out,
        "dayseed{} puzzles={} solutions(0/1/2+)={hist:?} nodes_per_puzzle={:.1} median_per_sec={:.0}",
        if frozen { "-frozen" } else { "" },
        puzzles.len(),
        nodes as f64 / puzzles.len().max(1) as f64,
        rates[rates.len() / 2]
    )?;
    Ok(())
}
