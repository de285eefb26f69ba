//! The band solver against the frozen solver (`solver_v1`) and an independent brute-force counter.

use dayseed_core::rng::Rng;
use dayseed_core::{Budget, Count};

use super::{
    ALLOWED, BY_ROWS, ONE_ROW_BOXES, count_solutions, filled_cells, has_other_solution, solve,
};
use crate::generator::solver_v1;
use crate::row_box_index::{occupancy_index, row_box_index};
use crate::testutil::{brute_force_count, parse};

/// A well-known 17-clue puzzle (unique; the first of Gordon Royle's 17-clue collection).
const SEVENTEEN: &str =
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

/// Sudoku Exchange puzzles rated 8.0-9.3 and 2.5-3.0 (public domain; see bench/data/README.md).
const SE_HARD: &str = include_str!("../../../bench/data/se-hard-8.0-9.3.txt");
const SE_EASY: &str = include_str!("../../../bench/data/se-easy-2.5-3.0.txt");

fn unlimited() -> Budget {
    Budget::unlimited()
}

/// Both solvers give the same count for limits 1 to 3, and the same first solution when the
/// puzzle is unique; a first solution is always a valid grid keeping the givens.
fn assert_agrees(cells: &[u8; 81]) {
    for limit in 1..=3 {
        let ours = solve(cells, limit, &mut unlimited());
        let frozen = solver_v1::solve(cells, limit, &mut unlimited());
        assert_eq!(ours.count, frozen.count, "limit {limit}: {cells:?}");
        if let Some(s) = ours.first {
            assert!(crate::board::rule_problems(&s).is_empty());
            assert!(cells.iter().zip(&s).all(|(&g, &v)| g == 0 || g == v));
        }
        assert_eq!(ours.first.is_some(), ours.count != Count::Exactly(0));
        if ours.count == Count::Exactly(1) {
            assert_eq!(ours.first, frozen.first);
        }
        assert_eq!(count_solutions(cells, limit, &mut unlimited()), ours.count);
    }
}

/// The band step's first index (one multiplication) depends on the row-by-box occupancy of a
/// mask only, and its table entry is the one of that occupancy: for every occupancy, masks with
/// random nonempty mini-rows in exactly those places.
#[test]
fn row_box_index_follows_the_occupancy() {
    let mut rng = Rng::from_seed(18);
    for occupancy in 0..512usize {
        let index = occupancy_index(occupancy);
        let entry = BY_ROWS[index];
        assert_eq!(entry as u32, ALLOWED[occupancy]);
        assert_eq!((entry >> 32) as u32, ONE_ROW_BOXES[occupancy]);
        for _ in 0..64 {
            let mut mask = 0u32;
            for bit in 0..9 {
                if occupancy >> bit & 1 == 1 {
                    let cells = 1 + rng.below(7) as u32;
                    mask |= cells << ((bit / 3) * 9 + (bit % 3) * 3);
                }
            }
            assert_eq!(row_box_index(mask), index, "mask {mask:#x}");
        }
    }
}

fn lines(text: &str) -> impl Iterator<Item = [u8; 81]> + '_ {
    text.lines().filter(|l| l.len() == 81).map(parse)
}

#[test]
fn agrees_on_the_sudoku_exchange_lists() {
    let (mut hard, mut easy) = (0, 0);
    for p in lines(SE_HARD) {
        assert_agrees(&p);
        hard += 1;
    }
    for p in lines(SE_EASY) {
        assert_eq!(count_solutions(&p, 2, &mut unlimited()), Count::Exactly(1));
        assert_agrees(&p);
        easy += 1;
    }
    assert!(hard > 300 && easy > 300);
}

#[test]
fn agrees_on_the_fixture_boards() {
    for version in ["g1", "g2"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("../../fixtures/sudoku/{version}.jsonl"));
        let text = std::fs::read_to_string(path).unwrap();
        let mut n = 0;
        for line in text.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let puzzle = parse(v["puzzle"].as_str().unwrap());
            let solution = parse(v["solution"].as_str().unwrap());
            let r = solve(&puzzle, 2, &mut unlimited());
            assert_eq!(r.count, Count::Exactly(1));
            assert_eq!(r.first, Some(solution));
            assert_agrees(&puzzle);
            n += 1;
        }
        assert!(n > 50);
    }
}

#[test]
fn empty_solved_and_seventeen_clue_grids() {
    let empty = [0u8; 81];
    assert_eq!(
        count_solutions(&empty, 2, &mut unlimited()),
        Count::AtLeast(2)
    );
    assert_agrees(&empty);
    let grid = solver_v1::random_grid(&mut Rng::from_seed(3));
    assert_eq!(solve(&grid, 2, &mut unlimited()).first, Some(grid));
    assert_eq!(
        count_solutions(&grid, 2, &mut unlimited()),
        Count::Exactly(1)
    );
    let seventeen = parse(SEVENTEEN);
    assert_eq!(seventeen.iter().filter(|&&v| v != 0).count(), 17);
    assert_eq!(
        count_solutions(&seventeen, 2, &mut unlimited()),
        Count::Exactly(1)
    );
    assert_agrees(&seventeen);
    // One clue fewer: many solutions.
    let mut sixteen = seventeen;
    let first = sixteen.iter().position(|&v| v != 0).unwrap();
    sixteen[first] = 0;
    assert_eq!(
        count_solutions(&sixteen, 2, &mut unlimited()),
        Count::AtLeast(2)
    );
    assert_agrees(&sixteen);
}

