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
  let hintedClues = new Set();
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
    const wrong = new Set(session.showMistakes
      ? mistakes(p, st).map(({ kind, r, c }) => key(kind, r, c)) : []);
    for (const e of edges) {
      const m = mark(st, e.kind, e.r, e.c);
      e.line.classList.toggle('on', m === '1');
      e.cross.classList.toggle('on', m === 'x');
      e.line.classList.toggle('hinted', hinted.has(key(e.kind, e.r, e.c)));
      e.line.classList.toggle('mistake', wrong.has(key(e.kind, e.r, e.c)));
      e.cross.classList.toggle('mistake', wrong.has(key(e.kind, e.r, e.c)));
      const focused = e.kind === focus.kind && e.r === focus.r && e.c === focus.c;
      e.hit.setAttribute('tabindex', focused ? '0' : '-1');
      e.hit.setAttribute('aria-pressed', m === '1' ? 'true' : m === 'x' ? 'mixed' : 'false');
    }
    for (const clue of clues) {
      const used = sidesUsed(st, clue.r, clue.c);
      clue.t.classList.toggle('met', used === clue.n);
      clue.t.classList.toggle('over', used > clue.n);
      clue.t.classList.toggle('hinted', hintedClues.has(`${clue.r},${clue.c}`));
    }
  }

  function showHint(hint) {
    hinted = new Set((hint.detail?.edges ?? [])
      .filter((e) => (e.edge === 'h' || e.edge === 'v') && Number.isInteger(e.row) && Number.isInteger(e.col))
      .map((e) => key(e.edge, e.row, e.col)));
    const clue = clueOfHint(p, session.state, hint);
    hintedClues = new Set(clue ? [`${clue.r},${clue.c}`] : []);
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
    render: () => {
      if (!session.hintShown) { hinted = new Set(); hintedClues = new Set(); }
      render();
    },
    showHint,
    onKey,
  };
}

/** The four sides of cell (r, c) as [kind, row, col]. */
const sides = (r, c) => [['h', r, c], ['h', r + 1, c], ['v', r, c], ['v', r, c + 1]];

/** The clue a hint's edges all belong to (for clue counting), or null. */
function clueOfHint(puzzle, state, hint) {
  const edges = hint.detail?.edges ?? [];
  if (hint.technique !== 'clue counting' || edges.length === 0) return null;
  for (let r = 0; r < puzzle.height; r += 1) {
    for (let c = 0; c < puzzle.width; c += 1) {
      const ch = puzzle.clues[r][c];
      if (ch === '.') continue;
      const around = sides(r, c).map(([k, a, b]) => `${k}${a},${b}`);
      if (edges.every((e) => around.includes(`${e.edge}${e.row},${e.col}`))) {
        return { r, c, n: Number(ch), lines: sidesUsed(state, r, c) };
      }
    }
  }
  return null;
}

const WORDS = ['no', 'one', 'two', 'three', 'four'];

const WHY = {
  'line continuation': {
    line: 'the loop cannot stop at a dot, so it goes on through the only way left open.',
    cross: 'a dot already has two lines (or is a dead end), and the loop never branches.',
  },
  'corner rule': 'in a corner, a 1 cannot use the corner sides and a 3 must use both of them.',
  '3-3 pattern': 'two 3s side by side share their middle side and both far sides; diagonal 3s use their outer corners.',
  'vertex degree reasoning': 'every dot has no line or exactly two, which fixes how many of this clue\'s corner sides are used.',
  'diagonal chain': 'the corner rule carries on along the diagonal, through the 2s.',
  'loop closure': 'it would close a small loop and leave other lines or clues outside it.',
  'inside/outside colouring': 'every cell is inside or outside the loop, and a line always separates the two.',
  'short trial': 'the opposite breaks a rule after a few forced moves.',
  trial: 'the opposite leads to a broken rule.',
  'deep trial': 'every way of trying the opposite fails a few guesses later.',
};

