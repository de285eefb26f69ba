#!/usr/bin/env bash
# The Sudoku solver on wasm32 against native, puzzle by puzzle: for each list, the native
# `solver_bench LIST 1 --each` lines (count, nodes, first solution) must equal those of the same
# solver built for wasm32-wasip1 and run under Node's WASI. The wasm side is a small scratch crate
# built outside the repository ($WASM_DIR, default /tmp/dayseed-sudoku-wasm-each), because the
# example's dev-dependencies do not build for WASI. Adds the rustup target if it is missing.
#
#   bench/sudoku-solver-wasm.sh LIST...
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
[ $# -gt 0 ] || { echo "usage: bench/sudoku-solver-wasm.sh LIST..." >&2; exit 2; }
command -v node > /dev/null || { echo "sudoku-solver-wasm: node is required" >&2; exit 1; }
target=wasm32-wasip1
rustup target list --installed | grep -qx "$target" || rustup target add "$target"
WASM_DIR=${WASM_DIR:-/tmp/dayseed-sudoku-wasm-each}
mkdir -p "$WASM_DIR/src"
cat > "$WASM_DIR/Cargo.toml" <<TOML
[package]
name = "wasm-each"
version = "0.1.0"
edition = "2021"
[dependencies]
dayseed-sudoku = { path = "$root/genres/sudoku" }
dayseed-core = { path = "$root/crates/core" }
[profile.release]
codegen-units = 4
[workspace]
TOML
cat > "$WASM_DIR/src/main.rs" <<'RS'
// `solver_bench FILE 1 --each` lines (count nodes first) for every puzzle of a file.
use dayseed_core::Budget;
use dayseed_sudoku::{format, solver};
fn main() {
    let path = std::env::args().nth(1).expect("usage: wasm-each FILE");
    let text = std::fs::read_to_string(path).unwrap();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let p = format::parse_grid(line).unwrap();
        let mut budget = Budget::unlimited();
        let count = solver::count_solutions(&p, 2, &mut budget);
        let first = solver::solve(&p, 2, &mut Budget::unlimited()).first;
        let first: String =
            first.map_or("-".into(), |g| g.iter().map(|&v| char::from(b'0' + v)).collect());
        println!("{count:?} {} {first}", budget.spent());
    }
}
RS
cat > "$WASM_DIR/run.mjs" <<'JS'
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import { argv } from 'node:process';
const [wasmPath, list, dir] = argv.slice(2);
const wasi = new WASI({ version: 'preview1', args: ['wasm-each', list], preopens: { [dir]: dir } });
const module = await WebAssembly.compile(await readFile(wasmPath));
wasi.start(await WebAssembly.instantiate(module, wasi.getImportObject()));
JS
(cd "$WASM_DIR" && CARGO_TARGET_DIR="$WASM_DIR/target" cargo build --release -q --target "$target")
cargo build --release -q -p dayseed-sudoku --example solver_bench
native="${CARGO_TARGET_DIR:-target}/release/examples/solver_bench"
wasm="$WASM_DIR/target/$target/release/wasm-each.wasm"
status=0
for f in "$@"; do
  f=$(realpath "$f")
  a=$("$native" "$f" 1 --each | sed '$d')
  b=$(node --no-warnings "$WASM_DIR/run.mjs" "$wasm" "$f" "$(dirname "$f")")
  if [ "$a" = "$b" ]; then
    echo "$(basename "$f"): $(printf '%s\n' "$a" | wc -l) puzzles, wasm32 identical to native"
  else
    echo "$(basename "$f"): wasm32 DIFFERS from native" >&2
    status=1
  fi
done
exit $status
