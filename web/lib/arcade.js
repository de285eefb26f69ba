// The runtime every arcade genre plugs into (a page module with kind 'arcade', see KIT.md): makes
// the canvas, runs the genre's simulation from the wasm build at its fixed tick rate, records the
// player's inputs as a tape, draws each frame with the module, shows the ending, and offers
// Restart and "Watch the solver". When the page is served by `dayseed serve`, a finished run's
// tape is submitted as the score (the server recomputes it by replay).
//
// Optional module hooks: `choice` ({label, options: [{value, text, unranked?}]}) puts a small
// select beside Restart (the first option is the default); `prepare(puzzle, value)` returns the
// puzzle the run starts from under that choice (the solver always watches the board as
// generated). A run under an option with `unranked` (the reason, shown on the page) is never
// submitted as a score.
//
// Clock: real time accumulates and is spent in whole fixed ticks (never a wall-clock reading in
// the simulation); a frame catches up at most MAX_CATCH_UP_MS, so a hidden tab does not fast-
// forward. A run starts on the player's first input (applied at tick 0), and the clock stands
// still while the game awaits input (a ball at rest): replay does the same, so the tape's ticks
// are what the server sees.

import { h } from './dom.js';
import { tapeEvents, tapeToText } from './tape.js';
import { fetchLeaderboard, renamePlayer, submitArcadeScore } from './api.js';
import { loadPlayer, savePlayer } from './progress.js';

/** Longest stretch of real time one animation frame turns into ticks. */
const MAX_CATCH_UP_MS = 250;
/** The engine's bound on ticks per sim_step call. */
const MAX_STEPS = 10_000;

export class ArcadeSession {
  /**
   * @param {object} opts
   * @param {import('../dayseed.js').Dayseed} opts.engine
   * @param {object} opts.record the GeneratedRecord
   * @param {object} opts.game the page module (kind 'arcade': rules, aspect, draw, bindInput,
   *   describeScore; optional choice and prepare, see the top of this file)
   * @param {HTMLElement} opts.root where the session draws itself
   * @param {string} [opts.dateText]
   */
  constructor({ engine, record, game, root, dateText = '' }) {
    this.engine = engine;
    this.record = record;
    this.genre = record.genre;
    this.puzzle = record.puzzle;
    this.game = game;
    this.root = root;
    this.dateText = dateText;
    this.handle = null;
    this.mode = 'ready';   // ready | play | watch | over
    this.events = [];      // the player's tape
    this.solverEvents = null;
    this.status = null;
    this.online = false;
    this.frame = null;
    this.choice = game.choice?.options?.[0]?.value;
    this.build();
    this.unbind = game.bindInput(this.canvas, (action) => this.input(action));
    this.resizer = new ResizeObserver(() => this.resize());
    this.resizer.observe(this.stage);
    this.start('ready');
    this.canvas.focus({ preventScroll: true });
    this.probeServer();
  }

  /** Stops the loop, frees the simulation and unbinds input (when another tab is chosen). */
  destroy() {
    this.destroyed = true;
    this.stopLoop();
    this.unbind?.();
    this.resizer.disconnect();
    this.free();
  }

  // ---- runs -------------------------------------------------------------------------------

  free() {
    if (this.handle === null) return;
    try { this.engine.simFree(this.handle); } catch { /* a replaced engine instance forgot it */ }
    this.handle = null;
  }

  /** A fresh simulation of the board: 'ready' waits for the first input, 'watch' plays the solver. */
  start(mode) {
    this.stopLoop();
    this.free();
    this.events = [];
    this.tapeText = undefined;
    this.nextSolverEvent = 0;
    this.submitted = null;
    this.endingEl.hidden = true;
    this.scoreForm.hidden = true;
    try {
      const puzzle = mode === 'watch' || !this.game.prepare
        ? this.puzzle
        : this.game.prepare(this.puzzle, this.choice);
      this.handle = this.engine.simStart(this.genre, puzzle);
      this.status = this.engine.simStep(this.handle, 0);
    } catch (e) {
      this.say(`Cannot start the game: ${e.message}`, 'error');
      return;
    }
    this.mode = mode;
    this.root.dataset.mode = mode;
    this.say(mode === 'watch' ? 'The solver is playing.' : 'Press a key or tap the game to start.');
    this.paint();
    if (mode === 'watch') this.startLoop();
  }

