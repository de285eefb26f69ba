//! The exact solver: solvable or not, nullity (number of independent quiet patterns), number of
//! solutions (2^nullity when solvable), and a minimal-press solution.
//!
//! **Method.** The board is reduced by light chasing ([`chase`]) in whichever orientation
//! has fewer unknowns (tiny tori under 3 x 3 use the dense method of [`dense`]). Every
//! solution is `particular + any combination of the quiet patterns`, so the fewest presses is the
//! minimum weight over that coset.
//!
//! **Minimal presses, and its limit.** When the nullity k is at most [`MAX_EXACT_NULLITY`] and
//! `2^k * (words per board)` is at most [`MAX_EXACT_WORK`], all 2^k solutions are enumerated in
//! Gray-code order (one board XOR and popcount per step) and the minimum is exact; ties go to the
//! first one met, which is deterministic. Beyond that (19 x 19 with k = 16 and 1000 x 1000 with
//! k = 0 are within it; the 20 x 20 torus with k = 32 is not), the answer is
//! improved by greedy descent over the quiet basis (XOR any basis pattern that lowers the count,
//! until none does) and reported as an upper bound with `exact = false`. Quiet patterns are only
//! materialised up to [`MAX_QUIET_PATTERNS`] of them; past that no improvement is attempted.

pub mod chase;
pub mod dense;
pub mod gf2;

use crate::board::Board;
use gf2::solve_augmented;

/// The largest nullity for which the minimum is found by exhaustive enumeration.
pub const MAX_EXACT_NULLITY: u32 = 24;
/// The largest `2^nullity * words` the exhaustive enumeration may cost.
pub const MAX_EXACT_WORK: u64 = 1 << 28;
/// The most quiet patterns kept in memory for improving a solution.
pub const MAX_QUIET_PATTERNS: u32 = 64;

/// The solution space of one board.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// Dimension of the null space of the press matrix (same for every board of this shape).
    pub nullity: u32,
    /// One solution (a press pattern), when the board is solvable.
    pub particular: Option<Board>,
    /// A basis of quiet patterns (presses that change nothing), when `nullity` is at most
    /// [`MAX_QUIET_PATTERNS`]; empty otherwise.
    pub quiet: Vec<Board>,
}

impl Analysis {
    /// Whether some press pattern turns every light off.
    pub fn solvable(&self) -> bool {
        self.particular.is_some()
    }
}

/// A shortest solution found.
#[derive(Debug, Clone)]
pub struct Minimal {
    /// The press pattern.
    pub pattern: Board,
    /// How many presses it has.
    pub presses: u64,
    /// True when proven minimal (exhaustive over the null space); false for an upper bound.
    pub exact: bool,
}

/// Analyses `lights`: solvability, nullity, a particular solution and the quiet patterns.
pub fn analyse(lights: &Board) -> Analysis {
    let straight = chase::applies(lights).then(|| chase::variables(lights));
    // The transposed board has our height as its width and our width as its height.
    let flipped = (!lights.wrap() || lights.width() >= 3)
        .then(|| lights.height() as usize * if lights.wrap() { 2 } else { 1 });
    match (straight, flipped) {
        (Some(a), Some(b)) if b < a => analyse_transposed(lights),
        (Some(_), _) => analyse_chase(lights),
        (None, Some(_)) => analyse_transposed(lights),
        (None, None) => analyse_dense(lights),
    }
}

fn analyse_chase(lights: &Board) -> Analysis {
    let n = chase::variables(lights);
    let set = solve_augmented(&mut chase::reduce(lights), n);
    let nullity = set.null_basis.len() as u32;
    let particular = set.particular.map(|x| chase::expand(lights, &x));
    let quiet = if nullity <= MAX_QUIET_PATTERNS {
        let blank = lights.blank_like();
        set.null_basis
            .iter()
            .map(|v| chase::expand(&blank, v))
            .collect()
    } else {
        Vec::new()
    };
    Analysis {
        nullity,
        particular,
        quiet,
    }
}

