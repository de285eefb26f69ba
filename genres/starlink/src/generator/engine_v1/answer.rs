//! The generator's answer: a non-crossing spanning tree, bent lines at gravity stars, extras.

use dayseed_core::Mulberry32;

use crate::model::Model;
use dayseed_core::unionfind::UnionFind;

/// The largest number a generated star may show.
pub const MAX_NUMBER: u32 = 6;
/// Probability, in percent, that a gravity star gets two bent lines instead of one.
pub const TWO_BENDS_PERCENT: u32 = 40;

/// A growing set of answer lines with its degrees and the lines it blocks.
#[derive(Debug, Clone)]
pub struct AnswerSet {
    /// Which lines are taken.
    pub taken: Vec<bool>,
    /// How many taken lines conflict with each line.
    pub blocked: Vec<u32>,
    /// Each star's degree.
    pub degree: Vec<u32>,
}

impl AnswerSet {
    /// An empty answer for `model`.
    pub fn new(model: &Model) -> AnswerSet {
        AnswerSet {
            taken: vec![false; model.lines.len()],
            blocked: vec![0; model.lines.len()],
            degree: vec![0; model.stars()],
        }
    }

    /// True when line `l` is not taken, conflicts with no taken line, and keeps every degree at
    /// most [`MAX_NUMBER`].
    pub fn can_take(&self, model: &Model, l: u32) -> bool {
        !self.taken[l as usize]
            && self.blocked[l as usize] == 0
            && model.lines[l as usize]
                .stars()
                .iter()
                .all(|&s| self.degree[usize::from(s)] < MAX_NUMBER)
    }

    /// [`AnswerSet::can_take`], and after taking `l` the answer's lines at each gravity star it
    /// touches still pair up into bent lines in only one way (see [`AnswerSet::pairings`]).
    pub fn fits(&mut self, model: &Model, l: u32) -> bool {
        if !self.can_take(model, l) {
            return false;
        }
        self.take(model, l);
        let line = model.lines[l as usize];
        let ok = line
            .stars()
            .iter()
            .all(|&g| !model.gravity[usize::from(g)] || self.pairings(model, g, 2) == 1);
        self.drop_line(model, l);
        ok
    }

    /// The number of ways (counted up to `limit`) to pair the arms of gravity star `g` into its
    /// current number of bent lines. The arms are the other ends of the taken straight lines at
    /// `g` and of the taken lines bending at `g`; a pair `(x, y)` is allowed when `x-g-y` is a
    /// candidate. Another pairing has exactly the same segments, degrees and connections, so it is
    /// a second solution: the generator keeps this count at 1.
    pub fn pairings(&self, model: &Model, g: u16, limit: u32) -> u32 {
        let mut arms: Vec<u16> = Vec::new();
        let mut bends = 0u32;
        for &l in &model.incident[usize::from(g)] {
            if !self.taken[l as usize] {
                continue;
            }
            let line = model.lines[l as usize];
            match (line.bend(), line.stars()) {
                (Some(b), &[x, _, y]) if b == g => {
                    arms.push(x);
                    arms.push(y);
                    bends += 1;
                }
                (None, &[x, y]) => arms.push(if x == g { y } else { x }),
                _ => {}
            }
        }
        let bent_ok = |x: u16, y: u16| {
            let (a, b) = (x.min(y), x.max(y));
            model.incident[usize::from(g)]
                .iter()
                .any(|&l| model.lines[l as usize].stars() == [a, g, b])
        };
        /// Pairings of `need` disjoint allowed pairs among `arms`, counted up to `limit` (the
        /// slice is reordered during the search and restored before returning).
        fn count(arms: &mut [u16], need: u32, ok: &dyn Fn(u16, u16) -> bool, limit: u32) -> u32 {
            if need == 0 {
                return 1;
            }
            if arms.len() < 2 * need as usize {
                return 0;
            }
            let first = arms[0];
            let rest = &mut arms[1..];
            let mut total = count(rest, need, ok, limit);
            for i in 0..rest.len() {
                if total >= limit {
                    break;
                }
                if ok(first, rest[i]) {
                    rest.swap(0, i);
                    total += count(&mut rest[1..], need - 1, ok, limit);
                    rest.swap(0, i);
                }
            }
            total.min(limit)
        }
        count(&mut arms, bends, &bent_ok, limit)
    }

