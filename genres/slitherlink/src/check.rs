//! The rule-based verdict on marks: exactly one closed loop, every clue matched. The stored
//! answer is never consulted, so any loop that satisfies the rules wins.

use dayseed_core::Verdict;
use dayseed_core::unionfind::UnionFind;

use crate::grid::{Grid, NONE};
use crate::model::{NO_CLUE, ON};

/// Number of separate closed pieces formed by the lines (0 if there are none).
pub fn components(g: &Grid, st: &[u8]) -> usize {
    let mut pieces = UnionFind::new(g.n_verts);
    let mut used = vec![false; g.n_verts];
    for (e, &s) in st.iter().enumerate() {
        if s == ON {
            let [a, b] = g.edge_verts[e].map(|v| v as usize);
            used[a] = true;
            used[b] = true;
            pieces.union(a, b);
        }
    }
    let unused = used.iter().filter(|&&u| !u).count();
    pieces.sets() - unused
}

/// Checks marks (edge states) against the rules.
pub fn verdict(g: &Grid, clues: &[i8], st: &[u8]) -> Verdict {
    let mut problems = Vec::new();
    let mut closed = true;
    for v in 0..g.n_verts {
        let deg = g.vert_edges[v]
            .iter()
            .filter(|&&e| e != NONE && st[e as usize] == ON)
            .count();
        if deg > 2 {
            problems.push(format!(
                "the dot at row {}, column {} has {deg} lines",
                v / (g.w + 1) + 1,
                v % (g.w + 1) + 1
            ));
        }
        if deg == 1 || deg > 2 {
            closed = false;
        }
    }
    let pieces = components(g, st);
    let complete = closed && pieces > 0;
    for (c, &n) in clues.iter().enumerate() {
        if n == NO_CLUE {
            continue;
        }
        let on = g.cell_edges[c]
            .iter()
            .filter(|&&e| st[e as usize] == ON)
            .count() as i8;
        if on > n || (complete && on != n) {
            problems.push(format!(
                "r{}c{}: clue {n} has {on} line{}",
                c / g.w + 1,
                c % g.w + 1,
                if on == 1 { "" } else { "s" }
            ));
        }
    }
    if complete && pieces > 1 {
        problems.push(format!("the lines form {pieces} separate loops, not one"));
    }
    Verdict {
        score: None,
        solved: complete && problems.is_empty(),
        complete,
        problems,
    }
}
