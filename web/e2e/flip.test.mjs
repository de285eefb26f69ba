// End-to-end: FLIP on the page served by `dayseed serve`, in Debian's chromium. Opens a run by id;
// "Watch the solver" flies the simulated player's tape through the page (a 30-minute run, so the
// test watches its first seconds: the craft changes walls and does not crash, and the engine's
// replay of the same tape survives the whole run); then Restart, real Space presses flip gravity
// (the craft is found on the canvas on the other wall), the run crashes, its tape is submitted and
// the leaderboard shows the distance the server filed by replaying it, equal to the one the page
// showed. Run by scripts/test-e2e.sh (DAYSEED_URL, DAYSEED_ARTIFACTS). Screenshots:
// test-artifacts/flip-*.png.
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
  '--disable-component-update', '--disable-sync', '--no-first-run',
];
/** A run whose simulated player changes walls at once and again within 8 s. */
const ID = 'flip:SEED-1-ENDLESS-g1';
const PLAYER = 'Flip Tester';

const engine = await load(readFileSync(new URL('../pkg/dayseed.wasm', import.meta.url)));

let context;
let page;
let profile;
const pageErrors = [];

async function shot(name) {
  await page.screenshot({ path: join(ARTIFACTS, `flip-${name}.png`), fullPage: true });
}

async function tick() {
  return Number(await page.locator('canvas.arcade-canvas').getAttribute('data-tick'));
}

/**
 * Which wall the craft is drawn on: finds the craft's light pixels in the canvas column where
 * web/games/flip.js draws it (22% of the width) and answers 'left' (upper half of the tunnel) or
 * 'right' (lower half).
 */
async function craftWall() {
  return page.evaluate(() => {
    const c = document.querySelector('canvas.arcade-canvas');
    const d = c.getContext('2d').getImageData(Math.round(c.width * 0.22), 0, 1, c.height).data;
    const top = c.height * 0.14;
    const bottom = c.height * 0.9;
    let sum = 0;
    let n = 0;
    for (let y = Math.ceil(top); y < bottom; y += 1) {
      const i = y * 4;
      if (d[i] > 230 && d[i + 1] > 230 && d[i + 2] > 230) { sum += y; n += 1; }
    }
    if (n === 0) return null;
    return sum / n < (top + bottom) / 2 ? 'left' : 'right';
  });
}

before(async () => {
  assert.ok(BASE, 'DAYSEED_URL is not set; run scripts/test-e2e.sh');
  mkdirSync(ARTIFACTS, { recursive: true });
  profile = mkdtempSync(join(tmpdir(), 'dayseed-e2e-flip-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: true, args: ARGS,
    viewport: { width: 1100, height: 860 },
  });
  page = context.pages()[0] ?? await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(new URL(`#id=${encodeURIComponent(ID)}`, BASE).href);
  await page.waitForSelector('canvas.arcade-canvas');
});

after(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

test('the flip run opens on a canvas with its rules', async () => {
  assert.equal(await page.getByTestId('puzzle-id').textContent(), ID);
  assert.match(await page.locator('.rules p').textContent(), /flip gravity/i);
  assert.equal(await craftWall(), 'left', 'the craft starts on the left wall');
  await shot('01-ready');
});

test('Watch the solver: the simulated player changes walls and flies on without crashing', async () => {
  const record = engine.generate(ID);
  const report = engine.solve('flip', record.puzzle);
  assert.equal(report.status, 'solved');
  // The whole tape, replayed by the engine, flies the 30-minute run to the end.
  const replay = engine.replay('flip', record.puzzle, report.tape);
  assert.equal(replay.ending.won, true);
  assert.match(replay.ending.reason, /flew the whole run/);
  assert.equal(replay.ending.score.value, report.par);

  await page.getByRole('button', { name: /watch the solver/i }).click();
  assert.equal(await page.locator('.game').getAttribute('data-mode'), 'watch');
  const seen = new Set();
  const deadline = Date.now() + 60_000;
  while (await tick() < 8 * 120 && Date.now() < deadline) {
    seen.add(await craftWall());
    await page.waitForTimeout(100);
  }
  assert.ok(await tick() >= 8 * 120, `the solver flew 8 s of the run (tick ${await tick()})`);
  assert.ok(seen.has('left') && seen.has('right'), `walls seen: ${[...seen]}`);
  assert.equal(await page.locator('.arcade-ending').isVisible(), false, 'no crash');
  await shot('02-solver');
  assert.deepEqual(pageErrors, []);
});

test('Space flips gravity; the crashed run is filed by the server at the distance shown', async () => {
  await page.getByRole('button', { name: /restart/i }).click();
  const game = page.locator('.game');
  assert.equal(await game.getAttribute('data-mode'), 'ready');
  await page.locator('canvas.arcade-canvas').focus();
  await page.keyboard.press('Space');
  assert.equal(await game.getAttribute('data-mode'), 'play', 'the first press starts the run');
  await page.waitForFunction(() => Number(document.querySelector('canvas.arcade-canvas').dataset.tick) > 100);
  assert.equal(await craftWall(), 'right', 'the press flipped gravity: the craft fell to the right wall');
  await shot('03-flipped');
  await page.keyboard.press('Space');
  const back = await tick();
  await page.waitForFunction((t) => Number(document.querySelector('canvas.arcade-canvas').dataset.tick) > t + 100, back);
  assert.equal(await craftWall(), 'left', 'a second press brings it back');

  // Stop pressing: the next block that wants the other wall ends the run.
  const ending = page.locator('.arcade-ending');
  await ending.waitFor({ state: 'visible', timeout: 120_000 });
  assert.match(await page.locator('.arcade-reason').textContent(), /crashed into obstacle \d+/);
  const shown = await page.locator('.arcade-score').textContent();
  const metres = Number(/Distance (\d+) m/.exec(shown)?.[1]);
  assert.ok(metres > 0, `score text: ${shown}`);
  await shot('04-crashed');

  await page.locator('form.score').waitFor({ state: 'visible' });
  await page.fill('#player', PLAYER);
  await page.getByRole('button', { name: /submit score/i }).click();
  await page.waitForFunction(() => /rank|Not submitted/.test(document.querySelector('.score-status').textContent));
  assert.match(await page.locator('.score-status').textContent(), /rank \d+/);

  const board = await (await fetch(new URL(`api/v1/leaderboard/${encodeURIComponent(ID)}?limit=50`, BASE))).json();
  const mine = (board.entries ?? []).find((e) => e.player === PLAYER);
  assert.ok(mine, `leaderboard: ${JSON.stringify(board)}`);
  assert.equal(mine.score, metres, `the server filed the replayed distance: ${JSON.stringify(mine)}`);
  await shot('05-submitted');
  assert.deepEqual(pageErrors, []);
});
