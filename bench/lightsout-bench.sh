#!/usr/bin/env bash
# Lights Out benchmarks, dayseed vs Simon Tatham's Flip (sgt-flip, Debian package sgt-puzzles).
#   bash bench/lightsout-bench.sh [RUNS] [GEN_COUNT]
# Prints: 1000x1000 solve time and peak memory (median of RUNS processes), 6x6 minimal-solution
# time in microseconds, generation time per board side by side with `sgt-flip --generate N 5x5c`
# and `10x10c` with the ratio, and how often optimal < par per stage size.
# Needs /usr/bin/time (package `time`) and /usr/games/sgt-flip (`apt-get install -y sgt-puzzles`).
set -euo pipefail
RUNS=${1:-5}
GEN=${2:-2000}
cd "$(dirname "$0")/.."
TARGET=${CARGO_TARGET_DIR:-target}
cargo build --quiet --release -p dayseed-lightsout --example lightsout_bench
BIN="$TARGET/release/examples/lightsout_bench"
FLIP=/usr/games/sgt-flip
[ -x "$FLIP" ] || { echo "missing $FLIP: apt-get install -y sgt-puzzles" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "missing /usr/bin/time: apt-get install -y time" >&2; exit 1; }

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

echo "== solve 1000x1000 (one solvable board per process, $RUNS processes)"
ms=(); kb=()
for _ in $(seq "$RUNS"); do
  out=$(/usr/bin/time -f "MAXRSS %M" "$BIN" solve-big 1000 2>&1)
  ms+=("$(sed -n 's/.*: \([0-9.]*\) ms.*/\1/p' <<<"$out")")
  kb+=("$(sed -n 's/^MAXRSS //p' <<<"$out")")
  detail=$(grep '^solve' <<<"$out")
done
base=$(/usr/bin/time -f "%M" "$BIN" solve-big 4 2>&1 >/dev/null)
echo "$detail"
echo "median solve time: $(printf '%s\n' "${ms[@]}" | median) ms"
echo "median peak RSS:   $(printf '%s\n' "${kb[@]}" | median) KB (same binary on a 4x4 board: $base KB)"

echo "== minimal solution 6x6"
"$BIN" minimal 6 6 2000

echo "== generation per board: dayseed vs sgt-flip ($GEN boards, median of $RUNS runs)"
# Both sides are timed as whole processes (start-up included) by wall clock; dayseed's in-process
# figure (registry generate: board, exact optimal, re-validation, JSON, digest) is shown beside.
now() { date +%s%N; }
for pair in "5x5c 5x5-P9" "10x10c 10x10-P36"; do
  set -- $pair
  inproc=(); ours=(); theirs=()
  for _ in $(seq "$RUNS"); do
    t0=$(now)
    line=$("$BIN" gen "$GEN" "$2")
    t1=$(now)
    "$FLIP" --generate "$GEN" "$1" >/dev/null 2>&1
    t2=$(now)
    inproc+=("$(sed -n 's/.*: \([0-9.]*\) us per board.*/\1/p' <<<"$line")")
    ours+=("$(awk -v a="$t0" -v b="$t1" -v n="$GEN" 'BEGIN {printf "%.2f", (b-a)/1000/n}')")
    theirs+=("$(awk -v a="$t1" -v b="$t2" -v n="$GEN" 'BEGIN {printf "%.2f", (b-a)/1000/n}')")
  done
  i=$(printf '%s\n' "${inproc[@]}" | median)
  o=$(printf '%s\n' "${ours[@]}" | median)
  t=$(printf '%s\n' "${theirs[@]}" | median)
  awk -v i="$i" -v o="$o" -v t="$t" -v a="$2" -v b="$1" \
    'BEGIN {printf "dayseed %-10s %7.2f us/board (in-process %.2f) | sgt-flip %-6s %7.2f us/board | flip/dayseed %.1fx\n", a, o, i, b, t, t/o}'
done

CLI="$TARGET/release/dayseed"
if [ -x "$CLI" ]; then
  echo "== dayseed solve lightsout on a 1000x1000 text file (whole CLI process, $RUNS runs)"
  tmp=$(mktemp -d)
  "$BIN" text-big 1000 >"$tmp/big.txt"
  ms=(); kb=()
  for _ in $(seq "$RUNS"); do
    t0=$(now)
    /usr/bin/time -o "$tmp/rss" -f "%M" "$CLI" solve lightsout "$tmp/big.txt" >"$tmp/out.json"
    t1=$(now)
    ms+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.1f", (b-a)/1e6}')")
    kb+=("$(cat "$tmp/rss")")
  done
  echo "report: $(head -c 160 "$tmp/out.json")..."
  echo "median wall time $(printf '%s\n' "${ms[@]}" | median) ms, median peak RSS $(printf '%s\n' "${kb[@]}" | median) KB (parse + solve + JSON of every press)"
  rm -rf "$tmp"
else
  echo "(no $CLI: build it with cargo build --release -p dayseed-cli to also time the CLI solve)"
fi

echo "== optimal < par per stage size (2000 seeds per stage)"
"$BIN" optimal-vs-par 2000
