// End-to-end: SLINGSTAR in the browser. Opens one hole by id, lets "Watch the solver" play the
// solver's shot through the page's runtime until the ball is in the hole, checks that real key
// presses (aim, power, shoot) and a drag change what is drawn, and that the server's replay of a
// winning tape is solved with the shots as the score while a tape whose shot misses is not.
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

test('watching the solver sinks the ball', async () => {
  await openHole();
  await shot('01-start');
  await page.getByRole('button', { name: /watch the solver/i }).click();
  await page.waitForFunction(() => /in the hole/i.test(document.body.textContent), null, { timeout: 30_000 });
  await shot('02-solver-in-the-hole');
  assert.deepEqual(pageErrors, []);
});

test('keys aim and shoot, and a drag shoots: the drawn frame changes', async () => {
  await openHole();
  const canvas = page.locator('canvas').first();
  await canvas.focus();
  const frames = [await canvas.screenshot()];
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  frames.push(await canvas.screenshot());
  await page.keyboard.press('Shift+ArrowUp');
  frames.push(await canvas.screenshot());
  await page.keyboard.press('Space');
  await page.waitForTimeout(400);
  frames.push(await canvas.screenshot());
  await shot('03-keys-shot-flying');
  const distinct = new Set(frames.map((f) => f.toString('base64')));
  assert.equal(distinct.size, frames.length, 'aim, power and the shot each change the frame');

  // A drag from the middle of the canvas shoots too (after the first shot has ended).
  await page.waitForTimeout(10_500);
  const box = await canvas.boundingBox();
  const before = await canvas.screenshot();
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.45, { steps: 5 });
  await page.mouse.up();
  await page.waitForTimeout(300);
  const after = await canvas.screenshot();
  await shot('04-drag-shot');
  assert.notEqual(after.toString('base64'), before.toString('base64'));
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
