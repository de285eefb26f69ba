//! The g3 generator's exact counter: the solver's rules on bit sets, with a copied state.
//!
//! The board is compiled once per placement ([`Compiled`]): per star the mask of its lines, per
//! line the mask of the lines it conflicts with and the mask of its stars. A search state is only
//! two line masks (unknown and placed) with each star's remaining need and unknown-line count, a
//! few hundred bytes, so a child node works on a copy and "undo" is dropping the copy: nothing
//! can be restored wrongly.
//!
//! Rules, as in [`super::solver`], run to a fixpoint over the stars whose lines changed:
//! * a star whose remaining need is negative, or above its unknown lines, is a contradiction;
//! * need 0 removes the star's unknown lines; unknown lines = need places them all;
//! * placing a line removes every unknown line it conflicts with (a placed one: contradiction).
//!
//! After the fixpoint, the placed and unknown lines must be able to join every star (else the
//! node is dead). At the root only, one pass of failed-line probing: each unknown line, in
//! ascending order, is placed on a copy and the star rules run; a line refuted that way is
//! removed (and the rules and the connectivity check run again).
//!
//! Branching: the star in need with the fewest (unknown lines - need), ties to the lowest index;
//! among its unknown lines the one conflicting with the most unknown lines (ties to the lowest
//! index). The line is placed first, then removed — or, with a *near* set (see
//! [`count_near`]), the value the near set gives it is tried first, so the first solutions found
//! are those closest to it. A leaf has every need at 0 and (by the connectivity check) the stars
//! joined. One budget node per search node (a node refuted by the rules counts too).
//!
//! Boards with more than 64 stars or [`MAX_LINES`] lines are not compiled (the g3 generator's
//! boards are far smaller; [`super::solver`] handles any board).

use dayseed_core::{Budget, Count};

use super::solver::Outcome;
use crate::model::Model;

/// The most lines a compiled board may have (4 words of 64 bits).
pub const MAX_LINES: usize = 256;

/// A board compiled for bit-set search; numbers are given per count.
#[derive(Debug, Clone)]
pub struct Compiled {
    stars: usize,
    lines: usize,
    words: usize,
    /// Per star: its lines (`words` words each).
    inc: Vec<u64>,
    /// Per line: the lines it conflicts with (`words` words each).
    conf: Vec<u64>,
    /// Per line: its stars.
    touch: Vec<u64>,
    /// Per line: its stars as indices (the third repeats `u8::MAX` for a straight line).
    ends: Vec<[u8; 3]>,
}

impl Compiled {
    /// Compiles `model`'s lines and conflicts, or `None` when the board is too large.
    pub fn new(model: &Model) -> Option<Compiled> {
        let (stars, lines) = (model.stars(), model.lines.len());
        if stars == 0 || stars > 64 || lines > MAX_LINES {
            return None;
        }
        let words = lines.div_ceil(64).max(1);
        let mut inc = vec![0u64; stars * words];
        let mut conf = vec![0u64; lines * words];
        let mut touch = vec![0u64; lines];
        let mut ends = vec![[u8::MAX; 3]; lines];
        for (l, line) in model.lines.iter().enumerate() {
            for (e, &s) in ends[l].iter_mut().zip(line.stars()) {
                *e = s as u8;
            }
            for &s in line.stars() {
                inc[usize::from(s) * words + l / 64] |= 1 << (l % 64);
                touch[l] |= 1 << s;
            }
            for &c in &model.conflicts[l] {
                conf[l * words + c as usize / 64] |= 1 << (c % 64);
            }
        }
        Some(Compiled {
            stars,
            lines,
            words,
            inc,
            conf,
            touch,
            ends,
        })
    }
}

/// Counts solutions of the compiled board with `numbers` up to `limit` (at least 1), keeping the
/// first `keep` (ascending line indices each).
pub fn count(
    c: &Compiled,
    numbers: &[u8],
    limit: u64,
    keep: usize,
    budget: &mut Budget,
) -> Outcome {
    count_near(c, numbers, None, limit, keep, budget)
}

/// [`count`], branching toward the lines of `near`: a branch line in `near` is placed first,
/// any other removed first, so the first solutions found are the closest to `near` (the count
/// itself does not depend on the order).
pub fn count_near(
    c: &Compiled,
    numbers: &[u8],
    near: Option<&[u32]>,
    limit: u64,
    keep: usize,
    budget: &mut Budget,
) -> Outcome {
    match c.words {
        1 => run::<1>(c, numbers, near, limit, keep, budget),
        2 => run::<2>(c, numbers, near, limit, keep, budget),
        3 => run::<3>(c, numbers, near, limit, keep, budget),
        _ => run::<4>(c, numbers, near, limit, keep, budget),
    }
}

