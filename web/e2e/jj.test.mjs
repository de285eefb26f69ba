// End-to-end: JJ on the page served by `dayseed serve`, driven through Debian's chromium.
// Opens a short seeded level, checks that real key presses (player A's D, player B's Right
// arrow) move the cores on the canvas, then lets "Watch the solver" replay the plan to the exit
// and compares the shown time with the plan's length computed by the wasm engine in Node.
// Then picks "Players: Solo A": a tap of A's grip key starts the run and core B walks along the
// plan with no key of B's (A stands still), B's arrow keys are ignored, and A's D still walks A;
// a solo run played to its ending offers no score form (the server replays two-player tapes only).
// Last, a generator-g2 level with a hanging-swing chamber: the page plays its plan to the exit,
// the server checks the plan (solved, its ticks) and a cut plan (not solved), and files a score
// from the plan's tape at the time its own replay computes.
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

/** Waits until the drawn core `i` (0 = A, 1 = B) is right of x (10 s at most, a loaded machine). */
async function coreRightOf(i, x) {
  await page.waitForFunction(
    ([core, min]) => Number(document.querySelector('canvas').dataset.cores.split(' ')[core].split(',')[0]) > min,
    [i, x],
    { timeout: 10_000 },
  );
}

/** The cores' positions the page last drew: [{x, y}, {x, y}] (A, B). */
async function cores() {
  const text = await page.$eval('canvas', (c) => c.dataset.cores);
  return text.split(' ').map((p) => {
    const [x, y] = p.split(',').map(Number);
    return { x, y };
  });
}

test('Solo A: B follows the plan without B\'s keys, A walks on A\'s keys, and a solo run is not submitted', async () => {
  await page.getByLabel('Players').selectOption({ label: 'Solo A' });
  assert.match(await page.getByTestId('choice-note').innerText(), /not submitted/);
  await page.waitForTimeout(200);
  assert.equal(await page.$eval('canvas', (c) => c.dataset.solo), 'B', 'the view names B the SOLO partner');
  const [a0, b0] = await cores();

  // A tap of A's grip starts the run; A does not move, B walks along the plan.
  await page.click('canvas');
  await page.keyboard.down('KeyS');
  await page.keyboard.up('KeyS');
  await coreRightOf(1, b0.x + 0.5);
  const [a1, b1] = await cores();
  assert.ok(Math.abs(a1.x - a0.x) < 0.05, `A stays put without its keys (${a0.x} -> ${a1.x})`);
  assert.ok(b1.x > b0.x + 0.5, `B walks the plan with no key pressed (${b0.x} -> ${b1.x})`);
  await shot('03-solo-partner-walked');

  // B's arrows are ignored (the engine would refuse them); A's D walks A.
  await page.keyboard.down('KeyD');
  await page.keyboard.down('ArrowLeft');
  await coreRightOf(0, a1.x + 1);
  await page.keyboard.up('KeyD');
  await page.keyboard.up('ArrowLeft');
  await page.waitForTimeout(200);
  const [a2] = await cores();
  assert.ok(a2.x > a1.x + 1, `holding D walks A (${a1.x} -> ${a2.x})`);
  const message = await page.$eval('.message', (el) => el.textContent);
  assert.doesNotMatch(message, /refused/i);
  await shot('04-solo-a-walked');

  // Restart and hold D and W to the end (B follows the plan, waiting for A): the ending shows,
  // the leaderboard is there (the server answers) but no score form is offered for a solo run.
  await page.getByRole('button', { name: /restart/i }).click();
  await page.keyboard.down('KeyD');
  await page.keyboard.down('KeyW');
  await page.waitForSelector('.arcade-ending:not([hidden])', { timeout: 60_000 });
  await page.keyboard.up('KeyD');
  await page.keyboard.up('KeyW');
  assert.equal(await page.isVisible('.board-section'), true, 'the server answers (leaderboard shown)');
  assert.equal(await page.isVisible('form.score'), false, 'no score form after a solo run');
  assert.match(await page.$eval('.message', (el) => el.textContent), /not submitted/);
  await shot('05-solo-a-ended');
  assert.deepEqual(pageErrors, []);
});

/** The server's verdict on a tape for `id` (POST /api/v1/check). */
async function serverCheck(id, state) {
  const response = await fetch(new URL('api/v1/check', BASE), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, state }),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return response.json();
}

// A generator-g2 level holding a hanging-swing chamber (`swing` or `hang`).
const HANG_ID = 'jj:SEED-16-C2-MEDIUM-g2';

test('a g2 level with a hanging swing: the page plays the plan to the exit, the server files its time by replay and refuses a cut plan', async () => {
  const engine = await load(readFileSync(new URL('../pkg/dayseed.wasm', import.meta.url)));
  const record = engine.generate(HANG_ID);
  const { plan, plan_ticks: planTicks } = record.puzzle;
  assert.ok(record.puzzle.chambers.some((c) => c.template === 'swing' || c.template === 'hang'),
    JSON.stringify(record.puzzle.chambers.map((c) => c.template)));

  // Through the UI: the page's own step function plays the plan to the exit in the plan's time.
  await page.goto(new URL(`#id=${encodeURIComponent(HANG_ID)}`, BASE).href);
  await page.waitForSelector('canvas');
  await page.getByRole('button', { name: /watch the solver/i }).click();
  await page.waitForFunction(
    (text) => document.body.innerText.includes(text),
    `${(planTicks / 60).toFixed(2)} s`,
    { timeout: 60_000 },
  );
  await shot('04-hanging-swing-solver');

  // The server's verdict on the plan: solved, scored by its own replay.
  const won = await serverCheck(HANG_ID, plan);
  assert.equal(won.solved, true, JSON.stringify(won));
  assert.equal(won.score.value, planTicks);
  assert.equal(won.score.unit, 'ticks');
  // The first half of the plan stops short of the exit: not solved.
  const events = plan.split('.');
  const cut = events.slice(0, Math.ceil(events.length / 2)).join('.');
  const short = await serverCheck(HANG_ID, cut);
  assert.equal(short.solved, false, JSON.stringify(short));

  // Filed through the page's API module with the plan's tape: the leaderboard shows the
  // server's replayed time.
  const result = await page.evaluate(async ({ id, digest, tape }) => {
    const api = await import(new URL('lib/api.js', document.baseURI).href);
    const named = await api.renamePlayer('Rope Tester');
    if (named.error) return named;
    return api.submitArcadeScore({ id, digest, tape, elapsedMs: 5000 });
  }, { id: HANG_ID, digest: record.digest, tape: plan });
  assert.ok(result.ok, JSON.stringify(result));
  const board = await (await fetch(new URL(`api/v1/leaderboard/${encodeURIComponent(HANG_ID)}`, BASE))).json();
  const mine = board.entries.find((e) => e.player === 'Rope Tester');
  assert.equal(mine?.score, planTicks, JSON.stringify(board));
  assert.deepEqual(pageErrors, []);
});
