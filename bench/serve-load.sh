#!/usr/bin/env bash
# bench/serve-load.sh — load test of `dayseed serve` with wrk, on loopback only.
#
# Starts the release server on 127.0.0.1 (random port) with a temp database, then drives for the
# same duration (a) the daily endpoint GET /api/v1/daily/$GENRE and (b) a static file of the same
# server, alternating ROUNDS times (so drifting machine load hits both alike), and prints the
# median requests/s and median p99 latency for each and the daily/static ratios.
# Stops by itself (bounded duration); the server and temp files are removed on exit.
#
# Knobs (environment): DURATION seconds per run (default 5, max 60), ROUNDS (3, max 10),
# CONNS (64), THREADS (2),
# GENRE (sudoku; falls back to the first registered genre), RUST_LOG for the server (default
# warn: per-request info logs are off during the bench; set RUST_LOG=info to include them).
# Note: wrk and the server share the same machine (here 2 cores), so absolute figures are low
# bounds; the ratio is the number to compare.
set -euo pipefail

DURATION=${DURATION:-5}
ROUNDS=${ROUNDS:-3}
CONNS=${CONNS:-64}
THREADS=${THREADS:-2}
GENRE=${GENRE:-sudoku}
export RUST_LOG=${RUST_LOG:-warn}
if (( DURATION < 1 || DURATION > 60 )); then echo "DURATION must be 1..60" >&2; exit 2; fi
if (( ROUNDS < 1 || ROUNDS > 10 )); then echo "ROUNDS must be 1..10" >&2; exit 2; fi

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

if ! command -v wrk >/dev/null; then
    echo "installing wrk (apt-get install -y wrk)" >&2
    apt-get install -y wrk >/dev/null
fi
command -v curl >/dev/null || { echo "curl is required" >&2; exit 2; }

echo "building dayseed (release)..." >&2
cargo build --release -p dayseed-cli --quiet
BIN=${CARGO_TARGET_DIR:-$ROOT/target}/release/dayseed

TMP=$(mktemp -d)
SERVER_PID=""
cleanup() {
    if [[ -n "$SERVER_PID" ]]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
    rm -rf "$TMP"
}
trap cleanup EXIT

# The static file: the repository's web page when present, else a 4 KiB stand-in.
if [[ -f "$ROOT/web/index.html" ]]; then
    WEB="$ROOT/web"
else
    WEB="$TMP/web"; mkdir -p "$WEB"
    head -c 4096 /dev/zero | tr '\0' 'x' > "$WEB/index.html"
fi
STATIC_PATH=/index.html

"$BIN" serve --addr 127.0.0.1:0 --db "$TMP/bench.sqlite" --web "$WEB" > "$TMP/out" 2> "$TMP/err" &
SERVER_PID=$!
for _ in $(seq 1 100); do
    [[ -s "$TMP/out" ]] && break
    sleep 0.1
done
LINE=$(head -n 1 "$TMP/out")
BASE=${LINE#listening on }
BASE=${BASE%/}
case "$BASE" in http://127.0.0.1:*) ;; *) echo "server did not start: $LINE" >&2; cat "$TMP/err" >&2; exit 1;; esac

if ! curl -fsS "$BASE/api/v1/daily/$GENRE" -o /dev/null 2>/dev/null; then
    FIRST=$(curl -fsS "$BASE/api/v1/genres" | grep -o '"name":"[a-z0-9]*"' | head -n 1 | cut -d'"' -f4)
    echo "genre '$GENRE' is not registered; using '$FIRST'" >&2
    GENRE=$FIRST
fi
DAILY_PATH="/api/v1/daily/$GENRE"
# Warm up: the first request generates the board; later ones come from the cache.
curl -fsS "$BASE$DAILY_PATH" -o /dev/null
curl -fsS "$BASE$STATIC_PATH" -o /dev/null
DAILY_BYTES=$(curl -fsS "$BASE$DAILY_PATH" | wc -c)
STATIC_BYTES=$(curl -fsS "$BASE$STATIC_PATH" | wc -c)

run() { # path -> "rps p99_ms"
    local out rps p99
    out=$(wrk -t "$THREADS" -c "$CONNS" -d "${DURATION}s" --latency "$BASE$1")
    rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
    p99=$(awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub(/us$/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms$/,"",v)} else if (v ~ /s$/) {sub(/s$/,"",v); v=v*1000}; print v}' <<<"$out")
    local errors
    errors=$(awk '/Non-2xx|Socket errors/ {print}' <<<"$out")
    [[ -n "$errors" ]] && echo "wrk $1: $errors" >&2
    echo "$rps $p99"
}

median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }

echo "wrk -t$THREADS -c$CONNS -d${DURATION}s --latency x $ROUNDS rounds each, alternating; server RUST_LOG=$RUST_LOG; $(nproc) cores shared with wrk" >&2
: > "$TMP/daily"; : > "$TMP/static"
for round in $(seq 1 "$ROUNDS"); do
    run "$DAILY_PATH" >> "$TMP/daily"
    run "$STATIC_PATH" >> "$TMP/static"
    echo "round $round: daily $(tail -n 1 "$TMP/daily") | static $(tail -n 1 "$TMP/static")  (req/s p99_ms)" >&2
done
D_RPS=$(awk '{print $1}' "$TMP/daily" | median); D_P99=$(awk '{print $2}' "$TMP/daily" | median)
S_RPS=$(awk '{print $1}' "$TMP/static" | median); S_P99=$(awk '{print $2}' "$TMP/static" | median)

printf '%-34s %16s %12s %8s\n' "target (median of $ROUNDS)" "requests/s" "p99 ms" "bytes"
printf '%-34s %16.0f %12.2f %8d\n' "GET $DAILY_PATH" "$D_RPS" "$D_P99" "$DAILY_BYTES"
printf '%-34s %16.0f %12.2f %8d\n' "GET $STATIC_PATH (static)" "$S_RPS" "$S_P99" "$STATIC_BYTES"
awk -v d="$D_RPS" -v s="$S_RPS" -v dp="$D_P99" -v sp="$S_P99" \
    'BEGIN { printf "ratio daily/static: throughput %.2f, p99 latency %.2f\n", d / s, dp / sp }'
