//! Level 6: loop closure. Lines form paths; an open edge joining the two ends of one path closes a
//! loop, which is only allowed if that loop is the whole answer.

use super::Logic;
use crate::model::{NO_CLUE, OFF, ON, UNKNOWN};

/// Union-find over vertices, joined by lines; counts each component's lines and vertices.
pub(crate) struct Paths {
    parent: Vec<u32>,
    /// Lines per root.
    pub lines: Vec<u32>,
    /// Vertices per root.
    pub verts: Vec<u32>,
    /// Lines in total.
    pub total: u32,
}

impl Paths {
    pub(crate) fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] as usize != x {
            let p = self.parent[x] as usize;
            self.parent[x] = self.parent[p];
            x = p;
        }
        x
    }

    pub(crate) fn of(logic: &Logic<'_>) -> Paths {
        let g = logic.g;
        let mut p = Paths {
            parent: (0..g.n_verts as u32).collect(),
            lines: vec![0; g.n_verts],
            verts: vec![1; g.n_verts],
            total: 0,
        };
        for e in 0..g.n_edges {
            if logic.st[e] != ON {
                continue;
            }
            p.total += 1;
            let [a, b] = g.edge_verts[e];
            let (ra, rb) = (p.find(a as usize), p.find(b as usize));
            if ra == rb {
                p.lines[ra] += 1;
            } else {
                p.parent[rb] = ra as u32;
                p.lines[ra] += p.lines[rb] + 1;
                p.verts[ra] += p.verts[rb];
            }
        }
        p
    }
}

/// True if some closed loop exists that cannot be the whole answer.
pub(crate) fn premature_loop(logic: &Logic<'_>) -> bool {
    let g = logic.g;
    let mut p = Paths::of(logic);
    for v in 0..g.n_verts {
        let r = p.find(v);
        if r == v && p.lines[r] > 0 && p.lines[r] == p.verts[r] {
            if p.lines[r] != p.total {
                return true;
            }
            // The loop is closed: every clue must be met exactly by the lines drawn.
            return (0..g.n_cells).any(|c| {
                let n = logic.clue[c];
                n != NO_CLUE && logic.cell_counts(c).0 != n
            });
        }
    }
    false
}

impl Logic<'_> {
    /// Whether drawing `e` (joining two ends of the only path) would satisfy every clue.
    fn closing_completes(&self, e: usize) -> bool {
        let cells = self.g.edge_cells[e];
        (0..self.g.n_cells).all(|c| {
            let n = self.clue[c];
            let extra = i8::from(cells.contains(&(c as u32)));
            n == NO_CLUE || self.cell_counts(c).0 + extra == n
        })
    }

    /// L6: cross every open edge that would close a premature loop.
    pub(crate) fn loop_closure(&mut self, single: bool) {
        let g = self.g;
        let mut p = Paths::of(self);
        for e in 0..g.n_edges {
            if self.st[e] != UNKNOWN {
                continue;
            }
            let [a, b] = g.edge_verts[e];
            let ra = p.find(a as usize);
            if ra != p.find(b as usize) {
                continue;
            }
            if p.lines[ra] != p.total || !self.closing_completes(e) {
                self.set(e, OFF);
                if single {
                    return;
                }
            }
        }
    }
}
