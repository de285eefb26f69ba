//! Agreement of our Sudoku `score` with Sukaku Explainer (SE) ratings, per band.
//!
//! Reads lines `hash puzzle rating` (the Sudoku Exchange puzzle bank format) from the file named
//! by the first argument, grades each puzzle with `logic::grade_detail`, and prints, per band
//! (hard: SE 2.5-4.9, diabolical: SE >= 5.0, and both together): the number of puzzles, the
//! Spearman rank correlation inside the band, how many we rate within +-0.05 of SE, how many
//! more than SE + 0.5 and SE + 1, our range, and the median grading time. Then, for puzzles where
//! we differ from SE by more than 0.05, the most frequent pairs (what SE's rating says it used,
//! the technique of our hardest step).
//!
//! With `--over` as the second argument, it then lists the puzzles we rate more than SE + 0.5
//! (SE's rating, ours, our hardest step, the puzzle), to see which step each one needs; with
//! `--misses`, every puzzle we rate more than 0.05 away from SE, in the same form. With `--each`,
//! it prints instead one line per puzzle (the puzzle, our level, score, hardest step and
//! technique counts), and with `--hints` the whole hint sequence of each puzzle (one line per
//! step: technique, placements, eliminations): outputs to diff when changing the grader's speed
//! but not its results. With `--time`, only the grading time: per level we place the puzzles
//! at, their number, median and mean milliseconds (the SE rating column may be anything).
//! With `--capped`, it grades each puzzle with `logic::grade_capped` at EXPERT (what a generator
//! placing EXPERT boards asks) and prints one line per puzzle (the result, or `None` when a
//! MASTER technique is needed), then on stderr the median and mean milliseconds of the puzzles
//! that pass and of those that fail.
//!
//!   cargo run --release -p dayseed-sudoku --example se_agreement -- bench/data/se-bank-sample.txt

use std::collections::BTreeMap;
use std::time::Instant;

use dayseed_sudoku::level::Level;
use dayseed_sudoku::logic::{grade_capped, grade_detail, next_step};

