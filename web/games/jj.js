// JJ view: two cores tied by a rope run, jump, grip and climb through a chain of chambers to the
// exit. An arcade module for web/lib/arcade.js: the runtime runs the genre's step function (wasm
// simStep) and hands us each frame's view; we paint it and turn keys into button presses.
//
// View JSON (genres/jj/src/physics.rs `view`): {"tick","width","height","rows":[H strings],
// "exit_x","cores":[{"name","x","y","anchored"}],"rope","rope_max",
// "doors":[{"x0","x1","open"}] (one per chamber: its switches open its doors),
// "gates":[{"x0","x1","open"}],"held":[8 booleans],"solo"?:{"partner","waited"}}.
// Coordinates are in cells, y down. Buttons are player * 4 + key (left, right, jump, grip).
//
// Players: 2 (both on one keyboard) or SOLO: the level is started with "solo": "A" or "B" and the
// engine moves the other core along the level's plan (genres/jj/src/solo.rs); the partner's keys
// are then ignored here (the engine refuses them). Solo runs are not submitted: the server's
// check replays two-player tapes only.

const KEYS = {
  // player A: WASD (S grips)
  KeyA: 0, KeyD: 1, KeyW: 2, KeyS: 3,
  // player B: arrows (Down grips)
  ArrowLeft: 4, ArrowRight: 5, ArrowUp: 6, ArrowDown: 7,
};

const COLORS = {
  sky: '#141a26',
  rock: '#4b5468',
  rockEdge: '#69738a',
  spike: '#e0566b',
  plate: '#8a8f3a',
  plateLit: '#e8e04a',
  door: '#b07a3c',
  gate: '#7a5cc0',
  exit: '#3fbf7f',
  cores: ['#ff9f43', '#48dbfb'],
  rope: '#d8d8d8',
  ropeTaut: '#ff6b6b',
};

/** Which chamber (index into view.doors) holds column c, or -1. */
/** The player the keyboard plays alone ('A' or 'B'), or null for two players. */
let soloHuman = null;

/** The level a run starts from: two players as generated, or SOLO for A or B. */
function prepare(puzzle, players) {
  soloHuman = players === 'A' || players === 'B' ? players : null;
  return soloHuman === null ? puzzle : { ...puzzle, solo: soloHuman };
}

/** Whether button b may be sent: in SOLO only the human's own four. */
function playable(b) {
  return soloHuman === null || Math.floor(b / 4) === (soloHuman === 'A' ? 0 : 1);
}

function spanOf(spans, c) {
  for (let i = 0; i < spans.length; i += 1) {
    if (c >= spans[i].x0 && c < spans[i].x1) return i;
  }
  return -1;
}

