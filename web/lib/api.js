// The dayseed HTTP API (served by `dayseed serve`): players, play sessions, scores, leaderboards
// and progress saves. Every call resolves to {ok: value} or {error: {code, message}}, so the page
// can say what went wrong (also offline).
//
// The player's secret token lives in localStorage under `dayseed:token` (it is also the recovery
// code that moves the player to another device). A guest player is created on first need, so a
// board's play session (the server's clock) starts when the board opens; the name is set when a
// score is submitted.

const TOKEN_KEY = 'dayseed:token';

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored token ('' when none). */
export function loadToken() {
  return storage()?.getItem(TOKEN_KEY) ?? '';
}

export function saveToken(token) {
  try {
    storage()?.setItem(TOKEN_KEY, token);
  } catch {
    // not remembered: the next visit is a new guest
  }
}

/** One API call -> {ok: body} or {error: {code, message}} (code `offline` when unreachable). */
export async function request(method, path, body, token = '') {
  let response;
  const headers = body === undefined ? {} : { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { error: { code: 'offline', message: 'the dayseed server cannot be reached' } };
  }
  let payload = null;
  try {
    payload = await response.json();
  } catch {
    // fall through: a non-JSON body is reported by status below
  }
  if (!response.ok) {
    const error = payload?.error ?? { code: `http_${response.status}`, message: `HTTP ${response.status}` };
    return { error };
  }
  return { ok: payload };
}

let creating = null;

/** The player's token, creating a guest player (POST /api/v1/players) when there is none. */
export async function ensurePlayer() {
  const known = loadToken();
  if (known) return { ok: known };
  creating ??= request('POST', 'api/v1/players', {}).then((result) => {
    creating = null;
    if (result.ok) saveToken(result.ok.token);
    return result.ok ? { ok: result.ok.token } : result;
  });
  return creating;
}

/** PUT /api/v1/players/me: sets the player's display name (error `name_taken` when in use). */
export async function renamePlayer(name) {
  const token = await ensurePlayer();
  if (token.error) return token;
  return request('PUT', 'api/v1/players/me', { name }, token.ok);
}

/** POST /api/v1/sessions -> {session, id, board, started_at, hints, created}: the server's clock. */
export async function startSession(id) {
  const token = await ensurePlayer();
  if (token.error) return token;
  return request('POST', 'api/v1/sessions', { id }, token.ok);
}

/** POST /api/v1/sessions/{session}/hints: counts a hint the page computed itself. */
export function reportHint(session) {
  return request('POST', `api/v1/sessions/${encodeURIComponent(session)}/hints`, undefined, loadToken());
}

/** POST /api/v1/scores -> {accepted, score_id, rank, elapsed_ms, hints, improved}. */
export function submitScore({ session, id, digest, state, elapsedMs }) {
  const elapsed = Math.max(1, Math.round(elapsedMs));
  return request('POST', 'api/v1/scores', { session, id, digest, state, elapsed_ms: elapsed }, loadToken());
}

/** GET /api/v1/leaderboard/{id} -> {id, board, entries: [{rank, player, id, elapsed_ms, hints, submitted_at}], player_rank?}. */
export function fetchLeaderboard(id, { limit = 10, player = '' } = {}) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (player) query.set('player', player);
  return request('GET', `api/v1/leaderboard/${encodeURIComponent(id)}?${query}`);
}

/** PUT /api/v1/saves: stores the player's schema-2 save {schema, id, board, digest, progress}. */
export function putSave(save) {
  return request('PUT', 'api/v1/saves', save, loadToken());
}

/** GET /api/v1/saves?id=ID -> the player's schema-2 save (error `not_found` when none). */
export function getSave(id) {
  return request('GET', `api/v1/saves?${new URLSearchParams({ id })}`, undefined, loadToken());
}

/**
 * POST /api/v1/scores for an arcade run -> {accepted, score_id, rank}: opens the board's play
 * session, then sends the tape (the kit's text form) as `state`; the server recomputes the score
 * by replaying it on the board it generates (elapsed_ms is the run's game time, for the record).
 */
export async function submitArcadeScore({ id, digest, tape, elapsedMs }) {
  const session = await startSession(id);
  if (session.error) return session;
  return submitScore({ session: session.ok.session, id, digest, state: tape, elapsedMs });
}
