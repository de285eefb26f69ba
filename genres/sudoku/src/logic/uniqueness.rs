//! Unique rectangles (EXPERT). Four cells on two rows, two columns and two boxes that could all
//! be reduced to the same pair {a,b} would let a and b swap: two solutions. A unique puzzle
//! cannot end that way. Type 1: three corners are exactly {a,b}, so the fourth is neither a nor b.
//! Type 2: two corners on one row or column are {a,b} and the other two are {a,b,x}: one of
//! those two is x, so x leaves every cell seeing both. Type 4: two corners on one line are
//! {a,b} and a is locked to the other two corners in their line, so b leaves both.
//! Bivalue universal grave + 1 rests on the same premise (see [`bug_plus_one`]).

use super::candidates::{
    Bits, Grid, PEER_BITS, UNIT_BITS, UNITS, bit, cell_list, cell_name, cells_of, col, digit_set,
    digits_of, row, unit_name,
};
use super::technique::Finding;
use crate::band_solver::POPCOUNT9;

/// Unique rectangle type 1.
pub(crate) fn ur_type1(g: &Grid, f: &mut Finding) -> bool {
    rectangles(g, f, 1)
}

/// Unique rectangle type 2.
pub(crate) fn ur_type2(g: &Grid, f: &mut Finding) -> bool {
    rectangles(g, f, 2)
}

/// Unique rectangle type 3 (`LADDER_V2` only): two corners on one line are {a,b}; the extra
/// digits of the other two act as one cell that, with k - 1 other cells of a unit holding both,
/// forms a naked set of k digits, which leave the unit's other cells. Rated as SE does: 4.5 plus
/// 0.1 per digit of the set beyond one.
pub(crate) fn ur_type3(g: &Grid, f: &mut Finding) -> bool {
    rectangles(g, f, 3)
}

/// Unique rectangle type 3 with a hidden set (`LADDER_V2` only): two corners on one line are
/// {a,b}, so at most one of the other two holds a or b; a, b and k - 2 digits neither holds,
/// with k - 1 other places in a unit those two share, fill those places. Rated as SE does: 4.5
/// plus 0.1 per digit beyond two (so it comes before the naked-set type 3 on the ladder).
pub(crate) fn ur_type3_hidden(g: &Grid, f: &mut Finding) -> bool {
    rectangles(g, f, 6)
}

/// Unique rectangle type 4 in the box (`LADDER_V2` only): as type 4, with `a` locked to the two
/// other corners inside the box they share (when the rectangle's floor and roof are in
/// different bands or stacks, the roof corners share a box). SE rates it 4.5.
pub(crate) fn ur_type4_box(g: &Grid, f: &mut Finding) -> bool {
    rectangles(g, f, 5)
}

/// Bivalue universal grave type 2 (`LADDER_V2` only): without one extra digit x, in every
/// cell that has more than two candidates, every empty cell would have two candidates and every
/// digit two places (or none) in every unit; such a grave has no unique solution, so one of
/// those cells is x, and x leaves every cell seeing all of them. SE rates it 5.7.
pub(crate) fn bug_type2(g: &Grid, f: &mut Finding) -> bool {
    let mut extra_cells: Bits = 0;
    let mut common = super::candidates::ALL_DIGITS;
    for c in 0..81 {
        match g.cand[c].count_ones() {
            0 if g.value[c] == 0 => return false,
            1 => return false,
            0 | 2 => {}
            3 => {
                extra_cells |= bit(c);
                common &= g.cand[c];
            }
            _ => return false,
        }
    }
    if extra_cells.count_ones() < 2 {
        return false;
    }
    for x in digits_of(common) {
        let grave_is_balanced = UNITS.iter().all(|unit| {
            (1..=9u8).all(|d| {
                let n = unit
                    .iter()
                    .filter(|&&u| {
                        let u = u as usize;
                        let m = if extra_cells & bit(u) != 0 {
                            g.cand[u] & !(1 << x)
                        } else {
                            g.cand[u]
                        };
                        m & (1 << d) != 0
                    })
                    .count();
                n == 0 || n == 2
            })
        });
        if !grave_is_balanced {
            continue;
        }
        let mut targets = g.digit_bits(x) & !extra_cells;
        for c in cells_of(extra_cells) {
            targets &= PEER_BITS[c];
        }
        if targets == 0 {
            return false;
        }
        f.eliminate_all(targets, x);
        if f.explain {
            f.set_cells(cells_of(extra_cells));
            f.explain_eliminations(format!(
                "Bivalue universal grave type 2: without {x} in {} every empty cell would have two candidates and every digit two places in every unit, a grave with no unique solution; so one of them is {x}",
                cell_list(cells_of(extra_cells))
            ));
        }
        return true;
    }
    false
}

