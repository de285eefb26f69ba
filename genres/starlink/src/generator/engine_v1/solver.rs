//! The exact solver: propagation plus branching over placed/removed line variables.
//!
//! Every candidate line is a variable: unknown, placed or removed. Propagation, run to a fixpoint:
//! * a star whose remaining need is 0 removes its other unknown lines;
//! * a star whose unknown lines number exactly its remaining need places them all;
//! * placing a line removes every unknown line it conflicts with (a placed conflicting line, a
//!   negative need, or fewer unknown lines than the need is a contradiction).
//!
//! A node whose placed and unknown lines cannot connect all stars is dead (this prunes, it never
//! changes a count). Otherwise the search branches on the star with the fewest
//! (unknown lines - need) among stars still in need (ties: lowest index), on its first unknown
//! line: first placed, then removed. A leaf has every need at 0 and the placed lines connected.
//!
//! Every change is one entry on a trail (a line leaving the unknown state); undo walks the trail
//! back and reverses exactly the counter updates that entry made, for every star of that line.

use dayseed_core::{Budget, Count};

use crate::model::Model;
/// The node budget of a generator or `solve` search (as in the original game).
pub const SOLVE_BUDGET: u64 = 150_000;

const UNKNOWN: u8 = 0;
const PLACED: u8 = 1;
const REMOVED: u8 = 2;

/// The outcome of a bounded search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The bounded count.
    pub count: Count,
    /// The first solutions found (at most the number asked for), each ascending line indices.
    pub solutions: Vec<Vec<u32>>,
}

/// Counts solutions up to `limit` (at least 1) that contain every line of `must`, keeping the
/// first `keep` of them. Spends one budget node per search node. The model has at most 64 stars
/// (connectivity uses 64-bit masks).
pub fn solve(model: &Model, must: &[u32], limit: u64, keep: usize, budget: &mut Budget) -> Outcome {
    let mut search = Search::new(model, limit.max(1), keep);
    let mut ok = true;
    for &l in must {
        match search.state[l as usize] {
            PLACED => {}
            REMOVED => ok = false,
            _ => ok = search.place(l),
        }
        if !ok {
            break;
        }
    }
    if ok {
        search.queue.extend(0..model.stars() as u16);
        if search.propagate() {
            search.run(budget);
        }
    }
    let count = Count::from_search(search.found, search.limit, search.exhausted);
    Outcome {
        count,
        solutions: search.solutions,
    }
}

/// The lines placed by propagation alone from `must` (including `must`), ascending, or `None`
/// when propagation reaches a contradiction.
pub fn propagate_from(model: &Model, must: &[u32]) -> Option<Vec<u32>> {
    let mut search = Search::new(model, 1, 0);
    for &l in must {
        let ok = match search.state[l as usize] {
            PLACED => true,
            REMOVED => false,
            _ => search.place(l),
        };
        if !ok {
            return None;
        }
    }
    search.queue.extend(0..model.stars() as u16);
    search.propagate().then(|| {
        (0..model.lines.len() as u32)
            .filter(|&l| search.state[l as usize] == PLACED)
            .collect()
    })
}

/// Whether the search goes on after a subtree.
enum Flow {
    Continue,
    Stop,
}

struct Search<'m> {
    m: &'m Model,
    state: Vec<u8>,
    need: Vec<i32>,
    open: Vec<i32>,
    trail: Vec<u32>,
    queue: Vec<u16>,
    found: u64,
    limit: u64,
    keep: usize,
    solutions: Vec<Vec<u32>>,
    exhausted: bool,
    /// For each star pair `(x, y)` at `x * n + y`: the lines not removed with a segment `x-y`.
    pair_count: Vec<u16>,
    /// For each star, the stars it shares a segment with through a line not removed (bit set).
    adj: Vec<u64>,
}

