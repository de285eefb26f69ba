// Progress in localStorage under `dayseed:<id>:<digest>`. The digest is part of the key, so a
// board that changed under the same id (a different build, a tampered cache) never restores the
// wrong progress: it simply finds no entry.

const SCHEMA = 1;

/** The storage key of a board's progress. */
export function progressKey(id, digest) {
  return `dayseed:${id}:${digest}`;
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): play without saving
  }
}

/** The saved progress {state, elapsedMs, solved, submitted, past, future} or null. */
export function loadProgress(id, digest) {
  const store = storage();
  if (!store) return null;
  try {
    const raw = store.getItem(progressKey(id, digest));
    if (!raw) return null;
    const saved = JSON.parse(raw);
    if (saved?.schema !== SCHEMA || saved.id !== id || saved.digest !== digest) return null;
    return saved;
  } catch {
    return null;
  }
}

/** Saves progress; failures (quota, disabled storage) are reported, never thrown. */
export function saveProgress(id, digest, progress) {
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(progressKey(id, digest), JSON.stringify({ schema: SCHEMA, id, digest, ...progress }));
    return true;
  } catch {
    return false;
  }
}

/** The remembered player name ('' when none). */
export function loadPlayer() {
  return storage()?.getItem('dayseed:player') ?? '';
}

/** Remembers the player name. */
export function savePlayer(name) {
  try {
    storage()?.setItem('dayseed:player', name);
  } catch {
    // not remembered; harmless
  }
}

/** Every saved progress whose id starts with `idPrefix` (e.g. `sudoku:DAILY-`), any digest. */
export function listProgress(idPrefix) {
  const store = storage();
  if (!store) return [];
  const out = [];
  const prefix = `dayseed:${idPrefix}`;
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (!key?.startsWith(prefix)) continue;
    try {
      const saved = JSON.parse(store.getItem(key));
      if (saved?.schema === SCHEMA && typeof saved.id === 'string') out.push(saved);
    } catch {
      // a damaged entry is skipped
    }
  }
  return out;
}
