//! Authoring aid: runs one template (with given values) from the canonical start and prints the
//! cores every few ticks. `cargo run -p dayseed-jj --example jj_author -- NAME [v1 v2 ..] [every]`

use dayseed_jj::arcade::Simulation;
use dayseed_jj::build::Builder;
use dayseed_jj::template::library;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let lib = library();
    let Some(t) = lib.iter().find(|t| Some(&t.name) == args.first()) else {
        for t in &lib {
            for values in t.all_values() {
                let chamber = t.instantiate(&values).expect("values fit");
                let mut b = Builder::new();
                let r = b.add_chamber(&chamber);
                let mut robust = String::new();
                for d in [-6i64, -4, -2, 2, 4, 6] {
                    let mut c = chamber.clone();
                    c.plan[0].0 = (i64::from(c.plan[0].0) + d).max(0) as u32;
                    let ok = Builder::new().add_chamber(&c).is_ok();
                    robust.push(if ok { '+' } else { '-' });
                }
                println!(
                    "{:10} {values:?} {robust} {:?} tick {}",
                    t.name,
                    r.err(),
                    b.tick()
                );
            }
        }
        return;
    };
    let mut nums: Vec<u32> = args[1..].iter().filter_map(|a| a.parse().ok()).collect();
    let every = if nums.len() > t.params.len() {
        nums.pop().unwrap_or(5)
    } else {
        5
    };
    let values = if nums.is_empty() {
        t.params.iter().map(|p| p.lo).collect()
    } else {
        nums
    };
    let chamber = t.instantiate(&values).expect("values fit");
    for r in &chamber.rows {
        println!("{r}");
    }
    let mut b = Builder::new();
    b.trace_every = every;
    let result = b.add_chamber(&chamber);
    for line in &b.trace {
        println!("{line}");
    }
    println!("result: {result:?} at tick {}", b.tick());
    println!("cores {}", b.sim().view()["cores"]);
}
