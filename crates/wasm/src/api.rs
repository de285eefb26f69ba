//! The JSON operations behind the exports: each takes a request object and returns a JSON value,
//! delegating all work to [`dayseed_catalog::registry`]. No `unsafe` here, so everything is
//! testable natively.

use dayseed_core::arcade::{self, Tape};
use dayseed_core::{DayPolicy, DynGenre, Error, Registry, SolveOptions};
use serde_json::{Map, Value, json};

/// Why an operation failed: a stable snake_case code and a message saying what and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// `bad_request` for a malformed request envelope, else core's `ErrorKind::code()`.
    pub code: &'static str,
    /// What was wrong and where.
    pub message: String,
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure {
            code: e.kind().code(),
            message: e.message().to_string(),
        }
    }
}

/// The result of an operation.
pub type Result<T> = std::result::Result<T, Failure>;

/// The largest request accepted, in bytes: a puzzle or state text (bounded by the registry to
/// 1 MiB) plus its JSON envelope.
pub const MAX_REQUEST_BYTES: usize = 2 * dayseed_core::registry::MAX_INPUT_BYTES + 4096;

/// An operation: request object in, JSON value out.
pub type Op = fn(&Registry, &Map<String, Value>) -> Result<Value>;

/// The response text for a request text: `{"ok":...}` or `{"error":{"code","message"}}`.
pub fn respond(registry: &Registry, op: Op, request: &[u8]) -> String {
    let outcome = parse_request(request).and_then(|req| op(registry, &req));
    match outcome {
        Ok(value) => ok_text(&value),
        Err(f) => error_text(f.code, &f.message),
    }
}

/// `{"ok":<value>}` as text. The value's own text is written verbatim after `{"ok":`, so a
/// client may cut it out byte for byte.
pub fn ok_text(value: &Value) -> String {
    format!("{{\"ok\":{value}}}")
}

/// `{"error":{"code","message"}}` as text.
pub fn error_text(code: &str, message: &str) -> String {
    json!({"error": {"code": code, "message": message}}).to_string()
}

pub(crate) fn bad_request(message: impl Into<String>) -> Failure {
    Failure {
        code: "bad_request",
        message: message.into(),
    }
}

fn parse_request(request: &[u8]) -> Result<Map<String, Value>> {
    if request.len() > MAX_REQUEST_BYTES {
        return Err(bad_request(format!(
            "request is longer than {MAX_REQUEST_BYTES} bytes"
        )));
    }
    match serde_json::from_slice::<Value>(request) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(bad_request("request must be a JSON object")),
        Err(e) => Err(bad_request(format!("request is not valid JSON: {e}"))),
    }
}

pub(crate) fn field<'a>(req: &'a Map<String, Value>, name: &str) -> Result<&'a Value> {
    req.get(name)
        .ok_or_else(|| bad_request(format!("request needs the field '{name}'")))
}

fn string<'a>(req: &'a Map<String, Value>, name: &str) -> Result<&'a str> {
    field(req, name)?
        .as_str()
        .ok_or_else(|| bad_request(format!("field '{name}' must be a string")))
}

fn optional_string<'a>(req: &'a Map<String, Value>, name: &str) -> Result<Option<&'a str>> {
    match req.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(bad_request(format!("field '{name}' must be a string"))),
    }
}

fn integer(req: &Map<String, Value>, name: &str) -> Result<i64> {
    field(req, name)?
        .as_i64()
        .ok_or_else(|| bad_request(format!("field '{name}' must be a whole number")))
}

pub(crate) fn genre(
    registry: &Registry,
    req: &Map<String, Value>,
) -> Result<&'static dyn DynGenre> {
    Ok(registry.get(string(req, "genre")?)?)
}

pub(crate) fn to_value<T: serde::Serialize>(value: &T) -> Result<Value> {
    serde_json::to_value(value).map_err(|e| Failure {
        code: "internal",
        message: format!("cannot encode JSON: {e}"),
    })
}