fn run<const W: usize>(
    c: &Compiled,
    numbers: &[u8],
    near: Option<&[u32]>,
    limit: u64,
    keep: usize,
    budget: &mut Budget,
) -> Outcome {
    let mut prefer = [u64::MAX; W];
    if let Some(near) = near {
        prefer = [0; W];
        for &l in near {
            prefer[l as usize / 64] |= 1 << (l % 64);
        }
    }
    let mut search = Search::<W> {
        c,
        inc: c.inc.chunks_exact(c.words).map(to_words).collect(),
        conf: c.conf.chunks_exact(c.words).map(to_words).collect(),
        prefer,
        found: 0,
        limit: limit.max(1),
        keep,
        solutions: Vec::new(),
        exhausted: false,
    };
    let mut unknown = [0u64; W];
    for l in 0..c.lines {
        unknown[l / 64] |= 1 << (l % 64);
    }
    let mut start = State {
        unknown,
        placed: [0; W],
        need: [0; 64],
        open: [0; 64],
    };
    for (s, inc) in search.inc.iter().enumerate() {
        start.need[s] = i16::from(numbers[s]);
        start.open[s] = popcount(inc, &unknown) as i16;
    }
    search.node(start, u64::MAX >> (64 - c.stars), true, budget);
    let count = Count::from_search(search.found, search.limit, search.exhausted);
    Outcome {
        count,
        solutions: search.solutions,
    }
}

fn to_words<const W: usize>(chunk: &[u64]) -> [u64; W] {
    let mut out = [0u64; W];
    out.copy_from_slice(chunk);
    out
}

/// A search state: which lines are still unknown and which are placed, and per star its number
/// minus its placed lines (`need`) and its unknown lines (`open`).
#[derive(Clone, Copy)]
struct State<const W: usize> {
    unknown: [u64; W],
    placed: [u64; W],
    need: [i16; 64],
    open: [i16; 64],
}

fn popcount<const W: usize>(a: &[u64; W], b: &[u64; W]) -> i32 {
    let mut n = 0;
    for i in 0..W {
        n += (a[i] & b[i]).count_ones();
    }
    n as i32
}

fn has<const W: usize>(bits: &[u64; W], l: usize) -> bool {
    bits[l / 64] & (1 << (l % 64)) != 0
}

