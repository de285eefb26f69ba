//! The router: every route of the API, the static web directory, and the middleware.
//!
//! Keep `openapi.json` in sync: a test reads this file and checks every `.route(...)` path and
//! method appears in the document.

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{any, get, post};
use tower_http::LatencyUnit;
use tower_http::trace::{DefaultMakeSpan, DefaultOnResponse, TraceLayer};
use tracing::Level;

use crate::deadline;
use crate::extract::MAX_BODY_BYTES;
use crate::guard;
use crate::handlers::{meta, play, player_scores, players, puzzles, saves, scores, sessions};
use crate::state::AppState;
use crate::static_files;

/// The whole application: API routes, `/healthz`, static files (or a note when there are none),
/// the body limit, the request deadline and request logging.
pub fn app(state: AppState) -> Router {
    let router = Router::new()
        .route("/api/v1/genres", get(meta::genres))
        .route("/api/v1/daily/{genre}", get(puzzles::daily))
        .route("/api/v1/puzzles/{id}", get(puzzles::by_id))
        .route("/api/v1/archive/random", get(puzzles::random_archived))
        .route("/api/v1/check", post(play::check))
        .route("/api/v1/hint", post(play::hint))
        .route("/api/v1/players", post(players::create))
        .route("/api/v1/players/me", get(players::me).put(players::rename))
        .route("/api/v1/players/me/scores", get(player_scores::list))
        .route("/api/v1/sessions", post(sessions::start))
        .route(
            "/api/v1/sessions/{session}/hints",
            post(sessions::report_hint),
        )
        .route("/api/v1/scores", post(scores::submit))
        .route("/api/v1/leaderboard/{id}", get(scores::leaderboard))
        .route("/api/v1/saves", get(saves::get).put(saves::put))
        .route("/api/v1/openapi.json", get(meta::openapi))
        .route("/healthz", get(meta::healthz))
        .route("/readyz", get(meta::readyz))
        .route("/api/{*rest}", any(meta::no_route))
        .method_not_allowed_fallback(meta::method_not_allowed);
    let router = match state.web_dir() {
        Some(_) => router.fallback(static_files::serve_static),
        None => router.fallback(meta::no_web_dir),
    };
    router
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn(guard::guard))
        .layer(axum::middleware::from_fn_with_state(
            deadline::REQUEST_DEADLINE,
            deadline::enforce,
        ))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(DefaultMakeSpan::new().level(Level::INFO))
                .on_response(
                    DefaultOnResponse::new()
                        .level(Level::INFO)
                        .latency_unit(LatencyUnit::Micros),
                ),
        )
        .with_state(state)
}