function draw(ctx, view, w, h) {
  const rows = view.rows;
  // What was drawn, for tests and tools: the cores' positions and the SOLO partner.
  ctx.canvas.dataset.cores = view.cores.map((c) => `${c.x.toFixed(3)},${c.y.toFixed(3)}`).join(' ');
  ctx.canvas.dataset.solo = view.solo ? view.solo.partner : '';
  const cell = h / view.height;
  const visible = w / cell;
  const mid = (view.cores[0].x + view.cores[1].x) / 2;
  const camera = Math.max(0, Math.min(view.width - visible, mid - visible / 2));
  const px = (x) => (x - camera) * cell;
  const py = (y) => y * cell;

  ctx.fillStyle = COLORS.sky;
  ctx.fillRect(0, 0, w, h);

  const c0 = Math.max(0, Math.floor(camera));
  const c1 = Math.min(view.width - 1, Math.ceil(camera + visible));
  for (let r = 0; r < view.height; r += 1) {
    const row = rows[r];
    for (let c = c0; c <= c1; c += 1) {
      const ch = row[c];
      const x = px(c);
      const y = py(r);
      if (ch === '#') {
        ctx.fillStyle = COLORS.rock;
        ctx.fillRect(x, y, cell + 0.5, cell + 0.5);
        if (r === 0 || rows[r - 1][c] !== '#') {
          ctx.fillStyle = COLORS.rockEdge;
          ctx.fillRect(x, y, cell + 0.5, cell * 0.12);
        }
      } else if (ch === '^') {
        ctx.fillStyle = COLORS.spike;
        ctx.beginPath();
        ctx.moveTo(x + cell * 0.1, y + cell);
        ctx.lineTo(x + cell * 0.5, y + cell * 0.5);
        ctx.lineTo(x + cell * 0.9, y + cell);
        ctx.closePath();
        ctx.fill();
      } else if (ch === '_') {
        const span = spanOf(view.doors, c);
        ctx.fillStyle = span >= 0 && view.doors[span].open ? COLORS.plateLit : COLORS.plate;
        ctx.fillRect(x + cell * 0.05, y + cell * 0.7, cell * 0.9, cell * 0.3);
      } else if (ch === 'D') {
        const span = spanOf(view.doors, c);
        const open = span >= 0 && view.doors[span].open;
        ctx.fillStyle = COLORS.door;
        if (open) {
          ctx.globalAlpha = 0.25;
          ctx.fillRect(x + cell * 0.1, y, cell * 0.8, cell);
          ctx.globalAlpha = 1;
        } else {
          ctx.fillRect(x + cell * 0.1, y, cell * 0.8, cell + 0.5);
        }
      } else if (ch === 'G') {
        const gate = view.gates.find((g) => c >= g.x0 && c < g.x1);
        ctx.fillStyle = COLORS.gate;
        ctx.globalAlpha = gate && gate.open ? 0.2 : 1;
        ctx.fillRect(x + cell * 0.15, y, cell * 0.7, cell + 0.5);
        ctx.globalAlpha = 1;
      } else if (ch === 'E') {
        ctx.fillStyle = COLORS.exit;
        ctx.fillRect(x + cell * 0.3, y + cell * 0.2, cell * 0.4, cell * 0.8);
      }
    }
  }

  // The exit line.
  ctx.strokeStyle = COLORS.exit;
  ctx.lineWidth = 2;
  ctx.setLineDash([6, 6]);
  ctx.beginPath();
  ctx.moveTo(px(view.exit_x + 0.5), 0);
  ctx.lineTo(px(view.exit_x + 0.5), h);
  ctx.stroke();
  ctx.setLineDash([]);

  // The rope: red when taut.
  const [a, b] = view.cores;
  const dist = Math.hypot(b.x - a.x, b.y - a.y);
  ctx.strokeStyle = dist >= view.rope - 0.05 ? COLORS.ropeTaut : COLORS.rope;
  ctx.lineWidth = Math.max(2, cell * 0.08);
  ctx.beginPath();
  ctx.moveTo(px(a.x), py(a.y));
  if (dist >= view.rope - 0.05) {
    ctx.lineTo(px(b.x), py(b.y));
  } else {
    // Slack rope sags a little below the straight line.
    const sag = Math.min(1.5, (view.rope - dist) * 0.5);
    ctx.quadraticCurveTo(px((a.x + b.x) / 2), py((a.y + b.y) / 2 + sag), px(b.x), py(b.y));
  }
  ctx.stroke();

  // The cores.
  view.cores.forEach((core, i) => {
    const half = cell * 0.4;
    ctx.fillStyle = COLORS.cores[i];
    ctx.fillRect(px(core.x) - half, py(core.y) - half, half * 2, half * 2);
    if (core.anchored) {
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = 3;
      ctx.strokeRect(px(core.x) - half, py(core.y) - half, half * 2, half * 2);
    }
    ctx.fillStyle = '#10131a';
    ctx.font = `bold ${Math.round(cell * 0.5)}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(core.name, px(core.x), py(core.y) + 1);
  });

  ctx.fillStyle = '#e6e6e6';
  ctx.font = `${Math.round(cell * 0.4)}px sans-serif`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  const solo = view.solo ? `  ·  SOLO: ${view.solo.partner} follows the plan` : '';
  ctx.fillText(`${(view.tick / 60).toFixed(2)} s${solo}`, cell * 0.3, cell * 0.3);
}

function bindInput(target, send) {
  const down = new Set();
  const onDown = (e) => {
    const b = KEYS[e.code];
    if (b === undefined) return;
    e.preventDefault();
    if (!playable(b) || down.has(b)) return; // the SOLO partner's key, or key repeat
    down.add(b);
    send({ press: b });
  };
  const onUp = (e) => {
    const b = KEYS[e.code];
    if (b === undefined) return;
    e.preventDefault();
    if (!down.delete(b)) return;
    send({ release: b });
  };
  const onBlur = () => {
    for (const b of down) send({ release: b });
    down.clear();
  };
  target.addEventListener('keydown', onDown);
  target.addEventListener('keyup', onUp);
  window.addEventListener('blur', onBlur);
  return () => {
    onBlur();
    target.removeEventListener('keydown', onDown);
    target.removeEventListener('keyup', onUp);
    window.removeEventListener('blur', onBlur);
  };
}

/** What the page says about a SOLO choice. */
function soloNote(human, partner) {
  return `Solo: you play ${human}, ${partner} follows the level's plan and waits for you. Solo runs `
    + 'are not submitted: the leaderboard replays two-player runs only.';
}

function describeScore(score) {
  return `Time ${(score.value / 60).toFixed(2)} s`;
}

export default {
  kind: 'arcade',
  rules: 'Bring both cores to the exit. Player A: A/D walk, W jumps, S grips; player B: the arrow '
    + 'keys, Down grips. A gripping core holds fast and its partner can hang from the rope; hold '
    + 'jump while your partner grips to climb. Plates open their chamber\'s doors while pressed, '
    + 'timed gates open and close on their own, spikes kill.',
  aspect: 16 / 9,
  choice: {
    label: 'Players',
    options: [
      { value: '2', text: '2' },
      { value: 'A', text: 'Solo A', unranked: soloNote('A', 'B') },
      { value: 'B', text: 'Solo B', unranked: soloNote('B', 'A') },
    ],
  },
  prepare,
  draw,
  bindInput,
  describeScore,
};
