#!/usr/bin/env bash
# Sudoku solver throughput: dayseed's solver (`solver`, today band_solver) vs the `sudoku` crate
# (crates.io, a port of JCZSolve), counting solutions up to 2 on the same puzzle lists, in one
# run. The peer is built on the fly in a scratch folder outside the repository ($PEER_DIR,
# default /tmp/dayseed-sudoku-peer); nothing of it is kept in the repo (its licence is AGPL).
#
# Per list it prints puzzles/s of each, the median over RUNS processes run alternately:
# - in-process: each process's median over REPS passes of the list (parsing excluded), with the
#   frozen generator search (`generator::solver_v1`, "before") beside the current one ("after"),
#   and "best": the ratio of the best of those medians (less hurt by a loaded machine);
# - whole process: puzzles over the wall time of one process, start to end (loading, parsing and
#   one pass), on the list repeated up to at least WHOLE_MIN puzzles (so that the few ms of
#   process start do not drown the solving); WHOLE_K processes of each, alternating;
# and the ratios (above 1: dayseed is faster). When valgrind is installed, it also counts, on the
# first CG_N puzzles of each list, the instructions and simulated branch mispredicts per puzzle
# spent inside the counting call of each (callgrind --toggle-collect): repeatable figures on a
# noisy shared machine, before (frozen) and after (current); and the instructions per puzzle of
# the whole process (start, reading, parsing, one pass; the start is a few hundred thousand
# instructions, about 1% on 300 hard puzzles), the repeatable side of the whole-process timing.
#
#   bench/sudoku-solver.sh [RUNS]      env: N (generated puzzles per list, default 1000),
#                                           REPS (default 60), CG_N (default 300; 0 skips callgrind),
#                                           WHOLE_K (processes per whole-process timing, default 3),
#                                           WHOLE_MIN (puzzles per whole-process run, default 20000),
#                                           CLASSIC_DIR (default /tmp/sudoku-classic),
#                                           TDOKU_SRC (a tdoku checkout; unset: no tdoku column),
#                                           PAIRED_ROUNDS (default 201)
#
# Paired, in one process: a binary built beside the crate's driver links both solvers and times
# them pass by pass over each list (at least 1,000 puzzles a pass, the order alternating), and
# prints the median of the PAIRED_ROUNDS per-round ratios with its quartiles: the ratio least
# moved by a load change between processes (the table's last columns).
#
# Second peer, optional: tdoku (github.com/t-dillon/tdoku, BSD-2; the fastest published solver on
# hard lists, SIMD), when TDOKU_SRC names a checkout of it (a folder with src/ and include/; this
# script cannot download it, the machine has no GitHub access). Its solver file is built in
# $PEER_DIR/tdoku with clang++ (g++ when there is no clang; $TDOKU_CXX overrides), -O3
# -march=native (what its author's own benchmarks favour); a driver written here counts to 2 on
# the same lists in the same rounds, and a second table gives its rate against the crate and ours.
#
# Lists. Hard: dayseed MASTER (the current generator's, minimal, 21-26 clues); Sudoku Exchange
# puzzles rated 8.0-9.3 (bench/data, public domain); the classic top95 / hardest / top1465 files
# when present in $CLASSIC_DIR (their licence is unclear, so they are never committed); Solo
# "unreasonable" puzzles when sgt-solo is installed. Easy: Sudoku Exchange puzzles rated 2.5-3.0
# (bench/data).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-3}
N=${N:-1000}
REPS=${REPS:-60}
CG_N=${CG_N:-300}
PEER_DIR=${PEER_DIR:-/tmp/dayseed-sudoku-peer}
CLASSIC_DIR=${CLASSIC_DIR:-/tmp/sudoku-classic}
WHOLE_K=${WHOLE_K:-3}
WHOLE_MIN=${WHOLE_MIN:-20000}
PAIRED_ROUNDS=${PAIRED_ROUNDS:-201}
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
# The paired binary links dayseed's solver too (by path, from this checkout).
printf '%s\n' "dayseed-core = { path = \"$PWD/crates/core\" }" \
  "dayseed-sudoku = { path = \"$PWD/genres/sudoku\" }" > "$PEER_DIR/deps.toml"
