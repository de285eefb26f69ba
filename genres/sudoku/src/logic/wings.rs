//! Wings (HARD). XY-wing: a pivot {x,y} sees pincers {x,z} and {y,z}; whichever the pivot is,
//! one pincer is z, so z leaves every cell seeing both pincers. XYZ-wing: the pivot is {x,y,z}
//! and z also leaves only cells that see the pivot too.

use super::candidates::{Bits, Grid, PEER_BITS, bit, cell_name, cells_of, digit_set};
use super::technique::Finding;
use crate::band_solver::POPCOUNT9;

/// The cells whose candidates differ from `before`, the candidates of a grid on which a search
/// found nothing; every cell when there is no such grid or a cell has gained a candidate since.
///
/// The wing searches use it to skip patterns: an instance of a wing reads the candidates of its
/// pattern cells, and elsewhere only which cells hold the digit it eliminates. When no cell has
/// gained a candidate, a pattern none of whose cells changed was there on the earlier grid with
/// at least the same eliminations, and so found nothing then and finds nothing now. Skipping
/// only such patterns leaves every instance found, in the same order.
pub(super) fn changed_cells(before: &Option<[u16; 81]>, cand: &[u16; 81]) -> Bits {
    let Some(before) = before else {
        return !0;
    };
    if cand == before {
        return 0;
    }
    let gained = cand
        .iter()
        .zip(before)
        .fold(0, |m, (&now, &then)| m | now & !then);
    if gained == 0 {
        cells_where(cand, |c, m| m != before[c])
    } else {
        !0
    }
}

/// The cells whose candidates `keep` accepts (given the cell and its candidates), built a row
/// at a time (cheaper than a 128-bit shift per cell).
pub(super) fn cells_where(cand: &[u16; 81], mut keep: impl FnMut(usize, u16) -> bool) -> Bits {
    let mut cells: Bits = 0;
    for r in 0..9 {
        let mut line = 0u16;
        for k in 0..9 {
            let c = 9 * r + k;
            line |= u16::from(keep(c, cand[c])) << k;
        }
        cells |= Bits::from(line) << (9 * r);
    }
    cells
}

/// XY-wing.
pub(crate) fn xy_wing(g: &Grid, f: &mut Finding) -> bool {
    wing(g, f, 2)
}

/// XYZ-wing.
pub(crate) fn xyz_wing(g: &Grid, f: &mut Finding) -> bool {
    wing(g, f, 3)
}

fn wing(g: &Grid, f: &mut Finding, pivot_size: u32) -> bool {
    let slot = pivot_size as usize - 2;
    let changed = changed_cells(&f.memo.wings[slot], &g.cand);
    let found = changed != 0 && search(g, f, pivot_size, changed);
    f.memo.wings[slot] = (!found).then_some(g.cand);
    found
}

/// Finds the first wing, pivot by pivot, among those with a cell of `changed` (see
/// [`changed_cells`]: the others were there, finding nothing, when the memo was taken).
fn search(g: &Grid, f: &mut Finding, pivot_size: u32, changed: Bits) -> bool {
    let count = |m: u16| u32::from(POPCOUNT9[usize::from(m >> 1)]);
    let bivalue = cells_where(&g.cand, |_, m| count(m) == 2);
    let pivots = if pivot_size == 2 {
        bivalue
    } else {
        cells_where(&g.cand, |_, m| count(m) == pivot_size)
    };
    // Each digit's cells, worked out for the first pattern that needs them.
    let mut digit_bits = None;
    for p in cells_of(pivots) {
        let (pm, peers) = (g.cand[p], PEER_BITS[p]);
        // An unchanged pivot needs a changed pincer.
        let pivot_changed = changed & bit(p) != 0;
        if !pivot_changed && changed & peers & bivalue == 0 {
            continue;
        }
        let mut pincers = [0u8; 20];
        let mut n = 0;
        for c in cells_of(peers & bivalue) {
            // A pincer shares exactly one digit with an XY pivot, two with an XYZ pivot.
            if u32::from(POPCOUNT9[usize::from((g.cand[c] & pm) >> 1)]) == pivot_size - 1 {
                pincers[n] = c as u8;
                n += 1;
            }
        }
        for (i, &a) in pincers[..n].iter().enumerate() {
            let am = g.cand[a as usize];
            for &b in &pincers[i + 1..n] {
                let bm = g.cand[b as usize];
                if am == bm || !pivot_changed && changed & (bit(a.into()) | bit(b.into())) == 0 {
                    continue;
                }
                let z = am & bm;
                // Two different pairs share one digit or none.
                if z == 0 {
                    continue;
                }
                let valid = if pivot_size == 2 {
                    // Pincers {x,z} and {y,z} with the pivot exactly {x,y}.
                    z & pm == 0 && (am | bm) & !z == pm
                } else {
                    am | bm == pm
                };
                if !valid {
                    continue;
                }
                let zd = z.trailing_zeros() as u8;
                let digit_bits = digit_bits.get_or_insert_with(|| g.digits_bits());
                let mut targets =
                    digit_bits[zd as usize] & PEER_BITS[a as usize] & PEER_BITS[b as usize];
                if pivot_size == 3 {
                    targets &= peers;
                }
                if targets == 0 {
                    continue;
                }
                f.eliminate_all(targets, zd);
                if f.explain {
                    let name = if pivot_size == 2 {
                        "XY-wing"
                    } else {
                        "XYZ-wing"
                    };
                    f.set_cells([p, a as usize, b as usize]);
                    let holder = if pivot_size == 2 {
                        "one pincer"
                    } else {
                        "the pivot or a pincer"
                    };
                    f.explain_eliminations(format!(
                        "{name}: pivot {} {} with pincers {} {} and {} {}: {holder} is {zd}",
                        cell_name(p),
                        digit_set(pm),
                        cell_name(a as usize),
                        digit_set(am),
                        cell_name(b as usize),
                        digit_set(bm)
                    ));
                }
                return true;
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
    fn xy_wing_eliminates_from_common_peers() {
        // Pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}: 3 leaves r5c5.
        let mut g = grid_with_candidates(&[]);
        g.cand[0] = 0b0110;
        g.cand[4] = 0b1010;
        g.cand[36] = 0b1100;
        let mut f = Finding::new(true);
        assert!(xy_wing(&g, &mut f));
        assert_eq!(f.eliminations, vec![(40, 3)]);
        assert_eq!(f.cells, vec![0, 4, 36]);
        assert!(
            f.text
                .starts_with("XY-wing: pivot r1c1 {1,2} with pincers r1c5 {1,3}")
        );
    }

    #[test]
    fn xyz_wing_eliminates_from_cells_seeing_all_three() {
        // Pivot r1c1 {1,2,3}, pincers r1c2 {1,3} and r1c7 {2,3}, all in row 1: 3 leaves the
        // rest of row 1.
        let mut g = grid_with_candidates(&[]);
        g.cand[0] = 0b1110;
        g.cand[1] = 0b1010;
        g.cand[6] = 0b1100;
        let mut f = Finding::new(true);
        assert!(!xy_wing(&g, &mut Finding::new(false)));
        assert!(xyz_wing(&g, &mut f));
        assert_eq!(f.eliminations[0].1, 3);
        let cells: Vec<u8> = f.eliminations.iter().map(|e| e.0).collect();
        assert_eq!(cells, vec![2, 3, 4, 5, 7, 8]);
    }
}