fn analyse_transposed(lights: &Board) -> Analysis {
    let a = analyse_chase(&lights.transposed());
    Analysis {
        nullity: a.nullity,
        particular: a.particular.map(|p| p.transposed()),
        quiet: a.quiet.iter().map(Board::transposed).collect(),
    }
}

fn analyse_dense(lights: &Board) -> Analysis {
    let set = dense::solve(lights);
    Analysis {
        nullity: set.null_basis.len() as u32,
        particular: set.particular.map(|x| dense::to_board(lights, &x)),
        quiet: set
            .null_basis
            .iter()
            .map(|v| dense::to_board(lights, v))
            .collect(),
    }
}

/// The fewest-press solution of an analysed board (exact within the documented limit).
pub fn minimal(analysis: &Analysis) -> Option<Minimal> {
    let particular = analysis.particular.as_ref()?;
    let k = analysis.nullity;
    let words = particular.words().len().max(1) as u64;
    let have_all = analysis.quiet.len() as u32 == k;
    if have_all && k <= MAX_EXACT_NULLITY && (words << k) <= MAX_EXACT_WORK {
        Some(enumerate(particular, &analysis.quiet))
    } else {
        Some(descend(particular, &analysis.quiet))
    }
}

/// Solves `lights` and returns a shortest solution, or `None` when it has none.
pub fn solve_minimal(lights: &Board) -> Option<Minimal> {
    minimal(&analyse(lights))
}

fn enumerate(particular: &Board, quiet: &[Board]) -> Minimal {
    let mut cur = particular.clone();
    let mut best = cur.count_ones();
    let mut best_code: u64 = 0;
    for i in 1u64..(1u64 << quiet.len()) {
        cur.xor_with(&quiet[i.trailing_zeros() as usize]);
        let n = cur.count_ones();
        if n < best {
            best = n;
            best_code = i ^ (i >> 1);
        }
    }
    let mut pattern = particular.clone();
    for (j, q) in quiet.iter().enumerate() {
        if (best_code >> j) & 1 == 1 {
            pattern.xor_with(q);
        }
    }
    Minimal {
        pattern,
        presses: best,
        exact: true,
    }
}

