//! A cheap, exact answer to a removal test that must fail: a second loop near the clue removed.
//!
//! The trial walks' removal test (g2's engine_v1 [`Logic`], g3's [`TrialClosure::solves`]) asks
//! whether the techniques up to the target level solve the board once clue `c` is removed.
//! Every technique is sound: the rules of
//! levels 1-7 and the refutations of levels 8-10 (a contradiction of sound rules, or a bounded
//! search that found no solution at all) only decide an edge the way every solution has it, and
//! an assumption that agrees with the answer is merely skipped (it cannot be refuted). No rule
//! assumes the solution is unique. So a closure that decides every edge has found the only
//! solution, and a board with two solutions is never solved: the test fails.
//!
//! Before the removal the board had exactly one solution, the answer (the first walk and every
//! passed test leave a board the sound ladder solves). A second solution of the board without
//! `c` therefore breaks clue `c`, so it differs from the answer on one of `c`'s four edges. This
//! module looks for one: for each edge `e` of `c`, `e` the other way from the answer, the search
//! of engine_v1's [`Solver`] runs within a small node budget, first with every edge outside a
//! small square around `c` fixed to the answer (second loops of removal tests are nearly always
//! local detours around `c`, found in a few nodes), then in larger squares ([`RADII`]).
//! Clues more than a cell outside the square are left out of that search (the answer's fixed edges
//! meet them); a solution found is checked against every clue and the rules ([`verdict`]) before
//! it counts.
//!
//! The refusal needs only that: a real solution other than the answer (which also solves the
//! board); the uniqueness before the removal only tells where to look.
//!
//! When one is found the test's answer is known, "fails", and the closure is not run; when none
//! is found within the budgets the closure runs as before. Either way the walk gets the answer
//! the closure would give, so the boards are the same: the budgets (counted nodes, not time)
//! change only the speed.
//!
//! [`Logic`]: crate::generator::engine_v1::logic::Logic
//! [`TrialClosure::solves`]: crate::generator::engine_v2::TrialClosure::solves

use dayseed_core::{Budget, Count};

use crate::check::verdict;
use crate::generator::engine_v1::solver::Solver;
use crate::grid::{Grid, NONE};
use crate::model::{NO_CLUE, OFF, ON};

/// Half-widths (in cells, around the clue's cell) of the squares searched in turn; edges with
/// no cell in the square are fixed to the answer. A square that covers the board ends the
/// sequence. (Instruction counts over radii 1-14 and budgets 50-1000: these three squares with
/// 100 nodes were cheapest at 10x10 and 20x20.)
const RADII: [usize; 3] = [2, 4, 8];

/// Search nodes per flipped edge and square.
const NODES: u64 = 100;

/// Searches for a second solution next to the answer, reusing one solver per board size.
#[derive(Debug, Clone)]
pub(super) struct SecondLoop<'g> {
    g: &'g Grid,
    solver: Solver<'g>,
    fixed: Vec<(usize, u8)>,
    /// The clues of one search: those within a cell of its square.
    local: Vec<i8>,
}

impl<'g> SecondLoop<'g> {
    /// A search for boards of grid `g`.
    pub(super) fn new(g: &'g Grid) -> SecondLoop<'g> {
        SecondLoop {
            g,
            // The proof settings (cells queued once, clue cells branched first) search these
            // mostly decided boards with far less work.
            solver: Solver::new(g, &vec![NO_CLUE; g.n_cells]).for_proofs(),
            fixed: Vec::with_capacity(g.n_edges),
            local: vec![NO_CLUE; g.n_cells],
        }
    }

    /// True if `clues` (clue `c` just removed from a board whose only solution was `sol`) have
    /// a solution other than `sol`, found within the budgets. False says nothing.
    pub(super) fn found(&mut self, clues: &[i8], sol: &[u8], c: usize) -> bool {
        let g = self.g;
        let (row, col) = (c / g.w, c % g.w);
        // The half-width that covers the whole board from `c`.
        let whole = row.max(g.h - 1 - row).max(col).max(g.w - 1 - col);
        for r in RADII {
            let within =
                |x: usize, r: usize| (x / g.w).abs_diff(row) <= r && (x % g.w).abs_diff(col) <= r;
            let near = |x: u32| x != NONE && within(x as usize, r);
            self.fixed.clear();
            self.fixed.extend(
                (0..g.n_edges)
                    .filter(|&e| !g.edge_cells[e].iter().any(|&x| near(x)))
                    .map(|e| (e, sol[e])),
            );
            for (x, local) in self.local.iter_mut().enumerate() {
                *local = if within(x, r + 1) { clues[x] } else { NO_CLUE };
            }
            self.solver.set_clues(&self.local);
            // The answer meets every clue left, so fixing its edges cannot contradict them.
            if self.solver.prepare(&self.fixed) {
                for &e in &g.cell_edges[c] {
                    let e = e as usize;
                    let other = if sol[e] == ON { OFF } else { ON };
                    let mut budget = Budget::new(NODES);
                    let out = self.solver.count_assuming(e, other, 1, &mut budget);
                    if let (Count::AtLeast(_), Some(st)) = (out.count, out.first)
                        && st[e] != sol[e]
                        && verdict(g, clues, &st).solved
                    {
                        return true;
                    }
                }
            }
            if r >= whole {
                break;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use dayseed_core::Rng;

    use super::*;
    use crate::generator::engine_v1::{full_clues, loop_gen::random_loop, proven_unique};

    /// Clues removed one at a time from full boards: a second loop is reported only where the
    /// board has more than one solution, and most such removals are caught.
    #[test]
    fn reports_only_boards_with_two_solutions() {
        let mut rng = Rng::from_seed(18);
        let (mut found, mut ambiguous) = (0, 0);
        for (w, h) in [(5, 5), (7, 6), (10, 10)] {
            let g = Grid::new(w, h);
            let mut second = SecondLoop::new(&g);
            for _ in 0..4 {
                let sol = random_loop(&g, &mut rng);
                let mut clues = full_clues(&g, &sol);
                for _ in 0..(g.n_cells * 2 / 3) {
                    let c = rng.below(g.n_cells as u64) as usize;
                    if clues[c] == NO_CLUE {
                        continue;
                    }
                    let kept = clues[c];
                    clues[c] = NO_CLUE;
                    let unique = proven_unique(&g, &clues);
                    let got = second.found(&clues, &sol, c);
                    assert!(!(got && unique), "{w}x{h}: a second loop on a unique board");
                    found += usize::from(got);
                    ambiguous += usize::from(!unique);
                    if !unique {
                        clues[c] = kept;
                    }
                }
            }
        }
        assert!(
            ambiguous > 20 && found * 10 >= ambiguous * 9,
            "{found} of {ambiguous}"
        );
    }
}