/// Calls `f` with every set bit index of `bits`, ascending.
fn each<const W: usize>(bits: &[u64; W], mut f: impl FnMut(usize)) {
    for (i, &w) in bits.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            f(i * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

enum Flow {
    Continue,
    Stop,
}

struct Search<'c, const W: usize> {
    c: &'c Compiled,
    inc: Vec<[u64; W]>,
    conf: Vec<[u64; W]>,
    /// Lines placed first when branching (the others are removed first).
    prefer: [u64; W],
    found: u64,
    limit: u64,
    keep: usize,
    solutions: Vec<Vec<u32>>,
    exhausted: bool,
}

impl<const W: usize> Search<'_, W> {
    /// Places unknown line `l`, removing the unknown lines it conflicts with; adds the stars of
    /// every changed line to `dirty`. False when it conflicts with a placed line.
    fn place(&self, st: &mut State<W>, l: usize, dirty: &mut u64) -> bool {
        let conf = &self.conf[l];
        if (0..W).any(|i| conf[i] & st.placed[i] != 0) {
            return false;
        }
        let removed: [u64; W] = std::array::from_fn(|i| conf[i] & st.unknown[i]);
        self.remove(st, &removed, dirty);
        st.unknown[l / 64] &= !(1 << (l % 64));
        st.placed[l / 64] |= 1 << (l % 64);
        for &s in self.c.ends[l].iter().filter(|&&s| s != u8::MAX) {
            st.need[usize::from(s)] -= 1;
            st.open[usize::from(s)] -= 1;
        }
        *dirty |= self.c.touch[l];
        true
    }

    /// Removes the unknown lines `lines`, adding their stars to `dirty`.
    fn remove(&self, st: &mut State<W>, lines: &[u64; W], dirty: &mut u64) {
        for (u, r) in st.unknown.iter_mut().zip(lines) {
            *u &= !r;
        }
        each(lines, |r| {
            for &s in self.c.ends[r].iter().filter(|&&s| s != u8::MAX) {
                st.open[usize::from(s)] -= 1;
            }
            *dirty |= self.c.touch[r];
        });
    }

    /// Runs the star rules to a fixpoint from the `dirty` stars; false on a contradiction.
    fn propagate(&self, st: &mut State<W>, mut dirty: u64) -> bool {
        while dirty != 0 {
            let s = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            let (need, u) = (st.need[s], st.open[s]);
            if need < 0 || u < need {
                return false;
            }
            if u == 0 {
                continue;
            }
            let inc = &self.inc[s];
            let open: [u64; W] = std::array::from_fn(|i| inc[i] & st.unknown[i]);
            if need == 0 {
                self.remove(st, &open, &mut dirty);
            } else if u == need {
                let mut ok = true;
                each(&open, |l| {
                    ok = ok && self.place(st, l, &mut dirty);
                });
                if !ok {
                    return false;
                }
            }
        }
        true
    }

    /// True when the placed and unknown lines can still join every star.
    fn connected(&self, st: &State<W>) -> bool {
        let mut avail: [u64; W] = std::array::from_fn(|i| st.unknown[i] | st.placed[i]);
        let all = u64::MAX >> (64 - self.c.stars);
        let mut reach = 1u64;
        let mut frontier = 1u64;
        while frontier != 0 {
            let s = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let mut lines = [0u64; W];
            for i in 0..W {
                lines[i] = self.inc[s][i] & avail[i];
                avail[i] &= !lines[i];
            }
            each(&lines, |l| {
                let new = self.c.touch[l] & !reach;
                reach |= new;
                frontier |= new;
            });
        }
        reach == all
    }

    /// The star rules to a fixpoint from the `dirty` stars, then the connectivity check; false
    /// when the state is dead.
    fn deduce(&self, st: &mut State<W>, dirty: u64) -> bool {
        self.propagate(st, dirty) && self.connected(st)
    }

    /// One pass of failed-line probing: each unknown line (ascending) whose placement the star
    /// rules refute is removed, and the state deduced again; false when the state is dead.
    fn probe(&self, st: &mut State<W>) -> bool {
        let unknown = st.unknown;
        let mut alive = true;
        each(&unknown, |l| {
            if !alive || !has(&st.unknown, l) {
                return;
            }
            let mut trial = *st;
            let mut dirty = 0;
            if self.place(&mut trial, l, &mut dirty) && self.propagate(&mut trial, dirty) {
                return;
            }
            let mut dirty = 0;
            let mut line = [0u64; W];
            line[l / 64] = 1 << (l % 64);
            self.remove(st, &line, &mut dirty);
            alive = self.deduce(st, dirty);
        });
        alive
    }

    fn record(&mut self, st: &State<W>) {
        self.found += 1;
        if self.solutions.len() < self.keep {
            let mut lines = Vec::new();
            each(&st.placed, |l| lines.push(l as u32));
            self.solutions.push(lines);
        }
    }

    /// The branch line: at the star in need with the least slack, the unknown line conflicting
    /// with the most unknown lines; `None` at a leaf (every need met).
    fn branch_line(&self, st: &State<W>) -> Option<Option<usize>> {
        let mut best: Option<(i16, usize)> = None;
        for s in 0..self.c.stars {
            let need = st.need[s];
            if need > 0 {
                let slack = st.open[s] - need;
                if best.is_none_or(|(b, _)| slack < b) {
                    best = Some((slack, s));
                }
            }
        }
        let (_, star) = best?;
        let open: [u64; W] = std::array::from_fn(|i| self.inc[star][i] & st.unknown[i]);
        let mut line: Option<(i32, usize)> = None;
        each(&open, |l| {
            let k = popcount(&self.conf[l], &st.unknown);
            if line.is_none_or(|(b, _)| k > b) {
                line = Some((k, l));
            }
        });
        Some(line.map(|(_, l)| l))
    }

    fn node(&mut self, mut st: State<W>, dirty: u64, root: bool, budget: &mut Budget) -> Flow {
        if !budget.spend() {
            self.exhausted = true;
            return Flow::Stop;
        }
        if !self.deduce(&mut st, dirty) || (root && !self.probe(&mut st)) {
            return Flow::Continue;
        }
        let Some(line) = self.branch_line(&st) else {
            self.record(&st);
            return if self.found >= self.limit {
                Flow::Stop
            } else {
                Flow::Continue
            };
        };
        let Some(line) = line else {
            return Flow::Continue;
        };
        let mut with = st;
        let mut dirty = 0;
        let placed = self.place(&mut with, line, &mut dirty);
        let mut without = st;
        let mut touch = 0;
        let mut bit = [0u64; W];
        bit[line / 64] = 1 << (line % 64);
        self.remove(&mut without, &bit, &mut touch);
        if has(&self.prefer, line) {
            if placed && matches!(self.node(with, dirty, false, budget), Flow::Stop) {
                return Flow::Stop;
            }
            self.node(without, touch, false, budget)
        } else {
            if matches!(self.node(without, touch, false, budget), Flow::Stop) {
                return Flow::Stop;
            }
            if placed {
                return self.node(with, dirty, false, budget);
            }
            Flow::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::solve;
    use crate::solver::tests::{brute_force, small_model};

    #[test]
    fn counts_match_brute_force_on_small_boards() {
        let mut with_solutions = 0;
        for seed in 0..600 {
            let model = small_model(seed);
            let mut truth = brute_force(&model, &[]);
            truth.sort();
            let c = Compiled::new(&model).expect("small board compiles");
            let out = count(&c, &model.numbers, 1_000, 1_000, &mut Budget::unlimited());
            assert_eq!(out.count, Count::Exactly(truth.len() as u64), "seed {seed}");
            let mut got = out.solutions.clone();
            got.sort();
            assert_eq!(got, truth, "seed {seed}");
            with_solutions += usize::from(!truth.is_empty());
        }
        assert!(with_solutions > 80, "only {with_solutions} solvable boards");
    }

    /// On generator-sized boards (raw answers, many solutions) both counters agree up to 64.
    #[test]
    fn counts_match_the_general_solver_on_generated_boards() {
        use crate::candidates::candidates;
        use crate::difficulty::Difficulty;
        use crate::placement::place;
        use dayseed_core::Mulberry32;
        for d in Difficulty::ALL {
            let spec = d.spec();
            for seed in 0..40 {
                let mut rng = Mulberry32::new(seed);
                let Some(p) = place(&spec, &mut rng) else {
                    continue;
                };
                let lines = candidates(&p.points, &p.gravity);
                let n = p.points.len();
                let mut model = Model::new(p.points, p.gravity, vec![0; n], lines);
                let Some(answer) = crate::answer::build(&model, spec.extra_percent, &mut rng)
                else {
                    continue;
                };
                model.numbers = answer.degree.iter().map(|&d| d as u8).collect();
                let c = Compiled::new(&model).expect("generator boards compile");
                let want = solve(&model, &[], 64, 0, &mut Budget::unlimited()).count;
                let got = count(&c, &model.numbers, 64, 0, &mut Budget::unlimited()).count;
                assert_eq!(got, want, "{d:?} seed {seed}");
                // One more or one less at a star: both counters still agree.
                model.numbers[seed as usize % n] ^= 1;
                let want = solve(&model, &[], 64, 0, &mut Budget::unlimited()).count;
                let got = count(&c, &model.numbers, 64, 0, &mut Budget::unlimited()).count;
                assert_eq!(got, want, "{d:?} seed {seed} changed");
            }
        }
    }

    #[test]
    fn counting_near_a_solution_finds_it_first_and_counts_the_same() {
        let mut checked = 0;
        for seed in 0..300 {
            let model = small_model(seed);
            let truth = brute_force(&model, &[]);
            let c = Compiled::new(&model).expect("small board compiles");
            for near in &truth {
                let out = count_near(
                    &c,
                    &model.numbers,
                    Some(near),
                    1_000,
                    1,
                    &mut Budget::unlimited(),
                );
                assert_eq!(out.count, Count::Exactly(truth.len() as u64), "seed {seed}");
                assert_eq!(&out.solutions[0], near, "seed {seed}");
                checked += 1;
            }
        }
        assert!(checked > 80, "only {checked} solutions checked");
    }

    #[test]
    fn limits_and_budgets_are_reported() {
        let model = (0..200)
            .map(small_model)
            .find(|m| brute_force(m, &[]).len() >= 3)
            .expect("a board with three solutions");
        let c = Compiled::new(&model).expect("small board compiles");
        let out = count(&c, &model.numbers, 2, 5, &mut Budget::unlimited());
        assert_eq!(out.count, Count::AtLeast(2));
        assert_eq!(out.solutions.len(), 2);
        let out = count(&c, &model.numbers, 2, 0, &mut Budget::new(1));
        assert_eq!(out.count, Count::BudgetExhausted);
    }
}
