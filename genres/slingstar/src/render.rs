//! Drawings: a terminal picture per hole and an SVG of the course with the solver's trajectories.

use dayseed_core::Result;

use crate::arcade::Vec2;
use crate::physics::{CAPTURE_RADIUS, FIELD_H, FIELD_W, World};
use crate::puzzle::{HoleRecord, Puzzle};
use crate::solve;
use crate::verify::Grid;

const COLS: usize = 48;
const ROWS: usize = 18;

fn cell(p: Vec2) -> Option<(usize, usize)> {
    let c = p.x / (f64::from(FIELD_W) / 1000.0) * COLS as f64;
    let r = p.y / (f64::from(FIELD_H) / 1000.0) * ROWS as f64;
    (c >= 0.0 && r >= 0.0 && c < COLS as f64 && r < ROWS as f64).then_some((r as usize, c as usize))
}

fn solver_path(hole: &HoleRecord, grid: &Grid) -> Option<Vec<Vec2>> {
    let world = World::new(&hole.layout());
    let plan = solve::plan_hole(&world, grid)?;
    world.trace(plan.margins.best).ok().map(|(pts, _)| pts)
}

fn header(h: &HoleRecord) -> String {
    let mut out = format!("hole {}", h.number);
    if let Some(par) = h.par {
        out.push_str(&format!(" par {par}"));
    }
    if let (Some(s), Some(r)) = (h.successes, h.robust) {
        out.push_str(&format!(" ({s} of 384 shots in, {r} robust"));
        if let Some(w) = h.window {
            out.push_str(&format!(
                ", widest window {} fine directions x power {}..{}",
                w.dirs, w.power_min, w.power_max
            ));
        }
        out.push(')');
    }
    if let Some(f) = &h.fallback {
        out.push_str(&format!(" [fallback: {f}]"));
    }
    out
}

/// The terminal picture: `T` tee, `@` black hole, `O` planets, `*` the solver's trajectory.
pub fn text(puzzle: &Puzzle, show_solution: bool) -> String {
    let grid = Grid::new();
    let mut out = String::new();
    for h in &puzzle.holes {
        let mut g = vec![vec!['.'; COLS]; ROWS];
        for (r, row) in g.iter_mut().enumerate() {
            for (c, ch) in row.iter_mut().enumerate() {
                let at = Vec2::new(
                    (c as f64 + 0.5) * f64::from(FIELD_W) / 1000.0 / COLS as f64,
                    (r as f64 + 0.5) * f64::from(FIELD_H) / 1000.0 / ROWS as f64,
                );
                for p in &h.planets {
                    let d = at - Vec2::new(f64::from(p.x) / 1000.0, f64::from(p.y) / 1000.0);
                    let rad = f64::from(p.r) / 1000.0;
                    if d.len_sq() < rad * rad {
                        *ch = 'O';
                    }
                }
            }
        }
        if show_solution && let Some(path) = solver_path(h, &grid) {
            for p in path {
                if let Some((r, c)) = cell(p) {
                    g[r][c] = '*';
                }
            }
        }
        let world = World::new(&h.layout());
        for (p, ch) in [(world.tee, 'T'), (world.cup, '@')] {
            if let Some((r, c)) = cell(p) {
                g[r][c] = ch;
            }
        }
        out.push_str(&header(h));
        out.push('\n');
        for row in g {
            out.extend(row);
            out.push('\n');
        }
    }
    out
}

/// The SVG: holes stacked vertically, each 16 x 9 units at 40 px per unit.
pub fn svg(puzzle: &Puzzle, show_solution: bool) -> Result<String> {
    let grid = Grid::new();
    let s = 40.0;
    let (w, h1) = (
        f64::from(FIELD_W) / 1000.0 * s,
        f64::from(FIELD_H) / 1000.0 * s,
    );
    let total = h1 * puzzle.holes.len() as f64;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{total}\" viewBox=\"0 0 {w} {total}\">\n"
    );
    for (i, h) in puzzle.holes.iter().enumerate() {
        let oy = h1 * i as f64;
        out.push_str(&format!(
            "<g transform=\"translate(0 {oy})\"><rect width=\"{w}\" height=\"{h1}\" fill=\"#0b1026\" stroke=\"#334\"/>\n"
        ));
        out.push_str(&format!(
            "<text x=\"8\" y=\"18\" fill=\"#ccd\" font-size=\"14\" font-family=\"sans-serif\">{}</text>\n",
            header(h)
        ));
        for p in &h.planets {
            out.push_str(&format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#6a7fd6\"/>\n",
                f64::from(p.x) / 1000.0 * s,
                f64::from(p.y) / 1000.0 * s,
                f64::from(p.r) / 1000.0 * s
            ));
        }
        let world = World::new(&h.layout());
        out.push_str(&format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#000\" stroke=\"#b6f\" stroke-width=\"2\"/>\n",
            world.cup.x * s,
            world.cup.y * s,
            CAPTURE_RADIUS * s
        ));
        out.push_str(&format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"5\" fill=\"#fff\"/>\n",
            world.tee.x * s,
            world.tee.y * s
        ));
        if show_solution && let Some(path) = solver_path(h, &grid) {
            let pts: Vec<String> = path
                .iter()
                .step_by(4)
                .map(|p| format!("{:.1},{:.1}", p.x * s, p.y * s))
                .collect();
            out.push_str(&format!(
                "<polyline points=\"{}\" fill=\"none\" stroke=\"#fd4\" stroke-width=\"2\"/>\n",
                pts.join(" ")
            ));
        }
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    Ok(out)
}
