// The game shell around one board, shared by every genre: timer and pause, undo/redo, hint in
// words, local check, "show mistakes", progress in localStorage, share, rules, archive, stats,
// score submission and the leaderboard. A genre supplies only its view (games/<genre>.js).
//
// Layout, phone first: a bar (timer, pause, rules, Undo, Hint, Check) above the board and the
// genre's own controls (e.g. the number pad), the message under them; everything else (score,
// about this puzzle, archive, stats, leaderboard) in the panel below (beside, on wide screens).

import { h, s, formatElapsed } from './lib/dom.js';
import { History } from './lib/history.js';
import { loadProgress, saveProgress, loadPlayer, savePlayer } from './lib/progress.js';
import { submitScore, fetchLeaderboard, startSession, reportHint, renamePlayer } from './lib/api.js';
import { ProgressSync } from './lib/sync.js';
import { RulesPanel } from './lib/rules.js';
import { archivePanel } from './lib/archive.js';
import { statsPanel } from './lib/stats.js';
import { shareText, copyText } from './lib/share.js';
import { genreLabel } from './lib/ident.js';

/** The server's rule: 1 to 32 printable characters (the page trims spaces). */
const validPlayer = (name) => [...name].length >= 1 && [...name].length <= 32 && !/\p{Cc}/u.test(name);

