// Starlink view: an SVG sky of numbered stars; tap a faint candidate line to draw it, tap again to
// erase it. Every star needs exactly its number of lines, lines never cross, and all stars join
// into one network; lines may bend only at gravity stars (drawn with a ring).
//
// Puzzle JSON (genres/starlink): {"width","height","difficulty","stars": [{x, y, number, gravity}],
// "candidates": [[a, b] | [a, g, b]], "solution"?, ...}. State JSON: {"lines": [candidate indices]}.

import { h, s } from '../lib/dom.js';

const CELL = 60; // SVG units per board cell

function emptyState() {
  return { lines: [] };
}

function degrees(puzzle, lines) {
  const deg = puzzle.stars.map(() => 0);
  // A line counts once at every star it touches, the bend of a bent line included.
  for (const k of lines) for (const star of puzzle.candidates[k]) deg[star] += 1;
  return deg;
}

function isFilled(puzzle, state) {
  const deg = degrees(puzzle, state.lines);
  return puzzle.stars.every((star, i) => deg[i] === star.number);
}

function mount(host, session) {
  const p = session.puzzle;
  const pt = (i) => [p.stars[i].x * CELL, p.stars[i].y * CELL];
  const path = (c) => c.map((i, k) => `${k === 0 ? 'M' : 'L'}${pt(i).join(' ')}`).join(' ');
  let hinted = null;
  let hintedStars = new Set();

  const shapes = p.candidates.map((c, k) => {
    const label = c.length === 3
      ? `Line from star ${c[0] + 1} bending at star ${c[1] + 1} to star ${c[2] + 1}`
      : `Line from star ${c[0] + 1} to star ${c[1] + 1}`;
    const visible = s('path', { d: path(c), class: 'sl-line' });
    const hit = s('path', { d: path(c), class: 'sl-hit', 'data-line': k, tabindex: 0, role: 'button', 'aria-label': label });
    hit.addEventListener('click', () => toggle(k));
    hit.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); toggle(k); }
    });
    return { visible, hit };
  });
  const stars = p.stars.map((star, i) => {
    const [x, y] = pt(i);
    const g = s('g', { class: `sl-star${star.gravity ? ' gravity' : ''}`, 'data-star': i },
      star.gravity ? s('circle', { cx: x, cy: y, r: 21, class: 'sl-ring' }) : null,
      s('circle', { cx: x, cy: y, r: 15, class: 'sl-dot' }),
      s('text', { x, y, class: 'sl-num', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, String(star.number)));
    return g;
  });
  const pad = CELL / 2;
  const svg = s('svg', {
    class: 'sl-svg', viewBox: `${-pad} ${-pad} ${p.width * CELL + 2 * pad} ${p.height * CELL + 2 * pad}`,
    role: 'group', 'aria-label': `Starlink, ${p.stars.length} stars`,
  }, shapes.map((x) => x.visible), shapes.map((x) => x.hit), stars);
  const counter = h('p', { class: 'lo-count', 'aria-live': 'polite' });
  host.replaceChildren(h('div', { class: 'sl' },
    h('p', { class: 'sd-level' }, `Starlink · ${p.difficulty ?? ''}`), svg, counter));

  function toggle(k) {
    if (session.solved) return;
    const lines = session.state.lines.includes(k)
      ? session.state.lines.filter((x) => x !== k)
      : [...session.state.lines, k];
    session.commit({ lines });
  }

  function render() {
    const drawn = new Set(session.state.lines);
    const wrong = new Set(session.showMistakes ? mistakes(p, session.state) : []);
    shapes.forEach(({ visible, hit }, k) => {
      visible.classList.toggle('on', drawn.has(k));
      visible.classList.toggle('hinted', hinted === k);
      visible.classList.toggle('mistake', wrong.has(k));
      hit.setAttribute('aria-pressed', String(drawn.has(k)));
    });
    const deg = degrees(p, session.state.lines);
    stars.forEach((g, i) => {
      g.classList.toggle('full', deg[i] === p.stars[i].number);
      g.classList.toggle('over', deg[i] > p.stars[i].number);
      g.classList.toggle('hinted', hintedStars.has(i));
    });
    counter.textContent = `Lines drawn: ${session.state.lines.length}`;
  }

  function showHint(hint) {
    hinted = Number.isInteger(hint.detail?.line) ? hint.detail.line : null;
    hintedStars = new Set(hint.detail?.stars ?? []);
    render();
  }

  return {
    render: () => {
      if (!session.hintShown) { hinted = null; hintedStars = new Set(); }
      render();
    },
    showHint,
  };
}

const WHY = {
  propagation: 'the numbers of the stars around it leave no other way.',
  search: 'it is part of a finished sky that keeps every line you have drawn.',
  'impossible line': 'no finished sky uses it.',
  'incompatible lines': 'it cannot be in a finished sky together with the lines you drew before it.',
};

/** A hint in the player's words: the line to draw or remove, between the highlighted stars. */
function describeHint(hint, session) {
  if (hint.kind === 'solved') return 'Every star has its number of lines, none cross, and all are joined: solved.';
  if (hint.kind === 'budget_exhausted') return 'No hint could be found quickly for this position.';
  const line = session.puzzle.candidates[hint.detail?.line];
  const bent = line?.length === 3 ? ', bending at the ringed gravity star' : '';
  const why = WHY[hint.technique] ?? '';
  if (hint.kind === 'remove_mark') return `Remove the highlighted line${bent}: ${why}`;
  return `Draw the highlighted line between the highlighted stars${bent}: ${why}`;
}

/** Drawn lines outside the board's (unique) answer. */
function mistakes(puzzle, state) {
  if (!puzzle.solution || puzzle.unique === false) return [];
  const answer = new Set(puzzle.solution);
  return state.lines.filter((k) => !answer.has(k));
}

const rules = {
  lines: [
    'Join the stars with lines. The number on a star is how many lines touch it.',
    'Lines run only along the faint dotted paths: tap one to draw it, tap again to erase it.',
    'Lines never cross each other, and in the end every star is connected to every other.',
    'A line may bend only at a gravity star (the one with a ring); the bend counts as a line for that star too.',
  ],
  example: () => ({ picture: skyPicture(), caption: 'The 2 has two lines, each 1 has one; the line bending at the ringed star counts for it as well.' }),
};

function skyPicture() {
  const star = (x, y, n, ring = false) => [
    ring ? s('circle', { cx: x, cy: y, r: 13, class: 'ex-ring' }) : null,
    s('circle', { cx: x, cy: y, r: 9, class: 'ex-star' }),
    s('text', { x, y, class: 'ex-text ex-dark' }, String(n)),
  ];
  return s('svg', { viewBox: '0 0 200 90', class: 'rules-svg sky', role: 'img', 'aria-label': 'Four stars joined by lines' },
    s('path', { d: 'M20 20L100 20', class: 'ex-star-line' }),
    s('path', { d: 'M100 20L100 70L180 70', class: 'ex-star-line' }),
    star(20, 20, 1), star(100, 20, 2), star(100, 70, 1, true), star(180, 70, 1));
}

const levels = ['EASY', 'NORMAL', 'HARD', 'EXPERT'].map((name) => ({ name, label: name[0] + name.slice(1).toLowerCase() }));

export default { emptyState, isFilled, mount, describeHint, mistakes, rules, levels };
