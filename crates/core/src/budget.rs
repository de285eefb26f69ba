//! Node budgets: searches stop on counts of work done, never on time, so that a slow phone and a
//! fast server reach the same answer.

use crate::meter;

/// A count of search nodes that may still be spent.
#[derive(Debug, Clone)]
pub struct Budget {
    remaining: u64,
    spent: u64,
}

impl Budget {
    /// A budget of `nodes` nodes.
    pub fn new(nodes: u64) -> Budget {
        meter::on_new_budget();
        Budget {
            remaining: nodes,
            spent: 0,
        }
    }

    /// A budget that never runs out, for offline tools that must finish.
    pub fn unlimited() -> Budget {
        Budget::new(u64::MAX)
    }

    /// Spend one node; false when the budget was already empty.
    #[inline]
    pub fn spend(&mut self) -> bool {
        self.spend_n(1)
    }

    /// Spend `n` nodes; false (and nothing spent) when fewer than `n` remain. A
    /// [`crate::meter`] installed by the host may unwind out of the search here.
    #[inline]
    pub fn spend_n(&mut self, n: u64) -> bool {
        if self.remaining < n {
            self.remaining = 0;
            return false;
        }
        let crossed =
            ((self.spent + n) >> meter::CHECKPOINT_SHIFT) - (self.spent >> meter::CHECKPOINT_SHIFT);
        if crossed != 0 {
            meter::checkpoint(crossed);
        }
        self.remaining -= n;
        self.spent += n;
        true
    }

    /// True once the budget is used up.
    pub fn is_exhausted(&self) -> bool {
        self.remaining == 0
    }

    /// Nodes spent so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// Nodes left.
    pub fn remaining(&self) -> u64 {
        self.remaining
    }
}

impl Drop for Budget {
    /// Reports the nodes spent since the last checkpoint to the thread's meter, if any.
    fn drop(&mut self) {
        let residue = self.spent & (meter::CHECKPOINT_NODES - 1);
        if residue != 0 {
            meter::settle(residue);
        }
    }
}

/// The answer of a bounded solution count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", content = "n", rename_all = "snake_case")]
pub enum Count {
    /// Exactly `n` solutions (n below the limit).
    Exactly(u64),
    /// At least `limit` solutions; counting stopped there.
    AtLeast(u64),
    /// The node budget ran out before the count was settled.
    BudgetExhausted,
}

impl Count {
    /// The outcome of a search that stops at `limit` solutions: exhausted if the budget ran out,
    /// else `AtLeast(limit)` once `found` reached the limit, else `Exactly(found)`.
    pub fn from_search(found: u64, limit: u64, exhausted: bool) -> Count {
        if exhausted {
            Count::BudgetExhausted
        } else if found >= limit {
            Count::AtLeast(limit)
        } else {
            Count::Exactly(found)
        }
    }

    /// True only for `Exactly(1)`: a budget-exhausted search never counts as unique.
    pub fn is_unique(self) -> bool {
        self == Count::Exactly(1)
    }

    /// The count clamped for reports: 0, 1, or 2 meaning "two or more"; `None` if exhausted.
    pub fn zero_one_many(self) -> Option<u8> {
        match self {
            Count::Exactly(0) => Some(0),
            Count::Exactly(1) => Some(1),
            Count::Exactly(_) | Count::AtLeast(_) => Some(2),
            Count::BudgetExhausted => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_outcomes_become_counts() {
        assert_eq!(Count::from_search(1, 2, false), Count::Exactly(1));
        assert_eq!(Count::from_search(0, 2, false), Count::Exactly(0));
        assert_eq!(Count::from_search(2, 2, false), Count::AtLeast(2));
        assert_eq!(Count::from_search(1, 2, true), Count::BudgetExhausted);
        assert!(!Count::from_search(1, 2, true).is_unique());
    }

    #[test]
    fn budget_counts_down_and_refuses_overspend() {
        let mut b = Budget::new(3);
        assert!(b.spend());
        assert!(b.spend_n(2));
        assert!(!b.spend());
        assert!(b.is_exhausted());
        assert_eq!(b.spent(), 3);
    }

    #[test]
    fn only_exactly_one_is_unique() {
        assert!(Count::Exactly(1).is_unique());
        assert!(!Count::AtLeast(1).is_unique());
        assert!(!Count::BudgetExhausted.is_unique());
        assert_eq!(Count::AtLeast(2).zero_one_many(), Some(2));
        assert_eq!(Count::Exactly(0).zero_one_many(), Some(0));
    }
}
