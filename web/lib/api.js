// The dayseed HTTP API (served by `dayseed serve`): scores, leaderboards and progress saves. Every call resolves to
// {ok: value} or {error: {code, message}}, so the page can say what went wrong (also offline).

async function request(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
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

/** POST /api/v1/scores -> {accepted, score_id, rank}. */
export function submitScore({ id, digest, state, elapsedMs, player }) {
  return request('POST', 'api/v1/scores', { id, digest, state, elapsed_ms: Math.max(1, Math.round(elapsedMs)), player });
}

/** GET /api/v1/leaderboard/{id} -> {id, entries: [{rank, player, elapsed_ms, submitted_at}], player_rank?}. */
export function fetchLeaderboard(id, { limit = 10, player = '' } = {}) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (player) query.set('player', player);
  return request('GET', `api/v1/leaderboard/${encodeURIComponent(id)}?${query}`);
}

/** PUT /api/v1/saves/{player}: stores a schema-2 save {schema, id, board, digest, progress}. */
export function putSave(player, save) {
  return request('PUT', `api/v1/saves/${encodeURIComponent(player)}`, save);
}

/** GET /api/v1/saves/{player}?id=ID -> the stored schema-2 save (error `not_found` when none). */
export function getSave(player, id) {
  return request('GET', `api/v1/saves/${encodeURIComponent(player)}?${new URLSearchParams({ id })}`);
}

/**
 * POST /api/v1/scores for an arcade run -> {accepted, score_id, rank}. The server recomputes the
 * score by replaying the tape on the board it generates; the body is
 * {id, digest, tape, state, elapsed_ms, player} with `tape` (the kit's text form) also sent as
 * `state`, the field the scores API checks today, and elapsed_ms the run's game time.
 */
export function submitArcadeScore({ id, digest, tape, elapsedMs, player }) {
  return request('POST', 'api/v1/scores', {
    id, digest, tape, state: tape, elapsed_ms: Math.max(1, Math.round(elapsedMs)), player,
  });
}
