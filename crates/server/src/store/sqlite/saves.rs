//! Progress saves owned by players, with a per-player quota.

use rusqlite::{OptionalExtension, params};

use super::{Sqlite, get_u64};
use crate::error::ServerError;

impl Sqlite {
    /// Stores (or replaces) a player's save for an id; `false` (nothing stored) when the id is
    /// new and the player already has `max_saves` saves.
    pub fn put_save(
        &self,
        player_id: i64,
        id: &str,
        save_json: &str,
        max_saves: u64,
    ) -> Result<bool, ServerError> {
        let mut conn = self.lock();
        let tx = conn.transaction().map_err(|e| self.db(e))?;
        let exists = tx
            .query_row(
                "SELECT 1 FROM player_saves WHERE player_id = ?1 AND id = ?2",
                params![player_id, id],
                |_| Ok(()),
            )
            .optional()
            .map_err(|e| self.db(e))?
            .is_some();
        if !exists {
            let count = tx
                .query_row(
                    "SELECT COUNT(*) FROM player_saves WHERE player_id = ?1",
                    params![player_id],
                    |r| get_u64(r, 0),
                )
                .map_err(|e| self.db(e))?;
            if count >= max_saves {
                return Ok(false);
            }
        }
        tx.execute(
            "INSERT INTO player_saves (player_id, id, save, updated_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (player_id, id) DO UPDATE SET save = excluded.save,
                                                       updated_at = excluded.updated_at",
            params![player_id, id, save_json, super::now_ms()],
        )
        .map_err(|e| self.db(e))?;
        tx.commit().map_err(|e| self.db(e))?;
        Ok(true)
    }

    /// A player's save for an id, as stored.
    pub fn get_save(&self, player_id: i64, id: &str) -> Result<Option<String>, ServerError> {
        self.lock()
            .query_row(
                "SELECT save FROM player_saves WHERE player_id = ?1 AND id = ?2",
                params![player_id, id],
                |r| r.get(0),
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
        assert!(store.put_save(1, "x", "{\"a\":1}", 2).unwrap());
        assert!(store.put_save(1, "x", "{\"a\":2}", 2).unwrap());
        assert_eq!(store.get_save(1, "x").unwrap().unwrap(), "{\"a\":2}");
        assert_eq!(store.get_save(2, "x").unwrap(), None);
        assert!(store.put_save(1, "y", "{}", 2).unwrap());
        assert!(!store.put_save(1, "z", "{}", 2).unwrap(), "quota");
        assert!(
            store.put_save(1, "y", "{\"b\":1}", 2).unwrap(),
            "replacing is fine"
        );
    }
}
