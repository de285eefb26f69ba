//! Hints: the easiest next step from the player's position, explained in one line.

use super::candidates::{ALL_DIGITS, Grid};
use super::forcing;
use super::technique::{Finding, LADDER};
use crate::level::Level;

/// Search nodes allowed for finding the solution that guards the player's notes.
const NOTES_CHECK_NODES: u64 = 1_000_000;

/// One logical step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// Technique name, as in the grade's technique list (`Hidden single`, `X-wing`, ...).
    pub technique: &'static str,
    /// The level of that technique.
    pub level: Level,
    /// The cells that make up the pattern (0..81, row-major).
    pub cells: Vec<u8>,
    /// (cell, digit) placements.
    pub placements: Vec<(u8, u8)>,
    /// (cell, digit) candidate eliminations.
    pub eliminations: Vec<(u8, u8)>,
    /// One line for a player, e.g. "Hidden single: 7 can only go in r4c6 within box 5".
    pub explanation: String,
}

/// The easiest next step for a player, or `None` if the grid is full (or the position is
/// inconsistent, or no step exists).
///
/// `entries` are the player's digits (0 = empty; they are assumed correct, the caller checks
/// them first; an entry on a given is ignored). `notes`, when given, are the player's pencil
/// marks (bit d = candidate d): the step starts from the player's candidates intersected with the
/// logical ones, so an elimination the player already made is not hinted again. A cell without
/// notes counts as "not noted yet" and keeps its logical candidates, and so does a cell whose
/// notes exclude its solution digit (a wrong note cannot lead the hint astray).
pub fn next_step(givens: &[u8; 81], entries: &[u8; 81], notes: Option<&[u16; 81]>) -> Option<Step> {
    let mut cells = *givens;
    for (c, &e) in cells.iter_mut().zip(entries) {
        if *c == 0 && e <= 9 {
            *c = e;
        }
    }
    let mut g = Grid::new(&cells)?;
    if g.is_solved() {
        return None;
    }
    if let Some(notes) = notes {
        let solution = forcing::solve(&g, NOTES_CHECK_NODES);
        for c in 0..81 {
            let noted = notes[c] & ALL_DIGITS;
            if g.value[c] != 0 || noted == 0 {
                continue;
            }
            let kept = g.cand[c] & noted;
            let safe = match &solution {
                Some(s) => kept & (1 << s[c]) != 0,
                None => kept != 0,
            };
            if safe {
                g.cand[c] = kept;
            }
        }
    }
    let mut f = Finding::new(true);
    for t in LADDER.rungs {
        f.clear();
        if (t.find)(&g, &mut f) {
            return Some(Step {
                technique: t.name,
                level: t.level,
                cells: f.cells,
                placements: f.placements,
                eliminations: f.eliminations,
                explanation: f.text,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::candidates::cell_name;
    use crate::logic::testutil::{
        EASY_PUZZLE, HARD_PUZZLES, brute_solutions, parse, random_puzzle,
    };

    /// Plays a whole puzzle with hints, keeping full notes, and checks every step.
    fn play(givens: &[u8; 81]) -> Vec<Step> {
        let sol = brute_solutions(givens, 1)[0];
        let mut entries = [0u8; 81];
        let mut notes = [ALL_DIGITS; 81];
        let mut steps = Vec::new();
        while let Some(step) = next_step(givens, &entries, Some(&notes)) {
            assert!(step.found_something(), "{step:?}");
            assert!(!step.explanation.is_empty());
            assert!(!step.cells.is_empty());
            for &(c, d) in &step.placements {
                assert_eq!(sol[c as usize], d, "{}", step.explanation);
                assert!(step.explanation.contains(&cell_name(c as usize)));
                entries[c as usize] = d;
            }
            for &(c, d) in &step.eliminations {
                assert_ne!(sol[c as usize], d, "{}", step.explanation);
                assert!(
                    notes[c as usize] & (1 << d) != 0,
                    "hinted again: {}",
                    step.explanation
                );
                notes[c as usize] &= !(1 << d);
            }
            steps.push(step);
            assert!(steps.len() < 2000);
        }
        for c in 0..81 {
            assert!(givens[c] == sol[c] || entries[c] == sol[c]);
        }
        steps
    }

    impl Step {
        fn found_something(&self) -> bool {
            !self.placements.is_empty() || !self.eliminations.is_empty()
        }
    }

    #[test]
    fn easy_puzzle_is_hinted_with_singles_to_the_end() {
        let givens = parse(EASY_PUZZLE);
        let steps = play(&givens);
        assert_eq!(steps.len(), 81 - 32);
        assert!(
            steps
                .iter()
                .all(|s| s.level == Level::Easy && s.placements.len() == 1)
        );
        let first = next_step(&givens, &[0; 81], None).unwrap();
        assert_eq!(first, steps[0]);
    }

    #[test]
    fn hard_puzzles_are_hinted_to_the_end() {
        for p in HARD_PUZZLES.iter().take(2) {
            let steps = play(&parse(p));
            assert!(steps.iter().any(|s| s.level >= Level::Expert));
        }
        for seed in 100..104 {
            play(&random_puzzle(seed));
        }
    }

    #[test]
    fn notes_are_respected_and_wrong_notes_ignored() {
        let givens = parse(HARD_PUZZLES[0]);
        // Notes equal to the logical candidates change nothing; `play` checks that an
        // elimination already made in the notes is never hinted again.
        let plain = next_step(&givens, &[0; 81], None).unwrap();
        let full = Grid::new(&givens).unwrap().cand;
        assert_eq!(next_step(&givens, &[0; 81], Some(&full)), Some(plain));
        // A note set that excludes the solution digit is ignored for that cell.
        let sol = brute_solutions(&givens, 1)[0];
        let mut wrong = [0u16; 81];
        let c = (0..81).find(|&c| givens[c] == 0).unwrap();
        wrong[c] = ALL_DIGITS & !(1 << sol[c]);
        let hint = next_step(&givens, &[0; 81], Some(&wrong)).unwrap();
        for &(c, d) in &hint.eliminations {
            assert_ne!(sol[c as usize], d);
        }
    }

    #[test]
    fn solved_grid_has_no_step() {
        let givens = parse(EASY_PUZZLE);
        let sol = brute_solutions(&givens, 1)[0];
        assert_eq!(next_step(&givens, &sol, None), None);
        let mut clash = [0u8; 81];
        clash[0] = 5;
        clash[1] = 5;
        assert_eq!(next_step(&[0; 81], &clash, None), None);
    }
}
