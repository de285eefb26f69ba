#!/usr/bin/env bash
# FLIP figures (issue 12): obstacle generation rate, replay time of a 10-minute tape, the proof
# that the simulated player with a reaction delay survives the gap rule at 1.25 and crashes at
# 1.0 and 0.9, and the tightest change of side per speed band.
#   bash bench/flip-bench.sh [RUNS] [SEEDS] [OBSTACLES]
# Defaults keep the whole script under 2 minutes on a shared 2-core machine: RUNS=5 medians,
# the proof on SEEDS=100 runs of OBSTACLES=10000 obstacles. The issue's full figure is 1000 seeds:
# `bash bench/flip-bench.sh 3 1000 10000` (measured: 1000 of 1000 survived, 1.2e9 ticks, 24.7 s
# CPU, 100 s wall at load average 15). CPU time (from /proc/thread-self/schedstat) is printed
# beside wall time because the machine is shared.
set -euo pipefail
RUNS=${1:-5}
SEEDS=${2:-100}
OBSTACLES=${3:-10000}
cd "$(dirname "$0")/.."
TARGET=${CARGO_TARGET_DIR:-target}
cargo build --quiet --release -p dayseed-flip --example flip_bench
BIN="$TARGET/release/examples/flip_bench"

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

echo "== obstacle generation, 20 million obstacles of one run, median of $RUNS"
cpu=(); wall=()
for _ in $(seq "$RUNS"); do
  line=$("$BIN" gen 20000000)
  cpu+=("$(sed -n 's/.*= \([0-9.]*\) million per s (wall.*/\1/p' <<<"$line")")
  wall+=("$(sed -n 's/.*s = \([0-9.]*\) million per s); .*/\1/p' <<<"$line")")
done
echo "$line"
echo "median: $(printf '%s\n' "${cpu[@]}" | median) million obstacles per CPU-second (wall clock: $(printf '%s\n' "${wall[@]}" | median) million per s)"

echo "== replay of a 10-minute run's tape (the simulated player's), median of $((RUNS * 4)) replays"
out=$("$BIN" replay 10 $((RUNS * 4)))
head -1 <<<"$out"
echo "median: $(grep -o 'replay_cpu_us [0-9]*' <<<"$out" | awk '{print $2}' | median) us CPU, $(grep -o 'wall_us [0-9]*' <<<"$out" | awk '{print $2}' | median) us wall"

echo "== proof: simulated player (reaction 11 ticks = 60% of the 1.25 slack) on the real step function"
nice "$BIN" proof "$SEEDS" "$OBSTACLES" 1.25
"$BIN" proof 100 2000 1.0
"$BIN" proof 100 2000 0.9

echo "== tightest change of side per speed band"
"$BIN" tightest "$SEEDS" "$OBSTACLES"
