// Slingstar page module (arcade): gravity golf on a 9-hole course, played through the wasm
// simulation that `web/lib/arcade.js` runs at the fixed step.
//
// View (genres/slingstar/src/sim.rs, units, y downwards): {"tick","field":[16,9],"hole","holes",
// "number","par","tee":[x,y],"cup":[x,y],"capture","planets":[[x,y,r]],"ball":[x,y],"flying",
// "strokes","total","card":[..],"pars":[..],"last","over"}.
// Input: one action, {aim: {x, y, power}} with integer components (the sim normalises (x, y))
// and power in tenths of a unit per second (10..150). Drag from anywhere: the shot goes from the
// ball towards the pointer, the drag length sets the power; or keys: Left/Right turn the aim by one
// of 384 directions (Shift: 4), Up/Down change power (Shift: 5), Space or Enter shoots. On a
// phone: tap where to aim, then a power button (the generator's four powers) shoots.

const MIN_POWER = 10;
const MAX_POWER = 150;
/** Drag length (units) that gives the largest power. */
const FULL_DRAG = 6;
/** The power buttons (label, power in tenths): the four powers the generator verifies holes with. */
const TAP_POWERS = [['Soft', 55], ['Medium', 70], ['Hard', 85], ['Full', 100]];
/** How far (units, |dx|+|dy|) a touch may move and still be a tap that only aims. */
const TAP_SLOP = 0.3;
/** Directions of the keyboard aim: the square-perimeter table the solver uses (half-side 96). */
const KEY_DIRS = 384;

/** Integer components of keyboard direction `k` (0..383) on the square of half-side 96. */
function keyDirection(k) {
  const i = ((k % KEY_DIRS) + KEY_DIRS) % KEY_DIRS;
  const side = Math.floor(i / 96);
  const j = i % 96;
  if (side === 0) return [-96 + 2 * j, -96];
  if (side === 1) return [96, -96 + 2 * j];
  if (side === 2) return [96 - 2 * j, 96];
  return [-96, 96 - 2 * j];
}

/** The keyboard direction closest to (dx, dy). */
function nearestKeyDirection(dx, dy) {
  let best = 0;
  let bestDot = -Infinity;
  const len = Math.sqrt(dx * dx + dy * dy) || 1;
  for (let k = 0; k < KEY_DIRS; k += 1) {
    const [x, y] = keyDirection(k);
    const dot = (x * dx + y * dy) / (Math.sqrt(x * x + y * y) * len);
    if (dot > bestDot) { bestDot = dot; best = k; }
  }
  return best;
}

// The one aim preview (the page shows one game at a time), the last frame's arguments (to redraw
// the preview when the aim changes while the runtime's loop is idle) and the flight's trail.
const aim = { x: 0, y: 0, power: 70, key: null, set: false, hole: 0 };
let lastView = null;
let lastFrame = null;
let trail = [];

function clampPower(p) {
  return Math.max(MIN_POWER, Math.min(MAX_POWER, Math.round(p)));
}

/** Points the aim at the black hole when a new hole starts (nothing chosen yet). */
function resetAimFor(view) {
  if (!view || (aim.set && aim.hole === view.hole)) return;
  aim.key = nearestKeyDirection(view.cup[0] - view.tee[0], view.cup[1] - view.tee[1]);
  [aim.x, aim.y] = keyDirection(aim.key);
  aim.hole = view.hole;
  aim.set = true;
}

function drawBackground(ctx, w, h) {
  ctx.fillStyle = '#070b1e';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = 'rgba(255,255,255,0.5)';
  for (let i = 0; i < 60; i += 1) {
    // Fixed pseudo-random star dust (a tiny LCG, only decoration).
    const sx = ((i * 9301 + 49297) % 233280) / 233280;
    const sy = ((i * 4621 + 12345) % 233280) / 233280;
    ctx.fillRect(sx * w, sy * h, 1.5, 1.5);
  }
}

