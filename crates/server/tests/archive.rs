//! `import` verifies every line by regenerating it; the API serves random archived boards.

mod common;

use common::http::get;
use common::{registry, start};
use dayseed_server::{Store, import_into};

fn line(id: &str) -> String {
    registry().generate(id).unwrap().to_flat_json().to_string()
}

#[test]
fn import_verifies_lines_and_archive_serves_them() {
    let s = start();
    let mut tampered: serde_json::Value = serde_json::from_str(&line("toy:SEED-3-S4-g3")).unwrap();
    tampered["digest"] = "f".repeat(64).into();
    let input = [
        line("toy:SEED-1-S4-g3"),
        line("toy:SEED-2-S9-g3"),
        String::new(),
        tampered.to_string(),
        "{\"id\": 5".to_string(),
        line("toy:SEED-1-S4-g3"),
        "{\"id\": \"toy:SEED-1-S4-g1\", \"digest\": \"x\"}".to_string(),
        line("toy:SEED-4-S9-g2"),
    ]
    .join("\n");
    let store = Store::connect(&s.db).unwrap();
    let summary = import_into(&store, &registry(), input.as_bytes()).unwrap();
    assert_eq!(summary.lines, 7);
    assert_eq!(summary.imported, 3);
    assert_eq!(summary.duplicates, 1);
    assert_eq!(summary.rejected, 3);
    let lines: Vec<u64> = summary.problems.iter().map(|(n, _)| *n).collect();
    assert_eq!(lines, [4, 5, 7]);
    assert!(
        summary.problems[0].1.contains("does not match"),
        "{:?}",
        summary.problems
    );
    assert!(summary.problems[1].1.contains("not JSON"));
    assert!(summary.problems[2].1.contains("retired"));

    let r = get(s.addr, "/api/v1/archive/random?genre=toy&difficulty=easy");
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["id"], "toy:SEED-1-S4-g3");
    assert!(v["puzzle"]["solution"].is_null());
    assert_eq!(
        v["digest"],
        registry().generate("toy:SEED-1-S4-g3").unwrap().digest
    );
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..40 {
        let v = get(s.addr, "/api/v1/archive/random?genre=toy&difficulty=HARD").json();
        seen.insert(v["id"].as_str().unwrap().to_string());
    }
    let expected: std::collections::BTreeSet<String> = ["toy:SEED-2-S9-g3", "toy:SEED-4-S9-g2"]
        .map(String::from)
        .into();
    assert_eq!(
        seen, expected,
        "random picks cover the matching boards only"
    );

    let r = get(s.addr, "/api/v1/archive/random?genre=toy&size=9x9");
    assert_eq!(r.status, 404);
    assert_eq!(r.json()["error"]["code"], "not_found");
    let message = r.json()["error"]["message"].as_str().unwrap().to_string();
    assert!(
        message.contains("not filed by size (their labels: difficulty)"),
        "{message}"
    );
    let r = get(s.addr, "/api/v1/archive/random?genre=chess");
    assert_eq!(
        (r.status, r.json()["error"]["code"].as_str()),
        (404, Some("unknown_genre"))
    );
    let r = get(s.addr, "/api/v1/archive/random");
    assert_eq!(r.status, 400, "genre is required");
}

#[test]
fn import_jsonl_archives_every_catalog_genre() {
    let s = start();
    let catalog = dayseed_catalog::registry();
    let mut ids = Vec::new();
    let mut text = String::new();
    for genre in catalog.genres() {
        let params = genre.daily_params(None).unwrap();
        let id = format!(
            "{}:SEED-31-{params}-{}",
            genre.name(),
            genre.current_version()
        );
        text.push_str(&catalog.generate(&id).unwrap().to_flat_json().to_string());
        text.push('\n');
        ids.push((genre.name(), id));
    }
    let summary = dayseed_server::import_jsonl(&s.db, &catalog, text.as_bytes()).unwrap();
    assert_eq!(summary.imported, ids.len() as u64, "{:?}", summary.problems);
    assert_eq!(summary.rejected, 0);
    for (genre, id) in ids {
        let r = get(s.addr, &format!("/api/v1/archive/random?genre={genre}"));
        assert_eq!(r.status, 200, "{genre}: {}", r.body);
        assert_eq!(r.json()["id"], id.as_str());
        assert!(r.json()["puzzle"].get("solution").is_none());
        // Every declared label is filed and filters to this board.
        let (parsed, g) = catalog.parse_id(&id).unwrap();
        let record = catalog.generate(&id).unwrap();
        let labels = g.labels(&parsed, &record.puzzle).unwrap();
        for spec in g.label_specs() {
            let value = labels
                .get(spec.label)
                .unwrap_or_else(|| panic!("{genre}: declared label {:?} has no value", spec.label));
            let r = get(
                s.addr,
                &format!(
                    "/api/v1/archive/random?genre={genre}&{}={value}",
                    spec.label.name()
                ),
            );
            assert_eq!(
                r.status,
                200,
                "{genre} by {}={value}: {}",
                spec.label.name(),
                r.body
            );
            assert_eq!(r.json()["id"], id.as_str());
        }
    }
}
