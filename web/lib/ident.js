// What a puzzle id means to a person: the genre's display name, and the board's own date (a daily)
// or seed, read from the id itself so a shared link shows its board's date, not today's.

/** Genre titles by name, as the engine's registry declares them (`lightsout` -> `Lights Out`). */
const TITLES = new Map();

/** Records the titles of the engine's genre list (`engine.genres()`); the page calls it once. */
export function setGenreTitles(genres) {
  for (const g of genres) if (typeof g.title === 'string') TITLES.set(g.name, g.title);
}

/** The display name of a genre: its declared title, or the name itself before the list is known. */
export function genreLabel(name) {
  return TITLES.get(name) ?? name;
}

const DAILY = /^([a-z0-9_]+):DAILY-([a-z0-9-]+?-v\d+)-(-?\d+)-(.*)-g(\d+)$/;
const SEED = /^([a-z0-9_]+):SEED-([^-]+)-(.*)-g(\d+)$/;

/**
 * {kind: 'daily', day, policy, params, text: '2026-12-01'} or {kind: 'seed', seed, params,
 * text: 'seed 42'}; {kind: 'other', text: id} for anything else.
 */
export function describeId(engine, id) {
  const daily = DAILY.exec(id);
  if (daily) {
    const day = Number(daily[3]);
    let date = `day ${day}`;
    try {
      date = engine.formatDate(day);
    } catch {
      // an out-of-range day keeps its number
    }
    return { kind: 'daily', id, day, policy: daily[2], params: daily[4], version: `g${daily[5]}`, text: date };
  }
  const seeded = SEED.exec(id);
  if (seeded) {
    return { kind: 'seed', id, seed: seeded[2], params: seeded[3], version: `g${seeded[4]}`, text: `seed ${seeded[2]}` };
  }
  return { kind: 'other', id, text: id };
}
