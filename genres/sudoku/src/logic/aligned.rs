//! Aligned pair and triple exclusion (`LADDER_V2` only; SE 6.2 and 7.5). Take two (three) empty
//! cells and the cells that see all of them with at most two (three) candidates, the excluding
//! cells. A combination of digits for the chosen cells is impossible when two of them see each
//! other and get the same digit, or when it would take every candidate of an excluding cell. A
//! candidate of a chosen cell that belongs to no possible combination leaves that cell.

use super::candidates::{Bits, Grid, PEER_BITS, bit, cell_list, cells_of, digits_of};
use super::technique::Finding;

/// Aligned pair exclusion.
pub(crate) fn pair(g: &Grid, f: &mut Finding) -> bool {
    exclusion(g, f, 2)
}

/// Aligned triple exclusion.
pub(crate) fn triple(g: &Grid, f: &mut Finding) -> bool {
    exclusion(g, f, 3)
}

fn exclusion(g: &Grid, f: &mut Finding, degree: usize) -> bool {
    let mut open: Bits = 0;
    let mut small: Bits = 0;
    for c in 0..81 {
        let n = g.cand[c].count_ones() as usize;
        if n >= 2 {
            open |= bit(c);
            if n <= degree {
                small |= bit(c);
            }
        }
    }
    let cells: Vec<usize> = cells_of(open).collect();
    let mut tuple = Vec::with_capacity(degree);
    search(g, f, &cells, small, degree, 0, &mut tuple)
}

/// Chooses the cells of the tuple in increasing order, keeping only tuples that still have an
/// excluding cell in common; tests each full tuple.
fn search(
    g: &Grid,
    f: &mut Finding,
    cells: &[usize],
    excluders: Bits,
    degree: usize,
    from: usize,
    tuple: &mut Vec<usize>,
) -> bool {
    if tuple.len() == degree {
        return test(g, f, tuple, excluders);
    }
    for i in from..cells.len() {
        let c = cells[i];
        let common = excluders & PEER_BITS[c];
        if common == 0 {
            continue;
        }
        tuple.push(c);
        let found = search(g, f, cells, common, degree, i + 1, tuple);
        tuple.pop();
        if found {
            return true;
        }
    }
    false
}

/// Tests one tuple against its common excluding cells.
fn test(g: &Grid, f: &mut Finding, tuple: &[usize], excluders: Bits) -> bool {
    // Only excluding cells whose candidates the tuple's digits can cover matter (at most the
    // 20 peers of one cell).
    let digits_in = tuple.iter().fold(0u16, |m, &c| m | g.cand[c]);
    let mut ex = [0u16; 20];
    let mut n = 0;
    for e in cells_of(excluders) {
        if g.cand[e] & !digits_in == 0 {
            ex[n] = g.cand[e];
            n += 1;
        }
    }
    if n == 0 {
        return false;
    }
    let Some(allowed) = allowed_digits(g, tuple, &ex[..n]) else {
        return false;
    };
    for (i, &c) in tuple.iter().enumerate() {
        for d in digits_of(g.cand[c] & !allowed[i]) {
            f.eliminations.push((c as u8, d));
        }
    }
    if f.eliminations.is_empty() {
        return false;
    }
    if f.explain {
        let name = if tuple.len() == 2 {
            "Aligned pair exclusion"
        } else {
            "Aligned triple exclusion"
        };
        f.set_cells(tuple.iter().copied().chain(cells_of(excluders)));
        f.explain_eliminations(format!(
            "{name} on {}: a combination of their digits is impossible when it repeats a digit in cells that see each other or takes every candidate of one of {} (each sees them all), and no possible combination uses the removed digits",
            cell_list(tuple.iter().copied()),
            cell_list(cells_of(excluders)),
        ));
    }
    true
}

