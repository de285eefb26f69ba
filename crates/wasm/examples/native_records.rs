//! The native half of the wasm parity test (`scripts/test-wasm.sh`).
//!
//! * `native_records ids` prints the parity id list, one per line, derived from the registry at run
//!   time: every genre x every released version x a spread of params, seeds and days, so a newly
//!   registered genre is covered without editing this file. Set `DAYSEED_PARITY_TOTAL` to change
//!   the target count (default 240; the list is never shorter than 200 while any genre generates).
//! * `native_records records` reads ids from stdin and prints, per id, the exact JSON text the
//!   wasm `generate` export returns: `{"ok":<GeneratedRecord>}` or `{"error":{...}}`. For an arcade
//!   genre (`capabilities().kind == Arcade`) a generated record also carries the replay of its
//!   solver's tape: `{"ok":<GeneratedRecord>,"replay":<R>}`, where R is the exact response text of
//!   the `replay` export (`{"ok":{"ending","ticks","tick_hash","final_hash"}}`) on the tape of the
//!   `solve` export's report, or the `solve` error, or [`NO_TAPE`] when the report has none. So
//!   parity covers the step function tick by tick, not only the boards.
//! * `native_records shots <slingstar id>` prints, for the first hole of that board, every one of
//!   its 384 verification shots (the 96-direction table x the 4 powers, exactly the aims the
//!   generator's survey flies), one JSON line each: `{"dir","power","tape","end","flight_ticks",
//!   "replay"}`. `end` and `flight_ticks` come from the verification's own shot function
//!   (`World::shot`); `replay` is the exact `replay` export response for the one-shot tape on the
//!   board's puzzle (tick count, folded per-tick state hash, final hash). tests/shots.test.mjs
//!   replays the same tapes in wasm and compares.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use dayseed_core::{DayPolicy, DynGenre, GenreKind, PuzzleId, Version, VersionStatus};
use dayseed_wasm::api;
use serde_json::{Value, json};

/// Difficulty words offered to each genre's `daily_params`, easiest first. A genre keeps the ones
/// it accepts; the last accepted one is treated as the slow top level and gets only a few ids.
const DIFFICULTY_WORDS: [&str; 15] = [
    "easy", "medium", "hard", "expert", "master", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10",
];
/// Command-line style flag sets offered to each genre's `params_from_flags` (small boards, the
/// options genres commonly have); accepted ones add their params to the spread.
const FLAG_PROBES: [&[(&str, &str)]; 5] = [
    &[("wrap", "true")],
    &[("size", "4x4")],
    &[("grid-size", "5")],
    &[("width", "6"), ("height", "5")],
    &[("size", "6x6"), ("par", "8"), ("wrap", "true")],
];
/// Ids given to a genre's hardest accepted difficulty (often the slowest to generate).
const TOP_LEVEL_IDS: usize = 3;
/// Time zones for device-local daily ids (the policy only changes the id, not the seed rule).
const POLICIES: [DayPolicy; 2] = [DayPolicy::UtcV1, DayPolicy::DeviceLocalV1];
/// The replay part of a record whose solve report carries no `tape`.
const NO_TAPE: &str = r#"{"error":{"code":"no_tape","message":"the solve report has no tape"}}"#;
/// The first epoch day of the spread (2024-01-01).
const FIRST_DAY: i64 = 19_723;

/// Distinct canonical params for a genre: accepted flag probes, its default daily, then each
/// accepted difficulty (so the hardest difficulty comes last).
fn params_spread(genre: &dyn DynGenre) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let candidates = FLAG_PROBES
        .iter()
        .map(|flags| genre.params_from_flags(flags))
        .chain(std::iter::once(genre.daily_params(None)))
        .chain(DIFFICULTY_WORDS.iter().map(|w| genre.daily_params(Some(w))));
    for params in candidates.flatten() {
        if !out.contains(&params) {
            out.push(params);
        }
    }
    out
}

/// Ids for one genre at one version: `quota` spread over params, alternating seeds and days.
fn genre_ids(genre: &dyn DynGenre, version: Version, quota: usize) -> Vec<String> {
    let params = params_spread(genre);
    let (top, rest) = match params.split_last() {
        Some((top, rest)) if !rest.is_empty() => (Some(top), rest),
        _ => (None, params.as_slice()),
    };
    let each = quota.div_ceil(rest.len().max(1));
    let mut ids = Vec::new();
    let mut push = |p: &str, i: usize| {
        let id = if i.is_multiple_of(2) {
            // Seeds: small, large and near the top of the u64 range.
            let seed = match i % 6 {
                0 => i as u64,
                2 => 1_000_003 * i as u64,
                _ => u64::MAX - i as u64,
            };
            PuzzleId::seeded(genre.name(), seed, p, version)
        } else {
            let policy = POLICIES[(i / 2) % 2];
            PuzzleId::daily(genre.name(), policy, FIRST_DAY + 37 * i as i64, p, version)
        };
        ids.push(id.to_string());
    };
    for p in rest {
        (0..each).for_each(|i| push(p, i));
    }
    if let Some(p) = top {
        (0..TOP_LEVEL_IDS).for_each(|i| push(p, i));
    }
    ids
}

