//! WXYZ-wing and VWXYZ-wing, rated as Sukaku Explainer (SE) rates them
//! ([`LADDER_V2`](super::ladder_v2) only).
//!
//! A pivot cell and wing cells that each see the pivot, `n` cells in all, hold `n` digits
//! between them. For every digit but one (z), the cells holding it all see each other, so at
//! most one of them takes it: those `n - 1` digits fill at most `n - 1` cells, and z is in at
//! least one of the cells that hold it. So z leaves every cell seeing all of those.
//!
//! SE's rating: WXYZ-wing (4 cells) 5.5, plus 0.1 when the largest cell has 3 candidates;
//! VWXYZ-wing (5 cells) 6.2, plus 0.1 for a largest cell of 2 or 4 candidates and 0.2 for 3.

use super::candidates::{Bits, Grid, PEER_BITS, bit, cell_list, cells_of, digits_of};
use super::technique::Finding;

/// WXYZ-wing.
pub(crate) fn wxyz_wing(g: &Grid, f: &mut Finding) -> bool {
    wings(g, f, 4)
}

/// VWXYZ-wing.
pub(crate) fn vwxyz_wing(g: &Grid, f: &mut Finding) -> bool {
    wings(g, f, 5)
}

/// SE's rating of a wing of `n` cells whose largest cell has `big` candidates.
fn rating(n: usize, big: u32) -> f64 {
    let (base, span) = if n == 4 { (5.5, 1.0) } else { (6.2, 2.0) };
    base + (span - (3.0 - f64::from(big)).abs()).max(0.0) * 0.1
}

/// The best wing found: rating, eliminations, digit, cells.
struct Best {
    rating: f64,
    removed: u32,
    z: u8,
    targets: Bits,
    cells: Vec<usize>,
}

fn wings(g: &Grid, f: &mut Finding, n: usize) -> bool {
    let mut small: Bits = 0;
    for c in 0..81 {
        let k = g.cand[c].count_ones() as usize;
        if (2..=n).contains(&k) {
            small |= bit(c);
        }
    }
    let mut best: Option<Best> = None;
    let mut pick = Vec::with_capacity(n);
    for p in cells_of(small) {
        pick.clear();
        pick.push(p);
        let wings = small & PEER_BITS[p];
        extend(g, n, wings, 0, g.cand[p], &mut pick, &mut best);
    }
    let Some(b) = best else {
        return false;
    };
    f.eliminate_all(b.targets, b.z);
    f.rating = Some(b.rating);
    if f.explain {
        f.set_cells(b.cells.iter().copied());
        let name = if n == 4 { "WXYZ-wing" } else { "VWXYZ-wing" };
        f.explain_eliminations(format!(
            "{name}: {} hold {n} digits between them, and every digit but {} can take only one of them, so {} is in one of them",
            cell_list(b.cells.iter().copied()),
            b.z,
            b.z
        ));
    }
    true
}

/// Adds wing cells (from `wings`, above index `after`) to `pick` while the digits stay at most
/// `n`; checks every full set.
fn extend(
    g: &Grid,
    n: usize,
    wings: Bits,
    after: usize,
    digits: u16,
    pick: &mut Vec<usize>,
    best: &mut Option<Best>,
) {
    if pick.len() == n {
        if digits.count_ones() as usize == n {
            check(g, n, digits, pick, best);
        }
        return;
    }
    let rest = if after == 0 { wings } else { wings & !((bit(after) << 1) - 1) };
    for w in cells_of(rest) {
        let u = digits | g.cand[w];
        if u.count_ones() as usize > n {
            continue;
        }
        pick.push(w);
        extend(g, n, wings, w, u, pick, best);
        pick.pop();
    }
}

fn check(g: &Grid, n: usize, digits: u16, pick: &[usize], best: &mut Option<Best>) {
    let mut z = None;
    for d in digits_of(digits) {
        let holders: Vec<usize> = pick
            .iter()
            .copied()
            .filter(|&c| g.cand[c] & (1 << d) != 0)
            .collect();
        let restricted = holders
            .iter()
            .enumerate()
            .all(|(i, &a)| holders[i + 1..].iter().all(|&b| PEER_BITS[a] & bit(b) != 0));
        if !restricted {
            if z.is_some() {
                return;
            }
            z = Some((d, holders));
        }
    }
    let Some((z, holders)) = z else {
        return;
    };
    let mut targets = g.digit_bits(z);
    for &c in &holders {
        targets &= PEER_BITS[c];
    }
    for &c in pick {
        targets &= !bit(c);
    }
    if targets == 0 {
        return;
    }
    let big = pick.iter().map(|&c| g.cand[c].count_ones()).max().unwrap_or(2);
    let r = rating(n, big);
    let removed = targets.count_ones();
    let better = match best {
        None => true,
        Some(b) => r < b.rating - 1e-9 || (r < b.rating + 1e-9 && removed > b.removed),
    };
    if better {
        *best = Some(Best {
            rating: r,
            removed,
            z,
            targets,
            cells: pick.to_vec(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testutil::grid_with_candidates;

    #[test]
    fn wxyz_wing_removes_z_from_cells_seeing_every_z() {
        // Pivot r1c1 {1,2,3,4}; wings r1c2 {1,4}, r2c1 {2,3}, r1c5 {3,4}. 1, 2 and 4 each lie
        // in cells that see each other; 3 is in r1c1, r2c1 and r1c5, and r2c1 does not see
        // r1c5, so 3 is z. The only other cell seeing all three is r1c3.
        let mut g = grid_with_candidates(&[]);
        g.cand[0] = 0b11110;
        g.cand[1] = 0b10010;
        g.cand[9] = 0b01100;
        g.cand[4] = 0b11000;
        let mut f = Finding::new(true);
        assert!(wxyz_wing(&g, &mut f));
        assert_eq!(f.eliminations, vec![(2, 3)]);
        assert_eq!(f.rating, Some(5.5));
    }
}
