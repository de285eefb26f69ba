//! Second loops next to the answer, as proofs that a clue cannot be removed.
//!
//! Toggling one cell between inside and outside of the answer's loop (flipping its four edges)
//! often gives another single loop. That loop changes the counts of only the cell's edge
//! neighbours (one shared edge each) and of the cell itself unless it counts 2. Once every other
//! cell of that set has lost its clue, removing the last one would leave two solutions, which
//! the sound techniques of no level can solve: the generator keeps the clue without running the
//! check, and the result is the same as with the check.

use crate::grid::{Grid, NONE};
use crate::model::{NO_CLUE, OFF, ON, single_loop};

/// The answer's loop and which single-cell toggles of it give another single loop.
#[derive(Debug, Clone)]
pub struct Witnesses {
    sol: Vec<u8>,
    /// Per cell: `None` until checked, then whether toggling it gives a single loop.
    valid: Vec<Option<bool>>,
    /// Per cell: the cells whose count its toggle changes (see [`Witnesses::diff`]).
    diffs: Vec<([u32; 5], usize)>,
    scratch: Vec<u8>,
}

impl Witnesses {
    /// Witnesses for the answer `sol` (toggles are checked lazily, when first needed).
    pub fn new(g: &Grid, sol: &[u8]) -> Witnesses {
        let mut w = Witnesses {
            sol: sol.to_vec(),
            valid: vec![None; g.n_cells],
            diffs: Vec::with_capacity(g.n_cells),
            scratch: sol.to_vec(),
        };
        w.diffs = (0..g.n_cells).map(|y| w.diff(g, y)).collect();
        w
    }

    /// Lines of the answer around cell `c`.
    fn count(&self, g: &Grid, c: usize) -> usize {
        g.cell_edges[c]
            .iter()
            .filter(|&&e| self.sol[e as usize] == ON)
            .count()
    }

    /// The cells whose clue differs once `y` is toggled: `y` (unless it counts 2) and its edge
    /// neighbours; `(cells, len)`.
    fn diff(&self, g: &Grid, y: usize) -> ([u32; 5], usize) {
        let mut out = [0u32; 5];
        let mut n = 0;
        if self.count(g, y) != 2 {
            out[0] = y as u32;
            n = 1;
        }
        for &e in &g.cell_edges[y] {
            let [a, b] = g.edge_cells[e as usize];
            let other = if a as usize == y { b } else { a };
            if other != NONE {
                out[n] = other;
                n += 1;
            }
        }
        (out, n)
    }

    /// True if toggling cell `y` gives another single loop (cached).
    fn toggle_ok(&mut self, g: &Grid, y: usize) -> bool {
        if let Some(v) = self.valid[y] {
            return v;
        }
        let edges = g.cell_edges[y];
        for &e in &edges {
            let e = e as usize;
            self.scratch[e] = if self.sol[e] == ON { OFF } else { ON };
        }
        let degrees_ok = g.cell_verts[y].iter().all(|&v| {
            let d = g.vert_edges[v as usize]
                .iter()
                .filter(|&&f| f != NONE && self.scratch[f as usize] == ON)
                .count();
            d == 0 || d == 2
        });
        let v = degrees_ok && single_loop(g, &self.scratch);
        for &e in &edges {
            self.scratch[e as usize] = self.sol[e as usize];
        }
        self.valid[y] = Some(v);
        v
    }

    /// True if toggling `cell` or one of its edge neighbours gives a second loop that differs
    /// from the answer only at `cell` among the cells still holding a clue, so removing
    /// `cell`'s clue would leave two solutions.
    pub fn blocks_removal(&mut self, g: &Grid, cell: usize, clues: &[i8]) -> bool {
        let mut ys = [cell as u32, NONE, NONE, NONE, NONE];
        for (k, &e) in g.cell_edges[cell].iter().enumerate() {
            let [a, b] = g.edge_cells[e as usize];
            ys[k + 1] = if a as usize == cell { b } else { a };
        }
        ys.into_iter().filter(|&y| y != NONE).any(|y| {
            let y = y as usize;
            let (d, n) = self.diffs[y];
            let d = &d[..n];
            d.contains(&(cell as u32))
                && d.iter()
                    .all(|&x| x as usize == cell || clues[x as usize] == NO_CLUE)
                && self.toggle_ok(g, y)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::engine_v1::full_clues;
    use crate::loop_gen::random_loop;
    use crate::solver::Solver;
    use dayseed_core::{Budget, Count, Rng};

    /// Every accepted toggle really is a second solution once its cells' clues are gone, and
    /// `blocks_removal` fires exactly when one such set is down to the cell asked about.
    #[test]
    fn toggles_are_second_solutions() {
        let g = Grid::new(6, 5);
        let mut found = 0;
        for seed in 0..20u64 {
            let mut rng = Rng::from_seed(seed);
            let sol = random_loop(&g, &mut rng);
            let full = full_clues(&g, &sol);
            let mut w = Witnesses::new(&g, &sol);
            for y in 0..g.n_cells {
                let (d, n) = w.diff(&g, y);
                let d = &d[..n];
                let mut clues = full.clone();
                for &x in &d[1..] {
                    clues[x as usize] = NO_CLUE;
                }
                let blocks = w.blocks_removal(&g, d[0] as usize, &clues);
                if !w.toggle_ok(&g, y) {
                    continue;
                }
                found += 1;
                assert!(blocks, "seed {seed} cell {y}");
                clues[d[0] as usize] = NO_CLUE;
                let out = Solver::new(&g, &clues).count(2, &mut Budget::unlimited());
                assert_eq!(out.count, Count::AtLeast(2), "seed {seed} cell {y}");
            }
        }
        assert!(found > 20);
    }
}
