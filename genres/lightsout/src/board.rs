//! The Lights Out board: a W x H grid of bits stored row by row as 64-bit words, with the press
//! rule (a press toggles the cell and its orthogonal neighbours) on a flat or toroidal board.
//!
//! Neighbourhoods are **sets**: on a toroidal board narrower or shorter than 3 cells, a neighbour
//! reached both ways (left and right on a 2-wide torus) is toggled once, and a cell that is its own
//! neighbour (1-wide torus) is not toggled again. From 3 x 3 up the torus is the usual one.

/// The largest width or height any board may have.
pub const MAX_SIDE: u32 = 2000;

/// A grid of bits: lights (1 = lit) or a press pattern (1 = pressed), same layout for both.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    width: u32,
    height: u32,
    wrap: bool,
    wpr: usize,
    bits: Vec<u64>,
}

impl Board {
    /// An all-off board.
    ///
    /// # Panics
    /// If a side is 0 or above [`MAX_SIDE`] (callers validate sizes first).
    pub fn new(width: u32, height: u32, wrap: bool) -> Board {
        assert!(
            (1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height),
            "board size {width}x{height} out of range"
        );
        let wpr = (width as usize).div_ceil(64);
        Board {
            width,
            height,
            wrap,
            wpr,
            bits: vec![0; wpr * height as usize],
        }
    }

    /// An all-off board of the same shape.
    pub fn blank_like(&self) -> Board {
        Board::new(self.width, self.height, self.wrap)
    }

    /// Width (columns).
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height (rows).
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether the board wraps around (torus).
    pub fn wrap(&self) -> bool {
        self.wrap
    }

    /// Number of cells.
    pub fn cells(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }

    /// 64-bit words per row.
    pub fn words_per_row(&self) -> usize {
        self.wpr
    }

    /// All words, row after row.
    pub fn words(&self) -> &[u64] {
        &self.bits
    }

    /// Row `r` as words (bit `c % 64` of word `c / 64` is column `c`).
    pub fn row(&self, r: u32) -> &[u64] {
        let start = r as usize * self.wpr;
        &self.bits[start..start + self.wpr]
    }

    /// Row `r` as mutable words.
    pub fn row_mut(&mut self, r: u32) -> &mut [u64] {
        let start = r as usize * self.wpr;
        &mut self.bits[start..start + self.wpr]
    }

    /// The bit at (row, column).
    pub fn get(&self, r: u32, c: u32) -> bool {
        (self.row(r)[c as usize / 64] >> (c % 64)) & 1 == 1
    }

    /// Sets the bit at (row, column).
    pub fn set(&mut self, r: u32, c: u32, on: bool) {
        let word = &mut self.row_mut(r)[c as usize / 64];
        let mask = 1u64 << (c % 64);
        if on {
            *word |= mask;
        } else {
            *word &= !mask;
        }
    }

    /// Flips the bit at (row, column).
    pub fn toggle(&mut self, r: u32, c: u32) {
        self.row_mut(r)[c as usize / 64] ^= 1u64 << (c % 64);
    }

    /// The distinct columns next to column `c` in a row (set semantics on narrow tori).
    pub fn column_neighbours(&self, c: u32) -> [Option<u32>; 2] {
        side_neighbours(c, self.width, self.wrap)
    }

    /// The distinct rows next to row `r` (set semantics on short tori).
    pub fn row_neighbours(&self, r: u32) -> [Option<u32>; 2] {
        side_neighbours(r, self.height, self.wrap)
    }

    /// Presses (row, column): toggles the cell and its distinct orthogonal neighbours.
    pub fn press(&mut self, r: u32, c: u32) {
        self.toggle(r, c);
        for nc in self.column_neighbours(c).into_iter().flatten() {
            self.toggle(r, nc);
        }
        for nr in self.row_neighbours(r).into_iter().flatten() {
            self.toggle(nr, c);
        }
    }

    /// XORs the lights that pressing every cell set in `pattern` toggles into this board
    /// (row-parallel, linear in the board size).
    pub fn apply_pattern(&mut self, pattern: &Board) {
        debug_assert!(self.same_shape(pattern));
        for r in 0..self.height {
            let src = pattern.row(r);
            let start = r as usize * self.wpr;
            spread_row(
                &mut self.bits[start..start + self.wpr],
                src,
                self.width,
                self.wrap,
            );
            for nr in self.row_neighbours(r).into_iter().flatten() {
                xor_into(self.row_mut(nr), src);
            }
        }
    }

    /// The lights produced from an all-off board by pressing every cell set in this pattern.
    pub fn effect(&self) -> Board {
        let mut out = self.blank_like();
        out.apply_pattern(self);
        out
    }

    /// XORs another board of the same shape into this one.
    pub fn xor_with(&mut self, other: &Board) {
        debug_assert!(self.same_shape(other));
        xor_into(&mut self.bits, &other.bits);
    }

    /// True when every bit is 0 (all lights off).
    pub fn is_clear(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }

    /// Number of bits set.
    pub fn count_ones(&self) -> u64 {
        self.bits.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// The set cells as (row, column), row-major.
    pub fn ones(&self) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for r in 0..self.height {
            for (i, &word) in self.row(r).iter().enumerate() {
                let mut w = word;
                while w != 0 {
                    let bit = w.trailing_zeros();
                    out.push((r, i as u32 * 64 + bit));
                    w &= w - 1;
                }
            }
        }
        out
    }

