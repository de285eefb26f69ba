//! Reverse generation: start from all lights off and press `par` **distinct** cells chosen by the
//! PRNG, so the board is solvable by construction and `par` presses are known to suffice.
//!
//! * Cells are drawn by a partial Fisher-Yates over the row-major cell indices with
//!   [`Rng::below`]: draw i takes index `i + below(cells - i)`.
//! * If the chosen set is a quiet pattern (the board comes out all off), one more distinct cell is
//!   drawn the same way and counted in par; the board is then not blank.
//! * The exact solver then gives `optimal` (<= par; smaller when quiet patterns overlap the set).
//! * By difficulty (target optimal t): each attempt presses t distinct cells, on the same RNG
//!   stream, until the optimal is exactly t, at most [`MAX_ATTEMPTS`] attempts; otherwise the
//!   attempt with the largest optimal (first one on ties) is delivered with a fallback note.
//!   The delivered `presses` are then the shortest solution itself (pressing any solution on an
//!   all-off board makes the same board), so par = optimal for boards made by difficulty.

use dayseed_core::{Error, ErrorKind, Result, Rng};

use super::solver_v1::{self as solver, Minimal};
use crate::board::Board;

/// Attempts for generation by target optimal.
pub const MAX_ATTEMPTS: u32 = 64;

/// A generated board.
#[derive(Debug, Clone)]
pub struct Made {
    /// The lights.
    pub lights: Board,
    /// The generating presses, row-major.
    pub presses: Vec<(u32, u32)>,
    /// The fewest presses that solve it.
    pub optimal: u32,
    /// Attempts used.
    pub attempts: u32,
    /// What was delivered instead of what was asked, when the attempts ran out.
    pub fallback: Option<String>,
}

/// Presses `par` distinct cells (one more if they cancel out) on a `width` x `height` board.
///
/// `par` must be in `1..cells` (validated by the params).
pub fn by_par(width: u32, height: u32, wrap: bool, par: u32, rng: &mut Rng) -> Result<Made> {
    let (lights, pattern) = press_distinct(width, height, wrap, par, rng);
    let optimal = exact_optimal(&lights)?.0;
    finish(lights, pattern, optimal, 1, None)
}

/// Generates a board whose fewest-presses count is `target`, retrying on the same stream.
pub fn by_optimal(width: u32, height: u32, wrap: bool, target: u32, rng: &mut Rng) -> Result<Made> {
    let cells = width * height;
    // Pressing every cell may be quiet; keep one cell spare so a cancelling set can grow by one.
    let presses = target.min(cells - 1);
    let mut best: Option<(Board, Board, u32)> = None;
    for attempt in 1..=MAX_ATTEMPTS {
        let lights = press_distinct(width, height, wrap, presses, rng).0;
        let (optimal, shortest) = exact_optimal(&lights)?;
        if optimal == target {
            return finish(lights, shortest, optimal, attempt, None);
        }
        if best.as_ref().is_none_or(|b| optimal > b.2) {
            best = Some((lights, shortest, optimal));
        }
    }
    let (lights, pattern, optimal) = best.ok_or_else(|| {
        Error::new(
            ErrorKind::GenerationFailed,
            "no attempt was made (MAX_ATTEMPTS is 0)",
        )
    })?;
    let note = format!(
        "asked optimal {target}; after {MAX_ATTEMPTS} attempts delivered optimal {optimal}"
    );
    finish(lights, pattern, optimal, MAX_ATTEMPTS, Some(note))
}

fn press_distinct(width: u32, height: u32, wrap: bool, par: u32, rng: &mut Rng) -> (Board, Board) {
    let cells = width * height;
    let mut order: Vec<u32> = (0..cells).collect();
    let mut draw = |i: u32, order: &mut Vec<u32>| {
        let j = i + rng.below(u64::from(cells - i)) as u32;
        order.swap(i as usize, j as usize);
        order[i as usize]
    };
    let mut pattern = Board::new(width, height, wrap);
    for i in 0..par {
        let cell = draw(i, &mut order);
        pattern.set(cell / width, cell % width, true);
    }
    let mut lights = pattern.effect();
    if lights.is_clear() && par < cells {
        let cell = draw(par, &mut order);
        pattern.set(cell / width, cell % width, true);
        lights = pattern.effect();
    }
    (lights, pattern)
}