    /// Takes line `l`.
    pub fn take(&mut self, model: &Model, l: u32) {
        self.taken[l as usize] = true;
        for &c in &model.conflicts[l as usize] {
            self.blocked[c as usize] += 1;
        }
        for &s in model.lines[l as usize].stars() {
            self.degree[usize::from(s)] += 1;
        }
    }

    /// Gives line `l` back.
    pub fn drop_line(&mut self, model: &Model, l: u32) {
        self.taken[l as usize] = false;
        for &c in &model.conflicts[l as usize] {
            self.blocked[c as usize] -= 1;
        }
        for &s in model.lines[l as usize].stars() {
            self.degree[usize::from(s)] -= 1;
        }
    }

    /// The taken lines, ascending.
    pub fn lines(&self) -> Vec<u32> {
        (0..self.taken.len() as u32)
            .filter(|&l| self.taken[l as usize])
            .collect()
    }

    /// True when every star has a line, the lines join all stars, and every gravity star has a
    /// bent line bending at it.
    pub fn is_valid(&self, model: &Model) -> bool {
        let lines = self.lines();
        let mut bends = vec![false; model.stars()];
        for &l in &lines {
            if let Some(g) = model.lines[l as usize].bend() {
                bends[usize::from(g)] = true;
            }
        }
        self.degree.iter().all(|&d| d > 0)
            && model.connected(&lines)
            && (0..model.stars()).all(|s| !model.gravity[s] || bends[s])
    }
}

/// Builds an answer on `model` (whose numbers are ignored), or `None` when the placement must be
/// drawn again (a star left alone, the network split, or a gravity star without a bent line).
///
/// "Fits" is [`AnswerSet::fits`]: no conflict with a taken line, degrees at most
/// [`MAX_NUMBER`], and a single way to pair each touched gravity star's lines into bends.
///
/// 1. For each gravity star in index order: `below(100) < 40` asks for two bent lines, else one;
///    its bent lines are shuffled and taken in that order while they fit, up to the number asked.
/// 2. The straight lines are shuffled; each is taken when it joins two different components
///    (union-find, seeded with the bent lines) and fits: a non-crossing spanning tree.
/// 3. Every line not yet taken, in a shuffled order, draws `below(100)` and is taken when the
///    draw is below `extra_percent` and it fits.
pub fn build(model: &Model, extra_percent: u32, rng: &mut Mulberry32) -> Option<AnswerSet> {
    let mut answer = AnswerSet::new(model);
    for g in 0..model.stars() {
        if !model.gravity[g] {
            continue;
        }
        let want = if rng.below(100) < TWO_BENDS_PERCENT {
            2
        } else {
            1
        };
        let mut bent: Vec<u32> = (0..model.lines.len() as u32)
            .filter(|&l| model.lines[l as usize].bend() == Some(g as u16))
            .collect();
        rng.shuffle(&mut bent);
        let mut got = 0;
        for l in bent {
            if got == want {
                break;
            }
            if answer.fits(model, l) {
                answer.take(model, l);
                got += 1;
            }
        }
        if got == 0 {
            return None;
        }
    }
    let mut uf = UnionFind::new(model.stars());
    for l in answer.lines() {
        for w in model.lines[l as usize].stars().windows(2) {
            uf.union(usize::from(w[0]), usize::from(w[1]));
        }
    }
    let mut straight: Vec<u32> = (0..model.lines.len() as u32)
        .filter(|&l| !model.lines[l as usize].is_bent())
        .collect();
    rng.shuffle(&mut straight);
    for l in straight {
        let stars = model.lines[l as usize].stars();
        if !uf.same(usize::from(stars[0]), usize::from(stars[1])) && answer.fits(model, l) {
            uf.union(usize::from(stars[0]), usize::from(stars[1]));
            answer.take(model, l);
        }
    }
    let mut rest: Vec<u32> = (0..model.lines.len() as u32)
        .filter(|&l| !answer.taken[l as usize])
        .collect();
    rng.shuffle(&mut rest);
    for l in rest {
        if rng.below(100) < extra_percent && answer.fits(model, l) {
            answer.take(model, l);
        }
    }
    answer.is_valid(model).then_some(answer)
}
