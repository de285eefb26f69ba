//! Sukaku Explainer's "direct" techniques (`LADDER_V3` only, EASY): a pointing, a claiming or
//! a hidden pair or triple used only for the hidden single it leaves behind. The step places
//! that single and nothing else (the eliminations that justify it are not applied, as in SE),
//! so each rates below the full technique: direct pointing 1.7, direct claiming 1.9, direct
//! hidden pair 2.0, direct hidden triple 2.5.
//!
//! What counts and which instance comes first follow SE's definitions:
//! - Pointing: a digit with two or more places in a box, all on one line; another box crossing
//!   that line then keeps the digit in exactly one cell off the line (it had two or more). Boxes
//!   against columns are tried before boxes against rows; then by digit, box, line, other box.
//! - Claiming: the same from a line into a box, leaving a single in another line crossing the
//!   box (columns before rows).
//! - Hidden pair (triple): in one unit with more empty cells than the set, two (three) digits
//!   with at least two places each confined to the same two (three) cells; another digit of
//!   the unit with two or more places keeps exactly one outside them. Units are tried boxes,
//!   then columns, then rows; digit sets in increasing order of their bit masks.

use super::candidates::{Bits, Grid, UNIT_BITS, UNITS, cell_list, cell_name, cells_of, unit_name};
use super::technique::{DigitRung, Finding};
use crate::band_solver::POPCOUNT9;

/// Direct pointing (SE 1.7).
pub(crate) fn direct_pointing(g: &Grid, f: &mut Finding) -> bool {
    let places = Places::cached(g, &mut f.memo.places);
    let keys = places.keys();
    // Boxes against columns, then against rows (SE's order).
    for (k, kind) in [Line::Column, Line::Row].into_iter().enumerate() {
        let rung = DigitRung::DirectPointing(k);
        for d in 1..=9u8 {
            // The search on `d` reads nothing but the digit's places, so when it found nothing
            // on these places before it finds nothing again; skipping it keeps the first
            // instance.
            let key = keys[usize::from(d)];
            if f.memo.found_nothing(rung, d, key) {
                continue;
            }
            for b in 0..9 {
                // The box's row or column (k = 0..3 inside the box) holding its two or more
                // places of `d`.
                let Some(k) = kind.confined_in_box(places.of_digit(BOX + b, d)) else {
                    continue;
                };
                let line = kind.box_line(b, k);
                // The other boxes along that line, in increasing order.
                for other in kind.boxes_along(b).filter(|&o| o != b) {
                    let at = places.of_digit(BOX + other, d);
                    let off = at & !kind.in_box(k);
                    if several(at) && one(off) {
                        let cell = UNITS[BOX + other][off.trailing_zeros() as usize];
                        return report_locked(f, d, [BOX + b, line, BOX + other], cell, "pointing");
                    }
                }
            }
            f.memo.record(rung, d, key, false);
        }
    }
    false
}

/// Direct claiming (SE 1.9).
pub(crate) fn direct_claiming(g: &Grid, f: &mut Finding) -> bool {
    let places = Places::cached(g, &mut f.memo.places);
    let keys = places.keys();
    for (k, kind) in [Line::Column, Line::Row].into_iter().enumerate() {
        let rung = DigitRung::DirectClaiming(k);
        for d in 1..=9u8 {
            // As in direct pointing: the search on `d` reads nothing but the digit's places.
            let key = keys[usize::from(d)];
            if f.memo.found_nothing(rung, d, key) {
                continue;
            }
            for i in 0..9 {
                let home = kind.unit(i);
                // The box (k = 0..3 along the line) holding its two or more places of `d`.
                let Some(k) = confined(&IN_THIRD, places.of_digit(home, d)) else {
                    continue;
                };
                let the_box = kind.box_across(i, k);
                // The other lines of the same kind through that box, in increasing order.
                for other in (i / 3 * 3..i / 3 * 3 + 3).filter(|&o| o != i) {
                    let at = places.of_digit(kind.unit(other), d);
                    let off = at & !THIRD[k];
                    if several(at) && one(off) {
                        let cell = UNITS[kind.unit(other)][off.trailing_zeros() as usize];
                        let units = [home, BOX + the_box, kind.unit(other)];
                        return report_locked(f, d, units, cell, "claiming");
                    }
                }
            }
            f.memo.record(rung, d, key, false);
        }
    }
    false
}

/// Direct hidden pair (SE 2.0).
pub(crate) fn direct_hidden_pair(g: &Grid, f: &mut Finding) -> bool {
    direct_hidden(g, f, 2, "Direct hidden pair")
}

