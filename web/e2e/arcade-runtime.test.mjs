// End-to-end: the arcade runtime (web/lib/arcade.js) in Debian's chromium, for whichever arcade
// genre the build registers. Opens a short level by id, has "Watch the solver" play the solver's
// tape through the page to the ending the engine's replay gives, then restarts and shows that a
// real key press reaches the simulation (the run starts and its clock moves), plays on to the
// end, and submits the run's tape to `dayseed serve`, which answers by replaying it. Run by
// scripts/test-e2e.sh (DAYSEED_URL, DAYSEED_ARTIFACTS). Screenshots: test-artifacts/arcade-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { load } from '../dayseed.js';

const BASE = process.env.DAYSEED_URL;
const ARTIFACTS = process.env.DAYSEED_ARTIFACTS ?? 'test-artifacts';
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required',
];
/** Short levels tried first (an arcade daily can last minutes); then each arcade genre's daily. */
const SHORT_IDS = ['fourstep:SEED-7-T240-B4-D3-g1'];
/** The longest solver run (game seconds) this test is willing to watch in real time. */
const MAX_WATCH_SECONDS = 30;
/** Keys a page module may bind to its first action; tried in turn until the run starts. */
const KEYS = ['Space', 'ArrowUp', 'Enter', 'ArrowRight', 'KeyW'];

const engine = await load(readFileSync(new URL('../pkg/dayseed.wasm', import.meta.url)));
const arcade = engine.genres().filter((g) => g.capabilities.kind === 'arcade').map((g) => g.name);

/** The first level whose genre is registered and whose solver run is short, with its replay. */
function pickLevel() {
  const candidates = [
    ...SHORT_IDS.filter((id) => arcade.includes(id.split(':')[0])),
    ...arcade.map((g) => engine.dailyId(g, 'utc-v1', 20671)),
  ];
  for (const id of candidates) {
    const record = engine.generate(id);
    const report = engine.solve(record.genre, record.puzzle);
    if (typeof report.tape !== 'string') continue;
    const replay = engine.replay(record.genre, record.puzzle, report.tape);
    const handle = engine.simStart(record.genre, record.puzzle);
    const tps = engine.simStep(handle, 0).ticks_per_second;
    engine.simFree(handle);
    if (replay.ticks / tps <= MAX_WATCH_SECONDS) return { id, replay };
  }
  return null;
}

let context;
let page;
let profile;
let level;
const pageErrors = [];

async function shot(name) {
  await page.screenshot({ path: join(ARTIFACTS, `arcade-${name}.png`), fullPage: true });
}

before(async () => {
  assert.ok(BASE, 'DAYSEED_URL is not set; run scripts/test-e2e.sh');
  assert.ok(arcade.length > 0, 'no arcade genre is registered in this build');
  level = pickLevel();
  assert.ok(level, `no arcade level with a solver run under ${MAX_WATCH_SECONDS} s`);
  mkdirSync(ARTIFACTS, { recursive: true });
  profile = mkdtempSync(join(tmpdir(), 'dayseed-e2e-arcade-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: true, args: ARGS,
    viewport: { width: 1100, height: 860 },
  });
  page = context.pages()[0] ?? await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(new URL(`#id=${encodeURIComponent(level.id)}`, BASE).href);
  await page.waitForSelector('canvas.arcade-canvas');
});

after(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

test('the arcade page shows the level, its rules and a canvas at the module aspect', async () => {
  assert.equal(await page.getByTestId('puzzle-id').textContent(), level.id);
  const rules = await page.locator('.rules p').textContent();
  assert.ok(rules.length > 20, `rules text: ${rules}`);
  const box = await page.locator('canvas.arcade-canvas').boundingBox();
  assert.ok(box.width > 200 && box.height > 50, JSON.stringify(box));
  await shot('01-ready');
});

test('Watch the solver plays to the ending the engine replay gives', async () => {
  await page.getByRole('button', { name: /watch the solver/i }).click();
  assert.equal(await page.locator('.game').getAttribute('data-mode'), 'watch');
  const ending = page.locator('.arcade-ending');
  await ending.waitFor({ state: 'visible', timeout: (MAX_WATCH_SECONDS + 20) * 1000 });
  await shot('02-solver-ending');
  assert.equal(await page.locator('.arcade-reason').textContent(), level.replay.ending.reason);
  assert.equal(await ending.getAttribute('data-won'), String(level.replay.ending.won));
  const tick = Number(await page.locator('canvas.arcade-canvas').getAttribute('data-tick'));
  assert.equal(tick, level.replay.ticks, 'the page ran the solver tape for exactly the replay\'s ticks');
  assert.ok((await page.locator('.arcade-score').textContent()).length > 0);
  assert.deepEqual(pageErrors, []);
});

test('after Restart a key press reaches the simulation and the run plays to its end', async () => {
  await page.getByRole('button', { name: /restart/i }).click();
  const game = page.locator('.game');
  assert.equal(await game.getAttribute('data-mode'), 'ready');
  const canvas = page.locator('canvas.arcade-canvas');
  assert.equal(await canvas.getAttribute('data-tick'), '0');
  let started = false;
  for (const key of KEYS) {
    await page.keyboard.press(key);
    if (await game.getAttribute('data-mode') !== 'ready') {
      started = true;
      console.log(`arcade e2e: ${level.id}: '${key}' started the run`);
      break;
    }
  }
  assert.ok(started, `none of ${KEYS.join(', ')} reached the simulation`);
  await page.waitForFunction(() => Number(document.querySelector('canvas.arcade-canvas').dataset.tick) > 10);
  await shot('03-playing');
  // Keep pressing now and then until the run ends (won or not), then submit its tape.
  const ending = page.locator('.arcade-ending');
  for (let i = 0; i < 600 && !(await ending.isVisible()); i += 1) {
    await page.keyboard.press(KEYS[0]);
    await page.waitForTimeout(100);
  }
  assert.ok(await ending.isVisible(), 'the player\'s run ended');
  const form = page.locator('form.score');
  await form.waitFor({ state: 'visible' });
  await page.fill('#player', 'Arcade Tester');
  await page.getByRole('button', { name: /submit score/i }).click();
  const status = page.locator('.score-status');
  await page.waitForFunction(() => /rank|Not submitted/.test(document.querySelector('.score-status').textContent));
  const said = await status.textContent();
  await shot('04-submitted');
  const won = (await ending.getAttribute('data-won')) === 'true';
  // The server replays the tape: a won run is ranked, and so is any run of a game scored
  // higher-is-better (points, distance); a lost run of a lower-is-better game (strokes, time) is
  // refused naming its ending.
  if (won || level.replay.ending.score.higher_is_better) assert.match(said, /rank \d+/);
  else assert.match(said, new RegExp((await page.locator('.arcade-reason').textContent()).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  assert.deepEqual(pageErrors, []);
});
