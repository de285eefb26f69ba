//! The solver for everything that is not a frozen generator: counts solutions up to a limit under
//! a node budget and returns the first solution found. `crate::solver` points here; the generator
//! versions keep their own frozen search ([`crate::generator::solver_v1`]).
//!
//! # Representation
//! For every digit and every band (three rows) a `u32` holds the 27 cells of the band where the
//! digit may still go (bit `row_in_band * 9 + column`); a placed digit stays in its own mask.
//! Propagation, cheapest first:
//! - **band step** (one digit in one band, a few table lookups, run for every mask that changed):
//!   the 3x3 row-by-box occupancy must contain a permutation (the digit goes once in every row
//!   and every box of the band), and the union of those permutations masks the candidates
//!   (pointing and claiming in rows); a box whose digit is confined to one column clears that
//!   column from the other bands (this is also how a placement reaches its column); a box left
//!   with one cell places the digit there (hidden single), removing the cell from every other
//!   digit;
//! - **naked singles**: cells left with one digit, from bit-sliced candidate counts per band;
//! - **column claims**, when the two above find nothing: for every digit, a column that keeps
//!   the digit in one band only confines the digit, inside that column's box, to that column
//!   (claiming in columns; it also finds hidden singles in columns), and a column with the digit
//!   in no band is a contradiction.
//!
//! When nothing more follows, the search branches on a cell with two candidates where such cells
//! are densest (the band with the most, its box with the most, the row with the most; a guess
//! there settles many cells either way, which cuts the search tree by 15-35% on hard lists), or
//! else on the first cell with the fewest candidates; digits in increasing order.
//!
//! # Nodes and determinism
//! A node is one state the search explores: the givens, then one per digit tried on a branching
//! cell. Every node costs one unit of the [`Budget`], so a puzzle that needs more work than the
//! budget allows is reported as [`Count::BudgetExhausted`], never guessed. The code uses plain
//! integer bit operations and constant tables only (no SIMD intrinsics, no target-dependent code,
//! no floating point), so every target (x86_64, aarch64, wasm32) gives the same counts, the same
//! first solution and the same node counts.

use dayseed_core::{Budget, Count};

use crate::row_box_index::{by_index, in_one_load, row_box_index};

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The nine cells of row 0 of a band (also: a set of nine columns).
const ROW0: u32 = 0x1FF;
/// The three cells of box 0 in the three rows of a band.
const BOX0: u32 = 0b111 | 0b111 << 9 | 0b111 << 18;

/// The columns (9 bits) a band mask touches.
#[inline(always)]
fn columns(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & ROW0
}

/// A set of columns (9 bits) as band cells (the same bits on the three rows).
const fn column_cells(cols: u32) -> u32 {
    cols | cols << 9 | cols << 18
}

/// The 3x3 row-by-box occupancy pattern of the permutations (bit `row * 3 + box`).
const fn permutation_union(occupancy: usize) -> u32 {
    let mut union = 0;
    let mut p = 0;
    // The six permutations as the box of rows 0, 1 and 2.
    while p < 6 {
        let (b0, b1) = (p / 2, [1, 2, 0, 2, 0, 1][p]);
        let b2 = 3 - b0 - b1;
        let m = 1 << b0 | 1 << (3 + b1) | 1 << (6 + b2);
        if occupancy & m == m {
            union |= m;
        }
        p += 1;
    }
    union as u32
}

/// The band cells of a 3x3 row-by-box pattern.
const fn pattern_cells(pattern: u32) -> u32 {
    let mut cells = 0;
    let mut bit = 0;
    while bit < 9 {
        if pattern >> bit & 1 == 1 {
            cells |= 0b111 << ((bit / 3) * 9 + (bit % 3) * 3);
        }
        bit += 1;
    }
    cells
}

/// The band cells of the row and the box of each of the 27 cells of a band.
const ROW_AND_BOX: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = ROW0 << (9 * (p / 9)) | BOX0 << (3 * (p % 9 / 3));
        p += 1;
    }
    t
};

