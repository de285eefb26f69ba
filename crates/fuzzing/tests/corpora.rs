//! Replays every committed fuzz corpus file (`fuzz/corpus/<target>/*`) through its target, so
//! the inputs the fuzzer found (and the crashes fixed since) are checked on every test run
//! without a nightly toolchain.

use std::path::Path;

#[test]
fn every_corpus_file_passes_its_target() {
    let corpora = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    let mut total = 0;
    for (name, target) in dayseed_fuzzing::TARGETS {
        let dir = corpora.join(name);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.expect("corpus entry").path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{} has no inputs", dir.display());
        for file in files {
            let data = std::fs::read(&file).expect("corpus file");
            let run = std::panic::catch_unwind(|| target(&data));
            assert!(run.is_ok(), "{name}: {} fails", file.display());
            total += 1;
        }
    }
    assert!(total >= dayseed_fuzzing::TARGETS.len());
}
