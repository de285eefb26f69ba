// Slingstar native == wasm over every verification shot of one hole (run by scripts/test-wasm.sh).
// `native_records shots <id>` writes the hole's 384 verification shots (96 directions x 4 powers,
// the generator's own aim table) with the verification's own ending and flight ticks and the
// native `replay` response of each one-shot tape. Here the wasm build generates the same board,
// replays every tape, and must answer byte for byte what native answered (ticks, folded per-tick
// state hash, final hash); the shots that go in must be exactly the hole's success count.
//   DAYSEED_WASM          the built module (web/pkg/dayseed.wasm)
//   DAYSEED_SHOTS_ID      the slingstar id the native side used
//   DAYSEED_SHOTS_NATIVE  its `native_records shots` output
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { load } from '../../../web/dayseed.js';

function env(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set; run scripts/test-wasm.sh`);
  return value;
}

const engine = await load(readFileSync(env('DAYSEED_WASM')));
const id = env('DAYSEED_SHOTS_ID');
const native = readFileSync(env('DAYSEED_SHOTS_NATIVE'), 'utf8').split('\n').filter((l) => l.length > 0);

test('every verification shot of one hole replays identically in wasm', () => {
  assert.equal(native.length, 384, 'the native side wrote 96 x 4 shots');
  const { puzzle } = engine.generate(id);
  const hole = puzzle.holes[0];
  const seen = new Set();
  const hashes = new Set();
  const ends = new Map();
  let inCount = 0;
  const failures = [];
  for (const line of native) {
    const shot = JSON.parse(line);
    seen.add(`${shot.dir}/${shot.power}`);
    const nativeReplay = line.slice(line.indexOf(',"replay":') + ',"replay":'.length, -1);
    const wasmReplay = engine.callRaw('replay', JSON.stringify({ genre: 'slingstar', puzzle, tape: shot.tape }));
    if (wasmReplay !== nativeReplay) {
      failures.push(`dir ${shot.dir} power ${shot.power}: native ${nativeReplay} wasm ${wasmReplay}`);
      continue;
    }
    const r = JSON.parse(wasmReplay).ok;
    assert.ok(r, `dir ${shot.dir} power ${shot.power}: replay failed: ${wasmReplay}`);
    // The replayed run and the verification's own shot agree on how long it flew and whether it
    // went in (a miss leaves the course unfinished when the one-shot tape runs out).
    assert.equal(r.ticks, shot.flight_ticks, `dir ${shot.dir} power ${shot.power}: ticks`);
    assert.equal(r.ending.won, shot.end === 'in', `dir ${shot.dir} power ${shot.power}: ending`);
    if (r.ending.won) inCount += 1;
    hashes.add(r.tick_hash);
    const kind = typeof shot.end === 'string' ? shot.end : Object.keys(shot.end)[0];
    ends.set(kind, (ends.get(kind) ?? 0) + 1);
  }
  assert.deepEqual(failures.slice(0, 3), [], `${failures.length} of 384 shots differ`);
  assert.equal(seen.size, 384, 'every (direction, power) pair once');
  assert.equal(inCount, hole.successes, 'shots in == the hole\'s success count from the generator');
  assert.ok(inCount > 0 && inCount < 384, `a useful hole has some but not all shots in (${inCount})`);
  assert.ok(hashes.size > 300, `the per-tick hashes tell the shots apart (${hashes.size} distinct)`);
  console.log(`shots: ${id} hole ${hole.number}: 384 shots identical in wasm; ends ${JSON.stringify(Object.fromEntries(ends))}`);
});
