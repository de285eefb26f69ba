// Progress that follows the player: once a player name is known (it is remembered when a score is
// submitted), the board's state is also kept on the dayseed server as a schema-2 save owned by the
// player's token (lib/api.js), and a browser without local progress for a board picks it up from there. Local storage
// stays the source of truth while playing; the server copy is written at most once per DELAY_MS
// and only when the state changed. Without a reachable API (a static host, offline) syncing stops
// quietly for the rest of the session.

import { putSave, getSave, loadToken } from './api.js';

/** How long after a move the server copy is written. */
export const DELAY_MS = 800;

export class ProgressSync {
  /**
   * @param {object} record the board's GeneratedRecord (id, digest, puzzle)
   * @param {() => string} player the current player name ('' when none)
   */
  constructor(record, player) {
    this.record = record;
    this.player = player;
    this.timer = null;
    this.pending = null;
    this.lastSent = null;
    this.disabled = false;
  }

  /** The saved progress for this board on the server, or null (none, another board, no API). */
  async pull() {
    if (!this.player() || !loadToken() || this.disabled) return null;
    const result = await getSave(this.record.id);
    if (result.error) {
      if (result.error.code !== 'not_found') this.disabled = true;
      return null;
    }
    const save = result.ok;
    if (save?.schema !== 2 || save.id !== this.record.id || save.digest !== this.record.digest) return null;
    this.lastSent = JSON.stringify(save.progress);
    return save.progress;
  }

  /** Schedules writing `state` to the server (the latest state wins). */
  push(state) {
    if (this.disabled || !this.player() || !loadToken()) return;
    const text = JSON.stringify(state);
    if (text === this.lastSent) return;
    this.pending = text;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), DELAY_MS);
  }

  /** Writes a scheduled state now. */
  async flush() {
    clearTimeout(this.timer);
    this.timer = null;
    const text = this.pending;
    if (text === null || !this.player() || !loadToken() || this.disabled) return;
    this.pending = null;
    const { id, digest, puzzle } = this.record;
    const result = await putSave({ schema: 2, id, board: puzzle, digest, progress: JSON.parse(text) });
    if (result.error) {
      this.disabled = true;
      return;
    }
    this.lastSent = text;
  }
}
