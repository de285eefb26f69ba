//! Candidate lines and their crossing table.
//!
//! * A **straight** candidate joins two stars at most [`MAX_LENGTH`] apart whose segment passes no
//!   third star closer than [`CLEARANCE`].
//! * A **bent** candidate `a-g-b` bends at a gravity star `g`: both arms `g-a` and `g-b` obey the
//!   straight rule (length and clearance), the angle `a-g-b` lies in the band
//!   [`geometry::MIN_BEND_DEGREES`]..=[`geometry::MAX_BEND_DEGREES`], and `a-b` is *not* a
//!   straight candidate (too long or blocked): gravity lets lines reach around obstacles, it does
//!   not offer a second way to join stars that a straight line joins already.
//!
//! Two lines **conflict** (may not both be drawn) when a segment of one and a segment of the
//! other share any point other than a star they both end at; precisely, for two segments:
//! * with no end star in common: they conflict when the closed segments touch at all (crossing,
//!   touching or collinear overlap);
//! * with one end star in common: they conflict only when they leave it in the same direction
//!   (overlap); meeting at a star is allowed;
//! * with both end stars in common: they are the same segment and conflict.
//!
//! A bent line is its two segments; its own two arms never conflict with each other.

use crate::geometry::{self, Point, UNIT};

/// Longest segment (straight line or arm of a bent line): 3.2 cells.
pub const MAX_LENGTH: i64 = 32 * UNIT / 10;
/// A segment is blocked by a third star whose centre is closer than 0.3 cells to it.
pub const CLEARANCE: i64 = 3 * UNIT / 10;

/// A candidate line: `[a, b]` straight, or `[a, g, b]` bent at gravity star `g`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Line {
    stars: [u16; 3],
    len: u8,
}

impl Line {
    /// A straight line between `a` and `b`.
    pub fn straight(a: u16, b: u16) -> Line {
        Line {
            stars: [a, b, 0],
            len: 2,
        }
    }

    /// A line from `a` bending at `g` to `b`.
    pub fn bent(a: u16, g: u16, b: u16) -> Line {
        Line {
            stars: [a, g, b],
            len: 3,
        }
    }

    /// The stars the line touches, in drawing order.
    pub fn stars(&self) -> &[u16] {
        &self.stars[..usize::from(self.len)]
    }

    /// True for a bent line.
    pub fn is_bent(&self) -> bool {
        self.len == 3
    }

    /// The gravity star a bent line bends at.
    pub fn bend(&self) -> Option<u16> {
        self.is_bent().then_some(self.stars[1])
    }

    /// The line's segments as pairs of star indices.
    pub fn segments(&self) -> impl Iterator<Item = (u16, u16)> + '_ {
        self.stars().windows(2).map(|w| (w[0], w[1]))
    }
}

/// True when the segment between stars `a` and `b` is short enough and passes no third star.
fn segment_allowed(points: &[Point], a: usize, b: usize) -> bool {
    if geometry::dist2(points[a], points[b]) > i128::from(MAX_LENGTH * MAX_LENGTH) {
        return false;
    }
    !points.iter().enumerate().any(|(c, &p)| {
        c != a && c != b && geometry::near_segment(points[a], points[b], p, CLEARANCE)
    })
}

/// All candidate lines of a board: straight ones ordered by `(a, b)` with `a < b`, then bent ones
/// ordered by `(g, a, b)` with `a < b`.
pub fn candidates(points: &[Point], gravity: &[bool]) -> Vec<Line> {
    let n = points.len();
    let mut allowed = vec![false; n * n];
    for a in 0..n {
        for b in a + 1..n {
            let ok = segment_allowed(points, a, b);
            allowed[a * n + b] = ok;
            allowed[b * n + a] = ok;
        }
    }
    let mut lines = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if allowed[a * n + b] {
                lines.push(Line::straight(a as u16, b as u16));
            }
        }
    }
    for g in 0..n {
        if !gravity[g] {
            continue;
        }
        for a in 0..n {
            for b in a + 1..n {
                if a != g
                    && b != g
                    && !allowed[a * n + b]
                    && allowed[g * n + a]
                    && allowed[g * n + b]
                    && geometry::bend_in_band(points[g], points[a], points[b])
                {
                    lines.push(Line::bent(a as u16, g as u16, b as u16));
                }
            }
        }
    }
    lines
}

/// True when two segments (given by star indices) conflict, by the rule in the module doc.
fn segments_conflict(points: &[Point], s: (u16, u16), t: (u16, u16)) -> bool {
    let pt = |i: u16| points[usize::from(i)];
    let shared = [s.0 == t.0, s.0 == t.1, s.1 == t.0, s.1 == t.1];
    match shared.iter().filter(|&&x| x).count() {
        0 => geometry::segments_touch(pt(s.0), pt(s.1), pt(t.0), pt(t.1)),
        1 => {
            let (p, a, b) = if s.0 == t.0 {
                (s.0, s.1, t.1)
            } else if s.0 == t.1 {
                (s.0, s.1, t.0)
            } else if s.1 == t.0 {
                (s.1, s.0, t.1)
            } else {
                (s.1, s.0, t.0)
            };
            geometry::overlap_from_shared_end(pt(p), pt(a), pt(b))
        }
        _ => true,
    }
}

