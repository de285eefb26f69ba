//! The singles closure used by the g2 generator: naked and hidden singles applied until nothing
//! more follows. Unlike the frozen g1 test ([`crate::generator::g1`]'s) it is complete — every single
//! that exists is found — so its answer is a property of the grid alone (for a grid with a
//! solution, singles are sound and the closure does not depend on the order they are applied
//! in), not of this implementation.

use crate::board::Cells;
use crate::generator::placement::{self, Dead};
use crate::generator::solver_v1::{
    BAND, BOX_CELLS, ONE_COLUMN_BOXES, ONE_ROW_BOXES, ROW0, column_cells, initial_masks,
    rows_and_boxes,
};
use crate::row_box_index::{by_index, row_box_index};

/// For the 9 cells of a row, the row itself when it has exactly one cell, else 0.
const ALONE: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        if (s as u32).is_power_of_two() {
            t[s] = s as u32;
        }
        s += 1;
    }
    t
};

/// Bit of [`ROW_BOX_INFO`]: a row or a box of the band has no cell.
const EMPTY_HOUSE: u8 = 0x80;

/// For a 3x3 row-by-box occupancy (bit `row * 3 + box`): the boxes (3 bits) confined to one
/// row, and [`EMPTY_HOUSE`] when a row or a box has no cell; indexed by
/// [`row_box_index`] (see [`by_index`]).
const ROW_BOX_INFO: [u8; 512] = by_index({
    let mut t = [0u8; 512];
    let mut s = 0;
    while s < 512 {
        let rows_full = s & 0o7 != 0 && s & 0o70 != 0 && s & 0o700 != 0;
        let boxes_full = (s | s >> 3 | s >> 6) & 7 == 7;
        t[s] = ONE_ROW_BOXES[s];
        if !(rows_full && boxes_full) {
            t[s] |= EMPTY_HOUSE;
        }
        s += 1;
    }
    t
});

/// A grid under singles: candidates per (digit, band) as 27-bit masks (bit `row_in_band * 9 +
/// column`, the layout of [`crate::generator::solver_v1`]; a placed digit stays in its own mask).
#[derive(Clone)]
pub struct Closure {
    cand: [u32; 27],
    /// The masks of each digit as its houses were last examined (0 = never): a digit whose
    /// three masks are unchanged since holds no single that examination did not place.
    seen: [u32; 27],
    unsolved: [u32; 3],
}

impl Closure {
    /// The grid of the givens `givens`, as masks per (digit, band) in the layout above (bit
    /// `row_in_band * 9 + column` of entry `digit_index * 3 + band`). The givens must not
    /// clash (two of one digit in a house); a generator removing clues from a solved grid can
    /// keep these masks up to date instead of re-reading the cells.
    pub fn from_givens(givens: &[u32; 27]) -> Closure {
        let mut taken = [0u32; 3];
        for (k, g) in givens.iter().enumerate() {
            taken[k % 3] |= g;
        }
        let mut cand = [0u32; 27];
        for d in 0..9 {
            let at = d * 3;
            let cols = column_cells(givens[at] | givens[at + 1] | givens[at + 2]);
            for b in 0..3 {
                let g = givens[at + b];
                cand[at + b] = (BAND & !cols & !taken[b] & !rows_and_boxes(g)) | g;
            }
        }
        Closure {
            cand,
            seen: [0; 27],
            unsolved: taken.map(|t| BAND & !t),
        }
    }

    /// Adds the given `digit` (1..=9) at `cell` unless the cell is already filled; false when
    /// `cell` or `digit` is out of range or the digit is no longer possible there.
    pub fn give(&mut self, cell: usize, digit: u8) -> bool {
        if cell >= 81 || !(1..=9).contains(&digit) {
            return false;
        }
        let (b, bit) = (cell / 27, 1 << (cell % 27));
        self.unsolved[b] & bit == 0 || self.place(usize::from(digit - 1), b, bit).is_ok()
    }

    /// Whether `cell` (0..81) holds a digit, given or found.
    pub fn filled(&self, cell: usize) -> bool {
        cell < 81 && self.unsolved[cell / 27] & 1 << (cell % 27) == 0
    }

    /// Applies singles until nothing more follows or `goal` is filled (`None`: every cell);
    /// returns whether it is filled. A contradiction gives false (the grid has no solution).
    pub fn settle(&mut self, goal: Option<usize>) -> bool {
        match goal {
            None => self.run(3, 0).unwrap_or(false),
            Some(cell) if cell < 81 => self.run(cell / 27, 1 << (cell % 27)).unwrap_or(false),
            Some(_) => false,
        }
    }

