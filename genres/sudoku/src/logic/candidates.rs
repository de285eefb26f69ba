//! The candidate grid every technique reads: placed digits, candidate masks (bit d = digit d),
//! and the unit and peer tables, built at compile time. Cell sets are 81-bit `u128` bitboards.

/// A set of cells: bit c is cell c (row-major, 0..81).
pub(crate) type Bits = u128;

/// Candidate mask with every digit 1..=9.
pub(crate) const ALL_DIGITS: u16 = 0x3FE;

/// Row of a cell (0..9).
pub(crate) const fn row(c: usize) -> usize {
    c / 9
}

/// Column of a cell (0..9).
pub(crate) const fn col(c: usize) -> usize {
    c % 9
}

/// Box of a cell (0..9, row-major).
pub(crate) const fn box_of(c: usize) -> usize {
    (c / 27) * 3 + (c % 9) / 3
}

/// Units 0..9 are rows, 9..18 columns, 18..27 boxes; each lists its nine cells in order.
pub(crate) const UNITS: [[u8; 9]; 27] = build_units();

/// Each unit as a bitboard.
pub(crate) const UNIT_BITS: [Bits; 27] = build_unit_bits();

/// The 20 peers of each cell (cells sharing a unit), as a bitboard.
pub(crate) const PEER_BITS: [Bits; 81] = build_peer_bits();

/// The 20 peers of each cell, in increasing order.
pub(crate) const PEERS: [[u8; 20]; 81] = build_peers();

/// The 20 peers of each cell in Sukaku Explainer's order: its box, then its row, then its
/// column, each in unit order, a cell listed once (the table [`peers_se_in`] follows).
#[cfg(test)]
const PEERS_SE: [[u8; 20]; 81] = build_peers_se();

/// The peers of `c` within `m`, in Sukaku Explainer's order (the chain rungs follow
/// implications in it): its box, then its row, then its column, each in unit order, a cell
/// listed once. Every unit lists its cells in increasing order, so each part is a bitboard walk.
/// (The forcing chains' link table lists them so; this is its reference in tests.)
#[cfg(test)]
pub(crate) fn peers_se_in(c: usize, m: Bits) -> impl Iterator<Item = usize> {
    let p = m & PEER_BITS[c];
    let b = UNIT_BITS[18 + box_of(c)];
    let parts = [
        p & b,
        p & UNIT_BITS[row(c)] & !b,
        p & UNIT_BITS[9 + col(c)] & !b,
    ];
    parts.into_iter().flat_map(cells_of)
}

const fn build_units() -> [[u8; 9]; 27] {
    let mut u = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            u[i][j] = (i * 9 + j) as u8;
            u[9 + i][j] = (j * 9 + i) as u8;
            u[18 + i][j] = ((i / 3) * 27 + (i % 3) * 3 + (j / 3) * 9 + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    u
}

const fn build_cell_units() -> [[u8; 3]; 81] {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = [row(c) as u8, (9 + col(c)) as u8, (18 + box_of(c)) as u8];
        c += 1;
    }
    t
}

const fn build_unit_bits() -> [Bits; 27] {
    let units = build_units();
    let mut b = [0u128; 27];
    let mut u = 0;
    while u < 27 {
        let mut j = 0;
        while j < 9 {
            b[u] |= 1u128 << units[u][j];
            j += 1;
        }
        u += 1;
    }
    b
}

const fn build_peer_bits() -> [Bits; 81] {
    let ub = build_unit_bits();
    let cu = build_cell_units();
    let mut p = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        p[c] =
            (ub[cu[c][0] as usize] | ub[cu[c][1] as usize] | ub[cu[c][2] as usize]) & !(1u128 << c);
        c += 1;
    }
    p
}