/// The column (one of 9 bits) of each of the 27 cells of a band.
const COLUMN_BIT: [u16; 27] = {
    let mut t = [0u16; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = 1 << (p % 9);
        p += 1;
    }
    t
};

/// The number of set bits of a 9-bit value.
pub(crate) const POPCOUNT9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut s = 0;
    while s < 512 {
        t[s] = (s as u32).count_ones() as u8;
        s += 1;
    }
    t
};

/// The number of cells of a band mask.
#[inline(always)]
fn popcount27(a: u32) -> u32 {
    u32::from(POPCOUNT9[(a & ROW0) as usize])
        + u32::from(POPCOUNT9[(a >> 9 & ROW0) as usize])
        + u32::from(POPCOUNT9[(a >> 18 & ROW0) as usize])
}

/// For a row-by-box occupancy, the cells its permutations allow (0: the digit has no place).
const ALLOWED: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        t[s] = pattern_cells(permutation_union(s));
        s += 1;
    }
    t
};

/// For a row-by-box occupancy, the cells of the boxes that its permutations confine to one row.
const ONE_ROW_BOXES: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let u = permutation_union(s);
        let mut k = 0;
        while k < 3 {
            let rows = (u >> k & 1) + (u >> (k + 3) & 1) + (u >> (k + 6) & 1);
            if rows == 1 {
                t[s] |= BOX0 << (3 * k);
            }
            k += 1;
        }
        s += 1;
    }
    t
};

/// For the columns a digit keeps in a band, the cells the other bands keep: a box left with one
/// column clears that column from them.
const KEEP_OUTSIDE: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut lone = 0;
        let mut k = 0;
        while k < 3 {
            let group = (s as u32 >> (3 * k)) & 7;
            if group.count_ones() == 1 {
                lone |= group << (3 * k);
            }
            k += 1;
        }
        t[s] = !column_cells(lone);
        s += 1;
    }
    t
};

/// For the columns a digit keeps in a band, the cells of the boxes left with one column.
const ONE_COLUMN_BOXES: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut k = 0;
        while k < 3 {
            if ((s as u32 >> (3 * k)) & 7).count_ones() == 1 {
                t[s] |= BOX0 << (3 * k);
            }
            k += 1;
        }
        s += 1;
    }
    t
};

/// For the columns whose digit lies in one band only, the band cells that stay possible: in a
/// box holding such columns, only those columns.
const CLAIMED: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut keep = 0;
        let mut k = 0;
        while k < 3 {
            let group = (s as u32 >> (3 * k)) & 7;
            keep |= if group == 0 { 7 } else { group } << (3 * k);
            k += 1;
        }
        t[s] = column_cells(keep);
        s += 1;
    }
    t
};

/// [`ALLOWED`] (low half) and [`ONE_ROW_BOXES`] (high half) in one load, indexed by
/// [`row_box_index`].
const BY_ROWS: [u64; 512] = by_index(in_one_load(ALLOWED, ONE_ROW_BOXES));

/// [`KEEP_OUTSIDE`] (low half) and [`ONE_COLUMN_BOXES`] (high half) in one load.
const BY_COLUMNS: [u64; 512] = in_one_load(KEEP_OUTSIDE, ONE_COLUMN_BOXES);

/// The filled cells (bit `cell`) of a grid, eight cells at a time and without a branch per cell
/// (which cells are filled is random): each byte is folded onto its low bit, then one
/// multiplication gathers the eight low bits into the top byte.
fn filled_cells(cells: &[u8; 81]) -> u128 {
    let mut filled = 0u128;
    for (k, chunk) in cells.chunks(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes[..chunk.len()].copy_from_slice(chunk);
        let mut x = u64::from_le_bytes(bytes);
        x |= x >> 4;
        x |= x >> 2;
        x |= x >> 1;
        x &= 0x0101_0101_0101_0101;
        let byte = x.wrapping_mul(0x0102_0408_1020_4080) >> 56;
        filled |= u128::from(byte) << (8 * k);
    }
    filled
}

