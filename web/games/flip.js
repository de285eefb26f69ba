// FLIP page module (arcade): draws the view of the Rust step function (genres/flip, run through
// the wasm build by web/lib/arcade.js) and turns taps, clicks and keys into presses of button 0.
//
// View JSON (genres/flip/src/sim.rs): {"tick","x","y","vy","gravity": "left"|"right","speed",
// "distance","width","craft": {"half_length","half_width"},"taps","crashed": index|null,
// "obstacles": [{"index","x0","x1","y0","y1","req": "left"|"right"|"either"}]}; metres, x along
// the tunnel, y across it from the left wall (drawn at the top).

/** Metres of tunnel shown across the canvas, and where the craft sits (share of the width). */
const SPAN = 40;
const CRAFT_AT = 0.22;

const COLORS = {
  sky: '#0d1020',
  tunnel: '#1b2040',
  wall: '#8a93c9',
  block: '#3aa0e0',
  tip: '#bfe6ff',
  pillar: '#e0a030',
  craft: '#f4f4f4',
  crash: '#ff4d4d',
  text: '#f4f4f4',
};

/** Canvas coordinates of the tunnel for a w x h canvas. */
function frame(view, w, h) {
  const top = h * 0.14;
  const bottom = h * 0.9;
  const sx = w / SPAN;
  const sy = (bottom - top) / view.width;
  const left = view.x - SPAN * CRAFT_AT;
  return {
    top, bottom, sx, sy,
    px: (x) => (x - left) * sx,
    py: (y) => top + y * sy,
  };
}

function draw(ctx, view, w, h) {
  const f = frame(view, w, h);
  ctx.fillStyle = COLORS.sky;
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = COLORS.tunnel;
  ctx.fillRect(0, f.top, w, f.bottom - f.top);
  // Wall markings every 4 m scroll with the craft, so speed is visible.
  ctx.strokeStyle = COLORS.wall;
  ctx.lineWidth = Math.max(2, h * 0.008);
  ctx.beginPath();
  ctx.moveTo(0, f.top); ctx.lineTo(w, f.top);
  ctx.moveTo(0, f.bottom); ctx.lineTo(w, f.bottom);
  ctx.stroke();
  const first = Math.floor((view.x - SPAN * CRAFT_AT) / 4) * 4;
  ctx.fillStyle = COLORS.wall;
  for (let m = first; m < view.x + SPAN; m += 4) {
    const x = f.px(m);
    ctx.fillRect(x, f.top - h * 0.03, 2, h * 0.03);
    ctx.fillRect(x, f.bottom, 2, h * 0.03);
  }

  for (const o of view.obstacles) {
    const x0 = f.px(o.x0);
    const x1 = f.px(o.x1);
    if (x1 < 0 || x0 > w) continue;
    const y0 = f.py(o.y0);
    const y1 = f.py(o.y1);
    ctx.fillStyle = o.index === view.crashed ? COLORS.crash
      : (o.req === 'either' ? COLORS.pillar : COLORS.block);
    ctx.fillRect(x0, y0, x1 - x0, y1 - y0);
    // A bright edge where a block ends: the side of the tunnel that stays open.
    if (o.req !== 'either') {
      ctx.fillStyle = COLORS.tip;
      const edge = Math.max(3, h * 0.012);
      ctx.fillRect(x0, o.req === 'right' ? y1 - edge : y0, x1 - x0, edge);
    }
  }

  // The craft: an arrow pointing forward, with a notch on the side gravity pulls toward.
  const cx = f.px(view.x);
  const cy = f.py(view.y);
  const hl = view.craft.half_length * f.sx;
  const hw = view.craft.half_width * f.sy;
  ctx.fillStyle = view.crashed === null ? COLORS.craft : COLORS.crash;
  ctx.beginPath();
  ctx.moveTo(cx + hl * 1.4, cy);
  ctx.lineTo(cx - hl, cy - hw);
  ctx.lineTo(cx - hl * 0.5, cy);
  ctx.lineTo(cx - hl, cy + hw);
  ctx.closePath();
  ctx.fill();
  // Gravity: a small chevron on the craft's inner side, pointing at the wall it falls toward.
  const pull = view.gravity === 'right' ? 1 : -1;
  const gy = cy - pull * hw * 1.8;
  const gs = Math.max(5, hw * 0.45);
  ctx.beginPath();
  ctx.moveTo(cx - gs, gy);
  ctx.lineTo(cx + gs, gy);
  ctx.lineTo(cx, gy + pull * gs);
  ctx.closePath();
  ctx.fill();

  ctx.fillStyle = COLORS.text;
  ctx.font = `${Math.round(h * 0.07)}px system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(`${view.distance} m`, w * 0.02, f.top / 2);
  ctx.textAlign = 'right';
  ctx.fillText(`${view.speed.toFixed(1)} m/s`, w * 0.98, f.top / 2);
}

const FLIP_KEYS = new Set([' ', 'Spacebar', 'ArrowUp', 'ArrowDown', 'Enter']);

/** Keys typed into a form field or aimed at a button are not the game's. */
function forPage(e) {
  return e.target instanceof Element && e.target.closest('input, textarea, select, button, [contenteditable]') !== null;
}

function bindInput(target, send) {
  const down = (e) => {
    if (!FLIP_KEYS.has(e.key) || forPage(e)) return;
    e.preventDefault();
    if (!e.repeat) send({ press: 0 });
  };
  const up = (e) => {
    if (!FLIP_KEYS.has(e.key) || forPage(e)) return;
    e.preventDefault();
    send({ release: 0 });
  };
  const pointerDown = (e) => {
    e.preventDefault();
    send({ press: 0 });
  };
  const pointerUp = () => send({ release: 0 });
  const keys = target.ownerDocument ?? target;
  keys.addEventListener('keydown', down);
  keys.addEventListener('keyup', up);
  target.addEventListener('pointerdown', pointerDown);
  target.addEventListener('pointerup', pointerUp);
  return () => {
    keys.removeEventListener('keydown', down);
    keys.removeEventListener('keyup', up);
    target.removeEventListener('pointerdown', pointerDown);
    target.removeEventListener('pointerup', pointerUp);
  };
}

function describeScore(score) {
  return `Distance ${score.value} ${score.unit ?? 'm'}`;
}

export default {
  kind: 'arcade',
  rules: 'Your craft flies through a tunnel, pulled toward one wall. Tap, click or press Space '
    + 'to flip gravity and fall across to the other wall. Blue blocks hang on one wall: be on '
    + 'the far wall when you pass them. Orange pillars stand in the middle: be on either wall. '
    + 'The run speeds up; your score is the distance you fly.',
  aspect: 16 / 9,
  draw,
  bindInput,
  describeScore,
};
