#!/usr/bin/env bash
# Compares two parity record files byte for byte, one record per line, knowing nothing of what a
# record holds (boards, digests, tick hashes: whatever `native_records records` prints is compared
# in full). Usage:
#   scripts/parity-compare.sh IDS EXPECTED ACTUAL [EXPECTED_NAME ACTUAL_NAME]
# IDS names the records (line N of IDS is record N of both files) and must have as many lines as
# EXPECTED. Exit 0 when the files are identical; 1 when they differ, with the number of differing
# records and the first difference (record number, id, byte offset, text around it) on stderr;
# 2 on a usage error or an unreadable file.
set -euo pipefail

if [ "$#" -ne 3 ] && [ "$#" -ne 5 ]; then
  echo "usage: parity-compare.sh IDS EXPECTED ACTUAL [EXPECTED_NAME ACTUAL_NAME]" >&2
  exit 2
fi
ids="$1" expected="$2" actual="$3"
expected_name="${4:-expected}" actual_name="${5:-actual}"
for f in "$ids" "$expected" "$actual"; do
  if [ ! -f "$f" ] || [ ! -r "$f" ]; then echo "parity-compare: cannot read $f" >&2; exit 2; fi
done

id_count=$(wc -l <"$ids")
record_count=$(wc -l <"$expected")
if [ "$id_count" -ne "$record_count" ]; then
  echo "parity-compare: $id_count ids but $record_count $expected_name records" >&2
  exit 2
fi

# The verdict is cmp's: the whole files, every byte. awk only explains a difference.
if cmp -s "$expected" "$actual"; then
  echo "parity-compare: $record_count records identical ($expected_name = $actual_name)"
  exit 0
fi

LC_ALL=C awk -v ids="$ids" -v expected="$expected" -v actual="$actual" \
  -v en="$expected_name" -v an="$actual_name" '
  # Up to 40 bytes either side of byte i (1-based) of s, for the report.
  function around(s, i,    from, to) {
    from = i - 40
    if (from < 1) from = 1
    to = i + 39
    if (to > length(s)) to = length(s)
    return (from > 1 ? "..." : "") substr(s, from, to - from + 1) (to < length(s) ? "..." : "")
  }
  function first_byte(a, b,    i, n) {
    n = length(a) < length(b) ? length(a) : length(b)
    for (i = 1; i <= n; i++) if (substr(a, i, 1) != substr(b, i, 1)) return i
    return n + 1
  }
  BEGIN {
    record = 0; differing = 0; first = ""
    for (;;) {
      re = (getline e < expected)
      ra = (getline a < actual)
      ri = (getline id < ids)
      if (re < 0 || ra < 0 || ri < 0) { print "parity-compare: read error" > "/dev/stderr"; exit 2 }
      if (re == 0 && ra == 0) break
      record++
      if (ri == 0) id = "(no id)"
      if (re == 0 || ra == 0) {
        differing++
        if (first == "")
          first = sprintf("record %d (%s): only %s has it: %s", record, id,
                          re == 0 ? an : en, substr(re == 0 ? a : e, 1, 80))
      } else if (e != a) {
        differing++
        if (first == "") {
          i = first_byte(e, a)
          first = sprintf("record %d (%s), byte %d of %d/%d:\n  %s: %s\n  %s: %s",
                          record, id, i - 1, length(e), length(a),
                          en, around(e, i), an, around(a, i))
        }
      }
    }
    if (differing == 0) {
      # cmp saw a difference no record shows: a missing or extra final newline, or a NUL byte.
      printf "parity-compare: %s and %s differ outside the records (line endings)\n", en, an > "/dev/stderr"
    } else {
      printf "parity-compare: %d of %d records differ between %s and %s; first: %s\n",
             differing, record, en, an, first > "/dev/stderr"
    }
  }'
exit 1
