#![no_main]
//! cargo-fuzz target `http_json`: see crates/fuzzing (`dayseed_fuzzing::http_json`).

libfuzzer_sys::fuzz_target!(|data: &[u8]| dayseed_fuzzing::http_json(data));
