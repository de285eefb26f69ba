// Sudoku view: a 9x9 CSS grid with pencil marks, driven by mouse, touch and keyboard.
//
// Puzzle JSON (genres/sudoku): {"difficulty", "puzzle": 81 chars ('.' blank), "solution"?, ...}.
// State JSON: {"entries": 81 chars (givens included, '.' empty), "notes": [81 strings of digits]}.
// The view never looks at the solution: checks and hints come from the engine.

import { h, s } from '../lib/dom.js';

const DIGITS = '123456789';

/** The 20 peers (same row, column or box) of every cell. */
const PEERS = Array.from({ length: 81 }, (_, i) => {
  const r = Math.floor(i / 9);
  const c = i % 9;
  const peers = new Set();
  for (let k = 0; k < 9; k += 1) {
    peers.add(r * 9 + k);
    peers.add(k * 9 + c);
    peers.add((Math.floor(r / 3) * 3 + Math.floor(k / 3)) * 9 + Math.floor(c / 3) * 3 + (k % 3));
  }
  peers.delete(i);
  return [...peers];
});

function givens(puzzle) {
  return puzzle.puzzle;
}

function emptyState(puzzle) {
  return { entries: givens(puzzle), notes: Array(81).fill('') };
}

function isFilled(_puzzle, state) {
  return !state.entries.includes('.');
}

/** Cells named by a hint's detail (genres/sudoku names them `r1c3`); [row, col] pairs and
 *  {row, col} objects are understood too. */
function hintCells(detail) {
  if (detail === undefined || detail === null) return new Set();
  const cells = new Set();
  const visit = (v, key) => {
    const named = typeof v === 'string' ? /^r([1-9])c([1-9])$/.exec(v) : null;
    if (named) {
      cells.add((Number(named[1]) - 1) * 9 + Number(named[2]) - 1);
    } else if (Array.isArray(v)) {
      if (v.length === 2 && v.every((x) => Number.isInteger(x) && x >= 0 && x < 9) && key !== 'digits') {
        cells.add(v[0] * 9 + v[1]);
      } else {
        v.forEach((x) => visit(x, key));
      }
    } else if (v && typeof v === 'object') {
      const row = v.row ?? v.r;
      const col = v.col ?? v.column ?? v.c;
      if (Number.isInteger(row) && Number.isInteger(col) && row >= 0 && row < 9 && col >= 0 && col < 9) {
        cells.add(row * 9 + col);
      }
      for (const [k, x] of Object.entries(v)) visit(x, k);
    } else if (Number.isInteger(v) && v >= 0 && v < 81 && /^(cell|cells|index|indices)$/.test(key ?? '')) {
      cells.add(v);
    }
  };
  visit(detail, null);
  return cells;
}

function cellLabel(i, value, given, notes) {
  const where = `Row ${Math.floor(i / 9) + 1}, column ${(i % 9) + 1}`;
  if (value !== '.') return `${where}, ${given ? 'given' : 'entered'} ${value}`;
  return notes ? `${where}, empty, notes ${notes.split('').join(' ')}` : `${where}, empty`;
}

