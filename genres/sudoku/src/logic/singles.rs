//! Singles (EASY): a digit with one place left in a unit (hidden single) and a cell with one
//! candidate left (naked single). In grading mode every single present is collected at once.

use super::candidates::{Grid, UNITS, cell_name, digits_of, unit_name};
use super::technique::Finding;

/// Hidden single: a digit that has exactly one possible cell in some unit. Boxes are looked at
/// first (the easiest to see), then rows, then columns, each in unit order.
pub(crate) fn hidden_single(g: &Grid, f: &mut Finding) -> bool {
    let mut seen = Seen::default();
    seen.boxes_and_columns(g);
    // Units without a single are skipped by their bit; the others come in increasing order.
    for u in units_of(seen.with_singles(18..27)) {
        if take(g, f, u, seen.singles(u)) {
            return true;
        }
    }
    if f.found() {
        // Singles in boxes are the easiest to see: take them before looking along lines.
        f.rating = Some(1.2);
        return true;
    }
    seen.rows(g);
    // Rows (units 0..9), then columns (9..18).
    for u in units_of(seen.with_singles(0..18)) {
        if take(g, f, u, seen.singles(u)) {
            return true;
        }
    }
    f.found()
}

/// Records the hidden singles `digits` of unit `u`; true when explaining the first one ends
/// the search.
fn take(g: &Grid, f: &mut Finding, u: usize, digits: u16) -> bool {
    let unit = &UNITS[u];
    for d in digits_of(digits) {
        let Some(&c) = unit.iter().find(|&&c| g.cand[c as usize] & (1 << d) != 0) else {
            continue;
        };
        f.placements.push((c, d));
        if f.explain {
            if u >= 18 {
                f.rating = Some(1.2);
            }
            f.set_cells([c as usize]);
            f.text = format!(
                "Hidden single: {d} can only go in {} within {}",
                cell_name(c as usize),
                unit_name(u)
            );
            return true;
        }
    }
    false
}

/// The units of a 27-bit set, in increasing order.
fn units_of(mut set: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let u = set.trailing_zeros() as usize;
            set &= set - 1;
            u
        })
    })
}

/// Per unit (numbered as [`UNITS`]): the digits that are candidates in at least one of its cells
/// (`once`) and in at least two (`twice`), so `once & !twice` are its hidden singles.
#[derive(Default)]
struct Seen {
    once: [u16; 27],
    twice: [u16; 27],
}

impl Seen {
    /// The hidden singles of unit `u`.
    fn singles(&self, u: usize) -> u16 {
        self.once[u] & !self.twice[u]
    }

    /// The units of `range` that have a hidden single, as a set (bit u = unit u).
    fn with_singles(&self, range: std::ops::Range<usize>) -> u32 {
        range.fold(0, |set, u| set | u32::from(self.singles(u) != 0) << u)
    }

    /// Fills boxes and columns from the three bands: a band's rows are folded column by column
    /// (nine lanes at once), then three lanes make a box and the three bands make a column. A
    /// digit is in two cells of a union exactly when it is in two cells of one part or in one
    /// cell of two parts, which is how the parts are joined.
    fn boxes_and_columns(&mut self, g: &Grid) {
        let (mut col_once, mut col_twice) = ([0u16; 9], [0u16; 9]);
        for band in 0..3 {
            let (mut o, mut t) = ([0u16; 9], [0u16; 9]);
            for r in band * 3..band * 3 + 3 {
                let row = &g.cand[r * 9..r * 9 + 9];
                for c in 0..9 {
                    t[c] |= o[c] & row[c];
                    o[c] |= row[c];
                }
            }
            for stack in 0..3 {
                let (a, b, c) = (o[3 * stack], o[3 * stack + 1], o[3 * stack + 2]);
                let u = 18 + band * 3 + stack;
                self.once[u] = a | b | c;
                self.twice[u] =
                    t[3 * stack] | t[3 * stack + 1] | t[3 * stack + 2] | (a & b) | ((a | b) & c);
            }
            for c in 0..9 {
                col_twice[c] |= t[c] | (col_once[c] & o[c]);
                col_once[c] |= o[c];
            }
        }
        self.once[9..18].copy_from_slice(&col_once);
        self.twice[9..18].copy_from_slice(&col_twice);
    }

    /// Fills the rows.
    fn rows(&mut self, g: &Grid) {
        for r in 0..9 {
            let (mut once, mut twice) = (0u16, 0u16);
            for &m in &g.cand[r * 9..r * 9 + 9] {
                twice |= once & m;
                once |= m;
            }
            self.once[r] = once;
            self.twice[r] = twice;
        }
    }
}

/// Naked single: an empty cell with a single candidate.
pub(crate) fn naked_single(g: &Grid, f: &mut Finding) -> bool {
    for c in 0..81 {
        let m = g.cand[c];
        if m != 0 && m & (m - 1) == 0 {
            let d = m.trailing_zeros() as u8;
            f.placements.push((c as u8, d));
            if f.explain {
                f.set_cells([c]);
                f.text = format!(
                    "Naked single: {d} is the only candidate left in {}",
                    cell_name(c)
                );
                return true;
            }
        }
    }
    f.found()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testutil::grid_of;

    #[test]
    fn hidden_single_in_box_is_explained() {
        // 7 in rows 1 and 2 (outside box 1) and column 1: box 1 only has r3c2 and r3c3 left,
        // and a 7 in column 3 leaves r3c2.
        let mut cells = [0u8; 81];
        cells[5] = 7; // r1c6
        cells[9 + 7] = 7; // r2c8
        cells[9 * 4 + 2] = 7; // r5c3
        cells[18] = 1; // r3c1
        let g = Grid::new(&cells).unwrap();
        let mut f = Finding::new(true);
        assert!(hidden_single(&g, &mut f));
        assert_eq!(f.placements, vec![(19, 7)]);
        assert_eq!(f.text, "Hidden single: 7 can only go in r3c2 within box 1");
    }

    #[test]
    fn naked_single_found_and_batch_collects_all() {
        let g = grid_of(
            "123456780\
             000000000\
             000000000\
             000000000\
             000000000\
             000000000\
             000000000\
             000000000\
             000000000",
        );
        let mut f = Finding::new(true);
        assert!(naked_single(&g, &mut f));
        assert_eq!(f.placements, vec![(8, 9)]);
        let mut batch = Finding::new(false);
        assert!(hidden_single(&g, &mut batch));
        assert!(batch.placements.contains(&(8, 9)));
        assert!(batch.text.is_empty());
    }
}
