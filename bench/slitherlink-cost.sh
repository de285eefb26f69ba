#!/usr/bin/env bash
# Slitherlink trial levels (L8-L10): milliseconds per generated board, g1 vs g2, per level and size.
#
#   bench/slitherlink-cost.sh [SIZES] [LEVELS]      e.g. bench/slitherlink-cost.sh "10 15 20" "8 10"
#
# Each (level, size, version) is one process generating COUNT boards through the registry (ids
# slitherlink:SEED-s-NxN-Llevel-gN, s = 1..COUNT, re-validation included, as the server does);
# COUNT shrinks with the size so a full run stays within about ten minutes. g1 refuses boards
# above 225 cells at these levels (it runs only at 10 and 15), g2 level 10 above 400 cells. Prints the median and the worst
# board per row, the g1/g2 ratio of medians, and writes bench/results/slitherlink-cost.csv
# (level,size,cells,version,median_ms,max_ms,count) for plotting.
set -euo pipefail
SIZES=${1:-10 15 20 25 30}
LEVELS=${2:-8 9 10}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
cargo build --quiet --release -p dayseed-slitherlink --example slitherlink_bench --manifest-path "$ROOT/Cargo.toml"
OURS="$CARGO_TARGET_DIR/release/examples/slitherlink_bench"
CSV="$ROOT/bench/results/slitherlink-cost.csv"
mkdir -p "$(dirname "$CSV")"
python3 - "$OURS" "$CSV" "$SIZES" "$LEVELS" <<'PY'
import statistics, subprocess, sys
ours, csv, sizes, levels = sys.argv[1], sys.argv[2], sys.argv[3].split(), sys.argv[4].split()
COUNT = {10: 7, 15: 5, 20: 3, 25: 3, 30: 3}

def run(version, n, level, count):
    out = subprocess.run([ours, "version", version, str(n), str(n), str(level), str(count), "1"],
                         check=True, stdout=subprocess.PIPE, text=True).stdout.split()
    ms = [float(x) for x in out[out.index("ms") + 1].split(",")]
    return ms, out[-1]

rows = []
print(f"# slitherlink trial levels: ms per board (median, worst), seeds 1..count, one core")
print(f"{'level':>5} {'size':>5} {'n':>3} {'g1 median':>10} {'g1 worst':>9} {'g2 median':>10} {'g2 worst':>9} {'g1/g2':>6}  g2 level/attempts")
for level in map(int, levels):
    for n in map(int, sizes):
        count = COUNT.get(n, 3)
        med = {}
        worst = {}
        got = ""
        for version in ("g1", "g2"):
            if (version == "g1" and n * n > 225) or (version == "g2" and level == 10 and n * n > 400):
                continue
            ms, got_v = run(version, n, level, count)
            med[version], worst[version] = statistics.median(ms), max(ms)
            rows.append((level, n, n * n, version, med[version], worst[version], count))
            if version == "g2":
                got = got_v
        g1m = f"{med['g1']:10.1f}" if "g1" in med else f"{'refused':>10}"
        g1w = f"{worst['g1']:9.1f}" if "g1" in worst else f"{'-':>9}"
        g2m = f"{med['g2']:10.1f}" if "g2" in med else f"{'refused':>10}"
        g2w = f"{worst['g2']:9.1f}" if "g2" in worst else f"{'-':>9}"
        ratio = f"{med['g1'] / med['g2']:6.1f}" if len(med) == 2 else f"{'-':>6}"
        print(f"L{level:<4} {n:>5} {count:>3} {g1m} {g1w} {g2m} {g2w} {ratio}  {got}", flush=True)
with open(csv, "w") as f:
    f.write("level,size,cells,version,median_ms,max_ms,count\n")
    for level, n, cells, version, m, w, count in rows:
        f.write(f"{level},{n},{cells},{version},{m:.1f},{w:.1f},{count}\n")
print(f"wrote {csv}")
PY
