// Sharing a result without spoilers: genre, date (or seed), time and hints, plus a link to the
// board; never the board's contents.

/** The text to share. */
export function shareText({ genre, when, solved, elapsed, hints, link }) {
  if (!solved) return `dayseed ${genre} · ${when}: can you solve it?\n${link}`;
  const bulbs = hints === 0 ? 'no hints' : `${hints} hint${hints === 1 ? '' : 's'}`;
  const stars = hints === 0 ? '🟩🟩🟩' : hints <= 2 ? '🟩🟩⬜' : '🟩⬜⬜';
  return `dayseed ${genre} · ${when}\n${stars} solved in ⏱ ${elapsed} · 💡 ${bulbs}\n${link}`;
}

/** Copies `text` to the clipboard; false when the browser does not allow it. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
