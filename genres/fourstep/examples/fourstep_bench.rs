//! Benchmark driver for `bench/fourstep-bench.sh`.
//!
//! `fourstep_bench course N PARAMS`: generates seeds 0..N at PARAMS (e.g. T128-B64-D3) through
//! the registry (generation, BFS with margins, windows, re-validation, JSON, digest), replays
//! every solver tape in the game, and prints one line with the median time per course and per
//! terrain, the layer widths, the share of terrains that needed a x0.72 retry and the share that
//! fell back. Exits non-zero if any tape fails to win.

use std::time::Instant;

use dayseed_core::DynGenre;
use dayseed_fourstep::GENRE;
use dayseed_fourstep::course::Puzzle;
use dayseed_fourstep::genre::replay_tape;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    if v.is_empty() { 0.0 } else { v[v.len() / 2] }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(mode), Some(n), Some(params)) = (args.get(1), args.get(2), args.get(3)) else {
        eprintln!("usage: fourstep_bench course N PARAMS");
        std::process::exit(2);
    };
    assert_eq!(mode, "course", "the only mode is `course`");
    let n: u64 = n.parse().expect("N is a number");
    let (mut course_ms, mut terrain_ms, mut widths) = (Vec::new(), Vec::new(), Vec::new());
    let (mut terrains, mut retried, mut fell_back, mut lost) = (0u64, 0u64, 0u64, 0u64);
    let (mut states, mut layers) = (0u64, 0u64);
    for seed in 0..n {
        let id = format!("fourstep:SEED-{seed}-{params}-g1")
            .parse()
            .expect("id");
        let t = Instant::now();
        let rec = GENRE.generate(&id).expect("generates");
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let p: Puzzle = serde_json::from_value(rec.puzzle).expect("puzzle JSON");
        course_ms.push(ms);
        terrain_ms.push(ms / p.terrains.len() as f64);
        for t in &p.terrains {
            terrains += 1;
            retried += u64::from(t.attempts > 1);
            fell_back += u64::from(t.fallback);
            widths.push(f64::from(t.layer_max));
            states += t.states;
            layers += u64::from(t.bars * 32);
        }
        let course = p.course().clone();
        let tape =
            dayseed_core::arcade::Tape::from_text(p.tape.as_deref().unwrap_or("1")).expect("tape");
        if !replay_tape(&course, &tape).expect("replays").ending.won {
            lost += 1;
        }
    }
    let max_width = widths.iter().copied().fold(0.0, f64::max);
    println!(
        "{params}: {n} courses, median {:.2} ms/course, {:.3} ms/terrain; layer width: median of \
         widest {:.0}, widest {max_width:.0}, mean {:.1} states/layer; retried {:.1}% of {terrains} \
         terrains, fell back {:.2}%; tapes that did not win: {lost}",
        median(&mut course_ms),
        median(&mut terrain_ms),
        median(&mut widths),
        states as f64 / layers.max(1) as f64,
        100.0 * retried as f64 / terrains.max(1) as f64,
        100.0 * fell_back as f64 / terrains.max(1) as f64,
    );
    if lost > 0 {
        std::process::exit(1);
    }
}
