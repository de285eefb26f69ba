// End-to-end: SLINGSTAR in the browser. Opens one hole by id, lets "Watch the solver" play the
// solver's shot through the page's runtime (web/lib/arcade.js) until the ball is in the hole,
// checks that real key presses (aim, power, shoot) and a drag change what is drawn, plays the
// solver's shot with keys to a one-shot finish, and has the server replay a winning tape (solved,
// the shots as the score) and a tape whose shot misses (not solved).
// Run by scripts/test-e2e.sh (DAYSEED_URL, DAYSEED_ARTIFACTS); Debian's chromium only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { load } from '../dayseed.js';

const BASE = process.env.DAYSEED_URL;
const ARTIFACTS = process.env.DAYSEED_ARTIFACTS ?? 'test-artifacts';
// Hole 2 of the course of seed 1 alone: one shot of about 2 s for the solver.
const ID = 'slingstar:SEED-1-H2-g1';
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

let context;
let page;
let profile;
const pageErrors = [];

async function shot(name) {
  await page.screenshot({ path: join(ARTIFACTS, `slingstar-${name}.png`), fullPage: true });
}

async function openHole() {
  await page.goto(new URL(`#id=${encodeURIComponent(ID)}`, BASE).href);
  await page.reload();
  await page.waitForSelector('canvas');
}

/** The text form of a one-shot tape at tick 0 (signed base36 components). */
function oneShotTape({ x, y, power }) {
  return `1.0A${x.toString(36)},${y.toString(36)},${power.toString(36)}`;
}

async function check(state) {
  const response = await fetch(new URL('api/v1/check', BASE), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: ID, state }),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return response.json();
}

before(async () => {
  assert.ok(BASE, 'DAYSEED_URL is not set; run scripts/test-e2e.sh');
  mkdirSync(ARTIFACTS, { recursive: true });
  profile = mkdtempSync(join(tmpdir(), 'dayseed-e2e-slingstar-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: true, args: ARGS,
    viewport: { width: 1100, height: 860 },
  });
  page = context.pages()[0] ?? await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
});

after(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** The keyboard aim table of the page module (square perimeter, half-side 96, 384 directions). */
function keyDirection(k) {
  const i = ((k % 384) + 384) % 384;
  const side = Math.floor(i / 96);
  const j = i % 96;
  return [[-96 + 2 * j, -96], [96, -96 + 2 * j], [96 - 2 * j, 96], [-96, 96 - 2 * j]][side];
}

/** The index the module starts from: the table direction closest to the tee-to-hole line. */
function startIndex(hole) {
  const dx = hole.cup[0] - hole.tee[0];
  const dy = hole.cup[1] - hole.tee[1];
  let best = 0;
  let bestDot = -Infinity;
  for (let k = 0; k < 384; k += 1) {
    const [x, y] = keyDirection(k);
    const dot = (x * dx + y * dy) / Math.sqrt(x * x + y * y);
    if (dot > bestDot) { bestDot = dot; best = k; }
  }
  return best;
}

/** Presses `key` (or Shift+key for steps of `big`) until `n` single steps are done. */
async function steps(key, n, big) {
  for (let i = 0; i < Math.floor(n / big); i += 1) await page.keyboard.press(`Shift+${key}`);
  for (let i = 0; i < n % big; i += 1) await page.keyboard.press(key);
}

async function ending() {
  await page.waitForSelector('.arcade-ending:not([hidden])', { timeout: 30_000 });
  return (await page.textContent('.arcade-ending')).trim();
}

test('watching the solver sinks the ball', async () => {
  await openHole();
  await shot('01-start');
  await page.getByRole('button', { name: /watch the solver/i }).click();
  const text = await ending();
  assert.match(text, /The solver: done/);
  assert.match(text, /1 shot\b/);
  assert.match(text, /in the hole: 1 hole in 1 shot \(par [234]\)/);
  await shot('02-solver-in-the-hole');
  assert.deepEqual(pageErrors, []);
});

test('keys aim, set power and shoot; a drag shoots too: the drawn frame changes', async () => {
  await openHole();
  const canvas = page.locator('canvas').first();
  const frames = [await canvas.screenshot()];
  await page.keyboard.press('ArrowLeft');
  frames.push(await canvas.screenshot());
  await page.keyboard.press('Shift+ArrowUp');
  frames.push(await canvas.screenshot());
  // Turn the aim round (192 of 384 directions) so the shot flies away from the hole and is lost.
  await steps('ArrowLeft', 191, 4);
  frames.push(await canvas.screenshot());
  await page.keyboard.press('Space');
  await page.waitForTimeout(150);
  frames.push(await canvas.screenshot());
  await shot('03-keys-shot-flying');
  const distinct = new Set(frames.map((f) => f.toString('base64')));
  assert.equal(distinct.size, frames.length, 'aim, power and the shot each change the frame');

  // Back on the tee (the ball was lost), a drag aims and shoots.
  await page.waitForFunction(() => Number(document.querySelector('canvas').dataset.tick) > 0);
  await page.waitForTimeout(1500);
  const box = await canvas.boundingBox();
  const before = await canvas.screenshot();
  const tick = Number(await canvas.getAttribute('data-tick'));
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.1);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.05, { steps: 4 });
  await page.mouse.up();
  await page.waitForTimeout(300);
  await shot('04-drag-shot');
  assert.notEqual((await canvas.screenshot()).toString('base64'), before.toString('base64'));
  assert.ok(Number(await canvas.getAttribute('data-tick')) > tick, 'the dragged shot is flying');
  assert.deepEqual(pageErrors, []);
});

