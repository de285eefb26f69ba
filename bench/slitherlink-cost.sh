#!/usr/bin/env bash
# Slitherlink trial levels (L8-L10): milliseconds per generated board per generator version, per
# level and size (default g2 against g4, the current one; VERSIONS="g1 g2 g3 g4" adds g1 and g3).
#
#   bench/slitherlink-cost.sh [SIZES] [LEVELS]      e.g. bench/slitherlink-cost.sh "10 15 20" "8 10"
#   VERSIONS="g1 g2 g3 g4" bench/slitherlink-cost.sh
#
# Each (level, size, version) is one process generating COUNT boards through the registry (ids
# slitherlink:SEED-s-NxN-Llevel-gN, s = 1..COUNT, re-validation included, as the server does);
# COUNT shrinks with the size so a full run stays within about ten minutes. g1 refuses boards
# above 225 cells at these levels (it runs only at 10 and 15), g2 level 10 above 400 cells (g3
# and g4 take every size up to 30x30). Prints the median and the worst board per row and
# version, the ratio of the first version's median to the last's, and writes bench/results/slitherlink-cost.csv
# (level,size,cells,version,median_ms,max_ms,count) for plotting.
set -euo pipefail
SIZES=${1:-10 15 20 25 30}
LEVELS=${2:-8 9 10}
VERSIONS=${VERSIONS:-g2 g4}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
cargo build --quiet --release -p dayseed-slitherlink --example slitherlink_bench --manifest-path "$ROOT/Cargo.toml"
OURS="$CARGO_TARGET_DIR/release/examples/slitherlink_bench"
CSV="$ROOT/bench/results/slitherlink-cost.csv"
mkdir -p "$(dirname "$CSV")"
echo "# $(uptime)"
python3 - "$OURS" "$CSV" "$SIZES" "$LEVELS" "$VERSIONS" <<'PY'
import statistics, subprocess, sys
ours, csv, sizes, levels = sys.argv[1], sys.argv[2], sys.argv[3].split(), sys.argv[4].split()
versions = sys.argv[5].split()
# Most cells each version takes at level 10 (levels 8-9: g1 225, the others 900).
DEEP_MAX = {"g1": 225, "g2": 400}
COUNT = {10: 7, 15: 5, 20: 3, 25: 3, 30: 3}

def run(version, n, level, count):
    out = subprocess.run([ours, "version", version, str(n), str(n), str(level), str(count), "1"],
                         check=True, stdout=subprocess.PIPE, text=True).stdout.split()
    ms = [float(x) for x in out[out.index("ms") + 1].split(",")]
    return ms, out[-1]

rows = []

def refused(version, n, level):
    return (version == "g1" and n * n > 225) or (level == 10 and n * n > DEEP_MAX.get(version, 900))

first, last = versions[0], versions[-1]
print(f"# slitherlink trial levels: ms per board (median, worst), seeds 1..count, one core")
head = "".join(f" {v + ' median':>10} {v + ' worst':>9}" for v in versions)
print(f"{'level':>5} {'size':>5} {'n':>3}{head} {first + '/' + last:>6}  {last} level/attempts")
for level in map(int, levels):
    for n in map(int, sizes):
        count = COUNT.get(n, 3)
        med, worst, got = {}, {}, ""
        for version in versions:
            if refused(version, n, level):
                continue
            ms, got_v = run(version, n, level, count)
            med[version], worst[version] = statistics.median(ms), max(ms)
            rows.append((level, n, n * n, version, med[version], worst[version], count))
            if version == last:
                got = got_v
        cols = "".join(f" {med[v]:10.1f} {worst[v]:9.1f}" if v in med else f" {'refused':>10} {'-':>9}"
                       for v in versions)
        ratio = f"{med[first] / med[last]:6.1f}" if first in med and last in med and first != last else f"{'-':>6}"
        print(f"L{level:<4} {n:>5} {count:>3}{cols} {ratio}  {got}", flush=True)
with open(csv, "w") as f:
    f.write("level,size,cells,version,median_ms,max_ms,count\n")
    for level, n, cells, version, m, w, count in rows:
        f.write(f"{level},{n},{cells},{version},{m:.1f},{w:.1f},{count}\n")
print(f"wrote {csv}")
PY
