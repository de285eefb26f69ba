//! Clue removal with resumed closures: the same decisions as checking every removal from
//! nothing, at a fraction of the work.
//!
//! Clues are tested in PRNG order `c_0, c_1, ...`; the check for `c_i` asks whether the kept
//! clues before `i` and every clue after `i` solve the puzzle. A divide-and-conquer over the
//! positions shares the work: the closure for a range `[l, r)` holds the clues kept before `l`
//! and every clue from `r` on; its left half adds the clues of the right half (all untested,
//! so all present for every left check), its right half adds the clues the left half kept.
//! Each clue is added O(log n) times, each check finishes from its own closure, and since the
//! rules are monotone every check gets exactly the answer of [`Logic::solves`] (see
//! [`super::logic::resumes`]).

use super::logic::{Logic, Saved};
use super::witness::Witnesses;
use crate::grid::Grid;
use crate::model::NO_CLUE;

/// The removal state shared by the recursion.
struct Removal<'g, 'a> {
    g: &'g Grid,
    level: u8,
    order: &'a [u32],
    /// The full clue set.
    full: Vec<i8>,
    /// The clues left (removed ones are [`NO_CLUE`]).
    clues: &'a mut [i8],
    witnesses: Witnesses,
    /// The loop the clues were counted from (a single loop).
    answer: &'a [u8],
    logic: Logic<'g>,
    /// One saved closure per recursion depth.
    saved: Vec<Saved>,
}

impl Removal<'_, '_> {
    /// Tests positions `l..r`; the closure holds the clues kept before `l` and all from `r` on.
    fn range(&mut self, l: usize, r: usize, depth: usize) {
        if self.logic.unknown() == 0 {
            // Decided without the clues of the range: every check in it finishes the same.
            let solved = self.logic.finish_towards(self.level, self.answer);
            for i in l..r {
                if !self.blocked(i) && solved {
                    self.clues[self.order[i] as usize] = NO_CLUE;
                }
            }
            return;
        }
        if r - l == 1 {
            self.test(l);
            return;
        }
        let mid = l + (r - l) / 2;
        // A one-clue half whose removal a witness refutes needs no closure at all.
        if mid - l > 1 || !self.blocked(l) {
            if self.saved.len() <= depth {
                self.saved.resize(depth + 1, Saved::default());
            }
            self.logic.save_into(&mut self.saved[depth]);
            for j in mid..r {
                let c = self.order[j] as usize;
                self.logic.add_clue(c, self.full[c], self.level);
            }
            self.range(l, mid, depth + 1);
            self.logic.restore(&self.saved[depth]);
        }
        self.right(l, mid, r, depth);
    }

    /// The right half `mid..r` of [`Removal::range`]: the closure holds the clues kept before
    /// `l` and all from `r` on; the clues kept in `l..mid` join them.
    fn right(&mut self, l: usize, mid: usize, r: usize, depth: usize) {
        if r - mid == 1 && self.blocked(mid) {
            return;
        }
        for j in l..mid {
            let c = self.order[j] as usize;
            if self.clues[c] != NO_CLUE {
                self.logic.add_clue(c, self.full[c], self.level);
            }
        }
        self.range(mid, r, depth + 1);
    }

    /// True if a second loop agrees with every other remaining clue, so removing the clue at
    /// position `i` fails (the check is skipped, the clue kept).
    fn blocked(&mut self, i: usize) -> bool {
        let c = self.order[i] as usize;
        self.witnesses.blocks_removal(self.g, c, self.clues)
    }

    /// Tests position `i` (already cleared by [`Removal::blocked`] unless it is the only
    /// one); the closure holds every other clue still in play.
    fn test(&mut self, i: usize) {
        if self.order.len() == 1 && self.blocked(i) {
            return;
        }
        if self.logic.finish_towards(self.level, self.answer) {
            self.clues[self.order[i] as usize] = NO_CLUE;
        }
    }
}

/// Removes the clues of `clues` (a full clue set of the loop `sol`) in `order` while the
/// techniques up to `level` (see [`super::logic::resumes`]) still solve the puzzle. Returns
/// false, changing nothing, if the full set does not solve it.
pub fn remove_in_order(g: &Grid, clues: &mut [i8], sol: &[u8], level: u8, order: &[u32]) -> bool {
    let n = order.len();
    let mut removal = Removal {
        g,
        level,
        order,
        full: clues.to_vec(),
        clues,
        witnesses: Witnesses::new(g, sol),
        answer: sol,
        logic: Logic::resumable(g, level),
        saved: vec![Saved::default()],
    };
    if n < 2 {
        let mut all = Logic::resumable(g, level);
        for &c in order {
            all.add_clue(c as usize, removal.full[c as usize], level);
        }
        if !all.finish(level) {
            return false;
        }
        if n == 1 {
            removal.range(0, 1, 0);
        }
        return true;
    }
    // The root's left half starts from the clues of the right half; the full set is that
    // closure with the left half's clues added.
    let mid = n / 2;
    removal.logic.save_into(&mut removal.saved[0]);
    for &c in &order[mid..] {
        removal
            .logic
            .add_clue(c as usize, removal.full[c as usize], level);
    }
    let mut right_half = Saved::default();
    removal.logic.save_into(&mut right_half);
    for &c in &order[..mid] {
        removal
            .logic
            .add_clue(c as usize, removal.full[c as usize], level);
    }
    if !removal.logic.finish(level) {
        return false;
    }
    removal.logic.restore(&right_half);
    if mid > 1 || !removal.blocked(0) {
        removal.range(0, mid, 1);
    }
    removal.logic.restore(&removal.saved[0]);
    removal.right(0, mid, n, 0);
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::engine_v1::full_clues;
    use crate::logic::resumes;
    use crate::loop_gen::random_loop;
    use dayseed_core::Rng;

    /// The removal loop with every check from nothing, as g1 first defined it.
    fn from_nothing(g: &Grid, clues: &mut [i8], sol: &[u8], level: u8, order: &[u32]) {
        let mut witnesses = Witnesses::new(g, sol);
        for &c in order {
            let c = c as usize;
            if witnesses.blocks_removal(g, c, clues) {
                continue;
            }
            let saved = clues[c];
            clues[c] = NO_CLUE;
            if !Logic::new(g, clues).solves(level) {
                clues[c] = saved;
            }
        }
    }

    #[test]
    fn resumed_removal_makes_the_same_decisions() {
        let mut compared = 0;
        for seed in 0..36u64 {
            let mut rng = Rng::from_seed(seed);
            let (w, h) = (5 + (seed % 6) as usize, 5 + (seed % 5) as usize);
            let g = Grid::new(w, h);
            let sol = random_loop(&g, &mut rng);
            let full = full_clues(&g, &sol);
            let mut order: Vec<u32> = (0..g.n_cells as u32).collect();
            rng.shuffle(&mut order);
            for level in (1..=7).filter(|&l| resumes(l)) {
                if !Logic::new(&g, &full).solves(level) {
                    continue;
                }
                let mut a = full.clone();
                from_nothing(&g, &mut a, &sol, level, &order);
                let mut b = full.clone();
                assert!(remove_in_order(&g, &mut b, &sol, level, &order));
                assert_eq!(a, b, "seed {seed} level {level}");
                compared += 1;
            }
        }
        assert!(compared > 150);
    }
}
