//! The closure engine: the same rules as the ladder up to a level, applied in whatever order is
//! cheapest. Every rule only adds information, so the set of edges decided at the end (the
//! closure) does not depend on the order; the generator uses this engine to ask "do the
//! techniques up to level k solve this?" and the ordered [`Logic::run`] only to grade the result.
//!
//! Local rules are driven by work queues instead of board sweeps. Corner-pair entries are
//! indexed `vertex * 4 + quadrant`; `vo(x)` is the opposite quadrant at the same vertex and
//! `co(x)` the opposite corner of the clue cell in that quadrant.
//! * level 2-3: the corner rule per entry;
//! * level 4: the three-pass (vertex, cell, vertex) mask of one entry computed from its
//!   neighbourhood, exactly what the board-wide level-4 pass computes there;
//! * level 5+: persistent masks narrowed to the greatest fixpoint by a worklist (the same
//!   fixpoint the board-wide level-5 pass reaches; it subsumes levels 2 and 4).

use super::super::pairsum::{cflip, pair_decisions, pair_mask, vflip};
use super::{Logic, Technique};
use crate::grid::{CORNER_QUADRANT, NONE};
use crate::model::{NO_CLUE, OFF, ON, UNKNOWN, single_loop};

pub(super) const FULL: u8 = 0b111;