/** A hint in the player's words: what to do with the highlighted edges and why. */
function describeHint(hint, session) {
  const edges = hint.detail?.edges ?? [];
  const n = edges.length;
  if (hint.kind === 'solved') return 'The loop is closed and every number is met: solved.';
  if (hint.kind === 'remove_mark') {
    const what = edges[0]?.mark === 'line' ? 'line' : 'cross';
    return `Remove the highlighted ${what}: it is not part of the answer.`;
  }
  if (hint.kind === 'budget_exhausted' || n === 0) return 'No hint can be found for this position.';
  const lines = edges.every((e) => e.mark === 'line');
  const crosses = edges.every((e) => e.mark === 'cross');
  const act = lines ? `Draw ${n === 1 ? 'a line on the highlighted edge' : `lines on the ${n} highlighted edges`}`
    : crosses ? `Cross ${n === 1 ? 'the highlighted edge' : `the ${n} highlighted edges`} (no line there)`
      : 'Draw the highlighted lines and cross the other highlighted edges';
  const clue = clueOfHint(session.puzzle, session.state, hint);
  if (clue && crosses && clue.n === 0) return `A 0 has no line around it, so all its sides are empty. ${act}.`;
  if (clue && crosses) {
    const has = WORDS[clue.lines] ?? clue.lines;
    return `This ${clue.n} already has ${has} line${clue.lines === 1 ? '' : 's'} around it, so its other sides are empty. ${act}.`;
  }
  if (clue && lines) {
    return `This ${clue.n} needs every side that is still open, so they are lines. ${act}.`;
  }
  const why = WHY[hint.technique];
  const reason = typeof why === 'object' ? why[lines ? 'line' : 'cross'] : why;
  if (hint.technique === 'reveal') return `No simple step is left here. ${act} (from the answer).`;
  return reason ? `${act}: ${reason}` : `${act}.`;
}

/** Marks that disagree with the board's answer: a line off the loop or a cross on it. */
function mistakes(puzzle, state) {
  const sol = puzzle.solution;
  if (!sol) return [];
  const out = [];
  for (const kind of ['h', 'v']) {
    state[kind].forEach((row, r) => [...row].forEach((m, c) => {
      const on = sol[kind][r][c] === '1';
      if ((m === '1' && !on) || (m === 'x' && on)) out.push({ kind, r, c });
    }));
  }
  return out;
}

const rules = {
  lines: [
    'Draw one closed loop along the dotted grid lines: no branches, no crossings, no loose ends.',
    'A number tells how many of the four sides of its cell the loop uses. Cells without a number can use any.',
    'Tap an edge to draw a line, tap again for a cross (a reminder that no line goes there), once more to clear it.',
    'Each board has exactly one loop, found by logic alone.',
  ],
  example: () => ({ picture: loopPicture(), caption: 'Each 3 uses three sides of its cell, the 1 one side, the 0 none.' }),
};

function loopPicture() {
  const u = 30;
  const at = (x) => 6 + x * u;
  const clue = (x, y, t) => s('text', { x: at(x) + u / 2, y: at(y) + u / 2, class: 'ex-text' }, t);
  return s('svg', { viewBox: `0 0 ${12 + 3 * u} ${12 + 2 * u}`, class: 'rules-svg', role: 'img', 'aria-label': 'A small loop around two 3s' },
    s('path', { d: `M${at(0)} ${at(0)}H${at(2)}V${at(1)}H${at(0)}Z`, class: 'ex-loop' }),
    [0, 1, 2, 3].flatMap((x) => [0, 1, 2].map((y) => s('circle', { cx: at(x), cy: at(y), r: 2.5, class: 'ex-dot' }))),
    clue(0, 0, '3'), clue(1, 0, '3'), clue(2, 0, '1'), clue(2, 1, '0'));
}

const levels = [
  { name: 'easy', label: 'Easy' }, { name: 'normal', label: 'Normal' },
  { name: 'tricky', label: 'Tricky' }, { name: 'hard', label: 'Hard' },
];

export default { emptyState, isFilled, mount, describeHint, mistakes, rules, levels };
