#![no_main]
//! cargo-fuzz target `save`: see crates/fuzzing (`dayseed_fuzzing::save`).

libfuzzer_sys::fuzz_target!(|data: &[u8]| dayseed_fuzzing::save(data));
