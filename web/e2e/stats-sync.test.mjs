// End-to-end: the daily stats follow the player to another browser. In one browser context,
// solve today's Sudoku through the UI and submit the score; the stats count it once (this
// browser's record and the server's filed result are one board). In a fresh context (nothing in
// localStorage), a wrong recovery code is refused in words; the first browser's code restores the
// player, and the stats show that solve, read from GET /api/v1/players/me/scores. With the API
// cut off, a reload still shows it (the last server answer is remembered). Run by
// scripts/test-e2e.sh (DAYSEED_URL, DAYSEED_ARTIFACTS); screenshots: test-artifacts/stats-*.png.
// Also checks the merge rules of web/lib/stats.js directly, without a browser.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { load } from '../dayseed.js';
import { mergeBoards, summarize } from '../lib/stats.js';

const BASE = process.env.DAYSEED_URL;
const ARTIFACTS = process.env.DAYSEED_ARTIFACTS ?? 'test-artifacts';
// Unique per run: the server keeps names unique and the e2e database is shared by the files.
const PLAYER = `Stats Sync ${process.pid}`;
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

let browser;
const pageErrors = [];

before(async () => {
  assert.ok(BASE, 'DAYSEED_URL is not set; run scripts/test-e2e.sh');
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ARGS });
});

after(async () => {
  await browser?.close();
});

async function fresh() {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return { context, page };
}

async function closeRules(page) {
  if (await page.isVisible('[data-testid="rules"]')) await page.click('[data-testid="rules"] button');
}

async function openSudoku(page) {
  await page.goto(new URL('#sudoku', BASE).href);
  await page.waitForSelector('.sd-grid .sd-cell');
  await closeRules(page);
}

const stat = (page, key) => page.textContent(`[data-testid="stats"] [data-stat="${key}"] .stat-value`);

async function waitSync(page, sync) {
  await page.waitForSelector(`[data-testid="stats"][data-sync="${sync}"]`);
}

let code;
let id;

test('a solve in one browser is counted once, locally and on the server', async () => {
  const { context, page } = await fresh();
  try {
    await openSudoku(page);
    id = await page.getAttribute('.game', 'data-id');
    assert.match(id, /^sudoku:DAILY-device-local-v1-\d+-/);
    const engine = await load(readFileSync(new URL('../pkg/dayseed.wasm', import.meta.url)));
    const { puzzle, solution } = engine.generate(id).puzzle;
    for (let i = 0; i < 81; i += 1) {
      if (puzzle[i] !== '.') continue;
      await page.click(`.sd-cell[data-cell="${i}"]`);
      await page.keyboard.press(solution[i]);
    }
    await page.waitForSelector('.solved:not([hidden])');
    assert.equal(await stat(page, 'solved'), '1');
    await page.fill('#player', PLAYER);
    await page.click('form.score button[type="submit"]');
    await page.waitForFunction(() => /rank \d+/.test(document.querySelector('.score-status')?.textContent ?? ''));

    // After a reload the panel has the server's answer too, and still counts one board.
    await page.reload();
    await page.waitForSelector('.sd-grid .sd-cell');
    await waitSync(page, 'server');
    assert.equal(await stat(page, 'played'), '1');
    assert.equal(await stat(page, 'solved'), '1');
    assert.equal(await stat(page, 'current'), '1');
    assert.match(await page.textContent('[data-testid="stats"] > .stats-note'), new RegExp(PLAYER));

    // The recovery code is shown (in "Recovery code") and is this browser's token.
    await page.click('[data-testid="account"] summary');
    code = await page.inputValue('[data-testid="account"] .recovery-code');
    assert.match(code, /^dst_[0-9a-f]{64}$/);
    assert.equal(code, await page.evaluate(() => localStorage.getItem('dayseed:token')));
    await page.screenshot({ path: join(ARTIFACTS, 'stats-1-solved.png'), fullPage: true });
  } finally {
    await context.close();
  }
});

