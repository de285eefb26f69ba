//! Naked and hidden subsets. Naked: k cells of a unit whose candidates together are k digits, so
//! those digits leave the unit's other cells. Hidden: k digits of a unit that fit only in the
//! same k cells, so those cells lose every other digit. Pairs and triples are MEDIUM, quads HARD.

use super::candidates::{Grid, UNITS, cell_list, digit_set, digits_of, unit_name};
use super::technique::Finding;

/// Units 0..27 of each cell as a mask (bit u = unit u).
const CELL_UNITS: [u32; 81] = build_cell_units();

const fn build_cell_units() -> [u32; 81] {
    let mut t = [0u32; 81];
    let mut u = 0;
    while u < 27 {
        let mut j = 0;
        while j < 9 {
            t[UNITS[u][j] as usize] |= 1 << u;
            j += 1;
        }
        u += 1;
    }
    t
}

/// What the subset rungs remember between calls: per rung, the units on which its search
/// found nothing in the grid with candidates `cand`.
///
/// A rung's search on one unit reads only the candidates of the unit's nine cells (and the
/// subset size), and returns at once when it finds something; the rungs walk the units in
/// order and return the first unit's finding. So a unit whose cells still have the candidates
/// they had when its search found nothing would find nothing again, and skipping it leaves the
/// first finding, and so the whole result, unchanged.
#[derive(Debug)]
pub(crate) struct SubsetMemo {
    /// The candidates the `clean` masks refer to.
    cand: [u16; 81],
    /// Per rung (naked pair, triple, quad, hidden pair, triple, quad): bit u set if the search
    /// on unit u found nothing with `cand`.
    clean: [u32; 6],
    /// Bit u set if `places[u]` holds unit u's candidates transposed (see [`SPREAD`]) for
    /// `cand` (the hidden rungs share them).
    known: u32,
    /// Per unit, its candidates transposed.
    places: [u128; 27],
}

impl Default for SubsetMemo {
    fn default() -> SubsetMemo {
        SubsetMemo {
            cand: [0; 81],
            clean: [0; 6],
            known: 0,
            places: [0; 27],
        }
    }
}

impl SubsetMemo {
    /// Brings the memo to `g`: units with a cell whose candidates changed are no longer clean.
    /// Returns the clean units of `rung`.
    fn clean(&mut self, g: &Grid, rung: usize) -> u32 {
        if self.cand != g.cand {
            let mut dirty = 0;
            for (c, (&old, &new)) in self.cand.iter().zip(&g.cand).enumerate() {
                if old != new {
                    dirty |= CELL_UNITS[c];
                }
            }
            for clean in &mut self.clean {
                *clean &= !dirty;
            }
            self.known &= !dirty;
            self.cand = g.cand;
        }
        self.clean[rung]
    }

    /// Unit `u`'s candidates in `g` (the grid last passed to [`SubsetMemo::clean`])
    /// transposed: bits 9(d - 1)..9d are digit d's position mask (bit i = the unit's i-th
    /// cell).
    fn places(&mut self, g: &Grid, u: usize) -> u128 {
        if self.known & 1 << u == 0 {
            let mut places = 0u128;
            for (i, &c) in UNITS[u].iter().enumerate() {
                places |= SPREAD[usize::from(g.cand[c as usize] >> 1) & 511] << i;
            }
            self.places[u] = places;
            self.known |= 1 << u;
        }
        self.places[u]
    }
}

/// Runs `search` on each unit in order, skipping the units on which rung `rung` found nothing
/// with the same candidates (see [`SubsetMemo`]); true at the first unit where it finds
/// something.
fn each_unit(
    g: &Grid,
    f: &mut Finding,
    rung: usize,
    mut search: impl FnMut(&mut Finding, usize) -> bool,
) -> bool {
    let mut clean = f.memo.subsets.clean(g, rung);
    // The units still to search, walked in increasing order.
    let mut todo = !clean & ((1 << 27) - 1);
    let mut hit = false;
    while todo != 0 {
        let u = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        if search(f, u) {
            hit = true;
            break;
        }
        clean |= 1 << u;
    }
    f.memo.subsets.clean[rung] = clean;
    hit
}

