// The game shell around one board, shared by every genre: identity, timer, undo/redo, hint,
// local check, progress in localStorage, score submission and the leaderboard. A genre supplies
// only its view (games/<genre>.js).

import { h, formatElapsed } from './lib/dom.js';
import { History } from './lib/history.js';
import { loadProgress, saveProgress, loadPlayer, savePlayer } from './lib/progress.js';
import { submitScore, fetchLeaderboard, startSession, reportHint, renamePlayer } from './lib/api.js';
import { ProgressSync } from './lib/sync.js';

/** The server's rule: 1 to 32 printable characters (the page trims spaces). */
const validPlayer = (name) => [...name].length >= 1 && [...name].length <= 32 && !/\p{Cc}/u.test(name);

export class Session {
  /**
   * @param {object} opts
   * @param {import('./dayseed.js').Dayseed} opts.engine
   * @param {object} opts.record the GeneratedRecord from the engine
   * @param {object} opts.game the genre module (emptyState, isFilled, mount)
   * @param {HTMLElement} opts.root where the session draws itself
   * @param {string} opts.dateText the calendar date the board belongs to
   * @param {object} [opts.capabilities] the genre's declared capabilities
   */
  constructor({ engine, record, game, root, dateText, capabilities }) {
    this.capabilities = capabilities;
    this.engine = engine;
    this.record = record;
    this.genre = record.genre;
    this.puzzle = record.puzzle;
    this.game = game;
    this.root = root;
    this.dateText = dateText;
    this.history = new History();
    this.state = game.emptyState(this.puzzle);
    this.elapsedMs = 0;
    this.solved = false;
    this.submitted = null;
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
    this.loadLeaderboard();
    if (!this.restored) this.pullRemote();
    // The server's clock for this board (a guest player is created on first need); offline, no clock.
    this.serverSession = startSession(record.id).then((r) => r.ok?.session ?? null);
  }

  /** Stops timers and listeners (when another tab is chosen). */
  destroy() {
    this.tick();
    this.save();
    this.sync.flush();
    this.destroyed = true;
    clearInterval(this.timer);
    document.removeEventListener('keydown', this.onKeyDown);
    document.removeEventListener('visibilitychange', this.onVisibility);
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
    this.history = new History(saved.past ?? [], saved.future ?? []);
    this.restored = true;
  }

  save() {
    saveProgress(this.record.id, this.record.digest, {
      state: this.state,
      elapsedMs: Math.round(this.elapsedMs),
      solved: this.solved,
      submitted: this.submitted,
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

  // ---- timer ----------------------------------------------------------------------------

  tick() {
    const now = performance.now();
    if (!this.solved && document.visibilityState === 'visible') {
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

  // ---- moves ----------------------------------------------------------------------------

  /** Replaces the state with `next` as one undoable move. */
  commit(next) {
    if (this.solved) return;
    this.history.push(this.state);
    this.state = next;
    this.afterMove();
  }

  undo() {
    if (this.solved) return;
    const previous = this.history.undo(this.state);
    if (previous === null) return;
    this.state = previous;
    this.afterMove();
  }

  redo() {
    if (this.solved) return;
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
    this.undoBtn.disabled = this.solved || !this.history.canUndo;
    this.redoBtn.disabled = this.solved || !this.history.canRedo;
    this.hintBtn.disabled = this.solved || !this.engineCan('hint');
    this.checkBtn.disabled = this.solved;
    this.restartBtn.disabled = this.solved;
    this.root.classList.toggle('is-solved', this.solved);
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

  hint() {
    if (this.solved) return;
    let hint;
    try {
      hint = this.engine.hint(this.genre, this.puzzle, this.state);
    } catch (e) {
      this.say(`No hint: ${e.message}`, 'error');
      return;
    }
    this.hintShown = hint;
    this.serverSession.then((session) => session && reportHint(session));
    this.view.showHint?.(hint);
    const named = hint.technique && hint.message.toLowerCase().includes(hint.technique.toLowerCase());
    const technique = hint.technique && !named ? `${hint.technique}: ` : '';
    this.say(`${technique}${hint.message}`, hint.kind === 'remove_mark' ? 'error' : 'hint');
  }

  keydown(e) {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
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
    if (e.key === 'h' || e.key === 'H' || e.key === '?') {
      e.preventDefault();
      this.hint();
      return;
    }
    if (this.view.onKey?.(e)) e.preventDefault();
  }

  // ---- messages, solved state, scores ---------------------------------------------------

  say(text, tone = 'info') {
    this.messageEl.textContent = text;
    this.messageEl.dataset.tone = tone;
  }

  showSolved() {
    this.solvedEl.hidden = false;
    this.solvedTimeEl.textContent = formatElapsed(this.elapsedMs);
    this.scoreForm.hidden = false;
    if (this.submitted) {
      this.scoreStatus.textContent = `Score submitted as ${this.submitted.player}: rank ${this.submitted.rank}.`;
      this.scoreSubmit.disabled = true;
    } else if (!this.scoreInput.value) {
      this.scoreInput.focus({ preventScroll: true });
    }
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
      this.scoreStatus.textContent = `Not submitted: ${result.error.message}`;
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
      this.boardNote.textContent = result.error.code === 'offline'
        ? 'Leaderboard unavailable offline.'
        : `Leaderboard unavailable: ${result.error.message}`;
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

  // ---- layout ---------------------------------------------------------------------------

  build() {
    const r = this.record;
    this.timerEl = h('span', { class: 'timer', role: 'timer', 'aria-label': 'Elapsed time' }, '00:00');
    const button = (label, text, onclick, extra = {}) =>
      h('button', { type: 'button', class: 'btn', 'aria-label': label, onclick, ...extra }, text);
    this.undoBtn = button('Undo (Ctrl+Z)', 'Undo', () => this.undo());
    this.redoBtn = button('Redo (Ctrl+Y)', 'Redo', () => this.redo());
    this.hintBtn = button('Hint (H)', 'Hint', () => this.hint());
    this.checkBtn = button('Check the board', 'Check', () => this.check());
    this.restartBtn = button('Clear the board', 'Clear', () => this.restart());
    this.messageEl = h('p', { class: 'message', role: 'status', 'aria-live': 'polite' });
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

    this.root.replaceChildren(
      h('section', { class: 'play', 'aria-label': `${this.genre} board` }, this.boardHost),
      h('aside', { class: 'panel' },
        h('div', { class: 'meta' },
          h('div', { class: 'meta-row' },
            h('span', { class: 'date' }, this.dateText),
            this.timerEl),
          h('dl', { class: 'ident' },
            h('dt', {}, 'Puzzle'), h('dd', { class: 'puzzle-id', 'data-testid': 'puzzle-id' }, r.id),
            h('dt', {}, 'Digest'), h('dd', { class: 'digest', title: r.digest, 'data-testid': 'digest' },
              `${r.digest.slice(0, 16)}…`))),
        h('div', { class: 'controls', role: 'toolbar', 'aria-label': 'Game controls' },
          this.undoBtn, this.redoBtn, this.hintBtn, this.checkBtn, this.restartBtn),
        this.messageEl,
        this.solvedEl,
        this.scoreForm,
        h('section', { class: 'board-section', 'aria-label': 'Leaderboard' },
          h('h2', {}, 'Leaderboard'), this.boardList, this.boardNote)));
    this.root.dataset.id = r.id;
    this.root.dataset.digest = r.digest;
  }
}
