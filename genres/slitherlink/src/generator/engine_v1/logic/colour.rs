//! Level 7: inside/outside colouring. Cells (and the outside of the board) are joined by a
//! parity union-find: a cross says "same side", a line says "other side". A clue `n` says exactly
//! `n` of the cell's four neighbours are on the other side; around a vertex, the four cells may not
//! alternate (that would put four lines on it). Relations forced in every consistent assignment
//! are added, and any open edge whose two sides are related is decided.

use super::Logic;
use crate::grid::NONE;
use crate::model::{NO_CLUE, OFF, ON, UNKNOWN};

struct Parity {
    parent: Vec<u32>,
    /// Parity to the parent: 0 same side, 1 other side.
    rel: Vec<u8>,
}

impl Parity {
    fn new(n: usize) -> Parity {
        Parity {
            parent: (0..n as u32).collect(),
            rel: vec![0; n],
        }
    }

    /// `(root, parity of x relative to root)`.
    fn find(&mut self, x: usize) -> (usize, u8) {
        let mut root = x;
        let mut par = 0;
        while self.parent[root] as usize != root {
            par ^= self.rel[root];
            root = self.parent[root] as usize;
        }
        // Path compression with parities.
        let mut y = x;
        let mut py = par;
        while self.parent[y] as usize != y {
            let next = self.parent[y] as usize;
            let next_par = py ^ self.rel[y];
            self.parent[y] = root as u32;
            self.rel[y] = py;
            y = next;
            py = next_par;
        }
        (root, par)
    }

    /// Records `x ^ y == d`; false if it contradicts what is known.
    fn union(&mut self, x: usize, y: usize, d: u8) -> bool {
        let (rx, px) = self.find(x);
        let (ry, py) = self.find(y);
        if rx == ry {
            return px ^ py == d;
        }
        self.parent[ry] = rx as u32;
        self.rel[ry] = px ^ py ^ d;
        true
    }
}

impl Logic<'_> {
    fn side(&self, c: u32) -> usize {
        if c == NONE {
            self.g.n_cells
        } else {
            c as usize
        }
    }

    /// Decides open edges whose sides are related; true if any was decided.
    fn decide_related(&mut self, uf: &mut Parity, single: bool) -> bool {
        let mut any = false;
        for e in 0..self.g.n_edges {
            if self.st[e] != UNKNOWN {
                continue;
            }
            let [a, b] = self.g.edge_cells[e];
            let (ra, pa) = uf.find(self.side(a));
            let (rb, pb) = uf.find(self.side(b));
            if ra == rb {
                self.set(e, if pa == pb { OFF } else { ON });
                any = true;
                if single {
                    return true;
                }
            }
        }
        any
    }

    /// Tries all side assignments of the roots of `nodes` relative to `nodes[0]`; `ok` says
    /// whether an assignment (sides of `nodes`, 0 = same as `nodes[0]`) is allowed. Adds every
    /// forced relation; false on contradiction.
    fn force_relations(
        uf: &mut Parity,
        nodes: &[usize],
        ok: impl Fn(&[u8]) -> bool,
    ) -> Result<bool, ()> {
        let mut roots = [0usize; 5];
        let mut pars = [0u8; 5];
        let mut slot = [0usize; 5];
        let mut distinct = 0;
        for (i, &x) in nodes.iter().enumerate() {
            let (r, p) = uf.find(x);
            pars[i] = p;
            match roots[..distinct].iter().position(|&y| y == r) {
                Some(k) => slot[i] = k,
                None => {
                    roots[distinct] = r;
                    slot[i] = distinct;
                    distinct += 1;
                }
            }
        }
        // Root 0 (of nodes[0]) is fixed to side 0; others range over both sides.
        let mut always = [0u8; 5]; // bit 0: seen side 0, bit 1: seen side 1
        let mut any = false;
        let mut sides = [0u8; 5];
        for bits in 0u32..(1 << (distinct - 1)) {
            let root_side = |k: usize| {
                if k == 0 {
                    0
                } else {
                    ((bits >> (k - 1)) & 1) as u8
                }
            };
            for i in 0..nodes.len() {
                sides[i] = root_side(slot[i]) ^ pars[i] ^ pars[0];
            }
            if ok(&sides[..nodes.len()]) {
                any = true;
                for (k, seen) in always.iter_mut().enumerate().take(distinct) {
                    *seen |= 1 << root_side(k);
                }
            }
        }
        if !any {
            return Err(());
        }
        let mut added = false;
        for k in 1..distinct {
            if always[k] == 1 || always[k] == 2 {
                let d = always[k] >> 1;
                // Root k's side relative to root 0 is forced to d.
                if !uf.union(roots[0], roots[k], d) {
                    return Err(());
                }
                added = true;
            }
        }
        Ok(added)
    }

    /// L7: inside/outside colouring.
    pub(crate) fn colouring(&mut self, single: bool) {
        let g = self.g;
        let mut uf = Parity::new(g.n_cells + 1);
        for e in 0..g.n_edges {
            let s = self.st[e];
            if s == UNKNOWN {
                continue;
            }
            let [a, b] = g.edge_cells[e];
            if !uf.union(self.side(a), self.side(b), u8::from(s == ON)) {
                self.contradiction = true;
                return;
            }
        }
        // Related sides decide edges once at the end (a single step decides them at its first
        // new relation instead): relations never depend on the edges decided in between, so
        // the result is the same. A cell or dot whose edges are all decided has its sides
        // related already and adds nothing (a broken count there was flagged by level 1).
        for c in 0..g.n_cells {
            let n = self.clue[c];
            if n == NO_CLUE || self.cell_counts(c).1 == 0 {
                continue;
            }
            let mut nodes = [c; 5];
            for k in 0..4 {
                let e = g.cell_edges[c][k] as usize;
                let [a, b] = g.edge_cells[e];
                nodes[k + 1] = if a == c as u32 {
                    self.side(b)
                } else {
                    self.side(a)
                };
            }
            let ok = |s: &[u8]| s[1..].iter().map(|&x| x as i8).sum::<i8>() == n;
            match Self::force_relations(&mut uf, &nodes, ok) {
                Err(()) => {
                    self.contradiction = true;
                    return;
                }
                Ok(true) => {
                    if single && self.decide_related(&mut uf, true) {
                        return;
                    }
                }
                Ok(false) => {}
            }
        }
        for v in 0..g.n_verts {
            if self.vert_counts(v).1 == 0 {
                continue;
            }
            let cells = g.vert_cells[v];
            let nodes: [usize; 4] = std::array::from_fn(|q| self.side(cells[q]));
            // Around the vertex (NW, NE, SE, SW) the sides may not alternate.
            let ok = |s: &[u8]| !(s[0] == s[2] && s[1] == s[3] && s[0] != s[1]);
            match Self::force_relations(&mut uf, &nodes, ok) {
                Err(()) => {
                    self.contradiction = true;
                    return;
                }
                Ok(true) => {
                    if single && self.decide_related(&mut uf, true) {
                        return;
                    }
                }
                Ok(false) => {}
            }
        }
        self.decide_related(&mut uf, single);
    }
}
