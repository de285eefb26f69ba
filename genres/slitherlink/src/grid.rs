//! Grid geometry: cells, edges and vertices of a `W x H` board, indexed once into compact tables.
//!
//! * Cell `(r, c)` has index `r * W + c` (`r < H`, `c < W`).
//! * Vertex `(r, c)` has index `r * (W + 1) + c` (`r <= H`, `c <= W`).
//! * Horizontal edge `h(r, c)` joins vertices `(r, c)` and `(r, c + 1)`; index `r * W + c`
//!   (`r <= H`, `c < W`). Vertical edge `v(r, c)` joins `(r, c)` and `(r + 1, c)`; index
//!   `(H + 1) * W + r * (W + 1) + c` (`r < H`, `c <= W`).
//!
//! Directions around a vertex are `UP, RIGHT, DOWN, LEFT` (0..4); a missing edge (on the border)
//! is [`NONE`]. The four quadrants of a vertex, `NW, NE, SE, SW`, are pairs of its edges: quadrant
//! `q` is the pair a cell in that quadrant has at this corner; the opposite quadrant is `(q + 2) % 4`.

/// Marker for "no edge" / "no cell" (outside the grid).
pub const NONE: u32 = u32::MAX;

/// The smallest board side accepted anywhere.
pub const MIN_SIDE: usize = 1;
/// The largest board side accepted from outside (text, JSON).
pub const MAX_SIDE: usize = 60;

/// Edge directions at a vertex.
pub const UP: usize = 0;
/// Right of a vertex.
pub const RIGHT: usize = 1;
/// Below a vertex.
pub const DOWN: usize = 2;
/// Left of a vertex.
pub const LEFT: usize = 3;

/// Quadrant pairs of edge directions: NW = (UP, LEFT), NE = (UP, RIGHT), SE = (DOWN, RIGHT),
/// SW = (DOWN, LEFT).
pub const QUADRANT_DIRS: [[usize; 2]; 4] = [[UP, LEFT], [UP, RIGHT], [DOWN, RIGHT], [DOWN, LEFT]];

/// Which quadrant of each corner vertex a cell occupies: its top-left corner sees it in the SE
/// quadrant, top-right in SW, bottom-right in NW, bottom-left in NE.
pub const CORNER_QUADRANT: [usize; 4] = [2, 3, 0, 1];

/// The precomputed incidence tables of one board size.
#[derive(Debug, Clone)]
pub struct Grid {
    /// Columns.
    pub w: usize,
    /// Rows.
    pub h: usize,
    /// Number of cells (`W * H`).
    pub n_cells: usize,
    /// Number of vertices (`(W + 1) * (H + 1)`).
    pub n_verts: usize,
    /// Number of edges.
    pub n_edges: usize,
    /// Number of horizontal edges (they come first in edge order).
    pub n_h: usize,
    /// Edges of each cell: top, right, bottom, left.
    pub cell_edges: Vec<[u32; 4]>,
    /// Corner vertices of each cell: top-left, top-right, bottom-right, bottom-left.
    pub cell_verts: Vec<[u32; 4]>,
    /// Edges at each vertex by direction (UP, RIGHT, DOWN, LEFT), [`NONE`] where missing.
    pub vert_edges: Vec<[u32; 4]>,
    /// Cells around each vertex by quadrant (NW, NE, SE, SW), [`NONE`] outside.
    pub vert_cells: Vec<[u32; 4]>,
    /// Number of edges at each vertex (2, 3 or 4).
    pub vert_degree: Vec<u8>,
    /// The two vertices of each edge (top/left first).
    pub edge_verts: Vec<[u32; 2]>,
    /// The two cells beside each edge: above/left first, [`NONE`] outside.
    pub edge_cells: Vec<[u32; 2]>,
    /// Corner entries (`vertex * 4 + quadrant`): the entry's two edges ([`NONE`] where missing).
    pub entry_pair: Vec<[u32; 2]>,
    /// Corner entries, everything the corner rules read in one place: the two edges, the
    /// quadrant's cell and the opposite corner entry through it ([`NONE`] where missing).
    pub entry: Vec<[u32; 4]>,
    /// Corner entries: the opposite corner entry through the quadrant's cell, or [`NONE`].
    pub entry_opp: Vec<u32>,
    /// The four corner entries holding each edge (two quadrants at each end).
    pub edge_entries: Vec<[u32; 4]>,
    /// Corner entries with a missing edge (on the board's border), in index order.
    pub border_entries: Vec<u32>,
}

