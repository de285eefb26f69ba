//! Levels 8-10: trial (bifurcation) of increasing depth. An edge is assumed drawn or crossed; if
//! the consequences contradict the rules, the opposite is proven.

use dayseed_core::{Budget, Count};

use super::super::solver::Solver;
use super::fast::FULL;
use super::{Logic, Saved};
use crate::model::{OFF, ON, UNKNOWN};

/// Node budget of one deep-trial refutation (level 10).
pub const DEEP_TRIAL_NODES: u64 = 64;

impl<'a> Logic<'a> {
    /// Charges `work` to the trial budget; false (and `capped` set) once it is spent.
    fn charge(&mut self, work: u64) -> bool {
        self.trial_work += work;
        if self.trial_cap.is_some_and(|cap| self.trial_work > cap) {
            self.capped = true;
        }
        !self.capped
    }

    /// True if assuming `e = val` agrees with the known answer (such an assumption survives
    /// every sound rule and every complete search, so trying it cannot refute anything).
    fn agrees(&self, e: usize, val: u8) -> bool {
        self.answer.as_ref().is_some_and(|a| a[e] == val)
    }

    /// Open edges, in index order.
    fn trial_order(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.g.n_edges).filter(|&e| self.st[e] == UNKNOWN)
    }

    /// A copy of this state to run trial assumptions from: decided edges and clues, with the
    /// level-5 corner masks narrowed to their fixpoint when `prop_level` is 7. Called only at a
    /// fixpoint of the rules up to `prop_level` (trials come after them on the ladder).
    fn trial_base(&self, prop_level: u8) -> Logic<'a> {
        let g = self.g;
        let mut base = Logic::with_states(g, &self.clue, self.st.clone());
        // Every cell and dot is at a level-1 fixpoint: only the assumption's neighbours can move.
        base.clear_queue();
        if prop_level > 1 {
            let n = g.n_verts * 4;
            base.fast = Self::mode(prop_level);
            base.equeued.resize(n, false);
            base.emask.resize(n, FULL);
            for x in 0..n {
                base.push_entry(x);
            }
            base.local_fixpoint();
        }
        base
    }

    /// L8 (`prop_level == 1`) and L9 (`prop_level == 7`): the first refuted assumption is
    /// applied and the pass ends, so the ladder's caller runs the cheaper rules again and calls
    /// it anew from the first open edge. With `sweep` set the pass goes on past a refutation
    /// only when the closure after it decides every edge; otherwise it too ends there (the code
    /// reads as if a new round began, but `close` is true only for a solved board). Frozen with
    /// g1 and g2 as it is; engine_v2 (g3) carries the round on after a refutation, with the same
    /// closure (the rules are monotone, so it does not depend on the order).
    ///
    /// Each assumption is followed from a copy of this state by the rules up to `prop_level`,
    /// resumed from [`Logic::trial_base`]: the rules are monotone, so that closure and whether it
    /// breaks a rule are what a fresh run up to `prop_level` from the same edges finds.
    pub(crate) fn trial(&mut self, prop_level: u8) {
        if self.sweep && self.trial_closed == Some((prop_level, self.n_set)) {
            return;
        }
        let edges: Vec<usize> = self.trial_order().collect();
        if edges.is_empty() {
            return;
        }
        let base = self.trial_base(prop_level);
        let mut saved = Saved::default();
        base.save_into(&mut saved);
        let mut sub = base;
        let (mut i, mut quiet) = (0, 0);
        while quiet < edges.len() {
            let e = edges[i];
            i = (i + 1) % edges.len();
            quiet += 1;
            if self.st[e] != UNKNOWN {
                continue;
            }
            for val in [ON, OFF] {
                if self.capped {
                    return;
                }
                if self.agrees(e, val) {
                    continue;
                }
                sub.restore(&saved);
                let before = sub.n_set;
                sub.set(e, val);
                if prop_level > 1 {
                    sub.close(prop_level);
                } else {
                    sub.local_fixpoint();
                }
                let refuted = sub.contradiction || sub.violated();
                self.charge(sub.n_set - before + 1);
                if refuted {
                    self.set(e, if val == ON { OFF } else { ON });
                    if !self.sweep {
                        return;
                    }
                    // Ends the pass unless the board is now solved (see the doc comment).
                    if !self.close(7) {
                        return;
                    }
                    self.trial_base(prop_level).save_into(&mut saved);
                    quiet = 0;
                    break;
                }
            }
        }
        if self.sweep {
            self.trial_closed = Some((prop_level, self.n_set));
        }
    }

    /// L10: an assumption refuted by a bounded search (nested assumptions).
    pub(crate) fn deep_trial(&mut self) {
        let mut solver = Solver::new(self.g, &self.clue);
        let fixed: Vec<(usize, u8)> = (0..self.g.n_edges)
            .filter(|&e| self.st[e] != UNKNOWN)
            .map(|e| (e, self.st[e]))
            .collect();
        // The decided edges are propagated once; each assumption searches from there.
        let consistent = solver.prepare(&fixed);
        let edges: Vec<usize> = self.trial_order().collect();
        for e in edges {
            for val in [ON, OFF] {
                if self.capped {
                    return;
                }
                if self.agrees(e, val) {
                    continue;
                }
                let mut budget = Budget::new(DEEP_TRIAL_NODES);
                let refuted = !consistent
                    || solver.count_assuming(e, val, 1, &mut budget).count == Count::Exactly(0);
                self.charge(budget.spent() * 16);
                if refuted {
                    self.set(e, if val == ON { OFF } else { ON });
                    return;
                }
            }
        }
    }
}
