//! Player saves and their schema versions.
//!
//! * Schema v2: `{"schema": 2, "id", "board", "digest", "progress"}` — the id, a snapshot of the
//!   board (genre JSON), the board's digest, and the player's progress (genre state JSON).
//! * Schema v1 (legacy, written before versioned ids; it has no `schema` field):
//!   `{"board", "entries", "id"?, "genre"?}` where `id`, when present, is an id without the `-gN`
//!   suffix and `genre` defaults to the id's genre, else `sudoku` (v1 clients only had Sudoku).
//!   Migration promotes it to g1 only when provenance is known — the id is present and
//!   regenerating it with g1 gives exactly the saved board's digest. Otherwise the save is filed
//!   under `<genre>:legacy-<digest>`, keeping the board snapshot so it stays playable.
//! * Any other `schema` value is an explicit error.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::digest::is_digest;
use crate::error::{Error, ErrorKind, Result};
use crate::id::{PuzzleId, Version};
use crate::registry::Registry;

/// The current save schema number.
pub const SAVE_SCHEMA: u32 = 2;
/// The largest save accepted, in bytes of JSON.
pub const MAX_SAVE_BYTES: usize = 1 << 20;

/// A schema-v2 save.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveV2 {
    /// Always 2.
    pub schema: u32,
    /// A full versioned id, or `<genre>:legacy-<digest>` for migrated saves of unknown origin.
    pub id: String,
    /// The board snapshot (genre puzzle JSON).
    pub board: Value,
    /// The board's digest.
    pub digest: String,
    /// The player's progress (genre state JSON).
    pub progress: Value,
}

/// How a save was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Migration {
    /// It was already schema v2.
    None,
    /// A v1 save whose provenance was proven, promoted to a g1 id.
    PromotedToG1,
    /// A v1 save of unknown provenance, filed under a legacy digest id.
    Legacy,
}

fn invalid(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::InvalidSave, message)
}

/// The id under which a save of unknown provenance is filed.
pub fn legacy_id(genre: &str, digest: &str) -> String {
    format!("{genre}:legacy-{digest}")
}

/// Builds a v2 save for a board and progress, computing the digest.
pub fn new_save(registry: &Registry, id: &str, board: Value, progress: Value) -> Result<SaveV2> {
    let genre = registry.get(genre_of(id)?)?;
    let digest = genre.digest(&board)?;
    Ok(SaveV2 {
        schema: SAVE_SCHEMA,
        id: id.to_string(),
        board,
        digest,
        progress,
    })
}

fn genre_of(id: &str) -> Result<&str> {
    id.split_once(':')
        .map(|(g, _)| g)
        .ok_or_else(|| invalid(format!("save id '{id}' has no genre")))
}

/// Reads a save of any known schema, verifies it, and returns it as v2 with how it was migrated.
pub fn load(registry: &Registry, text: &str) -> Result<(SaveV2, Migration)> {
    if text.len() > MAX_SAVE_BYTES {
        return Err(invalid(format!(
            "save is larger than {MAX_SAVE_BYTES} bytes"
        )));
    }
    let value: Value =
        serde_json::from_str(text).map_err(|e| invalid(format!("save is not JSON: {e}")))?;
    let obj = value
        .as_object()
        .ok_or_else(|| invalid("save must be a JSON object"))?;
    match obj.get("schema") {
        None => migrate_v1(registry, &value),
        Some(Value::Number(n)) if n.as_u64() == Some(2) => {
            let save: SaveV2 = serde_json::from_value(value.clone())
                .map_err(|e| invalid(format!("schema 2 save is not valid: {e}")))?;
            verify_v2(registry, &save)?;
            Ok((save, Migration::None))
        }
        Some(other) => Err(invalid(format!(
            "unknown save schema {other}; supported: 2 (and legacy saves without a schema)"
        ))),
    }
}

fn verify_v2(registry: &Registry, save: &SaveV2) -> Result<()> {
    let genre_name = genre_of(&save.id)?;
    let genre = registry.get(genre_name)?;
    let rest = &save.id[genre_name.len() + 1..];
    if let Some(d) = rest.strip_prefix("legacy-") {
        if !is_digest(d) {
            return Err(invalid(format!(
                "save id '{}' has a malformed legacy digest",
                save.id
            )));
        }
    } else {
        save.id.parse::<PuzzleId>()?;
    }
    let digest = genre.digest(&save.board)?;
    if digest != save.digest {
        return Err(invalid(format!(
            "save for {} does not match its board: digest {} recorded, {} computed",
            save.id, save.digest, digest
        )));
    }
    Ok(())
}

fn migrate_v1(registry: &Registry, value: &Value) -> Result<(SaveV2, Migration)> {
    let board = value
        .get("board")
        .cloned()
        .ok_or_else(|| invalid("legacy save has no 'board'"))?;
    let progress = value.get("entries").cloned().unwrap_or(Value::Null);
    let old_id = match value.get("id") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.as_str()),
        Some(_) => return Err(invalid("legacy save 'id' must be a string")),
    };
    let genre_name = match (value.get("genre").and_then(Value::as_str), old_id) {
        (Some(g), _) => g,
        (None, Some(id)) => genre_of(id)?,
        (None, None) => "sudoku",
    };
    let genre = registry.get(genre_name)?;
    let digest = genre.digest(&board)?;
    if let Some(old) = old_id {
        let candidate = format!("{old}-{}", Version(1));
        if let Ok(id) = candidate.parse::<PuzzleId>()
            && id.genre == genre_name
            && let Ok(regenerated) = genre.generate(&id)
            && regenerated.digest == digest
        {
            let save = SaveV2 {
                schema: SAVE_SCHEMA,
                id: candidate,
                board,
                digest,
                progress,
            };
            return Ok((save, Migration::PromotedToG1));
        }
    }
    let save = SaveV2 {
        schema: SAVE_SCHEMA,
        id: legacy_id(genre_name, &digest),
        board,
        digest,
        progress,
    };
    Ok((save, Migration::Legacy))
}
