#![no_main]
//! cargo-fuzz target `id`: see crates/fuzzing (`dayseed_fuzzing::id`).

libfuzzer_sys::fuzz_target!(|data: &[u8]| dayseed_fuzzing::id(data));
