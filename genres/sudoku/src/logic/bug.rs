//! Bivalue universal grave types 3 and 4 (`LADDER_V2` only). Some cells (the BUG cells) have
//! more than two candidates; without their extra digits every empty cell would have two
//! candidates and every digit two places or none in every unit, a grave with no unique solution.
//! So at least one BUG cell holds one of its extra digits. When every BUG cell lies in one unit:
//! - type 3 (SE 5.6 + 0.1 per digit of the set): the extra digits act as one cell that, with
//!   k - 1 other cells of the unit, forms a naked set of k digits, which leave the unit's other
//!   cells;
//! - type 4 (SE 5.7): there are two BUG cells and a digit d they share has no other place in
//!   the unit; whichever of them takes an extra digit, the other is d, so each cell keeps only
//!   its extra digits and d.
//!
//! Types 1 and 2 are [`super::uniqueness::bug_plus_one`] and [`super::uniqueness::bug_type2`].

use super::candidates::{
    Bits, Grid, UNIT_BITS, UNITS, bit, cell_list, cells_of, digit_set, digits_of, unit_name,
};
use super::technique::{Finding, tenths};

/// The most ways of keeping two candidates in every BUG cell that [`grave`] tries.
const MAX_CHOICES: usize = 1000;

/// The BUG cells and each one's extra digits, when removing those digits leaves a grave: every
/// empty cell with two candidates, every digit with two places or none in every unit. Tries
/// every way of keeping two candidates in each BUG cell (up to [`MAX_CHOICES`]) and returns the
/// first that leaves a grave.
fn grave(g: &Grid) -> Option<(Bits, [u16; 81])> {
    let mut bug_cells: Bits = 0;
    let mut choices = 1usize;
    for c in 0..81 {
        match g.cand[c].count_ones() {
            0 if g.value[c] == 0 => return None,
            1 => return None,
            0 | 2 => {}
            n => {
                bug_cells |= bit(c);
                choices = choices.saturating_mul((n * (n - 1) / 2) as usize);
            }
        }
    }
    if bug_cells == 0 || choices > MAX_CHOICES {
        return None;
    }
    let balanced = |cand: &[u16; 81], u: usize| {
        (1..=9u8).all(|d| {
            let n = UNITS[u]
                .iter()
                .filter(|&&c| cand[c as usize] & (1 << d) != 0)
                .count();
            n == 0 || n == 2
        })
    };
    if (0..27).any(|u| UNIT_BITS[u] & bug_cells == 0 && !balanced(&g.cand, u)) {
        return None;
    }
    let cells: Vec<usize> = cells_of(bug_cells).collect();
    // The units to check once cell i is chosen: those whose last BUG cell it is.
    let done_at: Vec<Vec<usize>> = (0..cells.len())
        .map(|i| {
            (0..27)
                .filter(|&u| {
                    let later = cells[i + 1..].iter().fold(0, |m, &c| m | bit(c));
                    UNIT_BITS[u] & bit(cells[i]) != 0 && UNIT_BITS[u] & later == 0
                })
                .collect()
        })
        .collect();
    let mut cand = g.cand;
    if !keep_two(g, &cells, 0, &mut cand, &done_at, &balanced) {
        return None;
    }
    let mut extras = [0u16; 81];
    for &c in &cells {
        extras[c] = g.cand[c] & !cand[c];
    }
    Some((bug_cells, extras))
}

/// Chooses the two candidates kept in each BUG cell from `i` on, checking each unit once its
/// last BUG cell is chosen; true with `cand` holding a grave.
fn keep_two(
    g: &Grid,
    cells: &[usize],
    i: usize,
    cand: &mut [u16; 81],
    done_at: &[Vec<usize>],
    balanced: &impl Fn(&[u16; 81], usize) -> bool,
) -> bool {
    if i == cells.len() {
        return true;
    }
    let c = cells[i];
    for x in digits_of(g.cand[c]) {
        for y in digits_of(g.cand[c] & !((2u16 << x) - 1)) {
            cand[c] = (1 << x) | (1 << y);
            if done_at[i].iter().all(|&u| balanced(cand, u))
                && keep_two(g, cells, i + 1, cand, done_at, balanced)
            {
                return true;
            }
        }
    }
    cand[c] = g.cand[c];
    false
}

