#!/usr/bin/env bash
# Grading speed of LADDER_V2 (logic::grade_detail), two builds of the se_agreement example
# compared: paired, alternating runs (before, after, before, after, ...) on g2 EXPERT and g2
# MASTER boards (200 each, seed 1) and on the SE sample (bench/data/se-bank-sample.txt); prints
# per bank and level the median over rounds of each build's median grading time, and the ratio.
# With CALLGRIND=1, also the instructions (valgrind --tool=callgrind) each build needs to grade
# the first ${CALLGRIND_BOARDS:-50} boards of each bank (the SE sample's: those we place at
# MASTER), the stable figure on a loaded machine.
#
#   bench/sudoku-grade-speed.sh BEFORE_BIN AFTER_BIN [ROUNDS]     (ROUNDS default 3)
#
# BEFORE_BIN/AFTER_BIN: copies of target/release/examples/se_agreement built from the two
# revisions (the example needs the `--time` flag, and `--capped` for CAPPED=1). Boards come
# from ${DAYSEED:-target/release/dayseed}, or with BANKS=DIR from DIR/g2-expert.txt and
# DIR/g2-master.txt (lines `x puzzle 0`). With CAPPED=1, also the time of grading each g2
# board capped at EXPERT (`grade_capped`), split by boards that pass and boards that fail.
set -euo pipefail
cd "$(dirname "$0")/.."
BEFORE=$1
AFTER=$2
ROUNDS=${3:-3}
DAYSEED=${DAYSEED:-target/release/dayseed}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for level in expert master; do
  if [ -n "${BANKS:-}" ]; then
    cp "$BANKS/g2-$level.txt" "$TMP/g2-$level.txt"
    continue
  fi
  "$DAYSEED" gen sudoku --difficulty "$level" --count 200 --seed 1 --quiet \
    | python3 -c 'import sys, json
for line in sys.stdin:
    print("x", json.loads(line)["puzzle"], 0)' >"$TMP/g2-$level.txt"
done
cp bench/data/se-bank-sample.txt "$TMP/se-sample.txt"
uptime
for bank in g2-expert g2-master se-sample; do
  for ((r = 1; r <= ROUNDS; r++)); do
    for build in before after; do
      bin=$BEFORE
      [ "$build" = after ] && bin=$AFTER
      taskset -c 0 "$bin" "$TMP/$bank.txt" --time 2>/dev/null || "$bin" "$TMP/$bank.txt" --time
    done | awk -v b="$bank" -v r="$r" '/^\| [A-Za-z]/ && !/level/ {n++; print b, r, $2, $6}' \
      | awk '{k[$1" "$3]=k[$1" "$3]" "$4} END {for (x in k) print x, k[x]}' >>"$TMP/times.txt"
  done
done
uptime
echo
echo "| bank | level | before median ms | after median ms | after/before |"
echo "|---|---|---|---|---|"
python3 - "$TMP/times.txt" <<'PY'
import sys, statistics
rows = {}
for line in open(sys.argv[1]):
    f = line.split()
    key = (f[0], f[1])
    pairs = rows.setdefault(key, ([], []))
    vals = [float(v) for v in f[2:]]
    # Each round prints the before build's table, then the after build's.
    pairs[0].append(vals[0])
    pairs[1].append(vals[1])
order = ["Easy", "Medium", "Hard", "Expert", "Master", "all"]
for bank in ["g2-expert", "g2-master", "se-sample"]:
    for level in order:
        if (bank, level) in rows:
            b, a = (statistics.median(v) for v in rows[(bank, level)])
            print(f"| {bank} | {level} | {b:.3f} | {a:.3f} | {a / b:.2f} |")
PY
if [ "${CAPPED:-0}" = 1 ]; then
  echo
  echo "| bank | capped at Expert | boards | before median ms | after median ms | after/before |"
  echo "|---|---|---|---|---|---|"
  for bank in g2-expert g2-master; do
    for ((r = 1; r <= ROUNDS; r++)); do
      for which in 0 1; do
        bin=$BEFORE
        [ "$which" = 1 ] && bin=$AFTER
        { taskset -c 0 "$bin" "$TMP/$bank.txt" --capped 2>&1 >/dev/null \
          || "$bin" "$TMP/$bank.txt" --capped 2>&1 >/dev/null; } \
          | awk -v b="$bank" -v w="$which" '{sub(":", "", $4); print b, $4, $5, $8, w}'
      done
    done >"$TMP/capped-$bank.txt"
    python3 - "$TMP/capped-$bank.txt" <<'PY'
import sys, statistics
rows = {}
for line in open(sys.argv[1]):
    bank, kind, n, ms, after = line.split()
    rows.setdefault((bank, kind, n), ([], []))[int(after)].append(float(ms))
for (bank, kind, n), (b, a) in rows.items():
    b, a = statistics.median(b), statistics.median(a)
    print(f"| {bank} | {kind} | {n} | {b:.3f} | {a:.3f} | {a / b:.2f} |")
PY
  done
fi
if [ "${CALLGRIND:-0}" = 1 ]; then
  echo
  echo "| bank | before instructions | after instructions | after/before |"
  echo "|---|---|---|---|"
  for bank in g2-expert g2-master se-master; do
    src=$bank
    if [ "$bank" = se-master ]; then
      "$BEFORE" "$TMP/se-sample.txt" --each | awk '$2 == "Master" {print "x", $1, 0}' >"$TMP/se-master.txt"
    fi
    head -n "${CALLGRIND_BOARDS:-50}" "$TMP/$src.txt" >"$TMP/cg-$src.txt"
    src=cg-$src
    ins=()
    for bin in "$BEFORE" "$AFTER"; do
      valgrind --tool=callgrind --callgrind-out-file="$TMP/cg.out" "$bin" "$TMP/$src.txt" --each \
        >/dev/null 2>"$TMP/cg.log"
      ins+=("$(sed -n 's/.*Collected : //p' "$TMP/cg.log")")
    done
    n=$(wc -l <"$TMP/$src.txt")
    echo "| $bank ($n boards) | ${ins[0]} | ${ins[1]} | $(python3 -c "print(f'{${ins[1]}/${ins[0]}:.2f}')") |"
  done
fi
