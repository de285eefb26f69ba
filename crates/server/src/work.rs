//! Bounded, shared and cancellable CPU work.
//!
//! * [`WorkPool`]: at most `workers` jobs run at once on blocking threads and at most `queue`
//!   more wait; a job that finds the queue full is refused at once with 503 `busy` and
//!   `Retry-After`, instead of waiting until the request deadline.
//! * Boards are generated once per id at a time (single flight, [`Flights`]): a request for a
//!   board already being generated waits for that job; the result goes to the cache.
//! * Generation runs under a node ceiling set by the server ([`dayseed_core::meter`]): an id
//!   that needs more is answered 422 `too_expensive`. When every request waiting for a board has
//!   gone (deadline, disconnect), its job is cancelled at the next node checkpoint, so abandoned
//!   work does not keep the cores busy.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::http::StatusCode;
use tokio::sync::{Semaphore, watch};

use crate::error::AppError;

/// A bounded pool of blocking workers with a bounded queue.
pub struct WorkPool {
    name: &'static str,
    permits: Semaphore,
    pending: AtomicUsize,
    max_pending: usize,
}

/// Decrements the pending count when a job leaves the pool (done, failed, or dropped).
struct Pending<'a>(&'a AtomicUsize);

impl Drop for Pending<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// How long a refused client is told to wait, in seconds.
pub const RETRY_AFTER_SECS: u32 = 2;

impl WorkPool {
    /// A pool running `workers` jobs at once with up to `queue` more waiting.
    pub fn new(name: &'static str, workers: usize, queue: usize) -> WorkPool {
        let workers = workers.max(1);
        WorkPool {
            name,
            permits: Semaphore::new(workers),
            pending: AtomicUsize::new(0),
            max_pending: workers + queue,
        }
    }

    /// Runs `work` on a blocking thread when a worker is free; 503 `busy` at once when the queue
    /// is full.
    pub async fn run<T, F>(&self, work: F) -> Result<T, AppError>
    where
        F: FnOnce() -> Result<T, AppError> + Send + 'static,
        T: Send + 'static,
    {
        let before = self.pending.fetch_add(1, Ordering::SeqCst);
        let _pending = Pending(&self.pending);
        if before >= self.max_pending {
            return Err(AppError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                format!(
                    "the server's {} queue is full ({} jobs); retry in {RETRY_AFTER_SECS} s",
                    self.name, self.max_pending
                ),
            )
            .with_retry_after(RETRY_AFTER_SECS));
        }
        let _permit = self.permits.acquire().await.map_err(AppError::internal)?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(AppError::internal)?
    }

    /// Jobs running or waiting now.
    pub fn pending(&self) -> usize {
        self.pending.load(Ordering::SeqCst)
    }
}

/// One job in flight: its result channel, its cancel flag and how many requests wait for it.
pub struct Flight<T> {
    result: watch::Sender<Option<Result<T, AppError>>>,
    cancel: Arc<AtomicBool>,
    waiters: AtomicUsize,
}

impl<T> Flight<T> {
    /// The flag the job's meter watches.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.cancel)
    }
}

/// Jobs in flight by key.
pub struct Flights<T> {
    map: Mutex<HashMap<String, Arc<Flight<T>>>>,
}

impl<T> Default for Flights<T> {
    fn default() -> Self {
        Flights {
            map: Mutex::new(HashMap::new()),
        }
    }
}

/// A request waiting for a flight; when the last one goes before the result, the job is
/// cancelled.
struct Waiter<T>(Arc<Flight<T>>);

impl<T> Drop for Waiter<T> {
    fn drop(&mut self) {
        if self.0.waiters.fetch_sub(1, Ordering::SeqCst) == 1 && self.0.result.borrow().is_none() {
            self.0.cancel.store(true, Ordering::SeqCst);
        }
    }
}

