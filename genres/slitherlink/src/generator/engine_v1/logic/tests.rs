//! The level-k property: generated level-k puzzles are solvable with techniques up to k and not
//! with techniques up to k-1.

use dayseed_core::Rng;

use super::Logic;
use crate::generator::engine_v1::generate;
use crate::grid::Grid;

fn check_level(w: usize, h: usize, level: u8, seeds: std::ops::Range<u64>) -> u32 {
    let g = Grid::new(w, h);
    let mut exact = 0;
    for seed in seeds {
        let mut rng = Rng::from_seed(seed);
        let p = generate(w, h, level, &mut rng).expect("a board");
        let k = p.level;
        let at_k = Logic::new(&g, &p.clues).run(k);
        assert!(at_k.solved, "seed {seed}: not solvable at its level L{k}");
        assert_eq!(at_k.max_level, k, "seed {seed}");
        if k > 1 {
            assert!(
                !Logic::new(&g, &p.clues).run(k - 1).solved,
                "seed {seed}: L{k} puzzle solvable at L{}",
                k - 1
            );
        }
        if p.fallback.is_none() {
            assert_eq!(k, level, "seed {seed}");
            exact += 1;
        } else {
            assert!(k < level, "seed {seed}: fallback above target");
        }
    }
    exact
}

#[test]
fn levels_one_to_seven_hold_over_many_seeds() {
    for level in 1..=7 {
        let exact = check_level(7, 7, level, 0..16);
        assert!(exact >= 12, "L{level}: only {exact} of 16 exact");
    }
    for level in [4, 6] {
        check_level(10, 8, level, 100..108);
    }
}

#[test]
fn trial_levels_hold() {
    for level in 8..=10 {
        let exact = check_level(6, 6, level, 0..3);
        assert!(exact >= 2, "L{level}: only {exact} of 3 exact");
    }
}

#[test]
fn logic_solution_matches_the_loop() {
    let mut rng = Rng::from_seed(5);
    let g = Grid::new(8, 8);
    let p = generate(8, 8, 5, &mut rng).expect("a board");
    let mut logic = Logic::new(&g, &p.clues);
    assert!(logic.run(10).solved);
    assert_eq!(logic.st, p.solution);
}

#[test]
fn contradictions_are_detected() {
    // A 1x1 board with clue 2 has no loop.
    let g = Grid::new(1, 1);
    let clues = [2i8];
    let res = Logic::new(&g, &clues).run(10);
    assert!(!res.solved && res.contradiction);
    // Clue 3 on a 1x1 board: no loop either (a loop around one cell uses 4 edges).
    let res = Logic::new(&g, &[3i8]).run(10);
    assert!(!res.solved);
}

#[test]
fn closure_engine_agrees_with_the_ordered_ladder() {
    // Random loops with random clue subsets, dense to sparse: the generator's closure engine and
    // the grader must agree on "solvable with techniques up to k" for every k.
    let mut rng = Rng::from_seed(2024);
    let mut solved_somewhere = 0;
    for case in 0..160u64 {
        let (w, h) = (5 + (case % 4) as usize, 5 + (case % 3) as usize);
        let g = Grid::new(w, h);
        let sol = crate::loop_gen::random_loop(&g, &mut rng);
        let full = crate::generator::engine_v1::full_clues(&g, &sol);
        let keep = 4 + rng.below(12);
        let clues: Vec<i8> = full
            .iter()
            .map(|&c| if rng.below(16) < keep { c } else { -1 })
            .collect();
        let top = if case % 8 == 0 { 8 } else { 7 };
        for level in 1..=top {
            let ordered = Logic::new(&g, &clues).run(level).solved;
            let closure = Logic::new(&g, &clues).solves(level);
            assert_eq!(
                ordered, closure,
                "case {case} level {level} clues {clues:?}"
            );
            solved_somewhere += u32::from(ordered);
        }
    }
    assert!(solved_somewhere > 100);
}

#[test]
fn closure_engine_agrees_along_removal_sequences() {
    // The states the generator actually visits: clues removed one by one from a full set.
    use crate::generator::engine_v1::full_clues;
    use crate::loop_gen::random_loop;
    use crate::model::NO_CLUE;
    for seed in 0..6u64 {
        let mut rng = Rng::from_seed(seed);
        let (w, h) = (6 + (seed % 4) as usize, 5 + (seed % 3) as usize);
        let g = Grid::new(w, h);
        let sol = random_loop(&g, &mut rng);
        let mut clues = full_clues(&g, &sol);
        let mut order: Vec<u32> = (0..g.n_cells as u32).collect();
        rng.shuffle(&mut order);
        let keep_level = 2 + (seed % 6) as u8;
        for c in order {
            let c = c as usize;
            let saved = clues[c];
            clues[c] = NO_CLUE;
            for level in 1..=7 {
                let a = Logic::new(&g, &clues).run(level).solved;
                let b = Logic::new(&g, &clues).solves(level);
                assert_eq!(a, b, "seed {seed} level {level} clues {clues:?}");
            }
            if !Logic::new(&g, &clues).run(keep_level).solved {
                clues[c] = saved;
            }
        }
    }
}