/// The proven optimal press count and a shortest solution, or an error when the board is beyond
/// the exact limit.
fn exact_optimal(lights: &Board) -> Result<(u32, Board)> {
    match solver::solve_minimal(lights) {
        Some(Minimal {
            presses,
            exact: true,
            pattern,
        }) => Ok((presses as u32, pattern)),
        Some(_) => Err(Error::new(
            ErrorKind::GenerationFailed,
            format!(
                "the {}x{} board's null space is too large to prove the optimal press count \
                 (limit: nullity {}); choose another size",
                lights.width(),
                lights.height(),
                solver::MAX_EXACT_NULLITY
            ),
        )),
        None => Err(Error::new(
            ErrorKind::GenerationFailed,
            "internal error: a reverse-generated board has no solution",
        )),
    }
}

/// Re-validates the board (the presses turn it off, optimal <= par) and packages it.
fn finish(
    lights: Board,
    pattern: Board,
    optimal: u32,
    attempts: u32,
    fallback: Option<String>,
) -> Result<Made> {
    let mut check = lights.clone();
    check.apply_pattern(&pattern);
    let presses = pattern.ones();
    if !check.is_clear() || lights.is_clear() || optimal as usize > presses.len() {
        return Err(Error::new(
            ErrorKind::GenerationFailed,
            "internal error: generated board failed re-validation",
        ));
    }
    Ok(Made {
        lights,
        presses,
        optimal,
        attempts,
        fallback,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::{ProptestConfig, prop_assert, prop_assert_eq, prop_assume, proptest};

    #[test]
    fn quiet_press_sets_get_one_more_press() {
        // A 5x1 strip has the quiet pattern 11011: one 4-press set in five cancels out, and the
        // generator must then press the fifth cell.
        let mut grew = 0;
        for seed in 0..200u64 {
            let m = by_par(5, 1, false, 4, &mut Rng::from_seed(seed)).unwrap();
            if m.presses.len() == 5 {
                grew += 1;
                assert!(!m.lights.is_clear());
            } else {
                assert_eq!(m.presses.len(), 4);
            }
        }
        assert!((10..=80).contains(&grew), "{grew} of 200 sets cancelled");
    }

    #[test]
    fn optimal_target_is_met_or_reported() {
        for seed in 0..40u64 {
            for (w, h, t) in [(5, 5, 7), (4, 4, 6), (6, 6, 10), (4, 4, 16)] {
                let m = by_optimal(w, h, false, t, &mut Rng::from_seed(seed)).unwrap();
                assert_eq!(m.presses.len() as u32, m.optimal);
                if m.fallback.is_none() {
                    assert_eq!(m.optimal, t);
                } else {
                    assert!(m.optimal < t);
                    assert_eq!(m.attempts, MAX_ATTEMPTS);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn generated_boards_are_solved_by_their_presses(seed: u64, w in 1u32..9, h in 1u32..9,
                                                         wrap: bool, frac in 1u32..100) {
            prop_assume!(w * h >= 2);
            let par = (w * h - 1) * frac / 100 + 1;
            let par = par.min(w * h - 1);
            let m = by_par(w, h, wrap, par, &mut Rng::from_seed(seed)).unwrap();
            let mut b = m.lights.clone();
            for &(r, c) in &m.presses {
                b.press(r, c);
            }
            prop_assert!(b.is_clear());
            prop_assert!(m.optimal as usize <= m.presses.len());
            prop_assert!(m.presses.len() == par as usize || m.presses.len() == par as usize + 1);
            let best = solver::solve_minimal(&m.lights).unwrap();
            let mut after = m.lights.clone();
            after.apply_pattern(&best.pattern);
            prop_assert!(after.is_clear());
            prop_assert_eq!(best.presses, u64::from(m.optimal));
            // Same seed, same board.
            let again = by_par(w, h, wrap, par, &mut Rng::from_seed(seed)).unwrap();
            prop_assert_eq!(again.lights, m.lights);
        }
    }
}
