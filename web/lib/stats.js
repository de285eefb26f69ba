// Per-genre statistics, kept in this browser: played, solved, current and best streak of solved
// dailies, best and median solving time. Worked out from the saved progress of the genre's daily
// boards (any difficulty), so they need no store of their own and stay true after a reload.

import { h, formatElapsed } from './dom.js';
import { listProgress } from './progress.js';

const DAY = /:DAILY-[a-z0-9-]+?-v\d+-(-?\d+)-/;

/** {played, solved, current, best, bestMs, medianMs} for `genre`'s dailies up to `today`. */
export function genreStats(genre, today) {
  const boards = listProgress(`${genre}:DAILY-`);
  const played = boards.filter((b) => b.moved || b.solved);
  const solved = played.filter((b) => b.solved);
  const days = new Set(solved.map((b) => Number(DAY.exec(b.id)?.[1])).filter(Number.isInteger));
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

/** The stats block of a genre. */
export function statsPanel(genre, today) {
  const s = genreStats(genre, today);
  const time = (ms) => (ms === null ? '—' : formatElapsed(ms));
  const item = (label, value, key) => h('div', { class: 'stat', dataset: { stat: key } },
    h('span', { class: 'stat-value' }, String(value)), h('span', { class: 'stat-label' }, label));
  return h('section', { class: 'stats', 'aria-label': 'Your statistics', 'data-testid': 'stats' },
    h('h2', {}, 'Your daily stats'),
    h('div', { class: 'stat-grid' },
      item('played', s.played, 'played'),
      item('solved', s.solved, 'solved'),
      item('streak', s.current, 'current'),
      item('best streak', s.best, 'best'),
      item('best time', time(s.bestMs), 'best-time'),
      item('median time', time(s.medianMs), 'median-time')),
    h('p', { class: 'stats-note' }, 'Kept in this browser.'));
}