function mount(host, session) {
  const fixed = givens(session.puzzle);
  let selected = fixed.indexOf('.') >= 0 ? fixed.indexOf('.') : 0;
  let pencil = false;
  let hinted = new Set();
  let targets = new Set();

  const cells = [];
  const rows = [];
  for (let r = 0; r < 9; r += 1) {
    const row = h('div', { role: 'row', class: 'sd-row' });
    for (let c = 0; c < 9; c += 1) {
      const i = r * 9 + c;
      const cell = h('div', {
        role: 'gridcell', class: 'sd-cell', tabindex: -1,
        dataset: { cell: String(i), row: String(r), col: String(c) },
        onclick: () => select(i, true),
      });
      if (c % 3 === 2 && c < 8) cell.classList.add('box-right');
      if (r % 3 === 2 && r < 8) cell.classList.add('box-bottom');
      cells.push(cell);
      row.append(cell);
    }
    rows.push(row);
  }
  const grid = h('div', { class: 'sd-grid', role: 'grid', 'aria-label': 'Sudoku grid', 'data-testid': 'sudoku-grid' }, rows);

  const pencilBtn = h('button', {
    type: 'button', class: 'btn pad-btn pencil', 'aria-pressed': 'false',
    'aria-label': 'Pencil marks (P)', onclick: () => { pencil = !pencil; render(); },
  }, 'Notes');
  const padDigits = [...DIGITS].map((d) => h('button', {
    type: 'button', class: 'btn pad-btn digit', 'aria-label': `Enter ${d}`, dataset: { digit: d },
    onclick: () => input(d, pencil),
  }, d));
  const eraseBtn = h('button', {
    type: 'button', class: 'btn pad-btn erase', 'aria-label': 'Erase (Backspace)', onclick: () => erase(),
  }, '⌫');
  const pad = h('div', { class: 'sd-pad', role: 'group', 'aria-label': 'Number pad' }, padDigits, eraseBtn, pencilBtn);
  const difficulty = h('p', { class: 'sd-level' }, `Sudoku · ${session.puzzle.difficulty ?? ''}`);
  host.replaceChildren(h('div', { class: 'sd' }, difficulty, grid, pad));

  function select(i, focus = false) {
    selected = i;
    render();
    if (focus) cells[i].focus({ preventScroll: true });
  }

  function withEntry(state, i, value) {
    const entries = state.entries.slice(0, i) + value + state.entries.slice(i + 1);
    const notes = state.notes.slice();
    if (value !== '.') {
      notes[i] = '';
      // Placing a digit clears it from the notes of the cell's peers.
      for (const p of PEERS[i]) notes[p] = notes[p].replace(value, '');
    }
    return { entries, notes };
  }

  function input(d, asNote) {
    const state = session.state;
    if (session.solved || fixed[selected] !== '.') return;
    if (asNote) {
      if (state.entries[selected] !== '.') return;
      const old = state.notes[selected];
      const notes = state.notes.slice();
      notes[selected] = old.includes(d)
        ? old.replace(d, '')
        : [...DIGITS].filter((x) => x === d || old.includes(x)).join('');
      session.commit({ entries: state.entries, notes });
    } else {
      const value = state.entries[selected] === d ? '.' : d;
      session.commit(withEntry(state, selected, value));
    }
  }

  function erase() {
    const state = session.state;
    if (session.solved || fixed[selected] !== '.') return;
    if (state.entries[selected] !== '.') {
      session.commit(withEntry(state, selected, '.'));
    } else if (state.notes[selected]) {
      const notes = state.notes.slice();
      notes[selected] = '';
      session.commit({ entries: state.entries, notes });
    }
  }

  function conflicts(entries) {
    const bad = new Set();
    for (let i = 0; i < 81; i += 1) {
      if (entries[i] === '.') continue;
      for (const p of PEERS[i]) if (entries[p] === entries[i]) bad.add(i);
    }
    return bad;
  }

  function render() {
    const { entries, notes } = session.state;
    const bad = conflicts(entries);
    const wrong = new Set(session.showMistakes ? mistakes(session.puzzle, session.state) : []);
    const value = entries[selected];
    const peers = new Set(PEERS[selected]);
    cells.forEach((cell, i) => {
      const v = entries[i];
      const given = fixed[i] !== '.';
      cell.classList.toggle('given', given);
      cell.classList.toggle('entered', !given && v !== '.');
      cell.classList.toggle('selected', i === selected);
      cell.classList.toggle('peer', peers.has(i));
      cell.classList.toggle('same', v !== '.' && v === value && i !== selected);
      cell.classList.toggle('conflict', bad.has(i));
      cell.classList.toggle('hinted', hinted.has(i));
      cell.classList.toggle('hint-target', targets.has(i) && !hinted.has(i));
      cell.classList.toggle('mistake', wrong.has(i));
      cell.tabIndex = i === selected ? 0 : -1;
      cell.setAttribute('aria-selected', String(i === selected));
      cell.setAttribute('aria-label', cellLabel(i, v, given, notes[i]));
      cell.dataset.value = v;
      if (v !== '.') {
        cell.replaceChildren(h('span', { class: 'sd-value' }, v));
      } else if (notes[i]) {
        cell.replaceChildren(h('span', { class: 'sd-notes', 'aria-hidden': 'true' },
          [...DIGITS].map((d) => h('span', {}, notes[i].includes(d) ? d : ''))));
      } else {
        cell.replaceChildren();
      }
    });
    const counts = {};
    for (const ch of entries) counts[ch] = (counts[ch] ?? 0) + 1;
    padDigits.forEach((b) => {
      const done = (counts[b.dataset.digit] ?? 0) >= 9;
      b.classList.toggle('done', done);
    });
    pencilBtn.setAttribute('aria-pressed', String(pencil));
    pencilBtn.classList.toggle('active', pencil);
    grid.classList.toggle('pencil-mode', pencil);
  }

  function showHint(hint) {
    hinted = hintCells(hint.detail?.cells ?? hint.detail);
    targets = hintCells(hint.detail?.eliminations?.map((e) => e.cell) ?? []);
    const first = [...hinted][0];
    if (first !== undefined) selected = first;
    render();
  }

  function onKey(e) {
    const r = Math.floor(selected / 9);
    const c = selected % 9;
    const moves = {
      ArrowUp: [(r + 8) % 9, c], ArrowDown: [(r + 1) % 9, c],
      ArrowLeft: [r, (c + 8) % 9], ArrowRight: [r, (c + 1) % 9],
    };
    if (moves[e.key]) {
      const [nr, nc] = moves[e.key];
      select(nr * 9 + nc, true);
      return true;
    }
    const digit = /^(Digit|Numpad)([1-9])$/.exec(e.code)?.[2] ?? (DIGITS.includes(e.key) ? e.key : null);
    if (digit) {
      input(digit, pencil !== e.shiftKey);
      return true;
    }
    if (['Backspace', 'Delete', '0', '.'].includes(e.key)) {
      erase();
      return true;
    }
    if (e.key === 'p' || e.key === 'P' || e.key === 'n' || e.key === 'N') {
      pencil = !pencil;
      render();
      return true;
    }
    return false;
  }

  // After a move, the hint highlight is stale.
  const plainRender = render;
  return {
    render: () => {
      if (!session.hintShown) { hinted = new Set(); targets = new Set(); }
      plainRender();
    },
    showHint,
    onKey,
  };
}

