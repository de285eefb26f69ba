//! Unique loops ([`LADDER_V2`](crate::generator::ladder_v2) and later): the unique rectangle's argument on a
//! longer loop. Six or eight cells that all hold the pair {a,b}, each next one sharing a row,
//! column or box with the one before, with every unit they touch holding exactly two of them:
//! were they all reduced to {a,b}, a and b could be swapped along the loop, two solutions.
//! Type 1: one cell has other digits too, so it is not a nor b. Type 2: the cells with other
//! digits (two or more) all have the same one more, x, so one of them is x and x leaves every
//! cell seeing them all. Rated as Sukaku Explainer rates them: 4.6 for six cells, 4.7 for eight.

use super::candidates::{
    Bits, Grid, PEER_BITS, UNIT_BITS, bit, box_of, cell_list, cell_name, cells_of, col, digit_set,
    digits_of, row, unit_name,
};
use super::technique::Finding;
use super::uniqueness;

/// Unique loop, type 1 or 2.
pub(crate) fn unique_loop(g: &Grid, f: &mut Finding) -> bool {
    loops(g, f, conclude, 0)
}

/// Unique loop, types 3 and 4: the loop's only two cells with extra digits share a unit. Type 4:
/// a is locked to the two in the unit, so neither is b. Type 3: as at most one of them holds a
/// or b, a and b with k - 2 digits they lack have only k - 1 other places in the unit (a hidden
/// set); or they act as one cell holding one of their extra digits, which forms a naked set
/// with other cells of the unit. Rated as SE does: the loop's rating (4.6 for six cells, 4.7
/// for eight) plus 0.1 per hidden-set digit beyond two or per naked-set cell beyond the two;
/// tried in that order (SE keeps the lowest rated of them).
pub(crate) fn unique_loop_sets(g: &Grid, f: &mut Finding) -> bool {
    loops(g, f, conclude_sets, 1)
}

/// What a loop found lets us conclude (`true` if anything).
type Conclude = fn(&Grid, &mut Finding, u16, &[usize]) -> bool;

/// What the grader remembers of a loop rung's searches: per loop length and pair of digits,
/// cells holding both digits on which a search closes no loop with what it reads of the
/// candidates `cand` (see [`class`]). A search reads only its cells and that much of their
/// candidates (up to where a loop closes), and a loop among fewer cells, with the same
/// classes, is one among more: so the memo stays valid for the cells holding both digits in a
/// later grid when they are among the remembered ones and keep their classes.
pub(crate) struct LoopMemo {
    cand: [u16; 81],
    cells: Vec<Option<Bits>>,
}

impl Default for LoopMemo {
    fn default() -> LoopMemo {
        LoopMemo {
            cand: [0; 81],
            cells: vec![None; 72],
        }
    }
}

impl std::fmt::Debug for LoopMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.cells.iter().filter(|c| c.is_some()).count();
        write!(f, "LoopMemo({n} pairs)")
    }
}

/// The loops the first loop rung's last search closed (pair of digits, cells in order), in the
/// order it closed them, kept when that search found nothing, with the candidates it ran on:
/// the second rung, on the same grid, closes the same loops in the same order.
#[derive(Debug, Default)]
pub(crate) struct Closed {
    cand: Option<[u16; 81]>,
    loops: Vec<(u16, Vec<usize>)>,
}

/// What a search for loops on `pair` reads of the candidates `m` of one of its cells: the
/// cell's extra digits when it has at most one, else only that it has more (a cell with two or
/// more extra digits never has the one same extra digit of type 2, and otherwise counts only
/// as a cell with extra digits).
fn class(m: u16, pair: u16) -> u16 {
    let e = m & !pair;
    if e & e.wrapping_sub(1) == 0 {
        e
    } else {
        u16::MAX
    }
}

/// The pairs of digits in search order.
fn pairs() -> impl Iterator<Item = (u8, u8)> {
    (1..=8u8).flat_map(|a| (a + 1..=9u8).map(move |b| (a, b)))
}

fn loops(g: &Grid, f: &mut Finding, conclude: Conclude, slot: usize) -> bool {
    if slot == 0 {
        f.memo.closed.cand = None;
        f.memo.closed.loops.clear();
    } else if f.memo.closed.cand == Some(g.cand) {
        let closed = std::mem::take(&mut f.memo.closed.loops);
        let found = closed
            .iter()
            .any(|(pair, path)| conclude(g, f, *pair, path));
        f.memo.closed.loops = closed;
        return found;
    }
    let found = search_loops(g, f, conclude, slot);
    if slot == 0 && !found {
        f.memo.closed.cand = Some(g.cand);
    }
    found
}

