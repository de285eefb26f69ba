//! The accept loop: every connection gets a deadline for its request headers and the number of
//! open connections is capped, so idle or trickling clients cannot hold sockets for ever.
//!
//! `axum::serve` sets no timer on hyper, which leaves hyper's header-read timeout switched off:
//! a client that opens a connection and never finishes its headers would keep it open without
//! end. This loop serves the same router through hyper-util with a timer, a header deadline and
//! a connection cap (further clients wait in the kernel's accept queue), and drains open
//! connections on shutdown. One peer address may hold at most
//! [`ConnectionLimits::max_connections_per_peer`] of those connections: a further connection from
//! it is answered 429 with `Retry-After` and closed at once, so one client holding idle sockets
//! cannot take every slot. It speaks HTTP/1.1 only: hyper's HTTP/2 auto-detection waits for a
//! client's first bytes with no deadline at all, and the API and page need nothing of HTTP/2.

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1::Builder;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// Limits on the connections one server keeps open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// How long a client may take to send a request's headers before the connection is closed;
    /// this covers idle keep-alive connections too.
    pub header_read_timeout: Duration,
    /// The most connections served at once.
    pub max_connections: usize,
    /// How long shutdown waits for open connections to finish.
    pub drain_timeout: Duration,
    /// The most connections one peer address may hold at once (default 256).
    pub max_connections_per_peer: usize,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            header_read_timeout: Duration::from_secs(10),
            max_connections: 1024,
            drain_timeout: Duration::from_secs(10),
            max_connections_per_peer: 256,
        }
    }
}

/// Serves `router` on `listener` under `limits` until `shutdown` completes, then lets open
/// connections finish (up to the drain timeout).
pub async fn serve_connections(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) {
    let permits = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let per_peer: PeerCounts = Arc::default();
    let graceful = GracefulShutdown::new();
    let mut builder = Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = Arc::clone(&permits).acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(error) => {
                    // Out of descriptors and similar: wait a little instead of spinning.
                    tracing::warn!(%error, "accepting a connection failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Some(peer_slot) = PeerSlot::take(&per_peer, peer.ip(), limits.max_connections_per_peer)
        else {
            drop(permit);
            tokio::spawn(refuse(stream));
            continue;
        };
        let service = TowerToHyperService::new(router.clone());
        let connection = builder.serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, "connection ended with an error");
            }
            drop(peer_slot);
            drop(permit);
        });
    }
    drop(listener);
    if tokio::time::timeout(limits.drain_timeout, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("open connections did not finish within the drain timeout");
    }
}

type PeerCounts = Arc<Mutex<HashMap<IpAddr, usize>>>;

/// One connection counted against its peer address; released on drop.
struct PeerSlot {
    counts: PeerCounts,
    ip: IpAddr,
}

impl PeerSlot {
    fn take(counts: &PeerCounts, ip: IpAddr, max: usize) -> Option<PeerSlot> {
        let mut map = counts.lock().unwrap_or_else(|e| e.into_inner());
        let n = map.entry(ip).or_insert(0);
        if *n >= max.max(1) {
            return None;
        }
        *n += 1;
        Some(PeerSlot {
            counts: Arc::clone(counts),
            ip,
        })
    }
}

impl Drop for PeerSlot {
    fn drop(&mut self) {
        let mut map = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = map.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.ip);
            }
        }
    }
}

/// The answer to a connection over its peer's limit, written without reading the request.
const REFUSED: &[u8] = b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n\
retry-after: 1\r\nconnection: close\r\ncontent-length: 94\r\n\r\n\
{\"error\":{\"code\":\"too_many_connections\",\"message\":\"this address holds too many connections\"}}\n";

async fn refuse(mut stream: tokio::net::TcpStream) {
    use tokio::io::AsyncWriteExt;
    let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(REFUSED)).await;
    let _ = stream.shutdown().await;
}
