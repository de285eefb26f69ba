// The player's solves as the dayseed server filed them (GET /api/v1/players/me/scores), for the
// stats panel to merge with what this browser kept itself. Only what the stats need is kept:
// each filed result's board (digest), day (dailies) and time.
//
// The last answer is remembered in localStorage under `dayseed:server-scores:<genre>`, tagged
// with a fingerprint of the token it was read with, so an offline reload still shows solves from
// other devices, and a different player (another recovery code) never sees them.

import { request, loadToken } from './api.js';

/** Entries per request (the API's largest page). */
const PAGE = 500;
/** Pages per refresh at most: 10,000 boards of one genre. */
const MAX_PAGES = 20;

const cacheKey = (genre) => `dayseed:server-scores:${genre}`;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A short, non-secret tag of a token (FNV-1a, 32 bits): whose cached scores these are. */
export function fingerprint(token) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** What the stats keep of one entry of the API's answer. */
export function slimEntry(e) {
  return {
    id: e.id,
    digest: e.digest,
    day: Number.isInteger(e.day) ? e.day : null,
    elapsedMs: Number.isFinite(e.elapsed_ms) ? e.elapsed_ms : null,
    hints: e.hints ?? 0,
  };
}

/** The remembered server scores of `genre` for the current token: {player, scores, at} or null. */
export function cachedServerScores(genre) {
  const token = loadToken();
  if (!token) return null;
  try {
    const saved = JSON.parse(storage()?.getItem(cacheKey(genre)) ?? 'null');
    if (saved?.owner !== fingerprint(token) || !Array.isArray(saved.scores)) return null;
    return saved;
  } catch {
    return null;
  }
}

function remember(genre, token, player, scores) {
  try {
    storage()?.setItem(cacheKey(genre), JSON.stringify({
      owner: fingerprint(token), player, scores, at: Date.now(),
    }));
  } catch {
    // not remembered (quota, storage off): the next visit asks the server again
  }
}

/**
 * Every filed result of `genre` for this browser's player, page by page:
 * {ok: {player, scores: [slim entries]}} or {error: {code, message}} (`no_player` without a
 * token, `offline` without a server, ...).
 */
export async function fetchServerScores(genre) {
  const token = loadToken();
  if (!token) return { error: { code: 'no_player', message: 'no player on this browser' } };
  const scores = [];
  let after = 0;
  let player = '';
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const query = new URLSearchParams({ genre, limit: String(PAGE), after: String(after) });
    const result = await request('GET', `api/v1/players/me/scores?${query}`, undefined, token);
    if (result.error) return result;
    player = result.ok.player ?? '';
    scores.push(...(result.ok.scores ?? []).map(slimEntry));
    const next = result.ok.next_after;
    if (!Number.isInteger(next) || next <= after) break;
    after = next;
  }
  remember(genre, token, player, scores);
  return { ok: { player, scores } };
}
