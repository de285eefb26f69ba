// web/lib/sync.js without a browser: saves carry the version they were read at, and a 409
// save_conflict is answered by reading the save again and writing this tab's (newer) state on top
// of the new version, unless the server already holds it. fetch and localStorage are stand-ins.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const stored = new Map();
globalThis.localStorage = {
  getItem: (k) => (stored.has(k) ? stored.get(k) : null),
  setItem: (k, v) => stored.set(k, String(v)),
  removeItem: (k) => stored.delete(k),
};
globalThis.window = globalThis;
localStorage.setItem('dayseed:token', 'dst_test');

/** The server's one save: {version, progress} or null, and every PUT body it was sent. */
const server = { save: null, puts: [] };

globalThis.fetch = async (path, init = {}) => {
  const reply = (status, body) => ({ ok: status < 300, status, json: async () => body });
  if (init.method === 'GET') {
    if (!server.save) return reply(404, { error: { code: 'not_found', message: 'none' } });
    return reply(200, { schema: 2, id: 'toy:1', digest: 'd', board: {}, ...server.save });
  }
  const body = JSON.parse(init.body);
  server.puts.push(body);
  const current = server.save?.version ?? 0;
  if ('version' in body && body.version !== current) {
    return reply(409, { error: { code: 'save_conflict', message: 'stale', current_version: current } });
  }
  server.save = { version: current + 1, progress: body.progress };
  return reply(200, { saved: true, id: body.id, migration: 'none', version: current + 1 });
};

const { ProgressSync } = await import('../lib/sync.js');
const record = { id: 'toy:1', digest: 'd', puzzle: {} };

test('a first write creates the save (version 0), the next one names version 1', async () => {
  server.save = null;
  server.puts = [];
  const sync = new ProgressSync(record, () => 'ann');
  assert.equal(await sync.pull(), null);
  sync.pending = JSON.stringify({ entries: '1.' });
  await sync.flush();
  sync.pending = JSON.stringify({ entries: '12' });
  await sync.flush();
  assert.deepEqual(server.puts.map((p) => p.version), [0, 1]);
  assert.deepEqual(server.save, { version: 2, progress: { entries: '12' } });
  assert.equal(sync.disabled, false);
});

test('a conflict re-reads the save and writes this tab\'s state on the new version', async () => {
  server.save = { version: 1, progress: { entries: '1.' } };
  server.puts = [];
  const sync = new ProgressSync(record, () => 'ann');
  assert.deepEqual(await sync.pull(), { entries: '1.' });
  // Another device writes twice meanwhile.
  server.save = { version: 3, progress: { entries: '13' } };
  sync.pending = JSON.stringify({ entries: '12' });
  await sync.flush();
  assert.deepEqual(server.puts.map((p) => p.version), [1, 3]);
  assert.deepEqual(server.save, { version: 4, progress: { entries: '12' } });
  assert.equal(sync.version, 4);
  assert.equal(sync.disabled, false);
});

test('after a conflict nothing is written again when the server holds the same state', async () => {
  server.save = { version: 1, progress: { entries: '1.' } };
  server.puts = [];
  const sync = new ProgressSync(record, () => 'ann');
  await sync.pull();
  server.save = { version: 2, progress: { entries: '12' } };
  sync.pending = JSON.stringify({ entries: '12' });
  await sync.flush();
  assert.deepEqual(server.puts.map((p) => p.version), [1]);
  assert.equal(sync.version, 2);
  assert.equal(sync.lastSent, JSON.stringify({ entries: '12' }));
});