    /// The first set cell in row-major order.
    pub fn first_one(&self) -> Option<(u32, u32)> {
        (0..self.height).find_map(|r| {
            self.row(r)
                .iter()
                .enumerate()
                .find(|(_, w)| **w != 0)
                .map(|(i, w)| (r, i as u32 * 64 + w.trailing_zeros()))
        })
    }

    /// The same board with rows and columns exchanged.
    pub fn transposed(&self) -> Board {
        let mut out = Board::new(self.height, self.width, self.wrap);
        for (r, c) in self.ones() {
            out.set(c, r, true);
        }
        out
    }

    /// Same width, height and wrap.
    pub fn same_shape(&self, other: &Board) -> bool {
        self.width == other.width && self.height == other.height && self.wrap == other.wrap
    }
}

/// The distinct neighbours of index `i` on a line of `len` cells (wrapping or not), excluding `i`.
fn side_neighbours(i: u32, len: u32, wrap: bool) -> [Option<u32>; 2] {
    if wrap {
        match len {
            1 => [None, None],
            2 => [Some(1 - i), None],
            _ => [Some((i + len - 1) % len), Some((i + 1) % len)],
        }
    } else {
        [i.checked_sub(1), (i + 1 < len).then_some(i + 1)]
    }
}

/// `dst ^= src`, word by word.
pub(crate) fn xor_into(dst: &mut [u64], src: &[u64]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d ^= *s;
    }
}

/// `dst ^= src ^ left(src) ^ right(src)`: the toggles a row of presses makes in its own row.
pub(crate) fn spread_row(dst: &mut [u64], src: &[u64], width: u32, wrap: bool) {
    xor_into(dst, src);
    if width == 1 {
        return;
    }
    if wrap && width == 2 {
        let w = src[0];
        dst[0] ^= ((w & 1) << 1) | ((w >> 1) & 1);
        return;
    }
    let n = src.len();
    for i in 0..n {
        let lower = if i > 0 { src[i - 1] >> 63 } else { 0 };
        let upper = if i + 1 < n { src[i + 1] << 63 } else { 0 };
        dst[i] ^= (src[i] << 1 | lower) ^ (src[i] >> 1 | upper);
    }
    let last_bits = (width - 1) % 64;
    // The left shift pushed column width-1 into column width, outside the row: take it back out
    // (when column width-1 is bit 63, the shift already dropped it).
    if last_bits < 63 {
        let spill = (src[n - 1] >> last_bits) & 1;
        dst[n - 1] ^= spill << (last_bits + 1);
    }
    if wrap {
        let top = (src[n - 1] >> last_bits) & 1;
        let bottom = src[0] & 1;
        dst[0] ^= top;
        dst[n - 1] ^= bottom << last_bits;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seeded(width: u32, height: u32, wrap: bool, seed: u64) -> Board {
        let mut rng = dayseed_core::Rng::from_seed(seed);
        let mut b = Board::new(width, height, wrap);
        for r in 0..height {
            for c in 0..width {
                if rng.chance(1, 2) {
                    b.set(r, c, true);
                }
            }
        }
        b
    }

    #[test]
    fn press_toggles_plus_shape() {
        let mut b = Board::new(5, 4, false);
        b.press(0, 0);
        assert_eq!(b.ones(), vec![(0, 0), (0, 1), (1, 0)]);
        let mut b = Board::new(5, 4, false);
        b.press(2, 2);
        assert_eq!(b.ones(), vec![(1, 2), (2, 1), (2, 2), (2, 3), (3, 2)]);
        let mut t = Board::new(5, 4, true);
        t.press(0, 0);
        assert_eq!(t.ones(), vec![(0, 0), (0, 1), (0, 4), (1, 0), (3, 0)]);
    }

    #[test]
    fn narrow_tori_use_set_semantics() {
        let mut b = Board::new(2, 1, true);
        b.press(0, 0);
        assert_eq!(b.ones(), vec![(0, 0), (0, 1)]);
        let mut b = Board::new(1, 1, true);
        b.press(0, 0);
        assert_eq!(b.ones(), vec![(0, 0)]);
        let mut b = Board::new(3, 2, true);
        b.press(0, 1);
        assert_eq!(b.ones(), vec![(0, 0), (0, 1), (0, 2), (1, 1)]);
    }

    #[test]
    fn row_parallel_effect_matches_cell_presses() {
        let sizes = [
            (1, 1),
            (2, 1),
            (1, 3),
            (2, 2),
            (3, 3),
            (5, 4),
            (63, 2),
            (64, 3),
            (65, 3),
            (127, 2),
            (128, 2),
            (130, 4),
        ];
        for (i, &(w, h)) in sizes.iter().enumerate() {
            for wrap in [false, true] {
                let pattern = seeded(w, h, wrap, i as u64 * 7 + u64::from(wrap));
                let mut slow = pattern.blank_like();
                for (r, c) in pattern.ones() {
                    slow.press(r, c);
                }
                assert_eq!(pattern.effect(), slow, "{w}x{h} wrap={wrap}");
            }
        }
    }

    #[test]
    fn ones_first_one_and_transpose() {
        let b = seeded(70, 3, false, 9);
        let ones = b.ones();
        assert_eq!(ones.len() as u64, b.count_ones());
        assert_eq!(b.first_one(), ones.first().copied());
        let t = b.transposed();
        assert_eq!(t.width(), 3);
        assert_eq!(t.transposed(), b);
        assert!(Board::new(4, 4, false).first_one().is_none());
    }
}
