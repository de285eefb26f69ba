//! Levels 4-5: corner-pair reasoning. For every vertex and quadrant, a 3-bit mask says how many
//! of the quadrant's two edges (0, 1 or 2) can be lines. A vertex links opposite quadrants (their
//! sums add to 0 or 2); a clue links a cell's opposite corners (their sums add to the clue).
//! Level 4 applies vertex -> cell -> vertex once; level 5 chains to a fixpoint (diagonals of 2s,
//! 3-2-3, 1-1 at a border and so on).

use super::super::pairsum::{cflip, edge_options, pair_mask, vflip};
use super::Logic;
use crate::grid::{CORNER_QUADRANT, NONE};
use crate::model::{NO_CLUE, OFF, ON, UNKNOWN};

impl Logic<'_> {
    fn vertex_pass(&self, masks: &mut [u8]) -> bool {
        let mut changed = false;
        for v in 0..self.g.n_verts {
            for q in 0..2 {
                let (i, j) = (v * 4 + q, v * 4 + q + 2);
                let mi = masks[i] & vflip(masks[j]);
                let mj = masks[j] & vflip(mi);
                changed |= mi != masks[i] || mj != masks[j];
                masks[i] = mi;
                masks[j] = mj;
            }
        }
        changed
    }

    fn cell_pass(&self, masks: &mut [u8]) -> bool {
        let mut changed = false;
        for c in 0..self.g.n_cells {
            let n = self.clue[c];
            if n == NO_CLUE {
                continue;
            }
            let corner = |k: usize| self.g.cell_verts[c][k] as usize * 4 + CORNER_QUADRANT[k];
            for k in 0..2 {
                let (i, j) = (corner(k), corner(k + 2));
                let mi = masks[i] & cflip(masks[j], n);
                let mj = masks[j] & cflip(mi, n);
                changed |= mi != masks[i] || mj != masks[j];
                masks[i] = mi;
                masks[j] = mj;
            }
        }
        changed
    }

    /// L4 (`chain == false`) or L5 (`chain == true`).
    pub(crate) fn pairs(&mut self, chain: bool, single: bool) {
        let mut masks = std::mem::take(&mut self.masks);
        self.pairs_with(&mut masks, chain, single);
        self.masks = masks;
    }

    fn pairs_with(&mut self, masks: &mut Vec<u8>, chain: bool, single: bool) {
        let g = self.g;
        let n = g.n_verts * 4;
        // The second half keeps the masks read from the edges; only changed masks can decide.
        // An unproductive level-4 pass on the same edges is where level 5 starts from (the
        // chained fixpoint is the same either way).
        let reuse = chain && self.masks_at == Some(self.n_set);
        if !reuse {
            masks.resize(2 * n, 0);
            for v in 0..g.n_verts {
                for q in 0..4 {
                    let [a, b] = g.quadrant(v, q);
                    let m = pair_mask(self.state(a), self.state(b));
                    masks[v * 4 + q] = m;
                    masks[n + v * 4 + q] = m;
                }
            }
        }
        let (masks, init) = masks.split_at_mut(n);
        if chain {
            loop {
                let a = self.vertex_pass(masks);
                let b = self.cell_pass(masks);
                if !a && !b {
                    break;
                }
            }
        } else {
            self.vertex_pass(masks);
            self.cell_pass(masks);
            self.vertex_pass(masks);
        }
        let before_all = self.n_set;
        for v in 0..g.n_verts {
            for q in 0..4 {
                let m = masks[v * 4 + q];
                if m == init[v * 4 + q] {
                    continue;
                }
                if m == 0 {
                    self.contradiction = true;
                    return;
                }
                let pair = g.quadrant(v, q);
                let before = self.unknown();
                for k in 0..2 {
                    let (e, o) = (pair[k], pair[1 - k]);
                    if e == NONE || self.st[e as usize] != UNKNOWN {
                        continue;
                    }
                    match edge_options(m, self.state(o)) {
                        (false, false) => self.contradiction = true,
                        (false, true) => self.set(e as usize, ON),
                        (true, false) => self.set(e as usize, OFF),
                        (true, true) => {}
                    }
                }
                if single && (self.unknown() < before || self.contradiction) {
                    return;
                }
            }
        }
        if !chain && self.n_set == before_all && !self.contradiction {
            self.masks_at = Some(self.n_set);
        }
    }
}
