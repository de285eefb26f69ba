//! `dayseed import`: loads `dayseed gen` output (JSON lines), puzz.link URLs and Simon Tatham
//! game ids into the archive, one board a line.
//!
//! A JSON line (one that starts with `{`) is trusted for nothing but its id: the board is regenerated from the id through the
//! registry and its digest must equal the line's `digest`, otherwise the line is rejected (its
//! number and the reason are reported) and the rest of the file still loads. What is stored is
//! the regenerated board, filed under the archive labels its genre declares
//! ([`dayseed_core::Genre::label_specs`]), with the values the genre computes from the typed
//! params and board ([`dayseed_core::Genre::labels`]); no label is guessed from field names.
//!
//! Any other line is read as a board from another player ([`crate::foreign`]): a puzz.link
//! sudoku or slither URL, or a Solo, Loopy or Flip game id. It is decoded by its genre, must have
//! exactly one solution (proven within [`crate::foreign::UNIQUENESS_BUDGET`] nodes), and is
//! filed under its name by content, `<genre>:legacy-<digest>`, with version `legacy`, empty
//! params and no labels (they derive from generator params, which a foreign board does not
//! have). Such a board is served by `GET /api/v1/archive/random` like any other (its board,
//! without an answer, under that name), so a client can play it; it has no leaderboard, since
//! the server verifies scores on boards it regenerates from their ids. Importing the same board
//! again, in either form, finds it already archived.

use std::io::BufRead;

use dayseed_core::Registry;
use serde_json::Value;

use crate::error::ServerError;
use crate::store::{ArchiveRow, Store};

/// The longest line read, in bytes; longer lines are rejected without being kept in memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// How many rejected lines are described in the summary (all are counted).
pub const MAX_REPORTED: usize = 100;
const BATCH: usize = 256;

/// What an import did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportSummary {
    /// Non-empty lines read.
    pub lines: u64,
    /// Boards newly added to the archive.
    pub imported: u64,
    /// Verified boards that were already archived.
    pub duplicates: u64,
    /// Lines rejected (malformed, unknown genre/version, digest mismatch).
    pub rejected: u64,
    /// The first [`MAX_REPORTED`] rejections: 1-based line number and reason.
    pub problems: Vec<(u64, String)>,
}

/// Imports JSON lines into the archive of the database `db` names (a `--db` value: a SQLite path,
/// created if needed, or a PostgreSQL URL), using `registry` (the binary passes the catalog's).
pub fn import_jsonl(
    db: &str,
    registry: &Registry,
    reader: impl BufRead,
) -> Result<ImportSummary, ServerError> {
    let store = Store::connect(db)?;
    import_into(&store, registry, reader)
}

/// Imports JSON lines into an open store with a given registry.
pub fn import_into(
    store: &Store,
    registry: &Registry,
    mut reader: impl BufRead,
) -> Result<ImportSummary, ServerError> {
    let mut summary = ImportSummary::default();
    let mut batch = Vec::with_capacity(BATCH);
    let mut line = Vec::new();
    let mut number = 0u64;
    while let Some(too_long) = read_line(&mut reader, &mut line)? {
        number += 1;
        let text = String::from_utf8_lossy(&line);
        if !too_long && text.trim().is_empty() {
            continue;
        }
        summary.lines += 1;
        let verified = if too_long {
            Err(format!("longer than {MAX_LINE_BYTES} bytes"))
        } else {
            verify_line(registry, text.trim())
        };
        match verified {
            Ok(row) => batch.push(row),
            Err(why) => {
                summary.rejected += 1;
                if summary.problems.len() < MAX_REPORTED {
                    summary.problems.push((number, why));
                }
            }
        }
        if batch.len() >= BATCH {
            flush(store, &mut batch, &mut summary)?;
        }
    }
    flush(store, &mut batch, &mut summary)?;
    Ok(summary)
}

fn flush(
    store: &Store,
    batch: &mut Vec<ArchiveRow>,
    summary: &mut ImportSummary,
) -> Result<(), ServerError> {
    let added = store.insert_archive(batch)?;
    summary.imported += added;
    summary.duplicates += batch.len() as u64 - added;
    batch.clear();
    Ok(())
}

