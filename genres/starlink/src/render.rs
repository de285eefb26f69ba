//! Drawings: a character picture for the terminal and a standalone SVG.

use std::fmt::Write as _;

use crate::geometry::{Point, UNIT};
use crate::puzzle::{Puzzle, to_fixed};

/// Characters per cell horizontally in the text picture.
const COLS_PER_CELL: i64 = 4;
/// Characters per cell vertically in the text picture.
const ROWS_PER_CELL: i64 = 2;

fn to_canvas(p: Point) -> (i64, i64) {
    (
        (p.x * COLS_PER_CELL + UNIT / 2).div_euclid(UNIT),
        (p.y * ROWS_PER_CELL + UNIT / 2).div_euclid(UNIT),
    )
}

fn stroke(canvas: &mut [Vec<char>], a: (i64, i64), b: (i64, i64)) {
    let (dc, dr) = (b.0 - a.0, b.1 - a.1);
    let ch = if dr == 0 {
        '-'
    } else if dc == 0 {
        '|'
    } else if (dc > 0) == (dr > 0) {
        '\\'
    } else {
        '/'
    };
    let steps = dc.abs().max(dr.abs()).max(1);
    for t in 1..steps {
        let c = a.0 + (2 * dc * t + steps).div_euclid(2 * steps);
        let r = a.1 + (2 * dr * t + steps).div_euclid(2 * steps);
        if let Some(cell) = canvas
            .get_mut(r as usize)
            .and_then(|row| row.get_mut(c as usize))
        {
            *cell = ch;
        }
    }
}

/// The terminal picture: stars as their numbers (gravity stars in parentheses), the given lines
/// drawn with `- | / \`, then a legend of stars and lines.
pub fn text(puzzle: &Puzzle, lines: &[u32]) -> String {
    let points = puzzle.points();
    let cols = (i64::from(puzzle.width) * COLS_PER_CELL + 1) as usize;
    let rows = (i64::from(puzzle.height) * ROWS_PER_CELL + 1) as usize;
    let mut canvas = vec![vec![' '; cols]; rows];
    for &l in lines {
        let c = &puzzle.candidates()[l as usize];
        for w in c.windows(2) {
            let a = to_canvas(points[w[0] as usize]);
            let b = to_canvas(points[w[1] as usize]);
            stroke(&mut canvas, a, b);
        }
    }
    for (i, s) in puzzle.stars().iter().enumerate() {
        let (c, r) = to_canvas(points[i]);
        let digit = char::from_digit(s.number.min(9), 10).unwrap_or('?');
        let row = &mut canvas[(r as usize).min(rows - 1)];
        let c = (c as usize).min(cols - 1);
        row[c] = digit;
        if s.gravity {
            if c > 0 {
                row[c - 1] = '(';
            }
            if c + 1 < cols {
                row[c + 1] = ')';
            }
        }
    }
    let mut out = String::new();
    let border = format!("+{}+\n", "-".repeat(cols));
    out.push_str(&border);
    for row in canvas {
        let _ = writeln!(out, "|{}|", row.into_iter().collect::<String>());
    }
    out.push_str(&border);
    for (i, s) in puzzle.stars().iter().enumerate() {
        let _ = writeln!(
            out,
            "star {i}: ({}, {}) number {}{}",
            s.x,
            s.y,
            s.number,
            if s.gravity { " gravity" } else { "" }
        );
    }
    if !lines.is_empty() {
        let shown: Vec<String> = lines
            .iter()
            .map(|&l| {
                let c = &puzzle.candidates()[l as usize];
                let stars: Vec<String> = c.iter().map(u32::to_string).collect();
                format!("{l}:{}", stars.join("-"))
            })
            .collect();
        let _ = writeln!(out, "lines {}", shown.join(" "));
    }
    out
}

/// Pixels per cell in the SVG.
const PX: i64 = 60;
/// Margin around the board in the SVG.
const MARGIN: i64 = 20;

fn px(units: i64) -> i64 {
    MARGIN + (units * PX + UNIT / 2).div_euclid(UNIT)
}

fn points_attr(puzzle: &Puzzle, c: &[u32]) -> String {
    c.iter()
        .map(|&s| {
            let st = &puzzle.stars()[s as usize];
            format!("{},{}", px(to_fixed(st.x)), px(to_fixed(st.y)))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A standalone SVG: candidates faint, the answer (on request) bold, stars with their numbers,
/// gravity stars gold with a ring.
pub fn svg(puzzle: &Puzzle, show_solution: bool) -> String {
    let w = i64::from(puzzle.width) * PX + 2 * MARGIN;
    let h = i64::from(puzzle.height) * PX + 2 * MARGIN;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"##
    );
    let _ = writeln!(out, r##"<rect width="{w}" height="{h}" fill="#0b1026"/>"##);
    for c in puzzle.candidates() {
        let _ = writeln!(
            out,
            r##"<polyline points="{}" fill="none" stroke="#39406a" stroke-width="1" stroke-dasharray="3 4"/>"##,
            points_attr(puzzle, c)
        );
    }
    if show_solution {
        for &l in puzzle.solution.iter().flatten() {
            if let Some(c) = puzzle.candidates().get(l as usize) {
                let _ = writeln!(
                    out,
                    r##"<polyline points="{}" fill="none" stroke="#9fd3ff" stroke-width="4" stroke-linejoin="round"/>"##,
                    points_attr(puzzle, c)
                );
            }
        }
    }
    for s in puzzle.stars() {
        let (x, y) = (px(to_fixed(s.x)), px(to_fixed(s.y)));
        if s.gravity {
            let _ = writeln!(
                out,
                r##"<circle cx="{x}" cy="{y}" r="19" fill="none" stroke="#ffd166" stroke-width="2"/>"##
            );
        }
        let fill = if s.gravity { "#ffd166" } else { "#f4f6ff" };
        let _ = writeln!(
            out,
            r##"<circle cx="{x}" cy="{y}" r="14" fill="{fill}"/><text x="{x}" y="{}" font-family="sans-serif" font-size="16" font-weight="bold" text-anchor="middle" fill="#0b1026">{}</text>"##,
            y + 6,
            s.number
        );
    }
    out.push_str("</svg>\n");
    out
}
