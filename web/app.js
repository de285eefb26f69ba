// The page: loads the engine, finds today's puzzle of each genre (device-local-v1 in the
// browser's time zone, generated in WebAssembly so it works offline) and plays the chosen one.

import { load } from './dayseed.js';
import { h } from './lib/dom.js';
import { Session } from './session.js';
import { ArcadeSession } from './lib/arcade.js';
import sudoku from './games/sudoku.js';
import lightsout from './games/lightsout.js';
import slitherlink from './games/slitherlink.js';
import starlink from './games/starlink.js';

/** Genre views the browser can play; other genres show a note. */
const GAMES = { sudoku, lightsout, slitherlink, starlink };

const tabsEl = document.getElementById('tabs');
const mainEl = document.getElementById('main');
const todayEl = document.getElementById('today');

let engine;
let current = null;

/** Today's epoch day and policy: device-local-v1 in the browser's zone, utc-v1 if it is unknown. */
function today() {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const now = Date.now();
  try {
    return { policy: 'device-local-v1', tz, day: engine.epochDay('device-local-v1', now, tz) };
  } catch {
    return { policy: 'utc-v1', tz: 'UTC', day: engine.epochDay('utc-v1', now) };
  }
}

/** An explicit board from the address (`#id=<puzzle id>`), for shared links and tests. */
function requestedId() {
  const params = new URLSearchParams(location.hash.slice(1));
  return params.get('id');
}

/** Arcade genres' page modules (games/<name>.js, kind 'arcade'), found by name. */
async function addArcadeGames(genres) {
  await Promise.all(genres.filter((g) => g.capabilities.kind === 'arcade' && !GAMES[g.name]).map(async (g) => {
    try {
      GAMES[g.name] = (await import(`./games/${g.name}.js`)).default;
    } catch {
      // no page module for this genre in this build: it shows as not playable yet
    }
  }));
}

function showError(text) {
  mainEl.replaceChildren(h('p', { class: 'note error', role: 'alert' }, text));
}

function open(genre, id, dateText) {
  current?.destroy();
  current = null;
  for (const tab of tabsEl.children) {
    const selected = tab.dataset.genre === genre.name;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
  }
  mainEl.dataset.genre = genre.name;
  mainEl.setAttribute('aria-labelledby', `tab-${genre.name}`);
  let record;
  try {
    record = engine.generate(id);
  } catch (e) {
    showError(`Cannot generate ${id}: ${e.message}`);
    return;
  }
  const game = GAMES[genre.name];
  if (!game) {
    mainEl.replaceChildren(h('div', { class: 'note' },
      h('p', {}, `${genre.name} is not playable in the browser yet.`),
      h('p', {}, 'Today\'s board: ', h('code', {}, record.id)),
      h('p', {}, 'Digest: ', h('code', {}, record.digest))));
    return;
  }
  if (game.kind === 'arcade') {
    const stage = h('div', { class: `game game-${genre.name}` });
    mainEl.replaceChildren(stage);
    current = new ArcadeSession({ engine, record, game, root: stage, dateText: todayEl.textContent });
    return;
  }
  const root = h('div', { class: `game game-${genre.name}` });
  mainEl.replaceChildren(root);
  current = new Session({ engine, record, game, root, dateText, capabilities: genre.capabilities });
}

async function main() {
  try {
    engine = await load();
  } catch (e) {
    todayEl.textContent = 'The puzzle engine could not be loaded.';
    showError(`WebAssembly engine unavailable: ${e.message}`);
    return;
  }
  const genres = engine.genres();
  await addArcadeGames(genres);
  const { policy, tz, day } = today();
  const date = engine.formatDate(day);
  todayEl.textContent = `${date} · ${tz}`;
  const explicit = requestedId();
  const boards = genres.map((g) => ({
    genre: g,
    id: explicit?.startsWith(`${g.name}:`) ? explicit : engine.dailyId(g.name, policy, day),
  }));
  if (boards.length === 0) {
    showError('No genres are registered in this build.');
    return;
  }
  boards.forEach(({ genre, id }, i) => {
    const label = genre.name === 'lightsout' ? 'Lights Out' : genre.name[0].toUpperCase() + genre.name.slice(1);
    const tab = h('button', {
      type: 'button', role: 'tab', class: 'tab', id: `tab-${genre.name}`,
      'aria-controls': 'main', dataset: { genre: genre.name },
      onclick: () => { history.replaceState(null, '', `#${genre.name}`); open(genre, id, date); },
    }, label, GAMES[genre.name] ? null : h('span', { class: 'soon' }, ' (soon)'));
    tab.addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
      e.preventDefault();
      e.stopPropagation();
      const next = tabsEl.children[(i + (e.key === 'ArrowRight' ? 1 : boards.length - 1)) % boards.length];
      next.focus();
      next.click();
    });
    tabsEl.append(tab);
  });
  const wanted = explicit?.split(':')[0] ?? location.hash.slice(1);
  const first = boards.find((b) => b.genre.name === wanted)
    ?? boards.find((b) => b.genre.name === 'sudoku')
    ?? boards.find((b) => GAMES[b.genre.name])
    ?? boards[0];
  open(first.genre, first.id, date);
}

main();
