//! Direction tables without trigonometry.
//!
//! `sin`/`cos` differ in their last bits across libms and engines, so arcade genres never make a
//! direction from an angle: a table walks the perimeter of the square `[-1,1]^2` in equal steps and
//! normalises each point (one `sqrt`), and angle tests compare dot products with the constant
//! cosines below.

use super::vec2::Vec2;

/// cos 5 degrees.
pub const COS_5_DEG: f64 = 0.996_194_698_091_745_5;
/// cos 10 degrees.
pub const COS_10_DEG: f64 = 0.984_807_753_012_208;
/// cos 15 degrees.
pub const COS_15_DEG: f64 = 0.965_925_826_289_068_2;
/// cos 30 degrees.
pub const COS_30_DEG: f64 = 0.866_025_403_784_438_6;
/// cos 45 degrees.
pub const COS_45_DEG: f64 = std::f64::consts::FRAC_1_SQRT_2;

/// `n` unit directions from the square's perimeter: for `i` in `0..n`, `t = 4i/n`; side
/// `k = floor(t)`, `f = t - k`; side 0 is `(-1+2f, -1)`, side 1 `(1, -1+2f)`, side 2
/// `(1-2f, 1)`, side 3 `(-1, 1-2f)`; each point divided by its length.
pub fn square_directions(n: usize) -> Vec<Vec2> {
    (0..n)
        .map(|i| {
            let t = 4.0 * i as f64 / n as f64;
            let side = if t < 1.0 {
                0
            } else if t < 2.0 {
                1
            } else if t < 3.0 {
                2
            } else {
                3
            };
            let f = t - side as f64;
            let p = match side {
                0 => Vec2::new(-1.0 + 2.0 * f, -1.0),
                1 => Vec2::new(1.0, -1.0 + 2.0 * f),
                2 => Vec2::new(1.0 - 2.0 * f, 1.0),
                _ => Vec2::new(-1.0, 1.0 - 2.0 * f),
            };
            p / p.len()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_length_and_distinct() {
        for n in [4, 8, 16, 384] {
            let dirs = square_directions(n);
            assert_eq!(dirs.len(), n);
            for d in &dirs {
                assert!((d.len() - 1.0).abs() < 1e-15, "{d:?}");
            }
            for (i, a) in dirs.iter().enumerate() {
                for b in &dirs[i + 1..] {
                    assert!(a != b, "{n} directions repeat {a:?}");
                }
            }
        }
    }

    #[test]
    fn corners_and_side_middles_at_known_indices() {
        let d = square_directions(8);
        let h = COS_45_DEG;
        // 0: corner (-1,-1); 1: side middle (0,-1); 2: corner (1,-1); 3: (1,0) ...
        assert!((d[0] - Vec2::new(-h, -h)).len() < 1e-15);
        assert_eq!(d[1], Vec2::new(0.0, -1.0));
        assert_eq!(d[3], Vec2::new(1.0, 0.0));
        assert_eq!(d[5], Vec2::new(0.0, 1.0));
        assert_eq!(d[7], Vec2::new(-1.0, 0.0));
    }

    #[test]
    fn constant_cosines_are_consistent() {
        // cos(2a) = 2cos^2(a) - 1 ties the constants to each other without trigonometry.
        let double = |c: f64| 2.0 * c * c - 1.0;
        assert!((double(COS_15_DEG) - COS_30_DEG).abs() < 1e-15);
        assert!((double(COS_5_DEG) - COS_10_DEG).abs() < 1e-15);
        assert!((double(COS_45_DEG)).abs() < 1e-15);
        assert!((COS_30_DEG * COS_30_DEG - 0.75).abs() < 1e-15);
    }
}
