//! The fast solver: counts solutions up to a limit under a node budget. It is the hot path of
//! generation.
//!
//! Frozen with g1 to g4: their clue removal asks [`has_other_solution`] under a node budget,
//! so this search's answers, node counts and search tree are part of those versions. A change
//! here must keep all three for every input (as `Base`, which only starts a test from shared
//! work); a different search is a new module (and `crate::solver` may then point at it).
//!
//! # Representation
//! The grid is split into three horizontal bands of 27 cells. For every digit and band a `u32`
//! holds the 27 cells where the digit may still go (bit `row_in_band * 9 + column`). Rows and boxes
//! are handled inside a band by one table lookup: the 3x3 "row x box" occupancy of a digit must
//! contain a permutation matrix (the digit goes once in every row and every box of the band), and
//! the union of those permutations masks the candidates (pointing and claiming in one step).
//! Columns are handled by elimination across bands when a cell is placed. Rows or boxes of a band
//! left with one cell are placed (hidden singles), cells left with one digit are placed (naked
//! singles), and when nothing more follows the search branches on a cell with the fewest
//! candidates (two if there is one).
//!
//! Every guess costs one node of the [`Budget`]; the answer is a [`Count`], so a puzzle that needs
//! more work than the budget allows is reported as such, never guessed.

use dayseed_core::rng::Rng;
use dayseed_core::{Budget, Count};

use crate::row_box_index::{by_index, in_one_load, row_box_index};

/// All 27 cells of a band.
pub(crate) const BAND: u32 = (1 << 27) - 1;
/// The three cells of box 0 in the three rows of a band.
pub(crate) const BOX0: u32 = 0b111 | 0b111 << 9 | 0b111 << 18;
/// The nine cells of row 0 of a band.
pub(crate) const ROW0: u32 = 0x1FF;

/// For a 3x3 row-by-box occupancy (bit `row * 3 + box`), the union of the permutation matrices it
/// contains; 0 when it contains none (the digit cannot be placed in the band).
const PERM_UNION: [u16; 512] = perm_union_table();
/// Expands a 3x3 row-by-box mask to the 27 cells it covers.
const EXPAND: [u32; 512] = expand_table();

/// For a row-by-box occupancy, the boxes (3 bits) whose digit is confined to one row.
pub(crate) const ONE_ROW_BOXES: [u8; 512] = one_of_three_table(true);
/// For the 9 columns a digit may use in a band, the boxes (3 bits) where it has one column left.
pub(crate) const ONE_COLUMN_BOXES: [u8; 512] = one_of_three_table(false);
/// The columns (9 bits) of a set of boxes (3 bits).
const BOX_COLUMNS: [u32; 8] = [0, 0o7, 0o70, 0o77, 0o700, 0o707, 0o770, 0o777];
/// For the 9 columns a digit may use in a band, the cells the other bands keep: a box with a
/// single column left claims that column (a 9-bit column set repeated on three rows, negated).
const KEEP_OUTSIDE: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let locked = s as u32 & BOX_COLUMNS[ONE_COLUMN_BOXES[s] as usize];
        t[s] = !(locked | locked << 9 | locked << 18);
        s += 1;
    }
    t
};
/// The band cells of a set of boxes (3 bits).
pub(crate) const BOX_CELLS: [u32; 8] = {
    let mut t = [0u32; 8];
    let mut s = 0;
    while s < 8 {
        let mut k = 0;
        while k < 3 {
            if s >> k & 1 == 1 {
                t[s] |= BOX0 << (3 * k);
            }
            k += 1;
        }
        s += 1;
    }
    t
};

