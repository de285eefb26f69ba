//! Test helpers: an independent brute-force solution counter and a lenient grid parser.

/// Parses 81 characters ('.' or '0' blank) for tests.
pub fn parse(text: &str) -> [u8; 81] {
    let mut out = [0u8; 81];
    for (i, c) in text.chars().enumerate() {
        out[i] = c.to_digit(10).map_or(0, |d| d as u8);
    }
    out
}

/// Counts solutions up to `limit` by plain backtracking over the cell with the fewest legal
/// digits, recomputing legality from the grid each time. Shares no code with the solver.
pub fn brute_force_count(cells: &[u8; 81], limit: u64) -> u64 {
    // Givens that clash have no solution.
    for i in 0..81 {
        if cells[i] != 0 && !legal(cells, i, cells[i]) {
            return 0;
        }
    }
    let mut grid = *cells;
    let mut found = 0;
    backtrack(&mut grid, limit, &mut found);
    found
}

fn legal(grid: &[u8; 81], cell: usize, d: u8) -> bool {
    let (r, c) = (cell / 9, cell % 9);
    for k in 0..9 {
        let row = r * 9 + k;
        let col = k * 9 + c;
        let bx = (r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3;
        for other in [row, col, bx] {
            if other != cell && grid[other] == d {
                return false;
            }
        }
    }
    true
}

fn backtrack(grid: &mut [u8; 81], limit: u64, found: &mut u64) {
    let mut best: Option<(usize, Vec<u8>)> = None;
    for i in 0..81 {
        if grid[i] != 0 {
            continue;
        }
        let options: Vec<u8> = (1..=9).filter(|&d| legal(grid, i, d)).collect();
        if best.as_ref().is_none_or(|(_, o)| options.len() < o.len()) {
            let empty = options.is_empty();
            best = Some((i, options));
            if empty {
                return;
            }
        }
    }
    let Some((cell, options)) = best else {
        *found += 1;
        return;
    };
    for d in options {
        grid[cell] = d;
        backtrack(grid, limit, found);
        if *found >= limit {
            break;
        }
    }
    grid[cell] = 0;
}

/// Naked and hidden singles on a plain grid, recomputing candidates from the grid each time:
/// the reference for the fast singles test.
pub fn singles_reference(cells: &[u8; 81]) -> bool {
    for i in 0..81 {
        if cells[i] > 9 || (cells[i] != 0 && !legal(cells, i, cells[i])) {
            return false;
        }
    }
    let mut grid = *cells;
    loop {
        let mut progress = false;
        for i in 0..81 {
            if grid[i] != 0 {
                continue;
            }
            let options: Vec<u8> = (1..=9).filter(|&d| legal(&grid, i, d)).collect();
            match options.len() {
                0 => return false,
                1 => {
                    grid[i] = options[0];
                    progress = true;
                }
                _ => {}
            }
        }
        for h in 0..27 {
            let k = h % 9;
            let house: [usize; 9] = std::array::from_fn(|j| match h / 9 {
                0 => k * 9 + j,
                1 => j * 9 + k,
                _ => (k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3,
            });
            for d in 1..=9u8 {
                if house.iter().any(|&c| grid[c] == d) {
                    continue;
                }
                let spots: Vec<usize> = house
                    .iter()
                    .copied()
                    .filter(|&c| grid[c] == 0 && legal(&grid, c, d))
                    .collect();
                match spots.len() {
                    0 => return false,
                    1 => {
                        grid[spots[0]] = d;
                        progress = true;
                    }
                    _ => {}
                }
            }
        }
        if grid.iter().all(|&v| v != 0) {
            return true;
        }
        if !progress {
            return false;
        }
    }
}
