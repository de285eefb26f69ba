//! The g2 generator: the g1 procedure with a faster complete grid (a most-constrained-cell
//! search) and a complete singles test, so the boards differ from g1's for the same id.
//!
//! # g2, step by step (everything here is part of the g2 contract)
//! 1. The stream is `Rng::from_seed(seed ^ (rank << 56))` as in g1 (rank 1 = EASY .. 5 =
//!    MASTER).
//! 2. Each attempt draws a complete grid ([`g2_grid`]) and then a removal order (a
//!    Fisher-Yates shuffle of the 81 cells).
//! 3. Cells are tried once each, in that order. While the puzzle is solved by naked and hidden
//!    singles, a clue goes when singles still fill its cell without it
//!    ([`closure::singles_fill`], complete, so the rule is a property of the grid; a cell that
//!    is a naked or hidden single of the grid without it passes at once). Otherwise, and below
//!    EASY, the clue goes when the puzzle stays unique without it
//!    ([`solver::has_other_solution`] is false within [`REMOVAL_BUDGET`] nodes; an exhausted
//!    budget keeps the clue) and, below MASTER, the grader solves it within the target
//!    ([`logic::grade_capped`]); from the first such removal on the puzzle is no longer solved
//!    by singles, nor is any puzzle with fewer clues, so only this second test is used.
//! 4. – 6. As g1: the attempt hits when its level equals the target (MASTER: minimal-unique and
//!    not graded within EXPERT); after [`max_attempts`] misses the closest miss (ties: the
//!    earliest) is delivered with [`Generated::fallback`] set; uniqueness is re-checked with a
//!    full count before the board is returned.

use dayseed_core::Result;
use dayseed_core::rng::Rng;

use crate::board::Cells;
use crate::closure::Closure;
use crate::generate::{Attempt, Generated, HOUSES_OF, acceptable, max_attempts, retry};
use crate::level::Level;
use crate::logic;
#[cfg(doc)]
use crate::{generate::REMOVAL_BUDGET, solver};

/// All nine digits as a mask (bit v for digit v).
const ALL_DIGITS: u16 = 0x3FE;

/// Generates a g2 board for `seed` at `target` (see the module docs for the exact procedure).
pub fn generate_g2(seed: u64, target: Level) -> Result<Generated> {
    retry(seed, target, max_attempts(target), attempt)
}

/// One attempt: a grid, a removal order, removal, a grade (as g1's attempt).
fn attempt(rng: &mut Rng, target: Level) -> Option<Attempt> {
    let solution = g2_grid(rng);
    let mut order: [u8; 81] = std::array::from_fn(|i| i as u8);
    rng.shuffle(&mut order);
    let puzzle = remove_clues(&solution, &order, target);
    let grade = if target == Level::Master {
        logic::grade_capped(&puzzle, Level::Expert).unwrap_or_else(|| logic::grade(&puzzle))
    } else {
        logic::grade_capped(&puzzle, target)?
    };
    Some(Attempt {
        puzzle,
        solution,
        grade,
    })
}

/// The digits (bit v) placed in every row, column and box.
struct Houses([[u16; 9]; 3]);

impl Houses {
    /// Adds or removes digit `v` at cell `i`.
    fn toggle(&mut self, i: usize, v: u8) {
        let [r, c, x] = HOUSES_OF[i];
        self.0[0][usize::from(r)] ^= 1 << v;
        self.0[1][usize::from(c)] ^= 1 << v;
        self.0[2][usize::from(x)] ^= 1 << v;
    }

    /// The digits seen from cell `i` (its row, column and box).
    fn seen(&self, i: usize) -> u16 {
        let [r, c, x] = HOUSES_OF[i];
        self.0[0][usize::from(r)] | self.0[1][usize::from(c)] | self.0[2][usize::from(x)]
    }
}