/// Direct hidden triple (SE 2.5).
pub(crate) fn direct_hidden_triple(g: &Grid, f: &mut Finding) -> bool {
    direct_hidden(g, f, 3, "Direct hidden triple")
}

/// The number of places in a 9-bit position mask.
fn count(m: u16) -> u32 {
    // A table: baseline x86-64 has no popcnt instruction, and `count_ones` is a dozen there.
    u32::from(POPCOUNT9[usize::from(m & 0x1FF)])
}

/// True if the mask has two bits or more.
fn several(m: u16) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// True if the mask has exactly one bit.
fn one(m: u16) -> bool {
    m != 0 && !several(m)
}

/// The first unit of each kind in [`UNITS`]: rows 0..9, columns 9..18, boxes 18..27.
const COLUMN: usize = 9;
const BOX: usize = 18;

/// Positions 3k..3k+3 of a unit (bit i = the unit's i-th cell): a row's or column's stretch in
/// its k-th box, or a box's k-th row.
const THIRD: [u16; 3] = [0o7, 0o70, 0o700];

/// For every 9-bit position mask with two bits or more, the k (0..3) whose third (positions
/// 3k..3k+3) holds them all, else 3.
const IN_THIRD: [u8; 512] = confinement_table(THIRD);

/// The same for a box's columns (positions k, k + 3, k + 6).
const IN_BOX_COLUMN: [u8; 512] = confinement_table([0o111, 0o222, 0o444]);

const fn confinement_table(parts: [u16; 3]) -> [u8; 512] {
    let mut t = [3u8; 512];
    let mut m = 0;
    while m < 512 {
        if (m as u16).count_ones() >= 2 {
            let mut k = 0;
            while k < 3 {
                if m as u16 & !parts[k] == 0 {
                    t[m] = k as u8;
                }
                k += 1;
            }
        }
        m += 1;
    }
    t
}

/// The part of `table` holding every position of `m` (two or more), if one does.
fn confined(table: &[u8; 512], m: u16) -> Option<usize> {
    let k = usize::from(table[usize::from(m & 0x1FF)]);
    (k < 3).then_some(k)
}

/// Each cell's three units and its position in each (`UNITS[u][i] == c`).
const CELL_AT: [[(usize, usize); 3]; 81] = {
    let mut t = [[(0, 0); 3]; 81];
    let mut u = 0;
    while u < 27 {
        let mut i = 0;
        while i < 9 {
            let c = UNITS[u][i] as usize;
            t[c][u / 9] = (u, i);
            i += 1;
        }
        u += 1;
    }
    t
};

/// Every digit's places in every unit, as 9-bit position masks (bit i = `UNITS[u][i]`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Places([[u16; 10]; 27]);

impl Places {
    /// The places on `g`, from `memo` when it holds them for the same candidates (the four
    /// direct rungs run one after the other on the same grid), or for candidates that differ in
    /// a few cells (the grid of the previous step).
    fn cached(g: &Grid, memo: &mut Option<([u16; 81], Places)>) -> Places {
        match memo {
            Some((cand, places)) if *cand == g.cand => *places,
            Some((cand, places)) => {
                // Brought up to date cell by cell: the same masks as `Places::of(g)`.
                for (c, (old, &new)) in cand.iter_mut().zip(&g.cand).enumerate() {
                    if *old != new {
                        places.toggle(c, *old ^ new);
                        *old = new;
                    }
                }
                *places
            }
            None => {
                let places = Places::of(g);
                *memo = Some((g.cand, places));
                places
            }
        }
    }

    /// Toggles the places of cell `c` for the digits of `digits`.
    fn toggle(&mut self, c: usize, digits: u16) {
        let [(u0, i0), (u1, i1), (u2, i2)] = CELL_AT[c];
        let mut m = digits;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            self.0[u0][d] ^= 1 << i0;
            self.0[u1][d] ^= 1 << i1;
            self.0[u2][d] ^= 1 << i2;
            m &= m - 1;
        }
    }

    fn of(g: &Grid) -> Places {
        let mut p = Places([[0u16; 10]; 27]);
        for (c, &cand) in g.cand.iter().enumerate() {
            p.toggle(c, cand);
        }
        p
    }

    /// Each digit's places in the nine boxes in one number (bit 9b + i = box b's i-th cell): a
    /// digit's places in every unit follow from them, so they key the per-digit memo.
    fn keys(&self) -> [Bits; 10] {
        let mut keys = [0; 10];
        for (b, at) in self.0[BOX..].iter().enumerate() {
            for (key, &m) in keys.iter_mut().zip(at) {
                *key |= Bits::from(m) << (9 * b);
            }
        }
        keys
    }

    /// Each digit's cells, as [`Grid::digits_bits`] gives them: a row's places are its cells
    /// in column order.
    pub(super) fn digits_bits(&self) -> [Bits; 10] {
        let mut digits = [0; 10];
        for (r, at) in self.0[..COLUMN].iter().enumerate() {
            for (cells, &m) in digits.iter_mut().zip(at) {
                *cells |= Bits::from(m) << (9 * r);
            }
        }
        digits
    }

    fn of_digit(&self, u: usize, d: u8) -> u16 {
        self.0[u][d as usize]
    }
}

