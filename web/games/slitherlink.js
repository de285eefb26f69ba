// Slitherlink view: an SVG grid of dots; tap an edge to cycle unknown -> line -> cross. Draw one
// closed loop so that every clue counts the loop's sides around its cell.
//
// Puzzle JSON (genres/slitherlink): {"width","height","clues": [H strings of W chars '0'-'3' or
// '.'], "solution"?: {h, v}, "difficulty"?}. State JSON: {"h": [H+1 strings of W chars],
// "v": [H strings of W+1 chars]}, '1' = line, 'x' = cross, '.' = unknown.

import { h, s } from '../lib/dom.js';

const CELL = 44; // SVG units per cell
const NEXT = { '.': '1', 1: 'x', x: '.' };

function emptyState(puzzle) {
  const { width: w, height: ht } = puzzle;
  return {
    h: Array.from({ length: ht + 1 }, () => '.'.repeat(w)),
    v: Array.from({ length: ht }, () => '.'.repeat(w + 1)),
  };
}

function mark(state, kind, r, c) {
  return state[kind][r][c];
}

function withMark(state, kind, r, c, value) {
  const rows = state[kind].slice();
  rows[r] = rows[r].slice(0, c) + value + rows[r].slice(c + 1);
  return { ...state, [kind]: rows };
}

/** Lines around cell (r, c). */
function sidesUsed(state, r, c) {
  return [state.h[r][c], state.h[r + 1][c], state.v[r][c], state.v[r][c + 1]].filter((x) => x === '1').length;
}

function isFilled(puzzle, state) {
  const { width: w, height: ht } = puzzle;
  let lines = 0;
  for (let r = 0; r <= ht; r += 1) {
    for (let c = 0; c <= w; c += 1) {
      const degree = [
        c < w && state.h[r][c] === '1', c > 0 && state.h[r][c - 1] === '1',
        r < ht && state.v[r][c] === '1', r > 0 && state.v[r - 1][c] === '1',
      ].filter(Boolean).length;
      if (degree !== 0 && degree !== 2) return false;
      lines += degree;
    }
  }
  if (lines === 0) return false;
  return puzzle.clues.every((row, r) => [...row].every((ch, c) => ch === '.' || sidesUsed(state, r, c) === Number(ch)));
}

