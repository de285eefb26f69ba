//! Linear algebra over GF(2) on 64-bit words: bit vectors, and Gauss-Jordan elimination of an
//! augmented system `A x = b` into its solution set (a particular solution plus a null-space
//! basis).

/// A fixed-length vector over GF(2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BitVec {
    len: usize,
    words: Vec<u64>,
}

impl BitVec {
    /// The zero vector of `len` bits.
    pub fn zeros(len: usize) -> BitVec {
        BitVec {
            len,
            words: vec![0; len.div_ceil(64)],
        }
    }

    /// Number of bits.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True for a vector of no bits.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bit `i`.
    pub fn get(&self, i: usize) -> bool {
        (self.words[i / 64] >> (i % 64)) & 1 == 1
    }

    /// Sets bit `i` to `on`.
    pub fn set(&mut self, i: usize, on: bool) {
        let mask = 1u64 << (i % 64);
        if on {
            self.words[i / 64] |= mask;
        } else {
            self.words[i / 64] &= !mask;
        }
    }

    /// The words (bit `i % 64` of word `i / 64` is bit `i`).
    pub fn words(&self) -> &[u64] {
        &self.words
    }
}

/// A dense GF(2) matrix, one row of words per equation.
#[derive(Debug, Clone)]
pub struct BitMatrix {
    rows: usize,
    cols: usize,
    wpr: usize,
    data: Vec<u64>,
}