/// For 9 bits seen as three groups, which groups have exactly one bit: groups are the columns
/// of the 3x3 row-by-box matrix (`by_box_of_rows`), or three consecutive bits (columns of a box).
const fn one_of_three_table(by_box_of_rows: bool) -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut s = 0;
    while s < 512 {
        let mut k = 0;
        while k < 3 {
            let group = if by_box_of_rows {
                (s >> k & 1) + (s >> (k + 3) & 1) + (s >> (k + 6) & 1)
            } else {
                (s >> (3 * k) & 1) + (s >> (3 * k + 1) & 1) + (s >> (3 * k + 2) & 1)
            };
            if group == 1 {
                table[s] |= 1 << k;
            }
            k += 1;
        }
        s += 1;
    }
    table
}

const fn perm_union_table() -> [u16; 512] {
    const PERMS: [[u16; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        let mut union = 0u16;
        let mut p = 0;
        while p < 6 {
            let m = 1 << PERMS[p][0] | 1 << (3 + PERMS[p][1]) | 1 << (6 + PERMS[p][2]);
            if m & s as u16 == m {
                union |= m;
            }
            p += 1;
        }
        table[s] = union;
        s += 1;
    }
    table
}

const fn expand_table() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut cells = 0u32;
        let mut bit = 0;
        while bit < 9 {
            if s >> bit & 1 == 1 {
                let (row, b) = (bit / 3, bit % 3);
                cells |= 0b111 << (row * 9 + b * 3);
            }
            bit += 1;
        }
        table[s] = cells;
        s += 1;
    }
    table
}

/// The 3x3 row-by-box occupancy of a band mask (bit `row * 3 + box`), by the definition: the
/// reference [`row_box_index`] is tested against.
#[cfg(test)]
pub(crate) fn row_box(a: u32) -> usize {
    let mut occupancy = 0;
    for bit in 0..9 {
        let (row, b) = (bit / 3, bit % 3);
        if a >> (row * 9 + b * 3) & 7 != 0 {
            occupancy |= 1 << bit;
        }
    }
    occupancy
}

/// For a row-by-box occupancy, the band cells of its permutations ([`PERM_UNION`] expanded).
const ALLOWED: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        t[s] = EXPAND[PERM_UNION[s] as usize];
        s += 1;
    }
    t
};
/// For a row-by-box occupancy, the cells of the boxes whose digit is confined to one row once
/// the occupancy is reduced to its permutations.
const ONE_ROW_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        t[s] = BOX_CELLS[ONE_ROW_BOXES[PERM_UNION[s] as usize] as usize];
        s += 1;
    }
    t
};
/// For the 9 columns a digit may use in a band, the cells of the boxes with one column left.
const ONE_COLUMN_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        t[s] = BOX_CELLS[ONE_COLUMN_BOXES[s] as usize];
        s += 1;
    }
    t
};

/// The columns (9 bits) a band mask touches, repeated on the three rows of a band.
#[inline(always)]
pub(crate) fn column_cells(a: u32) -> u32 {
    let cols = (a | a >> 9 | a >> 18) & ROW0;
    cols | cols << 9 | cols << 18
}

/// For a row-by-box occupancy, the band cells of the rows and boxes it touches.
const ROWS_AND_BOXES: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut k = 0;
        while k < 3 {
            if s >> (3 * k) & 7 != 0 {
                t[s] |= ROW0 << (9 * k);
            }
            if (s >> k | s >> (k + 3) | s >> (k + 6)) & 1 != 0 {
                t[s] |= BOX0 << (3 * k);
            }
            k += 1;
        }
        s += 1;
    }
    t
};

/// [`ROWS_AND_BOXES`] indexed by [`row_box_index`].
const ROWS_AND_BOXES_BY_INDEX: [u32; 512] = by_index(ROWS_AND_BOXES);

/// [`ALLOWED`] (low half) and [`ONE_ROW_CELLS`] (high half) in one load, indexed by
/// [`row_box_index`].
const BY_ROWS: [u64; 512] = by_index(in_one_load(ALLOWED, ONE_ROW_CELLS));