sed -i "/^sudoku = /r $PEER_DIR/deps.toml" "$PEER_DIR/Cargo.toml"
mkdir -p "$PEER_DIR/src/bin"
cat > "$PEER_DIR/src/bin/paired.rs" <<'RS'
//! dayseed's solver and the crate in one process, pass by pass (the order alternating each
//! round), counting to 2 over the same list: the median of the per-round rate ratios, which a
//! load change between processes does not move.
use std::hint::black_box;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let rounds: usize = args.get(2).map_or(201, |s| s.parse().unwrap());
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let ours: Vec<_> = lines.iter().map(|l| dayseed_sudoku::format::parse_grid(l).unwrap()).collect();
    let theirs: Vec<_> = lines.iter().map(|l| sudoku::Sudoku::from_str_line(l).unwrap()).collect();
    // A pass solves at least 1,000 puzzles (the list repeated), so that one is long enough to time.
    let k = 1000_usize.div_ceil(lines.len());
    let pass_ours = || {
        let t = Instant::now();
        for _ in 0..k {
            for p in &ours {
                let mut budget = dayseed_core::Budget::unlimited();
                black_box(dayseed_sudoku::solver::count_solutions(p, 2, &mut budget));
            }
        }
        t.elapsed().as_secs_f64()
    };
    let pass_crate = || {
        let t = Instant::now();
        for _ in 0..k {
            for p in &theirs {
                black_box(p.solutions_count_up_to(2));
            }
        }
        t.elapsed().as_secs_f64()
    };
    let (mut a, mut b, mut r) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds.max(1) {
        let (to, tc) = if round % 2 == 0 {
            let to = pass_ours();
            (to, pass_crate())
        } else {
            let tc = pass_crate();
            (pass_ours(), tc)
        };
        a.push(to);
        b.push(tc);
        r.push(tc / to);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(|x, y| x.partial_cmp(y).unwrap());
        (v[v.len() / 2], v[v.len() / 4], v[v.len() * 3 / 4])
    };
    let per = (k * lines.len()) as f64;
    let (ma, _, _) = median(&mut a);
    let (mb, _, _) = median(&mut b);
    let (mr, q1, q3) = median(&mut r);
    println!("paired rounds={} ours_per_sec={:.0} crate_per_sec={:.0} ratio={:.3} q1={:.3} q3={:.3}",
        r.len(), per / ma, per / mb, mr, q1, q3);
}
RS
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
PAIRED="$PEER_DIR/target/release/paired"

TDOKU=""
if [ -n "${TDOKU_SRC:-}" ]; then
  if [ ! -f "$TDOKU_SRC/src/solver_dpll_triad_simd.cc" ] || [ ! -f "$TDOKU_SRC/include/tdoku.h" ]; then
    echo "TDOKU_SRC=$TDOKU_SRC: no src/solver_dpll_triad_simd.cc or include/tdoku.h there" >&2
    exit 2
  fi
  TDOKU_CXX=${TDOKU_CXX:-$(command -v clang++ || command -v g++)}
  mkdir -p "$PEER_DIR/tdoku"
  cat > "$PEER_DIR/tdoku/driver.cc" <<'CC'
// Counts solutions up to 2 with tdoku for every puzzle of a file (81 characters a line, any
// non-digit or 0 an empty cell), REPS passes; prints the median rate like solver_bench.
#include "tdoku.h"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>
int main(int argc, char **argv) {
    if (argc < 2) return 2;
    int reps = argc > 2 ? std::atoi(argv[2]) : 5;
    std::ifstream in(argv[1]);
    std::vector<std::string> puzzles;
    for (std::string line; std::getline(in, line);) {
        if (line.size() < 81) continue;
        std::string p = line.substr(0, 81);
        for (char &c : p) if (c < '1' || c > '9') c = '.';
        puzzles.push_back(p);
    }
    std::vector<double> rates;
    size_t hist[3] = {0, 0, 0};
    for (int r = 0; r < std::max(reps, 1); r++) {
        hist[0] = hist[1] = hist[2] = 0;
        auto start = std::chrono::steady_clock::now();
        for (const std::string &p : puzzles) {
            char solution[81];
            size_t guesses = 0;
            hist[std::min<size_t>(TdokuSolverDpllTriadSimd(p.c_str(), 2, 0, solution, &guesses), 2)]++;
        }
        std::chrono::duration<double> s = std::chrono::steady_clock::now() - start;
        rates.push_back(puzzles.size() / s.count());
    }
    std::sort(rates.begin(), rates.end());
    std::printf("tdoku puzzles=%zu solutions(0/1/2+)=[%zu, %zu, %zu] median_per_sec=%.0f\n",
                puzzles.size(), hist[0], hist[1], hist[2], rates[rates.size() / 2]);
}
CC
  "$TDOKU_CXX" -O3 -DNDEBUG -march=native -std=c++17 -I"$TDOKU_SRC/include" -I"$TDOKU_SRC/src" \
    "$PEER_DIR/tdoku/driver.cc" "$TDOKU_SRC/src/solver_dpll_triad_simd.cc" "$TDOKU_SRC/src/util.cc" \
    -o "$PEER_DIR/tdoku/tdoku-peer"
  TDOKU="$PEER_DIR/tdoku/tdoku-peer"
  echo "tdoku built with $("$TDOKU_CXX" --version | head -1), -O3 -march=native"