/// True when two different lines conflict (some segment of one conflicts with one of the other).
pub fn lines_conflict(points: &[Point], a: &Line, b: &Line) -> bool {
    a.segments()
        .any(|s| b.segments().any(|t| segments_conflict(points, s, t)))
}

/// The crossing table: for each line, the ascending indices of the lines it conflicts with.
///
/// Two lines whose closed bounding boxes are disjoint share no point, so they are not tested.
pub fn conflict_table(points: &[Point], lines: &[Line]) -> Vec<Vec<u32>> {
    let boxes: Vec<[i64; 4]> = lines
        .iter()
        .map(|line| {
            line.stars().iter().fold(
                [i64::MAX, i64::MAX, i64::MIN, i64::MIN],
                |[x0, y0, x1, y1], &s| {
                    let p = points[usize::from(s)];
                    [x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y)]
                },
            )
        })
        .collect();
    let apart =
        |a: &[i64; 4], b: &[i64; 4]| a[2] < b[0] || b[2] < a[0] || a[3] < b[1] || b[3] < a[1];
    let mut table = vec![Vec::new(); lines.len()];
    for i in 0..lines.len() {
        for j in i + 1..lines.len() {
            if !apart(&boxes[i], &boxes[j]) && lines_conflict(points, &lines[i], &lines[j]) {
                table[i].push(j as u32);
                table[j].push(i as u32);
            }
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: i64, y: i64) -> Point {
        Point::new(x * UNIT, y * UNIT)
    }

    #[test]
    fn straight_candidates_respect_length_and_blocking() {
        // Stars 0 and 2 are 2 cells apart with star 1 exactly between: blocked.
        // Star 3 is 4 cells from star 0: too far.
        let points = [p(0, 0), p(1, 0), p(2, 0), p(4, 0), p(1, 2)];
        let lines = candidates(&points, &[false; 5]);
        let has = |a, b| lines.contains(&Line::straight(a, b));
        assert!(has(0, 1) && has(1, 2) && has(2, 3));
        assert!(!has(0, 2), "blocked by star 1");
        assert!(!has(0, 3), "too long");
        assert!(has(0, 4) && has(2, 4) && has(1, 4));
        // 3 to 4: dx = 3, dy = 2, length 3.6 > 3.2.
        assert!(!has(3, 4));
    }

    #[test]
    fn length_limit_is_exactly_three_point_two() {
        let points = [Point::new(0, 0), Point::new(3200, 0), Point::new(0, 3201)];
        let lines = candidates(&points, &[false; 3]);
        assert!(lines.contains(&Line::straight(0, 1)));
        assert!(!lines.contains(&Line::straight(0, 2)));
    }

    #[test]
    fn bent_candidates_need_the_band_open_arms_and_no_straight_line() {
        // Gravity star 0 at the origin; 1 right, 2 below (90°), 3 left (180°), all 3 cells away.
        let points = [p(0, 0), p(3, 0), p(0, 3), p(-3, 0)];
        let lines = candidates(&points, &[true, false, false, false]);
        assert!(lines.contains(&Line::bent(1, 0, 2)));
        assert!(lines.contains(&Line::bent(2, 0, 3)));
        assert!(
            !lines.contains(&Line::bent(1, 0, 3)),
            "straight through is not a bend"
        );
        // Arms of 2 cells: the ends are 2.83 apart, a straight line is possible, so no bend.
        let near = [p(0, 0), p(2, 0), p(0, 2)];
        let lines = candidates(&near, &[true, false, false]);
        assert!(lines.contains(&Line::straight(1, 2)));
        assert!(!lines.contains(&Line::bent(1, 0, 2)));
    }

    #[test]
    fn conflicts_cover_crossing_overlap_and_shared_ends() {
        // Square 0(0,0) 1(2,0) 2(2,2) 3(0,2), gravity star 4 at (1,3) above the top edge.
        let points = [p(0, 0), p(2, 0), p(2, 2), p(0, 2), p(1, 3)];
        let d1 = Line::straight(0, 2);
        let d2 = Line::straight(1, 3);
        assert!(lines_conflict(&points, &d1, &d2), "diagonals cross");
        let e1 = Line::straight(0, 1);
        let e2 = Line::straight(1, 2);
        assert!(
            !lines_conflict(&points, &e1, &e2),
            "meeting at a star is allowed"
        );
        assert!(!lines_conflict(&points, &e1, &Line::straight(2, 3)));
        let bent = Line::bent(3, 4, 2);
        assert!(
            lines_conflict(&points, &bent, &Line::straight(3, 4)),
            "shared arm overlaps"
        );
        assert!(
            !lines_conflict(&points, &bent, &Line::straight(2, 3)),
            "triangle is fine"
        );
        assert!(
            lines_conflict(&points, &Line::bent(3, 4, 2), &Line::bent(0, 4, 2)),
            "two bends sharing the arm 4-2"
        );
        // Collinear overlap with a shared end (never a candidate pair, but defined).
        let line = [p(0, 0), p(1, 0), p(3, 0)];
        assert!(lines_conflict(
            &line,
            &Line::straight(0, 1),
            &Line::straight(0, 2)
        ));
        let table = conflict_table(&points, &[d1, d2, e1]);
        assert_eq!(table, vec![vec![1], vec![0], vec![]]);
    }
}
