//! Levels 8-10: trial (bifurcation) of increasing depth. An edge is assumed drawn or crossed; if
//! the consequences contradict the rules, the opposite is proven.

use dayseed_core::{Budget, Count};

use super::Logic;
use crate::model::{OFF, ON, UNKNOWN};
use crate::solver::Solver;

/// Node budget of one deep-trial refutation (level 10).
pub const DEEP_TRIAL_NODES: u64 = 64;

impl Logic<'_> {
    /// Charges `work` to the trial budget; false (and `capped` set) once it is spent.
    fn charge(&mut self, work: u64) -> bool {
        self.trial_work += work;
        if self.trial_cap.is_some_and(|cap| self.trial_work > cap) {
            self.capped = true;
        }
        !self.capped
    }

    /// Open edges, in index order.
    fn trial_order(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.g.n_edges).filter(|&e| self.st[e] == UNKNOWN)
    }

    /// L8 (`prop_level == 1`) and L9 (`prop_level == 7`): the first refuted assumption.
    pub(crate) fn trial(&mut self, prop_level: u8) {
        let edges: Vec<usize> = self.trial_order().collect();
        for e in edges {
            for val in [ON, OFF] {
                if self.capped {
                    return;
                }
                let mut sub = Logic::with_states(self.g, &self.clue, self.st.clone());
                sub.set(e, val);
                let res = sub.run(prop_level);
                self.charge(sub.n_set + 1);
                if res.contradiction {
                    self.set(e, if val == ON { OFF } else { ON });
                    return;
                }
            }
        }
    }

    /// L10: an assumption refuted by a bounded search (nested assumptions).
    pub(crate) fn deep_trial(&mut self) {
        let mut solver = Solver::new(self.g, &self.clue);
        let mut fixed: Vec<(usize, u8)> = (0..self.g.n_edges)
            .filter(|&e| self.st[e] != UNKNOWN)
            .map(|e| (e, self.st[e]))
            .collect();
        let edges: Vec<usize> = self.trial_order().collect();
        for e in edges {
            for val in [ON, OFF] {
                if self.capped {
                    return;
                }
                fixed.push((e, val));
                let mut budget = Budget::new(DEEP_TRIAL_NODES);
                let out = solver.count_from(&fixed, 1, &mut budget);
                fixed.pop();
                self.charge(budget.spent() * 16);
                if out.count == Count::Exactly(0) {
                    self.set(e, if val == ON { OFF } else { ON });
                    return;
                }
            }
        }
    }
}
