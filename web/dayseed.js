// JavaScript glue for the dayseed WebAssembly module (crates/wasm), hand-written, no wasm-bindgen.
//
// Protocol (crates/wasm/src/abi.rs): JS copies a UTF-8 JSON request into memory from `alloc`,
// calls an export with (ptr, len), and gets back a pointer to [len: u32 LE][UTF-8 JSON response];
// both buffers are then freed with `dealloc`. Responses are {"ok": value} or
// {"error": {"code", "message"}}. Works in browsers and in Node (pass the bytes to `load`).

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** An error answered by the engine, with its stable `code` (e.g. `malformed_id`). */
export class DayseedError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'DayseedError';
    this.code = code;
  }
}

/** A loaded engine. Create with `load()`. */
export class Dayseed {
  constructor(module, instance) {
    this.module = module;
    this.instance = instance;
  }

  /**
   * Calls export `name` with the request text; returns the raw response text. A trap (a Rust
   * panic aborts) leaves the instance unusable, so it is replaced and an `internal` error returned.
   */
  callRaw(name, requestText) {
    const ex = this.instance.exports;
    const fn = ex[name];
    if (typeof fn !== 'function') {
      return JSON.stringify({ error: { code: 'bad_request', message: `no engine operation '${name}'` } });
    }
    const bytes = encoder.encode(requestText);
    const inPtr = ex.alloc(bytes.length);
    if (inPtr === 0) {
      return JSON.stringify({ error: { code: 'internal', message: 'out of memory for the request' } });
    }
    try {
      new Uint8Array(ex.memory.buffer, inPtr, bytes.length).set(bytes);
      const outPtr = fn(inPtr, bytes.length);
      ex.dealloc(inPtr, bytes.length);
      if (outPtr === 0) {
        return JSON.stringify({ error: { code: 'internal', message: 'out of memory for the response' } });
      }
      // Views must be taken after the call: memory may have grown and detached old buffers.
      const len = new DataView(ex.memory.buffer).getUint32(outPtr, true);
      const text = decoder.decode(new Uint8Array(ex.memory.buffer, outPtr + 4, len));
      ex.dealloc(outPtr, 4 + len);
      return text;
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError) {
        this.instance = new WebAssembly.Instance(this.module, {});
        return JSON.stringify({ error: { code: 'internal', message: `engine failure in ${name}: ${e.message}` } });
      }
      throw e;
    }
  }

  /** Calls export `name` with a request object; returns the ok value or throws DayseedError. */
  call(name, request) {
    const response = JSON.parse(this.callRaw(name, JSON.stringify(request)));
    if (response.error) throw new DayseedError(response.error.code, response.error.message);
    return response.ok;
  }

  /** Every registered genre: [{name, current_version, versions, capabilities, daily_params}]. */
  genres() { return this.call('genres', {}); }
  /** The GeneratedRecord an id names: {id, genre, version, seed, digest, attempts, fallback?, puzzle}. */
  generate(id) { return this.call('generate', { id }); }
  /** The daily id of a genre at its current version; `difficulty` may be null for the default. */
  dailyId(genre, policy, epochDay, difficulty = null) {
    return this.call('daily_id', { genre, policy, epoch_day: epochDay, difficulty });
  }
  /** The epoch day of an instant under a day policy (`device-local-v1` needs an IANA `tz`). */
  epochDay(policy, utcMillis, tz = null) {
    return this.call('epoch_day', { policy, utc_millis: Math.trunc(utcMillis), tz });
  }
  /** The calendar date `YYYY-MM-DD` of an epoch day. */
  formatDate(epochDay) { return this.call('format_date', { epoch_day: epochDay }); }
  /** The rule-based verdict {solved, complete, problems} on a player's state. */
  check(genre, puzzle, state) { return this.call('check', { genre, puzzle, state }); }
  /** The next step {kind, technique, message, detail} for a player's state. */
  hint(genre, puzzle, state) { return this.call('hint', { genre, puzzle, state }); }
  /** The canonical text form of a puzzle. */
  encode(genre, puzzle) { return this.call('encode', { genre, puzzle }); }
  /** Puzzle JSON from the canonical text form. */
  decode(genre, text) { return this.call('decode', { genre, text }); }
  /** State JSON from the genre's state text. */
  decodeState(genre, puzzle, text) { return this.call('decode_state', { genre, puzzle, text }); }
  /** The puzzle without its answer. */
  withoutSolution(genre, puzzle) { return this.call('without_solution', { genre, puzzle }); }
  /** The board digest (64 hex digits). */
  digest(genre, puzzle) { return this.call('digest', { genre, puzzle }); }
  /**
   * The genre's solve report. Arcade genres: {status, tape (text form), ticks, score, par}, the
   * solver's winning tape. `budget` is a node count (default 10,000,000).
   */
  solve(genre, puzzle, { budget = null, grade = true } = {}) {
    return this.call('solve', { genre, puzzle, budget, grade });
  }
  /**
   * Replays a tape (text form or {events}) on a fresh simulation of the board:
   * {ending, ticks, tick_hash, final_hash} (hashes as 16 hex digits).
   */
  replay(genre, puzzle, tape, maxTicks = null) {
    return this.call('replay', { genre, puzzle, tape, max_ticks: maxTicks });
  }

  // ---- live arcade simulations (crates/wasm/src/sims.rs) ----------------------------------
  // A handle names one live run; at most 8 live at once, so free every handle you start.

  /** Starts a live simulation of an arcade board; returns its handle (a number). */
  simStart(genre, puzzle) { return this.call('sim_start', { genre, puzzle }); }
  /**
   * Applies an input at the current tick: {press: b} | {release: b} | {aim: {x, y, power}}
   * (the tape's action JSON). Returns the tick it applied at, for the tape.
   */
  simInput(handle, action) { return this.call('sim_input', { handle, action }).tick; }
  /**
   * Advances up to `n` fixed ticks (0..=10,000; stops at the ending; 0 only reads):
   * {tick, ticks_per_second, view, ending: null | {won, tick, score, reason}, awaiting}.
   */
  simStep(handle, n) { return this.call('sim_step', { handle, n }); }
  /** Frees a live simulation. */
  simFree(handle) { this.call('sim_free', { handle }); }
}

/**
 * Loads the engine. `source` is the module's bytes (Node) or a URL; by default `pkg/dayseed.wasm`
 * beside this file.
 */
export async function load(source = new URL('./pkg/dayseed.wasm', import.meta.url)) {
  let bytes = source;
  if (typeof source === 'string' || source instanceof URL) {
    const response = await fetch(source);
    if (!response.ok) throw new Error(`cannot fetch ${source}: HTTP ${response.status}`);
    bytes = await response.arrayBuffer();
  }
  const module = await WebAssembly.compile(bytes);
  const instance = await WebAssembly.instantiate(module, {});
  return new Dayseed(module, instance);
}
