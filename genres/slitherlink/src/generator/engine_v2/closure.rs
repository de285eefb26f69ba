//! Levels 8-10 as a closure: "do the techniques up to level k solve this?" (k = 8, 9, 10), the
//! question engine_v1's `Logic::solves` answers, with the same answer and far fewer trials.
//!
//! engine_v1 stops its trial round at the first refuted assumption, goes back up the ladder and
//! starts a new round from the first open edge, trying every assumption again. The level-8 and
//! level-9 trial closures do not depend on the order in which assumptions are refuted (every
//! rule up to level 7 is sound and monotone), so here:
//! * a round continues after a refutation from the next edge, and ends after a whole round
//!   without one;
//! * an assumption that survived remembers the facts its closure decided. If the state grows
//!   from `S` to `S'` with every new fact inside that closure `T`, then `S + a <= S' + a <= T`,
//!   and since closures are monotone and idempotent the closure of `S' + a` is `T` again: the
//!   same survivor, not tried again. Only assumptions whose closure misses a new fact are.
//!
//! Each assumption is still followed by engine_v1's own rules (a resumed `Logic` restored from
//! the state, as engine_v1's trials do), so the closure is engine_v1's. Deep trials (level 10)
//! are node-bounded searches, not monotone, so they run exactly as engine_v1 runs them: from the
//! level-9 closure, open edges in index order, the first refuted assumption decided, then back
//! to the closure. The answers are engine_v1's answers (tested against it below).

use dayseed_core::{Budget, Count};

use super::passes::{Base, for_each_diff};
use crate::generator::engine_v1::logic::{Logic, Saved};
use crate::generator::engine_v1::solver::Solver;
use crate::grid::Grid;
use crate::model::{NO_CLUE, OFF, ON, UNKNOWN, single_loop};

/// Node budget of one deep-trial refutation: the level-10 definition, engine_v1's value.
const DEEP_TRIAL_NODES: u64 = 64;

/// The level-8/9/10 closure of one board size, with buffers reused from puzzle to puzzle.
#[derive(Debug, Clone)]
pub struct TrialClosure<'a> {
    g: &'a Grid,
    /// The loop the clues were counted from, when known (the generator): an assumption that
    /// agrees with it cannot be refuted, so it is not tried (as in engine_v1).
    pub answer: Option<Vec<u8>>,
    /// Bound on trial work: edges set inside trial sub-runs plus one per assumption tried,
    /// and deep-trial search nodes x 16 (engine_v1's units; assumptions not tried again cost
    /// nothing). `None` means unbounded.
    pub trial_cap: Option<u64>,
    /// Set when the last [`TrialClosure::solves`] stopped at `trial_cap` (then it says "not
    /// solved" whatever a full run would say).
    pub capped: bool,
    /// The highest trial level (8, 9 or 10) that decided an edge in the last
    /// [`TrialClosure::solves`], 0 if none did. At level 10 it says whether the level-9 closure
    /// was stuck.
    pub top: u8,
    /// Assumptions followed in the last [`TrialClosure::solves`] (sub-runs and deep searches).
    pub tried: u64,
    work: u64,
    main: Logic<'a>,
    /// The sub-run of a level-9 trial (rules up to level 7).
    sub: Logic<'a>,
    /// The sub-run of a level-8 trial (level-1 rules).
    short: Logic<'a>,
    saved: Saved,
    /// `main`'s state when `saved` was taken, with its union-finds.
    base: Base,
    /// Per assumption `2 * edge + (val == OFF)`, the facts (same indexing) its closure decided
    /// beyond the base it was tried from.
    memo: Vec<u64>,
    words: usize,
    valid: Vec<bool>,
    fresh: Vec<u32>,
}

/// The rules up to level 7 to their fixpoint on `logic` (a trial sub-run, or the main state
/// after it grew), whose state holds `base`'s: the local rules of a resumed closure, then loop
/// closure and colouring from the base's union-finds, back to the local rules after any
/// progress (engine_v1's `close(7)`, the same closure).
fn follow(logic: &mut Logic<'_>, base: &mut Base) {
    loop {
        // Level 5 is the local rules only (the resumed closure's corner masks).
        logic.finish(5);
        if logic.contradiction || logic.unknown() == 0 {
            return;
        }
        if !base.loop_closure(logic) && !base.colouring(logic) {
            return;
        }
    }
}

/// The fact (or assumption) index of `e = val`.
#[inline]
fn fact(e: usize, val: u8) -> usize {
    2 * e + usize::from(val == OFF)
}

/// The other edge state.
#[inline]
fn opposite(val: u8) -> u8 {
    if val == ON { OFF } else { ON }
}

