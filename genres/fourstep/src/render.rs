//! Drawings. The terminal strip: 64 cells a row block; ground levels as `#`, pits as blanks, obstacles as
//! letters above their column (R runner, M mole, J jellyfish, G glider), solver presses as `^`
//! under the cell where the jump starts.

use crate::course::{Course, Obstacle};
use crate::physics::{CELL, Hero, Rules, Step, hero_x, step_hero};

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

/// Pixels per cell in the SVG.
const PX: i64 = 12;
/// Cells of height drawn above level 0 (and one below for pits).
const SKY: i64 = 6;

/// A standalone SVG of the course: ground, the beat grid, obstacles at a moment they are out
/// (runners at tick 0, moles up, jellyfish at their lowest, gliders where they meet the hero),
/// and, when `presses` is given, the hero's path under those presses in the game.
pub fn svg(course: &Course, presses: Option<&[u32]>) -> String {
    let cells = course.levels.len() as i64;
    let (w, h) = (cells * PX, (SKY + 1) * PX);
    // y in units (60 per cell, up) to pixels (down).
    let py = |y: i64| (SKY * CELL - y) * PX / CELL;
    let px = |x: i64| x * PX / CELL;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#14162b\"/>\n"
    );
    for beat in 0..=cells / 4 {
        let x = beat * 4 * PX;
        let stroke = if beat % 4 == 0 { "#555a80" } else { "#2a2d4a" };
        out.push_str(&format!(
            "<line x1=\"{x}\" y1=\"0\" x2=\"{x}\" y2=\"{h}\" stroke=\"{stroke}\"/>\n"
        ));
    }
    for (c, &level) in course.levels.iter().enumerate() {
        if level >= 0 {
            let top = py(i64::from(level) * CELL);
            out.push_str(&format!(
                "<rect x=\"{}\" y=\"{top}\" width=\"{PX}\" height=\"{}\" fill=\"#3b7a57\"/>\n",
                c as i64 * PX,
                h - top
            ));
        }
    }
    for o in &course.obstacles {
        let (tick, colour) = match *o {
            Obstacle::Runner { .. } => (0, "#e4572e"),
            Obstacle::Mole { period, phase, .. } => {
                ((period - phase % period) % period * 24, "#a5673f")
            }
            Obstacle::Jelly { phase, .. } => ((96 - phase) % 96, "#c77dff"),
            Obstacle::Glider { cell, .. } => (cell * 6 + 3, "#4cc9f0"),
        };
        if let Some(b) = o.hitbox(tick) {
            out.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{colour}\"/>\n",
                px(b.x0),
                py(b.y1),
                px(b.x1 - b.x0),
                (b.y1 - b.y0) * PX / CELL
            ));
        }
    }
    if let Some(presses) = presses {
        let mut hero = Hero::START;
        let mut points = vec![format!("{},{}", px(hero_x(0)), py(0))];
        let mut next = 0;
        for t in 0..course.end_tick() {
            let press = presses.get(next) == Some(&t);
            next += usize::from(press);
            let step = step_hero(course, &mut hero, t, press, Rules::Game);
            points.push(format!("{},{}", px(hero_x(t + 1)), py(hero.y)));
            if matches!(step, Step::Fell | Step::Crashed { .. }) {
                break;
            }
        }
        out.push_str(&format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"#ffd84a\" stroke-width=\"2\"/>\n",
            points.join(" ")
        ));
    }
    out.push_str("</svg>\n");
    out
}