/// Unique rectangle type 4.
pub(crate) fn ur_type4(g: &Grid, f: &mut Finding) -> bool {
    rectangles(g, f, 4)
}

/// Bivalue universal grave + 1: every empty cell has two candidates except one with three, and
/// without one of those three every digit would have exactly two places (or none) in every
/// unit. Such a "BUG" position has no unique solution, so that digit is the cell's.
pub(crate) fn bug_plus_one(g: &Grid, f: &mut Finding) -> bool {
    let mut odd = None;
    for c in 0..81 {
        match g.cand[c].count_ones() {
            0 | 2 => {}
            3 if odd.is_none() => odd = Some(c),
            _ => return false,
        }
    }
    let Some(c) = odd else {
        return false;
    };
    for d in digits_of(g.cand[c]) {
        let balanced = UNITS.iter().all(|unit| {
            (1..=9u8).all(|x| {
                let n = unit
                    .iter()
                    .filter(|&&u| {
                        let m = if u as usize == c && x == d {
                            0
                        } else {
                            g.cand[u as usize]
                        };
                        m & (1 << x) != 0
                    })
                    .count();
                n == 0 || n == 2
            })
        });
        if balanced {
            f.placements.push((c as u8, d));
            if f.explain {
                f.set_cells([c]);
                f.text = format!(
                    "Bivalue universal grave + 1: every other empty cell has two candidates, and without {d} in {} the grid would have no unique solution, so {} is {d}",
                    cell_name(c),
                    cell_name(c)
                );
            }
            return true;
        }
    }
    false
}

/// Hint name and SE's base rating of a unique rectangle.
const RECTANGLE: (&str, f64) = ("Unique rectangle", 4.5);

/// A unique rectangle's place on a grid: its corners in increasing order, the two corners off
/// the floor (the roof), the pair and the roof's line.
#[derive(Debug, Clone, Copy)]
struct Rect {
    cells: [usize; 4],
    roof: (usize, usize),
    pair: u16,
    roof_line: usize,
}

/// The rectangles of the last grid searched for unique rectangles (`cand`), in the order every
/// type meets them: the types differ only in what they test on each, so the ones tried after
/// another on the same grid reuse its list.
#[derive(Debug, Default)]
pub(crate) struct Rectangles {
    cand: Option<[u16; 81]>,
    list: Vec<Rect>,
    /// Each digit's cells on that grid (when `list` is not empty).
    digit_bits: [Bits; 10],
}

fn rectangles(g: &Grid, f: &mut Finding, kind: u8) -> bool {
    let memo = &mut f.memo.rectangles;
    if memo.cand.as_ref() != Some(&g.cand) {
        memo.list.clear();
        collect(g, memo);
        memo.cand = Some(g.cand);
    }
    if memo.list.is_empty() {
        return false;
    }
    let list = std::mem::take(&mut memo.list);
    // A copy: the types below take `f`, which holds the memo.
    let digit_bits = memo.digit_bits;
    let found = list.iter().any(|r| {
        let (c3, c4) = r.roof;
        match kind {
            1 => type1(f, &r.cells, &r.cells.map(|c| g.cand[c]), r.pair),
            2 => type2(
                &digit_bits,
                f,
                &r.cells,
                &r.cells.map(|c| g.cand[c]),
                r.pair,
            ),
            3 => type3(g, f, RECTANGLE, &r.cells, r.roof, r.pair),
            6 => type3_hidden(g, f, RECTANGLE, &r.cells, r.roof, r.pair),
            5 => {
                let b = super::candidates::box_of(c3);
                b == super::candidates::box_of(c4)
                    && type4(&digit_bits, f, &r.cells, r.roof, 18 + b, r.pair)
            }
            _ => type4(&digit_bits, f, &r.cells, r.roof, r.roof_line, r.pair),
        }
    });
    f.memo.rectangles.list = list;
    found
}

