#![no_main]
//! cargo-fuzz target `decode`: see crates/fuzzing (`dayseed_fuzzing::decode`).

libfuzzer_sys::fuzz_target!(|data: &[u8]| dayseed_fuzzing::decode(data));
