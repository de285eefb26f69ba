//! Placing a digit on, and reading naked singles from, the per-(digit, band) candidate masks of [`super::solver_v1`]'s layout, shared
//! by the singles tests of g1 and g2 (frozen with both).

use super::solver_v1::{column_cells, rows_and_boxes};

/// A contradiction: the placements show the grid has no solution.
pub(crate) struct Dead;

/// Places digit `d` on cell `bit` of band `b` if it is still a candidate there: the cell leaves
/// every digit's mask and its row, box and column leave `d`'s masks, then `d`'s own mask of this
/// band gets its cell back (clearing all and restoring has no branches).
#[inline(always)]
pub(crate) fn place(
    cand: &mut [u32; 27],
    unsolved: &mut [u32; 3],
    d: usize,
    b: usize,
    bit: u32,
) -> Result<(), Dead> {
    let i = d * 3 + b;
    if cand[i] & bit == 0 {
        return Err(Dead);
    }
    let own = cand[i] & (!rows_and_boxes(bit) | bit);
    unsolved[b] &= !bit;
    for e in 0..9 {
        cand[e * 3 + b] &= !bit;
    }
    let cols = !column_cells(bit);
    for b2 in 0..3 {
        cand[d * 3 + b2] &= cols;
    }
    cand[i] = own;
    Ok(())
}

/// Places every bit of `cells` (band `b`) as digit `d`.
#[inline(always)]
pub(crate) fn place_all(
    cand: &mut [u32; 27],
    unsolved: &mut [u32; 3],
    d: usize,
    b: usize,
    mut cells: u32,
) -> Result<(), Dead> {
    while cells != 0 {
        let bit = cells & cells.wrapping_neg();
        cells ^= bit;
        place(cand, unsolved, d, b, bit)?;
    }
    Ok(())
}

/// The cells of band `b` with at least one candidate digit, and those with at least two: a
/// cell in the first mask but not the second is a naked single.
#[inline(always)]
pub(crate) fn candidate_cover(cand: &[u32; 27], b: usize) -> (u32, u32) {
    let (mut once, mut twice) = (0, 0);
    for d in 0..9 {
        let c = cand[d * 3 + b];
        twice |= once & c;
        once |= c;
    }
    (once, twice)
}