/// Calls `visit` on each k-combination (k <= 4) of 0..n in lexicographic order until it
/// returns true; true if it did. Inline: its callers (fish, almost locked sets, big wings,
/// unique rectangles) run it in their inner loops.
#[inline]
pub(crate) fn combos(n: usize, k: usize, mut visit: impl FnMut(&[usize]) -> bool) -> bool {
    if k == 0 || k > n || k > 4 {
        return false;
    }
    let mut idx = [0usize; 4];
    for (i, slot) in idx.iter_mut().enumerate().take(k) {
        *slot = i;
    }
    loop {
        if visit(&idx[..k]) {
            return true;
        }
        let mut i = k;
        loop {
            if i == 0 {
                return false;
            }
            i -= 1;
            if idx[i] < n - k + i {
                break;
            }
            if i == 0 {
                return false;
            }
        }
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

/// The number of bits of each mask below 1 << 10 (a candidate or a position mask): one load
/// instead of a software population count (the release build targets baseline x86-64).
const POP: [u8; 1024] = build_pop();

const fn build_pop() -> [u8; 1024] {
    let mut t = [0u8; 1024];
    let mut m = 0;
    while m < 1024 {
        t[m] = (m as u16).count_ones() as u8;
        m += 1;
    }
    t
}

/// The number of bits of `m` (below 1 << 10).
#[inline]
fn pop(m: u16) -> usize {
    POP[m as usize & 1023] as usize
}

/// Each 9-bit mask with bit j moved to bit 9j: a candidate mask `m` becomes, from `m >> 1`,
/// one bit in the field of each of its digits, so shifting by a cell's place in a unit and
/// or-ing over the unit transposes the unit's candidates into its digits' position masks.
const SPREAD: [u128; 512] = build_spread();

const fn build_spread() -> [u128; 512] {
    let mut t = [0u128; 512];
    let mut m = 0;
    while m < 512 {
        let mut j = 0;
        while j < 9 {
            if m & 1 << j != 0 {
                t[m] |= 1 << (9 * j);
            }
            j += 1;
        }
        m += 1;
    }
    t
}

/// Calls `visit` on each k-combination (2 <= k <= 4) of indices into `masks` (each mask below
/// 1 << 10 with at most k bits) whose masks together have exactly k bits, in lexicographic
/// order (the order of [`combos`]), with that union, until it returns true; true if it did.
/// A combination whose first picks already have more than k bits cannot be completed, so
/// those branches are cut without visiting anything.
fn locked_sets(masks: &[u16], k: usize, mut visit: impl FnMut(&[usize], u16) -> bool) -> bool {
    let n = masks.len();
    for a in 0..n {
        for b in a + 1..n {
            let ub = masks[a] | masks[b];
            if pop(ub) > k {
                continue;
            }
            if k == 2 {
                if pop(ub) == 2 && visit(&[a, b], ub) {
                    return true;
                }
                continue;
            }
            for c in b + 1..n {
                let uc = ub | masks[c];
                if pop(uc) > k {
                    continue;
                }
                if k == 3 {
                    if pop(uc) == 3 && visit(&[a, b, c], uc) {
                        return true;
                    }
                    continue;
                }
                for (d, &md) in masks.iter().enumerate().skip(c + 1) {
                    let ud = uc | md;
                    if pop(ud) == 4 && visit(&[a, b, c, d], ud) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// Naked pair.
pub(crate) fn naked_pair(g: &Grid, f: &mut Finding) -> bool {
    naked(g, f, 2, "Naked pair")
}

/// Naked triple.
pub(crate) fn naked_triple(g: &Grid, f: &mut Finding) -> bool {
    naked(g, f, 3, "Naked triple")
}

/// Naked quad.
pub(crate) fn naked_quad(g: &Grid, f: &mut Finding) -> bool {
    naked(g, f, 4, "Naked quad")
}

/// Hidden pair.
pub(crate) fn hidden_pair(g: &Grid, f: &mut Finding) -> bool {
    hidden(g, f, 2, "Hidden pair")
}

/// Hidden triple.
pub(crate) fn hidden_triple(g: &Grid, f: &mut Finding) -> bool {
    hidden(g, f, 3, "Hidden triple")
}

/// Hidden quad.
pub(crate) fn hidden_quad(g: &Grid, f: &mut Finding) -> bool {
    hidden(g, f, 4, "Hidden quad")
}

fn naked(g: &Grid, f: &mut Finding, k: usize, name: &str) -> bool {
    each_unit(g, f, k - 2, |f, u| {
        let unit = &UNITS[u];
        let mut small = [0u8; 9];
        let mut masks = [0u16; 9];
        let mut n = 0;
        let mut empties = 0;
        for &c in unit {
            let m = g.cand[c as usize];
            if m != 0 {
                empties += 1;
                if pop(m) <= k {
                    small[n] = c;
                    masks[n] = m;
                    n += 1;
                }
            }
        }
        if empties <= k {
            return false;
        }
        locked_sets(&masks[..n], k, |pick, union| {
            let mut any = false;
            for &c in unit {
                if pick.iter().any(|&i| small[i] == c) {
                    continue;
                }
                for d in digits_of(g.cand[c as usize] & union) {
                    f.eliminations.push((c, d));
                    any = true;
                }
            }
            if any && f.explain {
                f.set_cells(pick.iter().map(|&i| usize::from(small[i])));
                f.explain_eliminations(format!(
                    "{name}: {} in {} can only hold {}",
                    cell_list(pick.iter().map(|&i| usize::from(small[i]))),
                    unit_name(u),
                    digit_set(union)
                ));
            }
            any
        })
    })
}

fn hidden(g: &Grid, f: &mut Finding, k: usize, name: &str) -> bool {
    each_unit(g, f, k + 1, |f, u| {
        let unit = &UNITS[u];
        let places = f.memo.subsets.places(g, u);
        let mut digits = [0u8; 9];
        let mut masks = [0u16; 9];
        let mut n = 0;
        // The cells with a candidate.
        let mut open = 0;
        for d in 1..10u8 {
            let pos = (places >> (9 * (d - 1))) as u16 & 511;
            open |= pos;
            let p = pop(pos);
            if p >= 2 && p <= k {
                digits[n] = d;
                masks[n] = pos;
                n += 1;
            }
        }
        if pop(open) <= k {
            return false;
        }
        locked_sets(&masks[..n], k, |pick, cells| {
            let keep = pick.iter().fold(0u16, |m, &i| m | 1 << digits[i]);
            let mut any = false;
            for i in digits_of(cells) {
                let c = unit[i as usize];
                for d in digits_of(g.cand[c as usize] & !keep) {
                    f.eliminations.push((c, d));
                    any = true;
                }
            }
            if any && f.explain {
                let list: Vec<usize> = digits_of(cells)
                    .map(|i| unit[i as usize] as usize)
                    .collect();
                f.set_cells(list.iter().copied());
                f.explain_eliminations(format!(
                    "{name}: in {}, {} fit only in {}",
                    unit_name(u),
                    digit_set(keep),
                    cell_list(list)
                ));
            }
            any
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testutil::grid_with_candidates;

    #[test]
    fn combos_enumerate_in_order() {
        let mut seen = Vec::new();
        combos(4, 2, |p| {
            seen.push((p[0], p[1]));
            false
        });
        assert_eq!(seen, vec![(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
        let mut count = 0;
        combos(9, 4, |_| {
            count += 1;
            false
        });
        assert_eq!(count, 126);
        assert!(!combos(3, 4, |_| true));
    }

    /// `locked_sets` visits exactly the combinations `combos` gives whose union has k bits, in
    /// the same order.
    #[test]
    fn locked_sets_match_filtered_combos() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut visits = 0;
        for _ in 0..2000 {
            let n = (next() % 10) as usize;
            let k = 2 + (next() % 3) as usize;
            let masks: Vec<u16> = (0..n)
                .map(|_| {
                    let mut m = next() as u16 & 0x3FE;
                    while pop(m) > k {
                        m &= m - 1;
                    }
                    m
                })
                .collect();
            let mut want = Vec::new();
            combos(n, k, |p| {
                let union = p.iter().fold(0, |u, &i| u | masks[i]);
                if pop(union) == k {
                    want.push((p.to_vec(), union));
                }
                false
            });
            let mut got = Vec::new();
            locked_sets(&masks, k, |p, union| {
                got.push((p.to_vec(), union));
                false
            });
            assert_eq!(got, want, "{masks:?} {k}");
            visits += got.len();
        }
        assert!(visits > 1000, "{visits}");
    }

    #[test]
    fn naked_pair_in_a_row() {
        // Row 1: r1c1 and r1c2 are {1,2}; the rest of the row still has 1 and 2.
        let mut g = grid_with_candidates(&[]);
        g.cand[0] = 0b110;
        g.cand[1] = 0b110;
        let mut f = Finding::new(true);
        assert!(naked_pair(&g, &mut f));
        assert_eq!(f.cells, vec![0, 1]);
        assert_eq!(f.eliminations.len(), 14);
        assert!(
            f.eliminations
                .iter()
                .all(|&(c, d)| (2..9).contains(&c) && d <= 2)
        );
        assert!(
            f.text
                .starts_with("Naked pair: r1c1, r1c2 in row 1 can only hold {1,2}")
        );
    }

    #[test]
    fn naked_triple_and_hidden_quad() {
        // Row 1: r1c1 {1,2}, r1c2 {2,3}, r1c3 {1,3}: 1, 2, 3 leave the rest of the row.
        let mut g = grid_with_candidates(&[]);
        g.cand[0] = 0b0110;
        g.cand[1] = 0b1100;
        g.cand[2] = 0b1010;
        let mut f = Finding::new(true);
        assert!(!naked_pair(&g, &mut Finding::new(false)));
        assert!(naked_triple(&g, &mut f));
        assert_eq!(f.cells, vec![0, 1, 2]);
        assert_eq!(f.eliminations.len(), 18);
        // Column 5: 6, 7, 8, 9 fit only in rows 1, 3, 5, 7: those cells lose 1..5.
        let mut g = grid_with_candidates(&[]);
        for r in [1usize, 3, 5, 7, 8] {
            g.cand[r * 9 + 4] &= !(0b1111 << 6);
        }
        let mut f = Finding::new(true);
        assert!(hidden_quad(&g, &mut f));
        assert_eq!(f.cells, vec![4, 22, 40, 58]);
        assert_eq!(f.eliminations.len(), 20);
        assert!(f.eliminations.iter().all(|&(_, d)| d <= 5));
        assert!(
            f.text
                .starts_with("Hidden quad: in column 5, {6,7,8,9} fit only in")
        );
    }

    #[test]
    fn hidden_pair_in_a_column() {
        // Column 1: digits 8 and 9 fit only in r1c1 and r5c1.
        let mut g = grid_with_candidates(&[]);
        for r in 0..9 {
            if r != 0 && r != 4 {
                g.cand[r * 9] &= !(1 << 8 | 1 << 9);
            }
        }
        // Keep rows and boxes from showing the pair first: give every row and box 8 and 9
        // elsewhere (they already have them), so only column 1 qualifies.
        let mut f = Finding::new(true);
        assert!(hidden_pair(&g, &mut f));
        assert_eq!(f.cells, vec![0, 36]);
        assert_eq!(f.eliminations.len(), 14);
        assert!(
            f.eliminations
                .iter()
                .all(|&(c, d)| (c == 0 || c == 36) && d <= 7)
        );
        assert!(
            f.text
                .starts_with("Hidden pair: in column 1, {8,9} fit only in r1c1, r5c1")
        );
    }
}