/// Rows or columns.
#[derive(Clone, Copy)]
enum Line {
    Row,
    Column,
}

impl Line {
    /// The `i`-th line of this kind, as a unit index.
    fn unit(self, i: usize) -> usize {
        match self {
            Line::Row => i,
            Line::Column => COLUMN + i,
        }
    }

    /// The row or column (k) of a box holding all of `m`'s two or more box positions.
    fn confined_in_box(self, m: u16) -> Option<usize> {
        match self {
            Line::Row => confined(&IN_THIRD, m),
            Line::Column => confined(&IN_BOX_COLUMN, m),
        }
    }

    /// A box's k-th row or column, as box positions.
    fn in_box(self, k: usize) -> u16 {
        match self {
            Line::Row => THIRD[k],
            Line::Column => 0o111 << k,
        }
    }

    /// The unit of box `b`'s k-th row or column.
    fn box_line(self, b: usize, k: usize) -> usize {
        match self {
            Line::Row => b / 3 * 3 + k,
            Line::Column => COLUMN + b % 3 * 3 + k,
        }
    }

    /// The boxes sharing box `b`'s rows (or columns), in increasing order, `b` included.
    fn boxes_along(self, b: usize) -> impl Iterator<Item = usize> {
        (0..3).map(move |k| match self {
            Line::Row => b / 3 * 3 + k,
            Line::Column => k * 3 + b % 3,
        })
    }

    /// The box that line `i`'s k-th stretch of three cells lies in.
    fn box_across(self, i: usize, k: usize) -> usize {
        match self {
            Line::Row => i / 3 * 3 + k,
            Line::Column => k * 3 + i / 3,
        }
    }
}

/// Records a direct pointing or claiming: the digit confined inside `units[0]` to `units[1]`
/// leaves `cell` as its one place in `units[2]`.
fn report_locked(f: &mut Finding, d: u8, units: [usize; 3], cell: u8, kind: &str) -> bool {
    f.placements.push((cell, d));
    if f.explain {
        let [home, confined_to, other] = units;
        let pattern = cells_of(UNIT_BITS[home] & UNIT_BITS[confined_to]);
        f.set_cells(pattern.chain([usize::from(cell)]));
        f.text = format!(
            "Direct {kind}: within {}, {d} can only be in {}, so in {} it can only go in {}",
            unit_name(home),
            unit_name(confined_to),
            unit_name(other),
            cell_name(usize::from(cell))
        );
    }
    true
}

/// Units in SE's order for hidden sets: boxes, columns, rows.
const HIDDEN_UNIT_ORDER: [usize; 27] = {
    let mut o = [0usize; 27];
    let mut i = 0;
    while i < 27 {
        o[i] = if i < 9 {
            18 + i
        } else if i < 18 {
            i
        } else {
            i - 18
        };
        i += 1;
    }
    o
};

fn direct_hidden(g: &Grid, f: &mut Finding, k: u32, name: &str) -> bool {
    let places = Places::cached(g, &mut f.memo.places);
    let slot = k as usize - 2;
    for &u in &HIDDEN_UNIT_ORDER {
        let at = &places.0[u];
        // The search in `u` reads nothing but the unit's places `at`, so when it found nothing
        // on these places before it finds nothing again; skipping it keeps the first instance.
        if f.memo.hidden[slot][u] == Some(*at) {
            continue;
        }
        if hidden_in(f, u, at, k, name) {
            return true;
        }
        f.memo.hidden[slot][u] = Some(*at);
    }
    false
}