/// `{}` -> every genre in listing order, as [`dayseed_core::registry::genre_summary`] describes
/// it (name, title, versions, capabilities, daily params, flags, labels): the page builds its
/// genre list from this.
pub fn genres(registry: &Registry, _req: &Map<String, Value>) -> Result<Value> {
    Ok(Value::Array(
        registry
            .genres()
            .iter()
            .map(|g| dayseed_core::registry::genre_summary(*g))
            .collect(),
    ))
}

/// `{"id"}` -> the GeneratedRecord the id names (with the answer).
pub fn generate(registry: &Registry, req: &Map<String, Value>) -> Result<Value> {
    to_value(&registry.generate(string(req, "id")?)?)
}

/// `{"genre","policy","epoch_day","difficulty"?}` -> the daily id at the current version.
pub fn daily_id(registry: &Registry, req: &Map<String, Value>) -> Result<Value> {
    let policy: DayPolicy = string(req, "policy")?.parse()?;
    let id = registry.daily_id(
        string(req, "genre")?,
        policy,
        integer(req, "epoch_day")?,
        optional_string(req, "difficulty")?,
    )?;
    Ok(Value::from(id.to_string()))
}

/// `{"policy","utc_millis","tz"?}` -> the epoch day of that instant under the policy.
pub fn epoch_day(_registry: &Registry, req: &Map<String, Value>) -> Result<Value> {
    let policy: DayPolicy = string(req, "policy")?.parse()?;
    let day = policy.epoch_day(integer(req, "utc_millis")?, optional_string(req, "tz")?)?;
    Ok(Value::from(day))
}

/// `{"epoch_day"}` -> the calendar date `YYYY-MM-DD`.
pub fn format_date(_registry: &Registry, req: &Map<String, Value>) -> Result<Value> {
    Ok(Value::from(dayseed_core::day::format_date(integer(
        req,
        "epoch_day",
    )?)?))
}

/// `{"genre","puzzle","state"}` -> the rule-based Verdict.
pub fn check(registry: &Registry, req: &Map<String, Value>) -> Result<Value> {
    let verdict = genre(registry, req)?.check(field(req, "puzzle")?, field(req, "state")?)?;
    to_value(&verdict)
}

/// Default node budget of `solve` (the CLI's default).
pub const DEFAULT_SOLVE_BUDGET: u64 = 10_000_000;
/// Largest node budget `solve` accepts.
pub const MAX_SOLVE_BUDGET: u64 = 100_000_000;
/// Default and largest tick count `replay` simulates.
pub const MAX_REPLAY_TICKS: u32 = 2_000_000;

fn optional_u64(req: &Map<String, Value>, name: &str, default: u64, max: u64) -> Result<u64> {
    match req.get(name) {
        None | Some(Value::Null) => Ok(default),
        Some(v) => v.as_u64().filter(|n| *n <= max).ok_or_else(|| {
            bad_request(format!(
                "field '{name}' must be a whole number from 0 to {max}"
            ))
        }),
    }
}

/// `{"genre","puzzle","budget"?,"grade"?}` -> the solve report, one shape for every genre
/// (`status`, `solution`, `grade`, `nodes` and the genre's details; arcade genres: `solution`
/// and `tape` are the solver's winning tape in text form, with ticks, score and par).
pub fn solve(registry: &Registry, req: &Map<String, Value>) -> Result<Value> {
    let grade = match req.get("grade") {
        None | Some(Value::Null) => true,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(bad_request("field 'grade' must be true or false")),
    };
    let options = SolveOptions {
        grade,
        budget: optional_u64(req, "budget", DEFAULT_SOLVE_BUDGET, MAX_SOLVE_BUDGET)?,
    };
    let report = genre(registry, req)?.solve_report(field(req, "puzzle")?, options)?;
    Ok(report.to_json())
}

