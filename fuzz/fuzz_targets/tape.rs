#![no_main]
//! cargo-fuzz target `tape`: see crates/fuzzing (`dayseed_fuzzing::tape`).

libfuzzer_sys::fuzz_target!(|data: &[u8]| dayseed_fuzzing::tape(data));
