// Native/wasm parity (run by scripts/test-wasm.sh with `node --test`): for every id of the parity
// list, the wasm `generate` response must be byte-identical to the native build's
// (crates/wasm/examples/native_records.rs); for arcade genres the record also carries the replay
// of the solver's tape (`solve` then `replay`: ticks, final state hash, folded per-tick hash), so
// the simulations are compared tick by tick. Inputs come from the environment:
//   DAYSEED_WASM          the built module (web/pkg/dayseed.wasm)
//   DAYSEED_PARITY_IDS    ids, one per line (`native_records ids`)
//   DAYSEED_PARITY_NATIVE native responses, one per line (`native_records records`)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { load } from '../../../web/dayseed.js';

function env(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set; run scripts/test-wasm.sh`);
  return value;
}

const lines = (path) => readFileSync(path, 'utf8').split('\n').filter((l) => l.length > 0);
const engine = await load(readFileSync(env('DAYSEED_WASM')));
const ids = lines(env('DAYSEED_PARITY_IDS'));
const native = lines(env('DAYSEED_PARITY_NATIVE'));

const arcade = new Set(engine.genres().filter((g) => g.capabilities.kind === 'arcade').map((g) => g.name));
const NO_TAPE = '{"error":{"code":"no_tape","message":"the solve report has no tape"}}';

/** The wasm side of one parity record, composed as native_records composes it. */
function wasmRecord(id) {
  const generated = engine.callRaw('generate', JSON.stringify({ id }));
  const genre = id.split(':')[0];
  if (!arcade.has(genre) || !generated.startsWith('{"ok":')) return generated;
  const { puzzle } = JSON.parse(generated).ok;
  const solved = engine.callRaw('solve', JSON.stringify({ genre, puzzle }));
  const report = JSON.parse(solved).ok;
  let replay = solved;
  if (report !== undefined) {
    replay = report.tape === undefined || report.tape === null
      ? NO_TAPE
      : engine.callRaw('replay', JSON.stringify({ genre, puzzle, tape: report.tape }));
  }
  return `${generated.slice(0, -1)},"replay":${replay}}`;
}

/** Where two strings first differ, with a little context, for a readable failure. */
function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return `byte ${i}: native …${a.slice(Math.max(0, i - 40), i + 40)}… wasm …${b.slice(Math.max(0, i - 40), i + 40)}…`;
}

test('the parity list has at least 200 ids and covers every registered genre', () => {
  assert.ok(ids.length >= 200, `only ${ids.length} ids`);
  assert.equal(native.length, ids.length, 'one native response per id');
  const covered = new Set(ids.map((id) => id.split(':')[0]));
  for (const g of engine.genres()) {
    assert.ok(covered.has(g.name), `genre ${g.name} has no parity ids`);
  }
});

test('wasm generate is byte-identical to native for every id', () => {
  const failures = [];
  const okByGenre = new Map();
  ids.forEach((id, i) => {
    const wasm = wasmRecord(id);
    if (wasm !== native[i]) failures.push(`${id}: ${firstDifference(native[i], wasm)}`);
    if (wasm.startsWith('{"ok":')) {
      const genre = id.split(':')[0];
      okByGenre.set(genre, (okByGenre.get(genre) ?? 0) + 1);
    }
  });
  assert.deepEqual(failures.slice(0, 5), [], `${failures.length} of ${ids.length} ids differ`);
  for (const g of engine.genres()) {
    assert.ok((okByGenre.get(g.name) ?? 0) > 0, `no ${g.name} id generated a board`);
  }
  console.log(`parity: ${ids.length} ids identical; boards per genre: ${JSON.stringify(Object.fromEntries(okByGenre))}`);
});

test('arcade records carry a replay of the solver tape, and the replay is a win', () => {
  for (const genre of arcade) {
    const lines = native.filter((_, i) => ids[i].startsWith(`${genre}:`) && native[i].startsWith('{"ok":'));
    assert.ok(lines.length > 0, `no ${genre} board in the parity list`);
    let won = 0;
    for (const line of lines) {
      const { replay } = JSON.parse(line);
      assert.ok(replay?.ok, `${genre}: replay missing or failed: ${JSON.stringify(replay).slice(0, 200)}`);
      assert.match(replay.ok.tick_hash, /^[0-9a-f]{16}$/);
      assert.match(replay.ok.final_hash, /^[0-9a-f]{16}$/);
      assert.ok(replay.ok.ticks > 0);
      if (replay.ok.ending.won) won += 1;
    }
    console.log(`parity: ${genre}: ${lines.length} solver tapes replayed identically, ${won} won`);
    assert.equal(won, lines.length, `${genre}: the solver's tape does not win every board`);
  }
});

test('records carry a digest the engine recomputes from the puzzle', () => {
  for (const g of engine.genres()) {
    const id = ids.find((x) => x.startsWith(`${g.name}:`));
    const record = engine.generate(id);
    assert.equal(engine.digest(g.name, record.puzzle), record.digest);
    const bare = engine.withoutSolution(g.name, record.puzzle);
    assert.equal(typeof bare, 'object');
    const text = engine.encode(g.name, record.puzzle);
    assert.equal(typeof engine.decode(g.name, text), 'object');
  }
});

test('day policies and daily ids match core in wasm (tz database bundled)', () => {
  const t = Date.UTC(2026, 7, 6, 20, 0, 0); // 05:00 on Aug 7 in Seoul, 13:00 on Aug 6 in LA
  assert.equal(engine.epochDay('device-local-v1', t, 'Asia/Seoul'), 20672);
  assert.equal(engine.epochDay('device-local-v1', t, 'America/Los_Angeles'), 20671);
  assert.equal(engine.epochDay('utc-v1', t), 20671);
  assert.equal(engine.formatDate(20671), '2026-08-06');
  assert.throws(() => engine.epochDay('device-local-v1', t, 'Mars/Olympus'), { code: 'invalid_day' });
  for (const g of engine.genres()) {
    const id = engine.dailyId(g.name, 'device-local-v1', 20671);
    assert.match(id, new RegExp(`^${g.name}:DAILY-device-local-v1-20671-.+-${g.current_version}$`));
  }
});

test('errors come back as codes, never as traps', () => {
  assert.throws(() => engine.generate('not an id'), { code: 'malformed_id' });
  assert.throws(() => engine.generate('nosuchgenre:SEED-1-EASY-g1'), { code: 'unknown_genre' });
  assert.throws(() => engine.call('generate', {}), { code: 'bad_request' });
  const raw = engine.callRaw('generate', '{not json');
  assert.match(raw, /^\{"error":\{"code":"bad_request"/);
  assert.match(engine.callRaw('no_such_export', '{}'), /bad_request/);
});
