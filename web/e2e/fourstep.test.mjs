// End-to-end: FOURSTEP in the browser. Opens a short course by id, lets "Watch the solver" play
// the solver's tape through the page's runtime to the finish, plays with real key presses, and
// has the server replay solver tapes (solved, scored, and the same per-tick hash as the wasm
// engine: native == wasm parity). Run by scripts/test-e2e.sh (DAYSEED_URL, DAYSEED_ARTIFACTS);
// Debian's chromium, never a downloaded browser.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { load } from '../dayseed.js';

const BASE = process.env.DAYSEED_URL;
const ARTIFACTS = process.env.DAYSEED_ARTIFACTS ?? 'test-artifacts';
// 4 bars at 240 BPM: 384 ticks at 96 ticks/s, about 4 s of play.
const ID = 'fourstep:SEED-7-T240-B4-D3-g1';
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required',
];

let context;
let page;
let profile;
const pageErrors = [];

async function shot(name) {
  await page.screenshot({ path: join(ARTIFACTS, `fourstep-${name}.png`), fullPage: true });
}

async function openCourse() {
  await page.goto(new URL(`#id=${encodeURIComponent(ID)}`, BASE).href);
  await page.reload();
  await page.waitForSelector('canvas');
}

before(async () => {
  assert.ok(BASE, 'DAYSEED_URL is not set; run scripts/test-e2e.sh');
  mkdirSync(ARTIFACTS, { recursive: true });
  profile = mkdtempSync(join(tmpdir(), 'dayseed-e2e-fourstep-'));
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

test('watching the solver plays the course to the finish', async () => {
  await openCourse();
  await shot('01-start');
  await page.getByRole('button', { name: /watch the solver/i }).click();
  await page.waitForFunction(() => /reached the end/i.test(document.body.textContent), null, { timeout: 30_000 });
  await shot('02-solver-finished');
  assert.deepEqual(pageErrors, []);
});

test('jump presses change what is drawn', async () => {
  await openCourse();
  const canvas = page.locator('canvas').first();
  await canvas.click(); // focus, and the first tap is a jump
  const frames = [];
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.down('Space');
    await page.waitForTimeout(120);
    await page.keyboard.up('Space');
    frames.push(await canvas.screenshot());
    await page.waitForTimeout(250);
  }
  await shot('03-jumping');
  const distinct = new Set(frames.map((f) => f.toString('base64')));
  assert.ok(distinct.size >= 3, `the drawn frames change while playing (${distinct.size} distinct)`);
  assert.deepEqual(pageErrors, []);
});

test('the server replays the solver\'s tapes: solved, scored, same tick hash as wasm', async () => {
  // Native (the server) == wasm (this engine in Node) tick-hash parity on solver tapes.
  const engine = await load(readFileSync(new URL('../pkg/dayseed.wasm', import.meta.url)));
  const ids = [ID];
  for (let d = 1; d <= 5; d += 1) ids.push(`fourstep:SEED-${d * 11}-T128-B8-D${d}-g1`);
  for (const id of ids) {
    const record = engine.generate(id);
    const tape = record.puzzle.tape;
    assert.match(tape, /^1(\.[0-9a-z]+P0)*$/);
    const response = await fetch(new URL('api/v1/check', BASE), {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, state: tape }),
    });
    assert.equal(response.status, 200, id);
    const verdict = await response.json();
    assert.equal(verdict.solved, true, `${id}: ${JSON.stringify(verdict)}`);
    assert.equal(verdict.score.unit, 'points');
    const bars = record.puzzle.bars;
    assert.ok(verdict.score.value >= bars * 160, `${id}: at least the distance: ${verdict.score.value}`);
    assert.equal(verdict.score.ticks, bars * 96);
    const local = engine.check('fourstep', record.puzzle, tape);
    assert.equal(local.score.tick_hash, verdict.score.tick_hash, `${id}: wasm and native tick hashes`);
  }
});
