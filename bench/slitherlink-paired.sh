#!/usr/bin/env bash
# Paired alternating runs of two slitherlink_bench binaries (e.g. a kept copy of the binary
# before a change, and the current one) on the same g3 boards: per case, medians of each and
# their ratio. Usage: bench/slitherlink-paired.sh BEFORE AFTER [ROUNDS]
# Cases: "W H LEVEL COUNT SEED" lines in $CASES (default below).
set -euo pipefail
before=$1
after=$2
rounds=${3:-2}
CASES=${CASES:-"10 10 10 7 1
20 20 10 3 1
25 25 10 1 16
30 30 10 1 21"}
echo "load: $(uptime)"
median() { tr ',' '\n' | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
while read -r w h level count seed; do
  [ -z "$w" ] && continue
  b_all="" a_all=""
  for _ in $(seq "$rounds"); do
    b=$("$before" version g3 "$w" "$h" "$level" "$count" "$seed" | sed 's/.* ms \([^ ]*\) .*/\1/')
    a=$("$after" version g3 "$w" "$h" "$level" "$count" "$seed" | sed 's/.* ms \([^ ]*\) .*/\1/')
    b_all="$b_all${b_all:+,}$b"
    a_all="$a_all${a_all:+,}$a"
  done
  bm=$(echo "$b_all" | median)
  am=$(echo "$a_all" | median)
  echo "${w}x${h} L$level seeds $seed..$((seed + count - 1)) x$rounds: before median $bm ms, after median $am ms, ratio $(awk -v b="$bm" -v a="$am" 'BEGIN {printf "%.2f", b / a}')"
done <<< "$CASES"
echo "load: $(uptime)"
