//! Two-dimensional vectors with exactly rounded operations only (`+ - * /`, `sqrt`).

use serde::Serialize;
use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

/// A point or displacement in the plane.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct Vec2 {
    /// Horizontal component.
    pub x: f64,
    /// Vertical component.
    pub y: f64,
}

impl Vec2 {
    /// The zero vector.
    pub const ZERO: Vec2 = Vec2 { x: 0.0, y: 0.0 };

    /// A vector from its components.
    pub const fn new(x: f64, y: f64) -> Vec2 {
        Vec2 { x, y }
    }

    /// The dot product.
    pub fn dot(self, other: Vec2) -> f64 {
        self.x * other.x + self.y * other.y
    }

    /// The 2-D cross product (z of the 3-D one): positive when `other` turns left from `self`.
    pub fn cross(self, other: Vec2) -> f64 {
        self.x * other.y - self.y * other.x
    }

    /// The squared length.
    pub fn len_sq(self) -> f64 {
        self.dot(self)
    }

    /// The length (one `sqrt`).
    pub fn len(self) -> f64 {
        self.len_sq().sqrt()
    }

    /// The unit vector in the same direction, `None` for the zero vector (or a non-finite one).
    pub fn normalized(self) -> Option<Vec2> {
        let len = self.len();
        if len > 0.0 && len.is_finite() {
            Some(self / len)
        } else {
            None
        }
    }

    /// The vector turned a quarter left: `(-y, x)`.
    pub fn perp(self) -> Vec2 {
        Vec2::new(-self.y, self.x)
    }

    /// Whether the angle between `self` and `other` is at most the angle whose cosine is
    /// `cos_limit` (a dot-product test; zero vectors are never within).
    pub fn within_angle(self, other: Vec2, cos_limit: f64) -> bool {
        let lens = self.len_sq() * other.len_sq();
        if lens <= 0.0 {
            return false;
        }
        let dot = self.dot(other);
        if cos_limit >= 0.0 {
            dot >= 0.0 && dot * dot >= cos_limit * cos_limit * lens
        } else {
            dot >= 0.0 || dot * dot <= cos_limit * cos_limit * lens
        }
    }

    /// Whether both components are finite.
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

impl Add for Vec2 {
    type Output = Vec2;
    fn add(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x + o.x, self.y + o.y)
    }
}

impl AddAssign for Vec2 {
    fn add_assign(&mut self, o: Vec2) {
        *self = *self + o;
    }
}

impl Sub for Vec2 {
    type Output = Vec2;
    fn sub(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x - o.x, self.y - o.y)
    }
}

impl SubAssign for Vec2 {
    fn sub_assign(&mut self, o: Vec2) {
        *self = *self - o;
    }
}

impl Neg for Vec2 {
    type Output = Vec2;
    fn neg(self) -> Vec2 {
        Vec2::new(-self.x, -self.y)
    }
}

impl Mul<f64> for Vec2 {
    type Output = Vec2;
    fn mul(self, k: f64) -> Vec2 {
        Vec2::new(self.x * k, self.y * k)
    }
}

impl Div<f64> for Vec2 {
    type Output = Vec2;
    fn div(self, k: f64) -> Vec2 {
        Vec2::new(self.x / k, self.y / k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_and_length() {
        let a = Vec2::new(3.0, 4.0);
        assert_eq!(a.len(), 5.0);
        assert_eq!(a + Vec2::new(1.0, -1.0), Vec2::new(4.0, 3.0));
        assert_eq!(a - a, Vec2::ZERO);
        assert_eq!(a * 2.0, Vec2::new(6.0, 8.0));
        assert_eq!(a / 2.0, Vec2::new(1.5, 2.0));
        assert_eq!(-a, Vec2::new(-3.0, -4.0));
        assert_eq!(a.perp(), Vec2::new(-4.0, 3.0));
        assert_eq!(a.dot(a.perp()), 0.0);
        assert_eq!(Vec2::new(1.0, 0.0).cross(Vec2::new(0.0, 1.0)), 1.0);
        assert_eq!(a.normalized(), Some(Vec2::new(0.6, 0.8)));
        assert_eq!(Vec2::ZERO.normalized(), None);
        assert_eq!(Vec2::new(f64::INFINITY, 0.0).normalized(), None);
    }

    #[test]
    fn angle_tests_by_dot_products() {
        let right = Vec2::new(1.0, 0.0);
        let cos_30 = 0.866_025_403_784_438_6;
        // 20 degrees: tan(20) = 0.36397
        assert!(right.within_angle(Vec2::new(1.0, 0.363_97), cos_30));
        // 40 degrees: tan(40) = 0.83910
        assert!(!right.within_angle(Vec2::new(1.0, 0.839_1), cos_30));
        assert!(!right.within_angle(Vec2::new(-1.0, 0.0), cos_30));
        assert!(!right.within_angle(Vec2::ZERO, cos_30));
        // cos 120 = -0.5: 100 degrees is within, 150 is not.
        assert!(right.within_angle(Vec2::new(-0.173_6, 0.984_8), -0.5));
        assert!(!right.within_angle(Vec2::new(-0.866, 0.5), -0.5));
    }
}