/// Lists the rectangles of `g` in the order of the search: four cells on two rows, two
/// columns and two boxes, holding both digits of a pair, two of them (the floor) exactly it.
fn collect(g: &Grid, memo: &mut Rectangles) {
    let bivalue = super::wings::cells_where(&g.cand, |_, m| POPCOUNT9[usize::from(m >> 1)] == 2);
    // Fewer than two bivalue cells.
    if bivalue & bivalue.wrapping_sub(1) == 0 {
        return;
    }
    memo.digit_bits = g.digits_bits();
    let digit_bits = &memo.digit_bits;
    // Both types have two bivalue corners {a,b} on one row or column (the floor); the other
    // line of the rectangle is every other parallel line.
    for p in cells_of(bivalue) {
        let pair = g.cand[p];
        let later = !((bit(p) << 1) - 1);
        let lines = UNIT_BITS[row(p)] | UNIT_BITS[9 + col(p)];
        for q in cells_of(bivalue & lines & later) {
            if g.cand[q] != pair {
                continue;
            }
            let same_row = row(p) == row(q);
            // The parallel lines whose two cells of the rectangle hold both digits, as bits:
            // the cells of column 0 (rows) or of row 0 (columns), in increasing order.
            let both = digit_bits[pair.trailing_zeros() as usize]
                & digit_bits[(15 - pair.leading_zeros()) as usize];
            let parallel = if same_row {
                (both >> col(p)) & (both >> col(q)) & UNIT_BITS[9]
            } else {
                (both >> (9 * row(p))) & (both >> (9 * row(q))) & UNIT_BITS[0]
            };
            for line in cells_of(parallel) {
                let k = if same_row { line / 9 } else { line };
                let (c3, c4, same_band, same_stack) = if same_row {
                    if k == row(p) {
                        continue;
                    }
                    let c3 = k * 9 + col(p);
                    (
                        c3,
                        k * 9 + col(q),
                        row(p) / 3 == k / 3,
                        col(p) / 3 == col(q) / 3,
                    )
                } else {
                    if k == col(p) {
                        continue;
                    }
                    let c3 = row(p) * 9 + k;
                    (
                        c3,
                        row(q) * 9 + k,
                        row(p) / 3 == row(q) / 3,
                        col(p) / 3 == k / 3,
                    )
                };
                // Exactly two boxes: the rows share a band or the columns a stack, not both.
                if same_band == same_stack || g.cand[c3] & pair != pair || g.cand[c4] & pair != pair
                {
                    continue;
                }
                let mut cells = [p, q, c3, c4];
                cells.sort_unstable();
                memo.list.push(Rect {
                    cells,
                    roof: (c3, c4),
                    pair,
                    roof_line: if same_row { k } else { 9 + k },
                });
            }
        }
    }
}

fn type1(f: &mut Finding, cells: &[usize; 4], masks: &[u16; 4], pair: u16) -> bool {
    let exact = masks.iter().filter(|&&m| m == pair).count();
    if exact != 3 {
        return false;
    }
    let Some(i) = masks.iter().position(|&m| m != pair) else {
        return false;
    };
    let c = cells[i];
    for d in digits_of(pair) {
        f.eliminations.push((c as u8, d));
    }
    if f.explain {
        f.set_cells(cells.iter().copied());
        f.explain_eliminations(format!(
            "Unique rectangle type 1: {} would form a deadly pattern on {} (two solutions) unless {} holds another digit",
            cell_list(cells.iter().copied()),
            digit_set(pair),
            cell_name(c)
        ));
    }
    true
}

