// Per-genre statistics: played, solved, current and best streak of solved dailies, best and
// median solving time. Worked out from the saved progress of the genre's daily boards in this
// browser (any difficulty), merged with the solves the dayseed server filed for this browser's
// player (lib/server-stats.js), so a player restored on another device keeps their history.
//
// One board counts once: boards are told apart by digest (the same daily under two day policies
// is one board). A board the server filed counts as solved with the server's time (measured by
// the server, the one its leaderboard shows; a board this browser took from a server save has no
// real time of its own), whether or not this browser also has it. Without a server (offline, a static host) the panel shows
// this browser's boards and the server solves it last saw.

import { h, formatElapsed } from './dom.js';
import { listProgress } from './progress.js';
import { loadToken } from './api.js';
import { cachedServerScores, fetchServerScores } from './server-stats.js';
import { accountPanel } from './account.js';

const DAY = /:DAILY-[a-z0-9-]+?-v\d+-(-?\d+)-/;

/** The epoch day a daily id names, or null. */
export function dayOf(id) {
  const day = Number(DAY.exec(id ?? '')?.[1]);
  return Number.isInteger(day) ? day : null;
}

/** This browser's daily boards of `genre` as {key, day, played, solved, elapsedMs}. */
function localBoards(genre) {
  return listProgress(`${genre}:DAILY-`).map((b) => ({
    key: b.digest ?? b.id,
    day: dayOf(b.id),
    played: Boolean(b.moved || b.solved),
    solved: Boolean(b.solved),
    elapsedMs: Number.isFinite(b.elapsedMs) ? b.elapsedMs : null,
  }));
}

/**
 * One record per board: this browser's boards, and the dailies the server filed as solved
 * (`remote`: slim entries with {id, digest, day, elapsedMs}); a board in both is one record,
 * solved, with the server's time.
 */
export function mergeBoards(local, remote) {
  const byKey = new Map();
  for (const b of local) {
    const known = byKey.get(b.key);
    // The same board under two ids: keep the solved (or else the played) one.
    if (!known || (b.solved && !known.solved) || (b.played && !known.played)) byKey.set(b.key, b);
  }
  for (const r of remote) {
    const day = Number.isInteger(r.day) ? r.day : dayOf(r.id);
    if (day === null) continue; // a seeded board: not a daily
    const key = r.digest ?? r.id;
    const known = byKey.get(key);
    byKey.set(key, {
      key, day, played: true, solved: true,
      elapsedMs: Number.isFinite(r.elapsedMs) ? r.elapsedMs : (known?.elapsedMs ?? null),
    });
  }
  return [...byKey.values()];
}

/** {played, solved, current, best, bestMs, medianMs} of board records up to `today`. */
export function summarize(boards, today) {
  const played = boards.filter((b) => b.played || b.solved);
  const solved = played.filter((b) => b.solved);
  const days = new Set(solved.map((b) => b.day).filter(Number.isInteger));
  const sorted = [...days].sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  sorted.forEach((d, i) => {
    run = i > 0 && sorted[i - 1] === d - 1 ? run + 1 : 1;
    best = Math.max(best, run);
  });
  // The current streak may end today or, while today's board is still open, yesterday.
  let current = 0;
  if (Number.isInteger(today)) {
    let d = days.has(today) ? today : today - 1;
    while (days.has(d)) { current += 1; d -= 1; }
  }
  const times = solved.map((b) => b.elapsedMs).filter(Number.isFinite).sort((a, b) => a - b);
  const mid = times.length >> 1;
  const medianMs = times.length === 0 ? null
    : times.length % 2 === 1 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
  return {
    played: played.length, solved: solved.length, current, best,
    bestMs: times.length > 0 ? times[0] : null, medianMs,
  };
}

/** Stats of `genre`'s dailies up to `today`: this browser's boards merged with `remote` solves. */
export function genreStats(genre, today, remote = []) {
  return summarize(mergeBoards(localBoards(genre), remote), today);
}

function statItems(s) {
  const time = (ms) => (ms === null ? '—' : formatElapsed(ms));
  const item = (label, value, key) => h('div', { class: 'stat', dataset: { stat: key } },
    h('span', { class: 'stat-value' }, String(value)), h('span', { class: 'stat-label' }, label));
  return [
    item('played', s.played, 'played'),
    item('solved', s.solved, 'solved'),
    item('streak', s.current, 'current'),
    item('best streak', s.best, 'best'),
    item('best time', time(s.bestMs), 'best-time'),
    item('median time', time(s.medianMs), 'median-time'),
  ];
}

/**
 * The stats block of a genre: drawn at once from this browser (and the server solves it last
 * saw), then redrawn when the server answers. `data-sync` says what it shows: `local`, `cached`
 * (the last server answer; the server is not reachable now) or `server`.
 */
export function statsPanel(genre, today) {
  const grid = h('div', { class: 'stat-grid' });
  const note = h('p', { class: 'stats-note' });
  const section = h('section', { class: 'stats', 'aria-label': 'Your statistics', 'data-testid': 'stats' },
    h('h2', {}, 'Your daily stats'), grid, note, accountPanel());
  const draw = (remote, sync, text) => {
    grid.replaceChildren(...statItems(genreStats(genre, today, remote)));
    section.dataset.sync = sync;
    note.textContent = text;
  };
  const cached = cachedServerScores(genre);
  if (cached) {
    draw(cached.scores, 'cached', `Kept in this browser, with the solves the server filed for ${cached.player}.`);
  } else {
    draw([], 'local', 'Kept in this browser.');
  }
  if (loadToken()) {
    fetchServerScores(genre).then((result) => {
      if (result.ok) {
        draw(result.ok.scores, 'server',
          `Kept in this browser and on the server for ${result.ok.player}, so your other devices count too.`);
      } else if (cached) {
        note.textContent = `Kept in this browser, with the solves the server filed for ${cached.player} `
          + '(the server cannot be reached now; they may be out of date).';
      }
    });
  }
  return section;
}