  watch() {
    if (this.solverEvents === null) {
      try {
        const report = this.engine.solve(this.genre, this.puzzle);
        if (report.tape === undefined || report.tape === null) throw new Error('the solver found no plan');
        this.solverEvents = tapeEvents(report.tape);
      } catch (e) {
        this.say(`The solver cannot play this board: ${e.message}`, 'error');
        return;
      }
    }
    this.start('watch');
    this.canvas.focus({ preventScroll: true });
  }

  restart() {
    this.start('ready');
    this.canvas.focus({ preventScroll: true });
  }

  /** The chosen option of the module's `choice`, or undefined. */
  chosen() {
    return this.game.choice?.options?.find((o) => o.value === this.choice);
  }

  /** The player picked another option of the module's `choice`: a fresh run under it. */
  choose(value) {
    this.choice = value;
    this.choiceNote.textContent = this.chosen()?.unranked ?? '';
    this.restart();
  }

  /** An input from the page module: applied at the current tick and recorded on the tape. */
  input(action) {
    if (this.destroyed || this.handle === null) return;
    if (this.mode === 'watch' || this.mode === 'over') return;
    try {
      const tick = this.engine.simInput(this.handle, action);
      this.events.push({ tick, action });
      this.status = this.engine.simStep(this.handle, 0); // the input may end the wait for input
    } catch (e) {
      this.say(`Input refused: ${e.message}`, 'error');
      return;
    }
    if (this.mode === 'ready') {
      this.mode = 'play';
      this.root.dataset.mode = 'play';
      this.say('');
      this.startLoop();
    }
  }

  // ---- the fixed-step loop ----------------------------------------------------------------

  startLoop() {
    this.stopLoop();
    this.last = null;
    this.carry = 0;
    const loop = (now) => {
      this.frame = requestAnimationFrame(loop);
      this.advance(now);
    };
    this.frame = requestAnimationFrame(loop);
  }

  stopLoop() {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
  }

  /** Turns the real time since the last frame into whole ticks and steps the simulation. */
  advance(now) {
    const elapsed = this.last === null ? 0 : Math.min(now - this.last, MAX_CATCH_UP_MS);
    this.last = now;
    const tps = this.status.ticks_per_second;
    this.carry += (elapsed * tps) / 1000;
    let ticks = Math.floor(this.carry);
    this.carry -= ticks;
    try {
      if (this.mode === 'watch') {
        this.stepSolver(ticks);
      } else if (this.status.awaiting) {
        this.carry = 0; // nothing happens until the next input, and replay does not count it
      } else if (ticks > 0) {
        // The last tick is stepped on its own so the frame can be drawn between the two states.
        const n = Math.min(ticks, MAX_STEPS);
        if (n > 1) this.status = this.engine.simStep(this.handle, n - 1);
        this.previous = this.status;
        this.status = this.engine.simStep(this.handle, 1);
      }
    } catch (e) {
      this.stopLoop();
      this.say(`The game stopped: ${e.message}`, 'error');
      return;
    }
    this.paint();
    if (this.status.ending) {
      this.finish();
    } else if (this.mode === 'watch' && this.nextSolverEvent === this.solverEvents.length && this.status.awaiting) {
      this.stopLoop();
      this.say('The solver\'s tape ended before the level was finished.', 'error');
    }
  }

  /** Steps `ticks` ticks of the solver's run, applying each tape event at its tick (as replay does). */
  stepSolver(ticks) {
    const events = this.solverEvents;
    let left = ticks;
    for (;;) {
      let applied = false;
      while (this.nextSolverEvent < events.length && events[this.nextSolverEvent].tick <= this.status.tick) {
        this.engine.simInput(this.handle, events[this.nextSolverEvent].action);
        this.nextSolverEvent += 1;
        applied = true;
      }
      if (applied) this.status = this.engine.simStep(this.handle, 0); // inputs may end a wait
      if (left === 0 || this.status.ending) return;
      if (this.nextSolverEvent === events.length && this.status.awaiting) return; // the tape ended
      const due = this.nextSolverEvent < events.length ? events[this.nextSolverEvent].tick - this.status.tick : left;
      const n = Math.min(left, due, MAX_STEPS);
      this.status = this.engine.simStep(this.handle, n);
      left -= n;
    }
  }

