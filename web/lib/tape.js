// The arcade kit's input tape in JavaScript: the events the page records while a run is played,
// and the URL-safe text form (crates/core/src/arcade/tape.rs) the server replays. An event is
// {tick, action} with action {press: b} | {release: b} | {aim: {x, y, power}}, ticks non-decreasing.
//
// Text form: `1`, then per event `.` + tick delta in base 36 + `P<b>` | `R<b>` | `A<x>,<y>,<p>`
// (x and y signed base 36). Example: `1.0P0.iR0` (press button 0 at tick 0, release at 18).

const signed36 = (n) => (n < 0 ? `-${(-n).toString(36)}` : n.toString(36));

/** The text form of a list of events. */
export function tapeToText(events) {
  let out = '1';
  let last = 0;
  for (const { tick, action } of events) {
    out += `.${(tick - last).toString(36)}`;
    last = tick;
    if ('press' in action) out += `P${action.press.toString(36)}`;
    else if ('release' in action) out += `R${action.release.toString(36)}`;
    else out += `A${signed36(action.aim.x)},${signed36(action.aim.y)},${action.aim.power.toString(36)}`;
  }
  return out;
}

function number36(text, signed, where) {
  const m = (signed ? /^-?[0-9a-z]+$/ : /^[0-9a-z]+$/).exec(text);
  if (!m) throw new Error(`tape ${where}: '${text}' is not a base-36 number`);
  return parseInt(text, 36);
}

/** Events from the text form, or from the JSON form {events: [...]}; throws naming the event. */
export function tapeEvents(tape) {
  if (tape && typeof tape === 'object' && Array.isArray(tape.events)) return tape.events;
  if (typeof tape !== 'string') throw new Error('a tape is its text form or {events: [...]}');
  const [version, ...items] = tape.trim().split('.');
  if (version !== '1') throw new Error(`tape text must start with its form version '1', found '${version}'`);
  let tick = 0;
  return items.map((item, i) => {
    const at = item.search(/[PRA]/);
    if (at < 0) throw new Error(`tape event ${i} ('${item}') has no P, R or A`);
    tick += number36(item.slice(0, at), false, `event ${i}`);
    const rest = item.slice(at + 1);
    const code = item[at];
    if (code === 'P') return { tick, action: { press: number36(rest, false, `event ${i}`) } };
    if (code === 'R') return { tick, action: { release: number36(rest, false, `event ${i}`) } };
    const parts = rest.split(',');
    if (parts.length !== 3) throw new Error(`tape event ${i} ('${item}') is not an aim A<x>,<y>,<power>`);
    return {
      tick,
      action: {
        aim: {
          x: number36(parts[0], true, `event ${i}`),
          y: number36(parts[1], true, `event ${i}`),
          power: number36(parts[2], false, `event ${i}`),
        },
      },
    };
  });
}
