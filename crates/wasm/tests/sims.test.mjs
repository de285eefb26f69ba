// The wasm build's live-simulation exports (sim_start / sim_input / sim_step / sim_free, and solve
// and replay), driven the way web/lib/arcade.js drives them, for every arcade genre registered.
// Run by scripts/test-wasm.sh with `node --test`; DAYSEED_WASM names the built module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { load } from '../../../web/dayseed.js';
import { tapeEvents, tapeToText } from '../../../web/lib/tape.js';

const wasmPath = process.env.DAYSEED_WASM;
if (!wasmPath) throw new Error('DAYSEED_WASM is not set; run scripts/test-wasm.sh');
const engine = await load(readFileSync(wasmPath));
const arcade = engine.genres().filter((g) => g.capabilities.kind === 'arcade');
const DAY = 20671;

/** Today's board of an arcade genre. */
function board(genre) {
  return engine.generate(engine.dailyId(genre.name, 'utc-v1', DAY));
}

/** Plays `events` as the page's "Watch the solver" does: input at its tick, step in chunks. */
function playLive(genre, puzzle, events) {
  const handle = engine.simStart(genre, puzzle);
  try {
    let status = engine.simStep(handle, 0);
    let next = 0;
    for (let guard = 0; guard < 1_000_000 && !status.ending; guard += 1) {
      let applied = false;
      while (next < events.length && events[next].tick === status.tick) {
        assert.equal(engine.simInput(handle, events[next].action), status.tick);
        next += 1;
        applied = true;
      }
      if (applied) status = engine.simStep(handle, 0); // an input may end a wait for input
      if (next === events.length && status.awaiting) break;
      const due = next < events.length ? events[next].tick - status.tick : 10_000;
      status = engine.simStep(handle, Math.min(due, 10_000));
    }
    return status;
  } finally {
    engine.simFree(handle);
  }
}

test('an arcade genre is registered (else these tests prove nothing)', () => {
  assert.ok(arcade.length > 0, 'no genre with capabilities.kind == "arcade" in this build');
  console.log(`sims: arcade genres ${arcade.map((g) => g.name).join(', ')}`);
});

test('a new simulation reports its clock, view and no ending', () => {
  for (const g of arcade) {
    const { puzzle } = board(g);
    const handle = engine.simStart(g.name, puzzle);
    const status = engine.simStep(handle, 0);
    assert.equal(status.tick, 0);
    assert.ok(Number.isInteger(status.ticks_per_second) && status.ticks_per_second > 0);
    assert.equal(typeof status.view, 'object');
    assert.equal(status.ending, null);
    assert.equal(typeof status.awaiting, 'boolean');
    if (!status.awaiting) assert.equal(engine.simStep(handle, 5).tick, 5, `${g.name}: five ticks`);
    engine.simFree(handle);
  }
});

test('the solver tape played live ends exactly as its replay and its check', () => {
  for (const g of arcade) {
    const { puzzle } = board(g);
    const report = engine.solve(g.name, puzzle);
    const events = tapeEvents(report.tape);
    assert.equal(tapeToText(events), report.tape, `${g.name}: the page's tape codec round-trips the solver's tape`);
    const live = playLive(g.name, puzzle, events);
    const replayed = engine.replay(g.name, puzzle, report.tape);
    assert.deepEqual(live.ending, replayed.ending, `${g.name}: live and replayed endings`);
    assert.equal(live.tick, replayed.ticks);
    assert.ok(replayed.ending.won, `${g.name}: the solver wins: ${replayed.ending.reason}`);
    const verdict = engine.check(g.name, puzzle, report.tape);
    assert.equal(verdict.solved, true);
    assert.equal(verdict.score.value, live.ending.score.value);
    assert.equal(verdict.score.tick_hash, replayed.tick_hash);
    console.log(`sims: ${g.name}: solver tape of ${events.length} events, ${live.tick} ticks, ${JSON.stringify(live.ending.score)}`);
  }
});

test('inputs after the ending, unknown handles and bad requests are refused with codes', () => {
  const g = arcade[0];
  const { puzzle } = board(g);
  const report = engine.solve(g.name, puzzle);
  const handle = engine.simStart(g.name, puzzle);
  const events = tapeEvents(report.tape);
  let status = engine.simStep(handle, 0);
  let next = 0;
  while (!status.ending) {
    while (next < events.length && events[next].tick === status.tick) engine.simInput(handle, events[next++].action);
    status = engine.simStep(handle, 0);
    if (status.ending) break;
    status = engine.simStep(handle, Math.min(10_000, next < events.length ? events[next].tick - status.tick : 10_000));
  }
  assert.throws(() => engine.simInput(handle, events[0].action), { code: 'bad_request', message: /run ended/ });
  assert.equal(engine.simStep(handle, 100).tick, status.tick, 'an ended run stays put');
  assert.throws(() => engine.simStep(handle, 10_001), { code: 'bad_request', message: /'n'/ });
  assert.throws(() => engine.simInput(handle, { jump: 1 }), { code: 'bad_request', message: /action/ });
  assert.throws(() => engine.simInput(handle, { press: 36 }), /button/);
  engine.simFree(handle);
  assert.throws(() => engine.simStep(handle, 1), { code: 'bad_request', message: /no simulation has handle/ });
  assert.throws(() => engine.simFree(handle), { code: 'bad_request' });
  assert.throws(() => engine.simStart('sudoku', engine.generate(engine.dailyId('sudoku', 'utc-v1', DAY)).puzzle), { code: 'unsupported' });
  assert.throws(() => engine.simStart(g.name, { nonsense: true }), { code: 'invalid_puzzle' });
  assert.throws(() => engine.replay(g.name, puzzle, '2.0P0'), { code: 'invalid_state' });
});

test('at most 8 simulations live at once; freeing one makes room', () => {
  const g = arcade[0];
  const { puzzle } = board(g);
  const handles = Array.from({ length: 8 }, () => engine.simStart(g.name, puzzle));
  assert.equal(new Set(handles).size, 8);
  assert.throws(() => engine.simStart(g.name, puzzle), { code: 'bad_request', message: /already running/ });
  engine.simFree(handles.pop());
  handles.push(engine.simStart(g.name, puzzle));
  handles.forEach((h) => engine.simFree(h));
});
