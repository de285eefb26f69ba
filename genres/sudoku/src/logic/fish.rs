//! Basic fish (HARD): for one digit, n base rows whose candidates all lie in the same n columns
//! (or the transpose) cover those columns, so the digit leaves the columns' other cells.
//! X-wing n = 2, swordfish n = 3, jellyfish n = 4.

use super::candidates::{Bits, Grid, bit, cell_list, cells_of, col, digits_of, row};
use super::technique::{DigitRung, Finding};
use crate::band_solver::POPCOUNT9;

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
            let cnt = count(*p);
            if cnt >= 2 && cnt <= n {
                base[k] = line;
                k += 1;
            }
        }
        let hit = fish_sets(&base[..k], &pos, n, |pick, cover| {
            if count(cover) != n {
                return false;
            }
            let mut targets = 0u128;
            for (line, &p) in pos.iter().enumerate() {
                if pick.contains(&line) {
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
                for &line in pick {
                    for cross in digits_of(pos[line]) {
                        cells |= bit(at(by_rows, line, cross as usize));
                    }
                }
                f.set_cells(cells_of(cells));
                let (lines, crosses) = if by_rows {
                    ("rows", "columns")
                } else {
                    ("columns", "rows")
                };
                let base_list: Vec<String> = pick.iter().map(|&l| (l + 1).to_string()).collect();
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

/// The number of positions in a line's 9-bit mask (a table: baseline x86-64 has no popcnt).
fn count(m: u16) -> usize {
    usize::from(POPCOUNT9[usize::from(m & 0x1FF)])
}

/// Calls `visit` with each set of `n` of the base `lines` (increasing, the sets in
/// lexicographic order, as [`super::subsets::combos`] gives them) and the union of their
/// positions, until a visit returns true. A set whose first lines already span more than `n`
/// crosses is skipped unvisited: it is no fish, and its visit would return false without doing
/// anything.
fn fish_sets(
    lines: &[usize],
    pos: &[u16; 9],
    n: usize,
    mut visit: impl FnMut(&[usize], u16) -> bool,
) -> bool {
    // The chosen lines, their indices in `lines`, and the union of the first j of them.
    let mut pick = [0usize; 4];
    let mut at = [0usize; 4];
    let mut cover = [0u16; 5];
    let (mut depth, mut i) = (0, 0);
    loop {
        if i + n - depth <= lines.len() {
            let wider = cover[depth] | pos[lines[i]];
            if count(wider) <= n {
                (pick[depth], at[depth], cover[depth + 1]) = (lines[i], i, wider);
                if depth + 1 == n {
                    if visit(&pick[..n], wider) {
                        return true;
                    }
                } else {
                    depth += 1;
                }
            }
            i += 1;
        } else if depth == 0 {
            return false;
        } else {
            depth -= 1;
            i = at[depth] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::subsets::combos;
    use crate::logic::testutil::grid_with_candidates;

    #[test]
    fn fish_sets_visit_the_combinations_spanning_few_crosses_in_order() {
        // Line positions from a small generator; every base list and size.
        let mut x = 12345u32;
        let mut visits = 0;
        for _ in 0..200 {
            let mut pos = [0u16; 9];
            for p in &mut pos {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                // In the first five crosses, so that many sets span few of them.
                *p = (x >> 16) as u16 & 0x1F;
            }
            let lines: Vec<usize> = (0..9).filter(|&l| count(pos[l]) >= 2).collect();
            for n in 2..=4 {
                let mut want = Vec::new();
                combos(lines.len(), n, |pick| {
                    let cover = pick.iter().fold(0, |a, &i| a | pos[lines[i]]);
                    if count(cover) <= n {
                        want.push((pick.iter().map(|&i| lines[i]).collect::<Vec<_>>(), cover));
                    }
                    false
                });
                let mut got = Vec::new();
                fish_sets(&lines, &pos, n, |pick, cover| {
                    got.push((pick.to_vec(), cover));
                    false
                });
                visits += got.len();
                assert_eq!(got, want);
            }
        }
        assert!(visits > 1000, "{visits}");
    }

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