/// Bivalue universal grave type 3.
pub(crate) fn bug_type3(g: &Grid, f: &mut Finding) -> bool {
    let Some((bug_cells, extras)) = grave(g) else {
        return false;
    };
    let extra_digits = cells_of(bug_cells).fold(0u16, |m, c| m | extras[c]);
    for k in 2..=5u32 {
        for (u, unit) in UNITS.iter().enumerate() {
            if bug_cells & !UNIT_BITS[u] != 0 {
                continue;
            }
            let others: Vec<usize> = unit
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| g.value[c] == 0 && bug_cells & bit(c) == 0)
                .collect();
            for pick in 1u32..(1 << others.len()) {
                if pick.count_ones() != k - 1 {
                    continue;
                }
                let chosen = || {
                    others
                        .iter()
                        .enumerate()
                        .filter(move |(i, _)| pick & (1 << i) != 0)
                        .map(|(_, &c)| c)
                };
                let set = chosen().fold(extra_digits, |m, c| m | g.cand[c]);
                if set.count_ones() != k {
                    continue;
                }
                let rest: Vec<usize> = others
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| pick & (1 << i) == 0)
                    .map(|(_, &c)| c)
                    .collect();
                for &c in &rest {
                    for d in digits_of(g.cand[c] & set) {
                        f.eliminations.push((c as u8, d));
                    }
                }
                if f.eliminations.is_empty() {
                    continue;
                }
                f.rating = Some(tenths(5.6 + 0.1 * f64::from(k)));
                if f.explain {
                    f.set_cells(cells_of(bug_cells).chain(chosen()));
                    f.explain_eliminations(format!(
                        "Bivalue universal grave type 3: without {} in {} every empty cell would have two candidates and every digit two places in every unit, a grave with no unique solution; so one of those cells holds one of them and, with {}, forms a naked set {} in {}",
                        digit_set(extra_digits),
                        cell_list(cells_of(bug_cells)),
                        cell_list(chosen()),
                        digit_set(set),
                        unit_name(u)
                    ));
                }
                return true;
            }
        }
    }
    false
}