const fn build_peers() -> [[u8; 20]; 81] {
    let pb = build_peer_bits();
    let mut t = [[0u8; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let mut k = 0;
        let mut o = 0;
        while o < 81 {
            if pb[c] & (1u128 << o) != 0 {
                t[c][k] = o as u8;
                k += 1;
            }
            o += 1;
        }
        c += 1;
    }
    t
}

#[cfg(test)]
const fn build_peers_se() -> [[u8; 20]; 81] {
    let units = build_units();
    let cu = build_cell_units();
    let mut t = [[0u8; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let mut k = 0;
        let mut seen = 1u128 << c;
        let order = [cu[c][2], cu[c][0], cu[c][1]];
        let mut i = 0;
        while i < 3 {
            let mut j = 0;
            while j < 9 {
                let o = units[order[i] as usize][j];
                if seen & (1u128 << o) == 0 {
                    seen |= 1u128 << o;
                    t[c][k] = o;
                    k += 1;
                }
                j += 1;
            }
            i += 1;
        }
        c += 1;
    }
    t
}

/// The single-cell bitboard.
#[inline]
pub(crate) const fn bit(c: usize) -> Bits {
    1u128 << c
}

/// Iterates the cells of a bitboard in increasing order.
#[inline]
pub(crate) fn cells_of(mut b: Bits) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if b == 0 {
            None
        } else {
            let c = b.trailing_zeros() as usize;
            b &= b - 1;
            Some(c)
        }
    })
}

/// Iterates the digits (or 0..9 positions) of a small mask in increasing order.
#[inline]
pub(crate) fn digits_of(mut m: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let d = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(d)
        }
    })
}

/// Placed digits and candidates. A placed cell has value 1..=9 and candidate mask 0; an empty
/// cell has value 0 and a mask of the digits still possible there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Grid {
    /// Placed digit per cell (0 = empty).
    pub(crate) value: [u8; 81],
    /// Candidate mask per empty cell (bit d = digit d).
    pub(crate) cand: [u16; 81],
}

impl Grid {
    /// The grid of the given digits (0 = empty) with candidates from the rules; `None` if two
    /// digits clash or a value is above 9.
    pub(crate) fn new(cells: &[u8; 81]) -> Option<Grid> {
        let mut g = Grid {
            value: [0; 81],
            cand: [ALL_DIGITS; 81],
        };
        for (c, &d) in cells.iter().enumerate() {
            if d != 0 {
                if d > 9 || g.cand[c] & (1 << d) == 0 {
                    return None;
                }
                g.place(c, d);
            }
        }
        Some(g)
    }

    /// Places `d` in `c` and removes it from the peers' candidates.
    #[inline]
    pub(crate) fn place(&mut self, c: usize, d: u8) {
        self.value[c] = d;
        self.cand[c] = 0;
        let m = !(1u16 << d);
        for &p in &PEERS[c] {
            self.cand[p as usize] &= m;
        }
    }

    /// Places `d` in `c` if it is still a candidate there; true if it was placed.
    #[inline]
    pub(crate) fn try_place(&mut self, c: usize, d: u8) -> bool {
        if self.value[c] == 0 && self.cand[c] & (1 << d) != 0 {
            self.place(c, d);
            true
        } else {
            false
        }
    }

    /// Removes candidate `d` from `c`; true if it was there.
    #[inline]
    pub(crate) fn eliminate(&mut self, c: usize, d: u8) -> bool {
        let had = self.cand[c] & (1 << d) != 0;
        self.cand[c] &= !(1 << d);
        had
    }

    /// True when every cell holds a digit.
    pub(crate) fn is_solved(&self) -> bool {
        self.value.iter().all(|&v| v != 0)
    }

    /// The cells where `d` is still a candidate.
    pub(crate) fn digit_bits(&self, d: u8) -> Bits {
        let m = 1u16 << d;
        let mut b = 0u128;
        for c in 0..81 {
            if self.cand[c] & m != 0 {
                b |= bit(c);
            }
        }
        b
    }

    /// The cells where each digit is still a candidate (index 0 empty), in one pass.
    pub(crate) fn digits_bits(&self) -> [Bits; 10] {
        let mut digits = [0; 10];
        for (c, &m) in self.cand.iter().enumerate() {
            for d in digits_of(m) {
                digits[usize::from(d)] |= bit(c);
            }
        }
        digits
    }

    /// The empty cells with exactly two candidates.
    pub(crate) fn bivalue_bits(&self) -> Bits {
        let mut b = 0u128;
        for c in 0..81 {
            if self.cand[c].count_ones() == 2 {
                b |= bit(c);
            }
        }
        b
    }

