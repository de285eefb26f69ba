// The player's recovery code: the secret token the dayseed server gave this browser's player
// (lib/api.js keeps it in localStorage). Shown here so the player can copy it, and taken here
// from another browser: a code is checked with GET /api/v1/players/me, then becomes this
// browser's player (token and name) and the page reloads under it, so stats, saves and the
// board's clock all belong to the restored player.

import { h } from './dom.js';
import { loadToken, saveToken, request } from './api.js';
import { savePlayer } from './progress.js';

const CODE = /^dst_[0-9a-f]{64}$/;

/** Why a recovery code was refused, in words, from the API's error. */
function refusal(error) {
  if (error.code === 'unauthorized') return 'No player on this server has that recovery code.';
  if (error.code === 'offline') return 'The dayseed server cannot be reached; try again when online.';
  if (/^http_/.test(error.code)) return 'This page is not served by a dayseed server, so it has no players.';
  return `The code could not be checked: ${error.message}`;
}

/** Checks `code` with the server and makes it this browser's player; {ok: name} or {error: text}. */
export async function restorePlayer(code) {
  const text = code.trim();
  if (!CODE.test(text)) {
    return { error: 'A recovery code is dst_ followed by 64 digits and letters a-f.' };
  }
  const me = await request('GET', 'api/v1/players/me', undefined, text);
  if (me.error) return { error: refusal(me.error) };
  saveToken(text);
  savePlayer(me.ok.name);
  return { ok: me.ok.name };
}

/** "Recovery code": this browser's code to copy, and a form to use one from another browser. */
export function accountPanel() {
  const token = loadToken();
  const status = h('p', { class: 'account-status', role: 'status', 'aria-live': 'polite' });
  const shown = token
    ? h('div', { class: 'row' },
      h('input', {
        class: 'recovery-code', type: 'text', readonly: true, value: token,
        'aria-label': 'Your recovery code', spellcheck: 'false',
      }),
      h('button', {
        type: 'button', class: 'btn copy-code',
        onclick: async () => {
          try {
            await navigator.clipboard.writeText(token);
            status.textContent = 'Recovery code copied. Keep it secret: it is your player.';
          } catch {
            status.textContent = 'Select the code and copy it.';
          }
        },
      }, 'Copy'))
    : h('p', {}, 'This browser has no player yet: one is made when a board opens on a dayseed server.');
  const input = h('input', {
    id: 'recovery-input', name: 'code', type: 'text', autocomplete: 'off', spellcheck: 'false',
    placeholder: 'dst_…', required: true,
  });
  const use = h('button', { type: 'submit', class: 'btn' }, 'Use code');
  const form = h('form', {
    class: 'restore',
    onsubmit: async (e) => {
      e.preventDefault();
      use.disabled = true;
      status.textContent = 'Checking the code…';
      const result = await restorePlayer(input.value);
      use.disabled = false;
      if (result.error) {
        status.textContent = result.error;
        return;
      }
      status.textContent = `Welcome back, ${result.ok}.`;
      location.reload();
    },
  },
  h('label', { for: 'recovery-input' }, 'Playing on another device? Enter its recovery code:'),
  h('div', { class: 'row' }, input, use));
  return h('details', { class: 'account', 'data-testid': 'account' },
    h('summary', {}, 'Recovery code'),
    h('p', { class: 'stats-note' },
      'Your recovery code moves your player (name, scores, stats and saves) to another browser.'),
    shown, form, status);
}
