// FOURSTEP page module (arcade): a rhythm runner drawn from the sim's view on a canvas, with the
// beat grid and a metronome click (Web Audio, no audio files). The runtime (lib/arcade.js) steps
// the sim, records the tape and offers Restart and "Watch the solver".
//
// View JSON (genres/fourstep/src/sim.rs): {"tick","beat","bpm","x","hero":{"y","vy","grounded"},
// "hearts","hits","perfect","safe","end_x","ground":[[cell, level], ...],
// "obstacles":[{"kind","x","y","w","h"}, ...]}, lengths in cells (x right from the start, y up
// from level 0; level -1 is a pit). Input: button 0 = jump (Space, Arrow Up, W, or a tap).

const VISIBLE_CELLS = 24;   // cells across the canvas
const HERO_AT = 0.25;       // the hero's place across the canvas
const GROUND_AT = 0.84;     // level 0's top, as a share of the height
const JUMP_KEYS = new Set(['Space', 'ArrowUp', 'KeyW', 'Enter']);
const COLOURS = {
  sky: '#14162b', grid: 'rgba(255,255,255,0.08)', bar: 'rgba(255,255,255,0.22)',
  ground: '#3b7a57', groundTop: '#6cc38b', hero: '#ffd84a', heroSafe: 'rgba(255,216,74,0.45)',
  runner: '#e4572e', mole: '#a5673f', jellyfish: '#c77dff', glider: '#4cc9f0', finish: '#ffffff',
  text: '#f2f2f2',
};

let audio = null;          // created on the first key or tap (browsers require a gesture)
let lastBeat = -1;

function click(downbeat) {
  if (!audio) return;
  const t = audio.currentTime;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.frequency.value = downbeat ? 1560 : 1040;
  gain.gain.setValueAtTime(0.18, t);
  gain.gain.exponentialRampToValueAtTime(0.001, t + 0.05);
  osc.connect(gain).connect(audio.destination);
  osc.start(t);
  osc.stop(t + 0.06);
}

function ensureAudio() {
  if (audio) return;
  const Ctx = globalThis.AudioContext ?? globalThis.webkitAudioContext;
  if (Ctx) {
    try { audio = new Ctx(); } catch { audio = null; }
  }
}

function draw(ctx, view, w, h) {
  if (!view) return;
  const s = w / VISIBLE_CELLS;
  const left = view.x - VISIBLE_CELLS * HERO_AT;
  const sx = (x) => (x - left) * s;
  const base = h * GROUND_AT;
  const sy = (y) => base - y * s;

  if (view.beat !== lastBeat) {
    if (view.beat > lastBeat) click(view.beat % 4 === 0);
    lastBeat = view.beat;
  }

  ctx.fillStyle = COLOURS.sky;
  ctx.fillRect(0, 0, w, h);

  // Beat grid: a line every beat (4 cells), stronger every bar (16 cells).
  for (let c = Math.floor(left / 4) * 4; c <= left + VISIBLE_CELLS; c += 4) {
    ctx.strokeStyle = c % 16 === 0 ? COLOURS.bar : COLOURS.grid;
    ctx.lineWidth = c % 16 === 0 ? 2 : 1;
    ctx.beginPath();
    ctx.moveTo(sx(c), 0);
    ctx.lineTo(sx(c), h);
    ctx.stroke();
  }

  for (const [cell, level] of view.ground) {
    if (level < 0) continue;
    ctx.fillStyle = COLOURS.ground;
    ctx.fillRect(sx(cell), sy(level), s + 1, h - sy(level));
    ctx.fillStyle = COLOURS.groundTop;
    ctx.fillRect(sx(cell), sy(level), s + 1, Math.max(2, s * 0.12));
  }

  if (view.end_x - left <= VISIBLE_CELLS) {
    ctx.fillStyle = COLOURS.finish;
    for (let i = 0; i < 12; i += 1) {
      if (i % 2 === 0) ctx.fillRect(sx(view.end_x) - 3, (h * i) / 12, 6, h / 12);
    }
  }

  for (const o of view.obstacles) {
    ctx.fillStyle = COLOURS[o.kind] ?? '#ccc';
    const x = sx(o.x);
    const y = sy(o.y + o.h);
    const bw = o.w * s;
    const bh = o.h * s;
    if (o.kind === 'jellyfish') {
      ctx.beginPath();
      ctx.ellipse(x + bw / 2, y + bh / 2, bw / 2, bh / 2, 0, 0, Math.PI * 2);
      ctx.fill();
    } else if (o.kind === 'glider') {
      ctx.beginPath();
      ctx.moveTo(x, y + bh / 2);
      ctx.lineTo(x + bw, y);
      ctx.lineTo(x + bw, y + bh);
      ctx.closePath();
      ctx.fill();
    } else {
      ctx.fillRect(x, y, bw, bh);
    }
  }

  // The hero: 0.6 x 1 cell, centred on x.
  const hx = sx(view.x - 0.3);
  const hy = sy(view.hero.y + 1);
  ctx.fillStyle = view.safe > 0 && view.tick % 6 < 3 ? COLOURS.heroSafe : COLOURS.hero;
  ctx.fillRect(hx, hy, 0.6 * s, s);

  ctx.fillStyle = COLOURS.text;
  ctx.font = `${Math.round(s * 0.6)}px system-ui, sans-serif`;
  ctx.textBaseline = 'top';
  const hearts = '♥'.repeat(view.hearts) + '♡'.repeat(Math.max(0, 3 - view.hearts));
  ctx.fillText(`${hearts}   bar ${Math.floor(view.beat / 4) + 1}   perfect ${view.perfect}   ${view.bpm} BPM`, s * 0.4, s * 0.4);
}

function bindInput(target, send) {
  let held = false;
  const press = () => {
    ensureAudio();
    if (audio?.state === 'suspended') audio.resume();
    if (!held) { held = true; send({ press: 0 }); }
  };
  const release = () => {
    if (held) { held = false; send({ release: 0 }); }
  };
  const keydown = (e) => {
    if (!JUMP_KEYS.has(e.code)) return;
    e.preventDefault();
    if (!e.repeat) press();
  };
  const keyup = (e) => {
    if (JUMP_KEYS.has(e.code)) { e.preventDefault(); release(); }
  };
  const down = (e) => { e.preventDefault(); press(); };
  const up = () => release();
  const keys = target.ownerDocument?.defaultView ?? globalThis;
  keys.addEventListener('keydown', keydown);
  keys.addEventListener('keyup', keyup);
  target.addEventListener('pointerdown', down);
  target.addEventListener('pointerup', up);
  target.addEventListener('pointercancel', up);
  return () => {
    keys.removeEventListener('keydown', keydown);
    keys.removeEventListener('keyup', keyup);
    target.removeEventListener('pointerdown', down);
    target.removeEventListener('pointerup', up);
    target.removeEventListener('pointercancel', up);
    lastBeat = -1;
  };
}

function describeScore(score) {
  const value = typeof score === 'number' ? score : score?.value;
  return `${value ?? 0} points`;
}

export default {
  kind: 'arcade',
  rules: 'The runner runs by itself, four cells to the beat. Press Space, Arrow Up or tap to jump '
    + 'over pits, steps, runners, moles and low gliders; time your jumps around jellyfish and high '
    + 'gliders.'
    + 'Three hits and the run is over. Jumps on the eighth-note grid score as perfect.',
  aspect: 16 / 9,
  draw,
  bindInput,
  describeScore,
};
