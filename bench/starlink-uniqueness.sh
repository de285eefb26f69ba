#!/usr/bin/env bash
# Starlink uniqueness bench: for every difficulty, generates starlink:SEED-s-<D>-g<V> (default:
# the current version, g3) for s in 0..N (default 10000) and prints the uniqueness rate, the
# distribution of solution counts (counted up to 64 for fallback boards), the attempts used, and
# the mean answer size (lines) and star number.
#
#   bench/starlink-uniqueness.sh [N] [THREADS] [DIFFICULTY|all] [gV]
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-10000}"
THREADS="${2:-2}"
ONLY="${3:-all}"
VERSION="${4:-g3}"
cargo build --release -q -p dayseed-starlink --example starlink_bench
BIN="${CARGO_TARGET_DIR:-target}/release/examples/starlink_bench"
echo "starlink uniqueness over seeds 0..$N ($(date -u +%FT%TZ), $(nproc) cores, $THREADS threads)"
"$BIN" uniqueness "$N" "$THREADS" "$ONLY" "$VERSION"