/** `r6c4` -> `row 6, column 4` (the board has no labels, so plain words where a name remains). */
const plain = (text) => text.replace(/\br([1-9])c([1-9])\b/g, 'row $1, column $2');

/** A hint in the player's words: what to do with the highlighted cells and why. */
function describeHint(hint) {
  const d = hint.detail ?? {};
  const placed = d.placements?.[0];
  if (hint.kind === 'remove_mark') {
    const digit = d.remove?.[0]?.digit;
    return `The highlighted ${digit ?? 'digit'} does not belong there: remove it first (the board cannot be finished with it).`;
  }
  if (hint.kind === 'solved') return 'The grid is complete and correct.';
  if (hint.technique === 'Naked single' && placed) {
    return `The highlighted cell can only be ${placed.digit}: every other digit is already in its row, column or box.`;
  }
  if (hint.technique === 'Hidden single' && placed) {
    const unit = /within (row|column|box)/.exec(hint.message)?.[1] ?? 'row, column or box';
    return `${placed.digit} has no other place in this ${unit}, so it goes in the highlighted cell.`;
  }
  if (hint.technique?.startsWith('Direct ') && placed) {
    // A pointing, claiming or hidden pair/triple that leaves a single: the reason, then the place.
    const [why, then] = hint.message.replace(/^[^:]*:\s*/, '').split(', so ');
    return then ? `Look at the highlighted cells: ${plain(why)}. So ${plain(then)}.` : `${plain(why)}: the highlighted cell is ${placed.digit}.`;
  }
  if (hint.technique === 'Reveal' && placed) {
    return `No simple step is left here; the highlighted cell is ${placed.digit}.`;
  }
  const elim = d.eliminations ?? [];
  if (elim.length > 0) {
    const digits = [...new Set(elim.map((e) => e.digit))].sort().join(' and ');
    const head = plain(hint.message.split(', so ')[0].replace(/^[^:]*:\s*/, ''));
    return `Look at the highlighted cells: ${head}. So ${digits} cannot go in the cells outlined in orange — remove ${digits} from their notes.`;
  }
  if (placed) return `${plain(hint.message.replace(/^[^:]*:\s*/, ''))}: the highlighted cell is ${placed.digit}.`;
  return plain(hint.message);
}

/** Entered digits that differ from the board's answer ("show mistakes"). */
function mistakes(puzzle, state) {
  if (!puzzle.solution) return [];
  return [...state.entries].flatMap((v, i) => (v !== '.' && puzzle.puzzle[i] === '.' && puzzle.solution[i] !== v ? [i] : []));
}

const rules = {
  lines: [
    'Fill every empty cell with a digit from 1 to 9.',
    'Each row, each column and each 3×3 box holds every digit exactly once.',
    'Tap a cell, then a digit on the pad (or type it). "Notes" writes small pencil marks instead.',
    'Every board has exactly one answer, and it can be found by logic alone; Hint shows the next step.',
  ],
  example: () => ({
    picture: miniRow(),
    caption: 'This row already has 1–3 and 5–9, so the empty cell is 4.',
  }),
};

function miniRow() {
  const digits = '123.56789';
  return s('svg', { viewBox: '0 0 190 26', class: 'rules-svg', role: 'img', 'aria-label': 'A row of nine cells with 4 missing' },
    [...digits].map((ch, i) => [
      s('rect', { x: 1 + i * 21, y: 1, width: 20, height: 20, class: ch === '.' ? 'ex-cell ex-hint' : 'ex-cell' }),
      s('text', { x: 11 + i * 21, y: 12, class: ch === '.' ? 'ex-text ex-new' : 'ex-text' }, ch === '.' ? '4' : ch),
    ]));
}

const levels = ['EASY', 'MEDIUM', 'HARD', 'EXPERT', 'MASTER']
  .map((name) => ({ name, label: name[0] + name.slice(1).toLowerCase() }));

export default { emptyState, isFilled, mount, describeHint, mistakes, rules, levels };
