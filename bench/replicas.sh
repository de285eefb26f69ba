#!/usr/bin/env bash
# bench/replicas.sh — operator figures: 1 vs 3 `dayseed serve` replicas over one PostgreSQL
# database, and 1 over SQLite, on loopback, in one run.
#
# For each setup it starts fresh release servers (a fresh database each) and drives them with
# crates/server/examples/replica_load.rs (keep-alive HTTP/1.1 from blocking threads):
#   daily   GET /api/v1/daily/sudoku (a cached board: the HTTP path and nothing else)
#   scores  POST /api/v1/scores with valid Sudoku solutions of real players' sessions (verified,
#           timed by the server, one upsert in a transaction: a durable commit per request)
# and prints req/s, p50 and p99 latency, the 3-vs-1 ratios, and the machine's load average and
# cores around each run. One more PostgreSQL run turns the shared per-address rate limit on (one
# INSERT .. ON CONFLICT per request, see crates/server/src/rates.rs) to show what it costs.
# Every other run passes --requests-per-second 0 (the load comes from one loopback address).
#
# Knobs (environment): SECONDS_PER_RUN (default 8, max 60), THREADS (client threads, 16),
# PLAYERS (64) and BOARDS (4) for the scores runs, DAYSEED_BENCH_PG (the maintenance URL,
# default postgres://postgres@127.0.0.1:5432/postgres; databases dayseed_bench_* are created
# and dropped there). Servers and temp files are removed on exit.
# Note: the client, the replicas and PostgreSQL all share this machine; with 2 cores a third
# replica adds no CPU, so read the ratio as what the replicas cost, not as a scaling figure.
set -euo pipefail

SECS=${SECONDS_PER_RUN:-8}
THREADS=${THREADS:-16}
PLAYERS=${PLAYERS:-64}
BOARDS=${BOARDS:-4}
ADMIN=${DAYSEED_BENCH_PG:-postgres://postgres@127.0.0.1:5432/postgres}
export RUST_LOG=${RUST_LOG:-warn}
export PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning"
if (( SECS < 1 || SECS > 60 )); then echo "SECONDS_PER_RUN must be 1..60" >&2; exit 2; fi

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
command -v psql >/dev/null || { echo "psql is required (apt-get install -y postgresql-client)" >&2; exit 2; }
psql "$ADMIN" -Atqc 'SELECT 1' >/dev/null || { echo "no PostgreSQL at $ADMIN" >&2; exit 2; }

echo "building dayseed and replica_load (release)..." >&2
cargo build --release --quiet -p dayseed-cli --bin dayseed
cargo build --release --quiet -p dayseed-server --example replica_load
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}/release
BIN=$TARGET/dayseed
LOAD=$TARGET/examples/replica_load

TMP=$(mktemp -d)
PIDS=()
DBS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    for db in "${DBS[@]}"; do psql "$ADMIN" -Atqc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null || true; done
    rm -rf "$TMP"
}
trap cleanup EXIT

# start N DB [extra serve flags...] -> sets ADDRS (comma separated) and appends to PIDS
start() {
    local n=$1 db=$2; shift 2
    ADDRS=""
    for i in $(seq 1 "$n"); do
        local out=$TMP/serve-$RANDOM-$i.out
        "$BIN" serve --addr 127.0.0.1:0 --db "$db" "$@" >"$out" 2>"$out.err" &
        PIDS+=($!)
        for _ in $(seq 1 200); do
            grep -q '^listening on' "$out" 2>/dev/null && break
            sleep 0.05
        done
        local addr
        addr=$(sed -n 's|^listening on http://\(.*\)/$|\1|p' "$out")
        [[ -n $addr ]] || { echo "replica did not start: $(cat "$out.err")" >&2; exit 1; }
        ADDRS=${ADDRS:+$ADDRS,}$addr
    done
}

stop_all() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    PIDS=()
}

fresh_pg() {
    local name=dayseed_bench_$$_$1
    psql "$ADMIN" -Atqc "DROP DATABASE IF EXISTS $name WITH (FORCE)" >/dev/null
    psql "$ADMIN" -Atqc "CREATE DATABASE $name" >/dev/null
    DBS+=("$name")
    PGURL="${ADMIN%/*}/$name"
}

declare -A RPS
# run LABEL MODE -> prints a row, records req/s in RPS[LABEL/MODE]
run() {
    local label=$1 mode=$2
    local before after line
    before=$(cut -d' ' -f1 /proc/loadavg)
    line=$("$LOAD" --targets "$ADDRS" --mode "$mode" --threads "$THREADS" --seconds "$SECS" \
        --players "$PLAYERS" --boards "$BOARDS")
    after=$(cut -d' ' -f1 /proc/loadavg)
    local rps p50 p99 errors
    rps=$(sed -n 's/.*req_per_s=\([0-9.]*\).*/\1/p' <<<"$line")
    p50=$(sed -n 's/.*p50_ms=\([0-9.]*\).*/\1/p' <<<"$line")
    p99=$(sed -n 's/.*p99_ms=\([0-9.]*\).*/\1/p' <<<"$line")
    errors=$(sed -n 's/.*errors=\([0-9]*\).*/\1/p' <<<"$line")
    RPS[$label/$mode]=$rps
    printf '%-28s %-7s %9s %9s %9s %7s   %s -> %s\n' "$label" "$mode" "$rps" "$p50" "$p99" "$errors" "$before" "$after"
}

echo "machine: $(nproc) cores; $SECS s per run, $THREADS client threads; load average (1 min) before -> after each run"
printf '%-28s %-7s %9s %9s %9s %7s   %s\n' setup mode req/s p50_ms p99_ms errors load
for setup in pg1 pg3 sqlite1 pg1-shared-rate; do
    case $setup in
        pg1) fresh_pg one; start 1 "$PGURL" --requests-per-second 0; label="postgres, 1 replica" ;;
        pg3) fresh_pg three; start 3 "$PGURL" --requests-per-second 0; label="postgres, 3 replicas" ;;
        sqlite1) start 1 "sqlite:$TMP/bench.sqlite" --requests-per-second 0; label="sqlite, 1 server" ;;
        pg1-shared-rate) fresh_pg rate; start 1 "$PGURL" --requests-per-second 1000000 --request-burst 1000000
            label="postgres, 1, shared rate on" ;;
    esac
    run "$label" daily
    [[ $setup == pg1-shared-rate ]] || run "$label" scores
    stop_all
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
echo "3 vs 1 replicas (postgres): daily $(ratio "${RPS[postgres, 3 replicas/daily]}" "${RPS[postgres, 1 replica/daily]}")x, scores $(ratio "${RPS[postgres, 3 replicas/scores]}" "${RPS[postgres, 1 replica/scores]}")x"
echo "postgres vs sqlite (1 each): daily $(ratio "${RPS[postgres, 1 replica/daily]}" "${RPS[sqlite, 1 server/daily]}")x, scores $(ratio "${RPS[postgres, 1 replica/scores]}" "${RPS[sqlite, 1 server/scores]}")x"
base=${RPS[postgres, 1 replica/daily]}
shared=${RPS[postgres, 1, shared rate on/daily]}
echo "shared rate limit on postgres: daily throughput $(ratio "$shared" "$base")x of the run without it, i.e. $(awk -v a="$base" -v b="$shared" 'BEGIN { if (a > 0 && b > 0) printf "%.0f", 1e6 / b - 1e6 / a; else print "n/a" }') us more machine time per request (1/rate difference; the machine is saturated)"
echo "load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