/// The direct hidden set of `k` digits in unit `u`, whose places are `at`.
fn hidden_in(f: &mut Finding, u: usize, at: &[u16; 10], k: u32, name: &str) -> bool {
    let empties = count(at.iter().fold(0, |acc, &p| acc | p));
    if empties <= k {
        return false;
    }
    // Digits that may belong to a set (two to k places), as bit d - 1.
    let mut usable = 0u16;
    for (i, &p) in at[1..].iter().enumerate() {
        if several(p) && count(p) <= k {
            usable |= 1 << i;
        }
    }
    if count(usable) < k {
        return false;
    }
    // Sets of k usable digits in increasing order of their masks (SE's order): the
    // submasks of `usable`, ascending.
    let mut set = 0u16;
    loop {
        set = set.wrapping_sub(usable) & usable;
        if set == 0 {
            break;
        }
        if count(set) != k {
            continue;
        }
        let cells = positions(set).fold(0u16, |acc, i| acc | at[i + 1]);
        if count(cells) != k {
            continue;
        }
        let single = at[1..].iter().enumerate().find_map(|(i, &p)| {
            let off = p & !cells;
            (set & 1 << i == 0 && several(p) && one(off))
                .then(|| (i as u8 + 1, UNITS[u][off.trailing_zeros() as usize]))
        });
        if let Some((d, cell)) = single {
            f.placements.push((cell, d));
            if f.explain {
                let set_cells: Vec<usize> =
                    positions(cells).map(|i| usize::from(UNITS[u][i])).collect();
                let digits: Vec<String> = positions(set).map(|i| (i + 1).to_string()).collect();
                f.set_cells(set_cells.iter().copied().chain([usize::from(cell)]));
                f.text = format!(
                    "{name}: in {}, {} can only be in {}, so {d} can only go in {}",
                    unit_name(u),
                    digits.join(" and "),
                    cell_list(set_cells),
                    cell_name(usize::from(cell))
                );
            }
            return true;
        }
    }
    false
}