/// The whole parity list for the catalog.
fn parity_ids(total: usize) -> Vec<String> {
    let registry = dayseed_catalog::registry();
    let genres = registry.genres();
    let per_genre = total.div_ceil(genres.len().max(1));
    let mut ids = Vec::new();
    for genre in genres {
        let live: Vec<Version> = genre
            .versions()
            .iter()
            .filter(|v| v.status != VersionStatus::Retired)
            .map(|v| v.version)
            .collect();
        let per_version = per_genre.div_ceil(live.len().max(1));
        for v in live {
            ids.extend(genre_ids(*genre, v, per_version));
        }
        // A retired version must be refused identically on both builds.
        for v in genre
            .versions()
            .iter()
            .filter(|v| v.status == VersionStatus::Retired)
        {
            ids.extend(genre_ids(*genre, v.version, 1).into_iter().take(1));
        }
    }
    ids
}

/// The response text of a request to `op`, exactly as the wasm export answers it.
fn respond(op: api::Op, request: &Value) -> String {
    api::respond(
        &dayseed_catalog::registry(),
        op,
        request.to_string().as_bytes(),
    )
}

/// The replay part of an arcade record: `solve`, then `replay` of the report's tape (the same
/// two requests tests/parity.test.mjs makes of the wasm build).
fn solver_replay(genre: &str, puzzle: &Value) -> String {
    let solved = respond(api::solve, &json!({ "genre": genre, "puzzle": puzzle }));
    let report: Value = serde_json::from_str(&solved).unwrap_or(Value::Null);
    let Some(report) = report.get("ok") else {
        return solved;
    };
    match report.get("tape") {
        Some(tape) if !tape.is_null() => respond(
            api::replay,
            &json!({ "genre": genre, "puzzle": puzzle, "tape": tape }),
        ),
        _ => NO_TAPE.to_string(),
    }
}

/// The `shots` lines of a slingstar id (see the module docs).
fn shot_lines(registry: &dayseed_core::Registry, id: &str) -> Result<Vec<String>, String> {
    use dayseed_slingstar::physics::World;
    use dayseed_slingstar::puzzle::Puzzle;
    use dayseed_slingstar::verify::{DIRS, POWERS, aim_table};
    if !id.starts_with("slingstar:") {
        return Err(format!("{id}: shots takes a slingstar id"));
    }
    let record = registry.generate(id).map_err(|e| e.message().to_string())?;
    let puzzle_value = serde_json::to_value(&record.puzzle).map_err(|e| e.to_string())?;
    let puzzle: Puzzle =
        serde_json::from_value(puzzle_value.clone()).map_err(|e| format!("{id}: {e}"))?;
    let hole = puzzle
        .holes
        .first()
        .ok_or_else(|| format!("{id}: the board has no hole"))?;
    let world = World::new(&hole.layout());
    let table = aim_table(DIRS);
    let mut lines = Vec::with_capacity(DIRS * POWERS.len());
    for &power in &POWERS {
        for (dir, &[x, y]) in table.iter().enumerate() {
            let aim = dayseed_slingstar::physics::Aim { x, y, power };
            let (end, ticks) = world.shot(aim).map_err(|e| e.message().to_string())?;
            let tape = json!({ "events": [ { "tick": 0, "action": { "aim": aim } } ] });
            let replay = respond(
                api::replay,
                &json!({ "genre": "slingstar", "puzzle": puzzle_value, "tape": tape }),
            );
            let head = json!({
                "dir": dir,
                "power": power,
                "tape": tape,
                "end": end,
                "flight_ticks": ticks,
            })
            .to_string();
            lines.push(format!("{},\"replay\":{replay}}}", &head[..head.len() - 1]));
        }
    }
    Ok(lines)
}

/// The parity record of one id (see the module docs).
fn record_line(registry: &dayseed_core::Registry, id: &str) -> String {
    let record = match registry.generate(id) {
        Ok(record) => record,
        Err(e) => return api::error_text(e.kind().code(), e.message()),
    };
    let value = match serde_json::to_value(&record) {
        Ok(v) => v,
        Err(e) => return api::error_text("internal", &e.to_string()),
    };
    let text = api::ok_text(&value);
    let arcade = registry
        .get(record.genre)
        .is_ok_and(|g| g.capabilities().kind == GenreKind::Arcade);
    if !arcade {
        return text;
    }
    let replay = solver_replay(record.genre, &value["puzzle"]);
    format!("{},\"replay\":{replay}}}", &text[..text.len() - 1])
}

fn main() -> ExitCode {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let written = match mode.as_str() {
        "ids" => {
            let total = std::env::var("DAYSEED_PARITY_TOTAL")
                .ok()
                .and_then(|t| t.parse().ok())
                .unwrap_or(240)
                .max(200);
            parity_ids(total)
                .iter()
                .try_for_each(|id| writeln!(out, "{id}"))
        }
        "records" => {
            let registry = dayseed_catalog::registry();
            std::io::stdin().lock().lines().try_for_each(|line| {
                let line = line?;
                let id = line.trim();
                if id.is_empty() {
                    return Ok(());
                }
                writeln!(out, "{}", record_line(&registry, id))
            })
        }
        "shots" => {
            let id = std::env::args().nth(2).unwrap_or_default();
            match shot_lines(&dayseed_catalog::registry(), &id) {
                Ok(lines) => lines.iter().try_for_each(|l| writeln!(out, "{l}")),
                Err(e) => {
                    eprintln!("native_records shots: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        _ => {
            eprintln!(
                "usage: native_records ids | native_records records < ids.txt | native_records shots <slingstar id>"
            );
            return ExitCode::from(2);
        }
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("native_records: {e}");
            ExitCode::FAILURE
        }
    }
}