/// One graded puzzle.
struct Row {
    puzzle: String,
    se: f64,
    ours: f64,
    level: Level,
    hardest: &'static str,
    millis: f64,
}

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!(
            "usage: se_agreement <bank file: hash puzzle rating per line> [--over | --misses]"
        );
        std::process::exit(2);
    };
    let (mut over, mut misses, mut each, mut hints, mut time) = (false, false, false, false, false);
    let mut capped = false;
    match std::env::args().nth(2).as_deref() {
        None => {}
        Some("--over") => over = true,
        Some("--misses") => misses = true,
        Some("--each") => each = true,
        Some("--hints") => hints = true,
        Some("--time") => time = true,
        Some("--capped") => capped = true,
        Some(other) => {
            eprintln!(
                "unknown option {other} (expected --over, --misses, --each, --hints, --time or --capped)"
            );
            std::process::exit(2);
        }
    }
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    };
    let mut rows = Vec::new();
    // Capped grading: milliseconds of the puzzles that pass, and of those that fail.
    let (mut pass, mut fail) = (Vec::new(), Vec::new());
    for (i, line) in text.lines().enumerate() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (Some(puzzle), Some(se)) = (f.get(1), f.get(2).and_then(|r| r.parse::<f64>().ok()))
        else {
            eprintln!("{path}: line {}: expected `hash puzzle rating`", i + 1);
            std::process::exit(1);
        };
        let Some(cells) = parse(puzzle) else {
            eprintln!("{path}: line {}: not 81 digits", i + 1);
            std::process::exit(1);
        };
        if capped {
            let start = Instant::now();
            let g = grade_capped(&cells, Level::Expert);
            let millis = start.elapsed().as_secs_f64() * 1e3;
            match &g {
                Some(g) => {
                    pass.push(millis);
                    println!(
                        "{puzzle} {:?} {:.1} {:?} {}",
                        g.level, g.score, g.techniques, g.solved
                    );
                }
                None => {
                    fail.push(millis);
                    println!("{puzzle} None");
                }
            }
            continue;
        }
        let start = Instant::now();
        let (g, hardest) = grade_detail(&cells);
        let millis = start.elapsed().as_secs_f64() * 1e3;
        if each {
            println!(
                "{puzzle} {:?} {:.1} {} {:?} {}",
                g.level,
                g.score,
                hardest.unwrap_or("-"),
                g.techniques,
                g.solved
            );
        }
        if hints {
            print_hints(&cells);
        }
        rows.push(Row {
            puzzle: (*puzzle).to_string(),
            se,
            ours: g.score,
            level: g.level,
            hardest: hardest.unwrap_or("-"),
            millis,
        });
    }
    if capped {
        for (name, ms) in [("pass", &mut pass), ("fail", &mut fail)] {
            if !ms.is_empty() {
                let mean = ms.iter().sum::<f64>() / ms.len() as f64;
                eprintln!(
                    "capped at Expert, {name}: {} puzzles, median {:.3} ms, mean {mean:.3} ms",
                    ms.len(),
                    median(ms)
                );
            }
        }
        return;
    }
    if each || hints {
        return;
    }
    if time {
        println!("| level | puzzles | median ms | mean ms |");
        println!("|---|---|---|---|");
        for level in Level::ALL.into_iter().map(Some).chain([None]) {
            let mut ms: Vec<f64> = rows
                .iter()
                .filter(|r| level.is_none_or(|l| r.level == l))
                .map(|r| r.millis)
                .collect();
            if ms.is_empty() {
                continue;
            }
            let mean = ms.iter().sum::<f64>() / ms.len() as f64;
            let name = level.map_or("all".to_string(), |l| format!("{l:?}"));
            println!(
                "| {name} | {} | {:.3} | {mean:.3} |",
                ms.len(),
                median(&mut ms)
            );
        }
        return;
    }
    println!(
        "| band (SE range) | puzzles | Spearman in band | = SE (+-0.05) | > SE+0.5 | > SE+1 | our range | median ms |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let bands: [(&str, f64, f64); 3] = [
        ("hard", 2.5, 4.95),
        ("diabolical", 4.95, 99.0),
        ("all", 0.0, 99.0),
    ];
    for (name, lo, hi) in bands {
        let band: Vec<&Row> = rows.iter().filter(|r| r.se >= lo && r.se < hi).collect();
        if band.is_empty() {
            continue;
        }
        let n = band.len();
        let se: Vec<f64> = band.iter().map(|r| r.se).collect();
        let ours: Vec<f64> = band.iter().map(|r| r.ours).collect();
        let within = band
            .iter()
            .filter(|r| (r.ours - r.se).abs() <= 0.05)
            .count();
        let over_half = band.iter().filter(|r| r.ours > r.se + 0.5 + 1e-9).count();
        let over_one = band.iter().filter(|r| r.ours > r.se + 1.0 + 1e-9).count();
        let min = ours.iter().cloned().fold(f64::MAX, f64::min);
        let max = ours.iter().cloned().fold(f64::MIN, f64::max);
        let se_min = se.iter().cloned().fold(f64::MAX, f64::min);
        let se_max = se.iter().cloned().fold(f64::MIN, f64::max);
        let mut ms: Vec<f64> = band.iter().map(|r| r.millis).collect();
        println!(
            "| {name} ({se_min:.1}-{se_max:.1}) | {n} | {:.3} | {within} ({:.0}%) | {over_half} ({:.1}%) | {over_one} | {min:.1}-{max:.1} | {:.2} |",
            spearman(&se, &ours),
            100.0 * within as f64 / n as f64,
            100.0 * over_half as f64 / n as f64,
            median(&mut ms)
        );
    }
    let mut master: Vec<f64> = rows
        .iter()
        .filter(|r| r.level == Level::Master)
        .map(|r| r.millis)
        .collect();
    let mut diabolical: Vec<f64> = rows
        .iter()
        .filter(|r| r.se >= 5.0)
        .map(|r| r.millis)
        .collect();
    let max_ms = rows.iter().map(|r| r.millis).fold(0.0, f64::max);
    println!();
    println!(
        "grading time: median {:.2} ms over {} puzzles we place at MASTER, median {:.2} ms over the {} diabolical ones, slowest {:.1} ms",
        median(&mut master),
        master.len(),
        median(&mut diabolical),
        diabolical.len(),
        max_ms
    );
    println!();
    println!(
        "| where we differ (> 0.05): SE's technique (from its rating) | our hardest step | puzzles | mean ours - SE |"
    );
    println!("|---|---|---|---|");
    let mut pairs: BTreeMap<(&str, &str), (u32, f64)> = BTreeMap::new();
    for r in rows.iter().filter(|r| (r.ours - r.se).abs() > 0.05) {
        let e = pairs.entry((se_family(r.se), r.hardest)).or_default();
        e.0 += 1;
        e.1 += r.ours - r.se;
    }
    let mut pairs: Vec<_> = pairs.into_iter().collect();
    pairs.sort_by(|a, b| b.1.0.cmp(&a.1.0).then(a.0.cmp(&b.0)));
    for ((se, ours), (n, sum)) in pairs.into_iter().take(25) {
        println!("| {se} | {ours} | {n} | {:+.2} |", sum / n as f64);
    }
    if over {
        println!();
        println!("rated more than SE + 0.5: SE, ours, our hardest step, puzzle");
        for r in rows.iter().filter(|r| r.ours > r.se + 0.5 + 1e-9) {
            println!("{:.1} {:.1} {} {}", r.se, r.ours, r.hardest, r.puzzle);
        }
    }
    if misses {
        println!();
        println!("differing by more than 0.05: SE, ours, our hardest step, puzzle");
        for r in rows.iter().filter(|r| (r.ours - r.se).abs() > 0.05) {
            println!("{:.1} {:.1} {} {}", r.se, r.ours, r.hardest, r.puzzle);
        }
    }
}