/// The bit positions of a 9-bit mask, in increasing order.
fn positions(mut m: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testutil::{HARD_PUZZLES, brute_solutions, grid_of, parse, random_puzzle};
    use crate::logic::{intersections, singles, subsets};

    type Find = fn(&Grid, &mut Finding) -> bool;

    #[test]
    fn unit_order_is_boxes_columns_rows() {
        assert_eq!(&HIDDEN_UNIT_ORDER[..3], &[18, 19, 20]);
        assert_eq!(&HIDDEN_UNIT_ORDER[9..12], &[9, 10, 11]);
        assert_eq!(&HIDDEN_UNIT_ORDER[18..21], &[0, 1, 2]);
    }

    #[test]
    fn places_give_the_grids_cells_per_digit_and_follow_changes() {
        let mut memo = None;
        for seed in 0..8 {
            let mut g = Grid::new(&random_puzzle(seed)).unwrap();
            // Some eliminations too, so that places are not only what the givens leave.
            for c in (0..81).step_by(7) {
                g.eliminate(c, (c % 9 + 1) as u8);
            }
            assert_eq!(Places::of(&g).digits_bits(), g.digits_bits());
            // Brought up to date from the previous seed's grid, as from scratch.
            assert_eq!(Places::cached(&g, &mut memo).0, Places::of(&g).0);
        }
    }

    #[test]
    fn direct_pointing_on_a_constructed_position() {
        // Box 1 holds 3 only in row 1 (its rows 2 and 3 are full). Box 2 holds 3 in r1c5 and
        // r2c5 only (r3c5 is full, columns 4 and 6 have a 3), so without row 1 it keeps
        // r2c5. Neither r2c5 nor any other 3 is a hidden single before that.
        let g = grid_of(
            "000000000\
             124000000\
             567080000\
             000300000\
             000000000\
             000000000\
             000003000\
             000000000\
             000000000",
        );
        let mut f = Finding::new(true);
        assert!(direct_pointing(&g, &mut f));
        assert_eq!(f.placements, vec![(13, 3)]);
        assert!(f.eliminations.is_empty());
        assert_eq!(
            f.text,
            "Direct pointing: within box 1, 3 can only be in row 1, so in box 2 it can only go in r2c5"
        );
        let mut h = Finding::new(false);
        singles::hidden_single(&g, &mut h);
        assert!(
            h.placements.iter().all(|&(_, d)| d != 3),
            "{:?}",
            h.placements
        );
    }

    /// Every direct placement by the definitions, written plainly: (cell, digit) pairs.
    fn reference(g: &Grid, kind: usize) -> Vec<(u8, u8)> {
        let places = |d: u8, u: usize| -> Vec<usize> {
            UNITS[u]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| g.cand[c] & 1 << d != 0)
                .collect()
        };
        let crosses = |a: usize, b: usize| UNITS[a].iter().any(|c| UNITS[b].contains(c));
        let mut out = Vec::new();
        match kind {
            0 | 1 => {
                // 0: box into line, single in another box; 1: line into box, single in another
                // line of the same kind.
                for d in 1..=9u8 {
                    for home in 0..27 {
                        let is_box = home >= 18;
                        if is_box != (kind == 0) {
                            continue;
                        }
                        let inside = places(d, home);
                        if inside.len() < 2 {
                            continue;
                        }
                        for (to, to_cells) in UNITS.iter().enumerate() {
                            if (to >= 18) == is_box
                                || !inside.iter().all(|c| to_cells.contains(&(*c as u8)))
                            {
                                continue;
                            }
                            for other in 0..27 {
                                let same_kind = if is_box {
                                    other >= 18
                                } else {
                                    (other < 9) == (home < 9) && other < 18
                                };
                                if !same_kind || other == home || !crosses(other, to) {
                                    continue;
                                }
                                let p = places(d, other);
                                let off: Vec<usize> = p
                                    .iter()
                                    .copied()
                                    .filter(|c| !to_cells.contains(&(*c as u8)))
                                    .collect();
                                if p.len() > 1 && off.len() == 1 {
                                    out.push((off[0] as u8, d));
                                }
                            }
                        }
                    }
                }
            }
            _ => {
                let k = kind; // 2 or 3
                for (u, cells_of_u) in UNITS.iter().enumerate() {
                    let empties = cells_of_u
                        .iter()
                        .filter(|&&c| g.cand[c as usize] != 0)
                        .count();
                    if empties <= k {
                        continue;
                    }
                    for set in 0u16..512 {
                        if set.count_ones() as usize != k {
                            continue;
                        }
                        let digits: Vec<u8> = (1..=9).filter(|d| set & 1 << (d - 1) != 0).collect();
                        if digits.iter().any(|&d| places(d, u).len() < 2) {
                            continue;
                        }
                        let mut cells: Vec<usize> =
                            digits.iter().flat_map(|&d| places(d, u)).collect();
                        cells.sort();
                        cells.dedup();
                        if cells.len() != k {
                            continue;
                        }
                        for d in (1..=9u8).filter(|d| !digits.contains(d)) {
                            let p = places(d, u);
                            let off: Vec<usize> =
                                p.iter().copied().filter(|c| !cells.contains(c)).collect();
                            if p.len() > 1 && off.len() == 1 {
                                out.push((off[0] as u8, d));
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// On positions met while solving random and hard puzzles with plain techniques, each
    /// direct rung finds something exactly when the plain definition allows a placement, its
    /// placement is one of those, and it is the solution's digit.
    #[test]
    fn direct_rungs_match_their_definitions_and_are_sound() {
        let rungs: [Find; 4] = [
            direct_pointing,
            direct_claiming,
            direct_hidden_pair,
            direct_hidden_triple,
        ];
        let plain: [Find; 6] = [
            singles::hidden_single,
            singles::naked_single,
            intersections::pointing,
            intersections::claiming,
            subsets::hidden_pair,
            subsets::naked_pair,
        ];
        let mut puzzles: Vec<[u8; 81]> = HARD_PUZZLES.iter().map(|p| parse(p)).collect();
        puzzles.extend((0..30).map(random_puzzle));
        let mut seen = [0u32; 4];
        let mut positions = 0;
        for givens in puzzles {
            let sol = brute_solutions(&givens, 1)[0];
            let mut g = Grid::new(&givens).unwrap();
            loop {
                positions += 1;
                for (kind, find) in rungs.iter().enumerate() {
                    let want = reference(&g, kind);
                    let mut f = Finding::new(false);
                    let found = find(&g, &mut f);
                    assert_eq!(found, !want.is_empty(), "rung {kind}: {want:?}");
                    if found {
                        seen[kind] += 1;
                        assert_eq!(f.placements.len(), 1);
                        assert!(f.eliminations.is_empty());
                        let (c, d) = f.placements[0];
                        assert!(want.contains(&(c, d)), "rung {kind}");
                        assert_eq!(sol[c as usize], d, "rung {kind}");
                        let mut e = Finding::new(true);
                        assert!(find(&g, &mut e));
                        assert_eq!(e.placements, f.placements);
                        assert!(e.text.contains(&cell_name(c as usize)), "{}", e.text);
                        assert!(e.cells.contains(&c));
                    }
                }
                let mut f = Finding::new(false);
                if !plain.iter().any(|find| {
                    f.clear();
                    find(&g, &mut f)
                }) {
                    break;
                }
                for &(c, d) in &f.placements {
                    g.place(c as usize, d);
                }
                for &(c, d) in &f.eliminations {
                    g.eliminate(c as usize, d);
                }
            }
        }
        assert!(
            seen.iter().all(|&n| n > 0),
            "{seen:?} in {positions} positions"
        );
    }
}
