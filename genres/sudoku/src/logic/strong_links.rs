//! Single-digit chains of strong links rated the way Sukaku Explainer (SE) rates them
//! ([`LADDER_V2`](crate::generator::ladder_v2) and later). A strong link is a unit where the digit has exactly
//! two places; consecutive strong links are joined by a weak link (two places that see each
//! other). With `k` strong links from cell `a` to cell `z`, one of `a` and `z` holds the digit,
//! so it leaves every cell seeing both.
//! - Two strong links: skyscraper (two parallel lines, SE 4.0), two-string kite (a row and a
//!   column, 4.1), turbot fish (a box is one of them, 4.2).
//! - Empty rectangle (4.3): a box whose places for the digit all lie on one row and one column
//!   of it acts as a strong link between that row and that column.
//! - Three to six strong links: SE's "strong-linked fishes", 5.4, 5.8, 6.2 and 6.6, plus 0.1
//!   when a link is a box and 0.1 when both rows and columns are used. Chains through grouped
//!   nodes (SE's base + 0.3, flat) are the rungs of [`super::grouped`].
//!
//! Each rung collects every chain with its number of strong links and keeps the lowest rated
//! (then the one removing most candidates), as SE does inside one technique.

use super::candidates::{
    Bits, Grid, PEER_BITS, UNIT_BITS, bit, box_of, cell_name, cells_of, col, row,
};
use super::technique::{DigitRung, Finding, Ranked, tenths};

/// SE's base rating of a chain of `k` strong links (index k), k = 2..=6.
const BASE: [f64; 7] = [0.0, 0.0, 4.0, 5.4, 5.8, 6.2, 6.6];

/// The kind of unit of a strong link: row, column or box.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    Row,
    Col,
    Box,
}

/// The rating of a chain of strong links of these kinds.
pub(super) fn rating(kinds: &[Kind]) -> f64 {
    let has = |k: Kind| kinds.contains(&k);
    let boxed = has(Kind::Box);
    let crossed = has(Kind::Row) && has(Kind::Col);
    if kinds.len() == 2 {
        return if boxed {
            4.2
        } else if crossed {
            4.1
        } else {
            4.0
        };
    }
    BASE[kinds.len()] + 0.1 * f64::from(u8::from(boxed)) + 0.1 * f64::from(u8::from(crossed))
}

/// Skyscraper, two-string kite and turbot fish.
pub(crate) fn two_links(g: &Grid, f: &mut Finding) -> bool {
    chains(g, f, 2)
}

/// Three strong-linked fish.
pub(crate) fn three_links(g: &Grid, f: &mut Finding) -> bool {
    chains(g, f, 3)
}

/// Four strong-linked fish.
pub(crate) fn four_links(g: &Grid, f: &mut Finding) -> bool {
    chains(g, f, 4)
}

/// Five strong-linked fish.
pub(crate) fn five_links(g: &Grid, f: &mut Finding) -> bool {
    chains(g, f, 5)
}

/// Six strong-linked fish.
pub(crate) fn six_links(g: &Grid, f: &mut Finding) -> bool {
    chains(g, f, 6)
}

/// The strong links of one digit: for each cell, its partner cell in its row, column and box
/// ([`NONE`] where that unit does not hold the digit exactly twice).
fn strong_links(db: Bits) -> [[u8; 3]; 81] {
    let mut strong = [[NONE; 3]; 81];
    for (u, ub) in UNIT_BITS.iter().enumerate() {
        let m = db & ub;
        if m.count_ones() == 2 {
            let a = m.trailing_zeros() as usize;
            let b = (m & (m - 1)).trailing_zeros() as usize;
            let k = u / 9;
            strong[a][k] = b as u8;
            strong[b][k] = a as u8;
        }
    }
    strong
}

/// No strong link in that kind of unit (a partner cell number is below 81).
const NONE: u8 = u8::MAX;

pub(super) fn kind_of(k: usize) -> Kind {
    match k {
        0 => Kind::Row,
        1 => Kind::Col,
        _ => Kind::Box,
    }
}

/// The best chain found so far: rating, eliminations count, digit, cells, kinds.
#[derive(Clone, Debug)]
struct Best {
    rating: f64,
    removed: u32,
    digit: u8,
    cells: Vec<usize>,
    targets: Bits,
    kinds: Vec<Kind>,
}

impl Ranked for Best {
    fn rank(&self) -> (f64, u32) {
        (self.rating, self.removed)
    }
}

/// The longest chains searched, in strong links.
const MAX_LINKS: usize = 6;

/// One digit's chains, kept in the memo: the digit's cells and, per number of strong links
/// (index k, 2..=6), the best chain on them.
#[derive(Debug)]
pub(super) struct DigitChains {
    cells: Bits,
    best: [Option<Best>; MAX_LINKS + 1],
}

