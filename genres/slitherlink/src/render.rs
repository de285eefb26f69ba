//! Drawings: terminal box characters and a standalone SVG.

use std::fmt::Write as _;

use crate::grid::{Grid, NONE};
use crate::model::{NO_CLUE, OFF, ON};

/// The box character for a dot given which of its edges (up, right, down, left) are lines.
fn dot(mask: [bool; 4]) -> char {
    match mask {
        [false, false, false, false] => '·',
        [true, false, false, false] => '╵',
        [false, true, false, false] => '╶',
        [false, false, true, false] => '╷',
        [false, false, false, true] => '╴',
        [true, false, true, false] => '│',
        [false, true, false, true] => '─',
        [false, true, true, false] => '┌',
        [false, false, true, true] => '┐',
        [true, true, false, false] => '└',
        [true, false, false, true] => '┘',
        [true, true, true, false] => '├',
        [true, false, true, true] => '┤',
        [false, true, true, true] => '┬',
        [true, true, false, true] => '┴',
        [true, true, true, true] => '┼',
    }
}

/// A terminal drawing: dots, clues, lines (`─`, `│`) and crosses (`×`) from `marks`.
pub fn text(g: &Grid, clues: &[i8], marks: Option<&[u8]>) -> String {
    let st = |e: u32| marks.map_or(0, |m| if e == NONE { 0 } else { m[e as usize] });
    let mut out = String::new();
    for r in 0..=g.h {
        for c in 0..=g.w {
            let v = r * (g.w + 1) + c;
            let mask = std::array::from_fn(|d| st(g.vert_edges[v][d]) == ON);
            out.push(dot(mask));
            if c < g.w {
                out.push_str(match st(g.h_edge(r, c) as u32) {
                    ON => "───",
                    OFF => " × ",
                    _ => "   ",
                });
            }
        }
        out.push('\n');
        if r == g.h {
            break;
        }
        for c in 0..=g.w {
            out.push(match st(g.v_edge(r, c) as u32) {
                ON => '│',
                OFF => '×',
                _ => ' ',
            });
            if c < g.w {
                let n = clues[r * g.w + c];
                if n == NO_CLUE {
                    out.push_str("   ");
                } else {
                    let _ = write!(out, " {n} ");
                }
            }
        }
        out.push('\n');
    }
    out
}

/// A standalone SVG picture: dots, clues and, when given, the loop.
pub fn svg(g: &Grid, clues: &[i8], solution: Option<&[u8]>) -> String {
    const CELL: usize = 36;
    const MARGIN: usize = 18;
    let (wpx, hpx) = (g.w * CELL + 2 * MARGIN, g.h * CELL + 2 * MARGIN);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{wpx}\" height=\"{hpx}\" viewBox=\"0 0 {wpx} {hpx}\">"
    );
    let _ = writeln!(s, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    if let Some(sol) = solution {
        let _ = writeln!(
            s,
            "<g stroke=\"#1f5fbf\" stroke-width=\"4\" stroke-linecap=\"round\">"
        );
        for (e, &s_e) in sol.iter().enumerate() {
            if s_e != ON {
                continue;
            }
            let [a, b] = g.edge_verts[e];
            let p = |v: u32| {
                let v = v as usize;
                (
                    MARGIN + (v % (g.w + 1)) * CELL,
                    MARGIN + (v / (g.w + 1)) * CELL,
                )
            };
            let ((x1, y1), (x2, y2)) = (p(a), p(b));
            let _ = writeln!(s, "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>");
        }
        let _ = writeln!(s, "</g>");
    }
    let _ = writeln!(s, "<g fill=\"#222\">");
    for r in 0..=g.h {
        for c in 0..=g.w {
            let _ = writeln!(
                s,
                "<circle cx=\"{}\" cy=\"{}\" r=\"2.5\"/>",
                MARGIN + c * CELL,
                MARGIN + r * CELL
            );
        }
    }
    let _ = writeln!(s, "</g>");
    let _ = writeln!(
        s,
        "<g font-family=\"sans-serif\" font-size=\"20\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#111\">"
    );
    for r in 0..g.h {
        for c in 0..g.w {
            let n = clues[r * g.w + c];
            if n != NO_CLUE {
                let _ = writeln!(
                    s,
                    "<text x=\"{}\" y=\"{}\">{n}</text>",
                    MARGIN + c * CELL + CELL / 2,
                    MARGIN + r * CELL + CELL / 2
                );
            }
        }
    }
    let _ = writeln!(s, "</g>\n</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_a_single_cell_loop() {
        let g = Grid::new(1, 1);
        let t = text(&g, &[4 - 1], Some(&[ON, ON, ON, ON]));
        assert_eq!(t, "┌───┐\n│ 3 │\n└───┘\n");
        let s = svg(&g, &[3], Some(&[ON, ON, ON, ON]));
        assert!(s.starts_with("<svg") && s.contains("<line") && s.contains(">3</text>"));
    }
}
