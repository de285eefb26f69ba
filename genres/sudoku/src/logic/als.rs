//! ALS-XZ (EXPERT). An almost locked set (ALS) is N cells of one unit holding N+1 digits. Two
//! disjoint ALSs A and B with a restricted common digit x (every x of A sees every x of B, so
//! at most one of them holds x) are each locked on the rest: for any other common digit z, one
//! of A or B holds z, so z leaves every cell seeing all z-cells of both.
//!
//! Bounded work: ALSs of 1 to `max_als_cells` cells, at most `max_als` of them (the ladder's
//! limits).

use super::candidates::{
    Bits, Grid, PEER_BITS, UNIT_BITS, UNITS, bit, cell_list, cells_of, col, digit_set, digits_of,
    row,
};
use super::subsets::combos;
use super::technique::Finding;

struct Als {
    cells: Bits,
    digits: u16,
    /// For each digit, the cells that see every cell of the set holding it.
    seen: [Bits; 10],
}

fn collect(g: &Grid, max_als_cells: usize, max_als: usize) -> Vec<Als> {
    let mut out: Vec<Als> = Vec::new();
    for (u, unit) in UNITS.iter().enumerate() {
        let mut open = [0usize; 9];
        let mut n = 0;
        for &c in unit {
            if g.cand[c as usize] != 0 {
                open[n] = c as usize;
                n += 1;
            }
        }
        for k in 1..=max_als_cells.min(n.saturating_sub(1)) {
            combos(n, k, |pick| {
                let digits = pick.iter().fold(0u16, |m, &i| m | g.cand[open[i]]);
                if digits.count_ones() as usize != k + 1 {
                    return false;
                }
                let cells = pick.iter().fold(0u128, |b, &i| b | bit(open[i]));
                // A set inside a box and a single line was already found from the line.
                let first = open[pick[0]];
                if u >= 18
                    && (cells & !UNIT_BITS[row(first)] == 0
                        || cells & !UNIT_BITS[9 + col(first)] == 0)
                {
                    return false;
                }
                let mut seen = [0u128; 10];
                for d in digits_of(digits) {
                    let mut s = !0u128;
                    for &i in pick {
                        if g.cand[open[i]] & (1 << d) != 0 {
                            s &= PEER_BITS[open[i]];
                        }
                    }
                    seen[d as usize] = s;
                }
                out.push(Als {
                    cells,
                    digits,
                    seen,
                });
                out.len() >= max_als
            });
            if out.len() >= max_als {
                return out;
            }
        }
    }
    out
}

/// ALS-XZ with a single restricted common digit.
pub(crate) fn als_xz(g: &Grid, f: &mut Finding) -> bool {
    let sets = collect(g, f.limits.max_als_cells, f.limits.max_als);
    let digit_bits = g.digits_bits();
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            if a.cells & b.cells != 0 {
                continue;
            }
            let common = a.digits & b.digits;
            if common.count_ones() < 2 {
                continue;
            }
            for x in digits_of(common) {
                let bx = digit_bits[x as usize] & b.cells;
                if bx & !a.seen[x as usize] != 0 {
                    continue;
                }
                for z in digits_of(common & !(1 << x)) {
                    let targets = digit_bits[z as usize]
                        & a.seen[z as usize]
                        & b.seen[z as usize]
                        & !(a.cells | b.cells);
                    if targets == 0 {
                        continue;
                    }
                    f.eliminate_all(targets, z);
                    if f.explain {
                        f.set_cells(cells_of(a.cells | b.cells));
                        f.explain_eliminations(format!(
                            "ALS-XZ: {} {} and {} {} are almost locked sets that cannot both hold {x}, and one of them must hold {z}",
                            cell_list(cells_of(a.cells)),
                            digit_set(a.digits),
                            cell_list(cells_of(b.cells)),
                            digit_set(b.digits)
                        ));
                    }
                    return true;
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testutil::grid_with_candidates;

    #[test]
    fn als_xz_with_two_small_sets() {
        // A = r1c1 {1,2}, B = r5c1 {1,3} + r5c2 {2,3}. x = 1: r1c1 sees r5c1, the only 1 of
        // B. z = 2: r1c1 is 2, or else B is locked on {2,3} and r5c2 is 2; cells seeing both
        // lose 2.
        let mut g = grid_with_candidates(&[]);
        g.cand[0] = 0b0110;
        g.cand[36] = 0b1010; // {1,3}
        g.cand[37] = 0b1100; // {2,3}
        let mut f = Finding::new(true);
        assert!(als_xz(&g, &mut f));
        assert_eq!(
            f.eliminations,
            vec![(1, 2), (10, 2), (19, 2), (27, 2), (45, 2)]
        );
        assert!(
            f.text
                .starts_with("ALS-XZ: r1c1 {1,2} and r5c1, r5c2 {1,2,3}")
        );
    }
}
