//! Two replicas writing one player's saves at once: every write names the version it read, of
//! each pair of writes based on the same version exactly one lands (the other is 409
//! `save_conflict` with the current version), and the loser's merge after re-reading keeps both
//! players' progress, so nothing is lost. Run over one PostgreSQL database (two servers) and
//! over one SQLite file (two servers, two connections).

mod common;

use std::net::SocketAddr;
use std::sync::{Arc, Barrier};

use common::http::{Response, authed, new_player};
use common::{Server, registry, start_replica};
use serde_json::{Value, json};

/// Boards raced; each has 9 cells, so 4 rounds per writer after the create.
const SEEDS: std::ops::RangeInclusive<u64> = 1..=6;

fn id_of(seed: u64) -> String {
    format!("toy:SEED-{seed}-S9-g3")
}

fn put(addr: SocketAddr, token: &str, id: &str, entries: &str, version: i64) -> Response {
    let record = registry().generate(id).expect("toy board");
    let body = json!({"schema": 2, "id": id, "board": record.puzzle, "digest": record.digest,
                      "progress": {"entries": entries}, "version": version});
    authed(addr, token, "PUT", "/api/v1/saves", Some(&body.to_string()))
}

/// The save's entries and version (`None` when there is none).
fn read(addr: SocketAddr, token: &str, id: &str) -> Option<(String, i64)> {
    let r = authed(addr, token, "GET", &format!("/api/v1/saves?id={id}"), None);
    if r.status == 404 {
        return None;
    }
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    let entries = v["progress"]["entries"]
        .as_str()
        .expect("entries")
        .to_string();
    Some((entries, v["version"].as_i64().expect("version")))
}

/// `entries` with cell `cell` set from the solution.
fn with_cell(entries: &str, solution: &str, cell: usize) -> String {
    entries
        .chars()
        .zip(solution.chars())
        .enumerate()
        .map(|(i, (e, s))| if i == cell { s } else { e })
        .collect()
}

/// What one writer's attempt at a round did: `Ok(version)` or `Err(current_version)`.
type Attempt = Result<i64, i64>;

fn outcome(r: &Response) -> Attempt {
    match r.status {
        200 => Ok(r.json()["version"].as_i64().expect("version")),
        409 => {
            let e = r.json();
            assert_eq!(e["error"]["code"], "save_conflict", "{}", r.body);
            Err(e["error"]["current_version"]
                .as_i64()
                .expect("current_version"))
        }
        other => panic!("unexpected {other}: {}", r.body),
    }
}

/// Writer `w` (0 or 1) on `addr`: on board `id`, round 0 creates the save (version 0) with the
/// given cell only; round k places the writer's k-th cell (even cells for writer 0, odd for
/// writer 1). Every round both writers read, meet at the barrier, and write from what they read;
/// the loser re-reads, merges its cell and writes again until it lands.
fn writer(addr: SocketAddr, token: &str, w: usize, gate: &Barrier) -> Vec<(Attempt, i64)> {
    let mut log = Vec::new();
    for seed in SEEDS {
        let id = id_of(seed);
        let record = registry().generate(&id).expect("toy board");
        let solution = record.puzzle["solution"].as_str().unwrap().to_string();
        let cells = record.puzzle["cells"].as_str().unwrap().to_string();
        for round in 0..=4 {
            let (entries, based_on) = match round {
                0 => (cells.clone(), 0),
                _ => read(addr, token, &id).expect("the save exists after round 0"),
            };
            let cell = if round == 0 { 0 } else { 2 * round - 1 + w };
            gate.wait();
            let attempt = outcome(&put(
                addr,
                token,
                &id,
                &with_cell(&entries, &solution, cell),
                based_on,
            ));
            log.push((attempt, based_on));
            if attempt.is_err() {
                // Lost the race: read again, merge, write at the version read.
                loop {
                    let (entries, version) = read(addr, token, &id).expect("save");
                    let merged = with_cell(&entries, &solution, cell);
                    if outcome(&put(addr, token, &id, &merged, version)).is_ok() {
                        break;
                    }
                }
            }
            // Both writers finish the round (the loser's merge included) before the next read.
            gate.wait();
        }
    }
    log
}

fn race(one: &Server, two: &Server) {
    let token = new_player(one.addr, "ann");
    let gate = Arc::new(Barrier::new(2));
    let threads: Vec<_> = [one.addr, two.addr]
        .into_iter()
        .enumerate()
        .map(|(w, addr)| {
            let (token, gate) = (token.clone(), gate.clone());
            std::thread::spawn(move || writer(addr, &token, w, &gate))
        })
        .collect();
    let logs: Vec<Vec<(Attempt, i64)>> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    assert_eq!(logs[0].len(), logs[1].len());
    let mut pairs = 0;
    for ((a, based_a), (b, based_b)) in logs[0].iter().zip(&logs[1]) {
        assert_eq!(based_a, based_b, "both writers read the same version");
        match (a, b) {
            (Ok(v), Err(cur)) | (Err(cur), Ok(v)) => {
                assert_eq!(*v, based_a + 1, "the winner moves the version on by one");
                assert_eq!(cur, v, "the loser is told the winner's version");
            }
            other => panic!("exactly one of a pair must win, got {other:?}"),
        }
        pairs += 1;
    }
    assert_eq!(pairs, SEEDS.count() * 5);
    // Nothing lost: every cell of both writers is in the save, read from either replica, and
    // the version counts every write that landed (2 per round, 1 create plus its merge).
    for seed in SEEDS {
        let id = id_of(seed);
        let solution = registry().generate(&id).unwrap().puzzle["solution"]
            .as_str()
            .unwrap()
            .to_string();
        for s in [one, two] {
            let (entries, version) = read(s.addr, &token, &id).expect("save");
            assert_eq!(entries, solution, "{id}: both writers' cells are kept");
            assert_eq!(version, 10, "{id}");
        }
    }
    // A client without a version still writes (last write wins) and gets the next version.
    let id = id_of(1);
    let record = registry().generate(&id).unwrap();
    let body = json!({"schema": 2, "id": id, "board": record.puzzle, "digest": record.digest,
                      "progress": {"entries": record.puzzle["cells"]}});
    let r = authed(
        two.addr,
        &token,
        "PUT",
        "/api/v1/saves",
        Some(&body.to_string()),
    );
    assert_eq!(
        (r.status, r.json()["version"].clone()),
        (200, json!(11)),
        "{}",
        r.body
    );
    // A version that is not a whole number >= 0 is a 400.
    let mut bad: Value = body.clone();
    bad["version"] = json!(-1);
    let r = authed(
        one.addr,
        &token,
        "PUT",
        "/api/v1/saves",
        Some(&bad.to_string()),
    );
    assert_eq!(r.status, 400, "{}", r.body);
}

#[test]
fn two_replicas_race_one_save_on_postgres() {
    let Some(db) = common::pg::TestDb::create() else {
        return;
    };
    let one = start_replica(&db.url);
    let two = start_replica(&db.url);
    race(&one, &two);
}

#[test]
fn two_servers_race_one_save_on_one_sqlite_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("race.sqlite").display().to_string();
    let one = start_replica(&db);
    let two = start_replica(&db);
    race(&one, &two);
}
