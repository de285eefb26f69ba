#![no_main]
//! cargo-fuzz target `decode_state`: see crates/fuzzing (`dayseed_fuzzing::decode_state`).

libfuzzer_sys::fuzz_target!(|data: &[u8]| dayseed_fuzzing::decode_state(data));
