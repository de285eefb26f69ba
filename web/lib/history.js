// Undo/redo over whole game states (states are small JSON values; snapshots keep it simple and
// correct for every genre).

const LIMIT = 2000;

export class History {
  constructor(past = [], future = []) {
    this.past = past.slice(-LIMIT);
    this.future = future.slice(-LIMIT);
  }

  /** Records `previous` as undoable, dropping the redo branch. */
  push(previous) {
    this.past.push(previous);
    if (this.past.length > LIMIT) this.past.shift();
    this.future = [];
  }

  /** The state to go back to from `current`, or null. */
  undo(current) {
    if (this.past.length === 0) return null;
    this.future.push(current);
    return this.past.pop();
  }

  /** The state to go forward to from `current`, or null. */
  redo(current) {
    if (this.future.length === 0) return null;
    this.past.push(current);
    return this.future.pop();
  }

  get canUndo() { return this.past.length > 0; }
  get canRedo() { return this.future.length > 0; }
}