#[test]
fn invalid_and_contradictory_inputs_have_no_solution() {
    let none = Count::Exactly(0);
    for (a, b) in [(0, 8), (0, 72), (0, 20), (40, 44)] {
        let mut clash = [0u8; 81];
        clash[a] = 5;
        clash[b] = 5;
        assert_eq!(count_solutions(&clash, 2, &mut unlimited()), none);
        assert_eq!(solve(&clash, 2, &mut unlimited()).first, None);
    }
    let mut big = [0u8; 81];
    big[10] = 10;
    assert_eq!(count_solutions(&big, 2, &mut unlimited()), none);
    // No clash among the givens, but cell 0 sees 1..8 in its row and 9 in its column.
    let mut stuck = parse("012345678");
    stuck[72] = 9;
    assert_eq!(count_solutions(&stuck, 2, &mut unlimited()), none);
    assert_agrees(&stuck);
    // A valid grid with two digits swapped in one row: every line is whole, the columns clash.
    let mut grid = solver_v1::random_grid(&mut Rng::from_seed(5));
    grid.swap(0, 1);
    assert_eq!(count_solutions(&grid, 2, &mut unlimited()), none);
    // The same grid with those two cells emptied again has one solution.
    grid[0] = 0;
    grid[1] = 0;
    assert_eq!(
        count_solutions(&grid, 2, &mut unlimited()),
        Count::Exactly(1)
    );
}

#[test]
fn budget_exhaustion_is_reported() {
    let empty = [0u8; 81];
    let mut b = Budget::new(3);
    assert_eq!(
        count_solutions(&empty, 1000, &mut b),
        Count::BudgetExhausted
    );
    assert_eq!(b.spent(), 3);
    let hard = lines(SE_HARD)
        .find(|p| {
            let mut budget = unlimited();
            count_solutions(p, 2, &mut budget);
            budget.spent() > 2
        })
        .unwrap();
    let r = solve(&hard, 2, &mut Budget::new(2));
    assert_eq!(r.count, Count::BudgetExhausted);
    assert_eq!(has_other_solution(&hard, 0, 1, &mut Budget::new(0)), None);
    let mut zero = Budget::new(0);
    assert_eq!(count_solutions(&hard, 2, &mut zero), Count::BudgetExhausted);
}

/// A random grid with `holes` cells emptied (in an order drawn from `rng`), and that order.
fn holed(rng: &mut Rng, holes: usize) -> ([u8; 81], [u8; 81], Vec<usize>) {
    let grid = solver_v1::random_grid(rng);
    let mut cells = grid;
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    for &i in &order[..holes] {
        cells[i] = 0;
    }
    (grid, cells, order)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
    /// Random grids with random holes, sometimes broken: counts equal the brute-force count and
    /// the frozen solver's.
    #[test]
    fn counts_match_brute_force(seed: u64, holes in 30usize..64, limit in 1u64..4) {
        let mut rng = Rng::from_seed(seed);
        let (_, mut cells, order) = holed(&mut rng, holes);
        if seed % 5 == 0 {
            cells[order[0]] = (seed % 9) as u8 + 1;
        }
        let fast = count_solutions(&cells, limit, &mut unlimited());
        let slow = brute_force_count(&cells, limit);
        let expected = if slow >= limit { Count::AtLeast(limit) } else { Count::Exactly(slow) };
        proptest::prop_assert_eq!(fast, expected);
        assert_agrees(&cells);
    }

    /// The eight-at-a-time filled-cell mask equals the cell-by-cell one, for any byte values.
    #[test]
    fn filled_cells_match_a_plain_scan(cells in proptest::array::uniform32(0u8..=255), fill: u128) {
        let mut grid = [0u8; 81];
        for (i, v) in grid.iter_mut().enumerate() {
            *v = if fill >> i & 1 == 1 { cells[i % 32] } else { 0 };
        }
        let plain = grid.iter().enumerate().fold(0u128, |m, (i, &v)| m | u128::from(v != 0) << i);
        proptest::prop_assert_eq!(filled_cells(&grid), plain);
    }

    /// The clue-removal test agrees with the frozen solver's.
    #[test]
    fn other_solution_agrees_with_the_frozen_solver(seed: u64, holes in 40usize..62) {
        let mut rng = Rng::from_seed(seed);
        let (grid, cells, order) = holed(&mut rng, holes);
        let i = order[holes];
        proptest::prop_assert_eq!(
            has_other_solution(&cells, i, grid[i], &mut unlimited()),
            solver_v1::has_other_solution(&cells, i, grid[i], &mut unlimited())
        );
    }
}