fn chains(g: &Grid, f: &mut Finding, k: usize) -> bool {
    let mut best: Option<Best> = None;
    // The same cells as `g.digits_bits()`, shared with the other rungs reading this grid.
    let digits = f.memo.digits_bits(g);
    for d in 1..=9u8 {
        let db = digits[usize::from(d)];
        // A digit's chains read only its cells.
        if f.memo.found_nothing(DigitRung::Strong(k), d, db) {
            continue;
        }
        // The search for chains of k strong links is the search for the longest ones cut off
        // after k links (breadth first, the states within k links come first and in the same
        // order), so one search on the digit's cells gives the best chain of every length; it
        // is kept while the digit's cells stay the same, for the rungs of the other lengths.
        let slot = &mut f.memo.strong[usize::from(d)];
        if slot.as_ref().is_none_or(|c| c.cells != db) {
            *slot = Some(DigitChains {
                cells: db,
                best: digit_chains(db, d),
            });
        }
        let chain = slot.as_ref().and_then(|c| c.best[k].as_ref());
        let found = chain.is_some();
        // Each digit's best is the first best of its chains in search order, so the first
        // best over the digits in order is the first best of all chains.
        if let Some(c) = chain
            && c.beats(&best)
        {
            best = Some(c.clone());
        }
        f.memo.record(DigitRung::Strong(k), d, db, found);
    }
    let Some(b) = best else {
        return false;
    };
    f.eliminate_all(b.targets, b.digit);
    f.rating = Some(tenths(b.rating));
    if f.explain {
        f.set_cells(b.cells.iter().copied());
        let mut chain = String::new();
        for (i, &c) in b.cells.iter().enumerate() {
            if i > 0 {
                chain.push_str(if i % 2 == 1 { " = " } else { " - " });
            }
            chain.push_str(&cell_name(c));
        }
        let name = chain_name(&b.kinds);
        let (a, z) = (b.cells[0], b.cells[b.cells.len() - 1]);
        f.explain_eliminations(format!(
            "{name} on {}: {chain} (= the only two places in a unit, - see each other): {} or {} is {}",
            b.digit,
            cell_name(a),
            cell_name(z),
            b.digit
        ));
    }
    true
}

/// The best chain of digit `d` with cells `db` for each number of strong links (2..=6), start
/// cells in order.
fn digit_chains(db: Bits, d: u8) -> [Option<Best>; MAX_LINKS + 1] {
    let mut best: [Option<Best>; MAX_LINKS + 1] = Default::default();
    let strong = strong_links(db);
    let mut bfs = Bfs {
        parent: [u8::MAX; 162],
        kind_in: [0; 162],
        links: [0; 162],
        queue: [0; 162],
    };
    for s in cells_of(db) {
        if strong[s] == [NONE; 3] {
            continue;
        }
        search_from(db, &strong, s, d, &mut bfs, &mut best);
    }
    best
}

/// The tables of one breadth-first search, shared by the searches from each start cell (each
/// entry is written when its state is reached, before it is read). State index: cell * 2 + on.
/// Parent state, the kind of the strong link into an on state, the strong links up to a state,
/// and the queue of states.
struct Bfs {
    parent: [u8; 162],
    kind_in: [u8; 162],
    links: [u8; 162],
    queue: [u8; 162],
}

/// The name of a chain of strong links of these kinds.
fn chain_name(kinds: &[Kind]) -> String {
    if kinds.len() == 2 {
        let r = rating(kinds);
        return if r < 4.05 {
            "Skyscraper"
        } else if r < 4.15 {
            "Two-string kite"
        } else {
            "Turbot fish"
        }
        .to_string();
    }
    format!("{}-strong-link chain", kinds.len())
}

