//! Basic fish (HARD): for one digit, n base rows whose candidates all lie in the same n columns
//! (or the transpose) cover those columns, so the digit leaves the columns' other cells.
//! X-wing n = 2, swordfish n = 3, jellyfish n = 4.

use super::candidates::{Bits, Grid, bit, cell_list, cells_of, col, digits_of, row};
use super::subsets::combos;
use super::technique::{DigitRung, Finding};

/// X-wing.
pub(crate) fn x_wing(g: &Grid, f: &mut Finding) -> bool {
    fish(g, f, 2, "X-wing")
}

/// Swordfish.
pub(crate) fn swordfish(g: &Grid, f: &mut Finding) -> bool {
    fish(g, f, 3, "Swordfish")
}

/// Jellyfish.
pub(crate) fn jellyfish(g: &Grid, f: &mut Finding) -> bool {
    fish(g, f, 4, "Jellyfish")
}

/// Cell at (line, cross) in the given orientation (rows as base when `by_rows`).
fn at(by_rows: bool, line: usize, cross: usize) -> usize {
    if by_rows {
        line * 9 + cross
    } else {
        cross * 9 + line
    }
}

fn fish(g: &Grid, f: &mut Finding, n: usize, name: &str) -> bool {
    let digits = f.memo.digits_bits(g);
    for d in 1..=9u8 {
        let db = digits[usize::from(d)];
        // The search on `d` reads nothing but the digit's cells `db`, so when it found nothing
        // on these cells before it finds nothing again; skipping it keeps the first instance.
        if f.memo.found_nothing(DigitRung::Fish(n), d, db) {
            continue;
        }
        let found = fish_on(f, n, name, d, db);
        f.memo.record(DigitRung::Fish(n), d, db, found);
        if found {
            return true;
        }
    }
    false
}

/// The cross positions of `db`'s cells in each line (rows as lines when `by_rows`).
fn positions(db: Bits, by_rows: bool) -> [u16; 9] {
    let mut pos = [0u16; 9];
    if by_rows {
        for (line, p) in pos.iter_mut().enumerate() {
            *p = (db >> (9 * line)) as u16 & 0x1FF;
        }
    } else {
        for c in cells_of(db) {
            pos[col(c)] |= 1 << row(c);
        }
    }
    pos
}

/// The fish of size `n` on digit `d` with cells `db`: rows as base first, then columns.
fn fish_on(f: &mut Finding, n: usize, name: &str, d: u8, db: Bits) -> bool {
    for by_rows in [true, false] {
        // Cross positions of d in each line.
        let pos = positions(db, by_rows);
        let mut base = [0usize; 9];
        let mut k = 0;
        for (line, p) in pos.iter().enumerate() {
            let cnt = p.count_ones() as usize;
            if cnt >= 2 && cnt <= n {
                base[k] = line;
                k += 1;
            }
        }
        let hit = combos(k, n, |pick| {
            let cover = pick.iter().fold(0u16, |a, &i| a | pos[base[i]]);
            if cover.count_ones() as usize != n {
                return false;
            }
            let mut targets = 0u128;
            for (line, &p) in pos.iter().enumerate() {
                if pick.iter().any(|&i| base[i] == line) {
                    continue;
                }
                for cross in digits_of(cover & p) {
                    targets |= bit(at(by_rows, line, cross as usize));
                }
            }
            if targets == 0 {
                return false;
            }
            f.eliminate_all(targets, d);
            if f.explain {
                let mut cells = 0u128;
                for &i in pick {
                    for cross in digits_of(pos[base[i]]) {
                        cells |= bit(at(by_rows, base[i], cross as usize));
                    }
                }
                f.set_cells(cells_of(cells));
                let (lines, crosses) = if by_rows {
                    ("rows", "columns")
                } else {
                    ("columns", "rows")
                };
                let base_list: Vec<String> =
                    pick.iter().map(|&i| (base[i] + 1).to_string()).collect();
                let cover_list: Vec<String> =
                    digits_of(cover).map(|x| (x + 1).to_string()).collect();
                f.explain_eliminations(format!(
                    "{name}: in {lines} {}, {d} lies only in {crosses} {} ({})",
                    base_list.join(","),
                    cover_list.join(","),
                    cell_list(cells_of(cells))
                ));
            }
            true
        });
        if hit {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testutil::grid_with_candidates;

    #[test]
    fn x_wing_on_rows() {
        // 6 in rows 2 and 7 only in columns 3 and 8.
        let mut g = grid_with_candidates(&[]);
        for r in [1usize, 6] {
            for c in 0..9 {
                if c != 2 && c != 7 {
                    g.cand[r * 9 + c] &= !(1 << 6);
                }
            }
        }
        let mut f = Finding::new(true);
        assert!(x_wing(&g, &mut f));
        assert_eq!(f.cells, vec![11, 16, 56, 61]);
        assert_eq!(f.eliminations.len(), 14);
        assert!(
            f.eliminations
                .iter()
                .all(|&(c, d)| d == 6 && (c % 9 == 2 || c % 9 == 7))
        );
        assert!(
            f.text
                .starts_with("X-wing: in rows 2,7, 6 lies only in columns 3,8")
        );
    }

    #[test]
    fn jellyfish_on_rows() {
        // 2 in rows 1, 3, 5, 7 only in columns 2, 4, 6, 8.
        let mut g = grid_with_candidates(&[]);
        for r in [0usize, 2, 4, 6] {
            for c in [0usize, 2, 4, 6, 8] {
                g.cand[r * 9 + c] &= !(1 << 2);
            }
        }
        let mut f = Finding::new(false);
        assert!(jellyfish(&g, &mut f));
        assert_eq!(f.eliminations.len(), 20);
        assert!(
            f.eliminations
                .iter()
                .all(|&(c, d)| d == 2 && (c % 9) % 2 == 1 && ![0, 2, 4, 6].contains(&(c / 9)))
        );
    }

    #[test]
    fn swordfish_on_columns() {
        // 4 in columns 1, 5, 9 only in rows 2, 4, 8 (each column with two or three of them).
        let mut g = grid_with_candidates(&[]);
        let keep: [&[usize]; 3] = [&[1, 3], &[3, 7], &[1, 3, 7]];
        for (i, c) in [0usize, 4, 8].into_iter().enumerate() {
            for r in 0..9 {
                if !keep[i].contains(&r) {
                    g.cand[r * 9 + c] &= !(1 << 4);
                }
            }
        }
        let mut f = Finding::new(false);
        assert!(!x_wing(&g, &mut f));
        assert!(swordfish(&g, &mut f));
        assert_eq!(f.eliminations.len(), 18);
        assert!(
            f.eliminations
                .iter()
                .all(|&(c, d)| d == 4 && [1, 3, 7].contains(&(c / 9)))
        );
    }
}
