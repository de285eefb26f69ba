#!/usr/bin/env bash
# Proves the float ban in clippy.toml is active: a throwaway crate that calls f64::sin (and one
# that calls mul_add) must fail `cargo clippy -D warnings` with a disallowed-method error, under
# the project's own clippy.toml. Fails if clippy lets either through.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src"
cp "$root/clippy.toml" "$work/clippy.toml"
cat >"$work/Cargo.toml" <<'TOML'
[package]
name = "float-lint-probe"
version = "0.0.0"
edition = "2024"
publish = false
[workspace]
TOML
for call in 'x.sin()' 'x.mul_add(2.0, 1.0)' 'x.atan2(1.0)'; do
  printf 'pub fn probe(x: f64) -> f64 {\n    %s\n}\n' "$call" >"$work/src/lib.rs"
  if out=$(cd "$work" && CARGO_TARGET_DIR="$work/target" cargo clippy --quiet -- -D warnings 2>&1); then
    echo "check-float-lint: clippy accepted '$call'; the ban in clippy.toml is not active" >&2
    exit 1
  fi
  if ! grep -q 'disallowed' <<<"$out"; then
    echo "check-float-lint: clippy failed on '$call' for another reason:" >&2
    echo "$out" >&2
    exit 1
  fi
done
echo "check-float-lint: clippy refuses sin, mul_add and atan2 under clippy.toml"
