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

/// A random region of cells (true = inside) whose boundary is one simple loop.
pub fn random_region(w: usize, h: usize, rng: &mut Rng) -> Vec<bool> {
    let n = w * h;
    let mut region = vec![false; n];
    let target = (n as u64 * (40 + rng.below(21)) / 100).max(1) as usize;
    // Start away from the border.
    let r0 = h / 4 + rng.index(h - h / 4 * 2);
    let c0 = w / 4 + rng.index(w - w / 4 * 2);
    region[r0 * w + c0] = true;
    let mut size = 1;
    let mut cand: Vec<(u32, u32)> = Vec::with_capacity(n);
    while size < target {
        cand.clear();
        let mut total = 0u32;
        for r in 0..h {
            for c in 0..w {
                if region[r * w + c] {
                    continue;
                }
                if let Some(orth) = joinable(&region, w, h, r as i32, c as i32) {
                    let weight = match orth {
                        1 => 12,
                        2 => 3,
                        _ => 1,
                    };
                    total += weight;
                    cand.push(((r * w + c) as u32, weight));
                }
            }
        }
        if cand.is_empty() {
            break;
        }
        let mut pick = rng.below(u64::from(total)) as u32;
        for &(cell, weight) in &cand {
            if pick < weight {
                region[cell as usize] = true;
                size += 1;
                break;
            }
            pick -= weight;
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
