// Lights Out view: press a light to toggle it and its orthogonal neighbours (wrapping on a torus);
// turn every light off, ideally within par.
//
// Puzzle JSON (genres/lightsout): {"width","height","wrap","board": [H strings of W '0'/'1'],
// "par","optimal","presses"?,"stage"?}. State JSON: {"presses": [[row, col], ...]} in order.

import { h, s } from '../lib/dom.js';

function emptyState() {
  return { presses: [] };
}

/** The lights after the player's presses, as an array of rows of booleans. */
function lightsAfter(puzzle, presses) {
  const { width: w, height: ht, wrap } = puzzle;
  const lit = puzzle.board.map((row) => [...row].map((ch) => ch === '1'));
  const flip = (r, c) => {
    if (wrap) {
      lit[(r + ht) % ht][(c + w) % w] = !lit[(r + ht) % ht][(c + w) % w];
    } else if (r >= 0 && r < ht && c >= 0 && c < w) {
      lit[r][c] = !lit[r][c];
    }
  };
  for (const [r, c] of presses) {
    const around = [[r, c], [r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]];
    // On tiny tori a neighbour can be the cell itself or repeat; toggle each distinct cell once.
    const seen = new Set();
    for (const [a, b] of around) {
      const key = wrap ? `${(a + ht) % ht},${(b + w) % w}` : `${a},${b}`;
      if (!seen.has(key)) { seen.add(key); flip(a, b); }
    }
  }
  return lit;
}

function isFilled(puzzle, state) {
  return state.presses.length > 0 && lightsAfter(puzzle, state.presses).every((row) => row.every((x) => !x));
}

function mount(host, session) {
  const p = session.puzzle;
  let focus = [0, 0];
  let hinted = null;
  const cells = [];
  const grid = h('div', {
    class: 'lo-grid', role: 'grid', 'aria-label': `Lights Out, ${p.width} by ${p.height}${p.wrap ? ', wrapping' : ''}`,
    style: `--cols: ${p.width}; --rows: ${p.height}`,
  });
  for (let r = 0; r < p.height; r += 1) {
    const row = h('div', { role: 'row', class: 'lo-row' });
    for (let c = 0; c < p.width; c += 1) {
      const cell = h('button', {
        type: 'button', role: 'gridcell', class: 'lo-cell', tabindex: -1,
        dataset: { row: String(r), col: String(c) },
        onclick: () => press(r, c),
      });
      cells.push(cell);
      row.append(cell);
    }
    grid.append(row);
  }
  const counter = h('p', { class: 'lo-count', 'aria-live': 'polite' });
  host.replaceChildren(h('div', { class: 'lo' },
    h('p', { class: 'sd-level' }, `Lights Out · ${p.width}×${p.height}${p.wrap ? ' torus' : ''}`),
    grid, counter));

  function press(r, c) {
    if (session.solved) return;
    focus = [r, c];
    session.commit({ presses: [...session.state.presses, [r, c]] });
    cells[r * p.width + c].focus({ preventScroll: true });
  }

  function render() {
    const lit = lightsAfter(p, session.state.presses);
    cells.forEach((cell, i) => {
      const r = Math.floor(i / p.width);
      const c = i % p.width;
      const on = lit[r][c];
      cell.classList.toggle('on', on);
      cell.classList.toggle('hinted', hinted !== null && hinted[0] === r && hinted[1] === c);
      cell.tabIndex = r === focus[0] && c === focus[1] ? 0 : -1;
      cell.setAttribute('aria-label', `Row ${r + 1}, column ${c + 1}, ${on ? 'lit' : 'off'}`);
    });
    const n = session.state.presses.length;
    const best = p.optimal !== undefined ? ` · best possible ${p.optimal}` : '';
    counter.textContent = session.solved
      ? `All off in ${n} presses${n <= p.par ? ' — PERFECT, within par' : ''} (par ${p.par}${best})`
      : `Presses: ${n} · par ${p.par}${best}`;
  }

  function showHint(hint) {
    const at = hint.detail?.press;
    hinted = Array.isArray(at) ? at : null;
    if (hinted) focus = hinted;
    render();
  }

  function onKey(e) {
    const [r, c] = focus;
    const moves = {
      ArrowUp: [Math.max(0, r - 1), c], ArrowDown: [Math.min(p.height - 1, r + 1), c],
      ArrowLeft: [r, Math.max(0, c - 1)], ArrowRight: [r, Math.min(p.width - 1, c + 1)],
    };
    if (moves[e.key]) {
      focus = moves[e.key];
      render();
      cells[focus[0] * p.width + focus[1]].focus({ preventScroll: true });
      return true;
    }
    return false;
  }

  return {
    render: () => { if (!session.hintShown) hinted = null; render(); },
    showHint,
    onKey,
  };
}

/** A hint in the player's words. */
function describeHint(hint) {
  if (hint.kind === 'solved') return 'All lights are off: solved.';
  const left = hint.detail?.remaining;
  const more = Number.isInteger(left)
    ? ` ${left === 1 ? 'That is the last press' : `${left} presses are left`} in the ${hint.detail?.exact === false ? 'shortest known' : 'shortest'} way to turn every light off.`
    : '';
  return `Press the highlighted light.${more}`;
}

/** The small label beside a hint: how it was found. */
const techniqueLabel = (hint) => (hint.kind === 'step' ? 'shortest solution' : hint.technique);

const rules = {
  lines: [
    'Turn every light off.',
    'Pressing a light switches it and its neighbours above, below, left and right (on and off swap).',
    'On a wrapping board the edges join: the neighbour past the right edge is on the left edge.',
    'Par is the number of presses to beat; pressing a light twice undoes it.',
  ],
  example: () => ({ picture: pressPicture(), caption: 'Pressing the middle light switches the five lights of the plus.' }),
};

function pressPicture() {
  const lit = ['010', '111', '010'];
  const grid = (dx, on) => lit.flatMap((row, r) => [...row].map((ch, c) => s('rect', {
    x: dx + c * 22, y: r * 22, width: 20, height: 20, rx: 4,
    class: (ch === '1') === on ? 'ex-light on' : 'ex-light',
  })));
  return s('svg', { viewBox: '0 0 170 66', class: 'rules-svg', role: 'img', 'aria-label': 'Before and after a press in the middle' },
    grid(0, false), s('text', { x: 85, y: 33, class: 'ex-text' }, '→'), grid(104, true));
}

const levels = [
  { name: 'EASY', label: 'Easy' }, { name: 'MEDIUM', label: 'Medium' }, { name: 'HARD', label: 'Hard' },
];

export default { emptyState, isFilled, mount, describeHint, techniqueLabel, rules, levels };