/// The units two cells share.
fn shared_units(a: usize, b: usize) -> Vec<usize> {
    let mut units = Vec::with_capacity(2);
    if row(a) == row(b) {
        units.push(row(a));
    }
    if col(a) == col(b) {
        units.push(9 + col(a));
    }
    let ba = super::candidates::box_of(a);
    if ba == super::candidates::box_of(b) {
        units.push(18 + ba);
    }
    units
}

/// Type 3 with a naked set, on a rectangle or a unique loop (`cells`, named `shape` in hints)
/// whose only cells with extra digits are `roof`; rated `base` plus 0.1 per other cell.
pub(crate) fn type3(
    g: &Grid,
    f: &mut Finding,
    (shape, base): (&str, f64),
    cells: &[usize],
    roof: (usize, usize),
    pair: u16,
) -> bool {
    let (c3, c4) = roof;
    let extra = (g.cand[c3] | g.cand[c4]) & !pair;
    if extra.count_ones() < 2 || g.cand[c3] == pair || g.cand[c4] == pair {
        return false;
    }
    for u in shared_units(c3, c4) {
        let others: Vec<usize> = UNITS[u]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| c != c3 && c != c4 && g.cand[c] != 0)
            .collect();
        for k in 1..=3usize {
            let hit = super::subsets::combos(others.len(), k, |pick| {
                let digits = pick.iter().fold(extra, |m, &i| m | g.cand[others[i]]);
                if digits.count_ones() as usize != k + 1 {
                    return false;
                }
                let set: Bits = pick
                    .iter()
                    .fold(bit(c3) | bit(c4), |b, &i| b | bit(others[i]));
                for &c in &others {
                    if set & bit(c) == 0 {
                        for d in digits_of(g.cand[c] & digits) {
                            f.eliminations.push((c as u8, d));
                        }
                    }
                }
                if f.eliminations.is_empty() {
                    return false;
                }
                f.rating = Some(super::technique::tenths(base + 0.1 * k as f64));
                if f.explain {
                    f.set_cells(cells.iter().copied().chain(pick.iter().map(|&i| others[i])));
                    f.explain_eliminations(format!(
                        "{shape} type 3: to avoid a deadly pattern on {}, {} or {} holds one of {}; with {} they form a naked set {} in {}",
                        digit_set(pair),
                        cell_name(c3),
                        cell_name(c4),
                        digit_set(extra),
                        cell_list(pick.iter().map(|&i| others[i])),
                        digit_set(digits),
                        unit_name(u)
                    ));
                }
                true
            });
            if hit {
                return true;
            }
        }
    }
    false
}

/// Type 3 with a hidden set, on a rectangle or a unique loop (`cells`, named `shape` in hints)
/// whose only cells with extra digits are `roof`: at most one of the two holds a or b, so a, b
/// and k - 2 digits neither holds, with only k - 1 other places in a unit they share, fill
/// those places (which lose every other candidate). Rated `base` plus 0.1 per digit beyond two,
/// as SE rates it.
pub(crate) fn type3_hidden(
    g: &Grid,
    f: &mut Finding,
    (shape, base): (&str, f64),
    cells: &[usize],
    roof: (usize, usize),
    pair: u16,
) -> bool {
    let (c3, c4) = roof;
    let extra = (g.cand[c3] | g.cand[c4]) & !pair;
    if extra == 0 || g.cand[c3] == pair || g.cand[c4] == pair {
        return false;
    }
    let rest = super::candidates::ALL_DIGITS & !pair & !extra;
    for u in shared_units(c3, c4) {
        let mut empty = 0;
        // The cells other than the two where digit d can go.
        let mut place: [Bits; 10] = [0; 10];
        for &c in &UNITS[u] {
            let c = usize::from(c);
            if g.cand[c] != 0 {
                empty += 1;
            }
            if c != c3 && c != c4 {
                for d in digits_of(g.cand[c]) {
                    place[usize::from(d)] |= bit(c);
                }
            }
        }
        let places = |d: u8| place[usize::from(d)];
        let pair_places = digits_of(pair).fold(0, |b, d| b | places(d));
        for degree in (extra.count_ones() as usize).max(2)..=7 {
            if 2 * degree >= empty {
                break;
            }
            // The subsets of `rest`, in increasing order.
            let subsets = std::iter::successors(Some(0u16), |&m| {
                (m != rest).then(|| m.wrapping_sub(rest) & rest)
            });
            for more in subsets {
                if usize::from(POPCOUNT9[usize::from(more >> 1)]) != degree - 2 {
                    continue;
                }
                // Every digit of the set must still have a place in the unit.
                if digits_of(more).any(|d| places(d) == 0) {
                    continue;
                }
                let set = digits_of(more).fold(pair_places, |b, d| b | places(d));
                if set.count_ones() as usize != degree - 1 {
                    continue;
                }
                let digits = pair | more;
                for c in cells_of(set) {
                    for d in digits_of(g.cand[c] & !digits) {
                        f.eliminations.push((c as u8, d));
                    }
                }
                if f.eliminations.is_empty() {
                    continue;
                }
                f.rating = Some(super::technique::tenths(base + 0.1 * (degree - 2) as f64));
                if f.explain {
                    f.set_cells(cells.iter().copied().chain(cells_of(set)));
                    f.explain_eliminations(format!(
                        "{shape} type 3 (hidden set): to avoid a deadly pattern on {}, {} and {} hold at most one of {}, so {} fill {} in {}",
                        digit_set(pair),
                        cell_name(c3),
                        cell_name(c4),
                        digit_set(pair),
                        digit_set(digits),
                        cell_list(cells_of(set)),
                        unit_name(u)
                    ));
                }
                return true;
            }
        }
    }
    false
}

