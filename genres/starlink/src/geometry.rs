//! Exact plane geometry on fixed-point coordinates: no floats, no trigonometry.
//!
//! Coordinates are integers in thousandths of a cell ([`UNIT`] = 1000 per cell). Every test below
//! is a sign test on cross or dot products computed in `i128`, so it is exact on every platform.
//! Angles are never computed: they are compared through dot products against constant cosines,
//! squared so that no square root is needed.

/// Fixed-point units per cell.
pub const UNIT: i64 = 1000;

/// A point in thousandths of a cell; `x` grows to the right, `y` downwards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Point {
    /// Horizontal coordinate.
    pub x: i64,
    /// Vertical coordinate.
    pub y: i64,
}

impl Point {
    /// A point from fixed-point coordinates.
    pub const fn new(x: i64, y: i64) -> Point {
        Point { x, y }
    }
}

/// The cross product `(a - o) x (b - o)`: positive when `o, a, b` turn counter-clockwise (in
/// x-right, y-up terms), zero when collinear.
pub fn cross(o: Point, a: Point, b: Point) -> i128 {
    let (ax, ay) = (i128::from(a.x - o.x), i128::from(a.y - o.y));
    let (bx, by) = (i128::from(b.x - o.x), i128::from(b.y - o.y));
    ax * by - ay * bx
}

/// The dot product `(a - o) . (b - o)`.
pub fn dot(o: Point, a: Point, b: Point) -> i128 {
    let (ax, ay) = (i128::from(a.x - o.x), i128::from(a.y - o.y));
    let (bx, by) = (i128::from(b.x - o.x), i128::from(b.y - o.y));
    ax * bx + ay * by
}

/// The squared distance between two points.
pub fn dist2(a: Point, b: Point) -> i128 {
    dot(a, b, b)
}

/// True when `p`, known to be collinear with `a` and `b`, lies on the closed segment `a-b`.
fn on_collinear_segment(a: Point, b: Point, p: Point) -> bool {
    a.x.min(b.x) <= p.x && p.x <= a.x.max(b.x) && a.y.min(b.y) <= p.y && p.y <= a.y.max(b.y)
}

/// True when the closed segments `p1-p2` and `q1-q2` have at least one point in common:
/// a proper crossing, an end touching the other segment, or a collinear overlap.
pub fn segments_touch(p1: Point, p2: Point, q1: Point, q2: Point) -> bool {
    let d1 = cross(q1, q2, p1).signum();
    let d2 = cross(q1, q2, p2).signum();
    let d3 = cross(p1, p2, q1).signum();
    let d4 = cross(p1, p2, q2).signum();
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return true;
    }
    (d1 == 0 && on_collinear_segment(q1, q2, p1))
        || (d2 == 0 && on_collinear_segment(q1, q2, p2))
        || (d3 == 0 && on_collinear_segment(p1, p2, q1))
        || (d4 == 0 && on_collinear_segment(p1, p2, q2))
}

/// For two segments `p-a` and `p-b` that share the end `p` (and nothing else by their ends):
/// true when they overlap, i.e. leave `p` in exactly the same direction.
pub fn overlap_from_shared_end(p: Point, a: Point, b: Point) -> bool {
    cross(p, a, b) == 0 && dot(p, a, b) > 0
}

/// True when `p` is closer than `radius` to the closed segment `a-b` (exact comparison of squared
/// distances).
pub fn near_segment(a: Point, b: Point, p: Point, radius: i64) -> bool {
    let r2 = i128::from(radius) * i128::from(radius);
    let len2 = dist2(a, b);
    let t = dot(a, b, p);
    if t <= 0 || len2 == 0 {
        return dist2(a, p) < r2;
    }
    if t >= len2 {
        return dist2(b, p) < r2;
    }
    let c = cross(a, b, p);
    c * c < r2 * len2
}

/// True when the angle `a-g-b` at `g` lies in the closed band
/// [`MIN_BEND_DEGREES`, `MAX_BEND_DEGREES`], i.e. `cos(150°) <= cos(agb) <= cos(60°)`:
/// `cos <= 1/2` is `dot <= 0 or 4 dot^2 <= |ga|^2 |gb|^2`, and `cos >= -sqrt(3)/2` is
/// `dot >= 0 or 4 dot^2 <= 3 |ga|^2 |gb|^2`.
pub fn bend_in_band(g: Point, a: Point, b: Point) -> bool {
    let d = dot(g, a, b);
    let n = dist2(g, a) * dist2(g, b);
    if n == 0 {
        return false;
    }
    let not_too_open = d >= 0 || 4 * d * d <= 3 * n;
    let not_too_sharp = d <= 0 || 4 * d * d <= n;
    not_too_open && not_too_sharp
}