impl Grid {
    /// The tables of a `w x h` board (`1 <= w, h <= MAX_SIDE`, checked by callers).
    pub fn new(w: usize, h: usize) -> Grid {
        let n_cells = w * h;
        let n_verts = (w + 1) * (h + 1);
        let n_h = (h + 1) * w;
        let n_edges = n_h + h * (w + 1);
        let hor = |r: usize, c: usize| (r * w + c) as u32;
        let ver = |r: usize, c: usize| (n_h + r * (w + 1) + c) as u32;
        let vtx = |r: usize, c: usize| (r * (w + 1) + c) as u32;
        let cell = |r: usize, c: usize| (r * w + c) as u32;

        let mut cell_edges = Vec::with_capacity(n_cells);
        let mut cell_verts = Vec::with_capacity(n_cells);
        for r in 0..h {
            for c in 0..w {
                cell_edges.push([hor(r, c), ver(r, c + 1), hor(r + 1, c), ver(r, c)]);
                cell_verts.push([vtx(r, c), vtx(r, c + 1), vtx(r + 1, c + 1), vtx(r + 1, c)]);
            }
        }
        let mut vert_edges = Vec::with_capacity(n_verts);
        let mut vert_cells = Vec::with_capacity(n_verts);
        let mut vert_degree = Vec::with_capacity(n_verts);
        for r in 0..=h {
            for c in 0..=w {
                let up = if r > 0 { ver(r - 1, c) } else { NONE };
                let right = if c < w { hor(r, c) } else { NONE };
                let down = if r < h { ver(r, c) } else { NONE };
                let left = if c > 0 { hor(r, c - 1) } else { NONE };
                let e = [up, right, down, left];
                vert_degree.push(e.iter().filter(|&&x| x != NONE).count() as u8);
                vert_edges.push(e);
                let nw = if r > 0 && c > 0 {
                    cell(r - 1, c - 1)
                } else {
                    NONE
                };
                let ne = if r > 0 && c < w { cell(r - 1, c) } else { NONE };
                let se = if r < h && c < w { cell(r, c) } else { NONE };
                let sw = if r < h && c > 0 { cell(r, c - 1) } else { NONE };
                vert_cells.push([nw, ne, se, sw]);
            }
        }
        let mut edge_verts = Vec::with_capacity(n_edges);
        let mut edge_cells = Vec::with_capacity(n_edges);
        for r in 0..=h {
            for c in 0..w {
                edge_verts.push([vtx(r, c), vtx(r, c + 1)]);
                let above = if r > 0 { cell(r - 1, c) } else { NONE };
                let below = if r < h { cell(r, c) } else { NONE };
                edge_cells.push([above, below]);
            }
        }
        for r in 0..h {
            for c in 0..=w {
                edge_verts.push([vtx(r, c), vtx(r + 1, c)]);
                let left = if c > 0 { cell(r, c - 1) } else { NONE };
                let right = if c < w { cell(r, c) } else { NONE };
                edge_cells.push([left, right]);
            }
        }
        let mut entry_pair = Vec::with_capacity(4 * n_verts);
        let mut entry_opp = Vec::with_capacity(4 * n_verts);
        for v in 0..n_verts {
            for q in 0..4 {
                let e = vert_edges[v];
                entry_pair.push([e[QUADRANT_DIRS[q][0]], e[QUADRANT_DIRS[q][1]]]);
                let c = vert_cells[v][q];
                entry_opp.push(if c == NONE {
                    NONE
                } else {
                    cell_verts[c as usize][q] * 4 + ((q as u32 + 2) % 4)
                });
            }
        }
        let mut edge_entries = vec![[NONE; 4]; n_edges];
        for (x, pair) in entry_pair.iter().enumerate() {
            for &e in pair.iter().filter(|&&e| e != NONE) {
                let slot = edge_entries[e as usize]
                    .iter()
                    .position(|&y| y == NONE)
                    .expect("an edge lies in exactly four corner entries");
                edge_entries[e as usize][slot] = x as u32;
            }
        }
        let entry = (0..entry_pair.len())
            .map(|x| {
                let [a, b] = entry_pair[x];
                [a, b, vert_cells[x / 4][x % 4], entry_opp[x]]
            })
            .collect();
        let border_entries = (0..entry_pair.len() as u32)
            .filter(|&x| entry_pair[x as usize].contains(&NONE))
            .collect();
        Grid {
            w,
            h,
            n_cells,
            n_verts,
            n_edges,
            n_h,
            cell_edges,
            cell_verts,
            vert_edges,
            vert_cells,
            vert_degree,
            edge_verts,
            edge_cells,
            entry_pair,
            entry,
            entry_opp,
            edge_entries,
            border_entries,
        }
    }

