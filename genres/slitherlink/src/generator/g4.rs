//! g4, sealed: g3's procedure (`g3::generate_with`) with 96 removal tests per loop
//! instead of 48 at level 10 on boards above 625 cells (above 25x25, up to 30x30).
//!
//! There a 30x30 level-10 loop reaches the target about half the time instead of a quarter, so
//! seeds need about half the loops, and none of seeds 1-60 reaches the bound of 10 loops (g3
//! delivers level 9 with `fallback` set on 2 of them); a missed loop costs about three times
//! g3's, so the median and the worst board stay about g3's. Everywhere else (levels 1-9, and level 10 up to
//! 625 cells, where more tests made the worst boards slower) g4 makes g3's boards, and levels
//! 1-7 are g1's. Measured in `bench/results/slitherlink-g3.md`, section 10.

use dayseed_core::{Generated, Result};

use super::g3::{LARGE_DEEP_CELLS, Procedure, TRIAL_TESTS, generate_with};
use crate::model::Puzzle;
use crate::params::Params;

/// g4's choices: [`tests`], and g3's 10 loops at level 10 above 625 cells.
const G4: Procedure = Procedure {
    tests,
    large_deep_attempts: 10,
};

/// Removal tests per level-10 loop above [`LARGE_DEEP_CELLS`] (of 72-144 measured at 30x30, 84
/// and 96 kept the worst board at g3's, 96 with the fewest loops).
const LARGE_DEEP_TESTS: u32 = 96;

/// Removal tests per loop: [`LARGE_DEEP_TESTS`] at level 10 above [`LARGE_DEEP_CELLS`], g3's
/// [`TRIAL_TESTS`] otherwise.
fn tests(level: u8, cells: usize) -> u32 {
    if level == 10 && cells > LARGE_DEEP_CELLS {
        LARGE_DEEP_TESTS
    } else {
        TRIAL_TESTS
    }
}

/// The g4 board for `seed` and `params`.
pub(crate) fn generate(seed: u64, params: &Params) -> Result<Generated<Puzzle>> {
    generate_with(&G4, seed, params)
}

#[cfg(test)]
mod tests {
    use super::super::g3;
    use super::*;

    /// g4 makes g3's boards (attempts included) wherever its test count is g3's.
    #[test]
    fn g3_boards_below_the_large_deep_boards() {
        for (seed, w, h, level) in [
            (1u64, 10u32, 10u32, 10u8),
            (38, 10, 10, 10),
            (2, 20, 20, 10),
            (3, 25, 25, 10),
            (1, 30, 30, 9),
            (2, 30, 30, 8),
            (4, 30, 30, 6),
        ] {
            let params = Params::new(w, h, level).unwrap();
            let (a, b) = (
                generate(seed, &params).unwrap(),
                g3::generate(seed, &params).unwrap(),
            );
            let what = format!("seed {seed} {w}x{h} L{level}");
            let json = |p: &Puzzle| serde_json::to_string(p).unwrap();
            assert_eq!(json(&a.puzzle), json(&b.puzzle), "{what}");
            assert_eq!((a.attempts, a.fallback), (b.attempts, b.fallback), "{what}");
        }
    }

    /// Above 625 cells the longer walk reaches level 10 where g3 delivers level 9 after its 10
    /// loops (30x30 seed 2).
    #[test]
    fn large_deep_boards_reach_level_ten() {
        let made = generate(2, &Params::new(30, 30, 10).unwrap()).unwrap();
        assert_eq!(made.puzzle.difficulty(), Some(10));
        assert!(made.fallback.is_none());
        assert_eq!(tests(10, 900), LARGE_DEEP_TESTS);
        assert_eq!(tests(10, 625), TRIAL_TESTS);
        assert_eq!(tests(9, 900), TRIAL_TESTS);
    }
}
