//! The SVG picture of a level (`dayseed show jj:... --svg FILE`): the map's cells, the chamber
//! boundaries and the exit line; with the solution, the paths both cores follow when the plan is
//! replayed without margins (A orange, B blue), sampled every few ticks.

use std::fmt::Write;

use dayseed_core::Result;

use crate::arcade::Simulation;
use crate::genre::MAX_CHECK_TICKS;
use crate::level::{Level, replan};
use crate::physics::JjSim;
use crate::world::{DOOR, EXIT, GATE, ROCK, SPIKE, SWITCH};

/// Pixels per cell.
const CELL: f64 = 16.0;
/// Ticks between two points of a drawn path.
const EVERY: u32 = 3;
const COLOURS: [&str; 2] = ["#f28c28", "#3b82f6"];

/// Both cores' positions every [`EVERY`] ticks of the plan's replay (without margins).
fn paths(level: &Level) -> Result<[Vec<(f64, f64)>; 2]> {
    let tape = match level.plan_tape() {
        Some(t) => t.clone(),
        None => replan(level)?.0,
    };
    let mut sim = JjSim::new(level.world().clone(), false);
    let mut out: [Vec<(f64, f64)>; 2] = [Vec::new(), Vec::new()];
    let mut next = 0;
    while sim.ending().is_none() && sim.tick() < MAX_CHECK_TICKS {
        while let Some(e) = tape.events.get(next).filter(|e| e.tick <= sim.tick()) {
            sim.input(&e.action)?;
            next += 1;
        }
        if sim.tick().is_multiple_of(EVERY) {
            for (path, core) in out.iter_mut().zip(sim.cores()) {
                path.push((core.x, core.y));
            }
        }
        if next == tape.events.len() && sim.awaiting_input() {
            break;
        }
        sim.step();
    }
    for (path, core) in out.iter_mut().zip(sim.cores()) {
        path.push((core.x, core.y));
    }
    Ok(out)
}

/// The SVG text of `level`; `show_solution` adds the plan's paths.
pub fn svg(level: &Level, show_solution: bool) -> Result<String> {
    let world = level.world();
    let (w, h) = (world.width as f64 * CELL, world.height as f64 * CELL);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"##
    );
    let _ = writeln!(s, r##"<rect width="{w}" height="{h}" fill="#10141c"/>"##);
    for (r, row) in level.rows.iter().enumerate() {
        for (c, b) in row.bytes().enumerate() {
            let (x, y) = (c as f64 * CELL, r as f64 * CELL);
            let shape = match b {
                ROCK => format!(
                    r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#55606e"/>"##
                ),
                SPIKE => format!(
                    r##"<path d="M{} {} L{} {} L{} {} Z" fill="#e5484d"/>"##,
                    x + 0.1 * CELL,
                    y + CELL,
                    x + 0.5 * CELL,
                    y + 0.5 * CELL,
                    x + 0.9 * CELL,
                    y + CELL
                ),
                SWITCH => format!(
                    r##"<rect x="{x}" y="{}" width="{CELL}" height="{}" fill="#f5d90a"/>"##,
                    y + 0.7 * CELL,
                    0.3 * CELL
                ),
                DOOR => format!(
                    r##"<rect x="{}" y="{y}" width="{}" height="{CELL}" fill="#a0703c"/>"##,
                    x + 0.2 * CELL,
                    0.6 * CELL
                ),
                GATE => format!(
                    r##"<rect x="{}" y="{y}" width="{}" height="{CELL}" fill="#7c66dc"/>"##,
                    x + 0.3 * CELL,
                    0.4 * CELL
                ),
                EXIT => format!(
                    r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#30a46c" opacity="0.5"/>"##
                ),
                _ => continue,
            };
            s.push_str(&shape);
            s.push('\n');
        }
    }
    for c in level.chambers.iter().skip(1) {
        let x = c.x0 as f64 * CELL;
        let _ = writeln!(
            s,
            r##"<line x1="{x}" y1="0" x2="{x}" y2="{h}" stroke="#ffffff" stroke-opacity="0.15" stroke-dasharray="4 4"/>"##
        );
    }
    let exit = (world.exit_x as f64 + 0.5) * CELL;
    let _ = writeln!(
        s,
        r##"<line x1="{exit}" y1="0" x2="{exit}" y2="{h}" stroke="#30a46c" stroke-width="2"/>"##
    );
    if show_solution {
        for (path, colour) in paths(level)?.iter().zip(COLOURS) {
            let points: Vec<String> = path
                .iter()
                .map(|(x, y)| format!("{:.1},{:.1}", x * CELL, y * CELL))
                .collect();
            let _ = writeln!(
                s,
                r##"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="1.5" opacity="0.85"/>"##,
                points.join(" ")
            );
        }
    }
    for (i, (x, y)) in crate::physics::START.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>"##,
            (x - 0.4) * CELL,
            (y - 0.4) * CELL,
            0.8 * CELL,
            0.8 * CELL,
            COLOURS[i]
        );
    }
    s.push_str("</svg>\n");
    Ok(s)
}