/// The smallest allowed angle at a gravity star between the two arms of a bent line.
pub const MIN_BEND_DEGREES: u32 = 60;
/// The largest allowed angle at a gravity star between the two arms of a bent line.
pub const MAX_BEND_DEGREES: u32 = 150;

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: i64, y: i64) -> Point {
        Point::new(x * UNIT, y * UNIT)
    }

    #[test]
    fn proper_crossing_and_disjoint_segments() {
        assert!(segments_touch(p(0, 0), p(2, 2), p(0, 2), p(2, 0)));
        assert!(!segments_touch(p(0, 0), p(1, 0), p(0, 1), p(1, 1)));
        // Lines would cross, segments do not.
        assert!(!segments_touch(p(0, 0), p(1, 1), p(3, 0), p(2, 1)));
    }

    #[test]
    fn touching_and_collinear_cases() {
        // An end on the other segment's interior.
        assert!(segments_touch(p(0, 0), p(2, 0), p(1, 0), p(1, 3)));
        // Collinear overlap, collinear but apart.
        assert!(segments_touch(p(0, 0), p(2, 0), p(1, 0), p(3, 0)));
        assert!(!segments_touch(p(0, 0), p(1, 0), p(2, 0), p(3, 0)));
        // A shared end point touches.
        assert!(segments_touch(p(0, 0), p(1, 0), p(1, 0), p(1, 1)));
    }

    #[test]
    fn shared_end_overlap_only_in_the_same_direction() {
        assert!(overlap_from_shared_end(p(0, 0), p(2, 0), p(1, 0)));
        assert!(!overlap_from_shared_end(p(0, 0), p(2, 0), p(-1, 0)));
        assert!(!overlap_from_shared_end(p(0, 0), p(2, 0), p(0, 2)));
    }

    #[test]
    fn nearness_to_a_segment() {
        let a = p(0, 0);
        let b = p(3, 0);
        assert!(near_segment(a, b, Point::new(1500, 299), 300));
        assert!(!near_segment(a, b, Point::new(1500, 300), 300));
        assert!(!near_segment(a, b, Point::new(-400, 0), 300));
        assert!(near_segment(a, b, Point::new(3200, 0), 300));
    }

    #[test]
    fn bend_band_limits_are_inclusive_and_exact() {
        let g = p(0, 0);
        // 90 degrees: inside.
        assert!(bend_in_band(g, p(1, 0), p(0, 1)));
        // 180 degrees (straight through): outside; 0 degrees: outside.
        assert!(!bend_in_band(g, p(1, 0), p(-1, 0)));
        assert!(!bend_in_band(g, p(1, 0), p(2, 0)));
        // 45 degrees: too sharp; 135 degrees: inside.
        assert!(!bend_in_band(g, p(1, 0), p(1, 1)));
        assert!(bend_in_band(g, p(1, 0), p(-1, 1)));
        // 60 degrees exactly is not representable on the grid; check both sides of it.
        assert!(bend_in_band(g, Point::new(1000, 0), Point::new(500, 867)));
        assert!(!bend_in_band(g, Point::new(1000, 0), Point::new(500, 866)));
        // 150 degrees: cos = -0.8660...; (-866, 500) is just inside, (-867, 500) just outside.
        assert!(bend_in_band(g, Point::new(1000, 0), Point::new(-866, 500)));
        assert!(!bend_in_band(g, Point::new(1000, 0), Point::new(-867, 500)));
    }

    proptest::proptest! {
        #[test]
        fn touching_is_symmetric_and_agrees_with_shared_ends(
            c in proptest::collection::vec(-5i64..5, 8)
        ) {
            let (p1, p2) = (p(c[0], c[1]), p(c[2], c[3]));
            let (q1, q2) = (p(c[4], c[5]), p(c[6], c[7]));
            let a = segments_touch(p1, p2, q1, q2);
            proptest::prop_assert_eq!(a, segments_touch(q1, q2, p1, p2));
            proptest::prop_assert_eq!(a, segments_touch(p2, p1, q2, q1));
            // Segments sharing an end always touch (at least there).
            proptest::prop_assert!(segments_touch(p1, p2, p1, q2));
        }
    }
}
