//! Disjoint sets (union-find with path halving) over `0..n`: the one connectivity helper the
//! genres share (starlink's spanning trees and connectivity, slitherlink's loop pieces). Its
//! answers (same set or not, how many sets) do not depend on which element represents a set.

/// Disjoint sets over `0..n` (n < 2^32).
#[derive(Debug, Clone)]
pub struct UnionFind {
    parent: Vec<u32>,
    sets: usize,
}

impl UnionFind {
    /// `n` singleton sets.
    pub fn new(n: usize) -> UnionFind {
        assert!(u32::try_from(n).is_ok(), "UnionFind over {n} elements");
        UnionFind {
            parent: (0..n as u32).collect(),
            sets: n,
        }
    }

    /// The representative of `x`'s set.
    pub fn find(&mut self, x: usize) -> usize {
        let mut x = x as u32;
        while self.parent[x as usize] != x {
            let up = self.parent[self.parent[x as usize] as usize];
            self.parent[x as usize] = up;
            x = up;
        }
        x as usize
    }

    /// Joins the sets of `a` and `b`; true when they were different.
    pub fn union(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        self.parent[ra.max(rb)] = ra.min(rb) as u32;
        self.sets -= 1;
        true
    }

    /// Whether `a` and `b` are in one set.
    pub fn same(&mut self, a: usize, b: usize) -> bool {
        self.find(a) == self.find(b)
    }

    /// The number of sets left.
    pub fn sets(&self) -> usize {
        self.sets
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unions_merge_sets_and_count_them() {
        let mut uf = UnionFind::new(5);
        assert!(uf.union(0, 1));
        assert!(!uf.union(1, 0));
        assert!(uf.union(2, 3));
        assert_eq!(uf.sets(), 3);
        assert!(!uf.same(1, 2));
        assert!(uf.union(3, 0));
        assert!(uf.same(2, 1));
        assert_eq!(uf.sets(), 2);
        assert_eq!(uf.find(4), 4);
    }

    #[test]
    fn a_long_chain_is_one_set() {
        let n = 10_000;
        let mut uf = UnionFind::new(n);
        for i in (1..n).rev() {
            uf.union(i, i - 1);
        }
        assert_eq!(uf.sets(), 1);
        assert!((0..n).all(|i| uf.find(i) == 0));
    }
}
