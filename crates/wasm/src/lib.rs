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
//!
//! Determinism: the wasm build must produce byte-identical records to the native build;
//! `scripts/test-wasm.sh` proves it with `examples/native_records.rs` and
//! `tests/parity.test.mjs` over at least 200 ids.

#[allow(unsafe_code)]
pub mod abi;
pub mod api;
