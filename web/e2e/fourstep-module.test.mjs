// The FOURSTEP page module against the arcade page-module API, without a browser: its shape,
// that jump keys and taps send press/release of button 0 (once per hold), that unbinding stops
// them, and that draw paints a view (ground, obstacles, hero, beat grid) without throwing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fourstep from '../games/fourstep.js';

function key(type, code, repeat = false) {
  const e = new Event(type);
  Object.assign(e, { code, repeat });
  return e;
}

test('the module has the arcade shape', () => {
  assert.equal(fourstep.kind, 'arcade');
  assert.ok(fourstep.rules.length > 40);
  assert.ok(fourstep.aspect > 1);
  assert.equal(fourstep.describeScore({ value: 812, unit: 'points', higher_is_better: true }), '812 points');
});

test('Space and taps jump; holding sends one press; unbind stops input', () => {
  const window = new EventTarget();
  const target = new EventTarget();
  target.ownerDocument = { defaultView: window };
  const sent = [];
  const unbind = fourstep.bindInput(target, (a) => sent.push(a));
  window.dispatchEvent(key('keydown', 'Space'));
  window.dispatchEvent(key('keydown', 'Space', true));
  window.dispatchEvent(key('keyup', 'Space'));
  window.dispatchEvent(key('keydown', 'KeyX'));
  target.dispatchEvent(new Event('pointerdown'));
  target.dispatchEvent(new Event('pointerup'));
  assert.deepEqual(sent, [{ press: 0 }, { release: 0 }, { press: 0 }, { release: 0 }]);
  unbind();
  window.dispatchEvent(key('keydown', 'ArrowUp'));
  assert.equal(sent.length, 4);
});

test('draw paints a view', () => {
  const calls = [];
  const ctx = new Proxy({}, {
    get(obj, name) {
      if (name in obj) return obj[name];
      return (...args) => calls.push([name, ...args]);
    },
    set(obj, name, value) { obj[name] = value; return true; },
  });
  const view = {
    tick: 30, beat: 1, bpm: 128, x: 5, hero: { y: 0.5, vy: 10, grounded: false },
    hearts: 2, hits: 1, perfect: 0, safe: 0, end_x: 64,
    ground: Array.from({ length: 32 }, (_, i) => [i + 1, i === 10 ? -1 : 0]),
    obstacles: [
      { kind: 'runner', x: 9, y: 0, w: 0.8, h: 0.8 },
      { kind: 'jellyfish', x: 12, y: 1.2, w: 0.8, h: 0.6 },
      { kind: 'glider', x: 14, y: 1.4, w: 1, h: 0.4 },
    ],
  };
  fourstep.draw(ctx, view, 960, 540);
  const names = calls.map((c) => c[0]);
  assert.ok(names.filter((n) => n === 'fillRect').length > 31, 'ground, runner and hero are filled');
  assert.ok(names.includes('ellipse') && names.includes('stroke') && names.includes('fillText'));
});
