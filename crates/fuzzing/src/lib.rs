//! The bodies of the fuzz targets, one function per target, each taking the fuzzer's bytes.
//!
//! `fuzz/` (a cargo-fuzz crate kept out of the workspace, so everyday builds need no nightly
//! flags) calls these from its `fuzz_targets/*.rs`; `scripts/fuzz` runs them for a bounded time.
//! This crate's test replays every file of the committed corpora (`fuzz/corpus/<target>/`)
//! through the same functions, so CI checks every input found so far on stable Rust.
//!
//! Each function panics only on a bug: malformed input must come back as an error value (or, over
//! HTTP, a 4xx), never a panic, a 5xx or a broken round trip.

use std::sync::{Mutex, OnceLock};

use axum::Router;
use axum::body::Body;
use axum::http::Request;
use dayseed_core::arcade::Tape;
use dayseed_core::{DynGenre, PuzzleId, Registry};
use serde_json::Value;
use tower::ServiceExt;

/// A target's body.
pub type Target = fn(&[u8]);

/// The sample boards, by genre name (None: the genre could not make one).
type Boards = Mutex<Vec<(&'static str, Option<Value>)>>;

/// Every target by name, for the replay test and the script.
pub const TARGETS: &[(&str, Target)] = &[
    ("id", id),
    ("decode", decode),
    ("decode_state", decode_state),
    ("save", save),
    ("tape", tape),
    ("http_json", http_json),
];

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(dayseed_catalog::registry)
}

/// The genre the first byte picks, and the rest of the input as text (lossy UTF-8).
fn genre_and_text(data: &[u8]) -> Option<(&'static dyn DynGenre, String)> {
    let (first, rest) = data.split_first()?;
    let genres = registry().genres();
    let genre = genres[usize::from(*first) % genres.len()];
    Some((genre, String::from_utf8_lossy(rest).into_owned()))
}

/// Puzzle ids: parsing never panics, and a parsed id prints to text that parses to the same id.
pub fn id(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(parsed) = text.parse::<PuzzleId>() {
        let printed = parsed.to_string();
        let again: PuzzleId = printed
            .parse()
            .unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}, which fails: {e}"));
        assert_eq!(again, parsed, "{text:?}");
        // The registry's parse (genre lookup, version and params checks) must not panic either.
        let _ = registry().parse_id(text);
    }
}

/// Every genre's `decode` (first byte: the genre): errors, never panics; a decoded puzzle encodes.
pub fn decode(data: &[u8]) {
    let Some((genre, text)) = genre_and_text(data) else {
        return;
    };
    if let Ok(puzzle) = genre.decode(&text) {
        // What decode accepted is a puzzle the genre can work with.
        let _ = genre.encode(&puzzle);
        let _ = genre.without_solution(&puzzle);
        let _ = genre.render_text(&puzzle, None, false);
    }
}

/// A small board of each genre, generated once.
fn sample_board(genre: &'static dyn DynGenre) -> Option<Value> {
    static BOARDS: OnceLock<Boards> = OnceLock::new();
    let boards = BOARDS.get_or_init(Mutex::default);
    let mut boards = boards.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, board)) = boards.iter().find(|(name, _)| *name == genre.name()) {
        return board.clone();
    }
    let board = genre.daily_params(None).ok().and_then(|params| {
        let id = format!(
            "{}:SEED-1-{params}-{}",
            genre.name(),
            genre.current_version()
        );
        registry().generate(&id).ok().map(|r| r.puzzle)
    });
    boards.push((genre.name(), board.clone()));
    board
}

/// Every genre's `decode_state` against a real board of it (first byte: the genre), then the
/// rule checks on whatever state it accepted.
pub fn decode_state(data: &[u8]) {
    let Some((genre, text)) = genre_and_text(data) else {
        return;
    };
    let Some(puzzle) = sample_board(genre) else {
        return;
    };
    if let Ok(state) = genre.decode_state(&puzzle, &text) {
        let _ = genre.check(&puzzle, &state);
        let _ = genre.render_text(&puzzle, Some(&state), false);
    }
}

