//! Benchmark driver for `bench/jj-bench.sh` (wall-clock timing lives here, never in the library).
//!
//! ```text
//! jj_bench gen SEEDS PARAMS   generate seeds 0..SEEDS with the current generator: pass rate, first-try share, re-rolls,
//!                             mean / median / max ms per level, determinism of the first 100
//! jj_bench robust             per template: share of (values x plan shifted -0.1 s / +0.1 s)
//!                             that still clears WITHOUT margins; knife-edge templates flagged
//! ```

use std::time::Instant;

use dayseed_core::Rng;
use dayseed_jj::build::Builder;
use dayseed_jj::level::generate;
use dayseed_jj::params::Params;
use dayseed_jj::template::library;

fn usage() -> ! {
    eprintln!("usage: jj_bench gen SEEDS PARAMS | jj_bench robust");
    std::process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gen") => {
            let n: u64 = args
                .get(1)
                .and_then(|a| a.parse().ok())
                .unwrap_or_else(|| usage());
            let params = args
                .get(2)
                .and_then(|p| Params::parse(p).ok())
                .unwrap_or_else(|| usage());
            gen_levels(n, &params);
        }
        Some("robust") => robust(),
        _ => usage(),
    }
}

fn gen_levels(n: u64, params: &Params) {
    let mut ms = Vec::new();
    let (mut failed, mut first_try, mut chamber_rerolls, mut level_rerolls) = (0, 0, 0u64, 0u64);
    let mut plan_s = 0.0;
    for seed in 0..n {
        let t = Instant::now();
        let made = generate(params, &mut Rng::from_seed(seed));
        ms.push(t.elapsed().as_secs_f64() * 1000.0);
        match made {
            Ok(level) => {
                if level.level_attempts == 1 && level.rerolls == 0 {
                    first_try += 1;
                }
                chamber_rerolls += u64::from(level.rerolls);
                level_rerolls += u64::from(level.level_attempts - 1);
                plan_s += f64::from(level.plan_ticks) / 60.0;
            }
            Err(_) => failed += 1,
        }
    }
    let same = (0..n.min(100)).all(|seed| {
        generate(params, &mut Rng::from_seed(seed)).ok()
            == generate(params, &mut Rng::from_seed(seed)).ok()
    });
    let mean = ms.iter().sum::<f64>() / ms.len() as f64;
    let max = ms.iter().cloned().fold(0.0, f64::max);
    ms.sort_by(f64::total_cmp);
    let median = ms[ms.len() / 2];
    let passed = n - failed;
    println!(
        "gen {} x {n} (generator g{}, {} templates): passed {passed}/{n} ({:.2}%), first try {first_try} ({:.1}%), chamber \
         re-rolls {chamber_rerolls}, level re-rolls {level_rerolls}, mean plan {:.1} s; \
         per level mean {mean:.2} ms, median {median:.2} ms, max {max:.2} ms; deterministic \
         (first {} twice): {same}",
        params.format(),
        dayseed_jj::template::NEWEST_LIBRARY,
        library().len(),
        100.0 * passed as f64 / n as f64,
        100.0 * first_try as f64 / n as f64,
        plan_s / passed.max(1) as f64,
        n.min(100)
    );
}

fn robust() {
    for t in library() {
        let (mut ok, mut total) = (0, 0);
        for values in t.all_values() {
            let chamber = t.instantiate(&values).expect("values fit");
            for shift in [-6i64, 6] {
                let mut c = chamber.clone();
                c.plan[0].0 = (i64::from(c.plan[0].0) + shift).max(0) as u32;
                total += 1;
                if Builder::with_margins(false).add_chamber(&c).is_ok() {
                    ok += 1;
                }
            }
        }
        let share = 100.0 * f64::from(ok) / f64::from(total);
        let flag = if share < 50.0 { "  KNIFE-EDGE" } else { "" };
        println!(
            "robust {:10} tier {} {ok:3}/{total:3} ({share:5.1}%) clear shifted +-0.1 s without \
             margins{flag}",
            t.name, t.tier
        );
    }
}
