#!/usr/bin/env bash
# Property-based API test: starts a fresh `dayseed serve` (debug build, new database, no web
# page) on a free loopback port and runs schemathesis (`st run --checks all`) against its own
# OpenAPI document with a bounded number of examples per operation. Installs schemathesis from
# PyPI into a venv under target/ on first use. The server is always stopped at the end.
#
#   scripts/schemathesis.sh            # 25 examples per operation
#   scripts/schemathesis.sh 200        # more
#   ST_EXTRA="--phases=examples" scripts/schemathesis.sh   # pass further st options
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
examples="${1:-25}"
target="${CARGO_TARGET_DIR:-$root/target}"
venv="$target/schemathesis-venv"
if [ ! -x "$venv/bin/st" ]; then
  echo "schemathesis.sh: installing schemathesis into $venv" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'schemathesis>=4,<5'
fi
cargo build -q -p dayseed-cli
bin="$target/debug/dayseed"

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
# The request-rate limit is raised: schemathesis is one fast client.
(cd "$work" && exec "$bin" serve --addr 127.0.0.1:0 --db "$work/db.sqlite" \
  --requests-per-second 100000 --request-burst 100000) >"$work/out" 2>"$work/log" &
server_pid=$!
for _ in $(seq 1 100); do
  grep -q '^listening on ' "$work/out" 2>/dev/null && break
  sleep 0.1
done
base="$(sed -n 's/^listening on \(http:[^ ]*\)\/$/\1/p' "$work/out" | head -1)"
[ -n "$base" ] || { echo "schemathesis.sh: the server did not start:" >&2; cat "$work/log" >&2; exit 1; }

# A player's token for the operations that need one.
token="$(curl -sf -X POST "$base/api/v1/players" -H 'content-type: application/json' \
  -d '{"name":"schemathesis"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')"

started=$(date +%s)
set +e
# Run from the scratch folder: schemathesis keeps a cache (.schemathesis/) in its working folder.
(cd "$work" && "$venv/bin/st" run "$base/api/v1/openapi.json" --url "$base" \
  --checks all --max-examples "$examples" --workers 1 \
  --header "Authorization: Bearer $token" \
  --request-timeout 30 --suppress-health-check all ${ST_EXTRA:-})
status=$?
set -e
echo "schemathesis.sh: $(( $(date +%s) - started )) s, exit $status" >&2
if grep -q ' 500 \|panicked' "$work/log"; then
  echo "schemathesis.sh: the server logged a 500 or a panic:" >&2
  grep ' 500 \|panicked' "$work/log" | head -20 >&2
  status=1
fi
exit "$status"
