//! A small union-find (disjoint sets) with path halving, used for spanning trees and connectivity.

/// Disjoint sets over `0..n`.
#[derive(Debug, Clone)]
pub struct UnionFind {
    parent: Vec<u16>,
    sets: usize,
}

impl UnionFind {
    /// `n` singleton sets.
    pub fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n as u16).collect(),
            sets: n,
        }
    }

    /// The representative of `x`'s set.
    pub fn find(&mut self, mut x: u16) -> u16 {
        while self.parent[usize::from(x)] != x {
            let up = self.parent[usize::from(self.parent[usize::from(x)])];
            self.parent[usize::from(x)] = up;
            x = up;
        }
        x
    }

    /// Joins the sets of `a` and `b`; true when they were different.
    pub fn union(&mut self, a: u16, b: u16) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        self.parent[usize::from(ra.max(rb))] = ra.min(rb);
        self.sets -= 1;
        true
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
    fn unions_merge_sets() {
        let mut uf = UnionFind::new(4);
        assert!(uf.union(0, 1));
        assert!(!uf.union(1, 0));
        assert!(uf.union(2, 3));
        assert_eq!(uf.sets(), 2);
        assert!(uf.union(3, 0));
        assert_eq!(uf.find(2), uf.find(1));
        assert_eq!(uf.sets(), 1);
    }
}