fn type2(
    digit_bits: &[u128; 10],
    f: &mut Finding,
    cells: &[usize; 4],
    masks: &[u16; 4],
    pair: u16,
) -> bool {
    let exact = masks.iter().filter(|&&m| m == pair).count();
    if exact != 2 {
        return false;
    }
    let mut roof = cells.iter().zip(masks).filter(|(_, m)| **m != pair);
    let (Some((&o1, &m1)), Some((&o2, &m2))) = (roof.next(), roof.next()) else {
        return false;
    };
    let extra = m1 & !pair;
    if m1 != m2 || extra.count_ones() != 1 {
        return false;
    }
    let x = extra.trailing_zeros() as u8;
    let targets = digit_bits[x as usize] & PEER_BITS[o1] & PEER_BITS[o2] & !(bit(o1) | bit(o2));
    if targets == 0 {
        return false;
    }
    f.eliminate_all(targets, x);
    if f.explain {
        f.set_cells(cells.iter().copied());
        f.explain_eliminations(format!(
            "Unique rectangle type 2: to avoid a deadly pattern on {} in {}, {} or {} must be {x}",
            digit_set(pair),
            cell_list(cells.iter().copied()),
            cell_name(o1),
            cell_name(o2)
        ));
    }
    true
}

fn type4(
    digit_bits: &[u128; 10],
    f: &mut Finding,
    cells: &[usize; 4],
    roof: (usize, usize),
    roof_line: usize,
    pair: u16,
) -> bool {
    let (c3, c4) = roof;
    let roof_bits = bit(c3) | bit(c4);
    for a in digits_of(pair) {
        // a is locked to the roof in the roof's line, so one roof cell is a and the other
        // cannot be b (that would complete the deadly pattern): b leaves both.
        if digit_bits[a as usize] & UNIT_BITS[roof_line] != roof_bits {
            continue;
        }
        let b = (pair & !(1 << a)).trailing_zeros() as u8;
        f.eliminations.push((c3 as u8, b));
        f.eliminations.push((c4 as u8, b));
        if f.explain {
            f.set_cells(cells.iter().copied());
            f.explain_eliminations(format!(
                "Unique rectangle type 4: in {}, {a} can only be in {} or {}; the other of them being {b} would complete a deadly pattern on {} in {}",
                unit_name(roof_line),
                cell_name(c3),
                cell_name(c4),
                digit_set(pair),
                cell_list(cells.iter().copied())
            ));
        }
        return true;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testutil::grid_with_candidates;

    #[test]
    fn type3_hidden_set_fills_the_other_places() {
        // Floor r1c1, r1c4 = {3,7}; roof r2c1 = {1,3,7}, r2c4 = {2,3,7}: at most one roof corner
        // is 3 or 7. In row 2, 3 is elsewhere only in r2c2, 7 only in r2c3 and 5 only in those
        // two: {3,5,7} fill r2c2 and r2c3, which lose their other digits. SE: 4.5 + 0.1.
        let mut g = grid_with_candidates(&[]);
        let pair = 1u16 << 3 | 1 << 7;
        for m in g.cand.iter_mut() {
            *m &= !pair;
        }
        g.cand[0] = pair;
        g.cand[3] = pair;
        g.cand[9] = pair | 1 << 1;
        g.cand[12] = pair | 1 << 2;
        g.cand[10] |= 1 << 3;
        g.cand[11] |= 1 << 7;
        for c in 13..18 {
            g.cand[c] &= !(1 << 5);
        }
        let mut f = Finding::new(true);
        assert!(ur_type3_hidden(&g, &mut f));
        let mut expected = Vec::new();
        for c in [10u8, 11] {
            for d in [1, 2, 4, 6, 8, 9] {
                expected.push((c, d));
            }
        }
        f.eliminations.sort_unstable();
        assert_eq!(f.eliminations, expected);
        assert_eq!(f.rating, Some(4.6));
        assert!(
            f.text.starts_with("Unique rectangle type 3 (hidden set):"),
            "{}",
            f.text
        );
    }

    #[test]
    fn type1_removes_the_pair_from_the_fourth_corner() {
        // r1c1, r1c4, r2c1 are {3,7}; r2c4 is {3,7,9} (rows 1-2 share a band, two boxes).
        let mut g = grid_with_candidates(&[]);
        for c in [0usize, 3, 9] {
            g.cand[c] = 1 << 3 | 1 << 7;
        }
        g.cand[12] = 1 << 3 | 1 << 7 | 1 << 9;
        let mut f = Finding::new(true);
        assert!(ur_type1(&g, &mut f));
        assert_eq!(f.eliminations, vec![(12, 3), (12, 7)]);
        assert!(
            f.text
                .starts_with("Unique rectangle type 1: r1c1, r1c4, r2c1, r2c4")
        );
    }

    #[test]
    fn type4_removes_the_other_digit_from_the_roof() {
        // Floor r1c1, r2c1 {3,7}; roof r1c4, r2c4 {3,7,8,9}; 3 in column 4 only on the roof.
        let mut g = grid_with_candidates(&[]);
        for c in [0usize, 9] {
            g.cand[c] = 1 << 3 | 1 << 7;
        }
        for c in [3usize, 12] {
            g.cand[c] = 1 << 3 | 1 << 7 | 1 << 8 | 1 << 9;
        }
        for r in 2..9 {
            g.cand[r * 9 + 3] &= !(1 << 3);
        }
        let mut f = Finding::new(true);
        assert!(!ur_type1(&g, &mut Finding::new(false)));
        assert!(!ur_type2(&g, &mut Finding::new(false)));
        assert!(ur_type4(&g, &mut f));
        assert_eq!(f.eliminations, vec![(3, 7), (12, 7)]);
        assert!(
            f.text
                .starts_with("Unique rectangle type 4: in column 4, 3 can only be in r1c4 or r2c4")
        );
    }

    #[test]
    fn bug_plus_one_places_the_odd_digit() {
        // Everything placed but a rectangle {1,2} whose last corner also holds 3.
        let mut g = grid_with_candidates(&[]);
        for c in 0..81 {
            g.cand[c] = 0;
            g.value[c] = 9;
        }
        for c in [0usize, 3, 9] {
            g.value[c] = 0;
            g.cand[c] = 0b110;
        }
        g.value[12] = 0;
        g.cand[12] = 0b1110;
        let mut f = Finding::new(true);
        assert!(bug_plus_one(&g, &mut f));
        assert_eq!(f.placements, vec![(12, 3)]);
        assert!(f.eliminations.is_empty());
        g.cand[0] = 0b1110;
        assert!(!bug_plus_one(&g, &mut Finding::new(false)));
    }

    #[test]
    fn type2_removes_the_extra_digit_from_common_peers() {
        // r1c1, r2c1 are {3,7}; r1c4, r2c4 are {3,7,9}: 9 leaves column 4 elsewhere (and box 2).
        let mut g = grid_with_candidates(&[]);
        for c in [0usize, 9] {
            g.cand[c] = 1 << 3 | 1 << 7;
        }
        for c in [3usize, 12] {
            g.cand[c] = 1 << 3 | 1 << 7 | 1 << 9;
        }
        let mut f = Finding::new(false);
        assert!(!ur_type1(&g, &mut f));
        assert!(ur_type2(&g, &mut f));
        let expected: Vec<(u8, u8)> = [4u8, 5, 13, 14, 21, 22, 23, 30, 39, 48, 57, 66, 75]
            .into_iter()
            .map(|c| (c, 9))
            .collect();
        assert_eq!(f.eliminations, expected);
    }

    #[test]
    fn type3_extra_digits_form_a_naked_pair_with_a_third_cell() {
        // r1c1, r1c4 {1,2}; r2c1 {1,2,3}, r2c4 {1,2,4}; r2c8 {3,4}: the roof's extras {3,4}
        // and r2c8 lock 3 and 4 in row 2.
        let mut g = grid_with_candidates(&[]);
        g.cand[0] = 0b110;
        g.cand[3] = 0b110;
        g.cand[9] = 0b1110;
        g.cand[12] = 0b10110;
        g.cand[16] = 0b11000;
        let mut f = Finding::new(true);
        assert!(ur_type3(&g, &mut f));
        let expected: Vec<(u8, u8)> = [10u8, 11, 13, 14, 15, 17]
            .iter()
            .flat_map(|&c| [(c, 3), (c, 4)])
            .collect();
        assert_eq!(f.eliminations, expected);
        assert_eq!(f.rating, Some(4.6));
        assert!(f.text.starts_with("Unique rectangle type 3:"), "{}", f.text);
    }

    #[test]
    fn type4_in_the_box_of_the_roof() {
        // r1c1, r1c2 {1,2}; r4c1 {1,2,5}, r4c2 {1,2,6}; in box 4, 1 only in r4c1 and r4c2.
        let mut g = grid_with_candidates(&[]);
        g.cand[0] = 0b110;
        g.cand[1] = 0b110;
        g.cand[27] = 0b100110;
        g.cand[28] = 0b1000110;
        for c in [29usize, 36, 37, 38, 45, 46, 47] {
            g.cand[c] &= !0b10;
        }
        let mut f = Finding::new(true);
        assert!(!ur_type4(&g, &mut Finding::new(false)));
        assert!(ur_type4_box(&g, &mut f));
        assert_eq!(f.eliminations, vec![(27, 2), (28, 2)]);
        assert!(
            f.text.contains("in box 4, 1 can only be in r4c1 or r4c2"),
            "{}",
            f.text
        );
    }

    #[test]
    fn bug_type2_removes_the_extra_digit_seen_by_every_extra_cell() {
        // Two rectangles, {1,2} on r1c1, r1c4, r2c1, r2c4 and {3,4} on r1c7, r1c8, r4c7, r4c8,
        // with 3 added to r1c1 and r1c4: without it, a grave. r1c7 and r1c8 see both and lose 3.
        let mut g = grid_with_candidates(&[]);
        for c in 0..81 {
            g.cand[c] = 0;
            g.value[c] = 9;
        }
        for (c, m) in [
            (0usize, 0b1110u16),
            (3, 0b1110),
            (9, 0b110),
            (12, 0b110),
            (6, 0b11000),
            (7, 0b11000),
            (33, 0b11000),
            (34, 0b11000),
        ] {
            g.value[c] = 0;
            g.cand[c] = m;
        }
        let mut f = Finding::new(true);
        assert!(bug_type2(&g, &mut f));
        assert_eq!(f.eliminations, vec![(6, 3), (7, 3)]);
        assert!(
            f.text.starts_with("Bivalue universal grave type 2:"),
            "{}",
            f.text
        );
    }
}
