// Progress that follows the player: once a player name is known (it is remembered when a score is
// submitted), the board's state is also kept on the dayseed server as a schema-2 save owned by the
// player's token (lib/api.js), and a browser without local progress for a board picks it up from there. Local storage
// stays the source of truth while playing; the server copy is written at most once per DELAY_MS
// and only when the state changed. Without a reachable API (a static host, offline) syncing stops
// quietly for the rest of the session.
//
// Saves are versioned on the server: every write sends the `version` it is based on (the one the
// last read or write answered; 0 when the server has none yet), so a write from a stale copy is
// refused with 409 `save_conflict` instead of silently replacing what another tab or device
// wrote. On a conflict the copy is read again and the newer progress is kept: the state this tab
// is writing comes from a move made in the last DELAY_MS, after everything the tab had synced, so
// it is written again on top of the server's version (unless the server already holds the same
// state). A few conflicts in a row (another writer just as busy) stop syncing like an error does.

import { putSave, getSave, loadToken } from './api.js';

/** How long after a move the server copy is written. */
export const DELAY_MS = 800;

/** How many times one write is retried after conflicts. */
export const MAX_CONFLICT_RETRIES = 3;

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
    /** The server copy's version this tab last saw (0: none on the server; null: not read). */
    this.version = null;
  }

  /** The saved progress for this board on the server, or null (none, another board, no API). */
  async pull() {
    if (!this.player() || !loadToken() || this.disabled) return null;
    const result = await getSave(this.record.id);
    if (result.error) {
      if (result.error.code === 'not_found') this.version = 0;
      else this.disabled = true;
      return null;
    }
    const save = result.ok;
    if (Number.isInteger(save?.version)) this.version = save.version;
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

  /** Writes a scheduled state now, based on the version last seen. */
  async flush() {
    clearTimeout(this.timer);
    this.timer = null;
    const text = this.pending;
    if (text === null || !this.player() || !loadToken() || this.disabled) return;
    this.pending = null;
    const { id, digest, puzzle } = this.record;
    for (let attempt = 0; attempt <= MAX_CONFLICT_RETRIES; attempt += 1) {
      const save = { schema: 2, id, board: puzzle, digest, progress: JSON.parse(text) };
      // Not read yet (no pull): write without a version, as clients before versions did.
      if (this.version !== null) save.version = this.version;
      const result = await putSave(save);
      if (!result.error) {
        if (Number.isInteger(result.ok?.version)) this.version = result.ok.version;
        this.lastSent = text;
        return;
      }
      if (result.error.code !== 'save_conflict') break;
      // Someone else wrote since this tab's copy: read it again and keep the newer progress.
      if (!(await this.refetchAfterConflict(result.error.current_version, text))) return;
    }
    this.disabled = true;
  }

  /**
   * Reads the server copy after a 409; true when `text` should be written again on top of the
   * version now known, false when the server already holds it (nothing left to write).
   */
  async refetchAfterConflict(currentVersion, text) {
    const fresh = await getSave(this.record.id);
    if (fresh.error) {
      this.version = fresh.error.code === 'not_found' ? 0 : currentVersion ?? null;
      return true;
    }
    const save = fresh.ok;
    this.version = Number.isInteger(save?.version) ? save.version : currentVersion ?? null;
    if (JSON.stringify(save?.progress) === text) {
      this.lastSent = text;
      return false;
    }
    return true;
  }
}