/// `{"genre","puzzle","tape","max_ticks"?}` -> the kit's replay of the tape (text or JSON form)
/// on a fresh simulation: `{ending, ticks, tick_hash, final_hash}`, hashes as 16 hex digits.
/// `max_ticks` defaults to, and may not exceed, [`MAX_REPLAY_TICKS`].
pub fn replay(registry: &Registry, req: &Map<String, Value>) -> Result<Value> {
    let max = optional_u64(
        req,
        "max_ticks",
        u64::from(MAX_REPLAY_TICKS),
        u64::from(MAX_REPLAY_TICKS),
    )?;
    let max = u32::try_from(max).unwrap_or(MAX_REPLAY_TICKS);
    let tape: Tape = serde_json::from_value(field(req, "tape")?.clone())
        .map_err(|e| Error::state(format!("field 'tape' is not a tape: {e}")))?;
    let mut sim = genre(registry, req)?.simulate(field(req, "puzzle")?)?;
    let replayed = arcade::replay(sim.as_mut(), &tape, max)?;
    Ok(json!({
        "ending": to_value(&replayed.ending)?,
        "ticks": replayed.ticks,
        "tick_hash": format!("{:016x}", replayed.tick_hash),
        "final_hash": format!("{:016x}", replayed.final_hash),
    }))
}

/// `{"genre","puzzle","state"}` -> the next Hint.
pub fn hint(registry: &Registry, req: &Map<String, Value>) -> Result<Value> {
    let hint = genre(registry, req)?.hint(field(req, "puzzle")?, field(req, "state")?)?;
    to_value(&hint)
}

/// `{"genre","puzzle"}` -> the canonical text form.
pub fn encode(registry: &Registry, req: &Map<String, Value>) -> Result<Value> {
    Ok(Value::from(
        genre(registry, req)?.encode(field(req, "puzzle")?)?,
    ))
}

/// `{"genre","text"}` -> puzzle JSON.
pub fn decode(registry: &Registry, req: &Map<String, Value>) -> Result<Value> {
    Ok(genre(registry, req)?.decode(string(req, "text")?)?)
}

/// `{"genre","puzzle","text"}` -> state JSON read from the genre's state text.
pub fn decode_state(registry: &Registry, req: &Map<String, Value>) -> Result<Value> {
    Ok(genre(registry, req)?.decode_state(field(req, "puzzle")?, string(req, "text")?)?)
}

/// `{"genre","puzzle"}` -> the puzzle without its answer.
pub fn without_solution(registry: &Registry, req: &Map<String, Value>) -> Result<Value> {
    Ok(genre(registry, req)?.without_solution(field(req, "puzzle")?)?)
}