test('a fresh browser restored by recovery code shows that solve in its stats, also offline', async () => {
  assert.ok(code, 'the first test gave a recovery code');
  const { context, page } = await fresh();
  try {
    await openSudoku(page);
    assert.equal(await stat(page, 'solved'), '0', 'nothing solved in this browser yet');
    await page.click('[data-testid="account"] summary');

    // A code no player has is refused in words, and nothing changes.
    await page.fill('#recovery-input', `dst_${'0'.repeat(64)}`);
    await page.click('form.restore button[type="submit"]');
    await page.waitForFunction(() => /No player/.test(document.querySelector('.account-status')?.textContent ?? ''));
    await page.fill('#recovery-input', 'not a code');
    await page.click('form.restore button[type="submit"]');
    await page.waitForFunction(() => /dst_ followed by 64/.test(document.querySelector('.account-status')?.textContent ?? ''));

    // The real code: the page reloads as that player and the stats come from the server.
    await page.fill('#recovery-input', code);
    await Promise.all([
      page.waitForEvent('load'),
      page.click('form.restore button[type="submit"]'),
    ]);
    await page.waitForSelector('.sd-grid .sd-cell');
    await closeRules(page);
    await waitSync(page, 'server');
    assert.equal(await page.evaluate(() => localStorage.getItem('dayseed:token')), code);
    assert.equal(await page.evaluate(() => localStorage.getItem('dayseed:player')), PLAYER);
    assert.equal(await stat(page, 'played'), '1');
    assert.equal(await stat(page, 'solved'), '1');
    assert.equal(await stat(page, 'current'), '1');
    assert.equal(await stat(page, 'best'), '1');
    // The time is the server's (over a second: the clock ran from opening the board to the
    // submission), not the 00:00 of the progress this browser took from the server's save.
    assert.match(await stat(page, 'best-time'), /^\d\d:\d\d$/);
    assert.notEqual(await stat(page, 'best-time'), '00:00');
    await page.screenshot({ path: join(ARTIFACTS, 'stats-2-restored.png'), fullPage: true });

    // Without the API, a reload still shows the solve (the last answer was remembered).
    await page.route('**/api/**', (route) => route.abort());
    await page.reload();
    await page.waitForSelector('.sd-grid .sd-cell');
    await waitSync(page, 'cached');
    assert.equal(await stat(page, 'solved'), '1');
    await page.waitForFunction(() => /cannot be reached/.test(document.querySelector('[data-testid="stats"] > .stats-note')?.textContent ?? ''));
    await page.screenshot({ path: join(ARTIFACTS, 'stats-3-offline.png'), fullPage: true });
  } finally {
    await context.close();
  }
});

test('merging counts each board once, with the server\'s time for the boards it filed', () => {
  const local = [
    { key: 'a', day: 10, played: true, solved: true, elapsedMs: 60_000 },
    { key: 'b', day: 11, played: true, solved: false, elapsedMs: 5_000 },
    { key: 'c', day: 12, played: false, solved: false, elapsedMs: null },
  ];
  const remote = [
    { id: 'sudoku:DAILY-utc-v1-10-EASY-g1', digest: 'a', day: 10, elapsedMs: 58_000 },
    { id: 'sudoku:DAILY-utc-v1-11-EASY-g1', digest: 'b', day: 11, elapsedMs: 90_000 },
    { id: 'sudoku:DAILY-utc-v1-9-EASY-g1', digest: 'z', day: null, elapsedMs: 30_000 },
    { id: 'sudoku:SEED-5-EASY-g1', digest: 's', day: null, elapsedMs: 1_000 },
  ];
  const merged = mergeBoards(local, remote);
  const s = summarize(merged, 12);
  // a (local), b (solved elsewhere), z (day from its id); c was never played; the seed is no daily.
  assert.deepEqual(
    { played: s.played, solved: s.solved, current: s.current, best: s.best },
    { played: 3, solved: 3, current: 3, best: 3 },
  );
  assert.equal(s.bestMs, 30_000);
  assert.equal(s.medianMs, 58_000, 'board a has the server\'s 58 s, not this browser\'s 60 s');
  assert.deepEqual(summarize(mergeBoards(local, []), 12).solved, 1);
});

test('no uncaught page errors', () => {
  assert.deepEqual(pageErrors, []);
});