/// [`KEEP_OUTSIDE`] (low half) and [`ONE_COLUMN_CELLS`] (high half) in one load, indexed by
/// the 9 columns a digit may use in a band.
const BY_COLUMNS: [u64; 512] = in_one_load(KEEP_OUTSIDE, ONE_COLUMN_CELLS);

/// The non-zero cells of `cells` (bit `index`), found eight bytes at a time without branches
/// (which cells are filled is unpredictable).
fn filled_cells(cells: &[u8; 81]) -> u128 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut filled = u128::from(cells[80] != 0) << 80;
    for (k, chunk) in cells.chunks_exact(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(chunk);
        let x = u64::from_le_bytes(bytes);
        // Bit 7 of each byte: whether the byte is non-zero; then gathered into the top byte.
        let high = (x | ((x & LOW7) + LOW7)) & !LOW7;
        let bits = (high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        filled |= u128::from(bits) << (8 * k);
    }
    filled
}

/// The column of each of the 27 cells of a band.
const COLUMN_OF: [u8; 27] = {
    let mut t = [0u8; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = (p % 9) as u8;
        p += 1;
    }
    t
};

/// The band cells of the row and the box of each of the 27 cells of a band.
const CELL_ROW_AND_BOX: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut p = 0;
    while p < 27 {
        t[p] = ROW0 << (9 * (p / 9)) | BOX0 << (3 * (p % 9 / 3));
        p += 1;
    }
    t
};

/// The rows and boxes of the cells in `s`, as band cells (the peers of `s` inside its band).
#[inline(always)]
pub(crate) fn rows_and_boxes(s: u32) -> u32 {
    ROWS_AND_BOXES_BY_INDEX[row_box_index(s)]
}

/// The search state: candidates per (digit, band), the unplaced cells of each band, and the last
/// processed candidates (to skip work that cannot find anything new).
#[derive(Clone, Copy)]
struct State {
    cand: [u32; 27],
    prev: [u32; 27],
    unsolved: [u32; 3],
    /// Unplaced cells with exactly two candidates, as of the last naked-single pass.
    pairs: [u32; 3],
}

/// Contradiction marker: the state has no solution.
struct Dead;

impl State {
    fn empty() -> State {
        State {
            cand: [BAND; 27],
            prev: [0; 27],
            unsolved: [BAND; 3],
            pairs: [0; 3],
        }
    }

    /// The state after placing the givens of `cells` (0 = empty); `None` if two givens clash or
    /// a value is out of range.
    fn from_cells(cells: &[u8; 81]) -> Option<State> {
        let mut givens = [0u32; 27];
        // Per (digit, band): the rows and boxes of its givens; per digit: their columns.
        let mut seen = [0u32; 27];
        let mut columns = [0u32; 9];
        let mut taken = [0u32; 3];
        let filled = filled_cells(cells);
        for (b, band) in cells.chunks_exact(27).enumerate() {
            let mut todo = (filled >> (27 * b)) as u32 & BAND;
            while todo != 0 {
                let pos = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let d = usize::from(band[pos]) - 1;
                if d >= 9 {
                    return None;
                }
                let (i, bit, column) = (d * 3 + b, 1u32 << pos, 1u32 << COLUMN_OF[pos]);
                if seen[i] & bit != 0 || columns[d] & column != 0 {
                    return None;
                }
                seen[i] |= CELL_ROW_AND_BOX[pos];
                columns[d] |= column;
                givens[i] |= bit;
                taken[b] |= bit;
            }
        }
        let mut s = State::empty();
        for (d, &c) in columns.iter().enumerate() {
            let outside = BAND & !(c | c << 9 | c << 18);
            for (b, &t) in taken.iter().enumerate() {
                let i = d * 3 + b;
                s.cand[i] = (outside & !t & !seen[i]) | givens[i];
            }
        }
        s.unsolved = taken.map(|t| BAND & !t);
        Some(s)
    }

