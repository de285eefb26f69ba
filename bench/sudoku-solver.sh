#!/usr/bin/env bash
# Sudoku solver throughput: dayseed's bitboard solver vs the `sudoku` crate (crates.io, a port of
# JCZSolve), counting solutions up to 2 on the same puzzle lists, in one run. The peer is built
# on the fly in a scratch folder outside the repository ($PEER_DIR, default /tmp/dayseed-sudoku-peer);
# nothing of it is kept in the repo (its licence is AGPL). Prints the median puzzles/s of each
# (over REPS passes inside one process, alternating processes RUNS times) and the ratio.
#
#   bench/sudoku-solver.sh [RUNS]      env: N (puzzles per list, default 1000), REPS (default 9)
#
# Lists: dayseed g1 MASTER and EXPERT puzzles (minimal, 21-26 clues), and Solo "unreasonable"
# puzzles when sgt-solo is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-3}
N=${N:-1000}
REPS=${REPS:-9}
PEER_DIR=${PEER_DIR:-/tmp/dayseed-sudoku-peer}
WORK=$(mktemp -d /tmp/dayseed-sudoku-solver.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

cargo build --release -q -p dayseed-sudoku --example solver_bench --example generate_bench
OURS="${CARGO_TARGET_DIR:-target}/release/examples/solver_bench"
GEN="${CARGO_TARGET_DIR:-target}/release/examples/generate_bench"

mkdir -p "$PEER_DIR/src"
cat > "$PEER_DIR/Cargo.toml" <<'TOML'
[package]
name = "sudoku-peer"
version = "0.1.0"
edition = "2021"
[dependencies]
sudoku = "0.8"
[profile.release]
codegen-units = 4
TOML
cat > "$PEER_DIR/src/main.rs" <<'RS'
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let reps: usize = args.get(2).map_or(5, |s| s.parse().unwrap());
    let puzzles: Vec<sudoku::Sudoku> = text.lines().filter(|l| !l.trim().is_empty())
        .map(|l| sudoku::Sudoku::from_str_line(l.trim()).unwrap()).collect();
    let mut rates = Vec::new();
    let mut hist = [0usize; 3];
    for _ in 0..reps {
        hist = [0; 3];
        let t = Instant::now();
        for p in &puzzles { hist[p.solutions_count_up_to(2)] += 1; }
        rates.push(puzzles.len() as f64 / t.elapsed().as_secs_f64());
    }
    rates.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!("sudoku-crate puzzles={} solutions(0/1/2+)={:?} median_per_sec={:.0}", puzzles.len(), hist, rates[rates.len() / 2]);
}
RS
(cd "$PEER_DIR" && CARGO_TARGET_DIR="$PEER_DIR/target" cargo build --release -q)
PEER="$PEER_DIR/target/release/sudoku-peer"

"$GEN" MASTER "$N" 1000000 --print > "$WORK/master.txt" 2>/dev/null
"$GEN" EXPERT "$N" 1000000 --print > "$WORK/expert.txt" 2>/dev/null
lists="master expert"
if [ -x /usr/games/sgt-solo ]; then
  /usr/games/sgt-solo --generate 200 3x3du 2>/dev/null | python3 -c '
import sys
for line in sys.stdin:
    line = line.strip()
    if not line.startswith("3x3:"): continue
    out = "".join("." * (ord(c) - 96) if c.isalpha() else c for c in line[4:] if c != "_")
    assert len(out) == 81
    print(out)' > "$WORK/solo-unreasonable.txt"
  lists="$lists solo-unreasonable"
fi

rate() { sed -n 's/.*median_per_sec=\([0-9]*\).*/\1/p'; }
printf '%-18s %8s %14s %14s %7s\n' list puzzles dayseed/s sudoku-crate/s ratio
for l in $lists; do
  f="$WORK/$l.txt"
  o=(); p=()
  for _ in $(seq "$RUNS"); do
    o+=("$("$OURS" "$f" "$REPS" | rate)")
    p+=("$("$PEER" "$f" "$REPS" | rate)")
  done
  mo=$(printf '%s\n' "${o[@]}" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p")
  mp=$(printf '%s\n' "${p[@]}" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p")
  printf '%-18s %8s %14s %14s %6.2fx\n' "$l" "$(grep -c . "$f")" "$mo" "$mp" "$(echo "$mo $mp" | awk '{print $1 / $2}')"
done