impl<'a> TrialClosure<'a> {
    /// A closure for boards of grid `g`.
    pub fn new(g: &'a Grid) -> TrialClosure<'a> {
        let words = (2 * g.n_edges).div_ceil(64);
        TrialClosure {
            g,
            answer: None,
            trial_cap: None,
            capped: false,
            top: 0,
            tried: 0,
            work: 0,
            main: Logic::resumable(g, 7),
            sub: Logic::resumable(g, 7),
            short: Logic::resumable(g, 1),
            saved: Saved::default(),
            base: Base::default(),
            memo: vec![0; 2 * g.n_edges * words],
            words,
            valid: vec![false; 2 * g.n_edges],
            fresh: Vec::new(),
        }
    }

    /// True if the techniques up to `level` (8, 9 or 10) solve the puzzle with `clues`: the
    /// answer of engine_v1's `Logic::solves` on a fresh solver (uncapped).
    pub fn solves(&mut self, clues: &[i8], level: u8) -> bool {
        assert!(
            (8..=10).contains(&level),
            "the trial closure serves levels 8-10"
        );
        let g = self.g;
        self.main = Logic::resumable(g, 7);
        for (c, &n) in clues.iter().enumerate() {
            if n != NO_CLUE {
                self.main.add_clue(c, n, 7);
            }
        }
        self.capped = false;
        self.top = 0;
        self.tried = 0;
        self.work = 0;
        self.valid.fill(false);
        self.base.load(&self.main);
        follow(&mut self.main, &mut self.base);
        self.main.save_into(&mut self.saved);
        self.base.load(&self.main);
        let prop = if level == 8 { 1 } else { 7 };
        while !self.done() {
            if self.sweep(prop) {
                self.top = self.top.max(if level == 8 { 8 } else { 9 });
            }
            if level < 10 || self.done() || self.capped || !self.deep() {
                break;
            }
            self.top = 10;
            follow(&mut self.main, &mut self.base);
            if !self.done() {
                self.rebase();
            }
        }
        !self.main.contradiction && self.main.unknown() == 0 && single_loop(g, &self.main.st)
    }

    /// Solved or contradicted.
    fn done(&self) -> bool {
        self.main.contradiction || self.main.unknown() == 0
    }

    /// Charges `work` to the trial budget (engine_v1's accounting).
    fn charge(&mut self, work: u64) {
        self.work += work;
        if self.trial_cap.is_some_and(|cap| self.work > cap) {
            self.capped = true;
        }
    }

    fn agrees(&self, e: usize, val: u8) -> bool {
        self.answer.as_ref().is_some_and(|a| a[e] == val)
    }

    /// After `main` grew: forgets the survivors whose closure misses a new fact and saves the
    /// state the next assumptions start from.
    fn rebase(&mut self) {
        self.fresh.clear();
        let fresh = &mut self.fresh;
        for_each_diff(&self.main.st, &self.base.st, |e, now, _| {
            fresh.push(fact(e, now) as u32);
        });
        let words = self.words;
        for (k, valid) in self.valid.iter_mut().enumerate() {
            if *valid {
                let row = &self.memo[k * words..(k + 1) * words];
                *valid = self
                    .fresh
                    .iter()
                    .all(|&f| row[f as usize / 64] >> (f % 64) & 1 == 1);
            }
        }
        self.main.save_into(&mut self.saved);
        self.base.load(&self.main);
    }

    /// Trials (level-1 rules for `prop == 1`, rules up to level 7 for `prop == 7`) round the
    /// open edges until a whole round refutes nothing; true if an edge was decided.
    fn sweep(&mut self, prop: u8) -> bool {
        let edges: Vec<usize> = (0..self.g.n_edges)
            .filter(|&e| self.main.st[e] == UNKNOWN)
            .collect();
        let mut progress = false;
        let (mut i, mut quiet) = (0, 0);
        while quiet < edges.len() {
            let e = edges[i];
            i = (i + 1) % edges.len();
            quiet += 1;
            if self.main.st[e] != UNKNOWN {
                continue;
            }
            for val in [ON, OFF] {
                if self.capped {
                    return progress;
                }
                let k = fact(e, val);
                if self.valid[k] || self.agrees(e, val) {
                    continue;
                }
                self.tried += 1;
                let sub = if prop == 1 {
                    &mut self.short
                } else {
                    &mut self.sub
                };
                sub.restore(&self.saved);
                let before = sub.unknown();
                sub.set(e, val);
                if prop == 1 {
                    sub.finish(1);
                } else {
                    follow(sub, &mut self.base);
                }
                let refuted = sub.contradiction || self.base.violated(sub);
                let work = (before - sub.unknown()) as u64 + 1;
                if !refuted {
                    let row = &mut self.memo[k * self.words..(k + 1) * self.words];
                    row.fill(0);
                    // The base's own facts are never fresh later (the state only grows from
                    // it), so only the facts the trial added are kept.
                    for_each_diff(&sub.st, &self.base.st, |f, s, _| {
                        if s != UNKNOWN {
                            let b = fact(f, s);
                            row[b / 64] |= 1 << (b % 64);
                        }
                    });
                    self.valid[k] = true;
                }
                self.charge(work);
                if refuted {
                    self.main.set(e, opposite(val));
                    progress = true;
                    follow(&mut self.main, &mut self.base);
                    if self.done() {
                        return true;
                    }
                    self.rebase();
                    quiet = 0;
                    break;
                }
            }
        }
        progress
    }

    /// Level 10, as engine_v1: the first assumption (open edges in index order, drawn before
    /// crossed) refuted by a bounded search from the current state is decided the other way.
    fn deep(&mut self) -> bool {
        let g = self.g;
        let mut solver = Solver::new(g, &self.main.clue);
        let fixed: Vec<(usize, u8)> = (0..g.n_edges)
            .filter(|&e| self.main.st[e] != UNKNOWN)
            .map(|e| (e, self.main.st[e]))
            .collect();
        let consistent = solver.prepare(&fixed);
        for e in 0..g.n_edges {
            if self.main.st[e] != UNKNOWN {
                continue;
            }
            for val in [ON, OFF] {
                if self.capped {
                    return false;
                }
                if self.agrees(e, val) {
                    continue;
                }
                self.tried += 1;
                let mut budget = Budget::new(DEEP_TRIAL_NODES);
                let refuted = !consistent
                    || solver.count_assuming(e, val, 1, &mut budget).count == Count::Exactly(0);
                self.charge(budget.spent() * 16);
                if refuted {
                    self.main.set(e, opposite(val));
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use dayseed_core::Rng;

    use super::*;
    use crate::generator::engine_v1::{full_clues, loop_gen::random_loop};

    /// Clue sets from sparse to full on random loops: the closure answers exactly what
    /// engine_v1's `Logic::solves` answers at levels 8-10, and at level 10 agrees on whether
    /// the deep trial was needed, with and without the answer known.
    #[test]
    fn same_answers_as_engine_v1() {
        let mut rng = Rng::from_seed(2026);
        let mut cases = [0u32; 2];
        for (w, h) in [(5, 5), (6, 6), (7, 6), (8, 8), (10, 7), (12, 12)] {
            let g = Grid::new(w, h);
            let mut closure = TrialClosure::new(&g);
            for round in 0..30 {
                let sol = random_loop(&g, &mut rng);
                let full = full_clues(&g, &sol);
                // Keep about 35-75% of the clues.
                let keep = 35 + rng.below(41) as u32;
                let clues: Vec<i8> = full
                    .iter()
                    .map(|&n| {
                        if (rng.below(100) as u32) < keep {
                            n
                        } else {
                            NO_CLUE
                        }
                    })
                    .collect();
                let answer = (round % 2 == 1).then(|| sol.clone());
                for level in 8..=10 {
                    let mut old = Logic::new(&g, &clues);
                    old.detect = false;
                    old.answer.clone_from(&answer);
                    let expect = old.solves(level);
                    closure.answer.clone_from(&answer);
                    let got = closure.solves(&clues, level);
                    assert_eq!(got, expect, "{w}x{h} round {round} L{level}");
                    if level == 10 {
                        assert_eq!(closure.top == 10, old.top == 10, "{w}x{h} round {round}");
                    }
                    cases[usize::from(got)] += 1;
                }
            }
        }
        // Both answers occur often enough to mean something.
        assert!(cases[0] > 20 && cases[1] > 20, "{cases:?}");
    }

    /// Level-10 boards of engine_v1's generator, which need the deep trial: the same answers
    /// at levels 9 and 10, and the deep trial used by both.
    #[test]
    fn same_answers_on_deep_trial_boards() {
        let mut deep = 0;
        for seed in 0..12u64 {
            let (w, h) = (6 + seed as usize % 3, 6);
            let g = Grid::new(w, h);
            let mut rng = Rng::from_seed(seed);
            let made = crate::generator::engine_v1::generate(w, h, 10, &mut rng).unwrap();
            let mut closure = TrialClosure::new(&g);
            for level in [9, 10] {
                let mut old = Logic::new(&g, &made.clues);
                old.detect = false;
                let expect = old.solves(level);
                assert_eq!(
                    closure.solves(&made.clues, level),
                    expect,
                    "seed {seed} L{level}"
                );
                assert_eq!(closure.top == 10, old.top == 10, "seed {seed} L{level}");
                deep += usize::from(level == 10 && old.top == 10);
            }
        }
        assert!(deep >= 6, "only {deep} boards needed the deep trial");
    }
}
