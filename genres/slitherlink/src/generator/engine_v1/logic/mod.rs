//! The human-style solver: techniques applied in order of difficulty, each tagged with a level.
//!
//! [`Logic::run`] repeats: apply the level-1 rules to a fixpoint, then try the higher techniques
//! in ladder order up to a maximum level, going back to level 1 after the first one that makes
//! progress. Because every rule only adds information, the hardest technique this run needs is
//! the smallest level at which the puzzle is solvable. [`Logic::step`] makes one local deduction
//! for hints.

mod basic;
mod closure;
mod colour;
mod fast;
mod pairs;
mod resume;
mod technique;
mod trial;

pub use resume::{Saved, resumes};
pub use technique::{N_TECHNIQUES, Technique};

use crate::grid::{Grid, NONE};
use crate::model::{NO_CLUE, OFF, UNKNOWN};

/// What a run of the human-style solver found.
#[derive(Debug, Clone)]
pub struct RunResult {
    /// Every edge decided and the marks form a valid solution.
    pub solved: bool,
    /// The givens (or assumptions) contradict the rules.
    pub contradiction: bool,
    /// The hardest level used (0 if nothing was needed beyond the givens).
    pub max_level: u8,
    /// Productive applications per technique, indexed like [`Technique::ALL`].
    pub uses: [u32; N_TECHNIQUES],
    /// Trials stopped at the work cap (see [`Logic::trial_cap`]).
    pub capped: bool,
}

/// One local deduction: the technique and the edges it decides.
#[derive(Debug, Clone)]
pub struct Step {
    /// The technique used.
    pub technique: Technique,
    /// `(edge, ON/OFF)` decided by it.
    pub decided: Vec<(u32, u8)>,
}

/// Human-style solver state on one puzzle.
#[derive(Debug, Clone)]
pub struct Logic<'a> {
    /// The grid.
    pub g: &'a Grid,
    /// Clues per cell ([`NO_CLUE`] where empty).
    pub clue: Vec<i8>,
    /// Edge states.
    pub st: Vec<u8>,
    n_unknown: usize,
    queue: Vec<u32>,
    /// Set when a rule found the state impossible.
    pub contradiction: bool,
    /// Edges set since the last clear, in order (recorded only while stepping).
    changed: Vec<(u32, u8)>,
    record: bool,
    /// Edges set so far (progress detection).
    n_set: u64,
    /// Whether an unsolved run checks its final state for broken rules (trials need it).
    pub detect: bool,
    /// Scratch masks for corner-pair reasoning.
    pub(crate) masks: Vec<u8>,
    /// `n_set` when `masks` last held an unproductive level-4 result.
    pub(crate) masks_at: Option<u64>,
    /// Bound on trial work (edges set inside trial sub-runs, search nodes x 16 for deep
    /// trials) for puzzles from outside; `None` (the generator) means unbounded.
    pub trial_cap: Option<u64>,
    trial_work: u64,
    /// Set when trials stopped at `trial_cap` (the result is then not a full grade).
    pub capped: bool,
    /// Lines and crosses per cell, then per vertex (index `n_cells + v`).
    cnt: Vec<[u8; 2]>,
    /// Whether a cell or vertex is in `queue`.
    inq: Vec<bool>,
    /// The loop the clues were counted from, when known (the generator): a trial assumption
    /// that agrees with it cannot be refuted (every rule is sound), so it is not tried.
    pub answer: Option<Vec<u8>>,
    /// Trials refute every assumption they can in one pass instead of stopping at the first
    /// ([`Logic::solves`] at the trial levels: the closure is the same, reached in fewer passes).
    sweep: bool,
    /// The highest level among the global techniques (levels 6-10) that decided an edge in
    /// the last [`Logic::solves`]. At level 10 it says whether the level-9 closure was stuck
    /// (deep trials are tried only there); level-8 trials are skipped at levels 9 and 10, so
    /// below that it says less.
    pub top: u8,
    /// `(prop_level, n_set)` when a sweeping trial last reached its closure (nothing to retry
    /// until another edge is set).
    trial_closed: Option<(u8, u64)>,
    /// Closure-engine mode (0 off, 2 corner rule, 4 three-pass, 5 chained masks).
    fast: u8,
    /// Leave the level-1 rules to the corner masks (resumed closures at level 5 and up, whose
    /// masks subsume them).
    masks_only: bool,
    equeue: Vec<u32>,
    equeued: Vec<bool>,
    emask: Vec<u8>,
}

