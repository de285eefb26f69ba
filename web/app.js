// The page: loads the engine, finds today's puzzle of each genre (device-local-v1 in the
// browser's time zone, generated in WebAssembly so it works offline) and plays the chosen one.
// A genre's view is the module web/games/<genre>.js, found by name; `#id=<puzzle id>` opens any
// board (shared links, the archive calendar).

import { load } from './dayseed.js';
import { h } from './lib/dom.js';
import { Session } from './session.js';
import { ArcadeSession } from './lib/arcade.js';
import { genreLabel, describeId, setGenreTitles } from './lib/ident.js';
import { registerOffline } from './lib/offline.js';

/** Genre views the browser can play, by genre name (filled from games/<name>.js). */
const GAMES = {};

const tabsEl = document.getElementById('tabs');
const mainEl = document.getElementById('main');
const todayEl = document.getElementById('today');

let engine;
let current = null;
let boards = [];
let day = null;

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

/** An explicit board from the address (`#id=<puzzle id>`), for shared links and the archive. */
function requestedId() {
  const params = new URLSearchParams(location.hash.slice(1));
  return params.get('id');
}

function showError(text, ...more) {
  mainEl.replaceChildren(h('div', { class: 'note error', role: 'alert' }, h('p', {}, text), ...more));
}

/** Loads games/<name>.js for every genre; a genre without a module stays unplayable here. */
async function loadGames(names) {
  await Promise.all(names.map(async (name) => {
    try {
      GAMES[name] = (await import(`./games/${name}.js`)).default;
    } catch {
      // no view for this genre in this build
    }
  }));
}

function open(genre, id) {
  current?.destroy();
  current = null;
  for (const tab of tabsEl.children) {
    const selected = tab.dataset.genre === genre.name;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    if (selected) tab.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }
  mainEl.dataset.genre = genre.name;
  mainEl.setAttribute('aria-labelledby', `tab-${genre.name}`);
  let record;
  try {
    record = engine.generate(id);
  } catch (e) {
    showError(`Cannot open the board ${id}: ${e.message}`);
    return;
  }
  const about = describeId(engine, record.id);
  const game = GAMES[genre.name];
  if (!game) {
    mainEl.replaceChildren(h('div', { class: 'note' },
      h('p', {}, `${genreLabel(genre.name)} is not playable in the browser yet.`),
      h('p', {}, 'Board: ', h('code', {}, record.id)),
      h('p', {}, 'Digest: ', h('code', {}, record.digest))));
    return;
  }
  if (game.kind === 'arcade') {
    const stage = h('div', { class: `game game-${genre.name}` });
    mainEl.replaceChildren(stage);
    current = new ArcadeSession({ engine, record, game, root: stage, dateText: about.text });
    return;
  }
  const root = h('div', { class: `game game-${genre.name}` });
  mainEl.replaceChildren(root);
  current = new Session({
    engine, record, game, root, dateText: about.text, capabilities: genre.capabilities,
    archive: { genre: genre.name, policy: day.policy, today: day.day, current: about },
  });
}

/** Opens the board the address asks for (or today's board of the genre named by `#<genre>`). */
function route() {
  const explicit = requestedId();
  const wanted = explicit?.split(':')[0] ?? location.hash.slice(1);
  const board = boards.find((b) => b.genre.name === wanted)
    ?? boards.find((b) => GAMES[b.genre.name])
    ?? boards[0];
  open(board.genre, explicit?.startsWith(`${board.genre.name}:`) ? explicit : board.id);
}

async function main() {
  try {
    engine = await load();
  } catch (e) {
    todayEl.textContent = 'The puzzle engine could not be loaded.';
    const missing = /HTTP 404/.test(e.message);
    showError(missing
      ? 'The puzzle engine (pkg/dayseed.wasm) is missing from this web folder.'
      : `The puzzle engine could not be loaded: ${e.message}`,
    missing
      ? h('p', {}, 'Build it with ', h('code', {}, 'scripts/build-wasm.sh'), ', then reload this page.')
      : h('p', {}, 'This page needs a browser with WebAssembly.'));
    return;
  }
  // The genre list, titles included, comes from the engine's registry; each genre's view is
  // games/<name>.js, found by name. Nothing here names a genre.
  const genres = engine.genres();
  setGenreTitles(genres);
  await loadGames(genres.map((g) => g.name));
  day = today();
  const date = engine.formatDate(day.day);
  todayEl.textContent = `${date} · ${day.tz}`;
  boards = genres.map((g) => ({ genre: g, id: engine.dailyId(g.name, day.policy, day.day) }));
  if (boards.length === 0) {
    showError('No genres are registered in this build.');
    return;
  }
  boards.forEach(({ genre }, i) => {
    const tab = h('button', {
      type: 'button', role: 'tab', class: 'tab', id: `tab-${genre.name}`,
      'aria-controls': 'main', dataset: { genre: genre.name },
      onclick: () => { history.pushState(null, '', `#${genre.name}`); route(); },
    }, genreLabel(genre.name), GAMES[genre.name] ? null : h('span', { class: 'soon' }, ' (soon)'));
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
  window.addEventListener('hashchange', route);
  route();
  registerOffline();
}

main();