/// Bivalue universal grave type 4.
pub(crate) fn bug_type4(g: &Grid, f: &mut Finding) -> bool {
    let Some((bug_cells, extras)) = grave(g) else {
        return false;
    };
    if bug_cells.count_ones() != 2 {
        return false;
    }
    let a = bug_cells.trailing_zeros() as usize;
    let b = (bug_cells & (bug_cells - 1)).trailing_zeros() as usize;
    for (u, ub) in UNIT_BITS.iter().enumerate() {
        if bug_cells & !ub != 0 {
            continue;
        }
        let shared = g.cand[a] & g.cand[b] & !extras[a] & !extras[b];
        for d in digits_of(shared) {
            if g.digit_bits(d) & ub != bug_cells {
                continue;
            }
            for c in [a, b] {
                for x in digits_of(g.cand[c] & !extras[c] & !(1 << d)) {
                    f.eliminations.push((c as u8, x));
                }
            }
            if f.eliminations.is_empty() {
                continue;
            }
            if f.explain {
                f.set_cells([a, b]);
                f.explain_eliminations(format!(
                    "Bivalue universal grave type 4: without their extra digits {} and {} in {}, every empty cell would have two candidates and every digit two places in every unit, a grave with no unique solution; so one of them holds an extra digit, and as {d} can only be in those two cells in {}, the other one is {d}",
                    digit_set(extras[a]),
                    digit_set(extras[b]),
                    cell_list([a, b]),
                    unit_name(u)
                ));
            }
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testutil::grid_with_candidates;

    /// A grid whose only empty cells are these (cell, digits).
    fn grid_of_cells(cells: &[(usize, &[u8])]) -> Grid {
        let mut g = grid_with_candidates(&[]);
        for c in 0..81 {
            g.cand[c] = 0;
            g.value[c] = 9;
        }
        for &(c, ds) in cells {
            g.value[c] = 0;
            g.cand[c] = ds.iter().fold(0, |m, &d| m | 1 << d);
        }
        g
    }

    /// Rows 1 and 4, columns 1-3: {1,2} {1,3} {2,3} twice, a grave on its own.
    const TRIANGLE: [(usize, &[u8]); 6] = [
        (0, &[1, 2]),
        (1, &[1, 3]),
        (2, &[2, 3]),
        (27, &[1, 2]),
        (28, &[1, 3]),
        (29, &[2, 3]),
    ];

    #[test]
    fn type3_extra_digits_and_a_cell_form_a_naked_pair() {
        // r1c1 also holds 5 and r1c2 6; r1c4-r1c6 and r4c4-r4c6 are {5,6} {5,7} {6,7}. One of
        // r1c1 = 5 and r1c2 = 6 is true, so with r1c4 {5,6} they take 5 and 6 in row 1.
        let mut cells = TRIANGLE.to_vec();
        cells[0].1 = &[1, 2, 5];
        cells[1].1 = &[1, 3, 6];
        cells.extend_from_slice(&[
            (3, &[5, 6]),
            (4, &[5, 7]),
            (5, &[6, 7]),
            (30, &[5, 6]),
            (31, &[5, 7]),
            (32, &[6, 7]),
        ]);
        let g = grid_of_cells(&cells);
        let mut f = Finding::new(true);
        assert!(bug_type3(&g, &mut f));
        assert_eq!(f.eliminations, vec![(4, 5), (5, 6)]);
        assert_eq!(f.rating, Some(5.8));
        assert!(
            f.text.starts_with(
                "Bivalue universal grave type 3: without {5,6} in r1c1, r1c2 every empty cell"
            ),
            "{}",
            f.text
        );
        assert!(f.text.contains("naked set {5,6} in row 1"), "{}", f.text);
    }

    #[test]
    fn type4_keeps_the_extra_digit_and_the_locked_one() {
        // r1c1 also holds 5 (with {5,7} on r1c4, r1c5, r4c4, r4c5) and r1c2 6 (with {6,8} on
        // r1c7, r1c8, r7c7, r7c8); 1 is only in r1c1 and r1c2 in row 1.
        let mut cells = TRIANGLE.to_vec();
        cells[0].1 = &[1, 2, 5];
        cells[1].1 = &[1, 3, 6];
        for c in [3usize, 4, 30, 31] {
            cells.push((c, &[5, 7]));
        }
        for c in [6usize, 7, 60, 61] {
            cells.push((c, &[6, 8]));
        }
        let g = grid_of_cells(&cells);
        let mut f = Finding::new(true);
        assert!(bug_type4(&g, &mut f));
        assert_eq!(f.eliminations, vec![(0, 2), (1, 3)]);
        assert!(
            f.text
                .ends_with("the other one is 1, so 2 is removed from r1c1; 3 is removed from r1c2"),
            "{}",
            f.text
        );
    }

    #[test]
    fn no_grave_no_finding() {
        // r1c1 {1,2,5} and {1,4} on r1c4 and r4c4: keeping {1,2} in r1c1 leaves 1 three places
        // in row 1, keeping 5 leaves 5 one place there; no choice leaves a grave.
        let mut cells = TRIANGLE.to_vec();
        cells[0].1 = &[1, 2, 5];
        cells.extend_from_slice(&[(3, &[1, 4]), (30, &[1, 4])]);
        assert!(grave(&grid_of_cells(&cells)).is_none());
        let g = grid_of_cells(&cells);
        assert!(!bug_type3(&g, &mut Finding::new(false)));
        assert!(!bug_type4(&g, &mut Finding::new(false)));
    }
}
