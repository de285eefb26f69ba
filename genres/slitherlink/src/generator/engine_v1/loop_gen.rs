//! Random loops: grow a simply connected region of cells from the PRNG and take its boundary.
//!
//! A cell joins the region only if, among its eight neighbours read around it (cells outside the
//! board count as outside), the region's cells form exactly one contiguous run that includes an
//! orthogonal neighbour. That keeps the region 4-connected, free of holes and free of diagonal
//! pinches, so its boundary is always one simple closed loop. Cells touching the region along a
//! single side are preferred, which grows branching, wiggly shapes rather than blobs; the target
//! coverage is drawn between 40% and 60% of the board.

use dayseed_core::Rng;

use crate::grid::Grid;
use crate::model::{OFF, ON};

/// Offsets of the 8 neighbours in cyclic order: N, NE, E, SE, S, SW, W, NW.
const RING: [(i32, i32); 8] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

fn inside(region: &[bool], w: usize, h: usize, r: i32, c: i32) -> bool {
    r >= 0 && c >= 0 && (r as usize) < h && (c as usize) < w && region[r as usize * w + c as usize]
}

/// Orthogonal in-neighbours of `(r, c)` if it may join the region, else `None`.
fn joinable(region: &[bool], w: usize, h: usize, r: i32, c: i32) -> Option<u32> {
    let ring: [bool; 8] =
        std::array::from_fn(|k| inside(region, w, h, r + RING[k].0, c + RING[k].1));
    let orth = (0..8).step_by(2).filter(|&k| ring[k]).count() as u32;
    if orth == 0 {
        return None;
    }
    let runs = (0..8).filter(|&k| ring[k] && !ring[(k + 7) % 8]).count();
    (runs == 1).then_some(orth)
}

/// The draw weight of cell `(r, c)` outside the region: 0 if it may not join.
fn weight(region: &[bool], w: usize, h: usize, r: usize, c: usize) -> u32 {
    if region[r * w + c] {
        return 0;
    }
    match joinable(region, w, h, r as i32, c as i32) {
        Some(1) => 12,
        Some(2) => 3,
        Some(_) => 1,
        None => 0,
    }
}

/// A random region of cells (true = inside) whose boundary is one simple loop.
///
/// Each step draws a joinable cell with probability proportional to its weight, walking the
/// cells in row-major order; weights are kept per cell and refreshed around each new cell
/// (only its eight neighbours can change).
pub fn random_region(w: usize, h: usize, rng: &mut Rng) -> Vec<bool> {
    let n = w * h;
    let mut region = vec![false; n];
    let target = (n as u64 * (40 + rng.below(21)) / 100).max(1) as usize;
    // Start away from the border.
    let r0 = h / 4 + rng.index(h - h / 4 * 2);
    let c0 = w / 4 + rng.index(w - w / 4 * 2);
    region[r0 * w + c0] = true;
    let mut size = 1;
    let mut weights: Vec<u32> = (0..n)
        .map(|i| weight(&region, w, h, i / w, i % w))
        .collect();
    let mut total: u32 = weights.iter().sum();
    while size < target && total > 0 {
        let mut pick = rng.below(u64::from(total)) as u32;
        let mut chosen = 0;
        for (cell, &wt) in weights.iter().enumerate() {
            if pick < wt {
                chosen = cell;
                break;
            }
            pick -= wt;
        }
        region[chosen] = true;
        size += 1;
        let (r, c) = (chosen / w, chosen % w);
        for rr in r.saturating_sub(1)..(r + 2).min(h) {
            for cc in c.saturating_sub(1)..(c + 2).min(w) {
                let i = rr * w + cc;
                let new = weight(&region, w, h, rr, cc);
                total = total - weights[i] + new;
                weights[i] = new;
            }
        }
    }
    region
}

/// The boundary of a region as edge states: an edge is on when its two sides differ.
pub fn region_loop(g: &Grid, region: &[bool]) -> Vec<u8> {
    (0..g.n_edges)
        .map(|e| {
            let [a, b] = g.edge_cells[e];
            let ia = a != crate::grid::NONE && region[a as usize];
            let ib = b != crate::grid::NONE && region[b as usize];
            if ia != ib { ON } else { OFF }
        })
        .collect()
}

/// A random single loop on `g`, as edge states.
pub fn random_loop(g: &Grid, rng: &mut Rng) -> Vec<u8> {
    let region = random_region(g.w, g.h, rng);
    region_loop(g, &region)
}
