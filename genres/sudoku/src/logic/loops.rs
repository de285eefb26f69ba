//! Unique loops ([`LADDER_V2`](super::ladder_v2) only): the unique rectangle's argument on a
//! longer loop. Six or eight cells that all hold the pair {a,b}, each next one sharing a row,
//! column or box with the one before, with every unit they touch holding exactly two of them:
//! were they all reduced to {a,b}, a and b could be swapped along the loop, two solutions.
//! Type 1: one cell has other digits too, so it is not a nor b. Type 2: the cells with other
//! digits all have the same one more, x, so one of them is x and x leaves every cell seeing
//! them all. Rated as Sukaku Explainer rates them: 4.6 for six cells, 4.7 for eight.

use super::candidates::{
    Bits, Grid, PEER_BITS, bit, box_of, cell_list, cells_of, col, digit_set, digits_of, row,
};
use super::technique::Finding;

/// Unique loop, type 1 or 2.
pub(crate) fn unique_loop(g: &Grid, f: &mut Finding) -> bool {
    for len in [6usize, 8] {
        for a in 1..=8u8 {
            for b in a + 1..=9u8 {
                let pair = (1u16 << a) | (1 << b);
                let mut cells: Bits = 0;
                for c in 0..81 {
                    if g.cand[c] & pair == pair {
                        cells |= bit(c);
                    }
                }
                if (cells.count_ones() as usize) < len {
                    continue;
                }
                let mut path = Vec::with_capacity(len);
                for s in cells_of(cells) {
                    path.clear();
                    path.push(s);
                    let mut counts = [0u8; 27];
                    add(&mut counts, s, 1);
                    if extend(g, f, pair, cells, len, &mut path, &mut counts) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

fn units(c: usize) -> [usize; 3] {
    [row(c), 9 + col(c), 18 + box_of(c)]
}

fn add(counts: &mut [u8; 27], c: usize, by: i8) {
    for u in units(c) {
        counts[u] = (counts[u] as i8 + by) as u8;
    }
}

/// Depth-first search for loops through `path` (starting at its lowest cell).
fn extend(
    g: &Grid,
    f: &mut Finding,
    pair: u16,
    cells: Bits,
    len: usize,
    path: &mut Vec<usize>,
    counts: &mut [u8; 27],
) -> bool {
    let last = path[path.len() - 1];
    let start = path[0];
    if path.len() == len {
        let closes = PEER_BITS[last] & bit(start) != 0;
        return closes && counts.iter().all(|&n| n == 0 || n == 2) && conclude(g, f, pair, path);
    }
    // Cells after the start only, so each loop is found from its lowest cell.
    let later = !((bit(start) << 1) - 1);
    for n in cells_of(PEER_BITS[last] & cells & later) {
        if path.contains(&n) || units(n).iter().any(|&u| counts[u] >= 2) {
            continue;
        }
        // Extra digits: at most two cells of the loop may have them.
        let extra =
            path.iter().filter(|&&c| g.cand[c] != pair).count() + usize::from(g.cand[n] != pair);
        if extra > 2 {
            continue;
        }
        path.push(n);
        add(counts, n, 1);
        let found = extend(g, f, pair, cells, len, path, counts);
        add(counts, n, -1);
        path.pop();
        if found {
            return true;
        }
    }
    false
}

fn conclude(g: &Grid, f: &mut Finding, pair: u16, path: &[usize]) -> bool {
    let extra: Vec<usize> = path
        .iter()
        .copied()
        .filter(|&c| g.cand[c] != pair)
        .collect();
    let rating = if path.len() == 6 { 4.6 } else { 4.7 };
    match extra.as_slice() {
        [c] => {
            for d in digits_of(pair) {
                f.eliminations.push((*c as u8, d));
            }
            f.rating = Some(rating);
            if f.explain {
                f.set_cells(path.iter().copied());
                f.explain_eliminations(format!(
                    "Unique loop type 1: {} would form a deadly loop on {} (two solutions) unless {} holds another digit",
                    cell_list(path.iter().copied()),
                    digit_set(pair),
                    super::candidates::cell_name(*c)
                ));
            }
            true
        }
        [c, e] => {
            let (m1, m2) = (g.cand[*c] & !pair, g.cand[*e] & !pair);
            if m1 != m2 || m1.count_ones() != 1 {
                return false;
            }
            let x = m1.trailing_zeros() as u8;
            let targets = g.digit_bits(x) & PEER_BITS[*c] & PEER_BITS[*e] & !(bit(*c) | bit(*e));
            if targets == 0 {
                return false;
            }
            f.eliminate_all(targets, x);
            f.rating = Some(rating);
            if f.explain {
                f.set_cells(path.iter().copied());
                f.explain_eliminations(format!(
                    "Unique loop type 2: to avoid a deadly loop on {} in {}, {} or {} must be {x}",
                    digit_set(pair),
                    cell_list(path.iter().copied()),
                    super::candidates::cell_name(*c),
                    super::candidates::cell_name(*e)
                ));
            }
            true
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testutil::grid_of;

    #[test]
    fn six_cell_loop_type1() {
        // Sukaku Explainer rates this 4.6: {6,7} on r4c2, r6c2, r6c5, r5c5, r5c9 and r4c9 (with
        // 2) would be a deadly loop, so r4c9 is 2.
        let mut g = grid_of(
            "030000080000791000005000700004080500001204300200305008002508600000000000503010809",
        );
        // The position the grader reached (candidates outside the loop do not matter here).
        for (c, m) in [
            (28usize, 0b0_1100_0000u16),
            (46, 0b0_1100_0000),
            (49, 0b0_1100_0000),
            (40, 0b0_1100_0000),
            (44, 0b0_1100_0000),
            (35, 0b0_1100_0100),
        ] {
            g.cand[c] = m;
        }
        let mut f = Finding::new(true);
        assert!(unique_loop(&g, &mut f));
        assert_eq!(f.eliminations, vec![(35, 6), (35, 7)]);
        assert_eq!(f.rating, Some(4.6));
        assert!(f.text.starts_with("Unique loop type 1:"), "{}", f.text);
    }
}
