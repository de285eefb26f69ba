//! Figures for bench/flip-bench.sh. Subcommands:
//! * `gen N` — time N obstacles of one run (one core), print ns per obstacle and millions per s;
//! * `replay MINUTES REPS` — the simulated player's tape for a run of MINUTES, replayed REPS
//!   times through `check`'s replay; prints each replay's microseconds;
//! * `proof SEEDS OBSTACLES FACTOR` — the simulated player on SEEDS runs of OBSTACLES obstacles
//!   each with the gap rule at FACTOR; prints survivors and the first crashes;
//! * `tightest SEEDS OBSTACLES` — per 2 m/s speed band, the tightest change of side the generator
//!   produced as a multiple of `speed * cross_time`, and how many obstacles the rule flipped.

use std::time::Instant;

use dayseed_core::arcade::{Simulation, replay};
use dayseed_flip::generate::{Req, RunGen};
use dayseed_flip::player::play;
use dayseed_flip::rules::{FLIP_FACTOR, TICKS_PER_SECOND, cross_time};
use dayseed_flip::sim::FlipSim;

/// This thread's CPU time in nanoseconds (Linux `/proc/thread-self/schedstat`): the machine is
/// shared, so wall-clock figures are printed beside CPU figures.
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn arg(args: &[String], i: usize, default: u64) -> u64 {
    args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("gen") => gen_rate(arg(&args, 2, 50_000_000)),
        Some("replay") => replay_time(arg(&args, 2, 10) as u32, arg(&args, 3, 21)),
        Some("proof") => {
            let factor = args
                .get(4)
                .and_then(|a| a.parse().ok())
                .unwrap_or(FLIP_FACTOR);
            proof(arg(&args, 2, 1000), arg(&args, 3, 10_000), factor);
        }
        Some("tightest") => tightest(arg(&args, 2, 1000), arg(&args, 3, 10_000)),
        _ => eprintln!(
            "usage: flip_bench gen N | replay MINUTES REPS | proof SEEDS OBSTACLES [FACTOR] | tightest SEEDS OBSTACLES"
        ),
    }
}

fn gen_rate(n: u64) {
    let mut g = RunGen::new(1);
    let t = Instant::now();
    let c = cpu_ns();
    let mut sum = 0.0;
    for _ in 0..n {
        sum += g.next_obstacle().gap;
    }
    let cpu = (cpu_ns() - c) as f64 / 1e9;
    let s = t.elapsed().as_secs_f64();
    println!(
        "gen: {n} obstacles, CPU {cpu:.3} s = {:.2} ns per obstacle = {:.1} million per s (wall {s:.3} s = {:.1} million per s); generator state {} bytes whatever the length (checksum {sum:.0})",
        cpu * 1e9 / n as f64,
        n as f64 / cpu / 1e6,
        n as f64 / s / 1e6,
        std::mem::size_of::<RunGen>()
    );
}

fn replay_time(minutes: u32, reps: u64) {
    let max = minutes * 60 * TICKS_PER_SECOND;
    let mut sim = FlipSim::with_limits(20_671, FLIP_FACTOR, max);
    let run = play(&mut sim, None);
    let ending = run.ending.expect("a capped run ends");
    println!(
        "replay: tape of {} taps, {} ticks ({minutes} min), {} m, {}",
        run.tape.events.len(),
        ending.tick,
        ending.score.value,
        ending.reason
    );
    for _ in 0..reps {
        let t = Instant::now();
        let c = cpu_ns();
        let mut sim = FlipSim::with_limits(20_671, FLIP_FACTOR, max);
        let r = replay(&mut sim, &run.tape, max + 1).expect("the player's tape replays");
        let cpu_us = (cpu_ns() - c) as f64 / 1e3;
        let us = t.elapsed().as_secs_f64() * 1e6;
        assert_eq!(r.ending, ending, "replay reaches the player's distance");
        println!("replay_cpu_us {cpu_us:.0} wall_us {us:.0}");
    }
}

fn proof(seeds: u64, obstacles: u64, factor: f64) {
    let t = Instant::now();
    let c = cpu_ns();
    let mut crashed = Vec::new();
    let mut ticks = 0u64;
    for seed in 0..seeds {
        let mut sim = FlipSim::with_limits(seed, factor, u32::MAX);
        let run = play(&mut sim, Some(obstacles));
        ticks += u64::from(sim.tick());
        if let Some(e) = run.ending {
            crashed.push(format!("seed {seed}: {}", e.reason));
        }
    }
    println!(
        "proof factor {factor}: {} of {seeds} seeds survived {obstacles} obstacles ({ticks} ticks simulated, CPU {:.1} s, wall {:.1} s)",
        seeds - crashed.len() as u64,
        (cpu_ns() - c) as f64 / 1e9,
        t.elapsed().as_secs_f64()
    );
    for c in crashed.iter().take(3) {
        println!("  {c}");
    }
}

fn tightest(seeds: u64, obstacles: u64) {
    const BANDS: usize = 6;
    let t = cross_time();
    let mut min_ratio = [f64::INFINITY; BANDS];
    let mut changes = [0u64; BANDS];
    let mut flipped = [0u64; BANDS];
    let mut count = [0u64; BANDS];
    for seed in 0..seeds {
        let mut g = RunGen::new(seed);
        let mut last = Req::Left;
        for _ in 0..obstacles {
            let o = g.next_obstacle();
            let band = (((o.speed - 8.0) / 2.0) as usize).min(BANDS - 1);
            count[band] += 1;
            if o.flipped {
                flipped[band] += 1;
            }
            if o.req != Req::Either && o.req != last {
                changes[band] += 1;
                min_ratio[band] = min_ratio[band].min(o.gap / (o.speed * t));
            }
            if o.req != Req::Either {
                last = o.req;
            }
        }
    }
    println!(
        "tightest change of side per speed band ({seeds} seeds x {obstacles} obstacles; rule: >= {FLIP_FACTOR}):"
    );
    for b in 0..BANDS {
        if count[b] > 0 {
            println!(
                "  {:>2}-{:<2} m/s: {:>9} obstacles, {:>9} changes of side, tightest gap {:.4} x speed*cross_time, {:>8} flipped",
                8 + 2 * b,
                10 + 2 * b,
                count[b],
                changes[b],
                min_ratio[b],
                flipped[b]
            );
        }
    }
}
