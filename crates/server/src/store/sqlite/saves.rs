//! Progress saves owned by players, with a per-player quota and a version counter.
//!
//! Every write is one conditional statement inside an immediate transaction (so two
//! connections to one file serialise on the write lock instead of both reading first): an
//! `UPDATE ... WHERE version = n`, an `INSERT ... ON CONFLICT DO NOTHING` (create only), or an
//! upsert (last write wins), each `RETURNING` the new version. The quota is a condition of the
//! same `INSERT`.

use rusqlite::{OptionalExtension, TransactionBehavior, params};

use super::Sqlite;
use crate::error::ServerError;
use crate::store::SaveWrite;

/// Replaces a save only at the version the writer read.
const UPDATE_AT_VERSION: &str = "UPDATE player_saves SET save = ?3, updated_at = ?4,
        version = version + 1
     WHERE player_id = ?1 AND id = ?2 AND version = ?5
     RETURNING version";

/// Creates a save only when there is none for the id and the player is under the quota.
const CREATE_ONLY: &str = "INSERT INTO player_saves (player_id, id, save, updated_at, version)
     SELECT ?1, ?2, ?3, ?4, 1
     WHERE (SELECT COUNT(*) FROM player_saves WHERE player_id = ?1) < ?5
     ON CONFLICT (player_id, id) DO NOTHING
     RETURNING version";

/// Creates (under the quota) or replaces a save whatever its version.
const LAST_WRITE_WINS: &str = "INSERT INTO player_saves (player_id, id, save, updated_at, version)
     SELECT ?1, ?2, ?3, ?4, 1
     WHERE (SELECT COUNT(*) FROM player_saves WHERE player_id = ?1) < ?5
        OR EXISTS (SELECT 1 FROM player_saves WHERE player_id = ?1 AND id = ?2)
     ON CONFLICT (player_id, id) DO UPDATE SET save = excluded.save,
         updated_at = excluded.updated_at, version = player_saves.version + 1
     RETURNING version";

impl Sqlite {
    /// See [`crate::store::Store::put_save_versioned`].
    pub fn put_save_versioned(
        &self,
        player_id: i64,
        id: &str,
        save_json: &str,
        expected: Option<i64>,
        max_saves: u64,
    ) -> Result<SaveWrite, ServerError> {
        let max = i64::try_from(max_saves).unwrap_or(i64::MAX);
        let now = super::now_ms();
        let mut conn = self.lock();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| self.db(e))?;
        let written: Option<i64> = match expected {
            Some(n) if n > 0 => tx.query_row(
                UPDATE_AT_VERSION,
                params![player_id, id, save_json, now, n],
                |r| r.get(0),
            ),
            Some(_) => tx.query_row(
                CREATE_ONLY,
                params![player_id, id, save_json, now, max],
                |r| r.get(0),
            ),
            None => tx.query_row(
                LAST_WRITE_WINS,
                params![player_id, id, save_json, now, max],
                |r| r.get(0),
            ),
        }
        .optional()
        .map_err(|e| self.db(e))?;
        let outcome = match written {
            Some(version) => SaveWrite::Saved(version),
            None => {
                let current: Option<i64> = tx
                    .query_row(
                        "SELECT version FROM player_saves WHERE player_id = ?1 AND id = ?2",
                        params![player_id, id],
                        |r| r.get(0),
                    )
                    .optional()
                    .map_err(|e| self.db(e))?;
                match (current, expected) {
                    (Some(v), _) => SaveWrite::Conflict(v),
                    (None, Some(n)) if n > 0 => SaveWrite::Conflict(0),
                    (None, _) => SaveWrite::Quota,
                }
            }
        };
        tx.commit().map_err(|e| self.db(e))?;
        Ok(outcome)
    }

    /// See [`crate::store::Store::get_save_versioned`].
    pub fn get_save_versioned(
        &self,
        player_id: i64,
        id: &str,
    ) -> Result<Option<(String, i64)>, ServerError> {
        self.lock()
            .query_row(
                "SELECT save, version FROM player_saves WHERE player_id = ?1 AND id = ?2",
                params![player_id, id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(|e| self.db(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saves_upsert_per_owner_within_quota() {
        let dir = tempfile::tempdir().unwrap();
        let store = Sqlite::open(&dir.path().join("v.sqlite")).unwrap();
        assert_eq!(store.create_player("a", "a", "ha").unwrap(), Some(1));
        assert_eq!(store.create_player("b", "b", "hb").unwrap(), Some(2));
        let put = |player, id: &str, text: &str| {
            let written = store.put_save_versioned(player, id, text, None, 2).unwrap();
            matches!(written, SaveWrite::Saved(_))
        };
        let get = |player, id: &str| {
            store
                .get_save_versioned(player, id)
                .unwrap()
                .map(|(save, _)| save)
        };
        assert!(put(1, "x", "{\"a\":1}"));
        assert!(put(1, "x", "{\"a\":2}"));
        assert_eq!(get(1, "x").unwrap(), "{\"a\":2}");
        assert_eq!(get(2, "x"), None);
        assert!(put(1, "y", "{}"));
        assert!(!put(1, "z", "{}"), "quota");
        assert!(put(1, "y", "{\"b\":1}"), "replacing is fine");
    }

    #[test]
    fn a_stale_version_is_refused_with_the_current_one() {
        let dir = tempfile::tempdir().unwrap();
        let store = Sqlite::open(&dir.path().join("w.sqlite")).unwrap();
        assert_eq!(store.create_player("a", "a", "ha").unwrap(), Some(1));
        let put = |expected, text: &str| store.put_save_versioned(1, "x", text, expected, 2);
        assert_eq!(
            put(Some(3), "{}").unwrap(),
            SaveWrite::Conflict(0),
            "none yet"
        );
        assert_eq!(put(Some(0), "{\"a\":1}").unwrap(), SaveWrite::Saved(1));
        assert_eq!(
            put(Some(0), "{}").unwrap(),
            SaveWrite::Conflict(1),
            "exists"
        );
        assert_eq!(put(Some(1), "{\"a\":2}").unwrap(), SaveWrite::Saved(2));
        assert_eq!(put(Some(1), "{\"a\":9}").unwrap(), SaveWrite::Conflict(2));
        assert_eq!(put(None, "{\"a\":3}").unwrap(), SaveWrite::Saved(3));
        assert_eq!(
            store.get_save_versioned(1, "x").unwrap(),
            Some(("{\"a\":3}".to_string(), 3))
        );
        assert_eq!(
            store.put_save_versioned(1, "y", "{}", Some(0), 1).unwrap(),
            SaveWrite::Quota
        );
    }
}
