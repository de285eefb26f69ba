//! The textbook method: one unknown per cell, one equation per light, `W*H` x `W*H` elimination.
//! Used for tiny tori the chase does not cover (both sides < 3) and, in tests, as an independent
//! check of the chase.

use super::gf2::{BitMatrix, SolutionSet, solve_augmented};
use crate::board::Board;

/// The most cells the dense method accepts (its cost grows as cells^3 / 64).
pub const MAX_DENSE_CELLS: u64 = 4096;

/// Solves `lights` with one unknown per cell; vectors index cells row-major.
///
/// # Panics
/// If the board has more than [`MAX_DENSE_CELLS`] cells (a programming error in the caller).
pub fn solve(lights: &Board) -> SolutionSet {
    assert!(
        lights.cells() <= MAX_DENSE_CELLS,
        "board too large for the dense method"
    );
    let w = lights.width();
    let n = lights.cells() as usize;
    let mut m = BitMatrix::zeros(n, n + 1);
    for r in 0..lights.height() {
        for c in 0..w {
            let press = (r * w + c) as usize;
            let mut effect = lights.blank_like();
            effect.press(r, c);
            for (er, ec) in effect.ones() {
                m.flip((er * w + ec) as usize, press);
            }
            if lights.get(r, c) {
                m.flip(press, n);
            }
        }
    }
    solve_augmented(&mut m, n)
}

/// A cell-indexed vector as a press pattern of `shape`'s size.
pub fn to_board(shape: &Board, v: &super::gf2::BitVec) -> Board {
    let mut b = shape.blank_like();
    let w = shape.width();
    for r in 0..shape.height() {
        for c in 0..w {
            if v.get((r * w + c) as usize) {
                b.set(r, c, true);
            }
        }
    }
    b
}
