//! dayseed-wasm: the engine for WebAssembly, a thin shim over [`dayseed_catalog::registry`] with no
//! logic of its own. Built for `wasm32-unknown-unknown` without wasm-bindgen; `web/dayseed.js` is
//! the hand-written JavaScript glue.
//!
//! Every export but `alloc`/`dealloc` takes a UTF-8 JSON request and returns a UTF-8 JSON response
//! `{"ok": <value>}` or `{"error": {"code", "message"}}` (codes: core's `ErrorKind::code()`, or
//! `bad_request` for a malformed request). The buffer protocol is described in [`abi`].
//!
//! | export             | request                                   | ok value                  |
//! |--------------------|-------------------------------------------|---------------------------|
//! | `genres`           | `{}`                                      | genre list (as the API's `/genres`) |
//! | `generate`         | `{"id"}`                                  | GeneratedRecord (with answer) |
//! | `daily_id`         | `{"genre","policy","epoch_day","difficulty"?}` | id string            |
//! | `epoch_day`        | `{"policy","utc_millis","tz"?}`           | epoch day (number)        |
//! | `format_date`      | `{"epoch_day"}`                           | `"YYYY-MM-DD"`            |
//! | `check`            | `{"genre","puzzle","state"}`              | Verdict                   |
//! | `hint`             | `{"genre","puzzle","state"}`              | Hint                      |
//! | `encode`           | `{"genre","puzzle"}`                      | canonical text            |
//! | `decode`           | `{"genre","text"}`                        | puzzle JSON               |
//! | `decode_state`     | `{"genre","puzzle","text"}`               | state JSON                |
//! | `without_solution` | `{"genre","puzzle"}`                      | puzzle JSON without answer |
//! | `digest`           | `{"genre","puzzle"}`                      | digest (64 hex digits)    |
//! | `solve`            | `{"genre","puzzle","budget"?,"grade"?}`   | solve report (arcade: the solver's tape) |
//! | `replay`           | `{"genre","puzzle","tape","max_ticks"?}`  | `{ending, ticks, tick_hash, final_hash}` |
//! | `sim_start`        | `{"genre","puzzle"}`                      | handle (number)           |
//! | `sim_input`        | `{"handle","action"}`                     | `{tick}` the input applied at |
//! | `sim_step`         | `{"handle","n"}`                          | `{tick, ticks_per_second, view, ending, awaiting}` |
//! | `sim_free`         | `{"handle"}`                              | `null`                    |
//!
//! Arcade genres (`capabilities.kind == "arcade"`) run live on the page through the `sim_*`
//! exports ([`sims`]): `sim_start` keeps the genre's [`Simulation`](dayseed_core::arcade::Simulation)
//! in a table (at most [`sims::MAX_SIMS`] at once; handles are never reused), `sim_input` applies
//! an action in the tape's JSON form (`{"press":b}`, `{"release":b}`,
//! `{"aim":{"x","y","power"}}`) at the current tick and answers that tick (so the page records
//! the tape the server will replay), `sim_step` advances up to [`sims::MAX_STEPS`] fixed ticks
//! (stopping at the ending; `n` = 0 only reads), and `sim_free` drops the run. `ending` is null
//! until the run is over, then `{won, tick, score: {value, unit, higher_is_better}, reason}`.
//!
//! Determinism: the wasm build must produce byte-identical records to the native build;
//! `scripts/test-wasm.sh` proves it with `examples/native_records.rs` and
//! `tests/parity.test.mjs` over at least 200 ids; for arcade genres each record also carries the
//! `replay` of the solver's tape (ticks, final state hash and every tick's hash folded), so the
//! simulations themselves are proven equal.

#[allow(unsafe_code)]
pub mod abi;
pub mod api;
pub mod sims;
