//! Drawings of a board: a box-drawn grid for the terminal and a standalone SVG.

use std::fmt::Write as _;

use crate::board::Cells;

/// A box-drawn grid. `shown` holds the digits to draw (0 = blank), `givens` which of them are
/// givens: other digits are drawn as they are; blanks as `·`.
pub fn text_grid(shown: &Cells) -> String {
    let mut out = String::new();
    let line = |l: &str, m: &str, r: &str| {
        format!(
            "{l}{}{m}{}{m}{}{r}\n",
            "─".repeat(7),
            "─".repeat(7),
            "─".repeat(7)
        )
    };
    out.push_str(&line("┌", "┬", "┐"));
    for r in 0..9 {
        if r == 3 || r == 6 {
            out.push_str(&line("├", "┼", "┤"));
        }
        for c in 0..9 {
            if c % 3 == 0 {
                out.push_str("│ ");
            }
            let v = shown[r * 9 + c];
            out.push(if (1..=9).contains(&v) {
                (b'0' + v) as char
            } else {
                '·'
            });
            out.push(' ');
        }
        out.push_str("│\n");
    }
    out.push_str(&line("└", "┴", "┘"));
    out
}

/// A standalone SVG: givens in black, `extra` digits (the answer or entries) in blue.
pub fn svg(givens: &Cells, extra: &Cells) -> String {
    const CELL: u32 = 40;
    const PAD: u32 = 10;
    let size = CELL * 9 + 2 * PAD;
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{size}\" \
         viewBox=\"0 0 {size} {size}\">\n<rect width=\"{size}\" height=\"{size}\" fill=\"white\"/>\n"
    );
    for k in 0..=9u32 {
        let p = PAD + k * CELL;
        let w = if k % 3 == 0 { 3 } else { 1 };
        let end = PAD + 9 * CELL;
        let _ = writeln!(
            s,
            "<line x1=\"{PAD}\" y1=\"{p}\" x2=\"{end}\" y2=\"{p}\" stroke=\"black\" stroke-width=\"{w}\"/>\
             <line x1=\"{p}\" y1=\"{PAD}\" x2=\"{p}\" y2=\"{end}\" stroke=\"black\" stroke-width=\"{w}\"/>"
        );
    }
    for i in 0..81u32 {
        let (r, c) = (i / 9, i % 9);
        let (g, e) = (givens[i as usize], extra[i as usize]);
        let (v, colour, weight) = if (1..=9).contains(&g) {
            (g, "black", "bold")
        } else if (1..=9).contains(&e) {
            (e, "#1f5fbf", "normal")
        } else {
            continue;
        };
        let x = PAD + c * CELL + CELL / 2;
        let y = PAD + r * CELL + CELL / 2 + 9;
        let _ = writeln!(
            s,
            "<text x=\"{x}\" y=\"{y}\" font-family=\"sans-serif\" font-size=\"26\" \
             font-weight=\"{weight}\" text-anchor=\"middle\" fill=\"{colour}\">{v}</text>"
        );
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_grid_has_13_lines_and_digits() {
        let mut cells = [0u8; 81];
        cells[0] = 5;
        cells[80] = 9;
        let t = text_grid(&cells);
        assert_eq!(t.lines().count(), 13);
        assert!(t.lines().nth(1).unwrap().starts_with("│ 5 · ·"));
        assert!(t.lines().nth(11).unwrap().ends_with("· · 9 │"));
    }

    #[test]
    fn svg_has_digits() {
        let mut g = [0u8; 81];
        g[0] = 5;
        let mut e = [0u8; 81];
        e[1] = 3;
        let s = svg(&g, &e);
        assert!(s.starts_with("<svg"));
        assert!(s.contains(">5</text>") && s.contains(">3</text>"));
    }
}
