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

use super::candidates::{Bits, Grid, UNIT_BITS, UNITS, bit, cell_name, cells_of, unit_name};
use super::technique::Finding;

/// Direct pointing (SE 1.7).
pub(crate) fn direct_pointing(g: &Grid, f: &mut Finding) -> bool {
    let digits = digit_boards(g);
    // Boxes against columns, then against rows (SE's order).
    for lines in [COLUMNS, ROWS] {
        for d in 1..=9u8 {
            let db = digits[d as usize];
            for home in BOXES {
                if let Some(hit) = locked(db, home, lines.clone(), BOXES) {
                    return report_locked(f, d, home, hit, "Direct pointing");
                }
            }
        }
    }
    false
}

/// Direct claiming (SE 1.9).
pub(crate) fn direct_claiming(g: &Grid, f: &mut Finding) -> bool {
    let digits = digit_boards(g);
    for lines in [COLUMNS, ROWS] {
        for d in 1..=9u8 {
            let db = digits[d as usize];
            for home in lines.clone() {
                if let Some(hit) = locked(db, home, BOXES, lines.clone()) {
                    return report_locked(f, d, home, hit, "Direct claiming");
                }
            }
        }
    }
    false
}

/// Direct hidden pair (SE 2.0).
pub(crate) fn direct_hidden_pair(g: &Grid, f: &mut Finding) -> bool {
    direct_hidden(g, f, &PAIRS, "Direct hidden pair")
}

/// Direct hidden triple (SE 2.5).
pub(crate) fn direct_hidden_triple(g: &Grid, f: &mut Finding) -> bool {
    direct_hidden(g, f, &TRIPLES, "Direct hidden triple")
}

/// Unit indices (into [`UNITS`]) by kind.
const ROWS: std::ops::Range<usize> = 0..9;
const COLUMNS: std::ops::Range<usize> = 9..18;
const BOXES: std::ops::Range<usize> = 18..27;

/// Where a locked digit leaves a hidden single.
struct Locked {
    /// The unit the digit is confined to.
    confined_to: usize,
    /// The unit (of the home's kind) where the single appears.
    other: usize,
    /// The single's cell.
    cell: usize,
}

/// The first hidden single left by confining digit board `db` inside unit `home` to a crossing
/// unit of kind `targets`, in a unit of kind `others` crossing that one.
fn locked(
    db: Bits,
    home: usize,
    targets: std::ops::Range<usize>,
    others: std::ops::Range<usize>,
) -> Option<Locked> {
    let inside = db & UNIT_BITS[home];
    if inside.count_ones() < 2 {
        return None;
    }
    let confined_to = targets.clone().find(|&u| inside & !UNIT_BITS[u] == 0)?;
    let line = UNIT_BITS[confined_to];
    others
        .filter(|&o| o != home && UNIT_BITS[o] & line != 0)
        .find_map(|other| {
            let places = db & UNIT_BITS[other];
            let off = places & !line;
            (places.count_ones() > 1 && off.count_ones() == 1).then(|| Locked {
                confined_to,
                other,
                cell: off.trailing_zeros() as usize,
            })
        })
}

fn report_locked(f: &mut Finding, d: u8, home: usize, hit: Locked, name: &str) -> bool {
    f.placements.push((hit.cell as u8, d));
    if f.explain {
        let pattern = cells_of(UNIT_BITS[home] & UNIT_BITS[hit.confined_to]);
        f.set_cells(pattern.chain([hit.cell]));
        f.text = format!(
            "{name}: within {}, {d} can only be in {}, so in {} it can only go in {}",
            unit_name(home),
            unit_name(hit.confined_to),
            unit_name(hit.other),
            cell_name(hit.cell)
        );
    }
    true
}

/// The board of every digit's candidate cells (index 0 unused).
fn digit_boards(g: &Grid) -> [Bits; 10] {
    let mut boards = [0 as Bits; 10];
    for (c, &m) in g.cand.iter().enumerate() {
        let mut m = m;
        while m != 0 {
            boards[m.trailing_zeros() as usize] |= bit(c);
            m &= m - 1;
        }
    }
    boards
}

/// The digit sets of `k` digits as 9-bit masks (bit i = digit i + 1), in increasing order.
const fn subsets<const N: usize>(k: u32) -> [u16; N] {
    let mut out = [0u16; N];
    let mut n = 0;
    let mut m = 0u16;
    while m < 512 {
        if m.count_ones() == k {
            out[n] = m;
            n += 1;
        }
        m += 1;
    }
    out
}

const PAIRS: [u16; 36] = subsets(2);
const TRIPLES: [u16; 84] = subsets(3);

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

fn direct_hidden(g: &Grid, f: &mut Finding, sets: &[u16], name: &str) -> bool {
    let k = sets[0].count_ones();
    for &u in &HIDDEN_UNIT_ORDER {
        let unit = &UNITS[u];
        // Places of every digit in the unit, as 9-bit position masks (bit i = unit[i]).
        let mut places = [0u16; 9];
        let mut empties = 0;
        for (i, &c) in unit.iter().enumerate() {
            let mut m = g.cand[c as usize];
            empties += u32::from(m != 0);
            while m != 0 {
                places[m.trailing_zeros() as usize - 1] |= 1 << i;
                m &= m - 1;
            }
        }
        if empties <= k {
            continue;
        }
        // Digits that may belong to a set: two to k places.
        let mut usable = 0u16;
        for (i, p) in places.iter().enumerate() {
            if (2..=k).contains(&p.count_ones()) {
                usable |= 1 << i;
            }
        }
        for &set in sets {
            if set & !usable != 0 {
                continue;
            }
            let cells = digit_indices(set).fold(0u16, |acc, i| acc | places[i]);
            if cells.count_ones() != k {
                continue;
            }
            let single = (0..9).filter(|&i| set & 1 << i == 0).find_map(|i| {
                let off = places[i] & !cells;
                (places[i].count_ones() > 1 && off.count_ones() == 1)
                    .then_some((i, off.trailing_zeros() as usize))
            });
            if let Some((i, at)) = single {
                let (d, cell) = (i as u8 + 1, usize::from(unit[at]));
                f.placements.push((cell as u8, d));
                if f.explain {
                    let set_cells: Vec<usize> =
                        digit_indices(cells).map(|j| usize::from(unit[j])).collect();
                    let digits: Vec<String> =
                        digit_indices(set).map(|j| (j + 1).to_string()).collect();
                    f.set_cells(set_cells.iter().copied().chain([cell]));
                    f.text = format!(
                        "{name}: in {}, {} can only be in {}, so {d} can only go in {}",
                        unit_name(u),
                        digits.join(" and "),
                        super::candidates::cell_list(set_cells),
                        cell_name(cell)
                    );
                }
                return true;
            }
        }
    }
    false
}

/// The bit positions of a 9-bit mask, in increasing order.
fn digit_indices(mut m: u16) -> impl Iterator<Item = usize> {
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
    fn unit_and_set_orders_are_ses() {
        assert_eq!(&HIDDEN_UNIT_ORDER[..3], &[18, 19, 20]);
        assert_eq!(&HIDDEN_UNIT_ORDER[9..12], &[9, 10, 11]);
        assert_eq!(&HIDDEN_UNIT_ORDER[18..21], &[0, 1, 2]);
        assert_eq!(PAIRS[..3], [0b011, 0b101, 0b110]);
        assert_eq!(TRIPLES[0], 0b111);
        assert_eq!(*TRIPLES.last().unwrap(), 0b111 << 6);
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
