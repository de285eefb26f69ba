//! WXYZ-wing and VWXYZ-wing, as Sukaku Explainer (SE) defines and rates them
//! ([`LADDER_V2`](crate::generator::ladder_v2) and later): an almost locked set (ALS: `n` cells of one unit
//! holding `n + 1` digits) of three cells (WXYZ) or four (VWXYZ), and a two-candidate cell
//! {x,z} outside it whose digits both occur in the set. When every cell of the set holding x
//! sees the {x,z} cell, x is in at most one of them: if the {x,z} cell is not z it is x, and
//! the set loses x and becomes locked on its other digits, z among them. Either way z is in the
//! {x,z} cell or in the set, so z leaves every cell seeing all of those places.
//!
//! SE's rating: WXYZ-wing 5.5, plus 0.1 when the largest cell of the set has 3 candidates;
//! VWXYZ-wing 6.2, plus 0.1 for a largest cell of 2 or 4 candidates and 0.2 for 3.

use super::candidates::{
    Bits, Grid, PEER_BITS, UNIT_BITS, UNITS, bit, cell_list, cell_name, cells_of, col, digit_set,
    digits_of, row,
};
use super::technique::{Finding, tenths};
use super::wings::cells_where;
use crate::band_solver::POPCOUNT9;

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
    let changed = super::wings::changed_cells(&f.memo.wings[n - 2], &g.cand);
    // Each digit's cells, shared with the other rungs reading this grid.
    let digit = f.memo.digits_bits(g);
    let best = search(g, &digit, n, changed);
    f.memo.wings[n - 2] = best.is_none().then_some(g.cand);
    let Some(b) = best else {
        return false;
    };
    f.eliminate_all(b.targets, b.z);
    f.rating = Some(tenths(b.rating));
    if f.explain {
        let (p, set) = (b.cells[0], &b.cells[1..]);
        f.set_cells(b.cells.iter().copied());
        let name = if n == 4 { "WXYZ-wing" } else { "VWXYZ-wing" };
        let x = (g.cand[p] & !(1 << b.z)).trailing_zeros();
        f.explain_eliminations(format!(
            "{name}: {} hold {} digits {}; every one of them holding {x} sees {}, so {} is {} or one of them is {}",
            cell_list(set.iter().copied()),
            n,
            digit_set(set.iter().fold(0, |m, &c| m | g.cand[c])),
            cell_name(p),
            cell_name(p),
            b.z,
            b.z
        ));
    }
    true
}

/// The best wing of `n` cells whose pattern holds a cell of `changed` (see
/// [`super::wings::changed_cells`]: the others were there, finding nothing, when the memo was
/// taken), or of any cells if `changed` is all of them; `digit` holds each digit's cells.
fn search(g: &Grid, digit: &[Bits; 10], n: usize, changed: Bits) -> Option<Best> {
    // The cells that can be in a set (2..=n candidates) and those of them that changed; the
    // {x,z} cell is among the bivalue ones.
    let count = |m: u16| usize::from(POPCOUNT9[usize::from(m >> 1)]);
    let bivalue = cells_where(&g.cand, |_, m| count(m) == 2);
    let small = cells_where(&g.cand, |_, m| (2..=n).contains(&count(m)));
    if bivalue == 0 {
        return None;
    }
    let live = changed & small;
    if live == 0 {
        return None;
    }
    let live_bivalue = live & bivalue;
    let mut best: Option<Best> = None;
    for (u, unit) in UNITS.iter().enumerate() {
        let mut allowed = small & UNIT_BITS[u];
        if live & allowed == 0 {
            // A set of unchanged cells needs a changed {x,z} cell p (outside the unit, as it
            // is not in it), and holds both of p's digits; the set's cells holding x see p, so
            // one of the unit's cells holding x sees p, and the set keeps out of those holding
            // x that do not.
            let unit_cells = allowed;
            allowed = 0;
            for p in cells_of(live_bivalue) {
                for x in digits_of(g.cand[p]) {
                    let holding = unit_cells & digit[usize::from(x)];
                    if holding & PEER_BITS[p] != 0 {
                        allowed |= unit_cells & !(holding & !PEER_BITS[p]);
                    }
                }
            }
            if allowed == 0 {
                continue;
            }
        }
        let mut open = [0usize; 9];
        let mut cand = [0u16; 9];
        let mut len = 0;
        for &c in unit {
            let c = usize::from(c);
            if allowed & bit(c) != 0 {
                open[len] = c;
                cand[len] = g.cand[c];
                len += 1;
            }
        }
        sets(
            &open[..len],
            &cand[..len],
            0,
            n - 1,
            n as u32,
            0,
            0,
            &mut |set, digits| {
                // A set inside a box and a line is met twice: the rows and columns come first
                // (units 0-17), so a box's set inside one line was met with that line.
                if u >= 18 {
                    let c = set.trailing_zeros() as usize;
                    if set & !UNIT_BITS[row(c)] == 0 || set & !UNIT_BITS[9 + col(c)] == 0 {
                        return;
                    }
                }
                // The two-candidate cells whose digits are both in the set: those holding no
                // digit outside it.
                let outside = digits_of(0x3fe & !digits).fold(0, |m, d| m | digit[usize::from(d)]);
                let mut pincers = bivalue & !set & !outside;
                if set & live == 0 {
                    pincers &= live_bivalue;
                }
                // Each digit of p is in some cell of the set, and the set's cells holding one of
                // them must all see p: p sees a cell of the set.
                if pincers != 0 {
                    pincers &= cells_of(set).fold(0, |m, c| m | PEER_BITS[c]);
                }
                for p in cells_of(pincers) {
                    check(g, digit, n, set, p, &mut best);
                }
            },
        );
    }
    best
}

