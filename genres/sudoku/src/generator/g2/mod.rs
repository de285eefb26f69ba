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
//!    ([`closure::singles_fill`]; the closure is complete, so this rule is a property
//!    of the grid, not of an implementation). Otherwise, and below
//!    EASY, the clue goes when the puzzle stays unique without it
//!    ([`solver::has_other_solution`] is false within [`REMOVAL_BUDGET`] nodes; an exhausted
//!    budget keeps the clue) and, below MASTER, the grader solves it within the target
//!    ([`logic::grade_capped`]); from the first such removal on the puzzle is no longer solved
//!    by singles, nor is any puzzle with fewer clues, so only this second test is used.
//! 4. – 6. As g1: the attempt hits when its level equals the target (MASTER: minimal-unique and
//!    not graded within EXPERT); after [`max_attempts`] misses the closest miss (ties: the
//!    earliest) is delivered with [`Made::fallback`] set; uniqueness is re-checked with a
//!    full count before the board is returned.

pub mod closure;

use dayseed_core::rng::Rng;
use dayseed_core::{Generated, Result};

use super::shared_v1::{Attempt, HOUSES_OF, Made, acceptable, grade_attempt, max_attempts, retry};
#[cfg(doc)]
use super::{shared_v1::REMOVAL_BUDGET, solver_v1 as solver};
use crate::board::Cells;
use crate::level::Level;
#[cfg(doc)]
use crate::logic;
use crate::logic::LogicGrade;
use crate::puzzle::SudokuPuzzle;
use closure::Closure;

/// All nine digits as a mask (bit v for digit v).
const ALL_DIGITS: u16 = 0x3FE;

/// The g2 board for `seed` at `target`, in the public form (the registry's entry point).
pub(crate) fn generate(seed: u64, target: &Level) -> Result<Generated<SudokuPuzzle>> {
    generate_g2(seed, *target).and_then(Made::into_generated)
}

/// Generates a g2 board for `seed` at `target` (see the module docs for the exact procedure).
pub fn generate_g2(seed: u64, target: Level) -> Result<Made> {
    retry(seed, target, max_attempts(target), attempt)
}

/// g2's EASY board for `seed` without g2's grade, for a version that grades it on its own
/// ladder: the same board, attempts and final check as [`generate_g2`] at EASY. At EASY a clue
/// goes only when singles still fill its cell, so every puzzle left is solved by singles, its
/// grade within EASY always succeeds and the first attempt is delivered; the grade is all this
/// skips. The returned grade is a stand-in (EASY, score 0) that the caller replaces.
pub(crate) fn easy_board(seed: u64) -> Result<Made> {
    retry(
        seed,
        Level::Easy,
        max_attempts(Level::Easy),
        |rng, target| {
            let (puzzle, solution) = draw(rng, target);
            Some(Attempt {
                puzzle,
                solution,
                grade: LogicGrade {
                    level: Level::Easy,
                    score: 0.0,
                    techniques: Vec::new(),
                    solved: true,
                },
            })
        },
    )
}

/// One attempt: a grid, a removal order, removal, a grade (as g1's attempt).
fn attempt(rng: &mut Rng, target: Level) -> Option<Attempt> {
    let (puzzle, solution) = draw(rng, target);
    let grade = grade_attempt(&puzzle, target)?;
    Some(Attempt {
        puzzle,
        solution,
        grade,
    })
}