fn descend(particular: &Board, quiet: &[Board]) -> Minimal {
    let mut cur = particular.clone();
    let mut count = cur.count_ones();
    let mut improved = true;
    while improved {
        improved = false;
        for q in quiet {
            let mut next = cur.clone();
            next.xor_with(q);
            let n = next.count_ones();
            if n < count {
                cur = next;
                count = n;
                improved = true;
            }
        }
    }
    Minimal {
        pattern: cur,
        presses: count,
        exact: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// OEIS A159257 (rank deficiency of the n x n Lights Out matrix), n = 1..30.
    const A159257: [u32; 30] = [
        0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0, 0, 0, 14, 4, 0, 0, 0, 0, 10,
        20,
    ];
    /// OEIS A165738 (the same on the n x n torus), n = 1..30.
    const A165738: [u32; 30] = [
        0, 0, 4, 0, 8, 8, 0, 0, 4, 16, 0, 16, 0, 0, 12, 0, 16, 8, 0, 32, 4, 0, 0, 32, 8, 0, 4, 0,
        0, 24,
    ];

    #[test]
    fn square_nullity_matches_oeis_a159257() {
        for n in 1..=30u32 {
            let a = analyse(&Board::new(n, n, false));
            assert_eq!(a.nullity, A159257[n as usize - 1], "{n}x{n}");
            assert!(a.solvable());
        }
    }

    #[test]
    fn torus_nullity_matches_oeis_a165738() {
        for n in 1..=30u32 {
            let a = analyse(&Board::new(n, n, true));
            assert_eq!(a.nullity, A165738[n as usize - 1], "{n}x{n} torus");
        }
    }

    #[test]
    fn dense_method_agrees_on_nullity() {
        // An independent elimination with one unknown per cell, squares and rectangles.
        for w in 1..=12u32 {
            for h in 1..=12u32 {
                for wrap in [false, true] {
                    let b = Board::new(w, h, wrap);
                    let dense = dense::solve(&b).null_basis.len() as u32;
                    assert_eq!(analyse(&b).nullity, dense, "{w}x{h} wrap={wrap}");
                }
            }
        }
        for n in [13u32, 14, 16, 17, 19] {
            let b = Board::new(n, n, false);
            let dense = dense::solve(&b).null_basis.len() as u32;
            assert_eq!(dense, A159257[n as usize - 1]);
        }
    }

    #[test]
    fn minimal_matches_brute_force_on_4x4_and_torus() {
        for wrap in [false, true] {
            // Minimum presses for every reachable board, by trying all 2^16 press sets.
            let mut best = vec![u32::MAX; 1 << 16];
            let mut effect_of = vec![0u32; 1 << 16];
            let cell_effect: Vec<u32> = (0..16)
                .map(|i| {
                    let mut b = Board::new(4, 4, wrap);
                    b.press(i / 4, i % 4);
                    b.ones()
                        .iter()
                        .fold(0, |acc, (r, c)| acc | 1 << (r * 4 + c))
                })
                .collect();
            for set in 0u32..1 << 16 {
                let e = (0..16)
                    .filter(|i| set >> i & 1 == 1)
                    .fold(0, |acc, i| acc ^ cell_effect[i]);
                effect_of[set as usize] = e;
                best[e as usize] = best[e as usize].min(set.count_ones());
            }
            for lights_bits in (0u32..1 << 16).step_by(37) {
                let mut b = Board::new(4, 4, wrap);
                for i in 0..16 {
                    b.set(i / 4, i % 4, lights_bits >> i & 1 == 1);
                }
                let m = solve_minimal(&b);
                let expect = best[lights_bits as usize];
                match m {
                    None => assert_eq!(expect, u32::MAX),
                    Some(m) => {
                        assert!(m.exact);
                        assert_eq!(m.presses, u64::from(expect), "{lights_bits:#x}");
                        let mut after = b.clone();
                        after.apply_pattern(&m.pattern);
                        assert!(after.is_clear());
                    }
                }
            }
            assert!(effect_of.iter().all(|&e| best[e as usize] != u32::MAX));
        }
    }

    #[test]
    fn rectangles_and_transposed_solutions_turn_lights_off() {
        let mut rng = dayseed_core::Rng::from_seed(3);
        for &(w, h, wrap) in &[
            (9u32, 2u32, false),
            (2, 9, false),
            (9, 2, true),
            (2, 2, true),
            (1, 2, true),
            (17, 5, false),
            (5, 17, true),
            (200, 3, false),
        ] {
            let mut pattern = Board::new(w, h, wrap);
            for r in 0..h {
                for c in 0..w {
                    pattern.set(r, c, rng.chance(1, 3));
                }
            }
            let lights = pattern.effect();
            let a = analyse(&lights);
            let m = minimal(&a).expect("solvable by construction");
            assert!(m.presses <= pattern.count_ones() || !m.exact);
            let mut after = lights.clone();
            after.apply_pattern(&m.pattern);
            assert!(after.is_clear(), "{w}x{h} wrap={wrap}");
            assert_eq!(m.pattern.count_ones(), m.presses);
            for q in &a.quiet {
                assert!(q.effect().is_clear());
            }
        }
    }

    #[test]
    fn unsolvable_board_is_reported() {
        // On 5x5 a single lit corner is not solvable (nullity 2: three boards in four are not).
        let mut b = Board::new(5, 5, false);
        b.set(0, 0, true);
        let a = analyse(&b);
        assert_eq!(a.nullity, 2);
        assert!(!a.solvable());
        assert!(minimal(&a).is_none());
    }
}
