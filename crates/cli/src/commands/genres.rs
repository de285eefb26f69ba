//! `dayseed genres`: what is registered.

use anyhow::Result;
use dayseed_core::Registry;
use serde_json::json;

use super::Outcome;

pub fn run(registry: &Registry, as_json: bool) -> Result<Outcome> {
    for g in registry.genres() {
        if as_json {
            let line = json!({
                "name": g.name(),
                "current_version": g.current_version().to_string(),
                "versions": g.versions(),
                "capabilities": g.capabilities(),
                "daily_params": g.daily_params(None)?,
            });
            outln!("{line}");
        } else {
            let versions: Vec<String> = g
                .versions()
                .iter()
                .map(|v| format!("{} ({:?})", v.version, v.status).to_lowercase())
                .collect();
            outln!(
                "{:<12} versions: {}; daily params: {}",
                g.name(),
                versions.join(", "),
                g.daily_params(None)?
            );
        }
    }
    Ok(Outcome::Success)
}
