//! dayseed-server: the HTTP service behind `dayseed serve` and the archive loader behind
//! `dayseed import`.
//!
//! * [`serve`] binds, prints `listening on http://ADDR/` on stdout, and serves until ctrl-c or
//!   SIGTERM. [`app`] builds the router alone, so tests drive it on their own socket.
//! * The API (`/api/v1`, described by `GET /api/v1/openapi.json`, the file `src/openapi.json`):
//!   genres, the daily per genre and day policy, puzzles by id (regenerated, cached in a bounded
//!   LRU), a random archived puzzle, check, hint, players with secret tokens ([`auth`]), play
//!   sessions timed by the server, score submission (re-verified: session owner, leaderboard
//!   policy and window, digest, rule-based check; one best entry per player and board) and
//!   leaderboards, and v2 progress saves owned by their player.
//! * Errors are `{"error": {"code", "message"}}` with a 4xx status naming the problem, or 500
//!   `internal` without details (those go to the log). Bodies are limited to
//!   [`extract::MAX_BODY_BYTES`].
//! * The [`store`] is SQLite (the default; WAL, `synchronous=FULL`) or PostgreSQL (for several
//!   stateless replicas over one database): a score is acknowledged with 201 only after its
//!   transaction committed, so nothing acknowledged is lost to a crash.
//! * The [`policy`] decides which generator versions may post scores per genre and day.
//! * Static files: the web directory is served at `/` ([`static_files`]: small files from
//!   memory, the rest through tower-http's `ServeDir`); without one, `/` says so.
//! * Connections ([`listen`]): HTTP/1.1, request headers within 10 s (idle keep-alive
//!   connections are closed after that too), at most 1,024 open at once, drained on shutdown;
//!   per peer address at most 256 connections and 50 requests a second after a burst of 200
//!   (`dayseed serve --max-connections-per-address`, `--requests-per-second`, `--request-burst`),
//!   beyond which it answers 429 with `Retry-After`.
//! * CPU-heavy work runs in bounded pools ([`work`]): generation under a node ceiling, one job
//!   per id (single flight), cancelled when nobody waits any more, at most half the cores at
//!   once; checks and hints apart from it ([`AppState::compute`]). A full queue is a 503 `busy`
//!   with `Retry-After`.
//! * Request logs: one `tracing` span and line per request (tower-http), to stderr;
//!   `RUST_LOG` filters them (default `info`).

pub mod auth;
pub mod cache;
pub mod deadline;
pub mod error;
pub mod extract;
pub mod foreign;
pub mod guard;
pub mod handlers;
pub mod import;
pub mod listen;
pub mod policy;
pub mod rates;
pub mod readiness;
pub mod routes;
pub mod state;
pub mod static_files;
pub mod store;
pub mod validate;
pub mod work;

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;

pub use error::{AppError, ServerError};
pub use import::{ImportSummary, import_into, import_jsonl};
pub use policy::LeaderboardPolicy;
pub use routes::app;
pub use state::{AppOptions, AppState};
pub use store::Store;

use dayseed_core::Registry;

/// How `dayseed serve` runs the service.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// Where to listen (port 0 picks a free port; the real one is printed).
    pub addr: SocketAddr,
    /// The database: `sqlite:PATH` or a bare path (SQLite, created if missing), or
    /// `postgres://user@host/db` (see [`store::DbSpec`]).
    pub db: String,
    /// The web page's directory served at `/`, if any.
    pub web_dir: Option<PathBuf>,
    /// Connection and per-address request limits.
    pub limits: listen::ConnectionLimits,
    /// PostgreSQL pool size and timeouts (ignored for SQLite).
    pub pg: store::PgOptions,
}

/// Opens the database as the state `serve` uses, over the given registry (the binary passes
/// `dayseed_catalog::registry()`, a build with an extra genre passes that registry).
pub fn open_state(config: &ServerConfig, registry: Registry) -> Result<AppState, ServerError> {
    if let Some(dir) = &config.web_dir
        && !dir.is_dir()
    {
        return Err(ServerError::WebDir(dir.clone()));
    }
    let store = Store::connect_with(&config.db, config.pg.clone())?;
    let options = AppOptions {
        web_dir: config.web_dir.clone(),
        ..AppOptions::default()
    };
    Ok(AppState::new(registry, store, options))
}

/// Runs the service until ctrl-c or SIGTERM. The first line on stdout is
/// `listening on http://ADDR/` with the bound address (flushed at once).
pub async fn serve(config: ServerConfig, registry: Registry) -> Result<(), ServerError> {
    init_logging();
    // Opening may block (migrations, the PostgreSQL backend's own runtime): not on a worker.
    let opening = config.clone();
    let state = tokio::task::spawn_blocking(move || open_state(&opening, registry))
        .await
        .map_err(|e| ServerError::Task(e.to_string()))??;
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|source| ServerError::Bind {
            addr: config.addr,
            source,
        })?;
    let local = listener.local_addr().map_err(|source| ServerError::Io {
        what: "reading the bound address".into(),
        source,
    })?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "listening on http://{local}/")
        .and_then(|()| out.flush())
        .map_err(|source| ServerError::Io {
            what: "writing to stdout".into(),
            source,
        })?;
    drop(out);
    tracing::info!(%local, db = %store::DbSpec::parse(&config.db).map(|d| d.display()).unwrap_or_default(), "dayseed serving");
    let rates = rates::Rates::for_store(state.store(), &config.limits);
    if rates.is_shared() {
        tracing::info!(
            "per-address request rates are counted in the database (shared by replicas)"
        );
    }
    listen::serve_connections_with_rates(
        listener,
        app(state),
        config.limits,
        rates,
        shutdown_signal(),
    )
    .await;
    Ok(())
}

/// Logs to stderr, filtered by `RUST_LOG` (default `info`). Does nothing if a subscriber is set.
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}
