//! Ordered parallel map: work items run on several threads, results come out in item order, and
//! at most a fixed window of finished-but-unemitted results is held (flat memory on long runs).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};

/// Runs `work(i)` for `i in 0..count` on `jobs` threads and calls `emit(i, result)` in order of `i`.
/// If `emit` returns an error, workers stop taking new items and the error is returned.
pub fn for_each_ordered<T, E, W, F>(count: u64, jobs: usize, work: W, mut emit: F) -> Result<(), E>
where
    T: Send,
    W: Fn(u64) -> T + Sync,
    F: FnMut(u64, T) -> Result<(), E>,
{
    let jobs = jobs.max(1);
    if jobs == 1 {
        for i in 0..count {
            emit(i, work(i))?;
        }
        return Ok(());
    }
    let window = (jobs as u64) * 8;
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let emitted = Mutex::new(0u64);
    let advanced = Condvar::new();
    let (tx, rx) = mpsc::channel::<(u64, T)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (work, next, stop, emitted, advanced) = (&work, &next, &stop, &emitted, &advanced);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= count || stop.load(Ordering::SeqCst) {
                        break;
                    }
                    {
                        let mut done = emitted.lock().expect("emit counter lock");
                        while i >= *done + window && !stop.load(Ordering::SeqCst) {
                            done = advanced.wait(done).expect("emit counter wait");
                        }
                    }
                    if stop.load(Ordering::SeqCst) || tx.send((i, work(i))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut pending = BTreeMap::new();
        let mut want = 0u64;
        let mut result = Ok(());
        for (i, value) in rx.iter() {
            pending.insert(i, value);
            while let Some(value) = pending.remove(&want) {
                if result.is_ok() {
                    result = emit(want, value);
                }
                want += 1;
                *emitted.lock().expect("emit counter lock") = want;
                advanced.notify_all();
            }
            if result.is_err() {
                stop.store(true, Ordering::SeqCst);
                advanced.notify_all();
            }
        }
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_out_in_order_for_any_job_count() {
        for jobs in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            for_each_ordered::<u64, (), _, _>(
                500,
                jobs,
                |i| {
                    // Uneven work so that threads finish out of order.
                    let mut x = i;
                    for _ in 0..(i % 7) * 1000 {
                        x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                    }
                    std::hint::black_box(x);
                    i * 2
                },
                |i, v| {
                    assert_eq!(v, i * 2);
                    seen.push(i);
                    Ok(())
                },
            )
            .unwrap();
            assert_eq!(seen, (0..500).collect::<Vec<_>>());
        }
    }

    #[test]
    fn an_emit_error_stops_the_run() {
        let mut calls = 0;
        let r = for_each_ordered(
            1000,
            2,
            |i| i,
            |i, _| {
                calls += 1;
                if i == 10 { Err("stop") } else { Ok(()) }
            },
        );
        assert_eq!(r, Err("stop"));
        assert_eq!(calls, 11);
    }
}
