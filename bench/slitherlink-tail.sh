#!/usr/bin/env bash
# The tail of Slitherlink generation: one process per seed (as a server request makes one
# board), two slitherlink_bench binaries in turn on the same ids (e.g. a kept copy of the binary
# before a change, and the current one). Prints per seed the ms and level/loops of each, then the
# median, the worst seed and how many seeds are within TARGET_MS, and the ratios of the medians
# and of the worst boards.
#
#   bench/slitherlink-tail.sh BEFORE AFTER W H LEVEL FIRST LAST [TARGET_MS] [VERSION] [AFTER_VERSION]
#   bench/slitherlink-tail.sh /tmp/old_bench target/release/examples/slitherlink_bench 30 30 10 1 60 5000
#   B=target/release/examples/slitherlink_bench; bench/slitherlink-tail.sh $B $B 30 30 10 1 60 5000 g3 g4
#
# VERSION (default g3) is the version both binaries make, or only BEFORE's when AFTER_VERSION is
# given (two versions compared, with one binary or two). Set CPU=1 to pin both to one core
# (taskset). The boards are the same when both sides make the same version's boards; the script
# checks that the levels and loops agree per seed (with two versions it counts where they
# differ, and the seeds delivered below LEVEL).
set -euo pipefail
before=$1 after=$2 w=$3 h=$4 level=$5 first=$6 last=$7
target=${8:-0}
version=${9:-g3}
after_version=${10:-$version}
pin=()
[ -n "${CPU:-}" ] && pin=(taskset -c "$CPU")
echo "# $(uptime)"
echo "# ${w}x${h} L$level $version -> $after_version seeds $first..$last, one process per seed (ms, level/loops)"
one() { "${pin[@]}" "$1" version "$3" "$w" "$h" "$level" 1 "$2" | awk '{print $6, $8}'; }
rows=""
for s in $(seq "$first" "$last"); do
  read -r bms bgot < <(one "$before" "$s" "$version")
  read -r ams agot < <(one "$after" "$s" "$after_version")
  same=yes
  [ "$bgot" = "$agot" ] || same=NO
  echo "seed $s: before $bms ms $bgot, after $ams ms $agot, same levels/loops: $same"
  rows="$rows$s $bms $ams $same $bgot $agot"$'\n'
done
echo "# $(uptime)"
printf '%s' "$rows" | python3 -c '
import statistics, sys
target = float(sys.argv[1])
level = sys.argv[2]
two = sys.argv[3] != sys.argv[4]
rows = [l.split() for l in sys.stdin if l.strip()]
b = [float(r[1]) for r in rows]
a = [float(r[2]) for r in rows]
def say(name, xs, got):
    worst = max(range(len(xs)), key=lambda i: xs[i])
    within = f", {sum(x <= target for x in xs)} of {len(xs)} within {target:g} ms" if target else ""
    gots = [r[got].split("/") for r in rows]
    loops = sum(int(g[1]) for g in gots)
    below = [r[0] for r, g in zip(rows, gots) if g[0] != level]
    seeds = " ".join(below) or "none"
    print(f"{name}: median {statistics.median(xs):.1f} ms, worst {xs[worst]:.1f} ms (seed {rows[worst][0]}){within}; "
          f"{loops} loops, below L{level}: {len(below)} (seeds {seeds})")
    return statistics.median(xs), xs[worst]
bm, bw = say("before", b, 4)
am, aw = say("after ", a, 5)
print(f"ratio before/after: median {bm / am:.2f}, worst {bw / aw:.2f}")
differ = sum(r[3] != "yes" for r in rows)
if two:
    print(f"levels/loops differ on {differ} of {len(rows)} seeds")
elif differ:
    print("WARNING: levels/loops differ on some seeds (different boards)")
' "$target" "$level" "$version" "$after_version"
