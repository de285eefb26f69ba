#!/usr/bin/env bash
# The wasm parity test: builds web/pkg/dayseed.wasm and the native example, lets the example
# derive the id list from the registry (>= 200 ids over every genre and version), and has
# `node --test` check the wasm responses byte for byte against the native ones (arcade genres:
# including the replay of the solver's tape); sims.test.mjs drives the live-simulation exports.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

scripts/build-wasm.sh
cargo build --release -p dayseed-wasm --example native_records
native="${CARGO_TARGET_DIR:-$root/target}/release/examples/native_records"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$native" ids >"$work/ids.txt"
echo "test-wasm: $(wc -l <"$work/ids.txt") parity ids; generating natively" >&2
"$native" records <"$work/ids.txt" >"$work/native.jsonl"

DAYSEED_WASM="$root/web/pkg/dayseed.wasm" \
DAYSEED_PARITY_IDS="$work/ids.txt" \
DAYSEED_PARITY_NATIVE="$work/native.jsonl" \
  node --test --test-timeout=900000 crates/wasm/tests/parity.test.mjs crates/wasm/tests/sims.test.mjs