impl<T: Clone + Send + Sync + 'static> Flights<T> {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Flight<T>>>> {
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How many jobs are in flight.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// True when no job is in flight.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The result of the job for `key`: joins the job in flight, or starts one with `start`
    /// (given the flight, whose cancel flag the job must watch and whose result it must
    /// [`Flights::finish`]).
    pub async fn join(
        self: &Arc<Self>,
        key: &str,
        start: impl FnOnce(Arc<Flight<T>>),
    ) -> Result<T, AppError> {
        let (flight, leader) = {
            let mut map = self.lock();
            match map.get(key) {
                Some(f) if !f.cancel.load(Ordering::SeqCst) => {
                    f.waiters.fetch_add(1, Ordering::SeqCst);
                    (Arc::clone(f), false)
                }
                _ => {
                    let (tx, _) = watch::channel(None);
                    let f = Arc::new(Flight {
                        result: tx,
                        cancel: Arc::new(AtomicBool::new(false)),
                        waiters: AtomicUsize::new(1),
                    });
                    map.insert(key.to_string(), Arc::clone(&f));
                    (f, true)
                }
            }
        };
        let mut rx = flight.result.subscribe();
        let waiter = Waiter(Arc::clone(&flight));
        if leader {
            start(Arc::clone(&flight));
        }
        let outcome = rx
            .wait_for(Option::is_some)
            .await
            .map_err(AppError::internal)?
            .clone();
        drop(waiter);
        outcome.unwrap_or_else(|| Err(AppError::internal("a flight ended without a result")))
    }

    /// Ends the job for `key`: every waiter gets `result`, and the key is free again.
    pub fn finish(&self, key: &str, flight: &Arc<Flight<T>>, result: Result<T, AppError>) {
        {
            let mut map = self.lock();
            if map.get(key).is_some_and(|f| Arc::ptr_eq(f, flight)) {
                map.remove(key);
            }
        }
        flight.result.send_replace(Some(result));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn a_full_queue_is_refused_at_once() {
        let pool = Arc::new(WorkPool::new("test", 1, 1));
        let gate = Arc::new(std::sync::Barrier::new(2));
        let running = {
            let (pool, gate) = (Arc::clone(&pool), Arc::clone(&gate));
            tokio::spawn(async move {
                pool.run(move || {
                    gate.wait();
                    Ok(1)
                })
                .await
            })
        };
        while pool.pending() < 1 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let queued = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move { pool.run(|| Ok(2)).await })
        };
        while pool.pending() < 2 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let refused = pool.run(|| Ok(3)).await.unwrap_err();
        assert_eq!(
            (refused.status(), refused.code()),
            (StatusCode::SERVICE_UNAVAILABLE, "busy")
        );
        gate.wait();
        assert_eq!(running.await.unwrap().unwrap(), 1);
        assert_eq!(queued.await.unwrap().unwrap(), 2);
        assert_eq!(pool.pending(), 0);
    }

    #[tokio::test]
    async fn one_job_per_key_and_cancel_when_nobody_waits() {
        let flights: Arc<Flights<u32>> = Arc::default();
        let starts = Arc::new(AtomicUsize::new(0));
        let (go_tx, go_rx) = tokio::sync::oneshot::channel::<()>();
        let go_rx = Arc::new(Mutex::new(Some(go_rx)));
        let mut waiting = Vec::new();
        for _ in 0..3 {
            let (flights, starts, go_rx) = (
                Arc::clone(&flights),
                Arc::clone(&starts),
                Arc::clone(&go_rx),
            );
            waiting.push(tokio::spawn(async move {
                let f2 = Arc::clone(&flights);
                flights
                    .join("k", move |flight| {
                        starts.fetch_add(1, Ordering::SeqCst);
                        let rx = go_rx.lock().unwrap().take().unwrap();
                        tokio::spawn(async move {
                            let _ = rx.await;
                            f2.finish("k", &flight, Ok(7));
                        });
                    })
                    .await
            }));
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        go_tx.send(()).unwrap();
        for w in waiting {
            assert_eq!(w.await.unwrap().unwrap(), 7);
        }
        assert_eq!(starts.load(Ordering::SeqCst), 1, "single flight");
        assert!(flights.is_empty());

        // A job whose only waiter goes away is cancelled.
        let seen: Arc<Mutex<Option<Arc<AtomicBool>>>> = Arc::default();
        let seen2 = Arc::clone(&seen);
        let waiter = {
            let flights = Arc::clone(&flights);
            tokio::spawn(async move {
                flights
                    .join("slow", move |flight| {
                        *seen2.lock().unwrap() = Some(flight.cancel_flag());
                    })
                    .await
            })
        };
        tokio::time::sleep(Duration::from_millis(20)).await;
        waiter.abort();
        let _ = waiter.await;
        let flag = seen.lock().unwrap().clone().unwrap();
        assert!(flag.load(Ordering::SeqCst), "cancelled");
    }
}