/// Plays the puzzle with hints to the end, keeping full notes, and prints every step.
fn print_hints(givens: &[u8; 81]) {
    let mut entries = [0u8; 81];
    let mut notes = [0x3feu16; 81];
    println!(
        "{}",
        givens.iter().map(|d| d.to_string()).collect::<String>()
    );
    while let Some(step) = next_step(givens, &entries, Some(&notes)) {
        println!(
            "  {} {:?} {:?} {:?} {}",
            step.technique, step.cells, step.placements, step.eliminations, step.explanation
        );
        for &(c, d) in &step.placements {
            entries[c as usize] = d;
        }
        for &(c, d) in &step.eliminations {
            notes[c as usize] &= !(1 << d);
        }
    }
}

fn parse(s: &str) -> Option<[u8; 81]> {
    let b = s.as_bytes();
    if b.len() != 81 {
        return None;
    }
    let mut cells = [0u8; 81];
    for (c, &ch) in cells.iter_mut().zip(b) {
        *c = match ch {
            b'0'..=b'9' => ch - b'0',
            b'.' => 0,
            _ => return None,
        };
    }
    Some(cells)
}

/// The technique family Sukaku Explainer's default ratings give to a rating.
fn se_family(r: f64) -> &'static str {
    let t = (r * 10.0).round() as u32;
    match t {
        0..=15 => "hidden single",
        16..=25 => "direct hidden subset",
        26..=29 => "pointing/claiming",
        30..=31 => "naked pair",
        32..=33 => "X-wing",
        34..=35 => "hidden pair",
        36..=37 => "naked triple",
        38..=39 => "swordfish",
        40 => "hidden triple/skyscraper",
        41 => "two-string kite",
        42 => "XY-wing/turbot fish",
        43 => "empty rectangle",
        44 => "XYZ-wing",
        45..=49 => "unique rectangle/loop",
        50..=51 => "naked quad",
        52..=53 => "jellyfish",
        54 => "hidden quad",
        55 => "WXYZ-wing",
        56..=61 => "BUG/WXYZ-wing",
        62..=64 => "APE/VWXYZ-wing",
        65..=69 => "X/Y forcing chain 6.6+",
        70..=74 => "forcing chain 7.0+",
        75..=79 => "Nishio/forcing chain",
        80..=84 => "cell/region forcing chains 8.0+",
        85..=89 => "dynamic forcing chains 8.5+",
        _ => "dynamic forcing chains (+) 9.0+",
    }
}

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Ranks with ties averaged (1-based).
fn ranks(v: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..v.len()).collect();
    idx.sort_by(|&a, &b| v[a].total_cmp(&v[b]));
    let mut r = vec![0.0; v.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && v[idx[j + 1]] == v[idx[i]] {
            j += 1;
        }
        let avg = (i + j) as f64 / 2.0 + 1.0;
        for &k in &idx[i..=j] {
            r[k] = avg;
        }
        i = j + 1;
    }
    r
}

/// Spearman's rho: the Pearson correlation of the tie-averaged ranks.
fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = a.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let (mut cov, mut va, mut vb) = (0.0, 0.0, 0.0);
    for (x, y) in ra.iter().zip(&rb) {
        cov += (x - ma) * (y - mb);
        va += (x - ma) * (x - ma);
        vb += (y - mb) * (y - mb);
    }
    if va == 0.0 || vb == 0.0 {
        return f64::NAN;
    }
    cov / (va * vb).sqrt()
}
