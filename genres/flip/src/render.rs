//! Drawings of a run: a terminal strip (1 character = 1 metre, three lanes) and an SVG of the first
//! screenfuls, each optionally with the craft's path from a tape or from the simulated player.

use crate::generate::{RunGen, Side};
use crate::rules::TUNNEL_WIDTH;
use crate::sim::FlipSim;
use dayseed_core::arcade::{Simulation, Tape};

/// The craft's path, `(distance, lateral)` once per tick while it is short of `until` metres, and
/// how the run ended (the tape is flown to its end: 30 minutes at most).
pub fn path(seed: u64, tape: &Tape, until: f64) -> (Vec<(f64, f64)>, Option<String>) {
    let mut sim = FlipSim::new(seed);
    let mut events = tape.events.iter().peekable();
    let mut out = vec![(sim.distance(), sim.lateral())];
    while sim.ending().is_none() {
        while let Some(e) = events.next_if(|e| e.tick == sim.tick()) {
            // The tape was checked before drawing; an input error cannot happen here.
            let _ = sim.input(&e.action);
        }
        sim.step();
        if sim.distance() < until {
            out.push((sim.distance(), sim.lateral()));
        }
    }
    (out, sim.ending().map(|e| e.reason))
}

fn lane(y: f64) -> usize {
    if y < TUNNEL_WIDTH / 3.0 {
        0
    } else if y < 2.0 * TUNNEL_WIDTH / 3.0 {
        1
    } else {
        2
    }
}

/// Three text lanes (left wall on top) for `[from, from + width)` metres; `path` marks the craft.
pub fn strip(seed: u64, from: usize, width: usize, path: &[(f64, f64)]) -> String {
    let mut rows = vec![vec!['.'; width]; 3];
    let mut g = RunGen::new(seed);
    loop {
        let o = g.next_obstacle();
        if o.distance >= (from + width) as f64 {
            break;
        }
        let (a, b) = (o.distance.max(from as f64), o.end());
        let (lanes, ch): (&[usize], char) = match o.side {
            Side::Left => (&[0, 1], '#'),
            Side::Right => (&[1, 2], '#'),
            Side::Middle => (&[1], 'o'),
        };
        let mut m = a as usize;
        while (m as f64) < b && m < from + width {
            for &l in lanes {
                rows[l][m - from] = ch;
            }
            m += 1;
        }
    }
    for &(x, y) in path {
        let m = x as usize;
        if (from..from + width).contains(&m) {
            let cell = &mut rows[lane(y)][m - from];
            *cell = match *cell {
                '.' | '>' => '>',
                _ => 'X',
            };
        }
    }
    let border: String = "=".repeat(width);
    let mut out = format!("{from} m\n{border}\n");
    for r in rows {
        out.extend(r);
        out.push('\n');
    }
    out.push_str(&border);
    out.push('\n');
    out
}

/// An SVG of the first `screens` screenfuls of 80 m, with an optional path.
pub fn svg(seed: u64, screens: usize, path: &[(f64, f64)]) -> String {
    const SCREEN: f64 = 80.0;
    const PX_X: f64 = 10.0;
    const PX_Y: f64 = 12.0;
    let strip_h = TUNNEL_WIDTH * PX_Y;
    let w = SCREEN * PX_X;
    let h = screens as f64 * (strip_h + 20.0);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"#111\"/>\n"
    );
    let top = |s: usize| s as f64 * (strip_h + 20.0) + 10.0;
    for s in 0..screens {
        out.push_str(&format!(
            "<rect x=\"0\" y=\"{}\" width=\"{w}\" height=\"{strip_h}\" fill=\"#223\"/>\n",
            top(s)
        ));
    }
    let end = screens as f64 * SCREEN;
    let mut g = RunGen::new(seed);
    loop {
        let o = g.next_obstacle();
        if o.distance >= end {
            break;
        }
        let (y0, y1) = o.side.lateral();
        let fill = if o.side == Side::Middle {
            "#e0a030"
        } else {
            "#3aa0e0"
        };
        // An obstacle may straddle two screens: draw its piece on each.
        let mut a = o.distance;
        while a < o.end().min(end) {
            let s = (a / SCREEN) as usize;
            let b = o.end().min((s + 1) as f64 * SCREEN);
            out.push_str(&format!(
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{fill}\"/>\n",
                (a - s as f64 * SCREEN) * PX_X,
                top(s) + y0 * PX_Y,
                (b - a) * PX_X,
                (y1 - y0) * PX_Y
            ));
            a = b;
        }
    }
    for s in 0..screens {
        let pts: Vec<String> = path
            .iter()
            .step_by(4)
            .filter(|(x, _)| (*x / SCREEN) as usize == s)
            .map(|(x, y)| {
                format!(
                    "{:.1},{:.1}",
                    (x - s as f64 * SCREEN) * PX_X,
                    top(s) + y * PX_Y
                )
            })
            .collect();
        if !pts.is_empty() {
            out.push_str(&format!(
                "<polyline points=\"{}\" fill=\"none\" stroke=\"#f4f4f4\" stroke-width=\"2\"/>\n",
                pts.join(" ")
            ));
        }
    }
    out.push_str("</svg>\n");
    out
}