/// Contradiction marker: the state has no solution.
struct Dead;

/// The search state.
#[derive(Clone, Copy)]
struct State {
    /// Candidates per (digit, band): index `digit * 3 + band`.
    cand: [u32; 27],
    /// The masks as of their last band step (a step is skipped while its mask is unchanged).
    seen: [u32; 27],
    /// The cells of each band not placed yet.
    open: [u32; 3],
    /// Open cells with exactly two candidates, as of the last naked-single pass.
    pairs: [u32; 3],
}

impl State {
    /// The state after placing the givens of `cells` (0 = empty); `None` if two givens clash or
    /// a value is above 9.
    fn from_cells(cells: &[u8; 81]) -> Option<State> {
        // Per (digit, band): the givens and the rows and boxes they fill; per digit: the columns.
        let mut givens = [0u32; 27];
        let mut lines = [0u32; 27];
        let mut cols = [0u32; 9];
        let mut taken = [0u32; 3];
        let filled = filled_cells(cells);
        for (b, band) in cells.chunks_exact(27).enumerate() {
            let mut filled = (filled >> (27 * b)) as u32 & BAND;
            taken[b] = filled;
            while filled != 0 {
                let p = filled.trailing_zeros() as usize;
                filled &= filled - 1;
                let d = usize::from(band[p]) - 1;
                let (i, bit, col) = (d * 3 + b, 1u32 << p, u32::from(COLUMN_BIT[p]));
                if d >= 9 || lines[i] & bit != 0 || cols[d] & col != 0 {
                    return None;
                }
                lines[i] |= ROW_AND_BOX[p];
                cols[d] |= col;
                givens[i] |= bit;
            }
        }
        let mut cand = [0u32; 27];
        for (d, &col) in cols.iter().enumerate() {
            let outside = BAND & !column_cells(col);
            for (b, &t) in taken.iter().enumerate() {
                let i = d * 3 + b;
                cand[i] = outside & !(t | lines[i]) | givens[i];
            }
        }
        Some(State {
            cand,
            seen: [0; 27],
            open: taken.map(|t| BAND & !t),
            pairs: [0; 3],
        })
    }

