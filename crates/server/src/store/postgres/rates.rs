//! Per-address request rates shared by every replica over one PostgreSQL database.
//!
//! A generic cell rate algorithm with its state in the table `request_rates (address, tat,
//! seen, allowed)`: `tat` is the address's theoretical arrival time in microseconds on the
//! database's clock (so replicas whose clocks differ still agree). One request is one
//! `INSERT ... ON CONFLICT (address) DO UPDATE ... RETURNING`: the row is locked for that
//! statement only, so requests of one address through N replicas are counted one after another
//! against one limit. The table is UNLOGGED (no WAL for a counter that may be forgotten), and rows
//! whose arrival time has passed (the same as no row) are deleted about once a minute.

use std::sync::atomic::{AtomicI64, Ordering};

use super::{Postgres, Result};
use crate::error::ServerError;
use crate::store::now_ms;

/// Counts one request of an address and says whether it is within the rate.
const CHECK: &str = "INSERT INTO request_rates AS r (address, tat, seen, allowed)
     SELECT $1::TEXT, clock.now + $2::BIGINT, clock.now, TRUE
     FROM (SELECT (EXTRACT(EPOCH FROM clock_timestamp()) * 1000000)::BIGINT AS now) AS clock
     ON CONFLICT (address) DO UPDATE SET
         seen = excluded.seen,
         allowed = GREATEST(r.tat, excluded.seen) - excluded.seen <= $3::BIGINT,
         tat = CASE WHEN GREATEST(r.tat, excluded.seen) - excluded.seen <= $3::BIGINT
                    THEN GREATEST(r.tat, excluded.seen) + $2::BIGINT
                    ELSE r.tat END
     RETURNING allowed, tat - seen";

/// Forgets addresses whose arrival time has passed.
const PRUNE: &str = "DELETE FROM request_rates
     WHERE tat < (EXTRACT(EPOCH FROM clock_timestamp()) * 1000000)::BIGINT";

/// How often (at most) one process prunes the table, in milliseconds.
const PRUNE_EVERY_MS: i64 = 60_000;

/// When this process last pruned (milliseconds since the epoch).
static LAST_PRUNE_MS: AtomicI64 = AtomicI64::new(0);

/// The answer for one request of an address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateAnswer {
    /// Within the rate: the request goes on.
    pub allowed: bool,
    /// How far the address's arrival time is ahead of now, in microseconds, after this request.
    pub ahead_us: i64,
}

impl Postgres {
    /// Counts one request of `address` against a rate of one request per `interval_us` after a
    /// tolerance of `tolerance_us` (the burst), in one statement. Runs on the store's runtime and
    /// may be awaited from any async task.
    pub async fn check_rate(
        &self,
        address: String,
        interval_us: i64,
        tolerance_us: i64,
    ) -> Result<RateAnswer> {
        let Some(rt) = &self.inner.rt.0 else {
            return Err(self.gone("the store was shut down".into()));
        };
        let store = self.clone();
        let task = rt.spawn(async move {
            let row = store
                .opt(CHECK, &[&address, &interval_us, &tolerance_us])
                .await?
                .ok_or_else(|| store.gone("the rate statement returned no row".into()))?;
            let now = now_ms();
            let last = LAST_PRUNE_MS.load(Ordering::Relaxed);
            if now - last >= PRUNE_EVERY_MS
                && LAST_PRUNE_MS
                    .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
            {
                let pruner = store.clone();
                tokio::spawn(async move {
                    if let Err(error) = pruner.opt(PRUNE, &[]).await {
                        tracing::warn!(%error, "pruning request_rates failed");
                    }
                });
            }
            Ok(RateAnswer {
                allowed: row.get(0),
                ahead_us: row.get(1),
            })
        });
        task.await.map_err(|e| ServerError::Task(e.to_string()))?
    }
}