/// An attempt's grid and removal: (puzzle, solution).
fn draw(rng: &mut Rng, target: Level) -> (Cells, Cells) {
    let solution = g2_grid(rng);
    let mut order: [u8; 81] = std::array::from_fn(|i| i as u8);
    rng.shuffle(&mut order);
    (remove_clues(&solution, &order, target), solution)
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
    let mut free = FreeCells::new();
    for bx in 0..3 {
        let mut digits: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits);
        for (k, &v) in digits.iter().enumerate() {
            let i = (bx * 3 + k / 3) * 9 + bx * 3 + k % 3;
            cells[i] = v;
            houses.toggle(i, v);
            free.place(i, v);
        }
    }
    // One frame per filled cell: the cell, its shuffled free digits, how many, the next to try.
    let mut stack = [(0u8, [0u8; 9], 0u8, 0u8); 54];
    let mut depth = 0;
    // Bit i: cell i is empty.
    let mut empty = 0u128;
    for (i, &v) in cells.iter().enumerate() {
        empty |= u128::from(v == 0) << i;
    }
    let Some(cell) = free.most_constrained(empty) else {
        return cells;
    };
    let open = !houses.seen(usize::from(cell)) & ALL_DIGITS;
    stack[0] = frame(cell, open, rng);
    loop {
        let (cell, digits, n, next) = stack[depth];
        let i = usize::from(cell);
        if cells[i] != 0 {
            houses.toggle(i, cells[i]);
            free.unplace(i, cells[i]);
            cells[i] = 0;
            empty |= 1 << i;
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
        free.place(i, v);
        empty &= !(1 << i);
        let Some(cell) = free.most_constrained(empty) else {
            break;
        };
        let open = !houses.seen(usize::from(cell)) & ALL_DIGITS;
        if open == 0 {
            // A cell with no free digit: try this cell's next digit.
            continue;
        }
        depth += 1;
        stack[depth] = frame(cell, open, rng);
    }
    cells
}

/// Per digit, the cells it may still take (not seen by a cell holding it) and the cells that
/// hold it, as 81-bit boards (bit `row * 9 + column`).
struct FreeCells {
    free: [u128; 9],
    at: [u128; 9],
}

impl FreeCells {
    fn new() -> FreeCells {
        FreeCells {
            free: [ALL_CELLS; 9],
            at: [0; 9],
        }
    }

    /// Digit `v` goes on cell `i`.
    fn place(&mut self, i: usize, v: u8) {
        let d = usize::from(v - 1);
        self.at[d] |= 1 << i;
        self.free[d] &= !SEEN_FROM[i];
    }

    /// Digit `v` leaves cell `i` (its free cells are recomputed from the cells holding it).
    fn unplace(&mut self, i: usize, v: u8) {
        let d = usize::from(v - 1);
        self.at[d] &= !(1 << i);
        let mut seen = 0;
        let mut at = self.at[d];
        while at != 0 {
            seen |= SEEN_FROM[at.trailing_zeros() as usize];
            at &= at - 1;
        }
        self.free[d] = ALL_CELLS & !seen;
    }

    /// The next cell to fill ([`g2_grid`]: the first of the `empty` cells with at most one
    /// free digit, else the first with the fewest); `None` when there is none. Counts free
    /// digits for all cells at once: `at_least[k]` holds the cells with `k` or more.
    fn most_constrained(&self, empty: u128) -> Option<u8> {
        if empty == 0 {
            return None;
        }
        let mut at_least = [0u128; 11];
        at_least[0] = empty;
        for (d, &free) in self.free.iter().enumerate() {
            let m = free & empty;
            for k in (1..=d + 1).rev() {
                at_least[k] |= at_least[k - 1] & m;
            }
        }
        (2..=10)
            .map(|k| empty & !at_least[k])
            .find(|&m| m != 0)
            .map(|m| m.trailing_zeros() as u8)
    }
}

/// All 81 cells as a board.
const ALL_CELLS: u128 = (1 << 81) - 1;