/// Breadth-first search over (cell, holds the digit) from "s does not hold d", counting strong
/// links up to [`MAX_LINKS`]; a chain of `k` strong links whose ends both see some place of d
/// is a finding, kept in `best[k]` if better.
fn search_from(
    db: Bits,
    strong: &[[u8; 3]; 81],
    s: usize,
    d: u8,
    bfs: &mut Bfs,
    best: &mut [Option<Best>; MAX_LINKS + 1],
) {
    let Bfs {
        parent,
        kind_in,
        links,
        queue,
    } = bfs;
    let mut seen_on: Bits = 0;
    let mut seen_off: Bits = bit(s);
    let (mut head, mut tail) = (0usize, 1usize);
    queue[0] = (s * 2) as u8;
    links[s * 2] = 0;
    while head < tail {
        let st = queue[head] as usize;
        head += 1;
        let c = st / 2;
        if st % 2 == 1 {
            // States leave the queue in layers (off, on, off, ...) of growing link counts, so
            // after the first on state at the limit come only others at the limit, which lead
            // nowhere.
            if links[st] as usize >= MAX_LINKS {
                break;
            }
            let new = PEER_BITS[c] & db & !seen_off;
            seen_off |= new;
            for u in cells_of(new) {
                parent[u * 2] = st as u8;
                links[u * 2] = links[st];
                queue[tail] = (u * 2) as u8;
                tail += 1;
            }
        } else {
            for (kk, &t) in strong[c].iter().enumerate() {
                let t = usize::from(t);
                if t != usize::from(NONE) && seen_on & bit(t) == 0 {
                    seen_on |= bit(t);
                    let nst = t * 2 + 1;
                    parent[nst] = st as u8;
                    kind_in[nst] = kk as u8;
                    links[nst] = links[st] + 1;
                    queue[tail] = nst as u8;
                    tail += 1;
                    let k = links[nst] as usize;
                    if k < 2 || t == s {
                        continue;
                    }
                    let targets = db & PEER_BITS[s] & PEER_BITS[t];
                    if targets == 0 {
                        continue;
                    }
                    let mut cells = Vec::with_capacity(2 * k);
                    let mut kinds = Vec::with_capacity(k);
                    let mut x = nst;
                    loop {
                        cells.push(x / 2);
                        if x % 2 == 1 {
                            kinds.push(kind_of(kind_in[x] as usize));
                        }
                        if x == s * 2 {
                            break;
                        }
                        x = parent[x] as usize;
                    }
                    cells.reverse();
                    kinds.reverse();
                    let chain = Best {
                        rating: rating(&kinds),
                        removed: targets.count_ones(),
                        digit: d,
                        cells,
                        targets,
                        kinds,
                    };
                    if chain.beats(&best[k]) {
                        best[k] = Some(chain);
                    }
                }
            }
        }
    }
}

/// Empty rectangle (SE 4.3): the digit's places in a box lie on one row and one column of it,
/// and a strong link on a line crossing that row (or column) outside the box ends on a line
/// where the box's column (or row) then has no place: the digit leaves that crossing cell.
pub(crate) fn empty_rectangle(g: &Grid, f: &mut Finding) -> bool {
    let digits = f.memo.digits_bits(g);
    for d in 1..=9u8 {
        let db = digits[usize::from(d)];
        // The search on `d` reads nothing but the digit's cells `db`, so when it found nothing
        // on these cells before it finds nothing again; skipping it keeps the first instance.
        if f.memo.found_nothing(DigitRung::EmptyRectangle, d, db) {
            continue;
        }
        let found = empty_rectangle_on(f, d, db);
        f.memo.record(DigitRung::EmptyRectangle, d, db, found);
        if found {
            return true;
        }
    }
    false
}

/// The empty rectangles of digit `d` with cells `db`, boxes in order.
fn empty_rectangle_on(f: &mut Finding, d: u8, db: Bits) -> bool {
    // The rows (bit i = row i) and the columns with exactly two places: the strong links.
    let mut links = [0u16; 2];
    for (line, &line_bits) in UNIT_BITS[..18].iter().enumerate() {
        let m = db & line_bits;
        let rest = m & m.wrapping_sub(1);
        if rest != 0 && rest & (rest - 1) == 0 {
            links[line / 9] |= 1 << (line % 9);
        }
    }
    for bx in 0..9usize {
        let inbox = db & UNIT_BITS[18 + bx];
        // Fewer than two places.
        if inbox & inbox.wrapping_sub(1) == 0 {
            continue;
        }
        let (r0, c0) = ((bx / 3) * 3, (bx % 3) * 3);
        for (r, &row_bits) in UNIT_BITS.iter().enumerate().skip(r0).take(3) {
            for (c, &col_bits) in UNIT_BITS[9..18].iter().enumerate().skip(c0).take(3) {
                let cross = (row_bits | col_bits) & UNIT_BITS[18 + bx];
                // Not all on the row nor all on the column: then it is plain pointing.
                if inbox & !cross != 0 || inbox & !row_bits == 0 || inbox & !col_bits == 0 {
                    continue;
                }
                if er_side(f, d, db, bx, r, c, links[1], true)
                    || er_side(f, d, db, bx, r, c, links[0], false)
                {
                    return true;
                }
            }
        }
    }
    false
}