/// Visits, in lexicographic order of their positions in `open`, the choices of `left` more
/// cells from `open[from..]` that together with the cells `set` (digits `digits`) hold exactly
/// `n` digits; `cand` holds the candidates of `open`'s cells. A partial choice already holding
/// more than `n` digits is not extended, so the visits are those of trying every combination.
#[allow(clippy::too_many_arguments)]
fn sets(
    open: &[usize],
    cand: &[u16],
    from: usize,
    left: usize,
    n: u32,
    set: Bits,
    digits: u16,
    visit: &mut impl FnMut(Bits, u16),
) {
    for i in from..(open.len() + 1).saturating_sub(left) {
        let d = digits | cand[i];
        let count = u32::from(POPCOUNT9[usize::from(d >> 1)]);
        if count > n {
            continue;
        }
        let s = set | bit(open[i]);
        if left == 1 {
            if count == n {
                visit(s, d);
            }
        } else if left == 2 {
            // The last cell, chosen here without a further call.
            for j in i + 1..open.len() {
                let d = d | cand[j];
                if u32::from(POPCOUNT9[usize::from(d >> 1)]) == n {
                    visit(s | bit(open[j]), d);
                }
            }
        } else {
            sets(open, cand, i + 1, left - 1, n, s, d, visit);
        }
    }
}

/// Tries the {x,z} cell `p` with the set both ways round; `digit` holds each digit's cells.
fn check(g: &Grid, digit: &[Bits; 10], n: usize, set: Bits, p: usize, best: &mut Option<Best>) {
    for x in digits_of(g.cand[p]) {
        let z = (g.cand[p] & !(1 << x)).trailing_zeros() as u8;
        let xs = set & digit[usize::from(x)];
        if xs & !PEER_BITS[p] != 0 {
            continue;
        }
        let zs = set & digit[usize::from(z)];
        let mut targets = digit[usize::from(z)] & PEER_BITS[p] & !set;
        for c in cells_of(zs) {
            targets &= PEER_BITS[c];
        }
        if targets == 0 {
            continue;
        }
        let big = cells_of(set)
            .map(|c| g.cand[c].count_ones())
            .max()
            .unwrap_or(2);
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
                cells: [p].into_iter().chain(cells_of(set)).collect(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testutil::grid_with_candidates;

    #[test]
    fn wxyz_wing_is_an_als_and_a_two_candidate_cell() {
        // r1c1 {1,2}, r1c3 {1,3,4} and r2c1 {1,4} are an ALS in box 1 (3 cells, 4 digits);
        // r1c2 {2,3} sees its only 2 (r1c1): r1c2 is 3, or it is 2 and the ALS locks 3 into
        // r1c3. 3 leaves the rest of row 1 and box 1. (The other wings here remove fewer.)
        let mut g = grid_with_candidates(&[]);
        g.cand[0] = 0b00110;
        g.cand[1] = 0b01100;
        g.cand[2] = 0b11010;
        g.cand[9] = 0b10010;
        let mut f = Finding::new(true);
        assert!(wxyz_wing(&g, &mut f));
        let cells: Vec<u8> = f.eliminations.iter().map(|e| e.0).collect();
        assert_eq!(cells, vec![3, 4, 5, 6, 7, 8, 10, 11, 18, 19, 20]);
        assert!(f.eliminations.iter().all(|e| e.1 == 3));
        assert_eq!(f.cells, vec![1, 0, 2, 9]);
        assert_eq!(f.rating, Some(5.6));
        assert!(
            f.text
                .starts_with("WXYZ-wing: r1c1, r1c3, r2c1 hold 4 digits {1,2,3,4}")
        );
    }

    #[test]
    fn sets_visit_what_every_combination_gives() {
        // Candidate masks from a fixed pseudo-random sequence, 2 to 5 digits each.
        let mut x = 12345u32;
        let mut visited = 0;
        for _ in 0..200 {
            let mut cand = Vec::new();
            while cand.len() < 9 {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                let m = ((x >> 7) & 0x3fe) as u16;
                if (2..=5).contains(&m.count_ones()) {
                    cand.push(m);
                }
            }
            let open: Vec<usize> = (0..9).map(|i| i * 9).collect();
            for n in [4u32, 5] {
                let k = n as usize - 1;
                let mut want = Vec::new();
                crate::logic::subsets::combos(9, k, |pick| {
                    let d = pick.iter().fold(0u16, |m, &i| m | cand[i]);
                    if d.count_ones() == n {
                        want.push((pick.iter().fold(0, |b, &i| b | bit(open[i])), d));
                    }
                    false
                });
                let mut got = Vec::new();
                sets(&open, &cand, 0, k, n, 0, 0, &mut |set, d| {
                    got.push((set, d))
                });
                assert_eq!(got, want);
                visited += got.len();
            }
        }
        assert!(visited > 0);
    }
}
