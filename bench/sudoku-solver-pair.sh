#!/usr/bin/env bash
# Two builds of the Sudoku solver head to head: two `solver_bench` binaries (for instance the
# example built at two commits and copied aside) on the same puzzle lists, run alternately. For
# each list it prints the median over RUNS processes of each build's in-process rate (puzzles/s,
# each process's median over its repetitions) and the ratio B/A (above 1: B is faster); then,
# when valgrind is installed, the instructions and simulated branch mispredicts per puzzle spent
# inside the counting call (callgrind --toggle-collect) on the first CG_N puzzles of each list,
# which no machine load changes. This is how bench/results/sudoku-solver.md measures a change.
#
#   bench/sudoku-solver-pair.sh A_BIN B_BIN LIST... [env: RUNS (default 9), REPS (15), CG_N (300)]
#
# Repetitions per process scale with the list (REPS for 300 or more puzzles, more for shorter
# lists) so that each timed pass lasts long enough to be measured on a loaded machine.
set -euo pipefail
A=${1:?usage: bench/sudoku-solver-pair.sh A_BIN B_BIN LIST...}
B=${2:?usage: bench/sudoku-solver-pair.sh A_BIN B_BIN LIST...}
shift 2
RUNS=${RUNS:-9}
REPS=${REPS:-15}
CG_N=${CG_N:-300}
rate() { sed -n 's/.*median_per_sec=\([0-9]*\).*/\1/p'; }
median() { sort -n | sed -n "$(((RUNS + 1) / 2))p"; }
uptime
printf '%-28s %7s | %10s %10s %7s\n' list puzzles A/s B/s B/A
for f in "$@"; do
  n=$(grep -c . "$f")
  reps=$((REPS * 300 / n))
  [ "$reps" -lt "$REPS" ] && reps=$REPS
  a=()
  b=()
  for _ in $(seq "$RUNS"); do
    a+=("$("$A" "$f" "$reps" | rate)")
    b+=("$("$B" "$f" "$reps" | rate)")
  done
  ma=$(printf '%s\n' "${a[@]}" | median)
  mb=$(printf '%s\n' "${b[@]}" | median)
  printf '%-28s %7s | %10s %10s %7s\n' "$(basename "$f")" "$n" "$ma" "$mb" \
    "$(echo "$mb $ma" | awk '{printf "%.3f", $1 / $2}')"
done
uptime
if [ "$CG_N" -gt 0 ] && command -v valgrind > /dev/null; then
  cg=$(mktemp /tmp/dayseed-sudoku-pair.XXXXXX)
  trap 'rm -f "$cg"' EXIT
  counted() {
    valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file=/dev/null \
      --toggle-collect='*band_solver::count_solutions' "$1" "$cg" 1 2>&1 |
      sed -n 's/.*Collected : \([0-9]*\) [0-9]* \([0-9]*\).*/\1 \2/p'
  }
  echo
  printf '%-28s %7s | %9s %9s %7s | %7s %7s\n' list puzzles A-instr B-instr B/A A-mis B-mis
  for f in "$@"; do
    head -n "$CG_N" "$f" > "$cg"
    n=$(grep -c . "$cg")
    read -r ia ma < <(counted "$A")
    read -r ib mb < <(counted "$B")
    echo "$(basename "$f") $n $ia $ib $ma $mb" | awk '{printf "%-28s %7s | %9.0f %9.0f %7.3f | %7.0f %7.0f\n",
      $1, $2, $3 / $2, $4 / $2, $4 / $3, $5 / $2, $6 / $2}'
  done
fi
