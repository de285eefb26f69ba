//! The 9x9 grid as 81 cells (row-major, 0 = empty, 1..=9 = digit) and the rules of Sudoku.

/// A grid: 81 cells in row-major order; 0 is an empty cell, 1..=9 a digit.
pub type Cells = [u8; 81];

/// The name of a cell for players, `r1c1` (top left) to `r9c9`.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// The box (0..9, row-major) a cell lies in.
pub fn box_of(cell: usize) -> usize {
    cell / 27 * 3 + cell % 9 / 3
}

/// The 27 houses (9 rows, 9 columns, 9 boxes), each as its 9 cells, with a name for messages.
pub fn houses() -> impl Iterator<Item = (String, [usize; 9])> {
    (0..27).map(|h| (house_name(h), house_cells(h)))
}

/// The cells of house `h` (0..9 rows, 9..18 columns, 18..27 boxes).
fn house_cells(h: usize) -> [usize; 9] {
    let k = h % 9;
    std::array::from_fn(|j| match h / 9 {
        0 => k * 9 + j,
        1 => j * 9 + k,
        _ => (k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3,
    })
}

/// The name of house `h` for messages (`row 1`, `column 4`, `box 9`).
fn house_name(h: usize) -> String {
    let kind = ["row", "column", "box"][h / 9];
    format!("{kind} {}", h % 9 + 1)
}

/// Every rule broken by the digits of `cells` (0 is ignored): a digit twice in a row, column or
/// box, or a value above 9. Each message names the house and the cells. A grid that breaks no
/// rule costs one pass over the houses and no allocation beyond the empty list.
pub fn rule_problems(cells: &Cells) -> Vec<String> {
    let mut problems = Vec::new();
    for (i, &v) in cells.iter().enumerate() {
        if v > 9 {
            problems.push(format!("{}: {v} is not a digit 1-9", cell_name(i)));
        }
    }
    for h in 0..27 {
        let house = house_cells(h);
        let (mut seen, mut repeated) = (0u16, 0u16);
        for &c in &house {
            if (1..=9).contains(&cells[c]) {
                let bit = 1u16 << cells[c];
                repeated |= seen & bit;
                seen |= bit;
            }
        }
        if repeated == 0 {
            continue;
        }
        let name = house_name(h);
        for d in (1..=9u8).filter(|d| repeated & (1 << d) != 0) {
            let at: Vec<String> = house
                .iter()
                .filter(|&&c| cells[c] == d)
                .map(|&c| cell_name(c))
                .collect();
            problems.push(format!("{name} has {d} more than once ({})", at.join(", ")));
        }
    }
    problems
}

/// Number of filled cells.
pub fn filled(cells: &Cells) -> usize {
    cells.iter().filter(|&&v| v != 0).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_boxes() {
        assert_eq!(cell_name(0), "r1c1");
        assert_eq!(cell_name(80), "r9c9");
        assert_eq!(cell_name(10), "r2c2");
        assert_eq!(box_of(0), 0);
        assert_eq!(box_of(80), 8);
        assert_eq!(box_of(33), 5);
    }

    #[test]
    fn houses_cover_each_cell_three_times() {
        let mut seen = [0u8; 81];
        for (_, h) in houses() {
            for c in h {
                seen[c] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 3));
    }

    #[test]
    fn duplicates_are_named() {
        let mut cells = [0u8; 81];
        cells[0] = 4;
        cells[10] = 4;
        let p = rule_problems(&cells);
        assert_eq!(
            p,
            vec!["box 1 has 4 more than once (r1c1, r2c2)".to_string()]
        );
        cells[10] = 0;
        assert!(rule_problems(&cells).is_empty());
    }

    /// The plain definition: every house and digit, the cells holding it, a message when
    /// there are two or more.
    fn problems_by_definition(cells: &Cells) -> Vec<String> {
        let mut problems: Vec<String> = (0..81)
            .filter(|&i| cells[i] > 9)
            .map(|i| format!("{}: {} is not a digit 1-9", cell_name(i), cells[i]))
            .collect();
        for (name, house) in houses() {
            for d in 1..=9u8 {
                let at: Vec<String> = house
                    .iter()
                    .filter(|&&c| cells[c] == d)
                    .map(|&c| cell_name(c))
                    .collect();
                if at.len() > 1 {
                    problems.push(format!("{name} has {d} more than once ({})", at.join(", ")));
                }
            }
        }
        problems
    }

    #[test]
    fn problems_match_the_definition_on_many_grids() {
        let mut rng = dayseed_core::rng::Rng::from_seed(18);
        let mut found = 0;
        for round in 0..2000u64 {
            // Sparse to dense grids, with values up to 11 so out-of-range cells occur too.
            let cells: Cells = std::array::from_fn(|_| {
                if rng.below(81) < round % 81 {
                    rng.below(12) as u8
                } else {
                    0
                }
            });
            let expected = problems_by_definition(&cells);
            found += expected.len();
            assert_eq!(rule_problems(&cells), expected, "grid {cells:?}");
        }
        assert!(found > 1000, "the grids must break rules often: {found}");
        let mut triple = [0u8; 81];
        triple[..3].copy_from_slice(&[7, 7, 7]);
        assert_eq!(
            rule_problems(&triple),
            vec![
                "row 1 has 7 more than once (r1c1, r1c2, r1c3)".to_string(),
                "box 1 has 7 more than once (r1c1, r1c2, r1c3)".to_string(),
            ]
        );
    }
}
