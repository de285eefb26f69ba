//! Light chasing: the exact reduction of a W x H board to a small GF(2) system.
//!
//! On a flat board, once the presses of row `r` and row `r - 1` are known, the presses of row
//! `r + 1` are forced: they are whatever still has to toggle the lights of row `r`. So the first
//! row's W presses, as unknowns, determine the whole pattern, and the last row's W lights give W
//! equations. Carrying every press as an affine form over the W unknowns (a bitset of W + 1 bits,
//! the last bit the constant) down the board costs O(W * H * W / 64) word operations and keeps only
//! three rows of forms, O(W * W / 64) words; the W x W system is then solved by bitset Gaussian
//! elimination, and a solution is expanded back by chasing with plain bits, O(W * H / 64).
//!
//! On a torus the first **two** rows are unknown (2W variables): rows 1 ..= H-2 force the rest,
//! and rows H-1 and 0 (which wrap around) give the 2W equations. This needs H >= 3; the solver
//! transposes or falls back to the dense method otherwise.
//!
//! The solutions of the full board and of the reduced system correspond one to one, so the
//! reduced system's null space has the board's nullity, and its null vectors expand (with all
//! lights off) to the board's quiet patterns.

use super::gf2::{BitMatrix, BitVec};
use crate::board::{Board, spread_row, xor_into};

/// Number of unknowns the chase uses on `board`'s shape (W, or 2W on a torus).
pub fn variables(board: &Board) -> usize {
    board.width() as usize * if board.wrap() { 2 } else { 1 }
}

/// Whether the chase applies to this shape (flat, or a torus at least 3 rows high).
pub fn applies(board: &Board) -> bool {
    !board.wrap() || board.height() >= 3
}

/// Rows of affine forms: `w` forms of `fw` words each.
struct FormRow {
    fw: usize,
    words: Vec<u64>,
}

impl FormRow {
    fn zeros(w: usize, fw: usize) -> FormRow {
        FormRow {
            fw,
            words: vec![0; w * fw],
        }
    }

    /// The unit forms `x[offset + c]` for every column `c`.
    fn units(w: usize, fw: usize, offset: usize) -> FormRow {
        let mut row = FormRow::zeros(w, fw);
        for c in 0..w {
            let bit = offset + c;
            row.words[c * fw + bit / 64] ^= 1u64 << (bit % 64);
        }
        row
    }

    fn form(&self, c: usize) -> &[u64] {
        &self.words[c * self.fw..(c + 1) * self.fw]
    }

    fn form_mut(&mut self, c: usize) -> &mut [u64] {
        &mut self.words[c * self.fw..(c + 1) * self.fw]
    }

    fn clear(&mut self) {
        self.words.fill(0);
    }
}

/// `out = constant(lights row r) ^ spread(cur) ^ extra_1 ^ extra_2 ...` as forms.
fn combine(
    out: &mut FormRow,
    lights: &Board,
    r: u32,
    cur: &FormRow,
    extras: &[&FormRow],
    k: usize,
) {
    out.clear();
    let w = lights.width();
    for c in 0..w {
        let cu = c as usize;
        let f = out.form_mut(cu);
        xor_into(f, cur.form(cu));
        for nc in lights.column_neighbours(c).into_iter().flatten() {
            xor_into(f, cur.form(nc as usize));
        }
        for e in extras {
            xor_into(f, e.form(cu));
        }
        if lights.get(r, c) {
            f[k / 64] ^= 1u64 << (k % 64);
        }
    }
}