/// The g2 complete grid: the three diagonal boxes (independent of each other) are shuffled as
/// in g1; then, repeatedly, the next empty cell is filled trying its free digits in an order
/// shuffled from the stream (the ascending list, Fisher-Yates), backtracking when an empty cell
/// has none. The next cell is the first empty one in row-major order with at most one free
/// digit, or else the one with the fewest (ties: the first). Frozen with g2.
pub fn g2_grid(rng: &mut Rng) -> Cells {
    let mut cells = [0u8; 81];
    let mut houses = Houses([[0; 9]; 3]);
    for bx in 0..3 {
        let mut digits: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits);
        for (k, &v) in digits.iter().enumerate() {
            let i = (bx * 3 + k / 3) * 9 + bx * 3 + k % 3;
            cells[i] = v;
            houses.toggle(i, v);
        }
    }
    // One frame per filled cell: the cell, its shuffled free digits, how many, the next to try.
    let mut stack = [(0u8, [0u8; 9], 0u8, 0u8); 54];
    let mut depth = 0;
    let Some((cell, open)) = most_constrained(&cells, &houses) else {
        return cells;
    };
    stack[0] = frame(cell, open, rng);
    loop {
        let (cell, digits, n, next) = stack[depth];
        let i = usize::from(cell);
        if cells[i] != 0 {
            houses.toggle(i, cells[i]);
            cells[i] = 0;
        }
        if next == n {
            if depth == 0 {
                // Unreachable: the diagonal boxes always complete to a grid.
                break;
            }
            depth -= 1;
            continue;
        }
        stack[depth].3 += 1;
        let v = digits[usize::from(next)];
        cells[i] = v;
        houses.toggle(i, v);
        let Some((cell, open)) = most_constrained(&cells, &houses) else {
            break;
        };
        if open == 0 {
            // A cell with no free digit: try this cell's next digit.
            continue;
        }
        depth += 1;
        stack[depth] = frame(cell, open, rng);
    }
    cells
}

/// The next cell to fill and its free digits ([`g2_grid`]: the first empty cell with at most
/// one, else the first with the fewest); `None` when the grid is full.
fn most_constrained(cells: &Cells, houses: &Houses) -> Option<(u8, u16)> {
    let mut best: Option<(u8, u16)> = None;
    let mut fewest = u32::MAX;
    for (i, &v) in cells.iter().enumerate() {
        if v != 0 {
            continue;
        }
        let open = !houses.seen(i) & ALL_DIGITS;
        let n = open.count_ones();
        if n < fewest {
            fewest = n;
            best = Some((i as u8, open));
            if n <= 1 {
                break;
            }
        }
    }
    best
}

/// A search frame for `cell`: the digits of `open`, ascending, shuffled from the stream.
fn frame(cell: u8, mut open: u16, rng: &mut Rng) -> (u8, [u8; 9], u8, u8) {
    let mut digits = [0u8; 9];
    let mut n = 0u8;
    while open != 0 {
        digits[usize::from(n)] = open.trailing_zeros() as u8;
        open &= open - 1;
        n += 1;
    }
    rng.shuffle(&mut digits[..usize::from(n)]);
    (cell, digits, n, 0)
}

/// The 27 houses (rows, columns, boxes) as lists of cells, in the order of [`HOUSES_OF`].
const HOUSE_CELLS: [[[u8; 9]; 9]; 3] = {
    let mut t = [[[0u8; 9]; 9]; 3];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        let x = r / 3 * 3 + c / 3;
        t[0][r][c] = i as u8;
        t[1][c][r] = i as u8;
        t[2][x][r % 3 * 3 + c % 3] = i as u8;
        i += 1;
    }
    t
};

/// Whether empty cell `i` of `cells` must hold `v` by one naked or hidden single: every other
/// digit is seen from it, or no other empty cell of one of its houses may take `v`.
fn immediate_single(cells: &Cells, houses: &Houses, i: usize, v: u8) -> bool {
    if houses.seen(i) | 1 << v == ALL_DIGITS {
        return true;
    }
    let homes = HOUSES_OF[i];
    (0..3).any(|kind| {
        HOUSE_CELLS[kind][usize::from(homes[kind])]
            .iter()
            .all(|&j| {
                let j = usize::from(j);
                j == i || cells[j] != 0 || houses.seen(j) & 1 << v != 0
            })
    })
}