    /// Places digit `d` on the single cell `bit` of band `b`: removes it from the other digits
    /// and the digit from the cell's row and box; its column is cleared in the other bands by the
    /// next [`State::band_step`] (the box then has a single column).
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, bit: u32) {
        let i = d * 3 + b;
        debug_assert!(
            bit.is_power_of_two() && bit & BAND != 0,
            "one cell of the band"
        );
        // (The cell's row and box by its place; the table has 32 entries, the last five unused.)
        let own = self.cand[i] & (!CELL_ROW_AND_BOX[(bit.trailing_zeros() & 31) as usize] | bit);
        self.unsolved[b] &= !bit;
        for e in 0..9 {
            self.cand[e * 3 + b] &= !bit;
        }
        self.cand[i] = own;
    }

    /// Row/box reasoning for one digit in one band (subband `I = digit * 3 + band`): keeps the
    /// cells of the row-by-box permutations still possible (locked candidates), clears the
    /// columns confined to one box from the other bands, and marks cells left alone in their box
    /// (hence in their row) as solved, removing them from the other digits.
    #[inline(always)]
    fn band_step<const I: usize>(&mut self) -> Result<(), Dead> {
        let b = I % 3;
        let by_rows = BY_ROWS[row_box_index(self.cand[I])];
        let allowed = by_rows as u32;
        if allowed == 0 {
            return Err(Dead);
        }
        let a = self.cand[I] & allowed;
        self.cand[I] = a;
        self.prev[I] = a;
        let cols = ((a | a >> 9 | a >> 18) & ROW0) as usize;
        let by_columns = BY_COLUMNS[cols];
        let keep = by_columns as u32;
        let (n1, n2) = (I - b + (b + 1) % 3, I - b + (b + 2) % 3);
        self.cand[n1] &= keep;
        self.cand[n2] &= keep;
        // Without a branch (whether a cell is solved is hard to predict): the solved cells
        // leave every digit of the band, then the digit's own candidates are restored.
        let solved = a & (by_columns >> 32) as u32 & (by_rows >> 32) as u32;
        self.unsolved[b] &= !solved;
        let mut j = b;
        while j < 27 {
            self.cand[j] &= !solved;
            j += 3;
        }
        self.cand[I] = a;
        Ok(())
    }

    /// Bit-sliced candidate counts of band `b`: cells with at least one, two and three digits.
    #[inline(always)]
    fn counts(&self, b: usize) -> (u32, u32, u32) {
        let (mut x1, mut x2, mut x3) = (0, 0, 0);
        for d in 0..9 {
            let c = self.cand[d * 3 + b];
            x3 |= x2 & c;
            x2 |= x1 & c;
            x1 |= c;
        }
        (x1, x2, x3)
    }

    /// Applies singles until nothing changes.
    fn propagate(&mut self) -> Result<(), Dead> {
        loop {
            let mut changed = true;
            while changed {
                changed = false;
                macro_rules! steps {
                    ($($i:literal)*) => {$(
                        if self.cand[$i] != self.prev[$i] {
                            self.band_step::<$i>()?;
                            changed = true;
                        }
                    )*};
                }
                steps!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
            }
            let mut placed = false;
            for b in 0..3 {
                let un = self.unsolved[b];
                if un == 0 {
                    self.pairs[b] = 0;
                    continue;
                }
                let (x1, x2, x3) = self.counts(b);
                if x1 != BAND {
                    return Err(Dead);
                }
                self.pairs[b] = un & x2 & !x3;
                let mut singles = un & !x2;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles ^= bit;
                    let d = (0..9)
                        .find(|&d| self.cand[d * 3 + b] & bit != 0)
                        .ok_or(Dead)?;
                    self.place(d, b, bit);
                    placed = true;
                }
            }
            if !placed {
                return Ok(());
            }
        }
    }

    /// The band and cell bit of an unplaced cell with the fewest candidates; `None` when solved.
    fn pick_cell(&self) -> Option<(usize, u32)> {
        let mut fallback = None;
        for b in 0..3 {
            let un = self.unsolved[b];
            if un == 0 {
                continue;
            }
            let two = self.pairs[b];
            if two != 0 {
                return Some((b, two & two.wrapping_neg()));
            }
            let (_, _, x3) = self.counts(b);
            let three = un & !(x3 & self.at_least_four(b));
            let pick = if three != 0 { three } else { un };
            let rank = u32::from(three == 0);
            if fallback.is_none_or(|(r, _, _)| rank < r) {
                fallback = Some((rank, b, pick & pick.wrapping_neg()));
            }
        }
        fallback.map(|(_, b, bit)| (b, bit))
    }

    /// Cells of band `b` with at least four candidates.
    fn at_least_four(&self, b: usize) -> u32 {
        let (mut x1, mut x2, mut x3, mut x4) = (0, 0, 0, 0);
        for d in 0..9 {
            let c = self.cand[d * 3 + b];
            x4 |= x3 & c;
            x3 |= x2 & c;
            x2 |= x1 & c;
            x1 |= c;
        }
        x4
    }

    fn cells(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut m = self.cand[d * 3 + b];
                while m != 0 {
                    let bit = m.trailing_zeros() as usize;
                    m &= m - 1;
                    out[b * 27 + bit] = d as u8 + 1;
                }
            }
        }
        out
    }
}

