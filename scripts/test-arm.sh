#!/usr/bin/env bash
# The aarch64 parity test: the parity example (crates/wasm/examples/native_records.rs) built for
# x86_64 and cross-built for aarch64-unknown-linux-gnu, the aarch64 build run under qemu-user over
# the id list the wasm parity test uses, and every record compared byte for byte with the native
# one (scripts/parity-compare.sh; first proven able to fail by scripts/test-parity-compare.sh).
#
# Needs Debian's gcc-aarch64-linux-gnu, libc6-dev-arm64-cross and qemu-user-static (.ci/run
# installs them); adds the rustup target when missing. The linker is set for this run only (no
# cargo config is touched) and the aarch64 build has its own target dir, so it never invalidates
# the native build. DAYSEED_SKIP_ARM=1 skips the test. DAYSEED_ARM_JOBS sets how many qemu
# processes share the id list (default: the number of cores).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if [ "${DAYSEED_SKIP_ARM:-0}" = 1 ]; then
  echo "test-arm: SKIPPED (DAYSEED_SKIP_ARM=1): aarch64 parity not checked"
  exit 0
fi

target=aarch64-unknown-linux-gnu
linker=aarch64-linux-gnu-gcc
sysroot=/usr/aarch64-linux-gnu
qemu=$(command -v qemu-aarch64-static || command -v qemu-aarch64 || true)
missing=()
command -v "$linker" >/dev/null || missing+=(gcc-aarch64-linux-gnu)
[ -e "$sysroot/lib/crt1.o" ] || missing+=(libc6-dev-arm64-cross)
[ -n "$qemu" ] || missing+=(qemu-user-static)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "test-arm: missing Debian packages: ${missing[*]} (apt-get install -y ${missing[*]};" \
    "or set DAYSEED_SKIP_ARM=1 to skip this test)" >&2
  exit 1
fi
if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
  echo "test-arm: adding the $target target" >&2
  rustup target add "$target"
fi

started=$SECONDS
native_dir="${CARGO_TARGET_DIR:-$root/target}"
arm_dir="$native_dir/arm-parity"
cargo build --release -p dayseed-wasm --example native_records
native="$native_dir/release/examples/native_records"
built_native=$SECONDS
CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER="${CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER:-$linker}" \
  cargo build --release -p dayseed-wasm --example native_records --target "$target" \
  --target-dir "$arm_dir"
arm="$arm_dir/$target/release/examples/native_records"
built_arm=$SECONDS

work="$(mktemp -d)"
pids=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

"$native" ids >"$work/ids.txt"
"$native" records <"$work/ids.txt" >"$work/native.jsonl"
made_native=$SECONDS
# Every genre of the list must have boards, not only refusals, or the comparison proves little.
paste -d ' ' "$work/ids.txt" "$work/native.jsonl" | awk '
  { genre = substr($1, 1, index($1, ":") - 1); if (!(genre in seen)) order[++n] = genre; seen[genre] = 1 }
  substr($2, 1, 6) == "{\"ok\":" { boards[genre]++ }
  END {
    for (i = 1; i <= n; i++) {
      g = order[i]
      printf "%s%s %d", sep, g, boards[g]; sep = ", "
      if (!boards[g]) empty = empty " " g
    }
    print ""
    if (empty != "") { print "test-arm: no board generated for" empty > "/dev/stderr"; exit 1 }
  }' >"$work/boards.txt"
echo "test-arm: $(wc -l <"$work/ids.txt") parity ids; boards per genre: $(cat "$work/boards.txt")"
bash scripts/test-parity-compare.sh "$work/ids.txt" "$work/native.jsonl"

export QEMU_LD_PREFIX="$sysroot"
run_started=$SECONDS
"$qemu" "$arm" ids >"$work/arm-ids.txt"
bash scripts/parity-compare.sh "$work/ids.txt" "$work/ids.txt" "$work/arm-ids.txt" \
  "x86_64 ids" "aarch64 ids"

# Records are independent per id, so the ids are dealt round-robin to parallel qemu processes
# (the slow ones sit together in the list) and the records dealt back in the same order.
jobs="${DAYSEED_ARM_JOBS:-$(nproc)}"
split -n "r/$jobs" -d -a 4 "$work/ids.txt" "$work/part-"
parts=("$work"/part-????)
for part in "${parts[@]}"; do
  "$qemu" "$arm" records <"$part" >"$part.jsonl" &
  pids+=("$!")
done
for pid in "${pids[@]}"; do
  wait "$pid" || { echo "test-arm: the aarch64 build failed under qemu" >&2; exit 1; }
done
pids=()
awk -v parts="${#parts[@]}" -v count="$(wc -l <"$work/ids.txt")" -v dir="$work" '
  BEGIN {
    for (i = 0; i < count; i++) {
      file = sprintf("%s/part-%04d.jsonl", dir, i % parts)
      if ((getline line < file) <= 0) exit
      print line
    }
  }' >"$work/aarch64.jsonl"
finished=$SECONDS

bash scripts/parity-compare.sh "$work/ids.txt" "$work/native.jsonl" "$work/aarch64.jsonl" \
  x86_64 aarch64
echo "test-arm: wall time $((finished - started)) s (native build $((built_native - started)) s," \
  "aarch64 build $((built_arm - built_native)) s, native records $((made_native - built_arm)) s," \
  "aarch64 records under qemu $((finished - run_started)) s with $jobs jobs)"