impl<'a> Logic<'a> {
    /// A solver with nothing decided.
    pub fn new(g: &'a Grid, clue: &[i8]) -> Logic<'a> {
        Logic::with_states(g, clue, vec![UNKNOWN; g.n_edges])
    }

    /// A solver starting from given edge states.
    pub fn with_states(g: &'a Grid, clue: &[i8], st: Vec<u8>) -> Logic<'a> {
        let n_unknown = st.iter().filter(|&&s| s == UNKNOWN).count();
        let nc = g.n_cells as u32;
        let queue = (0..nc)
            .chain((0..g.n_verts as u32).map(|v| nc + v))
            .collect();
        let mut cnt = vec![[0u8; 2]; g.n_cells + g.n_verts];
        for (e, &s) in st.iter().enumerate() {
            if s != UNKNOWN {
                for c in g.edge_cells[e] {
                    if c != NONE {
                        cnt[c as usize][usize::from(s - 1)] += 1;
                    }
                }
                for v in g.edge_verts[e] {
                    cnt[g.n_cells + v as usize][usize::from(s - 1)] += 1;
                }
            }
        }
        Logic {
            trial_cap: None,
            trial_work: 0,
            capped: false,
            cnt,
            inq: vec![true; g.n_cells + g.n_verts],
            g,
            clue: clue.to_vec(),
            st,
            n_unknown,
            queue,
            contradiction: false,
            changed: Vec::new(),
            record: false,
            n_set: 0,
            detect: true,
            masks: Vec::new(),
            masks_at: None,
            answer: None,
            sweep: false,
            top: 0,
            trial_closed: None,
            fast: 0,
            masks_only: false,
            equeue: Vec::new(),
            equeued: Vec::new(),
            emask: Vec::new(),
        }
    }

    /// Starts again from nothing decided with new clues, reusing the buffers.
    pub fn reload(&mut self, clue: &[i8]) {
        self.clue.copy_from_slice(clue);
        self.st.fill(UNKNOWN);
        self.n_unknown = self.g.n_edges;
        // With nothing decided only clue cells can deduce anything (a dot needs a decided edge).
        self.queue.clear();
        self.inq.fill(false);
        for (c, &n) in clue.iter().enumerate() {
            if n != NO_CLUE {
                self.inq[c] = true;
                self.queue.push(c as u32);
            }
        }
        self.cnt.fill([0, 0]);
        self.contradiction = false;
        self.changed.clear();
        self.masks_at = None;
        self.trial_closed = None;
        self.trial_work = 0;
        self.capped = false;
    }

    /// Number of open edges.
    pub fn unknown(&self) -> usize {
        self.n_unknown
    }

    /// Decides edge `e` (a conflicting decision flags a contradiction).
    pub(crate) fn set(&mut self, e: usize, val: u8) {
        let cur = self.st[e];
        if cur == val {
            return;
        }
        if cur != UNKNOWN {
            self.contradiction = true;
            return;
        }
        self.st[e] = val;
        self.n_unknown -= 1;
        self.n_set += 1;
        if self.record {
            self.changed.push((e as u32, val));
        }
        let nc = self.g.n_cells as u32;
        let k = usize::from(val - 1);
        for c in self.g.edge_cells[e] {
            if c != NONE {
                self.cnt[c as usize][k] += 1;
                if !self.masks_only {
                    self.enqueue(c);
                }
            }
        }
        for v in self.g.edge_verts[e] {
            self.cnt[(nc + v) as usize][k] += 1;
            if !self.masks_only {
                self.enqueue(nc + v);
            }
        }
        if self.fast != 0 {
            self.trigger(e);
        }
    }

    #[inline]
    fn enqueue(&mut self, x: u32) {
        if !self.inq[x as usize] {
            self.inq[x as usize] = true;
            self.queue.push(x);
        }
    }

    fn clear_queue(&mut self) {
        while let Some(x) = self.queue.pop() {
            self.inq[x as usize] = false;
        }
    }

    /// `(on, unknown)` edges of cell `c`.
    #[inline]
    pub(crate) fn cell_counts(&self, c: usize) -> (i8, i8) {
        let [on, off] = self.cnt[c];
        (on as i8, 4 - on as i8 - off as i8)
    }

    /// `(on, unknown)` edges at vertex `v`.
    #[inline]
    pub(crate) fn vert_counts(&self, v: usize) -> (u8, u8) {
        let [on, off] = self.cnt[self.g.n_cells + v];
        (on, self.g.vert_degree[v] - on - off)
    }

    /// State of a possibly missing edge (missing edges are [`OFF`]).
    #[inline]
    pub(crate) fn state(&self, e: u32) -> u8 {
        if e == NONE { OFF } else { self.st[e as usize] }
    }

    /// Level-1 rules to a fixpoint, counting productive applications into `uses`.
    fn fixpoint_basic(&mut self, uses: &mut [u32; N_TECHNIQUES]) {
        let nc = self.g.n_cells as u32;
        while let Some(x) = self.queue.pop() {
            self.inq[x as usize] = false;
            if self.contradiction {
                self.clear_queue();
                return;
            }
            if x < nc {
                if self.clue_count_at(x as usize) {
                    uses[Technique::ClueCount.index()] += 1;
                }
            } else if self.line_at((x - nc) as usize) {
                uses[Technique::LineContinuation.index()] += 1;
            }
        }
    }

    /// Applies one technique across the board (or only its first deduction when `single`);
    /// true if it decided an edge or found a contradiction.
    fn apply(&mut self, t: Technique, single: bool) -> bool {
        let before = self.n_set;
        match t {
            Technique::ClueCount => {
                for c in 0..self.g.n_cells {
                    if self.clue_count_at(c) && single {
                        break;
                    }
                }
            }
            Technique::LineContinuation => {
                for v in 0..self.g.n_verts {
                    if self.line_at(v) && single {
                        break;
                    }
                }
            }
            Technique::CornerRule => self.corner_rule(single),
            Technique::ThreeThree => self.three_three(single),
            Technique::VertexPairs => self.pairs(false, single),
            Technique::DiagonalChains => self.pairs(true, single),
            Technique::LoopClosure => self.loop_closure(single),
            Technique::Colouring => self.colouring(single),
            Technique::ShortTrial => self.trial(1),
            Technique::Trial => self.trial(7),
            Technique::DeepTrial => self.deep_trial(),
        }
        self.n_set > before || self.contradiction
    }

    /// Solves with techniques up to `max_level`.
    pub fn run(&mut self, max_level: u8) -> RunResult {
        let mut uses = [0u32; N_TECHNIQUES];
        'outer: loop {
            self.fixpoint_basic(&mut uses);
            if self.contradiction || self.n_unknown == 0 {
                break;
            }
            for t in Technique::ALL.into_iter().skip(2) {
                if t.level() > max_level {
                    break;
                }
                if self.apply(t, false) {
                    uses[t.index()] += 1;
                    continue 'outer;
                }
            }
            break;
        }
        if !self.contradiction && (self.n_unknown == 0 || self.detect) && self.violated() {
            self.contradiction = true;
        }
        let max_level = Technique::ALL
            .iter()
            .filter(|t| uses[t.index()] > 0)
            .map(|t| t.level())
            .max()
            .unwrap_or(0);
        RunResult {
            solved: !self.contradiction && self.n_unknown == 0,
            contradiction: self.contradiction,
            max_level,
            uses,
            capped: self.capped,
        }
    }

    /// The easiest single deduction available (up to `max_level`), applied to the state.
    pub fn step(&mut self, max_level: u8) -> Option<Step> {
        for t in Technique::ALL {
            if t.level() > max_level {
                break;
            }
            self.changed.clear();
            self.clear_queue();
            self.record = true;
            let progress = self.apply(t, true);
            self.record = false;
            if progress && !self.changed.is_empty() {
                let decided = std::mem::take(&mut self.changed);
                return Some(Step {
                    technique: t,
                    decided,
                });
            }
            if self.contradiction {
                return None;
            }
        }
        None
    }

    /// True if the decided edges already break a rule: a clue over or under its count, a vertex
    /// with three lines or a dead end, or a closed loop that cannot be the whole answer.
    pub fn violated(&self) -> bool {
        let g = self.g;
        for c in 0..g.n_cells {
            let n = self.clue[c];
            if n != NO_CLUE {
                let (on, unk) = self.cell_counts(c);
                if on > n || on + unk < n {
                    return true;
                }
            }
        }
        for v in 0..g.n_verts {
            let (on, unk) = self.vert_counts(v);
            if on > 2 || (on == 1 && unk == 0) {
                return true;
            }
        }
        closure::premature_loop(self)
    }
}

#[cfg(test)]
mod tests;