impl<'m> Search<'m> {
    fn new(m: &'m Model, limit: u64, keep: usize) -> Search<'m> {
        let mut search = Search {
            m,
            state: vec![UNKNOWN; m.lines.len()],
            need: m.numbers.iter().map(|&n| i32::from(n)).collect(),
            open: m.incident.iter().map(|v| v.len() as i32).collect(),
            trail: Vec::new(),
            queue: Vec::new(),
            found: 0,
            limit,
            keep,
            solutions: Vec::new(),
            exhausted: false,
            pair_count: vec![0; m.stars() * m.stars()],
            adj: vec![0; m.stars()],
        };
        for line in &m.lines {
            for (x, y) in line.segments() {
                search.link(x, y);
            }
        }
        search
    }

    /// Counts one more line with segment `x-y` that is not removed.
    fn link(&mut self, x: u16, y: u16) {
        let n = self.m.stars();
        let (x, y) = (usize::from(x), usize::from(y));
        self.pair_count[x * n + y] += 1;
        self.pair_count[y * n + x] += 1;
        self.adj[x] |= 1 << y;
        self.adj[y] |= 1 << x;
    }

    /// Counts one line fewer with segment `x-y` that is not removed.
    fn unlink(&mut self, x: u16, y: u16) {
        let n = self.m.stars();
        let (x, y) = (usize::from(x), usize::from(y));
        self.pair_count[x * n + y] -= 1;
        self.pair_count[y * n + x] -= 1;
        if self.pair_count[x * n + y] == 0 {
            self.adj[x] &= !(1 << y);
            self.adj[y] &= !(1 << x);
        }
    }

    /// Places an unknown line and removes the unknown lines it conflicts with; false on a
    /// contradiction (the trail still records every change made).
    fn place(&mut self, l: u32) -> bool {
        let m = self.m;
        self.state[l as usize] = PLACED;
        self.trail.push(l);
        for &s in m.lines[l as usize].stars() {
            self.need[usize::from(s)] -= 1;
            self.open[usize::from(s)] -= 1;
            self.queue.push(s);
        }
        for &c in &m.conflicts[l as usize] {
            match self.state[c as usize] {
                PLACED => return false,
                UNKNOWN => self.remove(c),
                _ => {}
            }
        }
        true
    }

    /// Removes an unknown line.
    fn remove(&mut self, l: u32) {
        let m = self.m;
        self.state[l as usize] = REMOVED;
        self.trail.push(l);
        for &s in m.lines[l as usize].stars() {
            self.open[usize::from(s)] -= 1;
            self.queue.push(s);
        }
        for (x, y) in m.lines[l as usize].segments() {
            self.unlink(x, y);
        }
    }

    /// Reverses every change after trail position `mark`, exactly.
    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let Some(l) = self.trail.pop() else { break };
            let m = self.m;
            let placed = self.state[l as usize] == PLACED;
            for &s in m.lines[l as usize].stars() {
                self.open[usize::from(s)] += 1;
                if placed {
                    self.need[usize::from(s)] += 1;
                }
            }
            if !placed {
                for (x, y) in m.lines[l as usize].segments() {
                    self.link(x, y);
                }
            }
            self.state[l as usize] = UNKNOWN;
        }
        self.queue.clear();
    }

    /// Runs the queued star rules to a fixpoint; false on a contradiction.
    fn propagate(&mut self) -> bool {
        let m = self.m;
        while let Some(s) = self.queue.pop() {
            let s = usize::from(s);
            let (need, open) = (self.need[s], self.open[s]);
            if need < 0 || open < need {
                return false;
            }
            if open == 0 {
                continue;
            }
            if need == 0 {
                for &l in &m.incident[s] {
                    if self.state[l as usize] == UNKNOWN {
                        self.remove(l);
                    }
                }
            } else if open == need {
                for &l in &m.incident[s] {
                    if self.state[l as usize] == UNKNOWN && !self.place(l) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// True when placed and unknown lines together can still join every star (a search over the
    /// adjacency bit masks, at most 64 stars).
    fn can_connect(&self) -> bool {
        let n = self.m.stars();
        let all = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut reach = 1u64;
        let mut frontier = 1u64;
        while frontier != 0 {
            let s = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = self.adj[s] & !reach;
            reach |= new;
            frontier |= new;
        }
        reach == all
    }

    fn record_solution(&mut self) {
        self.found += 1;
        if self.solutions.len() < self.keep {
            let lines = (0..self.state.len() as u32)
                .filter(|&l| self.state[l as usize] == PLACED)
                .collect();
            self.solutions.push(lines);
        }
    }

    fn run(&mut self, budget: &mut Budget) -> Flow {
        if !budget.spend() {
            self.exhausted = true;
            return Flow::Stop;
        }
        if !self.can_connect() {
            return Flow::Continue;
        }
        let mut best: Option<(i32, usize)> = None;
        for s in 0..self.m.stars() {
            if self.need[s] > 0 {
                let slack = self.open[s] - self.need[s];
                if best.is_none_or(|(b, _)| slack < b) {
                    best = Some((slack, s));
                }
            }
        }
        let Some((_, star)) = best else {
            self.record_solution();
            return if self.found >= self.limit {
                Flow::Stop
            } else {
                Flow::Continue
            };
        };
        let Some(&line) = self.m.incident[star]
            .iter()
            .find(|&&l| self.state[l as usize] == UNKNOWN)
        else {
            return Flow::Continue;
        };
        let mark = self.trail.len();
        if self.place(line) && self.propagate() && matches!(self.run(budget), Flow::Stop) {
            self.undo_to(mark);
            return Flow::Stop;
        }
        self.undo_to(mark);
        self.remove(line);
        if self.propagate() && matches!(self.run(budget), Flow::Stop) {
            self.undo_to(mark);
            return Flow::Stop;
        }
        self.undo_to(mark);
        Flow::Continue
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::candidates::{Line, candidates};
    use crate::geometry::{Point, UNIT};
    use dayseed_core::Mulberry32;
    use dayseed_core::unionfind::UnionFind;

    /// An independent counter: every subset of lines, checked by the rules.
    pub(crate) fn brute_force(model: &Model, must: &[u32]) -> Vec<Vec<u32>> {
        let n = model.lines.len();
        assert!(n <= 20, "brute force needs a small board");
        let mut out = Vec::new();
        for mask in 0u32..(1 << n) {
            if must.iter().any(|&l| mask & (1 << l) == 0) {
                continue;
            }
            let chosen: Vec<u32> = (0..n as u32).filter(|&l| mask & (1 << l) != 0).collect();
            if model.satisfies_rules(&chosen) {
                out.push(chosen);
            }
        }
        out
    }

    /// A random small board: stars on a 4x4 grid with jitter, random numbers, at most 16 lines.
    pub(crate) fn small_model(seed: u32) -> Model {
        let mut rng = Mulberry32::new(seed);
        let mut cells: Vec<u32> = (0..16).collect();
        rng.shuffle(&mut cells);
        let count = 4 + rng.below(3) as usize;
        let points: Vec<Point> = cells[..count]
            .iter()
            .map(|&c| {
                let jx = i64::from(rng.below(201)) - 100;
                let jy = i64::from(rng.below(201)) - 100;
                Point::new(
                    i64::from(c % 4) * UNIT + UNIT / 2 + jx,
                    i64::from(c / 4) * UNIT + UNIT / 2 + jy,
                )
            })
            .collect();
        let gravity: Vec<bool> = (0..count).map(|i| i == 0 || rng.below(4) == 0).collect();
        let mut lines: Vec<Line> = candidates(&points, &gravity);
        rng.shuffle(&mut lines);
        lines.truncate(16);
        // Numbers: the degrees of a random non-crossing set that tries to join the stars (often
        // solvable), sometimes perturbed.
        let mut model = Model::new(points, gravity, vec![0; count], lines);
        let mut uf = UnionFind::new(count);
        let mut chosen: Vec<u32> = Vec::new();
        for l in 0..model.lines.len() as u32 {
            let stars = model.lines[l as usize].stars();
            let joins = !uf.same(usize::from(stars[0]), usize::from(stars[stars.len() - 1]));
            let free = chosen
                .iter()
                .all(|c| !model.conflicts[l as usize].contains(c));
            if free && (joins || rng.below(3) == 0) {
                for w in stars.windows(2) {
                    uf.union(usize::from(w[0]), usize::from(w[1]));
                }
                chosen.push(l);
            }
        }
        let mut numbers: Vec<u8> = model.degrees(&chosen).iter().map(|&d| d as u8).collect();
        if rng.below(4) == 0 {
            let s = rng.below(count as u32) as usize;
            numbers[s] = numbers[s].saturating_sub(1);
        }
        model.numbers = numbers;
        model
    }

    #[test]
    fn solver_matches_brute_force_on_small_boards() {
        let mut with_solutions = 0;
        for seed in 0..400 {
            let model = small_model(seed);
            let mut truth = brute_force(&model, &[]);
            truth.sort();
            let out = solve(&model, &[], 1_000, 1_000, &mut Budget::unlimited());
            assert_eq!(out.count, Count::Exactly(truth.len() as u64), "seed {seed}");
            let mut got = out.solutions.clone();
            got.sort();
            assert_eq!(got, truth, "seed {seed}");
            if !truth.is_empty() {
                with_solutions += 1;
                // With a must-include line from a solution.
                let must = [truth[0][0]];
                let expect = brute_force(&model, &must);
                let out = solve(&model, &must, 1_000, 0, &mut Budget::unlimited());
                assert_eq!(
                    out.count,
                    Count::Exactly(expect.len() as u64),
                    "seed {seed}"
                );
            }
        }
        assert!(with_solutions > 50, "only {with_solutions} solvable boards");
    }

    #[test]
    fn limits_and_budgets_are_reported() {
        let model = (0..200)
            .map(small_model)
            .find(|m| brute_force(m, &[]).len() >= 3)
            .expect("a board with three solutions");
        let out = solve(&model, &[], 2, 5, &mut Budget::unlimited());
        assert_eq!(out.count, Count::AtLeast(2));
        assert_eq!(out.solutions.len(), 2);
        let out = solve(&model, &[], 2, 0, &mut Budget::new(1));
        assert_eq!(out.count, Count::BudgetExhausted);
        assert!(!out.count.is_unique());
    }
}