/** Two bars (pause) or a triangle (resume), drawn so no icon font is needed. */
const pauseIcon = (paused) => s('svg', { viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true', class: 'icon-svg' },
  paused ? s('path', { d: 'M4 2L13 8L4 14Z' }) : s('path', { d: 'M3 2h3.5v12H3zM9.5 2H13v12H9.5z' }));

export class Session {
  /**
   * @param {object} opts
   * @param {import('./dayseed.js').Dayseed} opts.engine
   * @param {object} opts.record the GeneratedRecord from the engine
   * @param {object} opts.game the genre module (emptyState, isFilled, mount, rules, ...)
   * @param {HTMLElement} opts.root where the session draws itself
   * @param {string} opts.dateText the board's own date (a daily) or seed, from its id
   * @param {object} [opts.capabilities] the genre's declared capabilities
   * @param {object} [opts.archive] {genre, policy, today, current}: for the archive calendar
   */
  constructor({ engine, record, game, root, dateText, capabilities, archive }) {
    this.capabilities = capabilities;
    this.engine = engine;
    this.record = record;
    this.genre = record.genre;
    this.puzzle = record.puzzle;
    this.game = game;
    this.root = root;
    this.dateText = dateText;
    this.archive = archive;
    this.history = new History();
    this.state = game.emptyState(this.puzzle);
    this.elapsedMs = 0;
    this.solved = false;
    this.submitted = null;
    this.hintsUsed = 0;
    this.paused = false;
    this.showMistakes = false;
    this.sync = new ProgressSync(record, () => this.submitted?.player ?? loadPlayer());
    this.restore();
    this.build();
    this.view = game.mount(this.boardHost, this);
    this.onKeyDown = (e) => this.keydown(e);
    document.addEventListener('keydown', this.onKeyDown);
    this.onVisibility = () => this.tick();
    document.addEventListener('visibilitychange', this.onVisibility);
    this.lastTick = performance.now();
    this.timer = setInterval(() => this.tick(), 500);
    this.refresh();
    if (this.restored) this.say('Welcome back: your progress on this board is restored.');
    if (this.solved) this.showSolved();
    this.rules.openOnFirstVisit();
    this.loadLeaderboard();
    if (!this.restored) this.pullRemote();
    // The server's clock for this board (a guest player is created on first need); offline, no clock.
    this.serverSession = startSession(record.id).then((r) => r.ok?.session ?? null);
  }

  /** Stops timers and listeners (when another board is chosen). */
  destroy() {
    this.tick();
    this.save();
    this.sync.flush();
    this.destroyed = true;
    clearInterval(this.timer);
    document.removeEventListener('keydown', this.onKeyDown);
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.rules.close();
    this.view.destroy?.();
  }

  // ---- progress -------------------------------------------------------------------------

  restore() {
    const saved = loadProgress(this.record.id, this.record.digest);
    if (!saved) return;
    try {
      // A saved state must still fit the board; the engine validates it.
      this.engine.check(this.genre, this.puzzle, saved.state);
    } catch {
      return;
    }
    this.state = saved.state;
    this.elapsedMs = Number.isFinite(saved.elapsedMs) ? saved.elapsedMs : 0;
    this.solved = saved.solved === true;
    this.submitted = saved.submitted ?? null;
    this.hintsUsed = Number.isInteger(saved.hintsUsed) ? saved.hintsUsed : 0;
    this.history = new History(saved.past ?? [], saved.future ?? []);
    this.restored = true;
  }

  save() {
    saveProgress(this.record.id, this.record.digest, {
      state: this.state,
      elapsedMs: Math.round(this.elapsedMs),
      solved: this.solved,
      submitted: this.submitted,
      hintsUsed: this.hintsUsed,
      moved: this.solved || this.history.canUndo,
      past: this.history.past.slice(-200),
      future: this.history.future.slice(-200),
    });
    this.sync.push(this.state);
  }

  /** Takes the player's progress on this board from the server when this browser has none. */
  async pullRemote() {
    const progress = await this.sync.pull();
    // Only onto an untouched board: a move made meanwhile is never overwritten.
    if (progress === null || this.destroyed || this.history.canUndo || this.solved) return;
    let verdict;
    try {
      verdict = this.engine.check(this.genre, this.puzzle, progress);
    } catch {
      return; // the stored state does not fit this board
    }
    this.state = progress;
    if (verdict.solved) this.solved = true;
    this.save();
    this.refresh();
    this.say(`Welcome back: your progress as ${this.sync.player()} is restored from the server.`);
    if (this.solved) this.showSolved();
  }

  // ---- timer and pause ------------------------------------------------------------------

  tick() {
    const now = performance.now();
    if (!this.solved && !this.paused && document.visibilityState === 'visible') {
      this.elapsedMs += now - this.lastTick;
    }
    this.lastTick = now;
    this.timerEl.textContent = formatElapsed(this.elapsedMs);
    // Save the clock now and then so a reload keeps it.
    if (!this.solved && now - (this.lastClockSave ?? 0) > 5000) {
      this.lastClockSave = now;
      this.save();
    }
  }

  /** Pauses (hides the board, stops the clock) or resumes. */
  setPaused(paused) {
    if (this.solved && paused) return;
    this.tick();
    this.paused = paused;
    this.playEl.classList.toggle('paused', paused);
    this.pausedEl.hidden = !paused;
    this.pauseBtn.setAttribute('aria-pressed', String(paused));
    this.pauseBtn.replaceChildren(pauseIcon(paused));
    this.pauseBtn.setAttribute('aria-label', paused ? 'Resume' : 'Pause');
    this.refresh();
    if (!paused) this.view.focus?.();
  }

  // ---- moves ----------------------------------------------------------------------------

  /** Replaces the state with `next` as one undoable move. */
  commit(next) {
    if (this.solved || this.paused) return;
    this.history.push(this.state);
    this.state = next;
    this.afterMove();
  }

  undo() {
    if (this.solved || this.paused) return;
    const previous = this.history.undo(this.state);
    if (previous === null) return;
    this.state = previous;
    this.afterMove();
  }

  redo() {
    if (this.solved || this.paused) return;
    const next = this.history.redo(this.state);
    if (next === null) return;
    this.state = next;
    this.afterMove();
  }

  restart() {
    if (this.solved) return;
    this.commit(this.game.emptyState(this.puzzle));
    this.say('Board cleared (undo brings it back).');
  }

  afterMove() {
    this.hintShown = null;
    this.say('');
    this.save();
    this.refresh();
    if (this.game.isFilled(this.puzzle, this.state)) this.check({ quiet: true });
  }

  refresh() {
    this.view.render();
    const idle = this.solved || this.paused;
    this.undoBtn.disabled = idle || !this.history.canUndo;
    this.redoBtn.disabled = idle || !this.history.canRedo;
    this.hintBtn.disabled = idle || !this.engineCan('hint');
    this.checkBtn.disabled = idle;
    this.restartBtn.disabled = idle;
    this.pauseBtn.disabled = this.solved;
    this.root.classList.toggle('is-solved', this.solved);
    this.root.classList.toggle('show-mistakes', this.showMistakes);
  }

  engineCan(capability) {
    return this.capabilities?.[capability] !== false;
  }

  // ---- engine calls ---------------------------------------------------------------------

  /** The local, rule-based check. `quiet`: only speak when solved or when rules are broken. */
  check({ quiet = false } = {}) {
    let verdict;
    try {
      verdict = this.engine.check(this.genre, this.puzzle, this.state);
    } catch (e) {
      this.say(`Cannot check: ${e.message}`, 'error');
      return;
    }
    if (verdict.solved) {
      this.solved = true;
      this.paused = false;
      this.tick();
      this.save();
      this.refresh();
      this.showSolved();
    } else if (verdict.problems.length > 0) {
      this.say(`Not yet: ${verdict.problems.slice(0, 3).join('; ')}`, 'error');
    } else if (!quiet) {
      this.say(verdict.complete ? 'Complete, but not solved yet.' : 'No rule is broken so far.');
    }
  }

  /** The next step from the engine, said in words and highlighted on the board. */
  hint() {
    if (this.solved || this.paused) return;
    let hint;
    try {
      hint = this.engine.hint(this.genre, this.puzzle, this.state);
    } catch (e) {
      this.say(`No hint: ${e.message}`, 'error');
      return;
    }
    this.hintShown = hint;
    if (hint.kind === 'step' || hint.kind === 'remove_mark') {
      this.hintsUsed += 1;
      this.save();
      this.serverSession.then((session) => session && reportHint(session));
    }
    this.view.showHint?.(hint);
    const words = this.game.describeHint?.(hint, this) ?? hint.message;
    const label = this.game.techniqueLabel?.(hint) ?? hint.technique;
    this.say(words, hint.kind === 'remove_mark' ? 'error' : 'hint', label);
  }

  keydown(e) {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement
      || e.target instanceof HTMLSelectElement) return;
    if (this.rules.isOpen()) {
      if (e.key === 'Escape') this.rules.close();
      return;
    }
    const mod = e.ctrlKey || e.metaKey;
    if (mod && !e.altKey && (e.key === 'z' || e.key === 'Z')) {
      e.preventDefault();
      if (e.shiftKey) this.redo(); else this.undo();
      return;
    }
    if (mod && !e.altKey && (e.key === 'y' || e.key === 'Y')) {
      e.preventDefault();
      this.redo();
      return;
    }
    if (mod || e.altKey) return;
    if (e.key === 'h' || e.key === 'H') {
      e.preventDefault();
      this.hint();
      return;
    }
    if (e.key === '?') {
      e.preventDefault();
      this.rules.open();
      return;
    }
    if (this.paused) return;
    if (this.view.onKey?.(e)) e.preventDefault();
  }

  // ---- messages, solved state, share, scores --------------------------------------------

  /** Shows `text` under the board; `label` is a small tag before it (a hint's technique). */
  say(text, tone = 'info', label = '') {
    this.messageText.textContent = text;
    this.techniqueEl.textContent = label;
    this.techniqueEl.hidden = !label;
    this.messageEl.dataset.tone = tone;
  }

  showSolved() {
    this.solvedEl.hidden = false;
    this.solvedTimeEl.textContent = formatElapsed(this.elapsedMs);
    this.scoreForm.hidden = false;
    this.refreshStats();
    if (this.submitted) {
      this.scoreStatus.textContent = `Score submitted as ${this.submitted.player}: rank ${this.submitted.rank}.`;
      this.scoreSubmit.disabled = true;
    } else if (!this.scoreInput.value) {
      this.scoreInput.focus({ preventScroll: true });
    }
  }

  /** Copies a spoiler-free result (solved) or a link to this board (not yet solved). */
  async share() {
    const link = new URL(`#id=${encodeURIComponent(this.record.id)}`, location.href).href;
    const text = shareText({
      genre: genreLabel(this.genre),
      when: this.dateText,
      solved: this.solved,
      elapsed: formatElapsed(this.elapsedMs),
      hints: this.hintsUsed,
      link,
    });
    const copied = await copyText(text);
    this.shareOut.value = text;
    this.shareOut.hidden = false;
    this.shareStatus.textContent = copied ? 'Copied to the clipboard.' : 'Copy the text below to share it.';
  }

  async submit(e) {
    e.preventDefault();
    const player = this.scoreInput.value.trim();
    if (!validPlayer(player)) {
      this.scoreStatus.textContent = 'Use a name of 1 to 32 printable characters.';
      this.scoreStatus.dataset.tone = 'error';
      return;
    }
    savePlayer(player);
    this.scoreSubmit.disabled = true;
    this.scoreStatus.dataset.tone = 'info';
    this.scoreStatus.textContent = 'Submitting…';
    const named = await renamePlayer(player);
    const session = named.error ? null : await this.serverSession;
    const result = named.error ? named : session === null
      ? { error: { code: 'no_session', message: 'the server did not start a clock for this board' } }
      : await submitScore({
        session,
        id: this.record.id,
        digest: this.record.digest,
        state: this.state,
        elapsedMs: this.elapsedMs,
      });
    if (result.error) {
      this.scoreSubmit.disabled = false;
      this.scoreStatus.dataset.tone = 'error';
      this.scoreStatus.textContent = result.error.code === 'offline' || /^http_/.test(result.error.code)
        ? 'Not submitted: scores need the dayseed server, which cannot be reached from here.'
        : `Not submitted: ${result.error.message}`;
      return;
    }
    this.submitted = { player, rank: result.ok.rank, scoreId: result.ok.score_id };
    this.save();
    this.sync.flush();
    this.scoreStatus.dataset.tone = 'ok';
    this.scoreStatus.textContent = `Score submitted as ${player}: rank ${result.ok.rank}.`;
    await this.loadLeaderboard();
  }

  async loadLeaderboard() {
    const player = this.submitted?.player ?? loadPlayer();
    const result = await fetchLeaderboard(this.record.id, { limit: 10, player });
    this.boardList.replaceChildren();
    if (result.error) {
      const { code, message } = result.error;
      if (code === 'offline') {
        this.boardNote.textContent = 'Leaderboard unavailable offline; your board still plays and is saved here.';
      } else if (/^http_/.test(code)) {
        // No dayseed API behind this page (a static host): say so rather than a status number.
        this.boardNote.textContent = 'No leaderboard here: this page is not served by a dayseed server.';
      } else {
        this.boardNote.textContent = `Leaderboard unavailable: ${message}`;
      }
      return;
    }
    const { entries = [], player_rank: playerRank } = result.ok;
    this.boardNote.textContent = entries.length === 0 ? 'No scores yet — be the first.' : '';
    for (const entry of entries) {
      const mine = player && entry.player === player;
      this.boardList.append(h('li', { class: mine ? 'mine' : null, dataset: { rank: entry.rank } },
        h('span', { class: 'rank' }, `${entry.rank}.`),
        h('span', { class: 'who' }, entry.player),
        h('span', { class: 'time' }, formatElapsed(entry.elapsed_ms))));
    }
    if (playerRank && !entries.some((e) => e.player === player)) {
      this.boardNote.textContent = `Your rank: ${playerRank}`;
    }
  }

  refreshStats() {
    this.statsHost.replaceChildren(statsPanel(this.genre, this.archive?.today));
  }

  // ---- layout ---------------------------------------------------------------------------

  build() {
    const r = this.record;
    this.timerEl = h('span', { class: 'timer', role: 'timer', 'aria-label': 'Elapsed time' }, formatElapsed(this.elapsedMs));
    const button = (label, text, onclick, extra = {}) =>
      h('button', { type: 'button', class: 'btn', 'aria-label': label, title: label, onclick, ...extra }, text);
    this.undoBtn = button('Undo (Ctrl+Z)', 'Undo', () => this.undo());
    this.redoBtn = button('Redo (Ctrl+Y)', 'Redo', () => this.redo(), { class: 'btn redo' });
    this.hintBtn = button('Hint (H)', 'Hint', () => this.hint());
    this.checkBtn = button('Check the board', 'Check', () => this.check());
    this.restartBtn = button('Clear the board', 'Clear', () => this.restart());
    this.pauseBtn = button('Pause', pauseIcon(false), () => this.setPaused(!this.paused), { class: 'btn icon pause', 'aria-pressed': 'false' });
    this.rules = new RulesPanel(this.genre, genreLabel(this.genre), this.game.rules);
    const rulesBtn = button('How to play (?)', '?', () => this.rules.open(), { class: 'btn icon rules-btn' });

    this.messageText = h('span', { class: 'message-text' });
    this.techniqueEl = h('span', { class: 'technique', hidden: true });
    this.messageEl = h('p', { class: 'message', role: 'status', 'aria-live': 'polite' },
      this.techniqueEl, this.messageText);
    this.solvedTimeEl = h('strong', {}, '');
    this.solvedEl = h('div', { class: 'solved', hidden: true, role: 'status' },
      h('span', { class: 'solved-title' }, 'Solved!'), ' in ', this.solvedTimeEl);
    this.scoreInput = h('input', {
      id: 'player', name: 'player', type: 'text', maxlength: 32, autocomplete: 'nickname',
      placeholder: 'Your name', value: loadPlayer(), required: true,
    });
    this.scoreSubmit = h('button', { type: 'submit', class: 'btn primary' }, 'Submit score');
    this.scoreStatus = h('p', { class: 'score-status', role: 'status', 'aria-live': 'polite' });
    this.scoreForm = h('form', { class: 'score', hidden: true, onsubmit: (e) => this.submit(e) },
      h('label', { for: 'player' }, 'Name for the leaderboard'),
      h('div', { class: 'row' }, this.scoreInput, this.scoreSubmit),
      this.scoreStatus);
    this.boardList = h('ol', { class: 'leaderboard', 'aria-label': 'Leaderboard' });
    this.boardNote = h('p', { class: 'board-note' }, 'Loading leaderboard…');
    this.boardHost = h('div', { class: 'board-host' });
    this.pausedEl = h('div', { class: 'paused-cover', hidden: true },
      h('p', {}, 'Paused'), button('Resume', 'Resume', () => this.setPaused(false), { class: 'btn primary' }));

    const mistakesBox = h('input', {
      type: 'checkbox', id: 'show-mistakes', class: 'show-mistakes',
      onchange: (e) => { this.showMistakes = e.target.checked; this.refresh(); },
    });
    this.shareStatus = h('span', { class: 'share-status', role: 'status', 'aria-live': 'polite' });
    this.shareOut = h('textarea', { class: 'share-out', readonly: true, rows: 4, hidden: true, 'aria-label': 'Text to share' });
    const tools = h('div', { class: 'tools' },
      this.redoBtn, this.restartBtn,
      button('Share', 'Share', () => this.share(), { class: 'btn share' }),
      this.game.mistakes ? h('label', { class: 'toggle' }, mistakesBox, ' Show mistakes') : null,
      this.shareStatus, this.shareOut);

    const seedOrDate = r.id.includes(':DAILY-') ? 'Date' : 'Board';
    const about = h('details', { class: 'about' },
      h('summary', {}, 'About this puzzle'),
      h('dl', { class: 'ident' },
        h('dt', {}, seedOrDate), h('dd', { class: 'board-date', 'data-testid': 'board-date' }, this.dateText),
        h('dt', {}, 'Puzzle'), h('dd', { class: 'puzzle-id', 'data-testid': 'puzzle-id' }, r.id),
        h('dt', {}, 'Digest'), h('dd', { class: 'digest', title: r.digest, 'data-testid': 'digest' },
          `${r.digest.slice(0, 16)}…`)),
      h('p', { class: 'about-note' }, 'The id names this exact board on every device; the digest is its signature.'));

    this.statsHost = h('div', { class: 'stats-host' });
    this.refreshStats();
    this.playEl = h('section', { class: 'play', 'aria-label': `${this.genre} board` },
      h('div', { class: 'bar', role: 'toolbar', 'aria-label': 'Game controls' },
        h('span', { class: 'date' }, this.dateText),
        this.timerEl, this.pauseBtn, rulesBtn,
        h('span', { class: 'bar-gap' }),
        this.undoBtn, this.hintBtn, this.checkBtn),
      h('div', { class: 'board-wrap' }, this.boardHost, this.pausedEl),
      this.messageEl);
    this.root.replaceChildren(
      this.playEl,
      h('aside', { class: 'panel' },
        this.solvedEl,
        this.scoreForm,
        tools,
        about,
        this.archive ? archivePanel({ engine: this.engine, levels: this.game.levels, ...this.archive }) : null,
        this.statsHost,
        h('section', { class: 'board-section', 'aria-label': 'Leaderboard' },
          h('h2', {}, 'Leaderboard'), this.boardList, this.boardNote)),
      this.rules.element);
    this.root.dataset.id = r.id;
    this.root.dataset.digest = r.digest;
  }
}