impl Logic<'_> {
    #[inline]
    pub(super) fn vo(x: usize) -> usize {
        (x & !3) | ((x + 2) & 3)
    }

    /// The opposite corner entry through the clue cell of `x`, with the clue.
    #[inline]
    pub(super) fn co(&self, x: usize) -> Option<(usize, i8)> {
        let [_, _, c, opp] = self.g.entry[x];
        if c == NONE {
            return None;
        }
        let n = self.clue[c as usize];
        if n == NO_CLUE {
            return None;
        }
        Some((opp as usize, n))
    }

    #[inline]
    pub(super) fn pm(&self, x: usize) -> u8 {
        let [a, b, _, _] = self.g.entry[x];
        pair_mask(self.state(a), self.state(b))
    }

    #[inline]
    pub(super) fn push_entry(&mut self, x: usize) {
        if !self.equeued[x] {
            self.equeued[x] = true;
            self.equeue.push(x as u32);
        }
    }

    /// True if the quadrant cell of entry `x` holds a 1 or a 3 (the corner rule's cells).
    #[inline]
    pub(super) fn corner_rule_cell(&self, x: usize) -> bool {
        let c = self.g.vert_cells[x / 4][x % 4];
        c != NONE && matches!(self.clue[c as usize], 1 | 3)
    }

    /// Queues the entries whose rule may change after edge `e` was decided.
    pub(crate) fn trigger(&mut self, e: usize) {
        if self.fast == 5 {
            for y in self.g.edge_entries[e] {
                self.push_entry(y as usize);
            }
            return;
        }
        for y in self.g.edge_entries[e] {
            let y = y as usize;
            match self.fast {
                2 => {
                    for z in [y, Self::vo(y)] {
                        if self.corner_rule_cell(z) {
                            self.push_entry(z);
                        }
                    }
                }
                4 => {
                    self.push_entry(y);
                    let vy = Self::vo(y);
                    self.push_entry(vy);
                    if let Some((cy, _)) = self.co(y) {
                        self.push_entry(cy);
                        self.push_entry(Self::vo(cy));
                    }
                    if let Some((cvy, _)) = self.co(vy) {
                        self.push_entry(cvy);
                        self.push_entry(Self::vo(cvy));
                    }
                }
                _ => self.push_entry(y),
            }
        }
    }

    /// Decides the edges of entry `x` allowed by mask `m`.
    fn extract(&mut self, x: usize, m: u8) {
        if m == 0 {
            self.contradiction = true;
            return;
        }
        let [a, b, _, _] = self.g.entry[x];
        let code = pair_decisions(m, self.state(a), self.state(b));
        for (e, d) in [(a, code & 3), (b, code >> 2)] {
            match d {
                1 => self.set(e as usize, ON),
                2 => self.set(e as usize, OFF),
                3 => self.contradiction = true,
                _ => {}
            }
        }
    }

    fn entry_corner(&mut self, x: usize) {
        let Some((_, n)) = self.co(x) else { return };
        if n != 1 && n != 3 {
            return;
        }
        let [a, b] = self.g.entry_pair[Self::vo(x)];
        if self.state(a) == OFF && self.state(b) == OFF {
            let val = if n == 1 { OFF } else { ON };
            for e in self.g.quadrant(x / 4, x % 4) {
                if self.st[e as usize] == UNKNOWN {
                    self.set(e as usize, val);
                }
            }
        }
    }

    fn p2(&self, y: usize) -> u8 {
        let p1 = |z: usize| self.pm(z) & vflip(self.pm(Self::vo(z)));
        match self.co(y) {
            Some((cy, n)) => p1(y) & cflip(p1(cy), n),
            None => p1(y),
        }
    }

    fn entry_three_pass(&mut self, x: usize) {
        let m = self.p2(x) & vflip(self.p2(Self::vo(x)));
        if m != self.pm(x) {
            self.extract(x, m);
        }
    }

    fn entry_chain(&mut self, x: usize) {
        let [a, b, c, cx] = self.g.entry[x];
        let pm = pair_mask(self.state(a), self.state(b));
        let vx = Self::vo(x);
        let old = self.emask[x];
        let mut m = old & pm & vflip(self.emask[vx]);
        let n = if c == NONE {
            NO_CLUE
        } else {
            self.clue[c as usize]
        };
        if n != NO_CLUE {
            m &= cflip(self.emask[cx as usize], n);
        }
        if m != old {
            self.emask[x] = m;
            self.push_entry(vx);
            if n != NO_CLUE {
                self.push_entry(cx as usize);
            }
        }
        // A mask equal to what the edges allow decides nothing.
        if m != pm {
            self.extract(x, m);
        }
    }

    /// Local rules to a fixpoint.
    pub(super) fn local_fixpoint(&mut self) {
        match self.fast {
            2 => self.drain(Self::entry_corner),
            4 => self.drain(Self::entry_three_pass),
            _ => self.drain(Self::entry_chain),
        }
    }

    /// Level-1 rules and the corner entries' `rule` to a fixpoint.
    #[inline]
    fn drain(&mut self, rule: impl Fn(&mut Self, usize)) {
        let mut uses = [0u32; super::N_TECHNIQUES];
        loop {
            if !self.queue.is_empty() {
                self.fixpoint_basic(&mut uses);
            }
            if self.contradiction || self.unknown() == 0 {
                return;
            }
            let Some(x) = self.equeue.pop() else { return };
            let x = x as usize;
            self.equeued[x] = false;
            rule(self, x);
        }
    }

    /// The engine mode for `level` (see [`Logic::trigger`]).
    pub(super) fn mode(level: u8) -> u8 {
        match level {
            1 => 0,
            2 | 3 => 2,
            4 => 4,
            _ => 5,
        }
    }

    /// [`Logic::reload`] with `clues`, then [`Logic::solves`] at `level`.
    pub fn reload_solves(&mut self, clues: &[i8], level: u8) -> bool {
        self.reload(clues);
        self.solves(level)
    }

    /// True if the techniques up to `level` solve the puzzle from the current state.
    pub fn solves(&mut self, level: u8) -> bool {
        let n = self.g.n_verts * 4;
        let mode = Self::mode(level);
        self.fast = 0;
        self.equeue.clear();
        self.equeued.clear();
        self.equeued.resize(n, false);
        if level >= 3 {
            self.three_three(false);
        }
        // Level 1 alone first: cheap, often enough, and its result is a sound start for the rest.
        let mut uses = [0u32; super::N_TECHNIQUES];
        self.fixpoint_basic(&mut uses);
        if mode != 0 && !self.contradiction && self.unknown() > 0 {
            self.fast = mode;
            self.emask.clear();
            self.emask.resize(n, FULL);
            // Only entries that constrain anything yet: a clue other than 2 at the corner, or
            // decided edges (missing ones on the border count as crossed).
            if self.unknown() == self.g.n_edges {
                let g = self.g;
                for &x in &g.border_entries {
                    self.push_entry(x as usize);
                }
                for c in 0..g.n_cells {
                    if !matches!(self.clue[c], 0 | 1 | 3) {
                        continue;
                    }
                    for (k, &q) in CORNER_QUADRANT.iter().enumerate() {
                        self.push_entry(g.cell_verts[c][k] as usize * 4 + q);
                    }
                }
            } else {
                for x in (0..n).rev() {
                    if self.co(x).is_some_and(|(_, c)| c != 2) || self.pm(x) != FULL {
                        self.push_entry(x);
                    }
                }
            }
        }
        self.sweep = level >= 8;
        self.top = 0;
        'outer: loop {
            self.local_fixpoint();
            if self.contradiction || self.unknown() == 0 {
                break;
            }
            for t in [
                Technique::LoopClosure,
                Technique::Colouring,
                Technique::ShortTrial,
                Technique::Trial,
                Technique::DeepTrial,
            ] {
                if t.level() > level {
                    break;
                }
                // Whatever a short trial refutes, the level-9 trial refutes too (its rules
                // include level 1's), and both closures are swept: the short one adds nothing.
                if t == Technique::ShortTrial && level >= 9 {
                    continue;
                }
                if self.apply(t, false) {
                    self.top = self.top.max(t.level());
                    continue 'outer;
                }
            }
            break;
        }
        self.fast = 0;
        self.sweep = false;
        self.trial_closed = None;
        // At the fixpoint every cell and dot has been checked after its last change, so clue
        // counts and degrees hold; what is left is that the lines form a single loop.
        !self.contradiction && self.unknown() == 0 && single_loop(self.g, &self.st)
    }
}
