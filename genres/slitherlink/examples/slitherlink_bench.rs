//! Benchmark driver: `slitherlink_bench gen W H LEVEL COUNT SEED` generates COUNT puzzles and
//! prints the time per puzzle; `slitherlink_bench unique W H LEVEL SEED` times a uniqueness proof;
//! `slitherlink_bench boards W H LEVEL COUNT SEED` prints one SHA-256 over every generated board
//! (clues, loop, level, attempts), to check that a speed-up keeps every board;
//! `slitherlink_bench nodes W H LEVEL COUNT SEED` prints one SHA-256 over the search nodes of
//! each board's uniqueness proof, to check that a solver speed-up keeps every search;
//! `slitherlink_bench version gN W H LEVEL COUNT SEED` generates COUNT boards through the
//! registry (ids `slitherlink:SEED-s-WxH-Llevel-gN`, re-validation included, as the server does)
//! and prints the milliseconds of each;
//! `slitherlink_bench closure W H LEVEL COUNT SEED` asks engine_v1's `Logic::solves` and
//! engine_v2's `TrialClosure::solves` the same trial-level questions (COUNT level-7 boards with
//! one to six more clues removed) and prints how often they agree and the time of each.

use std::time::Instant;

use dayseed_core::digest::sha256_hex;
use dayseed_core::{Budget, DynGenre, PuzzleId, Rng};
use dayseed_slitherlink::GENRE;
use dayseed_slitherlink::generate::generate;
use dayseed_slitherlink::generator::engine_v2::TrialClosure;
use dayseed_slitherlink::grid::Grid;
use dayseed_slitherlink::logic::Logic;
use dayseed_slitherlink::solver::Solver;

fn arg(args: &[String], i: usize, default: u64) -> u64 {
    args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(String::as_str).unwrap_or("gen");
    if mode == "version" {
        let version = args.get(2).map(String::as_str).unwrap_or("g2");
        let (w, h, level) = (arg(&args, 3, 10), arg(&args, 4, 10), arg(&args, 5, 8));
        let (count, seed) = (arg(&args, 6, 10), arg(&args, 7, 1));
        let mut ms = Vec::new();
        let mut levels = Vec::new();
        for s in seed..seed + count {
            let id: PuzzleId = format!("slitherlink:SEED-{s}-{w}x{h}-L{level}-{version}")
                .parse()
                .expect("an id");
            let t = Instant::now();
            let made = GENRE.generate(&id).expect("a board").to_flat_json();
            ms.push(format!("{:.3}", t.elapsed().as_secs_f64() * 1000.0));
            levels.push(format!("{}/{}", made["difficulty"], made["attempts"]));
        }
        println!(
            "version {version} {w}x{h} L{level} ms {} level/attempts {}",
            ms.join(","),
            levels.join(",")
        );
        return;
    }
    let w = arg(&args, 2, 10) as usize;
    let h = arg(&args, 3, 10) as usize;
    let level = arg(&args, 4, 6) as u8;
    match mode {
        "unique" => {
            let seed = arg(&args, 5, 1);
            let mut rng = Rng::from_seed(seed);
            let Some(p) = generate(w, h, level, &mut rng) else {
                eprintln!("generation failed");
                return;
            };
            let g = Grid::new(w, h);
            let reps = 20;
            let t = Instant::now();
            let mut nodes = 0;
            for _ in 0..reps {
                let mut budget = Budget::unlimited();
                let out = Solver::new(&g, &p.clues).count(2, &mut budget);
                assert!(out.count.is_unique());
                nodes = budget.spent();
            }
            let per = t.elapsed().as_secs_f64() / f64::from(reps);
            println!(
                "unique {w}x{h} L{} nodes {nodes} seconds_per_proof {per:.6}",
                p.level
            );
        }
        "nodes" => {
            let count = arg(&args, 5, 100);
            let seed = arg(&args, 6, 1);
            let g = Grid::new(w, h);
            let mut all = Vec::new();
            let mut total = 0;
            for i in 0..count {
                let mut rng = Rng::from_seed(seed + i);
                let p = generate(w, h, level, &mut rng).expect("a board");
                let mut budget = Budget::unlimited();
                let out = Solver::new(&g, &p.clues).count(2, &mut budget);
                all.extend_from_slice(&budget.spent().to_le_bytes());
                all.push(u8::from(out.count.is_unique()));
                total += budget.spent();
            }
            println!(
                "nodes {w}x{h} L{level} count {count} seed {seed} total {total} sha256 {}",
                sha256_hex(&all)
            );
        }
        "closure" => {
            let count = arg(&args, 5, 20);
            let seed = arg(&args, 6, 1);
            let g = Grid::new(w, h);
            let mut closure = TrialClosure::new(&g);
            let (mut agree, mut solved) = (0, 0);
            let (mut v1, mut v2) = (0.0, 0.0);
            let mut followed = 0;
            for i in 0..count {
                let mut rng = Rng::from_seed(seed + i);
                let p = generate(w, h, 7, &mut rng).expect("a board");
                let mut clues = p.clues.clone();
                for _ in 0..=i % 6 {
                    let c = rng.below(g.n_cells as u64) as usize;
                    clues[c] = -1;
                }
                let t = Instant::now();
                let mut old = Logic::new(&g, &clues);
                old.detect = false;
                old.answer = Some(p.solution.clone());
                let expect = old.solves(level);
                v1 += t.elapsed().as_secs_f64();
                let t = Instant::now();
                closure.answer = Some(p.solution.clone());
                let got = closure.solves(&clues, level);
                v2 += t.elapsed().as_secs_f64();
                followed += closure.tried;
                agree += u32::from(
                    got == expect && (level < 10 || (old.top == 10) == (closure.top == 10)),
                );
                solved += u32::from(got);
            }
            println!(
                "closure {w}x{h} L{level} count {count} seed {seed} agree {agree} solved {solved} \
                 engine_v1_ms {:.1} engine_v2_ms {:.1} ratio {:.2} engine_v2_assumptions {followed}",
                v1 * 1000.0,
                v2 * 1000.0,
                v1 / v2
            );
        }
        "boards" => {
            let count = arg(&args, 5, 100);
            let seed = arg(&args, 6, 1);
            let mut all = Vec::new();
            for i in 0..count {
                let mut rng = Rng::from_seed(seed + i);
                let p = generate(w, h, level, &mut rng).expect("a board");
                all.extend(p.clues.iter().map(|&c| c as u8));
                all.extend_from_slice(&p.solution);
                all.push(p.level);
                all.extend_from_slice(&p.attempts.to_le_bytes());
            }
            println!(
                "boards {w}x{h} L{level} count {count} seed {seed} sha256 {}",
                sha256_hex(&all)
            );
        }
        _ => {
            let count = arg(&args, 5, 100);
            let seed = arg(&args, 6, 1);
            let t = Instant::now();
            let mut hist = [0u32; 11];
            let mut fallbacks = 0;
            let mut attempts = 0;
            for i in 0..count {
                let mut rng = Rng::from_seed(seed + i);
                let p = generate(w, h, level, &mut rng).expect("a board");
                hist[p.level as usize] += 1;
                attempts += p.attempts;
                if p.fallback.is_some() {
                    fallbacks += 1;
                }
            }
            let per = t.elapsed().as_secs_f64() / count as f64;
            println!(
                "gen {w}x{h} L{level} count {count} seconds_per_puzzle {per:.6} per_minute {:.0} fallbacks {fallbacks} attempts {attempts} levels {:?}",
                60.0 / per,
                &hist[1..]
            );
        }
    }
}