/// Save loading and migration (schema 1 and 2): errors, never panics; a loaded save is v2 and
/// loads again as it is.
pub fn save(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok((loaded, _)) = dayseed_core::save::load(registry(), text) {
        let again = serde_json::to_string(&loaded).expect("a save serialises");
        let (reloaded, _) = dayseed_core::save::load(registry(), &again)
            .unwrap_or_else(|e| panic!("a loaded save does not load again: {e}: {again}"));
        assert_eq!(
            serde_json::to_value(&reloaded).ok(),
            serde_json::to_value(&loaded).ok()
        );
    }
}

/// Arcade tapes, text and JSON: errors, never panics; a decoded tape prints to text that decodes
/// to the same tape.
pub fn tape(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(tape) = Tape::from_text(text) {
        let printed = tape.to_text();
        let again = Tape::from_text(&printed)
            .unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}, which fails: {e}"));
        assert_eq!(again, tape);
    }
    if let Ok(value) = serde_json::from_str::<Value>(text) {
        let _ = Tape::from_json(&value);
    }
}

/// The server in process (fresh database, a small generation budget) and a player's token.
struct Http {
    runtime: tokio::runtime::Runtime,
    router: Router,
    token: String,
    _dir: tempfile::TempDir,
}

fn http() -> &'static Http {
    static HTTP: OnceLock<Http> = OnceLock::new();
    HTTP.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = dayseed_server::Store::open(&dir.path().join("fuzz.sqlite")).expect("store");
        let options = dayseed_server::AppOptions {
            generation_nodes: 2_000_000,
            ..Default::default()
        };
        let state = dayseed_server::AppState::new(dayseed_catalog::registry(), store, options);
        let router = dayseed_server::app(state);
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("runtime");
        let created = runtime.block_on(send(
            &router,
            "POST",
            "/api/v1/players",
            None,
            br#"{"name":"fuzzer"}"#.to_vec(),
        ));
        let token = serde_json::from_slice::<Value>(&created.1).expect("player JSON")["token"]
            .as_str()
            .expect("token")
            .to_string();
        Http {
            runtime,
            router,
            token,
            _dir: dir,
        }
    })
}

async fn send(
    router: &Router,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Vec<u8>,
) -> (u16, Vec<u8>) {
    let mut request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json");
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    let request = request.body(Body::from(body)).expect("request");
    let response = router.clone().oneshot(request).await.expect("infallible");
    let status = response.status().as_u16();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
        .await
        .unwrap_or_default();
    (status, bytes.to_vec())
}

/// The JSON endpoints (first byte: which one; the rest is the body, sent with the player's
/// token): every answer is a status below 500 with a JSON body.
pub fn http_json(data: &[u8]) {
    const ROUTES: &[(&str, &str)] = &[
        ("POST", "/api/v1/check"),
        ("POST", "/api/v1/hint"),
        ("POST", "/api/v1/players"),
        ("PUT", "/api/v1/players/me"),
        ("POST", "/api/v1/sessions"),
        ("POST", "/api/v1/scores"),
        ("PUT", "/api/v1/saves"),
    ];
    let Some((first, body)) = data.split_first() else {
        return;
    };
    let (method, path) = ROUTES[usize::from(*first) % ROUTES.len()];
    let http = http();
    let (status, answer) = http.runtime.block_on(send(
        &http.router,
        method,
        path,
        Some(&http.token),
        body.to_vec(),
    ));
    assert!(
        status < 500,
        "{method} {path} answered {status}: {}",
        String::from_utf8_lossy(&answer)
    );
    assert!(
        serde_json::from_slice::<Value>(&answer).is_ok(),
        "{method} {path} answered {status} without JSON: {}",
        String::from_utf8_lossy(&answer)
    );
}
