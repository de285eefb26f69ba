#!/usr/bin/env bash
# bench/compare-revisions.sh — whole-process generation time of two revisions of dayseed, every
# genre, on the same work in one run: `dayseed gen <genre> --count C --jobs 1` built at REV_A and
# at REV_B (release, one shared target directory so dependencies build once), run alternately
# RUNS times. Prints per genre the median seconds of each, the ratio A/B (above 1: B is faster)
# and whether the two printed byte-identical output (they must: a refactor may not move a
# board). Use it to show a change does not slow generation, e.g. before and after a refactor:
#
#   bench/compare-revisions.sh REV_A REV_B [RUNS]     env: COUNT_SCALE (default 1), GENRES,
#                                                     COMPARE_TARGET (build folder; binaries are
#                                                     kept there by commit, so a rerun skips builds)
#
# Work per genre (scaled by COUNT_SCALE): sudoku MEDIUM x200, lightsout x2000, slitherlink
# 10x10 L6 x40, starlink x100, fourstep x20, flip x20, slingstar x5, jj x5.
set -euo pipefail
cd "$(dirname "$0")/.."
A=${1:?usage: bench/compare-revisions.sh REV_A REV_B [RUNS]}
B=${2:?usage: bench/compare-revisions.sh REV_A REV_B [RUNS]}
RUNS=${3:-5}
SCALE=${COUNT_SCALE:-1}
GENRES=${GENRES:-"sudoku lightsout slitherlink starlink fourstep flip slingstar jj"}
WORK=$(mktemp -d /tmp/dayseed-compare.XXXXXX)
TARGET=${COMPARE_TARGET:-/tmp/dayseed-compare-target}
trap 'git worktree remove --force "$WORK/a" >/dev/null 2>&1 || true;
      git worktree remove --force "$WORK/b" >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT

count_of() {
  case $1 in
    sudoku) echo $((200 * SCALE)) ;; lightsout) echo $((2000 * SCALE)) ;;
    slitherlink) echo $((40 * SCALE)) ;; starlink) echo $((100 * SCALE)) ;;
    fourstep | flip) echo $((20 * SCALE)) ;; *) echo $((5 * SCALE)) ;;
  esac
}

for side in a b; do
  rev=$A; [[ $side == b ]] && rev=$B
  sha=$(git rev-parse "$rev^{commit}")
  bin="$TARGET/dayseed-$sha"
  if [[ ! -x $bin ]]; then
    git worktree add -q --detach "$WORK/$side" "$sha"
    echo "building $side = ${sha:0:8} ..." >&2
    (cd "$WORK/$side" && CARGO_TARGET_DIR=$TARGET cargo build --release -q -p dayseed-cli)
    cp "$TARGET/release/dayseed" "$bin"
  fi
  cp "$bin" "$WORK/dayseed-$side"
done

now() { date +%s.%N; }
echo "machine: $(uptime)"
printf '%-12s %7s %10s %10s %9s %s\n' genre count "A median" "B median" "A/B" output
for g in $GENRES; do
  n=$(count_of "$g")
  ta=(); tb=()
  for ((r = 0; r < RUNS; r++)); do
    for side in a b; do
      t0=$(now)
      "$WORK/dayseed-$side" gen "$g" --count "$n" --jobs 1 --quiet >"$WORK/out-$side"
      t=$(echo "$(now) - $t0" | bc -l)
      if [[ $side == a ]]; then ta+=("$t"); else tb+=("$t"); fi
    done
  done
  same=identical
  cmp -s "$WORK/out-a" "$WORK/out-b" || same=DIFFERENT
  ma=$(printf '%s\n' "${ta[@]}" | sort -g | sed -n "$((RUNS / 2 + 1))p")
  mb=$(printf '%s\n' "${tb[@]}" | sort -g | sed -n "$((RUNS / 2 + 1))p")
  printf '%-12s %7d %10.3f %10.3f %9.2f %s\n' "$g" "$n" "$ma" "$mb" "$(echo "$ma / $mb" | bc -l)" "$same"
done