fn search_loops(g: &Grid, f: &mut Finding, conclude: Conclude, slot: usize) -> bool {
    let digit = f.memo.digits_bits(g);
    // Keep what is still true of this grid (see [`LoopMemo`]).
    let memo = &mut f.memo.loops[slot];
    let changed = (0..81)
        .filter(|&c| memo.cand[c] != g.cand[c])
        .fold(0, |m, c| m | bit(c));
    for (i, (a, b)) in pairs().enumerate() {
        let pair = (1u16 << a) | (1 << b);
        let cells = digit[usize::from(a)] & digit[usize::from(b)];
        // A loop among these cells, with what the search reads of their candidates, would be
        // one among the remembered cells with what it read then: it would have closed then.
        let same =
            cells_of(cells & changed).all(|c| class(memo.cand[c], pair) == class(g.cand[c], pair));
        for k in [i, 36 + i] {
            memo.cells[k] = memo.cells[k]
                .filter(|&old| same && cells & !old == 0)
                .map(|_| cells);
        }
    }
    memo.cand = g.cand;
    for (l, len) in [6usize, 8].into_iter().enumerate() {
        for (i, (a, b)) in pairs().enumerate() {
            let pair = (1u16 << a) | (1 << b);
            // The cells holding both digits.
            let cells = digit[usize::from(a)] & digit[usize::from(b)];
            if (cells.count_ones() as usize) < len || f.memo.loops[slot].cells[36 * l + i].is_some()
            {
                continue;
            }
            let mut path = Vec::with_capacity(len);
            let mut pattern = Pattern {
                pair,
                conclude,
                closed: false,
                keep: slot == 0,
            };
            for s in cells_of(cells) {
                path.clear();
                path.push(s);
                let counts = Counts::default().with(UNITS_OF[s]);
                let extras = Extras::default().with(g.cand[s], pair);
                if extend(g, f, &mut pattern, cells, len, &mut path, counts, extras) {
                    return true;
                }
            }
            if !pattern.closed {
                f.memo.loops[slot].cells[36 * l + i] = Some(cells);
            }
        }
    }
    false
}

/// The loops searched for: their pair of digits, what a loop lets us conclude, whether a
/// loop closed (whatever it concluded), and whether to keep the closed loops in [`Closed`].
struct Pattern {
    pair: u16,
    conclude: Conclude,
    closed: bool,
    keep: bool,
}

/// The units of each cell, as bits 0..27 (rows, columns, boxes).
const UNITS_OF: [u32; 81] = {
    let mut units = [0u32; 81];
    let mut c = 0;
    while c < 81 {
        units[c] = 1 << row(c) | 1 << (9 + col(c)) | 1 << (18 + box_of(c));
        c += 1;
    }
    units
};

/// The units holding one cell of a path, and those holding two (a loop has no more in any
/// unit, and exactly two in each unit it touches).
#[derive(Clone, Copy, Default)]
struct Counts {
    one: u32,
    two: u32,
}

impl Counts {
    /// These counts with one more cell, none of whose `units` holds two cells yet.
    fn with(self, units: u32) -> Counts {
        Counts {
            one: self.one ^ units,
            two: self.two | (self.one & units),
        }
    }
}

/// The cells of a path that have digits besides the pair: how many, the candidates of the
/// first of them, and whether they all have those same candidates.
#[derive(Clone, Copy, Default)]
struct Extras {
    n: usize,
    first: u16,
    same: bool,
}

impl Extras {
    /// These extras with one more cell of the path, whose candidates are `m`.
    fn with(self, m: u16, pair: u16) -> Extras {
        if m == pair {
            self
        } else if self.n == 0 {
            Extras {
                n: 1,
                first: m,
                same: true,
            }
        } else {
            Extras {
                n: self.n + 1,
                first: self.first,
                same: self.same && m == self.first,
            }
        }
    }
}

