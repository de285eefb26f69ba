// The archive: a month calendar of the genre's dailies (any past date, played or not, solved ones
// marked) and a difficulty picker where the genre has levels. Every day is a plain link to
// `#id=<that day's daily id>`, so it can be opened in a new tab or shared.

import { h } from './dom.js';
import { listProgress } from './progress.js';

const MS_PER_DAY = 86_400_000;
const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

/** [year, month (0-11), day of month] of an epoch day. */
function ymd(epochDay) {
  const d = new Date(epochDay * MS_PER_DAY);
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
}

const epochDayOf = (year, month, day) => Math.floor(Date.UTC(year, month, day) / MS_PER_DAY);

/**
 * @param {object} opts
 * @param {object} opts.engine the loaded engine (daily ids)
 * @param {string} opts.genre
 * @param {string} opts.policy the day policy of today's boards
 * @param {number} opts.today today's epoch day
 * @param {object} opts.current the open board, as lib/ident.js describes it
 * @param {{name: string, label: string}[]} [opts.levels] the genre's difficulty levels
 */
export function archivePanel({ engine, genre, policy, today, current, levels = [] }) {
  const focusDay = current.kind === 'daily' ? current.day : today;
  const idFor = (day, level) => {
    try {
      return engine.dailyId(genre, current.kind === 'daily' ? current.policy : policy, day, level);
    } catch {
      return null;
    }
  };
  // The level of the open board: the one whose daily id for its day is the open board's id.
  const level = current.kind === 'daily'
    ? levels.find((l) => idFor(current.day, l.name) === current.id)?.name ?? null
    : null;
  let [year, month] = ymd(focusDay);

  const title = h('span', { class: 'cal-title', 'aria-live': 'polite' });
  const grid = h('div', { class: 'cal-grid', role: 'grid', 'data-testid': 'calendar' });
  const prev = h('button', { type: 'button', class: 'btn icon', 'aria-label': 'Previous month', onclick: () => move(-1) }, '‹');
  const next = h('button', { type: 'button', class: 'btn icon', 'aria-label': 'Next month', onclick: () => move(1) }, '›');
  const picker = levels.length > 0 ? h('select', {
    class: 'level-picker', 'aria-label': 'Difficulty',
    onchange: (e) => {
      const day = current.kind === 'daily' ? current.day : today;
      const id = idFor(day, e.target.value || null);
      if (id) location.hash = `id=${encodeURIComponent(id)}`;
    },
  }, h('option', { value: '' }, 'Daily default'),
  levels.map((l) => h('option', { value: l.name, selected: l.name === level }, l.label))) : null;

  function move(delta) {
    month += delta;
    if (month < 0) { month = 11; year -= 1; }
    if (month > 11) { month = 0; year += 1; }
    render();
  }

  function render() {
    title.textContent = new Date(Date.UTC(year, month, 1)).toLocaleDateString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const [ty, tm] = ymd(today);
    next.disabled = year > ty || (year === ty && month >= tm);
    const saved = new Map(listProgress(`${genre}:DAILY-`).map((s) => [s.id, s]));
    const first = epochDayOf(year, month, 1);
    const days = epochDayOf(year, month + 1, 1) - first;
    const lead = (new Date(first * MS_PER_DAY).getUTCDay() + 6) % 7; // Monday first
    const cells = WEEKDAYS.map((d) => h('span', { class: 'cal-head', role: 'columnheader' }, d));
    for (let i = 0; i < lead; i += 1) cells.push(h('span', { class: 'cal-pad' }));
    for (let n = 1; n <= days; n += 1) {
      const day = first + n - 1;
      if (day > today) {
        cells.push(h('span', { class: 'cal-day future', role: 'gridcell', 'aria-disabled': 'true' }, String(n)));
        continue;
      }
      const id = idFor(day, level);
      if (id === null) continue;
      const progress = id ? saved.get(id) : undefined;
      const state = progress?.solved ? 'solved' : progress?.moved ? 'started' : 'open';
      const isOpen = current.kind === 'daily' && day === current.day;
      cells.push(h('a', {
        class: `cal-day ${state}${day === today ? ' today' : ''}${isOpen ? ' current' : ''}`,
        role: 'gridcell', href: `#id=${encodeURIComponent(id)}`, dataset: { day: String(day), state },
        'aria-label': `${engine.formatDate(day)}${state === 'solved' ? ', solved' : state === 'started' ? ', started' : ''}`,
        'aria-current': isOpen ? 'date' : null,
      }, String(n)));
    }
    grid.replaceChildren(...cells);
  }
  render();

  return h('details', { class: 'archive', open: current.kind === 'daily' && current.day !== today ? true : null },
    h('summary', {}, 'Archive and difficulty'),
    picker ? h('label', { class: 'level-row' }, 'Difficulty ', picker) : null,
    h('div', { class: 'cal-nav' }, prev, title, next),
    grid,
    h('p', { class: 'cal-legend' }, h('span', { class: 'cal-day solved' }, '✓'), ' solved  ',
      h('span', { class: 'cal-day started' }, '•'), ' started'));
}