/// Removal in `order` (step 3 of the module docs). The givens are also kept as masks per
/// (digit, band) for [`Closure::from_givens`], so a singles test does not re-read the grid.
fn remove_clues(solution: &Cells, order: &[u8; 81], target: Level) -> Cells {
    let mut puzzle = *solution;
    let mut houses = Houses([[ALL_DIGITS; 9]; 3]);
    let mut givens = [0u32; 27];
    for (i, &v) in solution.iter().enumerate() {
        givens[usize::from(v - 1) * 3 + i / 27] |= 1 << (i % 27);
    }
    let mut by_singles = true;
    for &cell in order {
        let cell = usize::from(cell);
        let digit = puzzle[cell];
        let (at, bit) = (usize::from(digit - 1) * 3 + cell / 27, 1u32 << (cell % 27));
        puzzle[cell] = 0;
        houses.toggle(cell, digit);
        givens[at] ^= bit;
        let removed = if by_singles
            && (immediate_single(&puzzle, &houses, cell, digit)
                || Closure::from_givens(&givens).settle(Some(cell)))
        {
            true
        } else if acceptable(&puzzle, cell, digit, target) {
            by_singles = false;
            true
        } else {
            false
        };
        if !removed {
            puzzle[cell] = digit;
            houses.toggle(cell, digit);
            givens[at] ^= bit;
        }
    }
    puzzle
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{brute_force_count, singles_reference};

    #[test]
    fn g2_grids_are_complete_and_valid() {
        let mut rng = Rng::from_seed(5);
        for _ in 0..500 {
            let g = g2_grid(&mut rng);
            assert!(g.iter().all(|&v| (1..=9).contains(&v)));
            assert!(crate::board::rule_problems(&g).is_empty());
        }
    }

    #[test]
    fn same_seed_same_board_and_differs_from_g1() {
        let a = generate_g2(7, Level::Easy).unwrap();
        let b = generate_g2(7, Level::Easy).unwrap();
        assert_eq!(a.puzzle, b.puzzle);
        assert_eq!(a.attempts, b.attempts);
        let g1 = crate::generate::generate_g1(7, Level::Easy).unwrap();
        assert_ne!(a.solution, g1.solution);
    }

    #[test]
    fn immediate_singles_are_filled_by_singles() {
        let mut rng = Rng::from_seed(11);
        let mut hits = [0u32; 2];
        for _ in 0..300 {
            let mut cells = g2_grid(&mut rng);
            let mut order: [u8; 81] = std::array::from_fn(|i| i as u8);
            rng.shuffle(&mut order);
            let mut houses = Houses([[ALL_DIGITS; 9]; 3]);
            for &i in &order[..45] {
                let i = usize::from(i);
                houses.toggle(i, cells[i]);
                cells[i] = 0;
            }
            let mut solved = cells;
            let i = usize::from(order[0]);
            let v = solution_digit(&mut solved, i);
            let single = immediate_single(&cells, &houses, i, v);
            hits[usize::from(single)] += 1;
            if single {
                assert!(crate::closure::singles_fill(&cells, i));
            }
        }
        assert!(hits[0] > 0 && hits[1] > 0, "{hits:?}");
    }

    /// The digit cell `i` of the (unique or not) first solution of `cells` holds.
    fn solution_digit(cells: &mut Cells, i: usize) -> u8 {
        let mut budget = dayseed_core::Budget::unlimited();
        let solved = crate::solver::solve(cells, 1, &mut budget);
        solved.first.map_or(0, |s| s[i])
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// Generated boards are unique by the independent counter, solved by their solution, at
        /// the requested level unless a fallback says otherwise; EASY boards are solved by
        /// singles (the plain reference) and no clue can go without breaking that.
        #[test]
        fn generated_boards_are_unique_and_at_level(seed: u64, rank in 0usize..5) {
            let level = Level::ALL[rank];
            let g = generate_g2(seed, level).unwrap();
            proptest::prop_assert_eq!(brute_force_count(&g.puzzle, 2), 1);
            for i in 0..81 {
                proptest::prop_assert!(g.puzzle[i] == 0 || g.puzzle[i] == g.solution[i]);
            }
            proptest::prop_assert!(crate::board::rule_problems(&g.solution).is_empty());
            if g.fallback.is_none() {
                proptest::prop_assert_eq!(g.grade.level, level);
            }
            proptest::prop_assert!(g.grade.solved);
            if level == Level::Easy {
                proptest::prop_assert!(singles_reference(&g.puzzle));
                for i in (0..81).filter(|&i| g.puzzle[i] != 0) {
                    let mut fewer = g.puzzle;
                    fewer[i] = 0;
                    proptest::prop_assert!(!singles_reference(&fewer));
                }
            }
        }
    }
}