  finish() {
    const watched = this.mode === 'watch';
    this.stopLoop();
    this.mode = 'over';
    this.root.dataset.mode = 'over';
    const { ending } = this.status;
    this.endingTitle.textContent = watched
      ? `The solver: ${ending.won ? 'done' : 'out'}`
      : (ending.won ? 'Well played!' : 'Run over');
    this.endingScore.textContent = this.game.describeScore(ending.score);
    this.endingReason.textContent = ending.reason;
    this.endingEl.dataset.won = String(ending.won);
    this.endingEl.hidden = false;
    const unranked = this.chosen()?.unranked;
    this.say(watched ? 'Restart to play it yourself.' : (unranked ? 'This run is not submitted as a score.' : ''));
    if (!watched && !unranked) {
      this.tapeText = tapeToText(this.events);
      this.scoreForm.hidden = !this.online;
      this.scoreStatus.textContent = '';
      this.scoreSubmit.disabled = false;
    }
  }

  // ---- drawing ----------------------------------------------------------------------------

  resize() {
    const rect = this.canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(rect.width * dpr));
    const hgt = Math.max(1, Math.round(rect.height * dpr));
    if (this.canvas.width !== w || this.canvas.height !== hgt) {
      this.canvas.width = w;
      this.canvas.height = hgt;
    }
    this.paint();
  }

  paint() {
    if (!this.status) return;
    const ctx = this.canvas.getContext('2d');
    // Drawing may interpolate between the previous tick's view and this one by the fraction of a
    // tick real time has run past it (`alpha`, 0..1); the simulation itself never sees it.
    const previous = this.previous && this.previous.tick + 1 === this.status.tick ? this.previous.view : null;
    this.game.draw(ctx, this.status.view, this.canvas.width, this.canvas.height,
      { previous, alpha: Math.min(Math.max(this.carry ?? 0, 0), 1) });
    const tps = this.status.ticks_per_second;
    this.clockEl.textContent = `${(this.status.tick / tps).toFixed(1)} s`;
    this.canvas.dataset.tick = String(this.status.tick);
  }

  say(text, tone = 'info') {
    this.messageEl.textContent = text;
    this.messageEl.dataset.tone = tone;
  }

  // ---- the server: score submission and leaderboard ---------------------------------------

  async probeServer() {
    const result = await fetchLeaderboard(this.record.id, { limit: 10, player: loadPlayer() });
    if (this.destroyed) return;
    this.online = Boolean(result.ok);
    this.boardSection.hidden = !this.online;
    if (this.online) this.showLeaderboard(result.ok);
    if (this.mode === 'over' && this.tapeText !== undefined) this.scoreForm.hidden = !this.online;
  }

  showLeaderboard({ entries = [] }) {
    this.boardList.replaceChildren(...entries.map((entry) => h('li', { dataset: { rank: entry.rank } },
      h('span', { class: 'rank' }, `${entry.rank}.`),
      h('span', { class: 'who' }, entry.player),
      h('span', { class: 'time' }, entry.score !== undefined ? this.game.describeScore({ value: entry.score, unit: entry.unit }) : `${entry.elapsed_ms} ms`))));
    this.boardNote.textContent = entries.length === 0 ? 'No scores yet — be the first.' : '';
  }

  async submit(e) {
    e.preventDefault();
    const player = this.scoreInput.value.trim();
    if (player.length === 0 || [...player].length > 32) {
      this.scoreStatus.textContent = 'Use a name of 1 to 32 characters.';
      return;
    }
    savePlayer(player);
    this.scoreSubmit.disabled = true;
    this.scoreStatus.textContent = 'Submitting…';
    const ticks = this.status.tick;
    const named = await renamePlayer(player);
    const result = named.error ? named : await submitArcadeScore({
      id: this.record.id,
      digest: this.record.digest,
      tape: this.tapeText,
      elapsedMs: (ticks * 1000) / this.status.ticks_per_second,
    });
    if (result.error) {
      this.scoreSubmit.disabled = false;
      this.scoreStatus.textContent = `Not submitted: ${result.error.message}`;
      return;
    }
    this.scoreStatus.textContent = `Score submitted as ${player}: rank ${result.ok.rank}.`;
    this.probeServer();
  }

  // ---- layout -----------------------------------------------------------------------------

  build() {
    const r = this.record;
    const aspect = Number(this.game.aspect) > 0 ? Number(this.game.aspect) : 16 / 9;
    this.canvas = h('canvas', {
      class: 'arcade-canvas', tabindex: 0, role: 'img',
      'aria-label': `${this.genre}: the game (keyboard and touch play here)`,
    });
    // Fits the width on a phone and the height on a wide screen, keeping the module's aspect.
    this.canvas.style.aspectRatio = String(aspect);
    this.canvas.style.width = `min(100%, calc(72vh * ${aspect}))`;
    this.stage = h('div', { class: 'arcade-stage' }, this.canvas);
    this.canvas.addEventListener('pointerdown', () => this.canvas.focus({ preventScroll: true }));
    const button = (text, onclick, label) => h('button', { type: 'button', class: 'btn', 'aria-label': label, onclick }, text);
    this.clockEl = h('span', { class: 'timer', role: 'timer', 'aria-label': 'Game time' }, '0.0 s');
    this.messageEl = h('p', { class: 'message', role: 'status', 'aria-live': 'polite' });
    this.endingTitle = h('span', { class: 'solved-title' });
    this.endingScore = h('strong', { class: 'arcade-score' });
    this.endingReason = h('span', { class: 'arcade-reason' });
    this.endingEl = h('div', { class: 'solved arcade-ending', hidden: true, role: 'status' },
      this.endingTitle, ' ', this.endingScore, h('br'), this.endingReason);
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
    this.choiceNote = h('p', { class: 'choice-note', 'data-testid': 'choice-note' });
    const choice = this.game.choice;
    const choiceEl = choice ? h('label', { class: 'choice' }, `${choice.label} `,
      h('select', { onchange: (e) => this.choose(e.target.value) },
        ...choice.options.map((o) => h('option', { value: o.value }, o.text)))) : null;
    this.boardList = h('ol', { class: 'leaderboard', 'aria-label': 'Leaderboard' });
    this.boardNote = h('p', { class: 'board-note' });
    this.boardSection = h('section', { class: 'board-section', 'aria-label': 'Leaderboard', hidden: true },
      h('h2', {}, 'Leaderboard'), this.boardList, this.boardNote);
    this.root.replaceChildren(
      h('section', { class: 'play', 'aria-label': `${this.genre} game` }, this.stage),
      h('aside', { class: 'panel' },
        h('div', { class: 'meta' },
          h('div', { class: 'meta-row' }, h('span', { class: 'date' }, this.dateText), this.clockEl),
          h('dl', { class: 'ident' },
            h('dt', {}, 'Level'), h('dd', { class: 'puzzle-id', 'data-testid': 'puzzle-id' }, r.id),
            h('dt', {}, 'Digest'), h('dd', { class: 'digest', title: r.digest, 'data-testid': 'digest' },
              `${r.digest.slice(0, 16)}…`))),
        h('div', { class: 'controls', role: 'toolbar', 'aria-label': 'Game controls' },
          button('Restart', () => this.restart(), 'Restart the run'),
          button('Watch the solver', () => this.watch(), 'Watch the solver play this level'),
          choiceEl),
        this.choiceNote,
        this.messageEl,
        this.endingEl,
        this.scoreForm,
        h('section', { class: 'rules', 'aria-label': 'How to play' },
          h('h2', {}, 'How to play'), h('p', {}, this.game.rules ?? '')),
        this.boardSection));
    this.root.classList.add('arcade');
    this.root.dataset.id = r.id;
    this.root.dataset.digest = r.digest;
  }
}
