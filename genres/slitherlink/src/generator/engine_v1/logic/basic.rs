//! Levels 1-3: clue counting, line continuation, corner rules and 3-3 patterns.

use super::Logic;
use crate::grid::{CORNER_QUADRANT, NONE};
use crate::model::{NO_CLUE, OFF, ON, UNKNOWN};

impl Logic<'_> {
    /// L1 clue counting at cell `c`; true if it decided something or found a contradiction.
    pub(crate) fn clue_count_at(&mut self, c: usize) -> bool {
        let n = self.clue[c];
        if n == NO_CLUE {
            return false;
        }
        let (on, unk) = self.cell_counts(c);
        if on > n || on + unk < n {
            self.contradiction = true;
            return true;
        }
        if unk == 0 || (on != n && on + unk != n) {
            return false;
        }
        let val = if on == n { OFF } else { ON };
        for k in 0..4 {
            let e = self.g.cell_edges[c][k] as usize;
            if self.st[e] == UNKNOWN {
                self.set(e, val);
            }
        }
        true
    }

    /// L1 line continuation at vertex `v`; true if it decided something or found a contradiction.
    pub(crate) fn line_at(&mut self, v: usize) -> bool {
        let (on, unk) = self.vert_counts(v);
        if on > 2 || (on == 1 && unk == 0) {
            self.contradiction = true;
            return true;
        }
        let val = match (on, unk) {
            (2, 1..) => OFF,
            (1, 1) => ON,
            (0, 1) => OFF,
            _ => return false,
        };
        for k in 0..4 {
            let e = self.g.vert_edges[v][k];
            if e != NONE && self.st[e as usize] == UNKNOWN {
                self.set(e as usize, val);
            }
        }
        true
    }

    /// L2: a 1 or 3 whose corner has both outside edges crossed (or off the board).
    pub(crate) fn corner_rule(&mut self, single: bool) {
        for c in 0..self.g.n_cells {
            let n = self.clue[c];
            if n != 1 && n != 3 {
                continue;
            }
            let val = if n == 1 { OFF } else { ON };
            for (k, &q) in CORNER_QUADRANT.iter().enumerate() {
                let v = self.g.cell_verts[c][k] as usize;
                let [a, b] = self.g.quadrant(v, (q + 2) % 4);
                if self.state(a) != OFF || self.state(b) != OFF {
                    continue;
                }
                let before = self.unknown();
                for e in self.g.quadrant(v, q) {
                    if self.st[e as usize] == UNKNOWN {
                        self.set(e as usize, val);
                    }
                }
                if single && self.unknown() < before {
                    return;
                }
            }
        }
    }

    /// L3: adjacent and diagonal 3-3 patterns.
    pub(crate) fn three_three(&mut self, single: bool) {
        for r in 0..self.g.h {
            for c in 0..self.g.w {
                if self.clue[r * self.g.w + c] != 3 {
                    continue;
                }
                let before = self.unknown();
                self.three_three_at(r, c);
                if single && (self.unknown() < before || self.contradiction) {
                    return;
                }
            }
        }
    }

    /// L3 at the 3-3 pairs whose first (upper, then left) cell is `(r, c)`.
    pub(crate) fn three_three_at(&mut self, r: usize, c: usize) {
        let (w, h) = (self.g.w, self.g.h);
        if self.clue[r * w + c] != 3 {
            return;
        }
        let mut on: Vec<usize> = Vec::new();
        let mut off: Vec<usize> = Vec::new();
        if c + 1 < w && self.clue[r * w + c + 1] == 3 {
            on.extend([
                self.g.v_edge(r, c),
                self.g.v_edge(r, c + 1),
                self.g.v_edge(r, c + 2),
            ]);
            if r > 0 {
                off.push(self.g.v_edge(r - 1, c + 1));
            }
            if r + 1 < h {
                off.push(self.g.v_edge(r + 1, c + 1));
            }
        }
        if r + 1 < h && self.clue[(r + 1) * w + c] == 3 {
            on.extend([
                self.g.h_edge(r, c),
                self.g.h_edge(r + 1, c),
                self.g.h_edge(r + 2, c),
            ]);
            if c > 0 {
                off.push(self.g.h_edge(r + 1, c - 1));
            }
            if c + 1 < w {
                off.push(self.g.h_edge(r + 1, c + 1));
            }
        }
        if r + 1 < h && c + 1 < w && self.clue[(r + 1) * w + c + 1] == 3 {
            on.extend([
                self.g.h_edge(r, c),
                self.g.v_edge(r, c),
                self.g.h_edge(r + 2, c + 1),
                self.g.v_edge(r + 1, c + 2),
            ]);
        }
        if r + 1 < h && c > 0 && self.clue[(r + 1) * w + c - 1] == 3 {
            on.extend([
                self.g.h_edge(r, c),
                self.g.v_edge(r, c + 1),
                self.g.h_edge(r + 2, c - 1),
                self.g.v_edge(r + 1, c - 1),
            ]);
        }
        for e in on {
            if self.st[e] == UNKNOWN {
                self.set(e, ON);
            } else if self.st[e] == OFF {
                self.contradiction = true;
            }
        }
        for e in off {
            if self.st[e] == UNKNOWN {
                self.set(e, OFF);
            } else if self.st[e] == ON {
                self.contradiction = true;
            }
        }
    }
}
