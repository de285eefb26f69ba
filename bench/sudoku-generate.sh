#!/usr/bin/env bash
# Sudoku generation speed: dayseed's current generator version (g2; the example takes
# --version N for another) vs Simon Tatham's Solo (sgt-solo from Debian's sgt-puzzles)
# at matching levels, in one run. Both generate N puzzles per process; the time is the CPU time
# (user+sys) of the process divided by N, the median over REPS runs, so a busy machine skews
# both sides alike. Prints per-level medians and the ratio (Solo time / dayseed time).
#
#   bench/sudoku-generate.sh [REPS]        env: N_EASY.. N_MASTER, SOLO_N_* override counts
#
# Requires: cargo, python3, /usr/games/sgt-solo (apt-get install -y sgt-puzzles).
set -euo pipefail
cd "$(dirname "$0")/.."
REPS=${1:-3}
SOLO=${SOLO:-/usr/games/sgt-solo}
[ -x "$SOLO" ] || { echo "sgt-solo not found at $SOLO (apt-get install -y sgt-puzzles)" >&2; exit 1; }
cargo build --release -q -p dayseed-sudoku --example generate_bench
BIN="${CARGO_TARGET_DIR:-target}/release/examples/generate_bench"

python3 - "$BIN" "$SOLO" "$REPS" <<'PY'
import os, resource, subprocess, sys, statistics
bin_, solo, reps = sys.argv[1], sys.argv[2], int(sys.argv[3])
env = os.environ
# (dayseed level, Solo difficulty code, dayseed count, Solo count)
levels = [
    ("EASY",   "b", int(env.get("N_EASY", 2000)),   int(env.get("SOLO_N_EASY", 500))),
    ("MEDIUM", "i", int(env.get("N_MEDIUM", 500)),  int(env.get("SOLO_N_MEDIUM", 60))),
    ("HARD",   "a", int(env.get("N_HARD", 200)),    int(env.get("SOLO_N_HARD", 20))),
    ("EXPERT", "e", int(env.get("N_EXPERT", 200)),  int(env.get("SOLO_N_EXPERT", 20))),
    ("MASTER", "u", int(env.get("N_MASTER", 100)),  int(env.get("SOLO_N_MASTER", 10))),
]

def cpu_of(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

print(f"{'level':8} {'solo':6} {'dayseed ms/puzzle':>18} {'solo ms/puzzle':>15} {'ratio':>8}")
seed = 1
for name, code, n, sn in levels:
    ours, theirs = [], []
    for r in range(reps):
        ours.append(cpu_of([bin_, name, str(n), str(seed + r * n)]) / n * 1e3)
        theirs.append(cpu_of([solo, "--generate", str(sn), f"3x3d{code}"]) / sn * 1e3)
    o, t = statistics.median(ours), statistics.median(theirs)
    print(f"{name:8} 3x3d{code:2} {o:18.3f} {t:15.3f} {t / o:7.1f}x", flush=True)
PY