/// The reduced system for `lights` as an augmented matrix (`variables` unknowns + the constant
/// column): `A x = b` holds exactly when expanding `x` turns every light off.
///
/// # Panics
/// If the chase does not apply to this shape (see [`applies`]).
pub fn reduce(lights: &Board) -> BitMatrix {
    assert!(
        applies(lights),
        "light chasing needs a flat board or a torus >= 3 rows high"
    );
    let w = lights.width() as usize;
    let h = lights.height();
    let nv = variables(lights);
    let fw = (nv + 1).div_ceil(64);
    let mut m = BitMatrix::zeros(nv, nv + 1);
    let (first_rest, mut prev, mut cur) = if lights.wrap() {
        (1, FormRow::units(w, fw, 0), FormRow::units(w, fw, w))
    } else {
        (0, FormRow::zeros(w, fw), FormRow::units(w, fw, 0))
    };
    let mut next = FormRow::zeros(w, fw);
    // Rows first_rest ..= h-2 force the presses of the row below them.
    for r in first_rest..h.saturating_sub(1) {
        combine(&mut next, lights, r, &cur, &[&prev], nv);
        std::mem::swap(&mut prev, &mut next);
        std::mem::swap(&mut prev, &mut cur);
    }
    // Now cur = presses of row h-1, prev = presses of row h-2 (zero forms when h == 1, flat).
    let mut eq = FormRow::zeros(w, fw);
    if lights.wrap() {
        let p0 = FormRow::units(w, fw, 0);
        let p1 = FormRow::units(w, fw, w);
        combine(&mut eq, lights, h - 1, &cur, &[&prev, &p0], nv);
        copy_equations(&mut m, &eq, 0);
        combine(&mut eq, lights, 0, &p0, &[&cur, &p1], nv);
        copy_equations(&mut m, &eq, w);
    } else {
        combine(&mut eq, lights, h - 1, &cur, &[&prev], nv);
        copy_equations(&mut m, &eq, 0);
    }
    m
}

fn copy_equations(m: &mut BitMatrix, eq: &FormRow, first_row: usize) {
    for c in 0..eq.words.len() / eq.fw {
        m.row_mut(first_row + c).copy_from_slice(eq.form(c));
    }
}

/// Expands the unknowns `x` into the full press pattern for `lights` (or, with `lights` all off,
/// into a quiet pattern when `x` is a null vector).
pub fn expand(lights: &Board, x: &BitVec) -> Board {
    let w = lights.width();
    let h = lights.height();
    let mut p = lights.blank_like();
    let seeded_rows = if lights.wrap() { 2 } else { 1 };
    for r in 0..seeded_rows.min(h) {
        for c in 0..w {
            if x.get((r * w + c) as usize) {
                p.set(r, c, true);
            }
        }
    }
    let wpr = p.words_per_row();
    let mut acc = vec![0u64; wpr];
    for r in (seeded_rows - 1)..h.saturating_sub(1) {
        acc.copy_from_slice(lights.row(r));
        spread_row(&mut acc, p.row(r), w, lights.wrap());
        if r > 0 {
            xor_into(&mut acc, p.row(r - 1));
        }
        p.row_mut(r + 1).copy_from_slice(&acc);
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gf2::solve_augmented;

    #[test]
    fn chase_solution_turns_lights_off() {
        let mut rng = dayseed_core::Rng::from_seed(11);
        for &(w, h, wrap) in &[
            (5u32, 5u32, false),
            (6, 6, false),
            (7, 3, false),
            (3, 9, false),
            (1, 1, false),
            (1, 5, false),
            (70, 4, false),
            (5, 5, true),
            (4, 3, true),
            (2, 5, true),
            (1, 4, true),
            (66, 3, true),
        ] {
            // A solvable board: the effect of random presses.
            let mut pattern = Board::new(w, h, wrap);
            for r in 0..h {
                for c in 0..w {
                    pattern.set(r, c, rng.chance(1, 2));
                }
            }
            let lights = pattern.effect();
            let n = variables(&lights);
            let set = solve_augmented(&mut reduce(&lights), n);
            let x = set.particular.expect("solvable by construction");
            let sol = expand(&lights, &x);
            let mut after = lights.clone();
            after.apply_pattern(&sol);
            assert!(after.is_clear(), "{w}x{h} wrap={wrap}");
            for q in &set.null_basis {
                let quiet = expand(&lights.blank_like(), q);
                assert!(!quiet.is_clear());
                assert!(quiet.effect().is_clear(), "{w}x{h} wrap={wrap}");
            }
        }
    }
}
