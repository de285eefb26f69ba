#!/usr/bin/env bash
# Sudoku solver throughput: dayseed's bitboard solver vs the `sudoku` crate (crates.io, a port of
# JCZSolve), counting solutions up to 2 on the same puzzle lists, in one run. The peer is built
# on the fly in a scratch folder outside the repository ($PEER_DIR, default /tmp/dayseed-sudoku-peer);
# nothing of it is kept in the repo (its licence is AGPL). Prints the median puzzles/s of each
# (over REPS passes inside one process, alternating processes RUNS times), the best of those RUNS
# medians (less hurt by a loaded machine), and the ratios (above 1: dayseed is faster).
# When valgrind is installed, it also counts, on the first CG_N puzzles of each list, the
# instructions and simulated branch mispredicts per puzzle spent inside the counting call of each
# (callgrind --toggle-collect): repeatable figures on a noisy shared machine.
#
#   bench/sudoku-solver.sh [RUNS]      env: N (puzzles per list, default 1000), REPS (default 9),
#                                           CG_N (default 300; 0 skips the callgrind counts)
#
# Lists: dayseed g1 MASTER and EXPERT puzzles (minimal, 21-26 clues), and Solo "unreasonable"
# puzzles when sgt-solo is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-3}
N=${N:-1000}
REPS=${REPS:-9}
CG_N=${CG_N:-300}
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
printf '%-18s %8s %12s %12s %7s %12s %12s %7s\n' list puzzles dayseed/s crate/s ratio \
  best-ours/s best-crate/s ratio
for l in $lists; do
  f="$WORK/$l.txt"
  o=(); p=()
  for _ in $(seq "$RUNS"); do
    o+=("$("$OURS" "$f" "$REPS" | rate)")
    p+=("$("$PEER" "$f" "$REPS" | rate)")
  done
  mo=$(printf '%s\n' "${o[@]}" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p")
  mp=$(printf '%s\n' "${p[@]}" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p")
  bo=$(printf '%s\n' "${o[@]}" | sort -n | tail -1)
  bp=$(printf '%s\n' "${p[@]}" | sort -n | tail -1)
  printf '%-18s %8s %12s %12s %6.2fx %12s %12s %6.2fx\n' "$l" "$(grep -c . "$f")" "$mo" "$mp" \
    "$(echo "$mo $mp" | awk '{print $1 / $2}')" "$bo" "$bp" "$(echo "$bo $bp" | awk '{print $1 / $2}')"
done

if [ "$CG_N" -gt 0 ] && command -v valgrind > /dev/null; then
  # Ir and Bcm collected inside the counting call only, per puzzle.
  counted() {
    valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file=/dev/null \
      --toggle-collect="$1" "${@:2}" 2>&1 | sed -n 's/.*Collected : \([0-9]*\) [0-9]* \([0-9]*\).*/\1 \2/p'
  }
  echo
  printf '%-18s %8s %12s %12s %7s %12s %12s\n' list puzzles ours-instr crate-instr ratio \
    ours-mispr crate-mispr
  for l in $lists; do
    head -n "$CG_N" "$WORK/$l.txt" > "$WORK/cg.txt"
    n=$(grep -c . "$WORK/cg.txt")
    read -r io mo < <(counted '*solver::count_solutions' "$OURS" "$WORK/cg.txt" 1)
    read -r ip mp < <(counted '*Sudoku::solutions_count_up_to' "$PEER" "$WORK/cg.txt" 1)
    printf '%-18s %8s %12.0f %12.0f %6.2fx %12.0f %12.0f\n' "$l" "$n" "$(echo "$io $n" | awk '{print $1 / $2}')" \
      "$(echo "$ip $n" | awk '{print $1 / $2}')" "$(echo "$ip $io" | awk '{print $1 / $2}')" \
      "$(echo "$mo $n" | awk '{print $1 / $2}')" "$(echo "$mp $n" | awk '{print $1 / $2}')"
  done
fi
