//! Test helpers: an independent brute-force solver, well-known puzzles and a small random
//! puzzle maker (minimal puzzles: clues removed while the solution stays unique).

use super::candidates::Grid;
use dayseed_core::Rng;

/// A singles-only puzzle (Project Euler 96, grid 1), 32 givens.
pub(crate) const EASY_PUZZLE: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// Famous hard puzzles, all unique: Arto Inkala's 2012 puzzle, Easter Monster, Golden Nugget,
/// Platinum Blonde, AI Escargot.
pub(crate) const HARD_PUZZLES: [&str; 5] = [
    "800000000003600000070090200050007000000045700000100030001000068008500010090000400",
    "100000002090400050006000700050903000000070000000850040700000600030009080002000001",
    "000000039000001005003050800008090006070002000100400000009080050020000600400700000",
    "000000012000000003002300400001800005060070800000009000008500000900040500470006000",
    "100007090030020008009600500005300900010080002600004000300000010040000007007000300",
];

/// Parses 81 digits/dots.
pub(crate) fn parse(s: &str) -> [u8; 81] {
    let mut cells = [0u8; 81];
    let digits: Vec<u8> = s
        .bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect();
    assert_eq!(digits.len(), 81);
    cells.copy_from_slice(&digits);
    cells
}

/// The candidate grid of a puzzle string.
pub(crate) fn grid_of(s: &str) -> Grid {
    Grid::new(&parse(s)).expect("consistent test grid")
}

/// An empty grid (every candidate open) with the given (cell, digit) placements.
pub(crate) fn grid_with_candidates(givens: &[(usize, u8)]) -> Grid {
    let mut cells = [0u8; 81];
    for &(c, d) in givens {
        cells[c] = d;
    }
    Grid::new(&cells).expect("consistent test grid")
}

/// Up to `limit` solutions by plain backtracking with row/column/box masks.
pub(crate) fn brute_solutions(cells: &[u8; 81], limit: usize) -> Vec<[u8; 81]> {
    let mut rows = [0u16; 9];
    let mut cols = [0u16; 9];
    let mut boxes = [0u16; 9];
    let mut g = *cells;
    for (i, &d) in cells.iter().enumerate() {
        if d != 0 {
            let (r, c, b) = (i / 9, i % 9, (i / 27) * 3 + (i % 9) / 3);
            let m = 1u16 << d;
            if (rows[r] | cols[c] | boxes[b]) & m != 0 {
                return Vec::new();
            }
            rows[r] |= m;
            cols[c] |= m;
            boxes[b] |= m;
        }
    }
    let mut out = Vec::new();
    fn rec(
        g: &mut [u8; 81],
        rows: &mut [u16; 9],
        cols: &mut [u16; 9],
        boxes: &mut [u16; 9],
        out: &mut Vec<[u8; 81]>,
        limit: usize,
    ) {
        let mut best = None;
        let mut best_free = 0u16;
        let mut best_n = 10;
        for (i, &v) in g.iter().enumerate() {
            if v == 0 {
                let (r, c, b) = (i / 9, i % 9, (i / 27) * 3 + (i % 9) / 3);
                let free = !(rows[r] | cols[c] | boxes[b]) & 0x3FE;
                let n = free.count_ones();
                if n < best_n {
                    best_n = n;
                    best = Some(i);
                    best_free = free;
                }
            }
        }
        let Some(i) = best else {
            out.push(*g);
            return;
        };
        let (r, c, b) = (i / 9, i % 9, (i / 27) * 3 + (i % 9) / 3);
        for d in 1..=9u8 {
            let m = 1u16 << d;
            if best_free & m == 0 {
                continue;
            }
            g[i] = d;
            rows[r] |= m;
            cols[c] |= m;
            boxes[b] |= m;
            rec(g, rows, cols, boxes, out, limit);
            rows[r] &= !m;
            cols[c] &= !m;
            boxes[b] &= !m;
            g[i] = 0;
            if out.len() >= limit {
                return;
            }
        }
    }
    rec(&mut g, &mut rows, &mut cols, &mut boxes, &mut out, limit);
    out
}

/// A random minimal unique puzzle for `seed`.
pub(crate) fn random_puzzle(seed: u64) -> [u8; 81] {
    let mut rng = Rng::from_seed(seed);
    // Random solution: the diagonal boxes are independent, so fill them with shuffled digits
    // and complete the grid by backtracking.
    let mut first = [0u8; 81];
    let mut perm: Vec<u8> = (1..=9).collect();
    for b in [0usize, 4, 8] {
        rng.shuffle(&mut perm);
        for (k, &d) in perm.iter().enumerate() {
            let (r, c) = ((b / 3) * 3 + k / 3, (b % 3) * 3 + k % 3);
            first[r * 9 + c] = d;
        }
    }
    let solution = brute_solutions(&first, 1)[0];
    let mut cells = solution;
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    for c in order {
        let d = cells[c];
        cells[c] = 0;
        if brute_solutions(&cells, 2).len() != 1 {
            cells[c] = d;
        }
    }
    cells
}

#[test]
fn helpers_work() {
    for p in HARD_PUZZLES.iter().chain([&EASY_PUZZLE]) {
        assert_eq!(brute_solutions(&parse(p), 2).len(), 1);
    }
    let p = random_puzzle(7);
    assert_eq!(brute_solutions(&p, 2).len(), 1);
    assert_eq!(p, random_puzzle(7));
    assert!(p.iter().filter(|&&d| d != 0).count() < 40);
}
