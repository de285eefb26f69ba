#!/usr/bin/env bash
# Sudoku generation speed: dayseed's current generator version vs Simon Tatham's Solo (sgt-solo
# from Debian's sgt-puzzles) at matching levels, in one run, two ways:
#
# - end to end: the whole `dayseed gen sudoku --difficulty LEVEL --count N --jobs 1 --quiet`
#   process (generator, registry re-validation, digest, JSON lines on stdout) against the whole
#   `sgt-solo --generate N 3x3dX` process;
# - in process: the generator function alone (the generate_bench example, same seeds).
#
# Each of REPS rounds runs the three processes back to back (a paired run); a time is the CPU
# time (user+sys) of the process divided by its count, so a busy machine skews both sides alike.
# Per level it prints the median ms/puzzle of each side and the median ratio (Solo time / dayseed
# time) over the paired runs with its range, and writes the same figures to CSV (for
# bench/plot-curves.py).
#
#   bench/sudoku-generate.sh [REPS]        (default 7)
#   env: N_EASY.. N_MASTER, SOLO_N_EASY.. SOLO_N_MASTER override counts;
#        DAYSEED, GENERATE_BENCH use prebuilt binaries (e.g. an older build) instead of building;
#        CSV sets the CSV path (default bench/results/sudoku-g4.csv, the current version's;
#        sudoku-generate.csv and sudoku-g3.csv keep g2's and g3's figures from when each was
#        current; empty: no CSV).
#
# Requires: cargo, python3, /usr/games/sgt-solo (apt-get install -y sgt-puzzles).
set -euo pipefail
cd "$(dirname "$0")/.."
REPS=${1:-7}
SOLO=${SOLO:-/usr/games/sgt-solo}
[ -x "$SOLO" ] || { echo "sgt-solo not found at $SOLO (apt-get install -y sgt-puzzles)" >&2; exit 1; }
TARGET="${CARGO_TARGET_DIR:-target}/release"
if [ -z "${DAYSEED:-}" ]; then
    cargo build --release -q -p dayseed-cli --bin dayseed
    DAYSEED="$TARGET/dayseed"
fi
if [ -z "${GENERATE_BENCH:-}" ]; then
    cargo build --release -q -p dayseed-sudoku --example generate_bench
    GENERATE_BENCH="$TARGET/examples/generate_bench"
fi
CSV=${CSV-bench/results/sudoku-g4.csv}
echo "# $(uptime)"

python3 - "$DAYSEED" "$GENERATE_BENCH" "$SOLO" "$REPS" "$CSV" <<'PY'
import csv, os, resource, subprocess, sys, statistics
dayseed, bench, solo, reps, csv_path = sys.argv[1:4] + [int(sys.argv[4]), sys.argv[5]]
env = os.environ
# (dayseed level, Solo difficulty code, dayseed count, Solo count)
levels = [
    ("EASY",   "b", int(env.get("N_EASY", 2000)),   int(env.get("SOLO_N_EASY", 2000))),
    ("MEDIUM", "i", int(env.get("N_MEDIUM", 500)),  int(env.get("SOLO_N_MEDIUM", 60))),
    ("HARD",   "a", int(env.get("N_HARD", 200)),    int(env.get("SOLO_N_HARD", 20))),
    ("EXPERT", "e", int(env.get("N_EXPERT", 200)),  int(env.get("SOLO_N_EXPERT", 20))),
    ("MASTER", "u", int(env.get("N_MASTER", 100)),  int(env.get("SOLO_N_MASTER", 10))),
]

def cpu_ms_each(cmd, n):
    """CPU milliseconds per puzzle of one whole process that makes n puzzles."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu / n * 1e3

def spread(xs):
    return f"{statistics.median(xs):5.1f}x ({min(xs):.1f}-{max(xs):.1f})"

print(f"# {reps} paired runs per level; ms/puzzle are CPU medians; ratio = Solo / dayseed")
print(f"{'level':7} {'solo':6} {'dayseed gen':>12} {'generator':>10} {'solo':>9} "
      f"{'end to end':>19} {'in process':>19} {'outside gen':>11}")
rows = []
for name, code, n, sn in levels:
    ours, gen, theirs = [], [], []
    for r in range(reps):
        seed = 1 + r * n
        ours.append(cpu_ms_each([dayseed, "gen", "sudoku", "--difficulty", name, "--count", str(n),
                                 "--seed", str(seed), "--jobs", "1", "--quiet"], n))
        gen.append(cpu_ms_each([bench, name, str(n), str(seed)], n))
        theirs.append(cpu_ms_each([solo, "--generate", str(sn), f"3x3d{code}"], sn))
    e2e = [t / o for t, o in zip(theirs, ours)]
    inproc = [t / g for t, g in zip(theirs, gen)]
    o, g, t = (statistics.median(x) for x in (ours, gen, theirs))
    outside = max(0.0, (o - g) / o * 100)
    print(f"{name:7} 3x3d{code:2} {o:12.4f} {g:10.4f} {t:9.3f} {spread(e2e):>19} "
          f"{spread(inproc):>19} {outside:10.0f}%", flush=True)
    rows.append([name, f"3x3d{code}", n, sn, reps, f"{o:.4f}", f"{g:.4f}", f"{t:.4f}",
                 f"{statistics.median(e2e):.2f}", f"{min(e2e):.2f}", f"{max(e2e):.2f}",
                 f"{statistics.median(inproc):.2f}", f"{min(inproc):.2f}", f"{max(inproc):.2f}"])
if csv_path:
    os.makedirs(os.path.dirname(csv_path) or ".", exist_ok=True)
    with open(csv_path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["level", "solo_params", "count", "solo_count", "reps", "dayseed_ms",
                    "generator_ms", "solo_ms", "e2e_ratio", "e2e_min", "e2e_max",
                    "inproc_ratio", "inproc_min", "inproc_max"])
        w.writerows(rows)
    print(f"# wrote {csv_path}")
PY
