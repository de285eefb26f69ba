//! `GET /readyz`: whether the database answers, takes writes and carries every migration.
//!
//! `/healthz` only says the process serves HTTP; `/readyz` is what a load balancer or an operator
//! asks before sending players: it reads the schema version and makes a write that is rolled back
//! (a read-only, locked or corrupt file fails it), so a server whose every database request would
//! fail answers 503 here instead of `ok`.

use serde::Serialize;

use crate::store::Store;

/// What `/readyz` found.
#[derive(Debug, Serialize)]
pub struct Readiness {
    /// True when the database answered and took a (rolled back) write.
    pub database_ok: bool,
    /// The database's error when it did not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub database_error: Option<String>,
    /// The schema version found in the database (null when it could not be read).
    pub schema_version: Option<i64>,
    /// The schema version this build migrates to.
    pub schema_expected: i64,
}

impl Readiness {
    /// Ready to serve: the database works and is fully migrated.
    pub fn ready(&self) -> bool {
        self.database_ok && self.schema_version == Some(self.schema_expected)
    }
}

/// Probes the store (blocking: call it off the async threads).
pub fn probe(store: &Store) -> Readiness {
    let schema_expected = store.schema_expected();
    match store.probe() {
        Ok(version) => Readiness {
            database_ok: true,
            database_error: None,
            schema_version: Some(version),
            schema_expected,
        },
        Err(e) => {
            tracing::warn!(error = %e, "readiness: the database failed");
            Readiness {
                database_ok: false,
                database_error: Some(e.to_string()),
                schema_version: None,
                schema_expected,
            }
        }
    }
}