impl BitMatrix {
    /// A zero matrix.
    pub fn zeros(rows: usize, cols: usize) -> BitMatrix {
        let wpr = cols.div_ceil(64);
        BitMatrix {
            rows,
            cols,
            wpr,
            data: vec![0; rows * wpr],
        }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Row `r` as words.
    pub fn row(&self, r: usize) -> &[u64] {
        &self.data[r * self.wpr..(r + 1) * self.wpr]
    }

    /// Row `r` as mutable words.
    pub fn row_mut(&mut self, r: usize) -> &mut [u64] {
        &mut self.data[r * self.wpr..(r + 1) * self.wpr]
    }

    /// Entry (r, c).
    pub fn get(&self, r: usize, c: usize) -> bool {
        (self.row(r)[c / 64] >> (c % 64)) & 1 == 1
    }

    /// Flips entry (r, c).
    pub fn flip(&mut self, r: usize, c: usize) {
        self.row_mut(r)[c / 64] ^= 1u64 << (c % 64);
    }

    /// `row[dst] ^= row[src]` for `dst != src`.
    fn xor_rows(&mut self, dst: usize, src: usize) {
        let w = self.wpr;
        let (a, b) = if dst < src {
            let (lo, hi) = self.data.split_at_mut(src * w);
            (&mut lo[dst * w..(dst + 1) * w], &hi[..w])
        } else {
            let (lo, hi) = self.data.split_at_mut(dst * w);
            (&mut hi[..w], &lo[src * w..(src + 1) * w])
        };
        for (x, y) in a.iter_mut().zip(b) {
            *x ^= *y;
        }
    }

    fn swap_rows(&mut self, a: usize, b: usize) {
        if a != b {
            for i in 0..self.wpr {
                self.data.swap(a * self.wpr + i, b * self.wpr + i);
            }
        }
    }
}

/// The solution set of `A x = b`: empty, or `particular + span(null_basis)`.
#[derive(Debug, Clone)]
pub struct SolutionSet {
    /// One solution (free variables 0), or `None` when the system is inconsistent.
    pub particular: Option<BitVec>,
    /// A basis of the null space of `A` (one vector per free variable).
    pub null_basis: Vec<BitVec>,
}

/// Solves the augmented system held in `m`: columns `0..n` are the coefficients of `A`, column
/// `n` is `b`. Gauss-Jordan elimination in place, O(rows * n * n / 64) word operations.
///
/// # Panics
/// If `m` does not have exactly `n + 1` columns (a programming error).
pub fn solve_augmented(m: &mut BitMatrix, n: usize) -> SolutionSet {
    assert_eq!(m.cols, n + 1, "augmented matrix must have n + 1 columns");
    let mut pivot_cols: Vec<usize> = Vec::new();
    let mut rank = 0;
    for col in 0..n {
        let Some(p) = (rank..m.rows).find(|&r| m.get(r, col)) else {
            continue;
        };
        m.swap_rows(rank, p);
        for r in 0..m.rows {
            if r != rank && m.get(r, col) {
                m.xor_rows(r, rank);
            }
        }
        pivot_cols.push(col);
        rank += 1;
        if rank == m.rows {
            break;
        }
    }
    let consistent = (rank..m.rows).all(|r| !m.get(r, n));
    let particular = consistent.then(|| {
        let mut x = BitVec::zeros(n);
        for (i, &pc) in pivot_cols.iter().enumerate() {
            x.set(pc, m.get(i, n));
        }
        x
    });
    let mut is_pivot = vec![false; n];
    for &pc in &pivot_cols {
        is_pivot[pc] = true;
    }
    let null_basis = (0..n)
        .filter(|&f| !is_pivot[f])
        .map(|f| {
            let mut v = BitVec::zeros(n);
            v.set(f, true);
            for (i, &pc) in pivot_cols.iter().enumerate() {
                v.set(pc, m.get(i, f));
            }
            v
        })
        .collect();
    SolutionSet {
        particular,
        null_basis,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mul(rows: &[Vec<u8>], x: &BitVec) -> Vec<u8> {
        rows.iter()
            .map(|row| {
                row.iter()
                    .enumerate()
                    .filter(|(j, a)| **a == 1 && x.get(*j))
                    .count() as u8
                    % 2
            })
            .collect()
    }

    fn build(rows: &[Vec<u8>], b: &[u8]) -> BitMatrix {
        let n = rows[0].len();
        let mut m = BitMatrix::zeros(rows.len(), n + 1);
        for (i, row) in rows.iter().enumerate() {
            for (j, &a) in row.iter().enumerate() {
                if a == 1 {
                    m.flip(i, j);
                }
            }
            if b[i] == 1 {
                m.flip(i, n);
            }
        }
        m
    }

    #[test]
    fn solves_and_finds_null_space() {
        // x0 + x1 = 1, x1 + x2 = 0, x0 + x2 = 1 (rank 2, one free variable).
        let rows = vec![vec![1, 1, 0], vec![0, 1, 1], vec![1, 0, 1]];
        let b = [1, 0, 1];
        let s = solve_augmented(&mut build(&rows, &b), 3);
        let x = s.particular.expect("consistent");
        assert_eq!(mul(&rows, &x), b.to_vec());
        assert_eq!(s.null_basis.len(), 1);
        assert_eq!(mul(&rows, &s.null_basis[0]), vec![0, 0, 0]);
        assert!(s.null_basis[0].words()[0] != 0);
    }

    #[test]
    fn detects_inconsistency() {
        let rows = vec![vec![1, 1], vec![1, 1]];
        let s = solve_augmented(&mut build(&rows, &[1, 0]), 2);
        assert!(s.particular.is_none());
        assert_eq!(s.null_basis.len(), 1);
    }

    #[test]
    fn wide_random_systems_check_out() {
        let mut rng = dayseed_core::Rng::from_seed(5);
        for n in [1usize, 7, 63, 64, 65, 130] {
            let rows: Vec<Vec<u8>> = (0..n)
                .map(|_| (0..n).map(|_| rng.below(2) as u8).collect())
                .collect();
            let mut x = BitVec::zeros(n);
            for i in 0..n {
                x.set(i, rng.chance(1, 2));
            }
            let b = mul(&rows, &x);
            let s = solve_augmented(&mut build(&rows, &b), n);
            let y = s.particular.expect("b is in the range");
            assert_eq!(mul(&rows, &y), b);
            for v in &s.null_basis {
                assert!(mul(&rows, v).iter().all(|&e| e == 0));
            }
        }
    }
}
