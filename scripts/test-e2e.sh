#!/usr/bin/env bash
# Browser end-to-end test: builds the wasm module and the release `dayseed` binary, starts
# `dayseed serve` on a free loopback port with a fresh database, and drives Debian's chromium with
# playwright-core (web/e2e/*.test.mjs): solve today's Sudoku through the UI, submit the score, see
# it on the leaderboard, reload and see the progress restored; every other web/e2e/*.test.mjs
# (the arcade runtime, each arcade genre's page) runs too, one file at a time. Screenshots go to
# test-artifacts/.
# Never downloads a browser. The server is always stopped at the end.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

chromium=/usr/bin/chromium
if [ ! -x "$chromium" ]; then
  echo "test-e2e: $chromium is missing; install Debian's chromium (apt-get install -y chromium)" >&2
  exit 1
fi
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ ! -d web/node_modules/playwright-core ]; then
  echo "test-e2e: installing web/ npm packages (npm ci)" >&2
  (cd web && npm ci --no-audit --no-fund --loglevel=error)
fi

scripts/build-wasm.sh
cargo build --release -p dayseed-cli
bin="${CARGO_TARGET_DIR:-$root/target}/release/dayseed"

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

"$bin" serve --addr 127.0.0.1:0 --db "$work/dayseed.sqlite" --web web >"$work/stdout" 2>"$work/stderr" &
server_pid=$!
url=""
for _ in $(seq 1 300); do
  line="$(head -n 1 "$work/stdout" 2>/dev/null || true)"
  if [[ "$line" =~ ^listening\ on\ (http://[^[:space:]]+) ]]; then
    url="${BASH_REMATCH[1]}"
    break
  fi
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "test-e2e: dayseed serve exited early:" >&2
    cat "$work/stderr" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "test-e2e: dayseed serve printed no 'listening on' line within 30 s" >&2
  cat "$work/stderr" >&2
  exit 1
fi
echo "test-e2e: server at $url" >&2

mkdir -p test-artifacts
status=0
DAYSEED_URL="$url" DAYSEED_BIN="$bin" DAYSEED_ARTIFACTS="$root/test-artifacts" \
  node --test --test-timeout=300000 --test-concurrency=1 web/e2e/*.test.mjs || status=$?
if [ "$status" -ne 0 ]; then
  echo "test-e2e: failed; server log follows (screenshots in test-artifacts/)" >&2
  tail -n 50 "$work/stderr" >&2
fi
exit "$status"
