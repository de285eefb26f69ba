//! The solving model of a board: lines, numbers, incidence lists and the crossing table.

use crate::candidates::{Line, conflict_table};
use crate::geometry::Point;
use dayseed_core::unionfind::UnionFind;

/// A board reduced to what the rules talk about.
#[derive(Debug, Clone)]
pub struct Model {
    /// Star positions in fixed point.
    pub points: Vec<Point>,
    /// Which stars are gravity stars.
    pub gravity: Vec<bool>,
    /// The numbers the stars show.
    pub numbers: Vec<u8>,
    /// The candidate lines.
    pub lines: Vec<Line>,
    /// For each star, the lines touching it (ascending).
    pub incident: Vec<Vec<u32>>,
    /// For each line, the lines it conflicts with (ascending).
    pub conflicts: Vec<Vec<u32>>,
}

impl Model {
    /// Builds the model, computing incidence and the crossing table.
    pub fn new(
        points: Vec<Point>,
        gravity: Vec<bool>,
        numbers: Vec<u8>,
        lines: Vec<Line>,
    ) -> Model {
        let conflicts = conflict_table(&points, &lines);
        Model::with_conflicts(points, gravity, numbers, lines, conflicts)
    }

    /// Builds the model from an already computed crossing table.
    pub fn with_conflicts(
        points: Vec<Point>,
        gravity: Vec<bool>,
        numbers: Vec<u8>,
        lines: Vec<Line>,
        conflicts: Vec<Vec<u32>>,
    ) -> Model {
        let mut incident = vec![Vec::new(); points.len()];
        for (i, line) in lines.iter().enumerate() {
            for &s in line.stars() {
                incident[usize::from(s)].push(i as u32);
            }
        }
        Model {
            points,
            gravity,
            numbers,
            lines,
            incident,
            conflicts,
        }
    }

    /// The number of stars.
    pub fn stars(&self) -> usize {
        self.points.len()
    }

    /// Each star's degree (lines touching it) in a set of lines.
    pub fn degrees(&self, chosen: &[u32]) -> Vec<u32> {
        let mut deg = vec![0u32; self.stars()];
        for &l in chosen {
            for &s in self.lines[l as usize].stars() {
                deg[usize::from(s)] += 1;
            }
        }
        deg
    }

    /// True when the lines join every star into one network.
    pub fn connected(&self, chosen: &[u32]) -> bool {
        let mut uf = UnionFind::new(self.stars());
        for &l in chosen {
            let stars = self.lines[l as usize].stars();
            for w in stars.windows(2) {
                uf.union(usize::from(w[0]), usize::from(w[1]));
            }
        }
        uf.sets() <= 1
    }

    /// The first conflicting pair `(i, j)`, `i` before `j` in `chosen`, if any.
    pub fn first_conflict(&self, chosen: &[u32]) -> Option<(u32, u32)> {
        let mut on = vec![false; self.lines.len()];
        for &l in chosen {
            if let Some(&c) = self.conflicts[l as usize].iter().find(|&&c| on[c as usize]) {
                return Some((c, l));
            }
            on[l as usize] = true;
        }
        None
    }

    /// True when `chosen` (distinct line indices) satisfies every rule: degrees equal numbers,
    /// no two lines conflict, and the network is connected.
    pub fn satisfies_rules(&self, chosen: &[u32]) -> bool {
        let deg = self.degrees(chosen);
        deg.iter()
            .zip(&self.numbers)
            .all(|(&d, &n)| d == u32::from(n))
            && self.first_conflict(chosen).is_none()
            && self.connected(chosen)
    }
}
