//! The shared application state and the board lookup (regenerate by id, cached).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use axum::http::StatusCode;
use dayseed_core::meter::{self, Stop};

use axum::body::Bytes;
use dayseed_core::day::format_date;
use dayseed_core::{DynGenre, GeneratedRecord, PuzzleId, Registry, Source};
use serde::Serialize;
use serde_json::Value;

use crate::cache::Lru;
use crate::error::AppError;
use crate::policy::LeaderboardPolicy;
use crate::static_files::StaticCache;
use crate::store::Store;
use crate::work::{Flights, WorkPool};

/// How many regenerated boards the cache keeps.
pub const CACHE_CAPACITY: usize = 512;

/// The default ceiling on the search nodes one board's generation may spend.
pub const GENERATION_NODES: u64 = 4_000_000_000;

/// Choices besides the registry and the store.
#[derive(Debug, Clone)]
pub struct AppOptions {
    /// Which generator versions may post scores (default: [`crate::policy::RULES`]).
    pub policy: LeaderboardPolicy,
    /// Static files served at `/` (the web page), if any.
    pub web_dir: Option<PathBuf>,
    /// The most search nodes one board's generation may spend (default [`GENERATION_NODES`]);
    /// an id that needs more is answered 422 `too_expensive`.
    pub generation_nodes: u64,
    /// Boards generated at once (default: half the cores, at least one), so checks, hints and
    /// cached boards keep a core.
    pub generation_workers: usize,
    /// Generations that may wait for a worker before new ones get 503 `busy` (default 8).
    pub generation_queue: usize,
}

impl Default for AppOptions {
    fn default() -> AppOptions {
        AppOptions {
            policy: LeaderboardPolicy::default(),
            web_dir: None,
            generation_nodes: GENERATION_NODES,
            generation_workers: (cores() / 2).max(1),
            generation_queue: 8,
        }
    }
}

/// Everything a handler needs; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    registry: Registry,
    store: Store,
    policy: LeaderboardPolicy,
    web_dir: Option<PathBuf>,
    cache: Mutex<Lru<String, Arc<CachedPuzzle>>>,
    genres_json: Bytes,
    cpu: WorkPool,
    generation: WorkPool,
    flights: Arc<Flights<Arc<CachedPuzzle>>>,
    generation_nodes: u64,
    static_cache: Option<StaticCache>,
}

/// A puzzle regenerated from its id and kept in the cache, with the public JSON view ready to send.
pub struct CachedPuzzle {
    /// The genre.
    pub genre: &'static dyn DynGenre,
    /// The parsed id.
    pub id: PuzzleId,
    /// The generated record (its puzzle JSON includes the answer: never send it). Its
    /// `model` is the board's typed model, made by the generator: checks and hints on a cached
    /// board use it and parse nothing.
    pub record: GeneratedRecord,
    /// The response body for `GET /puzzles/{id}` and the daily: the view without the answer.
    pub public_json: Bytes,
}

impl CachedPuzzle {
    /// `<genre>:<digest>`: what identifies the board whatever id names it (its leaderboard).
    pub fn key(&self) -> String {
        format!("{}:{}", self.genre.name(), self.record.digest)
    }
}

/// The public view of a board: identity, day, digest and the puzzle without its answer.
#[derive(Serialize)]
pub struct PuzzleView<'a> {
    /// Full id.
    pub id: &'a str,
    /// Genre name.
    pub genre: &'a str,
    /// Generator version (`g1`).
    pub version: &'a str,
    /// Board digest.
    pub digest: &'a str,
    /// Epoch day for dailies, else null.
    pub epoch_day: Option<i64>,
    /// `YYYY-MM-DD` for dailies, else null.
    pub date: Option<String>,
    /// Day policy name for dailies, else null.
    pub policy: Option<&'static str>,
    /// Genre puzzle JSON without the answer.
    pub puzzle: Value,
}

impl<'a> PuzzleView<'a> {
    /// The view of a board of `genre` named `id`, removing the answer from `puzzle`.
    pub fn new(
        genre: &dyn DynGenre,
        id: &'a PuzzleId,
        id_text: &'a str,
        version: &'a str,
        digest: &'a str,
        puzzle: &Value,
    ) -> Result<PuzzleView<'a>, AppError> {
        let (epoch_day, date, policy) = match id.source {
            Source::Daily { policy, epoch_day } => (
                Some(epoch_day),
                format_date(epoch_day).ok(),
                Some(policy.name()),
            ),
            Source::Seed(_) => (None, None, None),
        };
        Ok(PuzzleView {
            id: id_text,
            genre: genre.name(),
            version,
            digest,
            epoch_day,
            date,
            policy,
            puzzle: genre.without_solution(puzzle)?,
        })
    }
}