/// Depth-first search for loops through `path` (starting at its lowest cell); `extras` are
/// those of `path`.
#[allow(clippy::too_many_arguments)]
fn extend(
    g: &Grid,
    f: &mut Finding,
    pattern: &mut Pattern,
    cells: Bits,
    len: usize,
    path: &mut Vec<usize>,
    counts: Counts,
    extras: Extras,
) -> bool {
    let last = path[path.len() - 1];
    let start = path[0];
    let pair = pattern.pair;
    if path.len() == len {
        let closes = PEER_BITS[last] & bit(start) != 0;
        if !closes || counts.one != 0 {
            return false;
        }
        pattern.closed = true;
        if pattern.keep {
            f.memo.closed.loops.push((pair, path.clone()));
        }
        return (pattern.conclude)(g, f, pair, path);
    }
    // Cells after the start only, so each loop is found from its lowest cell; not on the path
    // yet; and the last cell must see the start (a full path that does not close finds
    // nothing).
    let on_path = path.iter().fold(0, |m, &c| m | bit(c));
    let mut next = PEER_BITS[last] & cells & !((bit(start) << 1) - 1) & !on_path;
    if path.len() + 1 == len {
        next &= PEER_BITS[start];
    }
    // The cells still to add, this one included.
    let left = len - path.len();
    for n in cells_of(next) {
        let units = UNITS_OF[n];
        if units & counts.two != 0 {
            continue;
        }
        // Each cell added after this one takes at most three units from one cell of the loop
        // to two, and a full loop leaves no unit with one.
        let more_counts = counts.with(units);
        if more_counts.one.count_ones() as usize > 3 * (left - 1) {
            continue;
        }
        // Extra digits: at most two cells of the loop may have them, or more with one same
        // extra digit (type 2).
        let more = extras.with(g.cand[n], pair);
        if more.n > 2 && ((more.first & !pair).count_ones() != 1 || !more.same) {
            continue;
        }
        path.push(n);
        let found = extend(g, f, pattern, cells, len, path, more_counts, more);
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
        [c, rest @ ..] if !rest.is_empty() => {
            let m = g.cand[*c] & !pair;
            if m.count_ones() != 1 || rest.iter().any(|&e| g.cand[e] & !pair != m) {
                return false;
            }
            let x = m.trailing_zeros() as u8;
            let targets = extra
                .iter()
                .fold(g.digit_bits(x), |t, &e| t & PEER_BITS[e] & !bit(e));
            if targets == 0 {
                return false;
            }
            f.eliminate_all(targets, x);
            f.rating = Some(rating);
            if f.explain {
                f.set_cells(path.iter().copied());
                f.explain_eliminations(format!(
                    "Unique loop type 2: to avoid a deadly loop on {} in {}, one of {} must be {x}",
                    digit_set(pair),
                    cell_list(path.iter().copied()),
                    cell_list(extra.iter().copied())
                ));
            }
            true
        }
        _ => false,
    }
}

