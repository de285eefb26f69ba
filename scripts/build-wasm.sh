#!/usr/bin/env bash
# Builds the dayseed WebAssembly module and installs it as web/pkg/dayseed.wasm (git-ignored).
# Idempotent: adds the wasm32 target if missing; cargo rebuilds only what changed.
# Honours CARGO_TARGET_DIR. Debug sections are stripped from the copy (code is untouched).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

target=wasm32-unknown-unknown
if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
  echo "build-wasm: adding the $target target" >&2
  rustup target add "$target"
fi
command -v node >/dev/null || { echo "build-wasm: node is required (to strip the module)" >&2; exit 1; }

cargo build --release --target "$target" -p dayseed-wasm
out="${CARGO_TARGET_DIR:-$root/target}/$target/release/dayseed_wasm.wasm"
mkdir -p web/pkg
# Drop the .debug_* custom sections (about a third of the file); keep `name` for stack traces.
node - "$out" web/pkg/dayseed.wasm <<'JS'
const fs = require('fs');
const [src, dst] = process.argv.slice(2);
const b = fs.readFileSync(src);
const leb = (at) => { let v = 0, s = 0, i = at; for (;;) { const x = b[i++]; v += (x & 127) * 2 ** s; s += 7; if (x < 128) return [v, i]; } };
const keep = [b.subarray(0, 8)];
let at = 8;
while (at < b.length) {
  const start = at;
  const [size, body] = leb(at + 1);
  at = body + size;
  if (b[start] === 0) {
    const [nameLen, nameAt] = leb(body);
    if (b.toString('utf8', nameAt, nameAt + nameLen).startsWith('.debug')) continue;
  }
  keep.push(b.subarray(start, at));
}
const out = Buffer.concat(keep);
new WebAssembly.Module(out); // refuse to install a broken module
fs.writeFileSync(dst + '.tmp', out);
fs.renameSync(dst + '.tmp', dst);
console.error(`build-wasm: ${dst} (${out.length} bytes; ${b.length} before stripping debug sections)`);
JS