/// Reads one line into `buf` (without the newline). `None` at end of input; `Some(true)` when
/// the line was longer than [`MAX_LINE_BYTES`] (the rest of it is skipped, not stored).
fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> Result<Option<bool>, ServerError> {
    buf.clear();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let chunk = reader.fill_buf().map_err(|source| ServerError::Io {
            what: "reading the import input".into(),
            source,
        })?;
        if chunk.is_empty() {
            return Ok(read_any.then_some(too_long));
        }
        read_any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        if !too_long {
            if buf.len() + part.len() > MAX_LINE_BYTES {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(part);
            }
        }
        let used = done.unwrap_or(chunk.len());
        reader.consume(used);
        if done.is_some() {
            return Ok(Some(too_long));
        }
    }
}

fn verify_line(registry: &Registry, text: &str) -> Result<ArchiveRow, String> {
    if text.starts_with('{') {
        verify_record(registry, text)
    } else {
        verify_foreign(registry, text).map_err(|why| {
            // A foreign form, or a URL of a kind not read: the reader's words say it best.
            if crate::foreign::genre_of(text).is_some() || text.contains('?') {
                why
            } else {
                format!(
                    "neither a JSON line of `dayseed gen` nor a board dayseed reads ({})",
                    crate::foreign::FORMS_READ
                )
            }
        })
    }
}

/// A board from another player, proven unique, under its name by content.
fn verify_foreign(registry: &Registry, text: &str) -> Result<ArchiveRow, String> {
    let board = crate::foreign::read_foreign(registry, text)?;
    let puzzle = serde_json::to_string(&board.puzzle).map_err(|e| e.to_string())?;
    Ok(ArchiveRow {
        id: board.name,
        genre: board.genre.name().to_string(),
        size: None,
        difficulty: None,
        version: LEGACY_VERSION.to_string(),
        params: String::new(),
        digest: board.digest,
        puzzle,
    })
}

/// The version column of a board filed by content (it has no generator version).
pub const LEGACY_VERSION: &str = "legacy";

/// A `dayseed gen` line: regenerated from its id, its digest checked.
fn verify_record(registry: &Registry, text: &str) -> Result<ArchiveRow, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let field = |name: &str| {
        value
            .get(name)
            .and_then(Value::as_str)
            .ok_or_else(|| format!("no string field '{name}'"))
    };
    let id = field("id")?;
    let digest = field("digest")?;
    let record = registry.generate(id).map_err(|e| e.message().to_string())?;
    if record.digest != digest {
        let shown: String = digest.chars().take(64).collect();
        return Err(format!(
            "digest {shown} does not match the board regenerated from {id} ({})",
            record.digest
        ));
    }
    let (parsed, genre) = registry.parse_id(id).map_err(|e| e.message().to_string())?;
    let labels = genre
        .labels(&parsed, &record.puzzle)
        .map_err(|e| e.message().to_string())?;
    let puzzle = serde_json::to_string(&record.puzzle).map_err(|e| e.to_string())?;
    Ok(ArchiveRow {
        size: labels.size,
        difficulty: labels.difficulty,
        id: record.id,
        genre: record.genre.to_string(),
        version: record.version,
        params: parsed.params,
        digest: record.digest,
        puzzle,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_line_bounds_long_lines() {
        let long = "x".repeat(MAX_LINE_BYTES + 10);
        let input = format!("a\n{long}\nb");
        let mut reader = std::io::BufReader::with_capacity(1000, input.as_bytes());
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut reader, &mut buf).unwrap(), Some(false));
        assert_eq!(buf, b"a");
        assert_eq!(read_line(&mut reader, &mut buf).unwrap(), Some(true));
        assert!(buf.is_empty());
        assert_eq!(read_line(&mut reader, &mut buf).unwrap(), Some(false));
        assert_eq!(buf, b"b");
        assert_eq!(read_line(&mut reader, &mut buf).unwrap(), None);
    }
}