    /// Places digit `d` on the cell `bit` of band `b`: the cell leaves the other digits and the
    /// digit leaves the cell's row and box; its column is cleared from the other bands by the
    /// next band step (the box is then left with one column).
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, bit: u32) {
        let own = self.cand[d * 3 + b] & !ROW_AND_BOX[bit.trailing_zeros() as usize] | bit;
        self.open[b] &= !bit;
        for e in 0..9 {
            self.cand[e * 3 + b] &= !bit;
        }
        self.cand[d * 3 + b] = own;
    }

    /// The band step (see the module docs) for the mask `I = digit * 3 + band`.
    #[inline(always)]
    fn band_step<const I: usize>(&mut self) -> Result<(), Dead> {
        let b = I % 3;
        let rb = row_box_index(self.cand[I]);
        let by_rows = BY_ROWS[rb];
        let allowed = by_rows as u32;
        if allowed == 0 {
            return Err(Dead);
        }
        let a = self.cand[I] & allowed;
        let cols = columns(a) as usize;
        let by_cols = BY_COLUMNS[cols];
        let keep = by_cols as u32;
        self.cand[I - b + (b + 1) % 3] &= keep;
        self.cand[I - b + (b + 2) % 3] &= keep;
        // Without a branch (whether a cell is solved is hard to predict): solved cells leave
        // every digit of the band, then the digit's own mask is written back.
        let solved = a & (by_cols >> 32) as u32 & (by_rows >> 32) as u32;
        self.open[b] &= !solved;
        let mut j = b;
        while j < 27 {
            self.cand[j] &= !solved;
            j += 3;
        }
        self.cand[I] = a;
        self.seen[I] = a;
        Ok(())
    }

    /// The column claims (see the module docs) for every digit; whether a mask changed.
    fn column_claims(&mut self) -> Result<bool, Dead> {
        let mut changed = 0;
        for d in 0..9 {
            let i = d * 3;
            let (m0, m1, m2) = (self.cand[i], self.cand[i + 1], self.cand[i + 2]);
            let (c0, c1, c2) = (columns(m0), columns(m1), columns(m2));
            if c0 | c1 | c2 != ROW0 {
                return Err(Dead);
            }
            let k0 = CLAIMED[(c0 & !(c1 | c2)) as usize];
            let k1 = CLAIMED[(c1 & !(c0 | c2)) as usize];
            let k2 = CLAIMED[(c2 & !(c0 | c1)) as usize];
            changed |= m0 & !k0 | m1 & !k1 | m2 & !k2;
            self.cand[i] = m0 & k0;
            self.cand[i + 1] = m1 & k1;
            self.cand[i + 2] = m2 & k2;
        }
        Ok(changed != 0)
    }

    /// Runs the band steps of the changed masks until none changes.
    #[inline(always)]
    fn band_steps(&mut self) -> Result<(), Dead> {
        let mut changed = true;
        while changed {
            changed = false;
            macro_rules! steps {
                ($($i:literal)*) => {$(
                    if self.cand[$i] != self.seen[$i] {
                        self.band_step::<$i>()?;
                        changed = true;
                    }
                )*};
            }
            steps!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
        }
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

    /// Applies band steps, naked singles and column claims until nothing changes.
    fn propagate(&mut self) -> Result<(), Dead> {
        loop {
            self.band_steps()?;
            let mut placed = false;
            for b in 0..3 {
                let open = self.open[b];
                if open == 0 {
                    self.pairs[b] = 0;
                    continue;
                }
                let (x1, x2, x3) = self.counts(b);
                if x1 != BAND {
                    return Err(Dead);
                }
                self.pairs[b] = open & x2 & !x3;
                let mut singles = open & !x2;
                if singles == 0 {
                    continue;
                }
                placed = true;
                // The digit of each single, bit-sliced (bit k of the digit in `index[k]`):
                // no search over the digits per cell.
                let mut index = [0u32; 4];
                for d in 0..9 {
                    let c = self.cand[d * 3 + b] & singles;
                    for (k, slice) in index.iter_mut().enumerate() {
                        if d >> k & 1 == 1 {
                            *slice |= c;
                        }
                    }
                }
                self.open[b] &= !singles;
                while singles != 0 {
                    let p = singles.trailing_zeros();
                    singles &= singles - 1;
                    let d = index
                        .iter()
                        .rev()
                        .fold(0, |d, slice| d << 1 | (slice >> p & 1));
                    // The other digits lack the cell already; the digit leaves its row and box,
                    // and an earlier single of the same digit there is a contradiction.
                    let i = d as usize * 3 + b;
                    let own = self.cand[i];
                    if own >> p & 1 == 0 {
                        return Err(Dead);
                    }
                    self.cand[i] = own & !ROW_AND_BOX[p as usize] | 1 << p;
                }
            }
            if !placed && !self.column_claims()? {
                return Ok(());
            }
        }
    }

    /// The band and cell bit of an open cell to branch on; `None` when every cell is placed.
    /// A cell with two candidates where they are densest: in the band with the most of them,
    /// its box with the most, and there the first in the row with the most (the first on ties).
    /// Such a guess settles many cells in either branch.
    fn pick_cell(&self) -> Option<(usize, u32)> {
        let (mut most, mut b) = (0, 0);
        for (i, &two) in self.pairs.iter().enumerate() {
            let n = popcount27(two);
            if n > most {
                (most, b) = (n, i);
            }
        }
        if most > 0 {
            let two = self.pairs[b];
            let in_box = |k: u32| {
                let v = two >> (3 * k);
                POPCOUNT9[(v & 7 | v >> 6 & 0o70 | v >> 12 & 0o700) as usize]
            };
            let (n0, n1, n2) = (in_box(0), in_box(1), in_box(2));
            let k = if n0 >= n1 && n0 >= n2 {
                0
            } else if n1 >= n2 {
                1
            } else {
                2
            };
            let in_this_box = two & BOX0 << (3 * k);
            let (mut r, mut row_most) = (0, 0);
            for row in 0..3 {
                let n = POPCOUNT9[(two >> (9 * row) & ROW0) as usize];
                if in_this_box & ROW0 << (9 * row) != 0 && n > row_most {
                    (r, row_most) = (row, n);
                }
            }
            let cells = in_this_box & ROW0 << (9 * r);
            return Some((b, cells & cells.wrapping_neg()));
        }
        // No cell with two: the first open cell with the fewest of three, four or more.
        let mut best: Option<(usize, usize, u32)> = None;
        for b in 0..3 {
            let open = self.open[b];
            if open == 0 {
                continue;
            }
            let mut at_least = [0u32; 5];
            for d in 0..9 {
                let c = self.cand[d * 3 + b];
                for k in (1..5).rev() {
                    at_least[k] |= at_least[k - 1] & c;
                }
                at_least[0] |= c;
            }
            let exactly_three = open & !at_least[3];
            let exactly_four = open & at_least[3] & !at_least[4];
            let (rank, cells) = match (exactly_three, exactly_four) {
                (0, 0) => (2, open),
                (0, four) => (1, four),
                (three, _) => (0, three),
            };
            if best.is_none_or(|(r, _, _)| rank < r) {
                best = Some((rank, b, cells & cells.wrapping_neg()));
            }
        }
        best.map(|(_, b, bit)| (b, bit))
    }

    /// The grid of a fully placed state (digits 1..=9).
    fn cells(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut m = self.cand[d * 3 + b];
                while m != 0 {
                    let p = m.trailing_zeros() as usize;
                    m &= m - 1;
                    out[b * 27 + p] = d as u8 + 1;
                }
            }
        }
        out
    }
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
        // The cell's digits (bit `digit`), tried in increasing order.
        let mut digits = (0..9).fold(0u32, |m, d| {
            m | u32::from(s.cand[d * 3 + b] & bit != 0) << d
        });
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            if digits == 0 {
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

fn search(state: Option<State>, limit: u64, want_first: bool, budget: &mut Budget) -> Solved {
    let mut search = Search {
        limit: limit.max(1),
        found: 0,
        first: None,
        want_first,
        budget,
        out_of_budget: false,
    };
    if let Some(mut s) = state {
        search.run(&mut s);
    }
    Solved {
        count: Count::from_search(search.found, search.limit, search.out_of_budget),
        first: search.first,
    }
}

/// Counts the solutions of `cells` (0 = empty, 1..=9 = given) up to `limit` (at least 1), and
/// returns the first solution found. Clashing givens or values above 9 give `Exactly(0)`.
pub fn solve(cells: &[u8; 81], limit: u64, budget: &mut Budget) -> Solved {
    search(State::from_cells(cells), limit, true, budget)
}

/// Counts the solutions of `cells` up to `limit`; see [`solve`].
pub fn count_solutions(cells: &[u8; 81], limit: u64, budget: &mut Budget) -> Count {
    search(State::from_cells(cells), limit, false, budget).count
}

/// Whether `cells`, with cell `cell` emptied, has a solution in which that cell holds a digit
/// other than `digit` (a unique puzzle stays unique without that clue exactly when none exists).
/// `None` when the budget ran out.
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
    match search(state, 1, false, budget).count {
        Count::BudgetExhausted => None,
        Count::Exactly(0) => Some(false),
        _ => Some(true),
    }
}

#[cfg(test)]
#[path = "band_solver_tests.rs"]
mod tests;