/// Per cell, the board of the cell and its 20 peers.
pub(crate) const SEEN_FROM: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        let mut j = 0;
        while j < 81 {
            let same_row = i / 9 == j / 9;
            let same_column = i % 9 == j % 9;
            let same_box = i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3;
            if same_row || same_column || same_box {
                t[i] |= 1 << j;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

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

/// Per cell, the boards of its row, its column and its box.
const HOUSE_BOARDS: [[u128; 3]; 81] = {
    let mut t = [[0u128; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let mut j = 0;
        while j < 81 {
            if i / 9 == j / 9 {
                t[i][0] |= 1 << j;
            }
            if i % 9 == j % 9 {
                t[i][1] |= 1 << j;
            }
            if i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3 {
                t[i][2] |= 1 << j;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// Whether empty cell `i` must hold `v` by one naked or hidden single: every other digit is
/// seen from it, or no other empty cell of one of its houses may take `v`. `houses` and
/// `givens` (per (digit, band) masks; bit `band * 27 + p` of a board is cell `band * 27 + p`)
/// describe the givens, `empty` the empty cells.
fn immediate_single(houses: &Houses, givens: &[u32; 27], empty: u128, i: usize, v: u8) -> bool {
    let naked = houses.seen(i) | 1 << v == ALL_DIGITS;
    let at = usize::from(v - 1) * 3;
    let mut holders = u128::from(givens[at])
        | u128::from(givens[at + 1]) << 27
        | u128::from(givens[at + 2]) << 54;
    let mut covered = 0;
    while holders != 0 {
        covered |= SEEN_FROM[holders.trailing_zeros() as usize];
        holders &= holders - 1;
    }
    let others = empty & !covered & !(1 << i);
    let [row, column, boxed] = HOUSE_BOARDS[i];
    naked | (others & row == 0) | (others & column == 0) | (others & boxed == 0)
}

/// Window sizes of [`Windows`], outermost first (how many positions of the order each spans):
/// g2's, where every test that windows do not answer needs a trial closure.
const WINDOW_SIZES: &[usize] = &[6, 3];

/// A window of positions `start..end` of the removal order and the singles closure of the
/// puzzle without the clues at those positions, as it was when the window opened.
struct Window {
    closure: Closure,
    start: usize,
    end: usize,
}

/// Nested windows of consecutive positions of the removal order (at most two levels, sizes
/// [`WINDOW_SIZES`] unless told otherwise), so
/// that a singles test starts from work shared with its neighbours. Clues only go, so the
/// closure of the puzzle without a window's clues, computed when the window opens, stays a part
/// of the closure for every later test inside it: a window's closure is its parent's plus the
/// parent's clues outside it, and a test's is the innermost one's plus that window's other
/// clues. A cell that a window's closure fills is filled by the test without more work. The
/// answers are those of a singles closure computed from scratch.
struct Windows {
    sizes: &'static [usize],
    open: [Option<Window>; 2],
}

impl Windows {
    /// Windows of `sizes` (one or two levels, outermost first).
    fn new(sizes: &'static [usize]) -> Windows {
        assert!(matches!(sizes.len(), 1 | 2), "one or two window levels");
        Windows {
            sizes,
            open: [None, None],
        }
    }

    /// Whether singles fill `order[k]` (just emptied) from the givens of `puzzle` (whose
    /// masks are `givens`), as far as the windows answer it (opening those `k` needs): `None`
    /// when only a trial from the innermost window ([`Windows::trial`]) can.
    fn open(
        &mut self,
        puzzle: &Cells,
        givens: &[u32; 27],
        order: &[u8; 81],
        k: usize,
    ) -> Option<bool> {
        let cell = usize::from(order[k]);
        let mut reopen = false;
        for (level, &size) in self.sizes.iter().enumerate() {
            if !reopen
                && let Some(w) = &self.open[level]
                && k < w.end
            {
                if w.closure.filled(cell) {
                    return Some(true);
                }
                continue;
            }
            reopen = true;
            let window = if level == 0 {
                let end = (k + size).min(81);
                let mut outside = *givens;
                for &j in &order[k + 1..end] {
                    let j = usize::from(j);
                    outside[usize::from(puzzle[j] - 1) * 3 + j / 27] &= !(1 << (j % 27));
                }
                let mut closure = Closure::from_givens(&outside);
                closure.settle(None);
                Window {
                    closure,
                    start: k,
                    end,
                }
            } else {
                let Some(parent) = &self.open[level - 1] else {
                    return Some(false);
                };
                let end = (k + size).min(parent.end);
                let mut closure = parent.closure.clone();
                let outside = order[parent.start..k].iter().chain(&order[end..parent.end]);
                give_clues(&mut closure, puzzle, outside, cell);
                closure.settle(None);
                Window {
                    closure,
                    start: k,
                    end,
                }
            };
            let hit = window.closure.filled(cell);
            self.open[level] = Some(window);
            if hit {
                // Deeper windows open at the next test that needs them.
                for deeper in &mut self.open[level + 1..] {
                    *deeper = None;
                }
                return Some(true);
            }
        }
        None
    }

    /// Whether singles fill `order[k]` once [`Windows::open`] gave `None`: the
    /// innermost window's closure with the window's other clues, settled.
    fn trial(&self, puzzle: &Cells, order: &[u8; 81], k: usize) -> bool {
        let cell = usize::from(order[k]);
        let Some(w) = &self.open[self.sizes.len() - 1] else {
            return false;
        };
        let mut trial = w.closure.clone();
        give_clues(&mut trial, puzzle, &order[w.start..w.end], cell);
        trial.settle(Some(cell))
    }
}

/// Gives `closure` the clues of `puzzle` at `cells`, except at `skip`.
fn give_clues<'a>(
    closure: &mut Closure,
    puzzle: &Cells,
    cells: impl IntoIterator<Item = &'a u8>,
    skip: usize,
) {
    for &j in cells {
        let j = usize::from(j);
        if j != skip && puzzle[j] != 0 {
            closure.give(j, puzzle[j]);
        }
    }
}

/// The singles test of a removal order: whether singles still fill a cell just emptied. It
/// first asks whether the cell is a naked or hidden single at once ([`immediate_single`]),
/// then [`Windows`]; its answers are [`closure::singles_fill`]'s. It keeps the givens as
/// houses, as masks per (digit, band) for [`Closure::from_givens`] and as a board of empty
/// cells, so every clue that goes or comes back must pass through [`SinglesTest::toggle`].
pub(crate) struct SinglesTest {
    houses: Houses,
    givens: [u32; 27],
    empty: u128,
    windows: Windows,
}

impl SinglesTest {
    /// The test for a removal starting from the complete grid `solution`.
    pub(crate) fn new(solution: &Cells) -> SinglesTest {
        SinglesTest::with_windows(solution, WINDOW_SIZES)
    }

    /// [`SinglesTest::new`] with windows of `sizes` (one or two levels, outermost first):
    /// the answers are the same whatever the sizes, only the work differs.
    pub(crate) fn with_windows(solution: &Cells, sizes: &'static [usize]) -> SinglesTest {
        let houses = Houses([[ALL_DIGITS; 9]; 3]);
        let mut givens = [0u32; 27];
        for (i, &v) in solution.iter().enumerate() {
            givens[usize::from(v - 1) * 3 + i / 27] |= 1 << (i % 27);
        }
        SinglesTest {
            houses,
            givens,
            empty: 0,
            windows: Windows::new(sizes),
        }
    }

    /// Removes the clue `digit` at `cell`, or gives it back.
    pub(crate) fn toggle(&mut self, cell: usize, digit: u8) {
        self.houses.toggle(cell, digit);
        self.givens[usize::from(digit - 1) * 3 + cell / 27] ^= 1 << (cell % 27);
        self.empty ^= 1 << cell;
    }

    /// Whether singles fill `order[k]`, whose clue `digit` was just removed from `puzzle` (and
    /// toggled here); the cells before position `k` must have been decided in order.
    pub(crate) fn fills(&mut self, puzzle: &Cells, order: &[u8; 81], k: usize, digit: u8) -> bool {
        self.quick(puzzle, order, k, digit)
            .unwrap_or_else(|| self.trial(puzzle, order, k))
    }

    /// [`SinglesTest::fills`] when it needs no trial closure (an immediate single, or a
    /// window's closure decides); `None` otherwise, and then [`SinglesTest::trial`] answers.
    pub(crate) fn quick(
        &mut self,
        puzzle: &Cells,
        order: &[u8; 81],
        k: usize,
        digit: u8,
    ) -> Option<bool> {
        let cell = usize::from(order[k]);
        if immediate_single(&self.houses, &self.givens, self.empty, cell, digit) {
            return Some(true);
        }
        self.windows.open(puzzle, &self.givens, order, k)
    }

    /// The answer of [`SinglesTest::fills`] after [`SinglesTest::quick`] gave `None` for the
    /// same position `k` (nothing toggled in between).
    pub(crate) fn trial(&self, puzzle: &Cells, order: &[u8; 81], k: usize) -> bool {
        self.windows.trial(puzzle, order, k)
    }
}

/// Removal in `order` (step 3 of the module docs), the singles test by [`SinglesTest`].
fn remove_clues(solution: &Cells, order: &[u8; 81], target: Level) -> Cells {
    let mut puzzle = *solution;
    let mut singles = SinglesTest::new(solution);
    let mut by_singles = true;
    for (k, &cell) in order.iter().enumerate() {
        let cell = usize::from(cell);
        let digit = puzzle[cell];
        puzzle[cell] = 0;
        singles.toggle(cell, digit);
        let removed = if by_singles && singles.fills(&puzzle, order, k, digit) {
            true
        } else if acceptable(&puzzle, cell, digit, target) {
            by_singles = false;
            true
        } else {
            false
        };
        if !removed {
            puzzle[cell] = digit;
            singles.toggle(cell, digit);
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
        let g1 = super::super::g1::generate_g1(7, Level::Easy).unwrap();
        assert_ne!(a.solution, g1.solution);
    }

    /// Whether digit `v` may go on empty cell `j` of `cells` (no peer holds it).
    fn may_take(cells: &Cells, j: usize, v: u8) -> bool {
        cells[j] == 0 && (0..81).all(|p| cells[p] != v || SEEN_FROM[j] & 1 << p == 0)
    }

    #[test]
    fn immediate_singles_match_a_plain_scan_and_are_filled_by_singles() {
        let mut rng = Rng::from_seed(11);
        let mut hits = [0u32; 2];
        for _ in 0..300 {
            let solution = g2_grid(&mut rng);
            let mut cells = solution;
            let mut order: [u8; 81] = std::array::from_fn(|i| i as u8);
            rng.shuffle(&mut order);
            let mut houses = Houses([[ALL_DIGITS; 9]; 3]);
            let mut empty = 0u128;
            for &i in &order[..45] {
                let i = usize::from(i);
                houses.toggle(i, cells[i]);
                cells[i] = 0;
                empty |= 1 << i;
            }
            let mut givens = [0u32; 27];
            for (i, &v) in cells.iter().enumerate().filter(|(_, v)| **v != 0) {
                givens[usize::from(v - 1) * 3 + i / 27] |= 1 << (i % 27);
            }
            let i = usize::from(order[0]);
            let v = solution[i];
            let naked = (1..=9).filter(|&w| may_take(&cells, i, w)).count() == 1;
            let hidden = HOUSE_BOARDS[i].iter().any(|&house| {
                (0..81).all(|j| j == i || house & 1 << j == 0 || !may_take(&cells, j, v))
            });
            let single = immediate_single(&houses, &givens, empty, i, v);
            assert_eq!(single, naked || hidden);
            hits[usize::from(single)] += 1;
            if single {
                assert!(closure::singles_fill(&cells, i));
            }
        }
        assert!(hits[0] > 0 && hits[1] > 0, "{hits:?}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// The windows, and the whole singles test, answer every test of a removal run exactly
        /// as a closure computed from scratch does.
        #[test]
        fn windows_agree_with_closure_from_scratch(seed: u64) {
            let mut rng = Rng::from_seed(seed);
            let solution = g2_grid(&mut rng);
            let mut order: [u8; 81] = std::array::from_fn(|i| i as u8);
            rng.shuffle(&mut order);
            let mut puzzle = solution;
            let mut givens = [0u32; 27];
            for (i, &v) in solution.iter().enumerate() {
                givens[usize::from(v - 1) * 3 + i / 27] |= 1 << (i % 27);
            }
            let mut windows = Windows::new(WINDOW_SIZES);
            let mut singles = SinglesTest::new(&solution);
            let mut single_level = SinglesTest::with_windows(&solution, &[8]);
            for (k, &cell) in order.iter().enumerate() {
                let cell = usize::from(cell);
                let digit = puzzle[cell];
                let (at, bit) = (usize::from(digit - 1) * 3 + cell / 27, 1u32 << (cell % 27));
                puzzle[cell] = 0;
                givens[at] ^= bit;
                singles.toggle(cell, digit);
                single_level.toggle(cell, digit);
                let expected = closure::singles_fill(&puzzle, cell);
                let fill = windows
                    .open(&puzzle, &givens, &order, k)
                    .unwrap_or_else(|| windows.trial(&puzzle, &order, k));
                proptest::prop_assert_eq!(fill, expected);
                proptest::prop_assert_eq!(singles.fills(&puzzle, &order, k, digit), expected);
                proptest::prop_assert_eq!(single_level.fills(&puzzle, &order, k, digit), expected);
                if !expected {
                    puzzle[cell] = digit;
                    givens[at] ^= bit;
                    singles.toggle(cell, digit);
                    single_level.toggle(cell, digit);
                }
            }
        }


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
