#!/usr/bin/env bash
# Our generated Sudoku boards rated by Sukaku Explainer itself: for each level, N boards of the
# current generator (`dayseed gen sudoku --difficulty LEVEL --count N --seed 1`) are rated by
# SE's command-line rater (`diuf.sudoku.test.serate`), and the table compares SE's rating with
# the `score` we store: how many are equal (+-0.05), how many we rate above SE + 0.5 (a level
# too high for SE) or below SE - 0.5, and both ranges.
#
# SE is not vendored (LGPL Java, not on a package registry): point SE_SRC at a checkout of
# github.com/SudokuMonster/SukakuExplainer (the folder holding `diuf/`); the script compiles its
# non-GUI sources with javac into a temporary folder (Java 17 works).
#
#   SE_SRC=/path/to/SukakuExplainer bench/sudoku-se-generated.sh [N_EASY N_MEDIUM N_HARD N_EXPERT N_MASTER]
#   env: DAYSEED uses a prebuilt binary; KEEP=DIR keeps the boards and SE's ratings there;
#        GENERATOR=gN rates another supported version's boards (default: the current one).
#
# Requires: cargo, java and javac (17), python3.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${SE_SRC:-}" ] && [ -d "$SE_SRC/diuf/sudoku" ] || {
    echo "set SE_SRC to a SukakuExplainer checkout (the folder with diuf/sudoku)" >&2; exit 1; }
command -v javac >/dev/null || { echo "javac not found (a JDK 17 is needed)" >&2; exit 1; }
COUNTS=("${1:-200}" "${2:-100}" "${3:-60}" "${4:-40}" "${5:-24}")
if [ -z "${DAYSEED:-}" ]; then
    cargo build --release -q -p dayseed-cli --bin dayseed
    DAYSEED="${CARGO_TARGET_DIR:-target}/release/dayseed"
fi
WORK=${KEEP:-$(mktemp -d)}
mkdir -p "$WORK/classes"
find "$SE_SRC/diuf" -name '*.java' ! -path '*/gui/*' ! -path '*/applet/*' > "$WORK/sources.txt"
javac -encoding ISO-8859-1 -nowarn -d "$WORK/classes" @"$WORK/sources.txt" 2>&1 | grep -v '^Note:' || true
echo "# $(uptime)"
levels=(easy medium hard expert master)
for i in "${!levels[@]}"; do
    l=${levels[$i]}
    "$DAYSEED" gen sudoku --difficulty "$l" --count "${COUNTS[$i]}" --seed 1 --quiet \
        ${GENERATOR:+--generator "$GENERATOR"} |
        python3 -c '
import json, sys
for line in sys.stdin:
    d = json.loads(line)
    print(d["id"], d["puzzle"], d["grade"]["score"])' > "$WORK/ours-$l.txt"
    awk '{print $2}' "$WORK/ours-$l.txt" > "$WORK/puzzles-$l.txt"
    java -cp "$WORK/classes" diuf.sudoku.test.serate --input="$WORK/puzzles-$l.txt" \
        --format='%r' > "$WORK/se-$l.txt"
done
python3 - "$WORK" <<'PY'
import sys
work = sys.argv[1]
print("| level | boards | = SE (+-0.05) | > SE + 0.5 | < SE - 0.5 | SE range | our range |")
print("|---|---|---|---|---|---|---|")
for level in ["easy", "medium", "hard", "expert", "master"]:
    ours = [float(x.split()[2]) for x in open(f"{work}/ours-{level}.txt")]
    se = [float(x.split()[0]) for x in open(f"{work}/se-{level}.txt")]
    if len(ours) != len(se):
        sys.exit(f"{level}: {len(ours)} boards but {len(se)} SE ratings")
    n = len(se)
    eq = sum(abs(a - b) <= 0.051 for a, b in zip(ours, se))
    over = sum(a > b + 0.5 for a, b in zip(ours, se))
    under = sum(a < b - 0.5 for a, b in zip(ours, se))
    print(f"| {level.upper()} | {n} | {eq} ({eq / n:.0%}) | {over} ({over / n:.1%}) | "
          f"{under} | {min(se)}-{max(se)} | {min(ours)}-{max(ours)} |")
PY