/// The digits each cell of the tuple takes in some possible combination, or `None` as soon as
/// every candidate of the tuple is known to be allowed.
fn allowed_digits(g: &Grid, tuple: &[usize], ex: &[u16]) -> Option<[u16; 3]> {
    // The excluding cells' candidate sets, as a table over digit masks: a combination is
    // impossible when the digits it takes include one of them.
    let mut table = [0u64; 16];
    for &e in ex {
        table[usize::from(e >> 6)] |= 1 << (e & 63);
    }
    let excluded = |taken: u16| {
        let mut s = taken;
        while s != 0 {
            if table[usize::from(s >> 6)] >> (s & 63) & 1 != 0 {
                return true;
            }
            s = (s - 1) & taken;
        }
        false
    };
    let sees = |a: usize, b: usize| PEER_BITS[tuple[a]] & bit(tuple[b]) != 0;
    let mut cand = [0u16; 3];
    for (k, &c) in tuple.iter().enumerate() {
        cand[k] = g.cand[c];
    }
    let mut allowed = [0u16; 3];
    if tuple.len() == 2 {
        let s01 = sees(0, 1);
        for a in digits_of(cand[0]) {
            for b in digits_of(cand[1]) {
                if (a == b && s01) || excluded(1 << a | 1 << b) {
                    continue;
                }
                allowed[0] |= 1 << a;
                allowed[1] |= 1 << b;
                if allowed == cand {
                    return None;
                }
            }
        }
    } else {
        let (s01, s02, s12) = (sees(0, 1), sees(0, 2), sees(1, 2));
        for a in digits_of(cand[0]) {
            for b in digits_of(cand[1]) {
                if a == b && s01 {
                    continue;
                }
                for c in digits_of(cand[2]) {
                    if (a == c && s02) || (b == c && s12) || excluded(1 << a | 1 << b | 1 << c) {
                        continue;
                    }
                    allowed[0] |= 1 << a;
                    allowed[1] |= 1 << b;
                    allowed[2] |= 1 << c;
                    if allowed == cand {
                        return None;
                    }
                }
            }
        }
    }
    Some(allowed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testutil::grid_with_candidates;

    /// An empty grid with these candidates in row 1 (cell, digits).
    fn row_one(cells: &[(usize, &[u8])]) -> Grid {
        let mut g = grid_with_candidates(&[]);
        for &(c, ds) in cells {
            g.cand[c] = ds.iter().fold(0, |m, &d| m | 1 << d);
        }
        g
    }

    #[test]
    fn pair_exclusion_removes_a_digit_in_no_possible_combination() {
        // r1c1 {1,2,3}, r1c2 {1,2}; r1c5 {1,3} and r1c6 {2,3} see both. r1c1 = 3 leaves r1c2
        // 1 or 2, which would empty r1c5 or r1c6.
        let g = row_one(&[(0, &[1, 2, 3]), (1, &[1, 2]), (4, &[1, 3]), (5, &[2, 3])]);
        let mut f = Finding::new(true);
        assert!(pair(&g, &mut f));
        assert_eq!(f.eliminations, vec![(0, 3)]);
        assert!(
            f.text
                .starts_with("Aligned pair exclusion on r1c1, r1c2: a combination"),
            "{}",
            f.text
        );
        assert!(f.text.ends_with("so 3 is removed from r1c1"), "{}", f.text);
    }

    #[test]
    fn triple_exclusion_removes_digits_in_no_possible_combination() {
        // r1c1 {1,2,3,4}, r1c2 {1,2}, r1c3 {1,3}; r1c5 {2,3} sees all three. Every combination
        // with r1c1 in {1,2,3} repeats a digit or takes both 2 and 3.
        let g = row_one(&[(0, &[1, 2, 3, 4]), (1, &[1, 2]), (2, &[1, 3]), (4, &[2, 3])]);
        let mut f = Finding::new(true);
        assert!(triple(&g, &mut f));
        assert_eq!(f.eliminations, vec![(0, 1), (0, 2), (0, 3)]);
        assert!(
            f.text
                .starts_with("Aligned triple exclusion on r1c1, r1c2, r1c3:"),
            "{}",
            f.text
        );
    }

    #[test]
    fn no_excluding_cell_no_finding() {
        let g = row_one(&[(0, &[1, 2, 3]), (1, &[1, 2])]);
        assert!(!pair(&g, &mut Finding::new(false)));
        assert!(!triple(&g, &mut Finding::new(false)));
    }
}
