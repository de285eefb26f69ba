#!/usr/bin/env bash
# bench/check-bench.sh — per-request cost of POST /api/v1/check and /api/v1/hint on a cached
# board, for the four logic genres, in process (crates/server/examples/check_bench.rs: the
# router driven without sockets, so the figure is the handler's own work: body parsing, the
# cached board's lookup, the genre's check or hint, the JSON answer).
# Prints the median microseconds per request over ROUNDS rounds of N requests each.
#
#   bench/check-bench.sh [N] [ROUNDS]     env: PROFILE (release; `test` reuses a test build)
#
# Compare two branches by running it on each on the same machine, one after the other.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-2000}
ROUNDS=${2:-5}
PROFILE=${PROFILE:-release}
cargo build --profile "$PROFILE" -q -p dayseed-server --example check_bench
DIR=$PROFILE
[[ "$PROFILE" == dev || "$PROFILE" == test ]] && DIR=debug
"${CARGO_TARGET_DIR:-target}/$DIR/examples/check_bench" "$N" "$ROUNDS"