test('the power buttons (for phones: tap to aim, then a power) shoot at the verified powers', async () => {
  await openHole();
  const buttons = page.locator('.sling-powers button');
  assert.deepEqual(await buttons.evaluateAll((bs) => bs.map((b) => Number(b.dataset.power))), [55, 70, 85, 100]);
  const canvas = page.locator('canvas').first();
  await steps('ArrowLeft', 192, 4); // away from the hole
  assert.equal(Number(await canvas.getAttribute('data-tick')), 0);
  await page.getByRole('button', { name: 'Full' }).click();
  await page.waitForFunction(() => Number(document.querySelector('canvas').dataset.tick) > 0);
  await shot('04b-power-button-shot');
  assert.deepEqual(pageErrors, []);
});

test('the solver\'s shot played with keys holes out in 1, and the server files 1 stroke by replay', async () => {
  const engine = await load(readFileSync(new URL('../pkg/dayseed.wasm', import.meta.url)));
  const hole = engine.generate(ID).puzzle.holes[0];
  const { best } = hole;
  let target = -1;
  for (let k = 0; k < 384; k += 1) {
    const [x, y] = keyDirection(k);
    if (x === best.x && y === best.y) target = k;
  }
  assert.ok(target >= 0, `the solver's shot ${JSON.stringify(best)} is a keyboard direction`);
  await openHole();
  const turn = (((target - startIndex(hole)) % 384) + 384) % 384;
  if (turn <= 192) await steps('ArrowRight', turn, 4); else await steps('ArrowLeft', 384 - turn, 4);
  const power = best.power - 70;
  if (power >= 0) await steps('ArrowUp', power, 5); else await steps('ArrowDown', -power, 5);
  await page.keyboard.press('Space');
  const text = await ending();
  assert.match(text, /Well played!/);
  assert.match(text, /in the hole: 1 hole in 1 shot/);
  await page.waitForSelector('form.score:not([hidden])');
  await shot('05-played-in-one');
  await page.fill('#player', 'Sling Tester');
  await page.getByRole('button', { name: /submit score/i }).click();
  await page.waitForFunction(() => /rank|Not submitted/.test(document.querySelector('.score-status').textContent));
  assert.match(await page.locator('.score-status').textContent(), /rank \d+/);
  // The leaderboard entry is the server's replay of the page's tape: 1 stroke.
  const board = await page.evaluate(async (id) => (await fetch(`api/v1/leaderboard/${encodeURIComponent(id)}`)).json(), ID);
  const mine = board.entries.find((e) => e.player === 'Sling Tester');
  assert.equal(mine?.score, 1, JSON.stringify(board));
  assert.equal(mine.unit, 'shots');
  assert.deepEqual(pageErrors, []);
});

test('the server replays tapes: the winning shot is solved with 1 shot, a miss is not', async () => {
  const engine = await load(readFileSync(new URL('../pkg/dayseed.wasm', import.meta.url)));
  const record = engine.generate(ID);
  const best = record.puzzle.holes[0].best;
  const won = await check(oneShotTape(best));
  assert.equal(won.solved, true, JSON.stringify(won));
  assert.equal(won.score.value, 1);
  assert.equal(won.score.unit, 'shots');
  assert.equal(won.score.higher_is_better, false);

  const missed = await check(oneShotTape({ x: -1, y: 0, power: 100 }));
  assert.equal(missed.solved, false);
  assert.match(missed.problems[0], /tape ended/);
});