function mount(host, session) {
  const p = session.puzzle;
  const { width: w, height: ht } = p;
  let hinted = new Set();
  let focus = { kind: 'h', r: 0, c: 0 };
  const edges = []; // {kind, r, c, line, hit}
  const key = (kind, r, c) => `${kind}${r},${c}`;

  const edge = (kind, r, c) => {
    const [x1, y1] = [c * CELL, r * CELL];
    const [x2, y2] = kind === 'h' ? [x1 + CELL, y1] : [x1, y1 + CELL];
    const line = s('line', { x1, y1, x2, y2, class: 'sk-edge' });
    const cross = s('path', {
      d: `M${(x1 + x2) / 2 - 5} ${(y1 + y2) / 2 - 5}l10 10m0 -10l-10 10`, class: 'sk-cross',
    });
    const hit = s('line', {
      x1, y1, x2, y2, class: 'sk-hit', tabindex: -1, role: 'button',
      'aria-label': kind === 'h'
        ? `Horizontal edge above row ${r + 1}, column ${c + 1}`
        : `Vertical edge left of row ${r + 1}, column ${c + 1}`,
    });
    hit.addEventListener('click', () => { focus = { kind, r, c }; cycle(kind, r, c, null); });
    hit.addEventListener('contextmenu', (e) => {
      e.preventDefault();
      focus = { kind, r, c };
      cycle(kind, r, c, mark(session.state, kind, r, c) === 'x' ? '.' : 'x');
    });
    const entry = { kind, r, c, line, cross, hit };
    edges.push(entry);
    return entry;
  };
  for (let r = 0; r <= ht; r += 1) for (let c = 0; c < w; c += 1) edge('h', r, c);
  for (let r = 0; r < ht; r += 1) for (let c = 0; c <= w; c += 1) edge('v', r, c);
  const byKey = new Map(edges.map((e) => [key(e.kind, e.r, e.c), e]));

  const clues = [];
  p.clues.forEach((row, r) => [...row].forEach((ch, c) => {
    if (ch === '.') return;
    const t = s('text', {
      x: c * CELL + CELL / 2, y: r * CELL + CELL / 2, class: 'sk-clue',
      'text-anchor': 'middle', 'dominant-baseline': 'central',
    }, ch);
    clues.push({ r, c, n: Number(ch), t });
  }));
  const dots = [];
  for (let r = 0; r <= ht; r += 1) {
    for (let c = 0; c <= w; c += 1) dots.push(s('circle', { cx: c * CELL, cy: r * CELL, r: 3, class: 'sk-dot' }));
  }
  const pad = CELL / 2;
  const svg = s('svg', {
    class: 'sk-svg', viewBox: `${-pad} ${-pad} ${w * CELL + 2 * pad} ${ht * CELL + 2 * pad}`,
    role: 'group', 'aria-label': `Slitherlink, ${w} by ${ht}`,
  }, clues.map((x) => x.t), edges.map((e) => e.line), edges.map((e) => e.cross), dots, edges.map((e) => e.hit));
  host.replaceChildren(h('div', { class: 'sk' },
    h('p', { class: 'sd-level' }, `Slitherlink · ${w}×${ht}${p.difficulty ? ` · level ${p.difficulty}` : ''}`),
    svg,
    h('p', { class: 'lo-count' }, 'Tap an edge: line, cross, clear. Right-click crosses. Keys: arrows, Space, X, O (other direction).')));

  function cycle(kind, r, c, value) {
    if (session.solved) return;
    const next = value ?? NEXT[mark(session.state, kind, r, c)];
    session.commit(withMark(session.state, kind, r, c, next));
  }

  function render() {
    const st = session.state;
    for (const e of edges) {
      const m = mark(st, e.kind, e.r, e.c);
      e.line.classList.toggle('on', m === '1');
      e.cross.classList.toggle('on', m === 'x');
      e.line.classList.toggle('hinted', hinted.has(key(e.kind, e.r, e.c)));
      const focused = e.kind === focus.kind && e.r === focus.r && e.c === focus.c;
      e.hit.setAttribute('tabindex', focused ? '0' : '-1');
      e.hit.setAttribute('aria-pressed', m === '1' ? 'true' : m === 'x' ? 'mixed' : 'false');
    }
    for (const clue of clues) {
      const used = sidesUsed(st, clue.r, clue.c);
      clue.t.classList.toggle('met', used === clue.n);
      clue.t.classList.toggle('over', used > clue.n);
    }
  }

  function showHint(hint) {
    hinted = new Set((hint.detail?.edges ?? [])
      .filter((e) => (e.edge === 'h' || e.edge === 'v') && Number.isInteger(e.row) && Number.isInteger(e.col))
      .map((e) => key(e.edge, e.row, e.col)));
    render();
  }

  function onKey(e) {
    const maxR = focus.kind === 'h' ? ht : ht - 1;
    const maxC = focus.kind === 'h' ? w - 1 : w;
    const clamp = (x, hi) => Math.max(0, Math.min(hi, x));
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[e.key]) {
      const [dr, dc] = moves[e.key];
      focus = { ...focus, r: clamp(focus.r + dr, maxR), c: clamp(focus.c + dc, maxC) };
    } else if (e.key === 'o' || e.key === 'O') {
      const kind = focus.kind === 'h' ? 'v' : 'h';
      focus = { kind, r: clamp(focus.r, kind === 'h' ? ht : ht - 1), c: clamp(focus.c, kind === 'h' ? w - 1 : w) };
    } else if (e.key === ' ' || e.key === 'Enter') {
      cycle(focus.kind, focus.r, focus.c, null);
    } else if (e.key === 'x' || e.key === 'X') {
      cycle(focus.kind, focus.r, focus.c, 'x');
    } else if (e.key === 'Backspace' || e.key === 'Delete') {
      cycle(focus.kind, focus.r, focus.c, '.');
    } else {
      return false;
    }
    render();
    byKey.get(key(focus.kind, focus.r, focus.c))?.hit.focus({ preventScroll: true });
    return true;
  }

  return {
    render: () => { if (!session.hintShown) hinted = new Set(); render(); },
    showHint,
    onKey,
  };
}

export default { emptyState, isFilled, mount };
