#!/usr/bin/env bash
# Proves that scripts/parity-compare.sh can fail: on real parity records it must pass an identical
# copy and catch, with the right record, id and byte, one changed byte in the middle of a record,
# one changed final byte of the last record, a missing record and a missing final newline.
# Usage: scripts/test-parity-compare.sh IDS RECORDS   (the files test-arm.sh makes natively)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
compare="$root/scripts/parity-compare.sh"

[ "$#" -eq 2 ] || { echo "usage: test-parity-compare.sh IDS RECORDS" >&2; exit 2; }
ids="$1" records="$2"
count=$(wc -l <"$records")
[ "$count" -ge 2 ] || { echo "test-parity-compare: need at least 2 records, got $count" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

# check NAME WANT_EXIT WANT_TEXT FILE: compare RECORDS with FILE; the exit code must be WANT_EXIT
# and the output must contain WANT_TEXT.
check() {
  local name="$1" want_exit="$2" want_text="$3" file="$4" got_exit=0
  "$compare" "$ids" "$records" "$file" native perturbed >"$work/out" 2>&1 || got_exit=$?
  if [ "$got_exit" -eq "$want_exit" ] && grep -qF -- "$want_text" "$work/out"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "test-parity-compare: FAILED $name: exit $got_exit (want $want_exit), output:" >&2
    sed 's/^/    /' "$work/out" >&2
    echo "    (wanted it to contain: $want_text)" >&2
  fi
}

# perturb K POSITION: record K with its byte at 1-based POSITION ("mid" or "last") replaced.
perturb() {
  LC_ALL=C awk -v k="$1" -v where="$2" '
    NR == k {
      i = where == "last" ? length($0) : int(length($0) / 2) + 1
      c = substr($0, i, 1)
      $0 = substr($0, 1, i - 1) (c == "x" ? "y" : "x") substr($0, i + 1)
    }
    { print }' "$records"
}
# The id of record K and the 0-based byte offset the comparison must report for POSITION.
id_of() { sed -n "${1}p" "$ids"; }
offset_of() {
  local len
  len=$(sed -n "${1}p" "$records" | LC_ALL=C awk '{ print length($0) }')
  if [ "$2" = last ]; then echo $((len - 1)); else echo $((len / 2)); fi
}

cp "$records" "$work/same"
check "identical copy passes" 0 "$count records identical" "$work/same"

mid=$(((count + 1) / 2))
perturb "$mid" mid >"$work/mid"
check "one byte in the middle of record $mid" 1 \
  "1 of $count records differ between native and perturbed; first: record $mid ($(id_of "$mid")), byte $(offset_of "$mid" mid) of" \
  "$work/mid"

perturb "$count" last >"$work/last"
check "the final byte of the last record" 1 \
  "first: record $count ($(id_of "$count")), byte $(offset_of "$count" last) of" "$work/last"

head -n $((count - 1)) "$records" >"$work/short"
check "a missing last record" 1 "first: record $count ($(id_of "$count")): only native has it" "$work/short"

head -c -1 "$records" >"$work/no-newline"
check "a missing final newline" 1 "differ outside the records" "$work/no-newline"

head -n 1 "$ids" >"$work/one-id"
got_exit=0
"$compare" "$work/one-id" "$records" "$work/same" >/dev/null 2>&1 || got_exit=$?
if [ "$got_exit" -eq 2 ]; then passed=$((passed + 1)); else
  failed=$((failed + 1))
  echo "test-parity-compare: FAILED an id list shorter than the records: exit $got_exit (want 2)" >&2
fi

echo "test-parity-compare: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
