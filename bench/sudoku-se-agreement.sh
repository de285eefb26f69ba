#!/usr/bin/env bash
# Agreement of dayseed's Sudoku score with Sukaku Explainer (SE) ratings: grades a stratified
# sample of the SE-rated Sudoku Exchange puzzle bank (bench/data/se-bank-sample.txt, see
# bench/data/README.md) and prints, per band, the rank agreement, how often our score equals
# SE's (+-0.05), how often it is more than SE + 0.5, our range, the median grading time (one
# core), and where we differ the most (SE's technique read from its rating vs our hardest step).
#
#   bench/sudoku-se-agreement.sh [BANK_FILE]     (default bench/data/se-bank-sample.txt)
set -euo pipefail
cd "$(dirname "$0")/.."
BANK=${1:-bench/data/se-bank-sample.txt}
nice cargo build --release -q -p dayseed-sudoku --example se_agreement
uptime
taskset -c 0 "${CARGO_TARGET_DIR:-target}/release/examples/se_agreement" "$BANK" 2>/dev/null \
  || "${CARGO_TARGET_DIR:-target}/release/examples/se_agreement" "$BANK"
