//! Property tests over random minimal puzzles: every deduction agrees with the brute-force
//! solution, the level is the lowest cap that solves, and hints played to the end stay correct.

use super::candidates::{ALL_DIGITS, Grid};
use super::grade::run;
use super::testutil::{brute_solutions, random_puzzle};
use super::{grade, grade_capped, next_step};
use crate::level::Level;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn grading_is_sound_and_minimal(seed in any::<u64>()) {
        let cells = random_puzzle(seed);
        let sol = brute_solutions(&cells, 1)[0];
        let traced = run(&cells, Level::Master, |t, f, g| {
            for &(c, d) in &f.placements {
                assert_eq!(sol[c as usize], d, "{} placed a wrong digit", t.name);
            }
            for &(c, d) in &f.eliminations {
                assert_ne!(sol[c as usize], d, "{} removed the solution", t.name);
                assert!(g.cand[c as usize] & (1 << d) != 0);
            }
        });
        let g = grade(&cells);
        prop_assert_eq!(traced.as_ref(), Some(&g));
        prop_assert!(g.solved);
        for max in Level::ALL {
            let capped = grade_capped(&cells, max);
            prop_assert_eq!(capped.is_some(), g.level <= max);
            if let Some(c) = capped {
                prop_assert_eq!(&c, &g);
            }
        }
    }

    #[test]
    fn hints_played_with_partial_notes_reach_the_solution(seed in any::<u64>(), noted in 0u32..3) {
        let givens = random_puzzle(seed);
        let sol = brute_solutions(&givens, 1)[0];
        let mut entries = [0u8; 81];
        // Some cells start with the player's full notes, the others without notes.
        let mut notes = [0u16; 81];
        for (c, n) in notes.iter_mut().enumerate() {
            if (c as u32 + noted).is_multiple_of(3) {
                *n = ALL_DIGITS;
            }
        }
        let mut steps = 0;
        while let Some(step) = next_step(&givens, &entries, Some(&notes)) {
            steps += 1;
            prop_assert!(steps < 1000);
            for &(c, d) in &step.placements {
                prop_assert_eq!(sol[c as usize], d, "{}", &step.explanation);
                entries[c as usize] = d;
            }
            for &(c, d) in &step.eliminations {
                prop_assert_ne!(sol[c as usize], d, "{}", &step.explanation);
                if notes[c as usize] == 0 {
                    // The player starts noting this cell from the logical candidates.
                    let mut cells = givens;
                    for (x, &e) in cells.iter_mut().zip(&entries) {
                        if *x == 0 {
                            *x = e;
                        }
                    }
                    notes[c as usize] = Grid::new(&cells).map_or(ALL_DIGITS, |g| g.cand[c as usize]);
                } else {
                    prop_assert!(notes[c as usize] & (1 << d) != 0, "hinted again: {}", &step.explanation);
                }
                notes[c as usize] &= !(1 << d);
            }
        }
        prop_assert_eq!(entries.iter().zip(&givens).filter(|(e, g)| **e == 0 && **g == 0).count(), 0);
    }
}

/// Level distribution over random minimal puzzles (run with `--ignored --nocapture`;
/// informational: the technique mix the generator meets; speed is measured under `bench/`).
#[test]
#[ignore]
fn survey() {
    let puzzles: Vec<[u8; 81]> = (0..400).map(random_puzzle).collect();
    let mut by_level = [0u32; 5];
    let mut uses: std::collections::BTreeMap<&str, u32> = std::collections::BTreeMap::new();
    for p in &puzzles {
        let g = grade(p);
        assert!(g.solved);
        by_level[g.level.rank() as usize - 1] += 1;
        for (name, _) in g.techniques {
            *uses.entry(name).or_default() += 1;
        }
    }
    println!("levels EASY..MASTER: {by_level:?}");
    println!("puzzles using each technique: {uses:?}");
    for p in super::testutil::HARD_PUZZLES {
        let cells = super::testutil::parse(p);
        let g = grade(&cells);
        println!("{p}: {:?} {} {:?}", g.level, g.score, g.techniques);
    }
}

/// The soundness check of `grading_is_sound_and_minimal` over many more puzzles (run with
/// `--ignored`; about a minute).
#[test]
#[ignore]
fn soundness_sweep() {
    let mut by_level = [0u32; 5];
    for seed in 1000..4000u64 {
        let cells = random_puzzle(seed);
        let sol = brute_solutions(&cells, 1)[0];
        let g = run(&cells, Level::Master, |t, f, _| {
            for &(c, d) in &f.placements {
                assert_eq!(
                    sol[c as usize], d,
                    "seed {seed}: {} placed a wrong digit",
                    t.name
                );
            }
            for &(c, d) in &f.eliminations {
                assert_ne!(
                    sol[c as usize], d,
                    "seed {seed}: {} removed the solution",
                    t.name
                );
            }
        })
        .unwrap();
        assert!(g.solved, "seed {seed}");
        by_level[g.level.rank() as usize - 1] += 1;
    }
    println!("levels EASY..MASTER: {by_level:?}");
}