fi

"$GEN" MASTER "$N" 1000000 --print > "$WORK/master.txt" 2>/dev/null
cp bench/data/se-hard-8.0-9.3.txt "$WORK/se-hard.txt"
cp bench/data/se-easy-2.5-3.0.txt "$WORK/se-easy.txt"
lists="master se-hard"
for c in top95 hardest top1465; do
  if [ -s "$CLASSIC_DIR/$c.txt" ]; then
    grep -E '^[0-9.]{81}$' "$CLASSIC_DIR/$c.txt" > "$WORK/$c.txt"
    lists="$lists $c"
  fi
done
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
lists="$lists se-easy"

rate() { sed -n 's/.*median_per_sec=\([0-9]*\).*/\1/p'; }
median() { sort -n | sed -n "$(( (RUNS + 1) / 2 ))p"; }
ratio() { echo "$1 $2" | awk '{printf "%.2fx", $1 / $2}'; }
# Puzzles per second of whole processes over list $2 of $1 puzzles (start to end, one pass
# each), dayseed, the crate and tdoku (when built): WHOLE_K processes of each, alternating, each
# timed alone.
whole() {
  local n=$1 f=$2 t0 t1 t2 t3 ours=0 peer=0 td=0
  for _ in $(seq "$WHOLE_K"); do
    t0=$(date +%s%N)
    "$OURS" "$f" 1 > /dev/null
    t1=$(date +%s%N)
    "$PEER" "$f" 1 > /dev/null
    t2=$(date +%s%N)
    ours=$((ours + t1 - t0))
    peer=$((peer + t2 - t1))
    if [ -n "$TDOKU" ]; then
      "$TDOKU" "$f" 1 > /dev/null
      t3=$(date +%s%N)
      td=$((td + t3 - t2))
    fi
  done
  # The third figure (tdoku) is 0 when it is not built.
  echo "$n $WHOLE_K $ours $peer $td" | awk '{printf "%.0f %.0f %.0f\n", $1 * $2 * 1e9 / $3,
    $1 * $2 * 1e9 / $4, ($5 > 0 ? $1 * $2 * 1e9 / $5 : 0)}'
}
uptime
CSV=${CSV:-bench/results/sudoku-solver.csv}
echo "list,ours_per_sec,peer_per_sec,frozen_per_sec,whole_ours_per_sec,whole_peer_per_sec,tdoku_per_sec,whole_tdoku_per_sec,paired_ratio" >"$CSV"
tdoku_rows=()
printf '%-18s %7s | %10s %10s %10s %7s %7s %7s | %10s %10s %7s | %7s %13s\n' list puzzles \
  frozen/s dayseed/s crate/s before after best whole-ds/s whole-cr/s whole paired quartiles
