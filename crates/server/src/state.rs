//! The shared application state and the board lookup (regenerate by id, cached).

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

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

/// How many regenerated boards the cache keeps.
pub const CACHE_CAPACITY: usize = 512;

/// Choices besides the registry and the store.
#[derive(Debug, Clone, Default)]
pub struct AppOptions {
    /// Which generator versions may post scores (default: [`crate::policy::RULES`]).
    pub policy: LeaderboardPolicy,
    /// Static files served at `/` (the web page), if any.
    pub web_dir: Option<PathBuf>,
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
    cache: Mutex<Lru<String, Arc<Board>>>,
    genres_json: Bytes,
    cpu: tokio::sync::Semaphore,
    static_cache: Option<StaticCache>,
}

/// A board regenerated from its id, with the public JSON view ready to send.
pub struct Board {
    /// The genre.
    pub genre: &'static dyn DynGenre,
    /// The parsed id.
    pub id: PuzzleId,
    /// The generated record (its puzzle JSON includes the answer: never send it).
    pub record: GeneratedRecord,
    /// The response body for `GET /puzzles/{id}` and the daily: the view without the answer.
    pub public_json: Bytes,
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
                cpu: tokio::sync::Semaphore::new(cpu_permits()),
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

    /// The board an id names: from the cache, or regenerated on a blocking thread.
    pub async fn board(&self, id: &str) -> Result<Arc<Board>, AppError> {
        let (id, genre) = self.parse_id(id)?;
        let key = id.to_string();
        if let Some(hit) = self.cache().get(&key) {
            return Ok(hit);
        }
        let board = self
            .compute(move || -> Result<Board, AppError> {
                let record = genre.generate(&id)?;
                let view = PuzzleView::new(
                    genre,
                    &id,
                    &record.id,
                    &record.version,
                    &record.digest,
                    &record.puzzle,
                )?;
                let public_json =
                    Bytes::from(serde_json::to_vec(&view).map_err(AppError::internal)?);
                Ok(Board {
                    genre,
                    id,
                    record,
                    public_json,
                })
            })
            .await?;
        let board = Arc::new(board);
        self.cache().insert(key, Arc::clone(&board));
        Ok(board)
    }

    /// Runs CPU-heavy work (generation, solving, hints, checks) on a blocking thread, at most
    /// twice the number of cores at once, so a flood of expensive requests queues instead of
    /// starving the rest.
    pub async fn compute<T, F>(&self, work: F) -> Result<T, AppError>
    where
        F: FnOnce() -> Result<T, AppError> + Send + 'static,
        T: Send + 'static,
    {
        let _permit = self.inner.cpu.acquire().await.map_err(AppError::internal)?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(AppError::internal)?
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, Lru<String, Arc<Board>>> {
        self.inner.cache.lock().unwrap_or_else(|e| e.into_inner())
    }
}

fn cpu_permits() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get() * 2)
}

fn genres_json(registry: &Registry) -> Value {
    let list: Vec<Value> = registry
        .genres()
        .iter()
        .map(|g| {
            serde_json::json!({
                "name": g.name(),
                "current_version": g.current_version().to_string(),
                "versions": g.versions(),
                "capabilities": g.capabilities(),
                "daily_params": g.daily_params(None).ok(),
            })
        })
        .collect();
    Value::Array(list)
}