/// One orientation of the empty rectangle: a strong link on a column (`by_cols`) or row, among
/// the `links` (the columns or rows with exactly two places).
#[allow(clippy::too_many_arguments)]
fn er_side(
    f: &mut Finding,
    d: u8,
    db: Bits,
    bx: usize,
    r: usize,
    c: usize,
    links: u16,
    by_cols: bool,
) -> bool {
    // The strong-link columns outside the box's stack (or rows outside its band), in order.
    let own = if by_cols { c / 3 } else { r / 3 };
    let mut lines = links & !(0o7 << (3 * own));
    while lines != 0 {
        let line = lines.trailing_zeros() as usize;
        lines &= lines - 1;
        let unit = if by_cols { 9 + line } else { line };
        let m = db & UNIT_BITS[unit];
        for (x, y) in [
            (
                m.trailing_zeros() as usize,
                (m & (m - 1)).trailing_zeros() as usize,
            ),
            (
                (m & (m - 1)).trailing_zeros() as usize,
                m.trailing_zeros() as usize,
            ),
        ] {
            // x lies on the box's row (or column); y's row (column) crosses the box's column
            // (row) outside the box at the target.
            let (on_line, target) = if by_cols {
                (row(x) == r, row(y) * 9 + c)
            } else {
                (col(x) == c, r * 9 + col(y))
            };
            if !on_line || box_of(target) == bx || box_of(y) == bx {
                continue;
            }
            if db & bit(target) == 0 {
                continue;
            }
            f.eliminations.push((target as u8, d));
            if f.explain {
                f.set_cells(cells_of(db & UNIT_BITS[18 + bx]).chain([x, y]));
                let lname = if by_cols {
                    format!("column {}", col(x) + 1)
                } else {
                    format!("row {}", row(x) + 1)
                };
                f.explain_eliminations(format!(
                    "Empty rectangle on {d}: box {} has {d} only on row {} and column {}, and {lname} has it only in {} or {}. If {} were {d}, {} would not be, so {} would be and box {} would have no place left",
                    bx + 1,
                    r + 1,
                    c + 1,
                    cell_name(x),
                    cell_name(y),
                    cell_name(target),
                    cell_name(y),
                    cell_name(x),
                    bx + 1
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

    /// An open grid where `d` keeps only `keep` places in each of the given columns.
    fn columns(d: u8, cols: &[(usize, &[usize])]) -> Grid {
        let mut g = grid_with_candidates(&[]);
        for &(c, keep) in cols {
            for r in 0..9usize {
                if !keep.contains(&r) {
                    g.cand[r * 9 + c] &= !(1 << d);
                }
            }
        }
        g
    }

    #[test]
    fn skyscraper_on_two_columns() {
        // 5 in column 1 only at r1 and r9, in column 5 only at r3 and r9.
        let g = columns(5, &[(0, &[0, 8]), (4, &[2, 8])]);
        let mut f = Finding::new(true);
        assert!(two_links(&g, &mut f));
        assert_eq!(f.eliminations, vec![(3, 5), (5, 5), (19, 5), (20, 5)]);
        assert_eq!(f.rating, Some(4.0));
        assert!(
            f.text
                .starts_with("Skyscraper on 5: r1c1 = r9c1 - r9c5 = r3c5"),
            "{}",
            f.text
        );
    }

    #[test]
    fn three_strong_links_on_columns() {
        // 5 in column 1 only at r1, r5; column 5 only at r5, r8; column 9 only at r2, r8:
        // r1c1 = r5c1 - r5c5 = r8c5 - r8c9 = r2c9, and no two of the links suffice.
        let g = columns(5, &[(0, &[0, 4]), (4, &[4, 7]), (8, &[1, 7])]);
        assert!(!two_links(&g, &mut Finding::new(false)));
        let mut f = Finding::new(true);
        assert!(three_links(&g, &mut f));
        assert_eq!(f.eliminations, vec![(6, 5), (7, 5), (10, 5), (11, 5)]);
        assert_eq!(f.rating, Some(5.4));
        assert!(
            f.text.starts_with("3-strong-link chain on 5:"),
            "{}",
            f.text
        );
    }

    #[test]
    fn empty_rectangle_and_a_column_link() {
        // Box 1 has 5 only on row 2 and column 2; column 7 has it only at r2c7 and r6c7. If
        // r6c2 were 5, r2c7 would be, leaving box 1 no place: r6c2 loses 5.
        let mut g = columns(5, &[(6, &[1, 5])]);
        for c in [0usize, 2, 18, 20] {
            g.cand[c] &= !(1 << 5);
        }
        let mut f = Finding::new(true);
        assert!(empty_rectangle(&g, &mut f));
        assert_eq!(f.eliminations, vec![(46, 5)]);
        assert!(
            f.text
                .starts_with("Empty rectangle on 5: box 1 has 5 only on row 2 and column 2"),
            "{}",
            f.text
        );
    }
}
