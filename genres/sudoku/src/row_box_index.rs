//! The band step's table index: a band mask's 3x3 row-by-box occupancy (which mini-rows of a
//! digit's band mask hold a cell) by one multiplication instead of a lookup per row. The band
//! step of both solvers, the live [`crate::band_solver`] and the frozen
//! [`crate::generator::solver_v1`], reads its tables through this index; the tables are
//! re-indexed by [`by_index`] when they are built, so every lookup gives the entry of the mask's
//! occupancy (the same answers as indexing by the occupancy itself).

/// The first cell of every mini-row of a band (three cells of a row inside a box).
const MINI_ROWS: u32 = 0o111_111_111;

/// A multiplier that sends the 512 sets of first mini-row cells ([`MINI_ROWS`]) to 512 distinct
/// values of the top nine bits of the 32-bit product (found by a search over sparse random
/// numbers, as for "magic bitboards"; [`by_index`] checks that it is one to one when a table is
/// built).
const ROW_BOX_MAGIC: u32 = 0x0201_4040;

/// The index of band mask `a` in the tables built by [`by_index`]: the mini-rows with a cell,
/// each folded onto its first cell, sent through [`ROW_BOX_MAGIC`]. Bits above the band are
/// ignored.
#[inline(always)]
pub(crate) fn row_box_index(a: u32) -> usize {
    let t = (a | a >> 1 | a >> 2) & MINI_ROWS;
    (t.wrapping_mul(ROW_BOX_MAGIC) >> 23) as usize
}

/// [`row_box_index`] of any mask with the row-by-box occupancy `occupancy` (bit `row * 3 + box`).
pub(crate) const fn occupancy_index(occupancy: usize) -> usize {
    let mut t = 0u32;
    let mut bit = 0;
    while bit < 9 {
        if occupancy >> bit & 1 == 1 {
            t |= 1 << ((bit / 3) * 9 + (bit % 3) * 3);
        }
        bit += 1;
    }
    (t.wrapping_mul(ROW_BOX_MAGIC) >> 23) as usize
}

/// A table indexed by row-by-box occupancy, re-indexed by [`row_box_index`]; fails to build if
/// the index is not one to one.
pub(crate) const fn by_index<T: Copy>(by_occupancy: [T; 512]) -> [T; 512] {
    let mut t = by_occupancy;
    let mut hit = [false; 512];
    let mut s = 0;
    while s < 512 {
        let i = occupancy_index(s);
        assert!(!hit[i], "ROW_BOX_MAGIC must be one to one");
        hit[i] = true;
        t[i] = by_occupancy[s];
        s += 1;
    }
    t
}

/// Two 512-entry tables in one, `low` in the low half of each entry and `high` in the high half,
/// so that the band step reads both with one load.
pub(crate) const fn in_one_load(low: [u32; 512], high: [u32; 512]) -> [u64; 512] {
    let mut t = [0u64; 512];
    let mut s = 0;
    while s < 512 {
        t[s] = low[s] as u64 | (high[s] as u64) << 32;
        s += 1;
    }
    t
}
