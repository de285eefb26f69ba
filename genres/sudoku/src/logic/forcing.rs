//! MASTER techniques, so that every unique puzzle gets graded. Both are proofs by contradiction
//! on one candidate, bounded by node counts (never time):
//! - Forcing chain: assuming digit d in cell c, naked and hidden singles alone reach a
//!   contradiction, so d is removed from c.
//! - Trial (bifurcation): an exhaustive backtracking search shows that no solution has d in c.
//!   In a unique puzzle any cell with two candidates holds a false one, so this always progresses.
//!
//! Cells are tried fewest candidates first (then by index), digits in increasing order.

use super::candidates::{ALL_DIGITS, Grid, UNITS, cell_name, digits_of, unit_name};
use super::technique::Finding;

/// Why a position is impossible.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Conflict {
    /// An empty cell has no candidate left.
    EmptyCell(usize),
    /// A digit has no place left in a unit.
    NoPlace(usize, u8),
}

impl Conflict {
    fn describe(self) -> String {
        match self {
            Conflict::EmptyCell(c) => format!("leave {} without a candidate", cell_name(c)),
            Conflict::NoPlace(u, d) => format!("leave no place for {d} in {}", unit_name(u)),
        }
    }
}

/// Places every naked and hidden single until none is left; the first conflict met otherwise
/// (an empty cell without candidates, or a digit with no place in a unit).
pub(crate) fn propagate(g: &mut Grid) -> Result<(), Conflict> {
    loop {
        let mut progress = false;
        for c in 0..81 {
            if g.value[c] == 0 {
                let m = g.cand[c];
                if m == 0 {
                    return Err(Conflict::EmptyCell(c));
                }
                if m & (m - 1) == 0 {
                    g.place(c, m.trailing_zeros() as u8);
                    progress = true;
                }
            }
        }
        for (u, unit) in UNITS.iter().enumerate() {
            let (mut once, mut twice, mut placed) = (0u16, 0u16, 0u16);
            for &c in unit {
                let m = g.cand[c as usize];
                twice |= once & m;
                once |= m;
                placed |= 1 << g.value[c as usize];
            }
            let missing = !(once | placed) & ALL_DIGITS;
            if missing != 0 {
                return Err(Conflict::NoPlace(u, missing.trailing_zeros() as u8));
            }
            for d in digits_of(once & !twice) {
                let Some(&c) = unit.iter().find(|&&c| g.cand[c as usize] & (1 << d) != 0) else {
                    // Its only cell took another digit in this same unit.
                    return Err(Conflict::NoPlace(u, d));
                };
                g.place(c as usize, d);
                progress = true;
            }
        }
        if !progress {
            return Ok(());
        }
    }
}

/// Depth-first search with singles propagation: `Some(true)` if a solution exists (written to
/// `out` when given), `Some(false)` if none, `None` when `budget` ran out.
pub(crate) fn search(mut g: Grid, budget: &mut u64, out: &mut Option<[u8; 81]>) -> Option<bool> {
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    if propagate(&mut g).is_err() {
        return Some(false);
    }
    let mut best = usize::MAX;
    let mut best_n = 10;
    for c in 0..81 {
        if g.value[c] == 0 {
            let n = g.cand[c].count_ones();
            if n < best_n {
                best_n = n;
                best = c;
            }
        }
    }
    if best == usize::MAX {
        *out = Some(g.value);
        return Some(true);
    }
    for d in digits_of(g.cand[best]) {
        let mut h = g.clone();
        h.place(best, d);
        match search(h, budget, out) {
            Some(false) => {}
            other => return other,
        }
    }
    Some(false)
}

/// One solution of the position, if the search finds one within `budget` nodes.
pub(crate) fn solve(g: &Grid, budget: u64) -> Option<[u8; 81]> {
    let mut out = None;
    let mut budget = budget;
    search(g.clone(), &mut budget, &mut out)?;
    out
}

/// Candidates in trial order: cells with fewer candidates first, then by cell index.
fn trial_order(g: &Grid) -> impl Iterator<Item = (usize, u8)> + '_ {
    (2..=9u32).flat_map(move |k| {
        (0..81)
            .filter(move |&c| g.cand[c].count_ones() == k)
            .flat_map(move |c| digits_of(g.cand[c]).map(move |d| (c, d)))
    })
}

/// Forcing chain: a candidate whose assumption leads to a contradiction by singles.
pub(crate) fn contradiction(g: &Grid, f: &mut Finding) -> bool {
    for (c, d) in trial_order(g) {
        let mut h = g.clone();
        h.place(c, d);
        if let Err(conflict) = propagate(&mut h) {
            f.eliminations.push((c as u8, d));
            if f.explain {
                f.set_cells([c]);
                f.text = format!(
                    "Forcing chain: if {} were {d}, naked and hidden singles would {}, so {d} is removed from {}",
                    cell_name(c),
                    conflict.describe(),
                    cell_name(c)
                );
            }
            return true;
        }
    }
    false
}

/// Trial: a candidate that an exhaustive search shows belongs to no solution.
pub(crate) fn trial(g: &Grid, f: &mut Finding) -> bool {
    for (c, d) in trial_order(g) {
        let mut h = g.clone();
        h.place(c, d);
        let mut budget = f.limits.trial_nodes;
        if search(h, &mut budget, &mut None) == Some(false) {
            f.eliminations.push((c as u8, d));
            if f.explain {
                f.set_cells([c]);
                f.text = format!(
                    "Trial: with {d} in {}, trying the remaining possibilities finds no solution, so {d} is removed from {}",
                    cell_name(c),
                    cell_name(c)
                );
            }
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testutil::{HARD_PUZZLES, brute_solutions, parse};

    #[test]
    fn search_finds_the_unique_solution() {
        for p in HARD_PUZZLES {
            let cells = parse(p);
            let g = Grid::new(&cells).unwrap();
            let sol = solve(&g, 1_000_000).unwrap();
            assert_eq!(vec![sol], brute_solutions(&cells, 2));
        }
    }

    #[test]
    fn master_steps_never_remove_the_solution() {
        for p in HARD_PUZZLES {
            let cells = parse(p);
            let sol = brute_solutions(&cells, 1)[0];
            let g = Grid::new(&cells).unwrap();
            for find in [contradiction, trial] {
                let mut f = Finding::new(true);
                if find(&g, &mut f) {
                    let (c, d) = f.eliminations[0];
                    assert_ne!(sol[c as usize], d, "{p}: {}", f.text);
                    assert!(f.text.contains(&cell_name(c as usize)));
                    assert!(f.text.contains(" would ") || f.text.starts_with("Trial"));
                }
            }
            // Trial always progresses on a unique puzzle.
            assert!(trial(&g, &mut Finding::new(false)));
        }
    }

    #[test]
    fn propagate_detects_a_clash() {
        // Row 1 holds 1..7; r1c8 and r1c9 can only be 8 or 9, and both see an 8 in their
        // column, so both need 9.
        let mut cells = [0u8; 81];
        for (i, d) in [1u8, 2, 3, 4, 5, 6, 7].iter().enumerate() {
            cells[i] = *d;
        }
        cells[4 * 9 + 7] = 8; // r5c8
        cells[7 * 9 + 8] = 8; // r8c9
        let mut g = Grid::new(&cells).unwrap();
        // r1c8 gets 9 first, which takes 9 from r1c9 and leaves it empty.
        assert_eq!(propagate(&mut g), Err(Conflict::EmptyCell(8)));
    }
}
