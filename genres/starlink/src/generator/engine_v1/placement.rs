//! Star placement: shuffled cells, jittered centres, a minimum spacing, gravity stars near the
//! centre.

use dayseed_core::Mulberry32;

use crate::difficulty::Spec;
use crate::geometry::{self, Point, UNIT};

/// Largest jitter of a star from its cell centre, per axis: 0.2 cells.
pub const JITTER: i64 = UNIT / 5;
/// Smallest distance between two stars: 1 cell.
pub const MIN_SPACING: i64 = UNIT;

/// Placed stars: positions and gravity flags, in placement order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// Star positions.
    pub points: Vec<Point>,
    /// Which stars are gravity stars.
    pub gravity: Vec<bool>,
}

/// Places `spec.stars` stars, or `None` when the shuffled cells run out first.
///
/// The cells `0..width*height` (row-major) are shuffled; each cell in that order draws a jitter
/// `dx = below(2*JITTER+1) - JITTER`, then `dy` the same way, and takes a star at its centre plus
/// the jitter when that point is at least [`MIN_SPACING`] from every star already placed. Then the
/// gravity stars: stars are ranked by squared distance to the board centre (ties: lower index);
/// the nearest `2 * gravity` of them are shuffled and the first `gravity` become gravity stars.
pub fn place(spec: &Spec, rng: &mut Mulberry32) -> Option<Placement> {
    let mut cells: Vec<u32> = (0..spec.width * spec.height).collect();
    rng.shuffle(&mut cells);
    let want = spec.stars as usize;
    let min2 = i128::from(MIN_SPACING * MIN_SPACING);
    let span = (2 * JITTER + 1) as u32;
    let mut points: Vec<Point> = Vec::with_capacity(want);
    for &cell in &cells {
        if points.len() == want {
            break;
        }
        let dx = i64::from(rng.below(span)) - JITTER;
        let dy = i64::from(rng.below(span)) - JITTER;
        let p = Point::new(
            i64::from(cell % spec.width) * UNIT + UNIT / 2 + dx,
            i64::from(cell / spec.width) * UNIT + UNIT / 2 + dy,
        );
        if points.iter().all(|&q| geometry::dist2(p, q) >= min2) {
            points.push(p);
        }
    }
    if points.len() < want {
        return None;
    }
    let centre = Point::new(
        i64::from(spec.width) * UNIT / 2,
        i64::from(spec.height) * UNIT / 2,
    );
    let mut by_centre: Vec<usize> = (0..want).collect();
    by_centre.sort_by_key(|&i| (geometry::dist2(points[i], centre), i));
    let pool = (2 * spec.gravity as usize).min(want);
    let mut nearest: Vec<usize> = by_centre[..pool].to_vec();
    rng.shuffle(&mut nearest);
    let mut gravity = vec![false; want];
    for &i in nearest.iter().take(spec.gravity as usize) {
        gravity[i] = true;
    }
    Some(Placement { points, gravity })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::Difficulty;

    #[test]
    fn placement_is_spaced_inside_and_deterministic() {
        for d in Difficulty::ALL {
            let spec = d.spec();
            for seed in 0..50 {
                let a = place(&spec, &mut Mulberry32::new(seed)).expect("room for the stars");
                let b = place(&spec, &mut Mulberry32::new(seed)).expect("room for the stars");
                assert_eq!(a, b);
                assert_eq!(a.points.len(), spec.stars as usize);
                assert_eq!(
                    a.gravity.iter().filter(|&&g| g).count(),
                    spec.gravity as usize
                );
                for (i, p) in a.points.iter().enumerate() {
                    assert!(p.x > 0 && p.x < i64::from(spec.width) * UNIT);
                    assert!(p.y > 0 && p.y < i64::from(spec.height) * UNIT);
                    for q in &a.points[..i] {
                        assert!(geometry::dist2(*p, *q) >= i128::from(UNIT * UNIT));
                    }
                }
            }
        }
    }
}