/// The candidate masks after placing the givens of `cells` and eliminating their peers:
/// per (digit, band) and the unplaced cells per band (the layout described in the module docs).
/// `None` when givens clash or a value is above 9.
pub(crate) fn initial_masks(cells: &[u8; 81]) -> Option<([u32; 27], [u32; 3])> {
    State::from_cells(cells).map(|s| (s.cand, s.unsolved))
}

/// What a bounded search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// The bounded count of solutions.
    pub count: Count,
    /// The first solution found (digits 1..=9), if any.
    pub first: Option<[u8; 81]>,
}

struct Search<'a> {
    limit: u64,
    found: u64,
    first: Option<[u8; 81]>,
    want_first: bool,
    budget: &'a mut Budget,
    out_of_budget: bool,
    rng: Option<&'a mut Rng>,
}

impl Search<'_> {
    /// Explores `s`; returns true when the search must stop (limit reached or budget spent).
    fn run(&mut self, s: &mut State) -> bool {
        if !self.budget.spend() {
            self.out_of_budget = true;
            return true;
        }
        if s.propagate().is_err() {
            return false;
        }
        let Some((b, bit)) = s.pick_cell() else {
            self.found += 1;
            if self.want_first && self.first.is_none() {
                self.first = Some(s.cells());
            }
            return self.found >= self.limit;
        };
        let mut digits = [0usize; 9];
        let mut n = 0;
        for d in 0..9 {
            digits[n] = d;
            n += usize::from(s.cand[d * 3 + b] & bit != 0);
        }
        if let Some(rng) = self.rng.as_deref_mut() {
            rng.shuffle(&mut digits[..n]);
        }
        for (k, &d) in digits[..n].iter().enumerate() {
            if k + 1 == n {
                s.place(d, b, bit);
                return self.run(s);
            }
            let mut t = *s;
            t.place(d, b, bit);
            if self.run(&mut t) {
                return true;
            }
        }
        false
    }
}

fn search(
    s: Option<State>,
    limit: u64,
    want_first: bool,
    budget: &mut Budget,
    rng: Option<&mut Rng>,
) -> Solved {
    let mut search = Search {
        limit: limit.max(1),
        found: 0,
        first: None,
        want_first,
        budget,
        out_of_budget: false,
        rng,
    };
    if let Some(mut s) = s {
        search.run(&mut s);
    }
    let count = Count::from_search(search.found, search.limit, search.out_of_budget);
    Solved {
        count,
        first: search.first,
    }
}

