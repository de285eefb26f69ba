#!/usr/bin/env bash
# Side-by-side benchmark: dayseed slitherlink vs Simon Tatham's Loopy (sgt-puzzles), one run.
#
#   bench/slitherlink-bench.sh [N] [REPS]
#
# 1. 10x10 generation at matching levels: Loopy `10x10t0de|dn|dh` vs our L2|L5|L7 (the mapping
#    documented in genres/slitherlink/src/lib.rs). Both generate N puzzles per process; REPS
#    alternating repetitions; medians of CPU seconds (user+sys, robust on a shared machine) and
#    wall seconds per puzzle; ratio = Loopy / ours. Our puzzles are proven unique by search.
# 2. Throughput at 10x10 L5 and L6 (puzzles per minute on one core, from CPU time).
# 3. 15x15: our solver's uniqueness proof of a 15x15 L5 puzzle vs Loopy's generation of one
#    15x15 normal puzzle.
# Needs: apt-get install -y sgt-puzzles; cargo; python3.
set -euo pipefail
N=${1:-100}
REPS=${2:-5}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
cargo build --quiet --release -p dayseed-slitherlink --example slitherlink_bench --manifest-path "$ROOT/Cargo.toml"
OURS="$CARGO_TARGET_DIR/release/examples/slitherlink_bench"
LOOPY=${LOOPY:-/usr/games/sgt-loopy}
[ -x "$LOOPY" ] || { echo "sgt-loopy not found (apt-get install -y sgt-puzzles)" >&2; exit 1; }
python3 - "$OURS" "$LOOPY" "$N" "$REPS" <<'PY'
import resource, statistics, subprocess, sys, time
ours, loopy, n, reps = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])

def timed(cmd):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True).stdout
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    return cpu, wall, out

print(f"# slitherlink vs sgt-loopy: 10x10 generation, {n} puzzles per run, {reps} runs each")
print(f"{'loopy':8} {'ours':5} {'loopy cpu ms':>13} {'ours cpu ms':>12} {'cpu ratio':>10} {'loopy wall ms':>14} {'ours wall ms':>13} {'wall ratio':>11}")
for diff, level in [("e", 2), ("n", 5), ("h", 7)]:
    lc, lw, oc, ow = [], [], [], []
    for rep in range(reps):
        c, w, _ = timed([loopy, "--generate", str(n), f"10x10t0d{diff}"])
        lc.append(c / n); lw.append(w / n)
        c, w, out = timed([ours, "gen", "10", "10", str(level), str(n), str(1 + rep * n)])
        oc.append(c / n); ow.append(w / n)
    mlc, mlw, moc, mow = (statistics.median(x) * 1000 for x in (lc, lw, oc, ow))
    print(f"d{diff:7} L{level:<4} {mlc:13.3f} {moc:12.3f} {mlc / moc:10.2f} {mlw:14.3f} {mow:13.3f} {mlw / mow:11.2f}")

print(f"\n# throughput, 10x10, one core (from CPU time), {n} puzzles per run")
for level in (5, 6):
    cpus = []
    for rep in range(reps):
        c, _, out = timed([ours, "gen", "10", "10", str(level), str(n), str(1000 + rep * n)])
        cpus.append(c / n)
    print(f"L{level}: {60 / statistics.median(cpus):,.0f} puzzles/minute (median CPU {statistics.median(cpus) * 1000:.3f} ms/puzzle)")

print("\n# 15x15: our uniqueness proof vs Loopy generating one 15x15 normal puzzle")
lc, lw = [], []
for rep in range(reps):
    c, w, _ = timed([loopy, "--generate", "5", "15x15t0dn"])
    lc.append(c / 5); lw.append(w / 5)
proofs = []
for seed in range(1, reps + 1):
    _, _, out = timed([ours, "unique", "15", "15", "5", str(seed)])
    proofs.append(float(out.split("seconds_per_proof")[1].split()[0]))
mp = statistics.median(proofs) * 1000
print(f"loopy 15x15t0dn generation: median {statistics.median(lc) * 1000:.3f} ms CPU, {statistics.median(lw) * 1000:.3f} ms wall per puzzle")
print(f"ours 15x15 L5 uniqueness proof: median {mp:.3f} ms wall (in-process, 20 proofs each); ratio {statistics.median(lw) * 1000 / mp:.1f}x")
PY