    /// Places digit `d` on cell `bit` of band `b` if it is still a candidate there.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, bit: u32) -> Result<(), Dead> {
        placement::place(&mut self.cand, &mut self.unsolved, d, b, bit)
    }

    /// Places every bit of `cells` (band `b`) as digit `d`.
    #[inline(always)]
    fn place_all(&mut self, d: usize, b: usize, cells: u32) -> Result<(), Dead> {
        placement::place_all(&mut self.cand, &mut self.unsolved, d, b, cells)
    }

    /// Hidden singles of digit `d` in its rows, boxes and columns, found on the masks as they
    /// are and then placed together (all are the digit's cells in every solution, so no
    /// placement can clash with another on a grid that has one). Records the masks it
    /// examined, so what its placements change is examined again on the next sweep.
    fn hidden(&mut self, d: usize) -> Result<(), Dead> {
        let at = d * 3;
        let a = [self.cand[at], self.cand[at + 1], self.cand[at + 2]];
        if a == [self.seen[at], self.seen[at + 1], self.seen[at + 2]] {
            return Ok(());
        }
        self.seen[at..at + 3].copy_from_slice(&a);
        // Rows and boxes of each band: an empty one is a contradiction, one with a single
        // candidate is a hidden single (by table lookups: no branch on unpredictable outcomes).
        let mut dead = false;
        let mut singles = [0u32; 3];
        for b in 0..3 {
            let x = a[b];
            let rows = [x & ROW0, x >> 9 & ROW0, x >> 18];
            let info = ROW_BOX_INFO[row_box_index(x)];
            dead |= info & EMPTY_HOUSE != 0;
            let cols = (rows[0] | rows[1] | rows[2]) as usize;
            let alone = info & ONE_COLUMN_BOXES[cols] & 7;
            singles[b] = ALONE[rows[0] as usize]
                | ALONE[rows[1] as usize] << 9
                | ALONE[rows[2] as usize] << 18
                | x & BOX_CELLS[usize::from(alone)];
        }
        // Columns: the column occupancy of each band (9 bits), and the columns with one cell
        // in the band; a column with one cell over the three bands is a hidden single.
        let mut occ = [0u32; 3];
        let mut one = [0u32; 3];
        for b in 0..3 {
            let (r0, r1, r2) = (a[b] & ROW0, a[b] >> 9 & ROW0, a[b] >> 18);
            occ[b] = r0 | r1 | r2;
            one[b] = (r0 ^ r1 ^ r2) & !(r0 & r1 & r2);
        }
        dead |= occ[0] | occ[1] | occ[2] != ROW0;
        let others = [occ[1] | occ[2], occ[0] | occ[2], occ[0] | occ[1]];
        for b in 0..3 {
            singles[b] |= a[b] & column_cells(one[b] & !others[b]);
            singles[b] &= self.unsolved[b];
        }
        if dead {
            return Err(Dead);
        }
        if singles == [0; 3] {
            return Ok(());
        }
        for (b, &cells) in singles.iter().enumerate() {
            self.place_all(d, b, cells)?;
        }
        Ok(())
    }

    /// Naked singles of band `b`.
    fn naked(&mut self, b: usize) -> Result<(), Dead> {
        let un = self.unsolved[b];
        if un == 0 {
            return Ok(());
        }
        let (x1, x2) = placement::candidate_cover(&self.cand, b);
        if x1 != BAND {
            return Err(Dead);
        }
        let mut singles = un & !x2;
        while singles != 0 {
            let bit = singles & singles.wrapping_neg();
            singles ^= bit;
            // The cell's one candidate (branch-free: which digit it is is unpredictable); a
            // cell that lost it to an earlier placement here shows as a contradiction.
            let mut d = 0;
            for e in 0..9 {
                d |= if self.cand[e * 3 + b] & bit != 0 {
                    e
                } else {
                    0
                };
            }
            self.place(d, b, bit)?;
        }
        Ok(())
    }

    /// Sweeps until the closure is reached (false) or the goal is met (true): cell `bit` of
    /// band `band` filled, or with `band == 3` every cell.
    fn run(&mut self, band: usize, bit: u32) -> Result<bool, Dead> {
        let done = |s: &Closure| match s.unsolved.get(band) {
            Some(u) => u & bit == 0,
            None => s.unsolved == [0; 3],
        };
        loop {
            let before = self.unsolved;
            for d in 0..9 {
                self.hidden(d)?;
                if done(self) {
                    return Ok(true);
                }
            }
            for b in 0..3 {
                self.naked(b)?;
            }
            if done(self) {
                return Ok(true);
            }
            if self.unsolved == before {
                return Ok(false);
            }
        }
    }
}

/// True when naked and hidden singles, applied until nothing more follows, fill `cell` of
/// `cells` (0 = empty) without a contradiction. For a grid that singles solve once `cell` is
/// given, this is whether singles still solve it without that clue. Clashing givens, values
/// above 9 or `cell >= 81` give false.
pub fn singles_fill(cells: &Cells, cell: usize) -> bool {
    from_cells(cells).is_some_and(|mut c| c.settle(Some(cell)))
}

/// True when naked and hidden singles alone fill every cell of `cells` without a
/// contradiction (the complete test; see the module docs).
pub fn solved_by_singles(cells: &Cells) -> bool {
    from_cells(cells).is_some_and(|mut c| c.settle(None))
}

/// The grid of `cells`; `None` when givens clash or a value is above 9.
fn from_cells(cells: &Cells) -> Option<Closure> {
    let (cand, unsolved) = initial_masks(cells)?;
    Some(Closure {
        cand,
        seen: [0; 27],
        unsolved,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{parse, singles_reference};
    use dayseed_core::rng::Rng;

    #[test]
    fn easy_puzzle_is_solved_and_hard_one_is_not() {
        let easy = parse(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        assert!(solved_by_singles(&easy));
        assert!(singles_fill(&easy, 2));
        let hard = parse(
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        assert!(!solved_by_singles(&hard));
        assert!(!solved_by_singles(&[0; 81]));
        assert!(!singles_fill(&easy, 81));
        let mut clash = easy;
        clash[2] = 5;
        assert!(!solved_by_singles(&clash));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]
        /// Exactly the plain reference (sound and complete) on random grids with random holes,
        /// some of them broken.
        #[test]
        fn agrees_with_reference(seed: u64, holes in 35usize..65) {
            let mut rng = Rng::from_seed(seed);
            let mut cells = crate::generator::solver_v1::random_grid(&mut rng);
            let mut order: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut order);
            for &i in &order[..holes] {
                cells[i] = 0;
            }
            if seed % 7 == 0 {
                cells[order[0]] = (seed % 9) as u8 + 1;
            }
            proptest::prop_assert_eq!(solved_by_singles(&cells), singles_reference(&cells));
        }
    }
}