    /// The pair of edges of vertex `v` in quadrant `q` ([`NONE`] where missing).
    #[inline]
    pub fn quadrant(&self, v: usize, q: usize) -> [u32; 2] {
        let e = &self.vert_edges[v];
        [e[QUADRANT_DIRS[q][0]], e[QUADRANT_DIRS[q][1]]]
    }

    /// The edge joining vertices `a` and `b`, if they are neighbours.
    pub fn edge_between(&self, a: usize, b: usize) -> Option<usize> {
        self.vert_edges[a].iter().find_map(|&e| {
            if e == NONE {
                return None;
            }
            let [x, y] = self.edge_verts[e as usize];
            (x as usize == b || y as usize == b).then_some(e as usize)
        })
    }

    /// `(is_horizontal, row, column)` of an edge, as in the module doc.
    pub fn edge_pos(&self, e: usize) -> (bool, usize, usize) {
        if e < self.n_h {
            (true, e / self.w, e % self.w)
        } else {
            let k = e - self.n_h;
            (false, k / (self.w + 1), k % (self.w + 1))
        }
    }

    /// The index of horizontal edge `h(r, c)`.
    pub fn h_edge(&self, r: usize, c: usize) -> usize {
        r * self.w + c
    }

    /// The index of vertical edge `v(r, c)`.
    pub fn v_edge(&self, r: usize, c: usize) -> usize {
        self.n_h + r * (self.w + 1) + c
    }

    /// A short human name of an edge, e.g. `the top of r3c4` (rows and columns from 1).
    pub fn edge_name(&self, e: usize) -> String {
        let (hor, r, c) = self.edge_pos(e);
        if hor {
            if r < self.h {
                format!("the top of r{}c{}", r + 1, c + 1)
            } else {
                format!("the bottom of r{}c{}", r, c + 1)
            }
        } else if c < self.w {
            format!("the left of r{}c{}", r + 1, c + 1)
        } else {
            format!("the right of r{}c{}", r + 1, c)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_consistent() {
        let g = Grid::new(4, 3);
        assert_eq!(g.n_edges, 4 * 4 + 3 * 5);
        for (c, edges) in g.cell_edges.iter().enumerate() {
            for &e in edges {
                assert!(g.edge_cells[e as usize].contains(&(c as u32)));
            }
        }
        for (v, edges) in g.vert_edges.iter().enumerate() {
            for &e in edges.iter().filter(|&&e| e != NONE) {
                assert!(g.edge_verts[e as usize].contains(&(v as u32)));
            }
        }
        // Each cell's corner pair equals the vertex quadrant pair it occupies.
        for c in 0..g.n_cells {
            let ce = g.cell_edges[c];
            for k in 0..4 {
                let v = g.cell_verts[c][k] as usize;
                let q = CORNER_QUADRANT[k];
                assert_eq!(g.vert_cells[v][q], c as u32);
                let mut pair = g.quadrant(v, q);
                pair.sort_unstable();
                let mut want = [ce[k], ce[(k + 3) % 4]];
                want.sort_unstable();
                assert_eq!(pair, want, "cell {c} corner {k}");
            }
        }
        assert_eq!(g.edge_between(0, 1), Some(0));
        assert_eq!(g.edge_between(0, 5), Some(g.v_edge(0, 0)));
        assert_eq!(g.edge_between(0, 6), None);
        assert_eq!(g.edge_pos(g.v_edge(2, 4)), (false, 2, 4));
    }
}
