//! Daily puzzles, puzzles by id, and random archived puzzles.

use axum::body::Bytes;
use axum::extract::State;
use axum::response::Response;
use dayseed_core::day::parse_date;
use dayseed_core::{DayPolicy, PuzzleId};
use serde::Deserialize;
use serde_json::Value;

use crate::error::AppError;
use crate::extract::{ApiPath, ApiQuery};
use crate::handlers::{blocking, json_bytes};
use crate::state::{AppState, PuzzleView};
use crate::store::now_ms;
use crate::validate::param;

/// Query of `GET /api/v1/daily/{genre}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DailyQuery {
    difficulty: Option<String>,
    policy: Option<String>,
    tz: Option<String>,
    date: Option<String>,
}

/// `GET /api/v1/daily/{genre}`: today's board (or `date`'s) under the day policy.
pub async fn daily(
    State(state): State<AppState>,
    ApiPath(genre): ApiPath<String>,
    ApiQuery(q): ApiQuery<DailyQuery>,
) -> Result<Response, AppError> {
    let difficulty = param("difficulty", q.difficulty.as_deref())?;
    let tz = param("tz", q.tz.as_deref())?;
    let policy: DayPolicy = match param("policy", q.policy.as_deref())? {
        Some(p) => p.parse()?,
        None => DayPolicy::UtcV1,
    };
    let epoch_day = match param("date", q.date.as_deref())? {
        Some(d) => parse_date(d)?,
        None => policy.epoch_day(now_ms(), tz)?,
    };
    let id = state
        .registry()
        .daily_id(&genre, policy, epoch_day, difficulty)?;
    let board = state.board(&id.to_string()).await?;
    Ok(json_bytes(board.public_json.clone()))
}

/// `GET /api/v1/puzzles/{id}`: the board an id names, without its answer.
pub async fn by_id(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, AppError> {
    let board = state.board(&id).await?;
    Ok(json_bytes(board.public_json.clone()))
}

/// Query of `GET /api/v1/archive/random`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchiveQuery {
    genre: String,
    size: Option<String>,
    difficulty: Option<String>,
}

/// `GET /api/v1/archive/random`: a random imported board matching the filters.
pub async fn random_archived(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<ArchiveQuery>,
) -> Result<Response, AppError> {
    param("size", q.size.as_deref())?;
    param("difficulty", q.difficulty.as_deref())?;
    let genre = state.registry().get(&q.genre)?;
    let store = state.store().clone();
    let filters = (q.size.clone(), q.difficulty.clone());
    let row = blocking(move || {
        Ok(store.random_archived(genre.name(), filters.0.as_deref(), filters.1.as_deref())?)
    })
    .await?
    .ok_or_else(|| {
        // Say when a filter names a label this genre does not file its boards under: such a
        // filter can never match (the archive only holds the declared labels).
        let declared: Vec<&str> = genre.label_specs().iter().map(|l| l.label.name()).collect();
        let undeclared: Vec<&str> = [
            ("size", q.size.is_some()),
            ("difficulty", q.difficulty.is_some()),
        ]
        .into_iter()
        .filter(|&(name, given)| given && !declared.contains(&name))
        .map(|(name, _)| name)
        .collect();
        let why = if undeclared.is_empty() {
            String::new()
        } else {
            format!(
                "; {} boards are not filed by {} (their labels: {})",
                genre.name(),
                undeclared.join(" or "),
                if declared.is_empty() {
                    "none".to_string()
                } else {
                    declared.join(", ")
                }
            )
        };
        AppError::not_found(format!(
            "no archived {} puzzle matches genre={}{}{}{why} (load some with `dayseed import`)",
            genre.name(),
            genre.name(),
            q.size.map(|s| format!(", size={s}")).unwrap_or_default(),
            q.difficulty
                .map(|d| format!(", difficulty={d}"))
                .unwrap_or_default()
        ))
    })?;
    let puzzle: Value = serde_json::from_str(&row.puzzle).map_err(AppError::internal)?;
    let body = if crate::foreign::is_content_name(&row.id) {
        // A board imported from another player, named by content: no day, no seed.
        let view = PuzzleView {
            id: &row.id,
            genre: genre.name(),
            version: &row.version,
            digest: &row.digest,
            epoch_day: None,
            date: None,
            policy: None,
            puzzle: genre.without_solution(&puzzle)?,
        };
        serde_json::to_vec(&view)
    } else {
        let id: PuzzleId = row.id.parse()?;
        serde_json::to_vec(&PuzzleView::new(
            genre,
            &id,
            &row.id,
            &row.version,
            &row.digest,
            &puzzle,
        )?)
    }
    .map_err(AppError::internal)?;
    Ok(json_bytes(Bytes::from(body)))
}
