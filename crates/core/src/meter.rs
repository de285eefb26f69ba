//! A host's hold on the searches running on its thread: a ceiling on the nodes they may spend in
//! total, and a cancel flag another thread can raise.
//!
//! [`metered`] runs a closure with a meter installed on the current thread; every
//! [`crate::Budget`] used inside reports to it once per [`CHECKPOINT_NODES`] nodes it spends
//! (one shift and compare per spend in between), and reports the rest when it is dropped, so many
//! small budgets count too. Once the ceiling is passed or the flag is raised, every budget on the
//! thread reads as exhausted (new ones start empty), so the searches wind down at their next node.
//!
//! A stopped run unwinds out of the searches at the stopping checkpoint (or at the next budget it
//! creates), as salsa cancels queries: no search goes on with exhausted budgets, which could take
//! longer than finishing. [`metered`] catches that unwind and answers no value
//! ([`Metered::stopped`] says why); other panics pass through. A run that was not stopped
//! is exactly the unmetered run — metering never changes what a completed search finds, which
//! keeps generation deterministic. Without a meter installed (the CLI, the page) nothing changes.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// How many nodes a budget spends between two reports to the meter (a power of two).
pub const CHECKPOINT_NODES: u64 = 1 << CHECKPOINT_SHIFT;
pub(crate) const CHECKPOINT_SHIFT: u32 = 12;

/// Why a metered run was stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The cancel flag was raised (the requester went away).
    Cancelled,
    /// The run spent more nodes than its ceiling.
    OverLimit,
}

/// The outcome of [`metered`].
#[derive(Debug)]
pub struct Metered<T> {
    /// What the closure returned; `None` when the run was stopped.
    pub value: Option<T>,
    /// Nodes reported, in units of [`CHECKPOINT_NODES`].
    pub nodes: u64,
    /// Set when the run was stopped.
    pub stopped: Option<Stop>,
}

struct Meter {
    limit: u64,
    used: u64,
    cancel: Arc<AtomicBool>,
    stopped: Option<Stop>,
}

thread_local! {
    static METER: RefCell<Option<Meter>> = const { RefCell::new(None) };
}

/// Runs `work` with at most `limit` nodes spent by the budgets inside it, stopping early when
/// `cancel` is raised. Meters do not nest: an outer meter is set aside while `work` runs.
pub fn metered<T>(limit: u64, cancel: Arc<AtomicBool>, work: impl FnOnce() -> T) -> Metered<T> {
    struct Restore(Option<Meter>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            METER.with(|m| *m.borrow_mut() = outer);
        }
    }
    let outer = METER.with(|m| {
        m.borrow_mut().replace(Meter {
            limit,
            used: 0,
            cancel,
            stopped: None,
        })
    });
    let restore = Restore(outer);
    let value = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)) {
        Ok(v) => Some(v),
        Err(payload) if payload.is::<Stopped>() => None,
        Err(payload) => std::panic::resume_unwind(payload),
    };
    let mine = METER.with(|m| m.borrow_mut().take());
    drop(restore);
    let (nodes, stopped) = mine.map_or((0, None), |m| (m.used, m.stopped));
    Metered {
        value,
        nodes,
        stopped,
    }
}

/// The unwind payload of a stopped run.
struct Stopped;

/// Leaves the stopped run (caught by [`metered`]; never called from `Drop`).
fn unwind() -> ! {
    std::panic::resume_unwind(Box::new(Stopped))
}

/// Called by a budget that crossed `crossed` checkpoints; unwinds when the run must stop.
#[cold]
pub(crate) fn checkpoint(crossed: u64) {
    if !report(crossed.saturating_mul(CHECKPOINT_NODES)) {
        unwind();
    }
}

/// Called when a budget is created: unwinds when the run was stopped meanwhile (by nodes a
/// dropped budget settled).
pub(crate) fn on_new_budget() {
    if stopped() {
        unwind();
    }
}

/// Called by a dropped budget with the nodes it spent since its last checkpoint.
pub(crate) fn settle(nodes: u64) {
    report(nodes);
}

fn stopped() -> bool {
    METER.with(|m| m.borrow().as_ref().is_some_and(|m| m.stopped.is_some()))
}

fn report(nodes: u64) -> bool {
    METER.with(|m| {
        let mut slot = m.borrow_mut();
        let Some(meter) = slot.as_mut() else {
            return true;
        };
        if meter.stopped.is_some() {
            return false;
        }
        meter.used = meter.used.saturating_add(nodes);
        if meter.cancel.load(Ordering::Relaxed) {
            meter.stopped = Some(Stop::Cancelled);
        } else if meter.used > meter.limit {
            meter.stopped = Some(Stop::OverLimit);
        }
        meter.stopped.is_none()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;

    fn spend_all(nodes: u64) -> u64 {
        let mut b = Budget::new(nodes);
        while b.spend() {}
        b.spent()
    }

    #[test]
    fn unmetered_and_completed_runs_are_unchanged() {
        assert_eq!(spend_all(100_000), 100_000);
        let run = metered(1_000_000, Arc::new(AtomicBool::new(false)), || {
            spend_all(100_000)
        });
        assert_eq!((run.value, run.stopped), (Some(100_000), None));
        assert_eq!(run.nodes, 100_000);
    }

    #[test]
    fn small_budgets_add_up_and_stop_too() {
        let run = metered(100_000, Arc::new(AtomicBool::new(false)), || {
            (0..10_000).map(|_| spend_all(64)).sum::<u64>()
        });
        assert_eq!((run.value, run.stopped), (None, Some(Stop::OverLimit)));
        assert!(run.nodes < 110_000, "{}", run.nodes);
    }

    #[test]
    fn the_ceiling_and_the_flag_stop_every_budget() {
        let run = metered(50_000, Arc::new(AtomicBool::new(false)), || {
            (spend_all(1_000_000), spend_all(1_000_000))
        });
        assert_eq!((run.value, run.stopped), (None, Some(Stop::OverLimit)));
        assert!(run.nodes <= 50_000 + CHECKPOINT_NODES, "{}", run.nodes);
        let flag = Arc::new(AtomicBool::new(true));
        let run = metered(u64::MAX, flag, || spend_all(1_000_000));
        assert_eq!((run.value, run.stopped), (None, Some(Stop::Cancelled)));
        assert!(run.nodes <= CHECKPOINT_NODES);
        // Other panics pass through.
        let other = std::panic::catch_unwind(|| {
            metered(10, Arc::new(AtomicBool::new(false)), || panic!("a bug"))
        });
        assert!(other.is_err());
        // The meter is gone afterwards.
        assert_eq!(spend_all(100_000), 100_000);
    }
}