/// `{"genre","puzzle"}` -> the board digest.
pub fn digest(registry: &Registry, req: &Map<String, Value>) -> Result<Value> {
    Ok(Value::from(
        genre(registry, req)?.digest(field(req, "puzzle")?)?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(op: Op, request: &str) -> Value {
        let text = respond(&dayseed_catalog::registry(), op, request.as_bytes());
        serde_json::from_str(&text).expect("responses are JSON")
    }

    #[test]
    fn bad_requests_are_json_errors() {
        for (request, needle) in [
            ("", "not valid JSON"),
            ("[1]", "JSON object"),
            ("{}", "'id'"),
            ("{\"id\": 3}", "must be a string"),
        ] {
            let v = call(generate, request);
            let message = v["error"]["message"].as_str().unwrap();
            assert!(message.contains(needle), "{request}: {message}");
            assert_eq!(v["error"]["code"], "bad_request");
        }
        let huge = vec![b' '; MAX_REQUEST_BYTES + 1];
        let text = respond(&dayseed_catalog::registry(), generate, &huge);
        assert!(text.contains("longer than"));
    }

    #[test]
    fn registry_errors_keep_their_codes() {
        let v = call(generate, r#"{"id":"nosuchgenre:SEED-1-EASY-g1"}"#);
        assert_eq!(v["error"]["code"], "unknown_genre");
        let v = call(generate, r#"{"id":"sudoku"}"#);
        assert_eq!(v["error"]["code"], "malformed_id");
        let v = call(check, r#"{"genre":"nosuch","puzzle":{},"state":{}}"#);
        assert_eq!(v["error"]["code"], "unknown_genre");
    }

    #[test]
    fn solve_and_replay_check_their_requests() {
        let record = call(generate, r#"{"id":"sudoku:SEED-1-EASY-g1"}"#);
        let puzzle = &record["ok"]["puzzle"];
        let req = |extra: Value| {
            let mut v = json!({"genre": "sudoku", "puzzle": puzzle});
            v.as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            v.to_string()
        };
        let report = call(solve, &req(json!({"budget": 1_000_000, "grade": false})));
        assert!(report["ok"].is_object(), "{report}");
        let e = call(solve, &req(json!({"budget": MAX_SOLVE_BUDGET + 1})));
        assert_eq!(e["error"]["code"], "bad_request");
        let e = call(solve, &req(json!({"grade": "yes"})));
        assert_eq!(e["error"]["code"], "bad_request");
        // A logic genre has no simulation; a bad tape is named before any work.
        let e = call(replay, &req(json!({"tape": "1.0P0"})));
        assert_eq!(e["error"]["code"], "unsupported");
        let e = call(replay, &req(json!({"tape": "2.0P0"})));
        assert_eq!(e["error"]["code"], "invalid_state");
        let e = call(replay, &req(json!({"tape": "1", "max_ticks": -1})));
        assert_eq!(e["error"]["code"], "bad_request");
        let e = call(replay, &req(json!({})));
        assert!(e["error"]["message"].as_str().unwrap().contains("'tape'"));
    }

    #[test]
    fn day_operations_follow_core_policies() {
        // 2026-08-06T20:00Z is already Aug 7 in Seoul.
        let t = 1_786_046_400_000_i64;
        let seoul = call(
            epoch_day,
            &format!(r#"{{"policy":"device-local-v1","utc_millis":{t},"tz":"Asia/Seoul"}}"#),
        );
        assert_eq!(seoul["ok"], 20672);
        let utc = call(
            epoch_day,
            &format!(r#"{{"policy":"utc-v1","utc_millis":{t}}}"#),
        );
        assert_eq!(utc["ok"], 20671);
        let bad = call(
            epoch_day,
            r#"{"policy":"device-local-v1","utc_millis":0,"tz":"Mars/Olympus"}"#,
        );
        assert_eq!(bad["error"]["code"], "invalid_day");
        assert_eq!(
            call(format_date, r#"{"epoch_day":20671}"#)["ok"],
            "2026-08-06"
        );
    }

    #[test]
    fn every_registered_genre_round_trips_through_the_shim() {
        let registry = dayseed_catalog::registry();
        let list = call(genres, "{}");
        assert_eq!(
            list["ok"].as_array().unwrap().len(),
            registry.genres().len()
        );
        for g in registry.genres() {
            let id = call(
                daily_id,
                &format!(
                    r#"{{"genre":"{}","policy":"utc-v1","epoch_day":20671}}"#,
                    g.name()
                ),
            );
            let id = id["ok"].as_str().unwrap().to_string();
            let record = call(generate, &json!({ "id": id }).to_string());
            let record = &record["ok"];
            assert_eq!(record["id"], id.as_str());
            let puzzle = &record["puzzle"];
            let req = json!({"genre": g.name(), "puzzle": puzzle}).to_string();
            assert_eq!(call(digest, &req)["ok"], record["digest"]);
            let text = call(encode, &req)["ok"].as_str().unwrap().to_string();
            let decoded = call(
                decode,
                &json!({"genre": g.name(), "text": text}).to_string(),
            );
            assert!(decoded.get("ok").is_some(), "{}: {decoded}", g.name());
            let bare = call(without_solution, &req);
            assert!(bare.get("ok").is_some(), "{}: {bare}", g.name());
        }
    }
}
