#!/usr/bin/env bash
# The wasm parity test: builds web/pkg/dayseed.wasm and the native example, lets the example
# derive the id list from the registry (>= 200 ids over every genre and version), and has
# `node --test` check the wasm responses byte for byte against the native ones (arcade genres:
# including the replay of the solver's tape); sims.test.mjs drives the live-simulation exports;
# shots.test.mjs replays every one of the 384 verification shots of one slingstar hole in wasm
# against the native replay and the verification's own shot function. The id list also gets 30
# consecutive slingstar daily courses (every hole of each replayed by the solver's tape).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

scripts/build-wasm.sh
cargo build --release -p dayseed-wasm --example native_records
native="${CARGO_TARGET_DIR:-$root/target}/release/examples/native_records"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$native" ids >"$work/ids.txt"
# Slingstar's tick-hash parity over every hole of 30 dailies: each record carries the replay of the
# solver's tape, which plays all 9 holes of the course (every tick's state folded into one hash).
for day in $(seq 20671 20700); do
  echo "slingstar:DAILY-utc-v1-$day-C9-g1" >>"$work/ids.txt"
done
echo "test-wasm: $(wc -l <"$work/ids.txt") parity ids; generating natively" >&2
"$native" records <"$work/ids.txt" >"$work/native.jsonl"
shots_id="slingstar:DAILY-utc-v1-20671-H2-g1"
"$native" shots "$shots_id" >"$work/shots.jsonl"

DAYSEED_WASM="$root/web/pkg/dayseed.wasm" \
DAYSEED_SHOTS_ID="$shots_id" \
DAYSEED_SHOTS_NATIVE="$work/shots.jsonl" \
DAYSEED_PARITY_IDS="$work/ids.txt" \
DAYSEED_PARITY_NATIVE="$work/native.jsonl" \
  node --test --test-timeout=900000 crates/wasm/tests/parity.test.mjs crates/wasm/tests/sims.test.mjs \
    crates/wasm/tests/shots.test.mjs
