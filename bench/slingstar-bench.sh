#!/usr/bin/env bash
# Slingstar benchmarks (no peer: the original game is a JavaScript page we do not have).
#   bash bench/slingstar-bench.sh [FROM_EPOCH_DAY]
# Prints, for 30 and then 365 daily courses (9 holes each) from FROM_EPOCH_DAY (default 20671):
# median/min/max time to generate and verify one course (384 shots per candidate, windows and
# robust counts included), the par 2/3/4 distribution beside the original game's 81/119/70 over
# 270 holes, fallbacks, candidates per hole, the success-count histogram; for the 30 also the
# solver's time per course and the replay check of its tape. One core, native release build.
# Then, when web/pkg/dayseed.wasm exists (scripts/build-wasm.sh), the same 10 courses generated
# natively and in the wasm build under Node, with the ratio.
# Takes about 1 minute on an idle core (longer on a shared machine).
set -euo pipefail
FROM=${1:-20671}
cd "$(dirname "$0")/.."
TARGET=${CARGO_TARGET_DIR:-target}
cargo build --quiet --release -p dayseed-slingstar --example slingstar_bench
BIN="$TARGET/release/examples/slingstar_bench"
echo "== 30 dailies (with solver and replay check)"
"$BIN" --from "$FROM" --days 30 --solve
echo "== 365 dailies"
"$BIN" --from "$FROM" --days 365
if [ -f web/pkg/dayseed.wasm ] && command -v node >/dev/null; then
  echo "== native vs wasm, 10 dailies"
  nat=$("$BIN" --from "$FROM" --days 10 | sed -n 's/^course generation ms: median \([0-9.]*\).*/\1/p')
  echo "native course generation ms (10 dailies from $FROM): median $nat"
  out=$(node bench/slingstar-wasm.mjs "$FROM" 10)
  echo "$out"
  was=$(sed -n 's/.*median \([0-9.]*\),.*/\1/p' <<<"$out")
  awk -v w="$was" -v n="$nat" 'BEGIN { printf "wasm / native: %.2fx\n", w / n }'
else
  echo "(no web/pkg/dayseed.wasm: run scripts/build-wasm.sh for the wasm comparison)"
fi