fn conclude_sets(g: &Grid, f: &mut Finding, pair: u16, path: &[usize]) -> bool {
    let extra: Vec<usize> = path
        .iter()
        .copied()
        .filter(|&c| g.cand[c] != pair)
        .collect();
    let &[c, e] = extra.as_slice() else {
        return false;
    };
    if PEER_BITS[c] & bit(e) == 0 {
        return false;
    }
    let base = if path.len() == 6 { 4.6 } else { 4.7 };
    let shape = ("Unique loop", base);
    // Type 4 first: SE keeps the lowest rated hint, and type 4 rates the loop's base.
    let ends = bit(c) | bit(e);
    for u in [row(c), 9 + col(c), 18 + box_of(c)] {
        if UNIT_BITS[u] & ends != ends {
            continue;
        }
        for a in digits_of(pair) {
            if g.digit_bits(a) & UNIT_BITS[u] != ends {
                continue;
            }
            // a is in c or e; the other one being b would complete the deadly loop.
            let b = (pair & !(1 << a)).trailing_zeros() as u8;
            f.eliminations.push((c as u8, b));
            f.eliminations.push((e as u8, b));
            f.rating = Some(base);
            if f.explain {
                f.set_cells(path.iter().copied());
                f.explain_eliminations(format!(
                    "Unique loop type 4: in {}, {a} can only be in {} or {}; the other of them being {b} would complete a deadly loop on {} in {}",
                    unit_name(u),
                    cell_name(c),
                    cell_name(e),
                    digit_set(pair),
                    cell_list(path.iter().copied())
                ));
            }
            return true;
        }
    }
    uniqueness::type3_hidden(g, f, shape, path, (c, e), pair)
        || uniqueness::type3(g, f, shape, path, (c, e), pair)
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

    /// An empty grid where 6 and 7 are candidates only on the six-cell loop r4c2, r6c2, r6c5,
    /// r5c5, r5c9, r4c9; r5c5 also holds 1 and r5c9 also holds 2.
    fn loop_with_two_extras() -> Grid {
        let mut g = crate::logic::testutil::grid_with_candidates(&[]);
        let pair = 1u16 << 6 | 1 << 7;
        for m in g.cand.iter_mut() {
            *m &= !pair;
        }
        for c in [28usize, 46, 49, 35] {
            g.cand[c] = pair;
        }
        g.cand[40] = pair | 1 << 1;
        g.cand[44] = pair | 1 << 2;
        g
    }

    #[test]
    fn six_cell_loop_type3_naked_pair() {
        // r5c1 is {1,2}: with whichever of r5c5, r5c9 is not 6 or 7 (it is 1 or 2), a naked
        // pair {1,2} in row 5, so 1 and 2 leave the row's other cells. SE: 4.6 + 0.1.
        let mut g = loop_with_two_extras();
        g.cand[36] = 1 << 1 | 1 << 2;
        // 6 and 7 have other places in row 5, so type 4 does not apply.
        g.cand[38] |= 1 << 6;
        g.cand[39] |= 1 << 7;
        let mut f = Finding::new(true);
        assert!(unique_loop_sets(&g, &mut f));
        let mut expected = Vec::new();
        for c in [37u8, 38, 39, 41, 42, 43] {
            expected.push((c, 1));
            expected.push((c, 2));
        }
        f.eliminations.sort_unstable();
        assert_eq!(f.eliminations, expected);
        assert_eq!(f.rating, Some(4.7));
        assert!(f.text.starts_with("Unique loop type 3:"), "{}", f.text);
        // The loop's type 1 and 2 do not apply (two cells with different extra digits).
        assert!(!unique_loop(&g, &mut Finding::new(false)));
    }

    #[test]
    fn six_cell_loop_type4() {
        // In row 5, 6 is only in r5c5 and r5c9 (r5c3 has 7 but not 6): one of them is 6, and
        // the other being 7 would complete the deadly loop, so 7 leaves both. SE: 4.6.
        let mut g = loop_with_two_extras();
        g.cand[38] |= 1 << 7;
        let mut f = Finding::new(true);
        assert!(unique_loop_sets(&g, &mut f));
        f.eliminations.sort_unstable();
        assert_eq!(f.eliminations, vec![(40, 7), (44, 7)]);
        assert_eq!(f.rating, Some(4.6));
        assert!(f.text.starts_with("Unique loop type 4:"), "{}", f.text);
    }

    #[test]
    fn six_cell_loop_type2_with_three_extra_cells() {
        // r5c5, r5c9 and r4c9 are {1,6,7}: one of them is 1, so 1 leaves the cells seeing all
        // three (r5c7, r5c8). SE: 4.6.
        let mut g = loop_with_two_extras();
        for c in [40usize, 44, 35] {
            g.cand[c] = 1 << 1 | 1 << 6 | 1 << 7;
        }
        let mut f = Finding::new(true);
        assert!(unique_loop(&g, &mut f));
        f.eliminations.sort_unstable();
        assert_eq!(f.eliminations, vec![(42, 1), (43, 1)]);
        assert_eq!(f.rating, Some(4.6));
        assert!(f.text.starts_with("Unique loop type 2:"), "{}", f.text);
    }

    #[test]
    fn six_cell_loop_type3_hidden_triple() {
        // In row 5, besides r5c5 and r5c9 (at most one of which is 6 or 7), 6 is only in r5c1,
        // 7 only in r5c2 and 3 only in those two: {3,6,7} fill r5c1 and r5c2, which lose their
        // other digits. SE: 4.6 + 0.1.
        let mut g = loop_with_two_extras();
        g.cand[36] |= 1 << 6;
        g.cand[37] |= 1 << 7;
        for c in [38usize, 39, 41, 42, 43] {
            g.cand[c] &= !(1 << 3);
        }
        let mut f = Finding::new(true);
        assert!(unique_loop_sets(&g, &mut f));
        let mut expected = Vec::new();
        for c in [36u8, 37] {
            for d in [1, 2, 4, 5, 8, 9] {
                expected.push((c, d));
            }
        }
        f.eliminations.sort_unstable();
        assert_eq!(f.eliminations, expected);
        assert_eq!(f.rating, Some(4.7));
        assert!(
            f.text.starts_with("Unique loop type 3 (hidden set):"),
            "{}",
            f.text
        );
    }
}