/// Counts the solutions of `cells` (0 = empty, 1..=9 = given) up to `limit` (at least 1), and
/// returns the first solution found. Clashing givens or values above 9 give `Exactly(0)`.
pub fn solve(cells: &[u8; 81], limit: u64, budget: &mut Budget) -> Solved {
    search(State::from_cells(cells), limit, true, budget, None)
}

/// Counts the solutions of `cells` up to `limit`; see [`solve`].
pub fn count_solutions(cells: &[u8; 81], limit: u64, budget: &mut Budget) -> Count {
    search(State::from_cells(cells), limit, false, budget, None).count
}

/// Whether `cells`, with cell `cell` emptied, has a solution in which that cell holds a digit
/// other than `digit`: the uniqueness test for removing a clue (a unique puzzle stays unique
/// without the clue exactly when no such solution exists). `None` when the budget ran out.
pub fn has_other_solution(
    cells: &[u8; 81],
    cell: usize,
    digit: u8,
    budget: &mut Budget,
) -> Option<bool> {
    let mut without = *cells;
    if let Some(v) = without.get_mut(cell) {
        *v = 0;
    }
    let state = State::from_cells(&without).map(|mut s| {
        if (1..=9).contains(&digit) && cell < 81 {
            s.cand[usize::from(digit - 1) * 3 + cell / 27] &= !(1 << (cell % 27));
        }
        s
    });
    match search(state, 1, false, budget, None).count {
        Count::BudgetExhausted => None,
        Count::Exactly(0) => Some(false),
        _ => Some(true),
    }
}

/// The propagated state of a puzzle with the clues of a window of cells left out: removal tests
/// of puzzles that agree with it outside the window start from it ([`Base::has_other_solution`])
/// instead of from their givens.
///
/// Why this is exact: every rule of [`State::propagate`] only removes candidates, and removes at
/// least as many from a state with fewer; so the propagated state is the largest one that no
/// rule changes below the starting state, whatever the order the rules run in (the unplaced
/// cells are then the cells with two or more candidates). A test's starting state lies below
/// the base's (it has more givens), so the base's state with the test's other givens placed
/// and the excluded digit removed lies between the test's propagated state and its own starting
/// state (but for the columns of those givens, which the next band step clears): propagating it
/// reaches the test's state. The root node, the branching and the node counts are unchanged.
pub(crate) struct Base {
    cells: [u8; 81],
    state: Option<State>,
}

impl Base {
    /// The base of `cells` with the cells of `window` emptied.
    pub(crate) fn new(cells: &[u8; 81], window: &[u8]) -> Base {
        let mut cells = *cells;
        for &j in window {
            if let Some(v) = cells.get_mut(usize::from(j)) {
                *v = 0;
            }
        }
        let state = State::from_cells(&cells).and_then(|mut s| s.propagate().ok().map(|()| s));
        Base { cells, state }
    }

    /// [`has_other_solution`] of `cells` (which equals the base's puzzle outside the window)
    /// for `cell`, a cell of the window, with the same answer and the same nodes spent.
    pub(crate) fn has_other_solution(
        &self,
        cells: &[u8; 81],
        window: &[u8],
        cell: usize,
        digit: u8,
        budget: &mut Budget,
    ) -> Option<bool> {
        debug_assert!(
            (0..81).all(|j| window.contains(&(j as u8)) || cells[j] == self.cells[j]),
            "the puzzle differs from the base outside the window"
        );
        match self.start(cells, window, cell, digit) {
            Some(state) => match search(Some(state), 1, false, budget, None).count {
                Count::BudgetExhausted => None,
                Count::Exactly(0) => Some(false),
                _ => Some(true),
            },
            None => has_other_solution(cells, cell, digit, budget),
        }
    }

