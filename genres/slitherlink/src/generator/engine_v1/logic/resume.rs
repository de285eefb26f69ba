//! Resumable closures for the generator's clue removal.
//!
//! Every rule up to level 7 is sound and monotone: more clues or more decided edges never take a
//! deduction away (and level-5 masks only narrow). So the closure of a clue set can be reached
//! from any state whose facts follow from a subset of those clues by the same rules; the
//! fixpoint is the same closure [`Logic::solves`] computes from nothing. A resumable closure
//! takes clues one at a time ([`Logic::add_clue`], local rules only), can be saved and restored
//! ([`Saved`]), and finishes with the global techniques ([`Logic::finish`]). Trial levels are
//! not resumed, nor level 4 (see [`resumes`]).

use super::Logic;
use super::Technique;
use super::fast::FULL;
use crate::grid::{CORNER_QUADRANT, Grid};
use crate::model::{NO_CLUE, single_loop};

/// Whether the closure at `level` can be resumed: levels 1-3 and 5-7. (Level 4's closure
/// engine, [`Logic::solves`], starts from a filtered set of corner entries, which a resumed
/// closure does not reproduce exactly; trials are not resumed.)
pub fn resumes(level: u8) -> bool {
    level <= 7 && level != 4
}

/// A saved resumable closure (see [`Logic::save_into`]).
#[derive(Debug, Clone, Default)]
pub struct Saved {
    clue: Vec<i8>,
    st: Vec<u8>,
    cnt: Vec<[u8; 2]>,
    emask: Vec<u8>,
    n_unknown: usize,
    contradiction: bool,
}

impl<'a> Logic<'a> {
    /// A resumable closure at `level` (see [`resumes`]) with no clues and nothing decided.
    pub fn resumable(g: &'a Grid, level: u8) -> Logic<'a> {
        debug_assert!(resumes(level));
        let mut logic = Logic::new(g, &vec![NO_CLUE; g.n_cells]);
        // With nothing decided and no clues, dots and cells have nothing to say.
        logic.clear_queue();
        logic.fast = Self::mode(level);
        let n = g.n_verts * 4;
        logic.equeued.resize(n, false);
        logic.emask.resize(n, FULL);
        logic.masks_only = logic.fast == 5;
        if logic.fast == 5 {
            // Missing edges on the border narrow these masks from the start.
            for &x in &g.border_entries {
                logic.push_entry(x as usize);
            }
            logic.local_fixpoint();
        }
        logic
    }

    /// Adds clue `n` at cell `c` and runs the local rules up to `level` (the level given to
    /// [`Logic::resumable`]) to a fixpoint; the global techniques wait for [`Logic::finish`].
    pub fn add_clue(&mut self, c: usize, n: i8, level: u8) {
        self.clue[c] = n;
        if !self.masks_only {
            self.enqueue(c as u32);
        }
        if self.fast != 0 {
            for (k, &q) in CORNER_QUADRANT.iter().enumerate() {
                self.push_entry(self.g.cell_verts[c][k] as usize * 4 + q);
            }
        }
        // 3-3 patterns at the pairs holding `c`.
        if n == 3 && level >= 3 {
            let (r, col) = (c / self.g.w, c % self.g.w);
            self.three_three_at(r, col);
            if r > 0 {
                self.three_three_at(r - 1, col);
                if col > 0 {
                    self.three_three_at(r - 1, col - 1);
                }
                if col + 1 < self.g.w {
                    self.three_three_at(r - 1, col + 1);
                }
            }
            if col > 0 {
                self.three_three_at(r, col - 1);
            }
        }
        self.local_fixpoint();
    }

    /// Runs the global techniques up to `level` (loop closure, colouring) with the local rules
    /// to a fixpoint; true if the puzzle is then solved (the answer of [`Logic::solves`]).
    pub fn finish(&mut self, level: u8) -> bool {
        self.close(level) && single_loop(self.g, &self.st)
    }

    /// [`Logic::finish`] for a puzzle whose clues were counted from the single loop `answer`:
    /// a closure that decides every edge is then that loop (the rules are sound), which is
    /// checked by comparison instead of a walk.
    pub fn finish_towards(&mut self, level: u8, answer: &[u8]) -> bool {
        self.close(level) && (self.st == answer || single_loop(self.g, &self.st))
    }

    /// The global techniques with the local rules to a fixpoint; true if every edge is decided
    /// without a contradiction.
    pub(super) fn close(&mut self, level: u8) -> bool {
        'outer: loop {
            self.local_fixpoint();
            if self.contradiction || self.unknown() == 0 {
                break;
            }
            for t in [Technique::LoopClosure, Technique::Colouring] {
                if t.level() > level {
                    break;
                }
                if self.apply(t, false) {
                    continue 'outer;
                }
            }
            break;
        }
        !self.contradiction && self.unknown() == 0
    }

    /// Saves the closure into `out` (reusing its buffers).
    pub fn save_into(&self, out: &mut Saved) {
        out.clue.clone_from(&self.clue);
        out.st.clone_from(&self.st);
        out.cnt.clone_from(&self.cnt);
        out.emask.clone_from(&self.emask);
        out.n_unknown = self.n_unknown;
        out.contradiction = self.contradiction;
    }

    /// Restores a closure saved by [`Logic::save_into`] on this resumable closure.
    pub fn restore(&mut self, from: &Saved) {
        self.clue.copy_from_slice(&from.clue);
        self.st.copy_from_slice(&from.st);
        self.cnt.copy_from_slice(&from.cnt);
        self.emask.copy_from_slice(&from.emask);
        self.n_unknown = from.n_unknown;
        self.contradiction = from.contradiction;
        // A fixpoint stopped early (solved or contradicted) may leave work queued.
        self.clear_queue();
        while let Some(x) = self.equeue.pop() {
            self.equeued[x as usize] = false;
        }
    }
}
