//! `dayseed serve`: the HTTP service on a tokio runtime.

use anyhow::{Context, Result};
use dayseed_core::Registry;
use dayseed_server::ServerConfig;
use dayseed_server::store::PgOptions;
use std::time::Duration;

use super::Outcome;
use crate::args::ServeArgs;

pub fn run(a: ServeArgs, registry: Registry) -> Result<Outcome> {
    let web_dir = a.web.or_else(|| {
        let default = std::path::PathBuf::from("web");
        default.join("index.html").is_file().then_some(default)
    });
    if let Some(dir) = &web_dir
        && !dir.join("pkg").join("dayseed.wasm").is_file()
    {
        eprintln!(
            "dayseed: warning: {} has no pkg/dayseed.wasm, so the page cannot play; build it with \
             scripts/build-wasm.sh (the API works without it)",
            dir.display()
        );
    }
    let config = ServerConfig {
        addr: a.addr,
        db: a.db,
        web_dir,
        limits: dayseed_server::listen::ConnectionLimits {
            max_connections_per_peer: a.max_connections_per_address as usize,
            requests_per_second: a.requests_per_second,
            request_burst: a.request_burst,
            drain_timeout: Duration::from_secs(a.drain_timeout.into()),
            ..Default::default()
        },
        pg: PgOptions {
            max_connections: a.db_max_connections as usize,
            wait: Duration::from_secs(a.db_timeout.into()),
            statement_timeout: Duration::from_secs(a.db_timeout.into()),
        },
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(dayseed_server::serve(config, registry))?;
    Ok(Outcome::Success)
}