    /// The base's state with the window's givens of `cells` but `cell` placed and `digit`
    /// removed from `cell`; `None` (start from the givens instead) when anything is out of
    /// range or a given is no longer a candidate in the base (givens that clash).
    fn start(&self, cells: &[u8; 81], window: &[u8], cell: usize, digit: u8) -> Option<State> {
        if cell >= 81 || !(1..=9).contains(&digit) || !window.contains(&(cell as u8)) {
            return None;
        }
        let mut s = self.state?;
        for &j in window {
            let j = usize::from(j);
            let v = *cells.get(j)?;
            if j == cell || v == 0 {
                continue;
            }
            let (d, b, bit) = (usize::from(v) - 1, j / 27, 1u32 << (j % 27));
            if d >= 9 || s.cand[d * 3 + b] & bit == 0 {
                return None;
            }
            s.place(d, b, bit);
        }
        s.cand[usize::from(digit - 1) * 3 + cell / 27] &= !(1 << (cell % 27));
        Some(s)
    }
}

/// A random complete grid drawn from `rng`: the three diagonal boxes (independent of each other)
/// are shuffled, and the solver completes the grid trying digits in random order.
pub fn random_grid(rng: &mut Rng) -> [u8; 81] {
    let mut cells = [0u8; 81];
    for bx in 0..3 {
        let mut digits: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits);
        for (k, &v) in digits.iter().enumerate() {
            cells[(bx * 3 + k / 3) * 9 + bx * 3 + k % 3] = v;
        }
    }
    let mut budget = Budget::unlimited();
    search(State::from_cells(&cells), 1, true, &mut budget, Some(rng))
        .first
        .expect("any filling of the three diagonal boxes completes to a grid")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::row_box_index::occupancy_index;
    use crate::testutil::{brute_force_count, parse};

    /// A well-known hard puzzle ("AI Escargot") and its solution.
    const ESCARGOT: &str =
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

    #[test]
    fn tables_are_sane() {
        assert_eq!(PERM_UNION[511], 511);
        assert_eq!(PERM_UNION[0b100_010_001], 0b100_010_001);
        assert_eq!(PERM_UNION[0b000_111_111], 0);
        assert_eq!(EXPAND[1], 0b111);
        assert_eq!(row_box(1 << 26), 1 << 8);
        assert_eq!(row_box(BAND), 511);
    }

    /// The tables indexed by [`row_box_index`] give, for every band mask, the entries of its
    /// row-by-box occupancy: every occupancy, with random nonempty mini-rows in its places
    /// (and random bits above the band, which neither index reads).
    #[test]
    fn row_box_index_follows_the_occupancy() {
        let mut rng = Rng::from_seed(18);
        for occupancy in 0..512usize {
            for _ in 0..64 {
                let mut mask = (rng.below(32) as u32) << 27;
                for bit in 0..9 {
                    if occupancy >> bit & 1 == 1 {
                        let cells = 1 + rng.below(7) as u32;
                        mask |= cells << ((bit / 3) * 9 + (bit % 3) * 3);
                    }
                }
                assert_eq!(row_box(mask), occupancy, "mask {mask:#x}");
                let i = row_box_index(mask);
                assert_eq!(i, occupancy_index(occupancy));
                assert_eq!(BY_ROWS[i] as u32, ALLOWED[occupancy]);
                assert_eq!((BY_ROWS[i] >> 32) as u32, ONE_ROW_CELLS[occupancy]);
                assert_eq!(ROWS_AND_BOXES_BY_INDEX[i], ROWS_AND_BOXES[occupancy]);
            }
        }
        for cols in 0..512usize {
            assert_eq!(BY_COLUMNS[cols] as u32, KEEP_OUTSIDE[cols]);
            assert_eq!((BY_COLUMNS[cols] >> 32) as u32, ONE_COLUMN_CELLS[cols]);
        }
    }

    #[test]
    fn solves_a_hard_puzzle_uniquely() {
        let p = parse(ESCARGOT);
        let r = solve(&p, 2, &mut Budget::unlimited());
        assert_eq!(r.count, Count::Exactly(1));
        let sol = r.first.unwrap();
        for i in 0..81 {
            assert!(p[i] == 0 || p[i] == sol[i]);
        }
        assert!(crate::board::rule_problems(&sol).is_empty());
    }

    #[test]
    fn empty_grid_has_many_and_clash_has_none() {
        let empty = [0u8; 81];
        assert_eq!(
            count_solutions(&empty, 5, &mut Budget::unlimited()),
            Count::AtLeast(5)
        );
        let mut clash = [0u8; 81];
        clash[0] = 5;
        clash[8] = 5;
        assert_eq!(
            count_solutions(&clash, 2, &mut Budget::unlimited()),
            Count::Exactly(0)
        );
        clash[8] = 0;
        clash[72] = 5;
        assert_eq!(
            count_solutions(&clash, 2, &mut Budget::unlimited()),
            Count::Exactly(0)
        );
        clash[72] = 0;
        clash[8] = 10;
        assert_eq!(
            count_solutions(&clash, 2, &mut Budget::unlimited()),
            Count::Exactly(0)
        );
    }

    #[test]
    fn budget_runs_out_explicitly() {
        let empty = [0u8; 81];
        let mut b = Budget::new(3);
        assert_eq!(
            count_solutions(&empty, 1000, &mut b),
            Count::BudgetExhausted
        );
    }

    #[test]
    fn random_grids_are_valid_and_deterministic() {
        let a = random_grid(&mut Rng::from_seed(9));
        let b = random_grid(&mut Rng::from_seed(9));
        assert_eq!(a, b);
        assert!(a.iter().all(|&v| (1..=9).contains(&v)));
        assert!(crate::board::rule_problems(&a).is_empty());
        assert_ne!(a, random_grid(&mut Rng::from_seed(10)));
    }

    proptest::proptest! {
        /// The branch-free scan finds exactly the non-zero cells, whatever the byte values.
        #[test]
        fn filled_cells_match_a_plain_scan(cells in proptest::array::uniform32(0u8..=255), zeros: u32, at in 0usize..50) {
            let mut grid = [0u8; 81];
            for (k, &v) in cells.iter().enumerate() {
                grid[at + k] = if zeros >> k & 1 == 1 { 0 } else { v };
            }
            grid[80] = cells[0] & 1;
            let plain = grid.iter().enumerate().fold(0u128, |m, (k, &v)| m | u128::from(v != 0) << k);
            proptest::prop_assert_eq!(filled_cells(&grid), plain);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// Random grids with random holes: the fast count equals the brute-force count (capped).
        #[test]
        fn counts_match_brute_force(seed: u64, holes in 30usize..62, limit in 1u64..4) {
            let mut rng = Rng::from_seed(seed);
            let mut cells = random_grid(&mut rng);
            let mut order: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut order);
            for &i in &order[..holes] {
                cells[i] = 0;
            }
            // Sometimes break the grid so that zero solutions is exercised too.
            if seed % 5 == 0 {
                let i = order[0];
                cells[i] = (seed % 9) as u8 + 1;
            }
            let fast = count_solutions(&cells, limit, &mut Budget::unlimited());
            let slow = brute_force_count(&cells, limit);
            let expected = if slow >= limit { Count::AtLeast(limit) } else { Count::Exactly(slow) };
            proptest::prop_assert_eq!(fast, expected);
        }

        /// The clue-removal test agrees with counting.
        #[test]
        fn other_solution_agrees_with_count(seed: u64, holes in 40usize..60) {
            let mut rng = Rng::from_seed(seed);
            let grid = random_grid(&mut rng);
            let mut cells = grid;
            let mut order: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut order);
            for &i in &order[..holes] {
                cells[i] = 0;
            }
            let i = order[holes];
            let other = has_other_solution(&cells, i, grid[i], &mut Budget::unlimited());
            let exists = (1..=9u8).filter(|&e| e != grid[i]).any(|e| {
                let mut with_e = cells;
                with_e[i] = e;
                brute_force_count(&with_e, 1) > 0
            });
            proptest::prop_assert_eq!(other, Some(exists));
        }
    }
}
