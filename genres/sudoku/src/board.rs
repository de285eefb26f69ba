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
    (0..27).map(|h| {
        let k = h % 9;
        let cells: [usize; 9] = std::array::from_fn(|j| match h / 9 {
            0 => k * 9 + j,
            1 => j * 9 + k,
            _ => (k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3,
        });
        let kind = ["row", "column", "box"][h / 9];
        (format!("{kind} {}", k + 1), cells)
    })
}

/// Every rule broken by the digits of `cells` (0 is ignored): a digit twice in a row, column or
/// box, or a value above 9. Each message names the house and the cells.
pub fn rule_problems(cells: &Cells) -> Vec<String> {
    let mut problems = Vec::new();
    for (i, &v) in cells.iter().enumerate() {
        if v > 9 {
            problems.push(format!("{}: {v} is not a digit 1-9", cell_name(i)));
        }
    }
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
}
