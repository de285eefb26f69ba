// End-to-end: JJ on the page served by `dayseed serve`, driven through Debian's chromium.
// Opens a short seeded level, checks that real key presses (player A's D, player B's Right
// arrow) move the cores on the canvas, then lets "Watch the solver" replay the plan to the exit
// and compares the shown time with the plan's length computed by the wasm engine in Node.
// Run like play.test.mjs (scripts/test-e2e.sh sets DAYSEED_URL and DAYSEED_ARTIFACTS).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { load } from '../dayseed.js';

const BASE = process.env.DAYSEED_URL;
const ARTIFACTS = process.env.DAYSEED_ARTIFACTS ?? 'test-artifacts';
const ID = 'jj:SEED-1-C1-EASY-g1';
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

let context;
let page;
let profile;
const pageErrors = [];

async function shot(name) {
  await page.screenshot({ path: join(ARTIFACTS, `jj-${name}.png`), fullPage: true });
}

/** The canvas pixels as a data URL (to tell frames apart). */
async function frame() {
  return page.$eval('canvas', (c) => c.toDataURL());
}

before(async () => {
  assert.ok(BASE, 'DAYSEED_URL is not set; run scripts/test-e2e.sh');
  mkdirSync(ARTIFACTS, { recursive: true });
  profile = mkdtempSync(join(tmpdir(), 'dayseed-e2e-jj-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ARGS,
    viewport: { width: 1100, height: 860 },
  });
  page = context.pages()[0] ?? await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
});

after(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

test('the level opens on a canvas and the keys of both players move the cores', async () => {
  await page.goto(new URL(`#id=${encodeURIComponent(ID)}`, BASE).href);
  await page.waitForSelector('canvas');
  await page.waitForTimeout(500);
  const still = await frame();
  await page.click('canvas');
  await page.keyboard.down('KeyD');
  await page.keyboard.down('ArrowRight');
  await page.waitForTimeout(700);
  await page.keyboard.up('KeyD');
  await page.keyboard.up('ArrowRight');
  await page.waitForTimeout(200);
  const moved = await frame();
  assert.notEqual(moved, still, 'holding D and Right changes the picture');
  await shot('01-walked');
});

test('"Watch the solver" replays the plan to the exit in the plan\'s time', async () => {
  const engine = await load(readFileSync(new URL('../pkg/dayseed.wasm', import.meta.url)));
  const record = engine.generate(ID);
  const planTicks = record.puzzle.plan_ticks;
  assert.ok(planTicks > 0);
  await page.getByRole('button', { name: /watch the solver/i }).click();
  const expected = `${(planTicks / 60).toFixed(2)} s`;
  await page.waitForFunction(
    (text) => document.body.innerText.includes(text),
    expected,
    { timeout: 60_000 },
  );
  await shot('02-solver-finished');
  assert.deepEqual(pageErrors, []);
});