    /// True if the position is visibly impossible: an empty cell without candidates, or a unit
    /// where some digit is neither placed nor possible.
    pub(crate) fn contradiction(&self) -> bool {
        if (0..81).any(|c| self.value[c] == 0 && self.cand[c] == 0) {
            return true;
        }
        UNITS.iter().any(|unit| {
            let mut m = 0u16;
            for &c in unit {
                m |= self.cand[c as usize] | (1 << self.value[c as usize]);
            }
            m & ALL_DIGITS != ALL_DIGITS
        })
    }
}

/// `r4c6` style name of a cell (1-based).
pub(crate) fn cell_name(c: usize) -> String {
    format!("r{}c{}", row(c) + 1, col(c) + 1)
}

/// `row 4` / `column 6` / `box 5` (1-based).
pub(crate) fn unit_name(u: usize) -> String {
    match u {
        0..9 => format!("row {}", u + 1),
        9..18 => format!("column {}", u - 8),
        _ => format!("box {}", u - 17),
    }
}

/// Comma-separated cell names.
pub(crate) fn cell_list(cells: impl IntoIterator<Item = usize>) -> String {
    let names: Vec<String> = cells.into_iter().map(cell_name).collect();
    names.join(", ")
}

/// Digits of a mask written together, e.g. `{2,7}`.
pub(crate) fn digit_set(m: u16) -> String {
    let ds: Vec<String> = digits_of(m).map(|d| d.to_string()).collect();
    format!("{{{}}}", ds.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_bits_agree_with_digit_bits() {
        let mut g = Grid {
            value: [0; 81],
            cand: [0; 81],
        };
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for m in g.cand.iter_mut() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            *m = x as u16 & 0x3FE;
        }
        let all = g.digits_bits();
        assert_eq!(all[0], 0);
        for d in 1..=9u8 {
            assert_eq!(all[usize::from(d)], g.digit_bits(d), "{d}");
        }
    }

    #[test]
    fn peers_in_se_order_follow_the_table() {
        let masks = [
            !0u128,
            0,
            0x1234_5678_9abc_def0_1357_9bdf_u128,
            PEER_BITS[40],
        ];
        for (c, peers) in PEERS_SE.iter().enumerate() {
            for (k, &m) in masks.iter().enumerate() {
                let m = m.rotate_left((c * 7 + k) as u32);
                let want: Vec<usize> = peers
                    .iter()
                    .map(|&q| q as usize)
                    .filter(|&q| m & bit(q) != 0)
                    .collect();
                assert_eq!(peers_se_in(c, m).collect::<Vec<_>>(), want);
            }
            assert_eq!(peers_se_in(c, !0).count(), 20);
        }
    }

    #[test]
    fn tables_are_consistent() {
        for c in 0..81 {
            assert_eq!(PEER_BITS[c].count_ones(), 20);
            assert_eq!(PEER_BITS[c] & bit(c), 0);
            for u in build_cell_units()[c] {
                assert!(UNITS[u as usize].contains(&(c as u8)));
            }
            let from_list: Bits = PEERS[c].iter().fold(0, |b, &p| b | bit(p as usize));
            assert_eq!(from_list, PEER_BITS[c]);
        }
        assert_eq!(UNITS[18 + 4][0], 30);
        assert_eq!(box_of(80), 8);
        assert_eq!(cell_name(30), "r4c4");
        assert_eq!(unit_name(26), "box 9");
        assert_eq!(digit_set(0b1000_0100), "{2,7}");
    }

    #[test]
    fn clashing_givens_are_refused_and_candidates_follow_rules() {
        let mut cells = [0u8; 81];
        cells[0] = 5;
        let g = Grid::new(&cells).unwrap();
        assert_eq!(g.cand[1] & (1 << 5), 0);
        assert_eq!(g.cand[80], ALL_DIGITS);
        cells[10] = 5;
        assert!(Grid::new(&cells).is_none());
        cells[10] = 10;
        assert!(Grid::new(&cells).is_none());
    }
}
