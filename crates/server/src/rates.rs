//! Where each peer address's request rate is counted: in this process ([`RateLimiter`], the
//! SQLite default) or in the PostgreSQL database shared by every replica over it.
//!
//! Both are the same generic cell rate algorithm (a sustained rate after a burst, see
//! [`crate::listen::ConnectionLimits`]). On PostgreSQL every request costs one
//! `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` on an UNLOGGED table (see
//! `store/postgres/rates.rs`), so N replicas together let an address through at the configured
//! rate, not N times it. On SQLite the count stays in memory: one process is the only server of
//! a SQLite file, and a write to the file per request would serialise every request behind the
//! one writer lock and an fsync. When the database does not answer the check within
//! [`SHARED_CHECK_TIMEOUT`] the request is let through (its own database work then answers 503
//! if the database is really gone), so `/healthz` never waits on the database.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use crate::listen::{ConnectionLimits, RateLimiter};
use crate::store::{Postgres, Store};

/// How long a request waits for the shared rate check before it is let through.
pub const SHARED_CHECK_TIMEOUT: Duration = Duration::from_secs(1);

/// The request-rate counter of one server; cheap to clone.
#[derive(Clone)]
pub enum Rates {
    /// Counted in this process.
    Local(Arc<RateLimiter>),
    /// Counted in the PostgreSQL database, shared by every replica.
    Shared(SharedRates),
}

/// The shared counter: the database and the rate in microseconds.
#[derive(Clone)]
pub struct SharedRates {
    store: Postgres,
    interval_us: i64,
    tolerance_us: i64,
}

impl Rates {
    /// A counter in this process under `limits`.
    pub fn local(limits: &ConnectionLimits) -> Rates {
        Rates::Local(Arc::new(RateLimiter::new(
            limits.requests_per_second,
            limits.request_burst,
        )))
    }

    /// The counter a server over `store` uses: shared through the database on PostgreSQL (when
    /// the rate is on), in memory otherwise.
    pub fn for_store(store: &Store, limits: &ConnectionLimits) -> Rates {
        match store {
            Store::Postgres(pg) if limits.requests_per_second > 0 => {
                let interval_us = (1_000_000 / i64::from(limits.requests_per_second)).max(1);
                Rates::Shared(SharedRates {
                    store: pg.clone(),
                    interval_us,
                    tolerance_us: interval_us.saturating_mul(i64::from(limits.request_burst)),
                })
            }
            _ => Rates::local(limits),
        }
    }

    /// Whether the counter lives in the database.
    pub fn is_shared(&self) -> bool {
        matches!(self, Rates::Shared(_))
    }

    /// Counts one request of `ip`; `Err(seconds)` to wait when it is over the rate.
    pub async fn check(&self, ip: IpAddr) -> Result<(), u64> {
        match self {
            Rates::Local(limiter) => limiter.check(ip),
            Rates::Shared(shared) => shared.check(ip).await,
        }
    }
}

impl SharedRates {
    async fn check(&self, ip: IpAddr) -> Result<(), u64> {
        let asked = self
            .store
            .check_rate(ip.to_string(), self.interval_us, self.tolerance_us);
        match tokio::time::timeout(SHARED_CHECK_TIMEOUT, asked).await {
            Ok(Ok(answer)) if answer.allowed => Ok(()),
            Ok(Ok(answer)) => {
                let wait_us = u64::try_from(answer.ahead_us - self.tolerance_us).unwrap_or(1);
                Err(wait_us.div_ceil(1_000_000).max(1))
            }
            Ok(Err(error)) => {
                tracing::warn!(%error, "shared rate check failed; request let through");
                Ok(())
            }
            Err(_) => {
                tracing::warn!("shared rate check timed out; request let through");
                Ok(())
            }
        }
    }
}
