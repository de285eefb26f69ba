//! `dayseed gen --shard I/N`: the shards, concatenated in order, are the unsharded output byte
//! for byte; bad shard specs are usage errors naming the problem.

use std::process::{Command, Output};

fn dayseed(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dayseed"))
        .args(args)
        .env("TZ", "UTC")
        .output()
        .expect("run dayseed")
}

#[test]
fn shards_concatenate_to_the_unsharded_run() {
    let base = [
        "gen",
        "lightsout",
        "--stage=7",
        "--count",
        "23",
        "--seed",
        "40",
        "--quiet",
    ];
    let whole = dayseed(&base);
    assert!(
        whole.status.success(),
        "{}",
        String::from_utf8_lossy(&whole.stderr)
    );
    assert_eq!(whole.stdout.iter().filter(|&&b| b == b'\n').count(), 23);
    for n in [1u64, 3, 4, 23, 30] {
        let mut joined = Vec::new();
        for i in 1..=n {
            let spec = format!("{i}/{n}");
            let jobs = if i % 2 == 0 { "2" } else { "1" };
            let mut args = base.to_vec();
            args.extend(["--shard", &spec, "--jobs", jobs]);
            let part = dayseed(&args);
            assert!(
                part.status.success(),
                "{spec}: {}",
                String::from_utf8_lossy(&part.stderr)
            );
            joined.extend_from_slice(&part.stdout);
        }
        assert!(
            joined == whole.stdout,
            "{n} shards differ from the unsharded run"
        );
    }
}

#[test]
fn bad_shards_are_usage_errors() {
    for bad in ["0/3", "4/3", "1/0", "x/2", "3"] {
        let o = dayseed(&["gen", "lightsout", "--count", "3", "--shard", bad]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("--shard"), "{bad}: {err}");
    }
}