for l in $lists; do
  f="$WORK/$l.txt"
  n=$(grep -c . "$f")
  for _ in $(seq $(( (WHOLE_MIN + n - 1) / n ))); do cat "$f"; done > "$WORK/whole.txt"
  nw=$(grep -c . "$WORK/whole.txt")
  o=(); v=(); p=(); wo=(); wp=(); t=(); wt=()
  for _ in $(seq "$RUNS"); do
    o+=("$("$OURS" "$f" "$REPS" | rate)")
    v+=("$("$OURS" "$f" "$REPS" --frozen | rate)")
    p+=("$("$PEER" "$f" "$REPS" | rate)")
    if [ -n "$TDOKU" ]; then
      t+=("$("$TDOKU" "$f" "$REPS" | rate)")
    fi
    read -r a b c < <(whole "$nw" "$WORK/whole.txt")
    wo+=("$a")
    wp+=("$b")
    wt+=("$c")
  done
  mo=$(printf '%s\n' "${o[@]}" | median)
  mv=$(printf '%s\n' "${v[@]}" | median)
  mp=$(printf '%s\n' "${p[@]}" | median)
  mwo=$(printf '%s\n' "${wo[@]}" | median)
  mwp=$(printf '%s\n' "${wp[@]}" | median)
  bo=$(printf '%s\n' "${o[@]}" | sort -n | tail -1)
  bp=$(printf '%s\n' "${p[@]}" | sort -n | tail -1)
  read -r pr q1 q3 < <("$PAIRED" "$f" "$PAIRED_ROUNDS" |
    sed -n 's/.* ratio=\([0-9.]*\) q1=\([0-9.]*\) q3=\([0-9.]*\).*/\1 \2 \3/p')
  printf '%-18s %7s | %10s %10s %10s %7s %7s %7s | %10s %10s %7s | %6.2fx %13s\n' "$l" "$n" \
    "$mv" "$mo" "$mp" "$(ratio "$mv" "$mp")" "$(ratio "$mo" "$mp")" "$(ratio "$bo" "$bp")" \
    "$mwo" "$mwp" "$(ratio "$mwo" "$mwp")" "$pr" "$(printf '%.2f-%.2f' "$q1" "$q3")"
  mt=""
  mwt=""
  if [ -n "$TDOKU" ]; then
    mt=$(printf '%s\n' "${t[@]}" | median)
    mwt=$(printf '%s\n' "${wt[@]}" | median)
    tdoku_rows+=("$(printf '%-18s %7s | %10s %10s %10s %11s %11s | %10s %11s %11s' "$l" "$n" "$mt" \
      "$mo" "$mp" "$(ratio "$mt" "$mp")" "$(ratio "$mo" "$mt")" "$mwt" "$(ratio "$mwt" "$mwp")" \
      "$(ratio "$mwo" "$mwt")")")
  fi
  echo "$l,$mo,$mp,$mv,$mwo,$mwp,$mt,$mwt,$pr" >>"$CSV"
done
uptime
if [ -n "$TDOKU" ]; then
  echo
  echo "tdoku in the same rounds (in process; whole process)"
  printf '%-18s %7s | %10s %10s %10s %11s %11s | %10s %11s %11s\n' list puzzles tdoku/s \
    dayseed/s crate/s tdoku/crate dayseed/td whole-td/s tdoku/crate dayseed/td
  printf '%s\n' "${tdoku_rows[@]}"
fi

if [ "$CG_N" -gt 0 ] && command -v valgrind > /dev/null; then
  # Ir and Bcm collected inside the counting call only, per puzzle.
  counted() {
    valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file=/dev/null \
      --toggle-collect="$1" "${@:2}" 2>&1 | sed -n 's/.*Collected : \([0-9]*\) [0-9]* \([0-9]*\).*/\1 \2/p'
  }
  echo
  whole_instr() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 |
      sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
  }
  printf '%-18s %7s | %11s %11s %11s %7s %7s | %9s %9s %9s | %11s %11s %7s\n' list puzzles \
    frozen-instr dayseed-instr crate-instr before after frozen-mis dayseed-mis crate-mis \
    whole-ds-ins whole-cr-ins whole
  per() { echo "$1 $2" | awk '{printf "%.0f", $1 / $2}'; }
  for l in $lists; do
    head -n "$CG_N" "$WORK/$l.txt" > "$WORK/cg.txt"
    n=$(grep -c . "$WORK/cg.txt")
    read -r iv mv < <(counted '*solver_v1::count_solutions' "$OURS" "$WORK/cg.txt" 1 --frozen)
    read -r io mo < <(counted '*band_solver::count_solutions' "$OURS" "$WORK/cg.txt" 1)
    read -r ip mp < <(counted '*Sudoku::solutions_count_up_to' "$PEER" "$WORK/cg.txt" 1)
    wo=$(whole_instr "$OURS" "$WORK/cg.txt" 1)
    wp=$(whole_instr "$PEER" "$WORK/cg.txt" 1)
    printf '%-18s %7s | %11s %11s %11s %7s %7s | %9s %9s %9s | %11s %11s %7s\n' "$l" "$n" \
      "$(per "$iv" "$n")" "$(per "$io" "$n")" "$(per "$ip" "$n")" "$(ratio "$ip" "$iv")" \
      "$(ratio "$ip" "$io")" "$(per "$mv" "$n")" "$(per "$mo" "$n")" "$(per "$mp" "$n")" \
      "$(per "$wo" "$n")" "$(per "$wp" "$n")" "$(ratio "$wp" "$wo")"
  done
fi
