//! Progress saves on PostgreSQL: a per-player quota and a version counter.
//!
//! A write based on a version is one `UPDATE ... WHERE version = n RETURNING version`: of two
//! replicas writing the same save from the same version, the second one's update re-checks the
//! row after the first committed (PostgreSQL re-evaluates the condition on the new row version
//! under READ COMMITTED), finds `n + 1`, and changes nothing. Writes that may create a save
//! (create-only, or last-write-wins without a version) lock the player's row first, so the
//! quota count cannot be passed by two replicas at once, then run one `INSERT ... ON CONFLICT`.

use super::{Postgres, Result};
use crate::store::{SaveWrite, now_ms};

/// Replaces a save only at the version the writer read.
const UPDATE_AT_VERSION: &str = "UPDATE player_saves SET save = $3, updated_at = $4,
        version = version + 1
     WHERE player_id = $1 AND id = $2 AND version = $5
     RETURNING version";

/// Creates a save only when there is none for the id and the player is under the quota.
const CREATE_ONLY: &str = "INSERT INTO player_saves (player_id, id, save, updated_at, version)
     SELECT $1::BIGINT, $2::TEXT, $3::TEXT, $4::BIGINT, 1
     WHERE (SELECT COUNT(*) FROM player_saves WHERE player_id = $1) < $5
     ON CONFLICT (player_id, id) DO NOTHING
     RETURNING version";

/// Creates (under the quota) or replaces a save whatever its version.
const LAST_WRITE_WINS: &str = "INSERT INTO player_saves (player_id, id, save, updated_at, version)
     SELECT $1::BIGINT, $2::TEXT, $3::TEXT, $4::BIGINT, 1
     WHERE (SELECT COUNT(*) FROM player_saves WHERE player_id = $1) < $5
        OR EXISTS (SELECT 1 FROM player_saves WHERE player_id = $1 AND id = $2)
     ON CONFLICT (player_id, id) DO UPDATE SET save = excluded.save,
         updated_at = excluded.updated_at, version = player_saves.version + 1
     RETURNING version";

const CURRENT: &str = "SELECT version FROM player_saves WHERE player_id = $1 AND id = $2";

impl Postgres {
    /// See [`crate::store::Store::put_save_versioned`].
    pub fn put_save_versioned(
        &self,
        player_id: i64,
        id: &str,
        save_json: &str,
        expected: Option<i64>,
        max_saves: u64,
    ) -> Result<SaveWrite> {
        let max = i64::try_from(max_saves).unwrap_or(i64::MAX);
        let now = now_ms();
        self.run(async {
            if let Some(n) = expected.filter(|n| *n > 0) {
                // One statement, no transaction needed: the row exists or this is a conflict.
                let row = self
                    .opt(UPDATE_AT_VERSION, &[&player_id, &id, &save_json, &now, &n])
                    .await?;
                if let Some(r) = row {
                    return Ok(SaveWrite::Saved(r.get(0)));
                }
                let current = self.opt(CURRENT, &[&player_id, &id]).await?;
                return Ok(SaveWrite::Conflict(current.map_or(0, |r| r.get(0))));
            }
            let mut client = self.client().await?;
            let tx = client.transaction().await.map_err(|e| self.pg(e))?;
            // Serialises this player's save creations across replicas, so the quota holds.
            self.lock_player(&tx, player_id).await?;
            let sql = if expected.is_some() {
                CREATE_ONLY
            } else {
                LAST_WRITE_WINS
            };
            let write = tx.prepare_cached(sql).await.map_err(|e| self.pg(e))?;
            let row = tx
                .query_opt(&write, &[&player_id, &id, &save_json, &now, &max])
                .await
                .map_err(|e| self.pg(e))?;
            let outcome = match row {
                Some(r) => SaveWrite::Saved(r.get(0)),
                None => {
                    let current = tx.prepare_cached(CURRENT).await.map_err(|e| self.pg(e))?;
                    match tx
                        .query_opt(&current, &[&player_id, &id])
                        .await
                        .map_err(|e| self.pg(e))?
                    {
                        Some(r) => SaveWrite::Conflict(r.get(0)),
                        None => SaveWrite::Quota,
                    }
                }
            };
            tx.commit().await.map_err(|e| self.pg(e))?;
            Ok(outcome)
        })
    }

    /// See [`crate::store::Store::get_save_versioned`].
    pub fn get_save_versioned(&self, player_id: i64, id: &str) -> Result<Option<(String, i64)>> {
        self.run(async {
            let row = self
                .opt(
                    "SELECT save, version FROM player_saves WHERE player_id = $1 AND id = $2",
                    &[&player_id, &id],
                )
                .await?;
            Ok(row.map(|r| (r.get(0), r.get(1))))
        })
    }
}