impl AppState {
    /// State over a registry and an open store.
    pub fn new(registry: Registry, store: Store, options: AppOptions) -> AppState {
        let genres_json = Bytes::from(genres_json(&registry).to_string());
        AppState {
            inner: Arc::new(Inner {
                registry,
                store,
                policy: options.policy,
                web_dir: options.web_dir.clone(),
                cache: Mutex::new(Lru::new(CACHE_CAPACITY)),
                genres_json,
                cpu: WorkPool::new("check and hint", cores() * 2, 256),
                generation: WorkPool::new(
                    "generation",
                    options.generation_workers,
                    options.generation_queue,
                ),
                flights: Arc::default(),
                generation_nodes: options.generation_nodes,
                static_cache: options.web_dir.as_deref().map(StaticCache::new),
            }),
        }
    }

    /// The genre registry.
    pub fn registry(&self) -> &Registry {
        &self.inner.registry
    }

    /// The database.
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The leaderboard policy.
    pub fn policy(&self) -> &LeaderboardPolicy {
        &self.inner.policy
    }

    /// The static web directory, if configured.
    pub fn web_dir(&self) -> Option<&PathBuf> {
        self.inner.web_dir.as_ref()
    }

    /// In-memory copies of small web files, when a web directory is configured.
    pub fn static_cache(&self) -> Option<&StaticCache> {
        self.inner.static_cache.as_ref()
    }

    /// The `GET /api/v1/genres` body, computed once.
    pub fn genres_json(&self) -> Bytes {
        self.inner.genres_json.clone()
    }

    /// Parses an id and checks its genre is registered (no generation).
    pub fn parse_id(&self, id: &str) -> Result<(PuzzleId, &'static dyn DynGenre), AppError> {
        Ok(self.inner.registry.parse_id(id)?)
    }

    /// The board an id names: from the cache, or regenerated in the generation pool under the
    /// node ceiling. Concurrent requests for one id share one job; when all of them are gone the
    /// job is cancelled.
    pub async fn board(&self, id: &str) -> Result<Arc<CachedPuzzle>, AppError> {
        let (id, genre) = self.parse_id(id)?;
        let key = id.to_string();
        if let Some(hit) = self.cache().get(&key) {
            return Ok(hit);
        }
        let app = self.clone();
        let job_key = key.clone();
        self.inner
            .flights
            .join(&key, move |flight| {
                tokio::spawn(async move {
                    let cancel = flight.cancel_flag();
                    let limit = app.inner.generation_nodes;
                    let result = app
                        .inner
                        .generation
                        .run(move || generate(genre, id, limit, cancel))
                        .await
                        .map(Arc::new);
                    if let Ok(board) = &result {
                        app.cache().insert(job_key.clone(), Arc::clone(board));
                    }
                    app.inner.flights.finish(&job_key, &flight, result);
                });
            })
            .await
    }

    /// Boards being generated now.
    pub fn generations_in_flight(&self) -> usize {
        self.inner.flights.len()
    }

    /// Runs CPU-heavy work (solving, hints, checks) on a blocking thread in a bounded pool
    /// (twice the cores at once, 256 waiting; beyond that 503 `busy`).
    pub async fn compute<T, F>(&self, work: F) -> Result<T, AppError>
    where
        F: FnOnce() -> Result<T, AppError> + Send + 'static,
        T: Send + 'static,
    {
        self.inner.cpu.run(work).await
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, Lru<String, Arc<CachedPuzzle>>> {
        self.inner.cache.lock().unwrap_or_else(|e| e.into_inner())
    }
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// Generates `id` under a meter of `limit` nodes watching `cancel`.
fn generate(
    genre: &'static dyn DynGenre,
    id: PuzzleId,
    limit: u64,
    cancel: Arc<AtomicBool>,
) -> Result<CachedPuzzle, AppError> {
    if cancel.load(Ordering::SeqCst) {
        return Err(cancelled());
    }
    let run = meter::metered(limit, cancel, || genre.generate(&id));
    match run.stopped {
        Some(Stop::Cancelled) => return Err(cancelled()),
        Some(Stop::OverLimit) => {
            return Err(AppError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "too_expensive",
                format!(
                    "{id} needs more than the {limit} search nodes this server spends on one \
                     board; choose smaller or easier parameters"
                ),
            ));
        }
        None => {}
    }
    tracing::debug!(%id, nodes = run.nodes, "generated");
    let record = run.value.ok_or_else(cancelled)??;
    let view = PuzzleView::new(
        genre,
        &id,
        &record.id,
        &record.version,
        &record.digest,
        &record.puzzle,
    )?;
    let public_json = Bytes::from(serde_json::to_vec(&view).map_err(AppError::internal)?);
    Ok(CachedPuzzle {
        genre,
        id,
        record,
        public_json,
    })
}

fn cancelled() -> AppError {
    AppError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "cancelled",
        "the generation was cancelled: every request waiting for it went away",
    )
}

fn genres_json(registry: &Registry) -> Value {
    Value::Array(
        registry
            .genres()
            .iter()
            .map(|g| dayseed_core::registry::genre_summary(*g))
            .collect(),
    )
}
