//! The terminal strip: 64 cells a row block; ground levels as `#`, pits as blanks, obstacles as
//! letters above their column (R runner, M mole, J jellyfish, G glider), solver presses as `^`
//! under the cell where the jump starts.

use crate::course::{Course, Obstacle};
use crate::physics::{CELL, hero_x};

/// Draws the course (and the press marks).
pub fn strip(course: &Course, presses: &[u32]) -> String {
    let n = course.levels.len();
    let mut marks = vec![' '; n];
    for o in &course.obstacles {
        let (cell, letter) = match *o {
            Obstacle::Runner { from, .. } => (from, 'R'),
            Obstacle::Mole { cell, .. } => (cell, 'M'),
            Obstacle::Jelly { cell, .. } => (cell, 'J'),
            Obstacle::Glider { cell, .. } => (cell, 'G'),
        };
        marks[cell as usize] = letter;
    }
    let mut jumps = vec![' '; n];
    for &p in presses {
        if let Some(j) = jumps.get_mut((hero_x(p) / CELL) as usize) {
            *j = '^';
        }
    }
    let mut out = format!("{} bars at {} BPM\n", course.bars, course.bpm);
    for start in (0..n).step_by(64) {
        let end = (start + 64).min(n);
        out.push_str(&format!("cell {start}\n"));
        out.push_str(&marks[start..end].iter().collect::<String>());
        out.push('\n');
        for level in (0..=3).rev() {
            let row: String = course.levels[start..end]
                .iter()
                .map(|&l| if l >= level { '#' } else { ' ' })
                .collect();
            out.push_str(&row);
            out.push('\n');
        }
        out.push_str(&jumps[start..end].iter().collect::<String>());
        out.push('\n');
    }
    out
}
