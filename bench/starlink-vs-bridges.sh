#!/usr/bin/env bash
# Generation time per puzzle: Starlink EXPERT (dayseed, the current generator g3) vs Simon Tatham's Bridges
# (`sgt-bridges --generate B 10x10i30e10m2d2`, from Debian's sgt-puzzles), in one run.
# Both run ROUNDS processes of B puzzles each, alternating; per-puzzle wall and CPU (user+sys)
# time of each process is divided by B (process start included for both). Prints medians and
# the ratios; CPU time is the fairer figure on a loaded machine.
#
#   bench/starlink-vs-bridges.sh [ROUNDS] [B]
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS="${1:-15}"
B="${2:-20}"
BRIDGES="$(command -v sgt-bridges || echo /usr/games/sgt-bridges)"
[ -x "$BRIDGES" ] || { echo "sgt-bridges not found: apt-get install -y sgt-puzzles" >&2; exit 1; }
cargo build --release -q -p dayseed-starlink --example starlink_bench
BIN="${CARGO_TARGET_DIR:-target}/release/examples/starlink_bench"
python3 - "$BIN" "$BRIDGES" "$ROUNDS" "$B" <<'PY'
import resource, statistics, subprocess, sys, time

bin_, bridges, rounds, b = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])

def run(cmd):
    """Wall and CPU (user+sys of the child) milliseconds per puzzle of one batch process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    wall = (time.perf_counter() - t0) * 1000.0 / b
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000.0 / b
    return wall, cpu

ours, theirs = [], []
for r in range(rounds):
    # Same shape of work: one process generating b puzzles (consecutive seeds per round).
    ours.append(run([bin_, "time", "1", str(b), str(r * b)]))
    theirs.append(run([bridges, "--generate", str(b), "10x10i30e10m2d2"]))

def med(xs, i):
    return statistics.median(x[i] for x in xs)

print(f"{rounds} rounds x {b} puzzles per process, alternating; ms per puzzle (process start included)")
print("| generator | median wall | median CPU |")
print("|---|---|---|")
print(f"| dayseed starlink EXPERT g3 (9x9, 22 stars, 3 gravity) | {med(ours, 0):.2f} | {med(ours, 1):.2f} |")
print(f"| sgt-bridges 10x10i30e10m2d2 | {med(theirs, 0):.2f} | {med(theirs, 1):.2f} |")
print(f"ratio starlink/bridges: wall {med(ours, 0) / med(theirs, 0):.2f}, CPU {med(ours, 1) / med(theirs, 1):.2f}")
PY
