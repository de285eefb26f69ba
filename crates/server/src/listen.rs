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
//! cannot take every slot. Each peer address also has a request rate
//! ([`ConnectionLimits::requests_per_second`] with a burst of
//! [`ConnectionLimits::request_burst`], counted over all its connections): a request beyond it is
//! answered 429 `too_many_requests` with `Retry-After` (whole seconds until the next request is
//! allowed) without reaching the router. The rate is counted in this process, or over
//! PostgreSQL in the database so that replicas share it ([`crate::rates`]). It speaks HTTP/1.1 only: hyper's HTTP/2 auto-detection
//! waits for a
//! client's first bytes with no deadline at all, and the API and page need nothing of HTTP/2.

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, Response};
use hyper::body::Incoming;
use hyper::server::conn::http1::Builder;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::{Service, ServiceExt};

use crate::rates::Rates;

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
    /// The sustained requests per second one peer address may make (default 50; 0 switches the
    /// request-rate limit off).
    pub requests_per_second: u32,
    /// How many requests one peer address may make at once above the sustained rate (default
    /// 200: a cold page load fetches a few dozen files at once).
    pub request_burst: u32,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            header_read_timeout: Duration::from_secs(10),
            max_connections: 1024,
            drain_timeout: Duration::from_secs(10),
            max_connections_per_peer: 256,
            requests_per_second: 50,
            request_burst: 200,
        }
    }
}

/// Serves `router` on `listener` under `limits` until `shutdown` completes, then lets open
/// connections finish (up to the drain timeout). Request rates are counted in this process.
pub async fn serve_connections(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) {
    let rates = Rates::local(&limits);
    serve_connections_with_rates(listener, router, limits, rates, shutdown).await;
}

/// [`serve_connections`] with request rates counted by `rates` (e.g. in the PostgreSQL
/// database shared by the replicas, see [`Rates::for_store`]).
pub async fn serve_connections_with_rates(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    rates: Rates,
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
        let service = TowerToHyperService::new(RateLimited {
            router: router.clone(),
            rates: rates.clone(),
            ip: peer.ip(),
        });
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_allows_a_burst_then_one_request_per_interval() {
        let limiter = RateLimiter::new(10, 3);
        let ip = IpAddr::from([10, 0, 0, 1]);
        let t0 = Instant::now();
        // The first request plus a burst of three.
        for _ in 0..4 {
            assert_eq!(limiter.check_at(ip, t0), Ok(()));
        }
        assert_eq!(limiter.check_at(ip, t0), Err(1));
        // Another address is not affected.
        assert_eq!(limiter.check_at(IpAddr::from([10, 0, 0, 2]), t0), Ok(()));
        // One interval (100 ms) later one more request passes, and only one.
        let t1 = t0 + Duration::from_millis(100);
        assert_eq!(limiter.check_at(ip, t1), Ok(()));
        assert!(limiter.check_at(ip, t1).is_err());
        // Switched off, nothing is refused.
        let off = RateLimiter::new(0, 0);
        for _ in 0..1000 {
            assert_eq!(off.check_at(ip, t0), Ok(()));
        }
    }
}

async fn refuse(mut stream: tokio::net::TcpStream) {
    use tokio::io::AsyncWriteExt;
    let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(REFUSED)).await;
    let _ = stream.shutdown().await;
}

/// Per-address request rates, as a generic cell rate algorithm: each address has a theoretical
/// arrival time that every request moves on by one interval (1 s / rate); a request is refused
/// while that time is more than `burst` intervals ahead of now. Integer durations only.
pub struct RateLimiter {
    interval: Option<Duration>,
    tolerance: Duration,
    next: Mutex<HashMap<IpAddr, Instant>>,
}

/// Addresses remembered before the idle ones are forgotten.
const RATE_TABLE_PRUNE: usize = 4096;

impl RateLimiter {
    /// A limiter allowing `per_second` requests a second after a burst of `burst` (0: none).
    pub fn new(per_second: u32, burst: u32) -> RateLimiter {
        let interval = (per_second > 0).then(|| Duration::from_secs(1) / per_second);
        RateLimiter {
            interval,
            tolerance: interval.unwrap_or_default() * burst,
            next: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one request of `ip` now; `Err(seconds)` to wait when it is over the limit.
    pub fn check(&self, ip: IpAddr) -> Result<(), u64> {
        self.check_at(ip, Instant::now())
    }

    fn check_at(&self, ip: IpAddr, now: Instant) -> Result<(), u64> {
        let Some(interval) = self.interval else {
            return Ok(());
        };
        let mut table = self.next.lock().unwrap_or_else(|e| e.into_inner());
        if table.len() >= RATE_TABLE_PRUNE && !table.contains_key(&ip) {
            // An address whose arrival time has passed is the same as a new one.
            table.retain(|_, at| *at > now);
        }
        let at = table.entry(ip).or_insert(now);
        let start = (*at).max(now);
        let ahead = start - now;
        if ahead > self.tolerance {
            let wait = ahead - self.tolerance;
            return Err(wait.as_secs() + u64::from(wait.subsec_nanos() > 0));
        }
        *at = start + interval;
        Ok(())
    }
}

/// The router behind one connection, with its peer's request rate checked first.
#[derive(Clone)]
struct RateLimited {
    router: Router,
    rates: Rates,
    ip: IpAddr,
}

impl Service<Request<Incoming>> for RateLimited {
    type Response = Response<Body>;
    type Error = std::convert::Infallible;
    type Future = std::pin::Pin<
        Box<dyn Future<Output = Result<Response<Body>, std::convert::Infallible>> + Send>,
    >;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, req: Request<Incoming>) -> Self::Future {
        if let Rates::Local(limiter) = &self.rates {
            // Counted in memory: answered without a task switch.
            if let Err(seconds) = limiter.check(self.ip) {
                return Box::pin(std::future::ready(Ok(too_many_requests(seconds))));
            }
            let router = self.router.clone();
            return Box::pin(async move { router.oneshot(req.map(Body::new)).await });
        }
        let (router, rates, ip) = (self.router.clone(), self.rates.clone(), self.ip);
        Box::pin(async move {
            if let Err(seconds) = rates.check(ip).await {
                return Ok(too_many_requests(seconds));
            }
            router.oneshot(req.map(Body::new)).await
        })
    }
}

fn too_many_requests(seconds: u64) -> Response<Body> {
    let body = serde_json::json!({"error": {
        "code": "too_many_requests",
        "message": format!("this address sends requests too fast; retry in {seconds} s"),
    }});
    Response::builder()
        .status(429)
        .header("content-type", "application/json")
        .header("retry-after", seconds.max(1))
        .body(Body::from(body.to_string()))
        .unwrap_or_default()
}
