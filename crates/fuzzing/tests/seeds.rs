//! Writes the starting inputs of every corpus from real boards (run by hand:
//! `cargo test -p dayseed-fuzzing --test seeds -- --ignored`); the fuzzer grows the corpora from
//! there and scripts/fuzz keeps them small.

use std::path::{Path, PathBuf};

use serde_json::json;

fn put(dir: &Path, name: &str, bytes: &[u8]) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join(format!("seed-{name}")), bytes).unwrap();
}

fn with_genre(index: usize, text: &str) -> Vec<u8> {
    let mut out = vec![u8::try_from(index).unwrap()];
    out.extend_from_slice(text.as_bytes());
    out
}

#[test]
#[ignore = "writes fuzz/corpus seeds; run by hand"]
fn write_seed_corpora() {
    let corpus = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    let registry = dayseed_catalog::registry();
    let mut ids = Vec::new();
    for (i, genre) in registry.genres().iter().enumerate() {
        let params = genre.daily_params(None).unwrap();
        let id = format!(
            "{}:SEED-1-{params}-{}",
            genre.name(),
            genre.current_version()
        );
        let daily = format!(
            "{}:DAILY-utc-v1-20671-{params}-{}",
            genre.name(),
            genre.current_version()
        );
        let record = registry.generate(&id).unwrap();
        let name = genre.name();
        put(&corpus.join("id"), name, id.as_bytes());
        put(
            &corpus.join("id"),
            &format!("{name}-daily"),
            daily.as_bytes(),
        );
        if let Ok(text) = genre.encode(&record.puzzle) {
            put(&corpus.join("decode"), name, &with_genre(i, &text));
        }
        put(
            &corpus.join("decode_state"),
            &format!("{name}-empty"),
            &with_genre(i, "{}"),
        );
        let public = genre.without_solution(&record.puzzle).unwrap();
        let save =
            dayseed_core::save::new_save(&registry, &id, public, json!({"moves": []})).unwrap();
        put(
            &corpus.join("save"),
            name,
            serde_json::to_string(&save).unwrap().as_bytes(),
        );
        ids.push(id);
    }
    let sudoku = registry.generate(&ids[0]).unwrap();
    let solution = sudoku.puzzle["solution"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    put(
        &corpus.join("decode_state"),
        "sudoku-solved",
        &with_genre(0, &solution),
    );
    put(
        &corpus.join("id"),
        "malformed",
        b"sudoku:DAILY-utc-v1--3-EASY-g0",
    );
    put(&corpus.join("tape"), "text", b"1.0P0.iR0.1kA-rs,2s,1z");
    put(
        &corpus.join("tape"),
        "plan",
        b"1.6P1.0P5.mR1.0R5.1aP1.0P5.2iR",
    );
    put(&corpus.join("tape"), "json", br#""1.0P0.iR""#);
    let state = json!({"entries": solution});
    let bodies = [
        (0u8, json!({"id": ids[0], "state": state})),
        (
            1,
            json!({"id": ids[0], "state": {"entries": sudoku.puzzle["puzzle"]}}),
        ),
        (2, json!({"name": "Ann"})),
        (3, json!({"name": "Bo Lee"})),
        (4, json!({"id": ids[0]})),
        (
            5,
            json!({"session": "0123456789abcdef0123456789abcdef", "state": state}),
        ),
    ];
    for (route, body) in bodies {
        let mut bytes = vec![route];
        bytes.extend_from_slice(body.to_string().as_bytes());
        put(&corpus.join("http_json"), &format!("route{route}"), &bytes);
    }
    let save = std::fs::read(corpus.join("save").join("seed-sudoku")).unwrap();
    let mut bytes = vec![6u8];
    bytes.extend_from_slice(&save);
    put(&corpus.join("http_json"), "route6", &bytes);
}