const slingstar = {
  kind: 'arcade',
  rules: 'Sink the ball in the black hole. Drag from the ball towards where you want it to go: '
    + 'the longer the drag, the harder the shot (or aim with ←/→, set power with ↑/↓, shoot with Space; '
    + 'on a phone, tap where to aim and press a power button). '
    + 'Planets bend the ball’s path and destroy it on contact; a missed shot starts again from the tee. '
    + 'Nine holes; par is what the solver expects, fewer shots is better.',
  aspect: 16 / 9,

  draw(ctx, view, w, h, between = {}) {
    lastView = view;
    lastFrame = { ctx, view, w, h };
    resetAimFor(view);
    const [fw, fh] = view.field;
    const s = Math.min(w / fw, h / fh);
    const px = (x) => x * s;
    drawBackground(ctx, w, h);

    for (const [x, y, r] of view.planets) {
      const g = ctx.createRadialGradient(px(x - r / 3), px(y - r / 3), px(r) / 8, px(x), px(y), px(r));
      g.addColorStop(0, '#9fb4ff');
      g.addColorStop(1, '#3b4c9e');
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.arc(px(x), px(y), px(r), 0, Math.PI * 2);
      ctx.fill();
    }
    // The black hole: capture radius ring.
    ctx.fillStyle = '#000';
    ctx.strokeStyle = '#b46cff';
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.arc(px(view.cup[0]), px(view.cup[1]), px(view.capture), 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    // Tee.
    ctx.strokeStyle = '#8f8';
    ctx.lineWidth = 2;
    ctx.strokeRect(px(view.tee[0]) - 6, px(view.tee[1]) - 6, 12, 12);

    // Trail of the current flight.
    if (view.flying) {
      trail.push(view.ball);
      if (trail.length > 2000) trail.shift();
    } else {
      trail = [];
    }
    if (trail.length > 1) {
      ctx.strokeStyle = 'rgba(255,220,80,0.7)';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(px(trail[0][0]), px(trail[0][1]));
      for (const [x, y] of trail) ctx.lineTo(px(x), px(y));
      ctx.stroke();
    }
    // Ball, drawn between the last two ticks while it flies (the fixed step is coarser than the
    // screen's frames); the simulation's own position is the tick's.
    const before = view.flying && between.previous?.flying ? between.previous.ball : null;
    const t = before ? between.alpha ?? 0 : 0;
    const bx = before ? before[0] + (view.ball[0] - before[0]) * t : view.ball[0];
    const by = before ? before[1] + (view.ball[1] - before[1]) * t : view.ball[1];
    ctx.fillStyle = '#fff';
    ctx.beginPath();
    ctx.arc(px(bx), px(by), 5, 0, Math.PI * 2);
    ctx.fill();

    // Aim preview while the ball rests on the tee.
    if (!view.flying && !view.over) {
      const len = Math.sqrt(aim.x * aim.x + aim.y * aim.y) || 1;
      const reach = (aim.power / MAX_POWER) * FULL_DRAG;
      const ex = view.ball[0] + (aim.x / len) * reach;
      const ey = view.ball[1] + (aim.y / len) * reach;
      ctx.strokeStyle = '#ffd84a';
      ctx.setLineDash([6, 6]);
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(px(view.ball[0]), px(view.ball[1]));
      ctx.lineTo(px(ex), px(ey));
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = '#ffd84a';
      ctx.font = `${Math.max(12, Math.round(h / 36))}px sans-serif`;
      ctx.fillText(`power ${(aim.power / 10).toFixed(1)}`, px(ex) + 6, px(ey) - 6);
    }

    // HUD: hole, par, strokes, last result; scorecard along the bottom.
    const font = Math.max(13, Math.round(h / 30));
    ctx.font = `${font}px sans-serif`;
    ctx.fillStyle = '#e8ecff';
    const par = view.par == null ? '' : ` · Par ${view.par}`;
    ctx.fillText(`Hole ${view.hole}/${view.holes}${par} · Stroke ${view.strokes} · Total ${view.total}`, 10, font + 6);
    if (view.last && !view.flying) {
      ctx.fillStyle = view.last === 'in the hole' ? '#8f8' : '#fa8';
      ctx.fillText(`Last shot: ${view.last}`, 10, 2 * font + 12);
    }
    ctx.fillStyle = 'rgba(232,236,255,0.8)';
    ctx.font = `${Math.round(font * 0.8)}px sans-serif`;
    const card = view.card.map((n, i) => {
      const p = view.pars[i] == null ? '' : `/${view.pars[i]}`;
      return `${i + 1}:${i < view.hole - 1 || view.over ? n : '–'}${p}`;
    }).join('  ');
    ctx.fillText(card, 10, h - 10);
  },

  bindInput(target, send) {
    /** Field coordinates of a pointer event (the canvas shows the whole field). */
    const toField = (e) => {
      const rect = target.getBoundingClientRect();
      const [fw, fh] = lastView ? lastView.field : [16, 9];
      const s = Math.min(rect.width / fw, rect.height / fh);
      return [(e.clientX - rect.left) / s, (e.clientY - rect.top) / s];
    };
    const ready = () => lastView && !lastView.flying && !lastView.over;
    /** Repaints the last frame with the new aim (the runtime paints only while its loop runs). */
    const redraw = () => {
      if (lastFrame) slingstar.draw(lastFrame.ctx, lastFrame.view, lastFrame.w, lastFrame.h);
    };
    let dragging = false;

    const aimAt = (e) => {
      const [fx, fy] = toField(e);
      const dx = fx - lastView.ball[0];
      const dy = fy - lastView.ball[1];
      const len = Math.sqrt(dx * dx + dy * dy);
      if (len < 0.05) return false;
      aim.x = Math.round(dx * 1000);
      aim.y = Math.round(dy * 1000);
      aim.key = null;
      aim.power = clampPower((len / FULL_DRAG) * MAX_POWER);
      redraw();
      return true;
    };
    const shoot = () => {
      if (!ready() || (aim.x === 0 && aim.y === 0)) return;
      send({ aim: { x: aim.x, y: aim.y, power: aim.power } });
    };

    const down = (e) => {
      if (!ready()) return;
      dragging = true;
      downAt = toField(e);
      savedPower = aim.power;
      target.setPointerCapture?.(e.pointerId);
      aimAt(e);
      e.preventDefault();
    };
    const move = (e) => {
      if (dragging && ready()) aimAt(e);
    };
    // On a touch screen a tap (no drag) only aims; the power buttons below the field shoot.
    let downAt = null;
    const up = (e) => {
      if (!dragging) return;
      dragging = false;
      const [fx, fy] = toField(e);
      const tapped = e.pointerType === 'touch' && downAt
        && Math.abs(fx - downAt[0]) + Math.abs(fy - downAt[1]) < TAP_SLOP;
      if (!ready() || !aimAt(e)) return;
      if (tapped) {
        aim.power = savedPower;
        redraw();
      } else {
        shoot();
      }
    };
    let savedPower = aim.power;
    const powerBar = target.ownerDocument?.createElement('div');
    if (powerBar) {
      powerBar.className = 'sling-powers';
      powerBar.setAttribute('role', 'group');
      powerBar.setAttribute('aria-label', 'Shoot at a power');
      for (const [label, power] of TAP_POWERS) {
        const b = target.ownerDocument.createElement('button');
        b.type = 'button';
        b.textContent = label;
        b.dataset.power = String(power);
        b.addEventListener('click', () => {
          if (!ready()) return;
          aim.power = power;
          savedPower = power;
          redraw();
          shoot();
        });
        powerBar.append(b);
      }
      target.after(powerBar);
    }
    const key = (e) => {
      if (!ready() || e.target?.closest?.('input, textarea, select')) return;
      const step = e.shiftKey ? 4 : 1;
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        if (aim.key == null) aim.key = nearestKeyDirection(aim.x, aim.y);
        aim.key += e.key === 'ArrowLeft' ? -step : step;
        [aim.x, aim.y] = keyDirection(aim.key);
      } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
        aim.power = clampPower(aim.power + (e.key === 'ArrowUp' ? 1 : -1) * (e.shiftKey ? 5 : 1));
      } else if (e.key === ' ' || e.key === 'Enter') {
        shoot();
      } else {
        return;
      }
      e.preventDefault();
      redraw();
    };

    target.addEventListener('pointerdown', down);
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
    // Keys on the window (the canvas need not have focus), never while typing in a field.
    const keys = target.ownerDocument?.defaultView ?? globalThis;
    keys.addEventListener('keydown', key);
    return () => {
      target.removeEventListener('pointerdown', down);
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      keys.removeEventListener('keydown', key);
      powerBar?.remove();
      aim.set = false;
      lastView = null;
      lastFrame = null;
      trail = [];
    };
  },

  describeScore(score) {
    const n = score?.value ?? 0;
    const shots = `${n} shot${n === 1 ? '' : 's'}`;
    // Against the course's par when the page has drawn this course (fewer shots rank first).
    const pars = lastView?.pars;
    if (!pars || pars.length === 0 || pars.some((p) => p == null)) return shots;
    const diff = n - pars.reduce((a, b) => a + b, 0);
    return `${shots} (${diff === 0 ? 'par' : diff > 0 ? `+${diff}` : String(diff)})`;
  },
};

export default slingstar;
