//! The uniqueness solver: propagation plus branching, counting solutions up to a limit under a
//! node [`Budget`].
//!
//! Edge states live in a `u8` array; cell and vertex counters are kept incrementally; every change
//! is pushed on a trail and undone on backtrack, so the search loop allocates nothing. Rules:
//! clue counts, vertex degree 0 or 2, and loop closure: path ends are tracked with a `mate` array
//! (each path end knows its other end and the path's length), so closing a loop is allowed only
//! when the path holds every line drawn (then every other edge is crossed and clues are checked),
//! and an open edge joining the two ends of a path is crossed early when other lines exist.
//! Two cheap extras prune hard: corner-pair reasoning at every clue's corners (how many lines
//! a corner's two edges hold, linked through the vertex and the opposite corner), and parity (a
//! row of vertical edges, or a column of horizontal ones, crosses a closed loop an even number of
//! times).

use dayseed_core::{Budget, Count};

use super::pairsum::{cflip, edge_options, pair_mask, vflip};
use crate::grid::{CORNER_QUADRANT, Grid, NONE};
use crate::model::{NO_CLUE, OFF, ON, UNKNOWN};

#[derive(Debug, Clone, Copy)]
struct Entry {
    edge: u32,
    /// 0: no join recorded, 1: two paths joined, 2: the loop was closed.
    join: u8,
    ea: u32,
    eb: u32,
    mate_ea: u32,
    mate_eb: u32,
    len_ea: u32,
    len_eb: u32,
}

/// A search over one puzzle. Reusable: [`Solver::count`] starts from the givens each time.
#[derive(Debug, Clone)]
pub struct Solver<'g> {
    g: &'g Grid,
    clue: Vec<i8>,
    st: Vec<u8>,
    cell_on: Vec<u8>,
    cell_off: Vec<u8>,
    vert_on: Vec<u8>,
    vert_off: Vec<u8>,
    /// Lines and open edges per parity line: rows of vertical edges, then columns of
    /// horizontal edges.
    line_on: Vec<u16>,
    line_unk: Vec<u16>,
    mate: Vec<u32>,
    plen: Vec<u32>,
    n_on: u32,
    n_unknown: u32,
    closed: bool,
    trail: Vec<Entry>,
    queue: Vec<u32>,
    /// With [`Solver::for_proofs`]: whether a cell, vertex or parity line is in `queue`.
    queued: Vec<bool>,
    /// [`Solver::for_proofs`] is set.
    once: bool,
    pending_off: Vec<u32>,
    probing: bool,
}

/// Node budget of the plain search tried before probing search.
pub const PLAIN_NODES: u64 = 4_000;

/// The result of a count: how many solutions, and the first one found (edge states).
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The bounded count.
    pub count: Count,
    /// The first solution found, as edge states ([`ON`]/[`OFF`]).
    pub first: Option<Vec<u8>>,
}

impl<'g> Solver<'g> {
    /// A solver for `clues` (one per cell, [`NO_CLUE`] where empty) on grid `g`.
    pub fn new(g: &'g Grid, clues: &[i8]) -> Solver<'g> {
        Solver {
            g,
            clue: clues.to_vec(),
            st: vec![UNKNOWN; g.n_edges],
            cell_on: vec![0; g.n_cells],
            cell_off: vec![0; g.n_cells],
            vert_on: vec![0; g.n_verts],
            vert_off: vec![0; g.n_verts],
            line_on: vec![0; g.h + g.w],
            line_unk: (0..g.h + g.w)
                .map(|i| {
                    if i < g.h {
                        g.w as u16 + 1
                    } else {
                        g.h as u16 + 1
                    }
                })
                .collect(),
            mate: (0..g.n_verts as u32).collect(),
            plen: vec![0; g.n_verts],
            n_on: 0,
            n_unknown: g.n_edges as u32,
            closed: false,
            trail: Vec::with_capacity(g.n_edges),
            queue: Vec::with_capacity(6 * g.n_edges + g.n_verts),
            queued: Vec::new(),
            once: false,
            pending_off: Vec::with_capacity(g.n_edges),
            probing: false,
        }
    }

    /// The settings for proving generated boards unique: each cell, vertex and parity line is
    /// queued at most once at a time, and the search branches on an open edge of the clue cell
    /// with the fewest open edges first. The same counts as the default with far less work on
    /// generated boards, but other search nodes (so a budget may end elsewhere); the default,
    /// used by the deep-trial level and by solve reports, keeps its search and node counts.
    pub fn for_proofs(mut self) -> Solver<'g> {
        self.once = true;
        self.queued = vec![false; self.g.n_cells + self.g.n_verts + self.g.w + self.g.h];
        self
    }

    /// Queues a cell, vertex or parity line.
    #[inline]
    fn enqueue(&mut self, x: u32) {
        if self.once {
            if self.queued[x as usize] {
                return;
            }
            self.queued[x as usize] = true;
        }
        self.queue.push(x);
    }

    /// Empties the queue.
    fn clear_queue(&mut self) {
        if self.once {
            for &x in &self.queue {
                self.queued[x as usize] = false;
            }
        }
        self.queue.clear();
    }

    /// Replaces the clues (same grid), resetting the search.
    pub fn set_clues(&mut self, clues: &[i8]) {
        self.undo_to(0);
        self.clue.copy_from_slice(clues);
    }

    /// The parity line of an edge: its row (vertical edges) or `H +` its column (horizontal).
    #[inline]
    fn line_of(&self, e: usize) -> usize {
        if e >= self.g.n_h {
            (e - self.g.n_h) / (self.g.w + 1)
        } else {
            self.g.h + e % self.g.w
        }
    }

    #[inline]
    fn state(&self, e: u32) -> u8 {
        if e == NONE { OFF } else { self.st[e as usize] }
    }

    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let Some(t) = self.trail.pop() else { break };
            let e = t.edge as usize;
            let val = self.st[e];
            self.st[e] = UNKNOWN;
            self.n_unknown += 1;
            let line = self.line_of(e);
            self.line_unk[line] += 1;
            if val == ON {
                self.line_on[line] -= 1;
            }
            let [c0, c1] = self.g.edge_cells[e];
            let [v0, v1] = self.g.edge_verts[e];
            if val == ON {
                self.n_on -= 1;
                for c in [c0, c1] {
                    if c != NONE {
                        self.cell_on[c as usize] -= 1;
                    }
                }
                self.vert_on[v0 as usize] -= 1;
                self.vert_on[v1 as usize] -= 1;
                match t.join {
                    1 => {
                        self.mate[t.eb as usize] = t.mate_eb;
                        self.plen[t.eb as usize] = t.len_eb;
                        self.mate[t.ea as usize] = t.mate_ea;
                        self.plen[t.ea as usize] = t.len_ea;
                    }
                    2 => self.closed = false,
                    _ => {}
                }
            } else {
                for c in [c0, c1] {
                    if c != NONE {
                        self.cell_off[c as usize] -= 1;
                    }
                }
                self.vert_off[v0 as usize] -= 1;
                self.vert_off[v1 as usize] -= 1;
            }
        }
    }

    /// Sets edge `e`; false on an immediate contradiction (the change is still on the trail).
    fn set(&mut self, e: usize, val: u8) -> bool {
        let cur = self.st[e];
        if cur != UNKNOWN {
            return cur == val;
        }
        self.st[e] = val;
        self.n_unknown -= 1;
        let line = self.line_of(e);
        self.line_unk[line] -= 1;
        if val == ON {
            self.line_on[line] += 1;
        }
        let [c0, c1] = self.g.edge_cells[e];
        let [a, b] = self.g.edge_verts[e];
        let (a, b) = (a as usize, b as usize);
        let mut entry = Entry {
            edge: e as u32,
            join: 0,
            ea: 0,
            eb: 0,
            mate_ea: 0,
            mate_eb: 0,
            len_ea: 0,
            len_eb: 0,
        };
        for c in [c0, c1] {
            if c != NONE {
                self.enqueue(c);
            }
        }
        let nc = self.g.n_cells as u32;
        self.enqueue(nc + a as u32);
        self.enqueue(nc + b as u32);
        self.enqueue(nc + self.g.n_verts as u32 + line as u32);
        if val == OFF {
            for c in [c0, c1] {
                if c != NONE {
                    self.cell_off[c as usize] += 1;
                }
            }
            self.vert_off[a] += 1;
            self.vert_off[b] += 1;
            self.trail.push(entry);
            return true;
        }
        self.n_on += 1;
        for c in [c0, c1] {
            if c != NONE {
                self.cell_on[c as usize] += 1;
            }
        }
        self.vert_on[a] += 1;
        self.vert_on[b] += 1;
        if self.vert_on[a] > 2 || self.vert_on[b] > 2 {
            self.trail.push(entry);
            return false;
        }
        let ea = self.mate[a] as usize;
        let eb = self.mate[b] as usize;
        if ea == b {
            // Closing a loop: allowed only if the path holds every line.
            let ok = self.n_on == self.plen[a] + 1;
            if ok {
                self.closed = true;
                entry.join = 2;
            }
            self.trail.push(entry);
            return ok;
        }
        entry.join = 1;
        entry.ea = ea as u32;
        entry.eb = eb as u32;
        entry.mate_ea = self.mate[ea];
        entry.mate_eb = self.mate[eb];
        entry.len_ea = self.plen[ea];
        entry.len_eb = self.plen[eb];
        let len = self.plen[a] + self.plen[b] + 1;
        self.mate[ea] = eb as u32;
        self.mate[eb] = ea as u32;
        self.plen[ea] = len;
        self.plen[eb] = len;
        self.trail.push(entry);
        if self.n_on != len
            && let Some(f) = self.g.edge_between(ea, eb)
            && self.st[f] == UNKNOWN
        {
            self.pending_off.push(f as u32);
        }
        true
    }

    /// Runs the rules to a fixpoint; false on contradiction (queues are cleared either way).
    fn propagate(&mut self) -> bool {
        let ok = self.propagate_inner();
        self.clear_queue();
        self.pending_off.clear();
        ok
    }

    fn propagate_inner(&mut self) -> bool {
        let nc = self.g.n_cells as u32;
        loop {
            while let Some(f) = self.pending_off.pop() {
                if !self.set(f as usize, OFF) {
                    return false;
                }
            }
            let Some(x) = self.queue.pop() else {
                if self.closed && self.n_unknown > 0 {
                    for e in 0..self.g.n_edges {
                        if self.st[e] == UNKNOWN && !self.set(e, OFF) {
                            return false;
                        }
                    }
                    continue;
                }
                return true;
            };
            if self.once {
                self.queued[x as usize] = false;
            }
            let nv = self.g.n_verts as u32;
            if x >= nc + nv {
                if !self.parity((x - nc - nv) as usize) {
                    return false;
                }
                continue;
            }
            if x < nc {
                let c = x as usize;
                let n = self.clue[c];
                if n == NO_CLUE {
                    continue;
                }
                for k in 0..4 {
                    if !self.corner(c, k) {
                        return false;
                    }
                }
                let on = self.cell_on[c] as i8;
                let unk = 4 - on - self.cell_off[c] as i8;
                if on > n || on + unk < n {
                    return false;
                }
                if unk > 0 && (on == n || on + unk == n) {
                    let val = if on == n { OFF } else { ON };
                    for k in 0..4 {
                        let e = self.g.cell_edges[c][k] as usize;
                        if self.st[e] == UNKNOWN && !self.set(e, val) {
                            return false;
                        }
                    }
                }
            } else {
                let v = (x - nc) as usize;
                let on = self.vert_on[v];
                let unk = self.g.vert_degree[v] - on - self.vert_off[v];
                if on == 1 && unk == 0 {
                    return false;
                }
                let val = match (on, unk) {
                    (2, 1..) => OFF,
                    (1, 1) => ON,
                    (0, 1) => OFF,
                    _ => UNKNOWN,
                };
                if val != UNKNOWN {
                    for k in 0..4 {
                        let e = self.g.vert_edges[v][k];
                        if e != NONE && self.st[e as usize] == UNKNOWN && !self.set(e as usize, val)
                        {
                            return false;
                        }
                    }
                }
                for q in 0..4 {
                    let c = self.g.vert_cells[v][q];
                    if c != NONE
                        && self.clue[c as usize] != NO_CLUE
                        && !self.corner(c as usize, (q + 2) % 4)
                    {
                        return false;
                    }
                }
            }
        }
    }

    /// Parity of line `i`: a closed loop crosses it an even number of times.
    fn parity(&mut self, i: usize) -> bool {
        let unk = self.line_unk[i];
        let odd = self.line_on[i] % 2 == 1;
        if unk == 0 {
            return !odd;
        }
        if unk > 1 {
            return true;
        }
        let g = self.g;
        let edges: Box<dyn Iterator<Item = usize>> = if i < g.h {
            Box::new((0..=g.w).map(move |c| g.v_edge(i, c)))
        } else {
            Box::new((0..=g.h).map(move |r| g.h_edge(r, i - g.h)))
        };
        for e in edges {
            if self.st[e] == UNKNOWN {
                return self.set(e, if odd { ON } else { OFF });
            }
        }
        true
    }

    /// Forces the edges of pair `(a, b)` to sums in `m`; false on contradiction.
    fn force_pair(&mut self, pair: [u32; 2], m: u8) -> bool {
        for k in 0..2 {
            let (e, o) = (pair[k], pair[1 - k]);
            if e == NONE || self.st[e as usize] != UNKNOWN {
                continue;
            }
            let ok = match edge_options(m, self.state(o)) {
                (false, false) => false,
                (false, true) => self.set(e as usize, ON),
                (true, false) => self.set(e as usize, OFF),
                (true, true) => true,
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// Corner-pair reasoning at corner `k` of clue cell `c`; false on contradiction.
    fn corner(&mut self, c: usize, k: usize) -> bool {
        let g = self.g;
        let n = self.clue[c];
        let v = g.cell_verts[c][k] as usize;
        let q = CORNER_QUADRANT[k];
        let p = g.quadrant(v, q);
        let qq = g.quadrant(v, (q + 2) % 4);
        let vo = g.cell_verts[c][(k + 2) % 4] as usize;
        let r = g.quadrant(vo, CORNER_QUADRANT[(k + 2) % 4]);
        let mp = pair_mask(self.state(p[0]), self.state(p[1]));
        let mq = pair_mask(self.state(qq[0]), self.state(qq[1]));
        let mr = pair_mask(self.state(r[0]), self.state(r[1]));
        let ap = mp & cflip(mr, n) & vflip(mq);
        if ap == 0 {
            return false;
        }
        let ar = mr & cflip(ap, n);
        let aq = mq & vflip(ap);
        (ap == mp || self.force_pair(p, ap))
            && (ar == mr || self.force_pair(r, ar))
            && (aq == mq || self.force_pair(qq, aq))
    }

    /// The edge to branch on: an open edge at the path end with the fewest open edges (two is a
    /// binary choice), else an open edge of the clue cell with the fewest open edges, else the
    /// first open edge. [`Solver::for_proofs`] tries the clue cell first.
    fn choose(&self) -> Option<usize> {
        let g = self.g;
        if self.once {
            let mut best = (i8::MAX, usize::MAX);
            for c in 0..g.n_cells {
                let n = self.clue[c];
                if n == NO_CLUE {
                    continue;
                }
                let unk = 4 - (self.cell_on[c] + self.cell_off[c]) as i8;
                if unk > 0 && unk < best.0 {
                    best = (unk, c);
                }
            }
            if best.1 != usize::MAX {
                return g.cell_edges[best.1]
                    .iter()
                    .find(|&&e| self.st[e as usize] == UNKNOWN)
                    .map(|&e| e as usize);
            }
        }
        let mut best = (u8::MAX, NONE);
        for v in 0..g.n_verts {
            if self.vert_on[v] != 1 {
                continue;
            }
            let unk = g.vert_degree[v] - 1 - self.vert_off[v];
            if unk < best.0 {
                best = (unk, v as u32);
                if unk <= 2 {
                    break;
                }
            }
        }
        if best.1 != NONE {
            let v = best.1 as usize;
            return g.vert_edges[v]
                .iter()
                .find(|&&e| e != NONE && self.st[e as usize] == UNKNOWN)
                .map(|&e| e as usize);
        }
        let mut best = (i8::MAX, usize::MAX);
        for c in 0..g.n_cells {
            let n = self.clue[c];
            if n == NO_CLUE {
                continue;
            }
            let unk = 4 - (self.cell_on[c] + self.cell_off[c]) as i8;
            if unk > 0 && unk < best.0 {
                best = (unk, c);
            }
        }
        if best.1 != usize::MAX {
            return g.cell_edges[best.1]
                .iter()
                .find(|&&e| self.st[e as usize] == UNKNOWN)
                .map(|&e| e as usize);
        }
        self.st.iter().position(|&s| s == UNKNOWN)
    }

    /// Counts solutions up to `limit` (at least 1) within `budget`, keeping the first found.
    ///
    /// A plain search runs first with at most [`PLAIN_NODES`] nodes; if it does not settle the
    /// count, the search restarts with probing at every node (each open edge is tried both ways
    /// and a refuted value fixes the other), which stops the thrashing of big boards.
    pub fn count(&mut self, limit: u64, budget: &mut Budget) -> Outcome {
        let mut plain = Budget::new(PLAIN_NODES.min(budget.remaining()));
        let out = self.count_from(&[], limit, &mut plain);
        budget.spend_n(plain.spent());
        if out.count != Count::BudgetExhausted || budget.is_exhausted() {
            return out;
        }
        self.probing = true;
        let out = self.count_from(&[], limit, budget);
        self.probing = false;
        out
    }

    /// Sets `e` and propagates; on failure the queues are cleared (the trail still holds the
    /// partial change for the caller to undo).
    fn assign(&mut self, e: usize, val: u8) -> bool {
        if self.set(e, val) && self.propagate() {
            return true;
        }
        self.clear_queue();
        self.pending_off.clear();
        false
    }

    /// Failed-literal probing to a fixpoint; false on contradiction. Spends one node per probe.
    fn probe(&mut self, budget: &mut Budget) -> Result<bool, ()> {
        loop {
            let mut changed = false;
            for e in 0..self.g.n_edges {
                if self.st[e] != UNKNOWN {
                    continue;
                }
                if !budget.spend() {
                    return Err(());
                }
                for val in [ON, OFF] {
                    let mark = self.trail.len();
                    let ok = self.assign(e, val);
                    self.undo_to(mark);
                    if !ok {
                        if !self.assign(e, if val == ON { OFF } else { ON }) {
                            return Ok(false);
                        }
                        changed = true;
                        break;
                    }
                }
            }
            if !changed {
                return Ok(true);
            }
        }
    }

    /// Like [`Solver::count`] with some edges fixed first (`(edge, ON/OFF)`).
    pub fn count_from(
        &mut self,
        fixed: &[(usize, u8)],
        limit: u64,
        budget: &mut Budget,
    ) -> Outcome {
        self.undo_to(0);
        let mut found = 0u64;
        let mut first = None;
        let result = self.search(fixed, limit.max(1), budget, &mut found, &mut first);
        self.undo_to(0);
        let count = match result {
            Err(()) => Count::BudgetExhausted,
            Ok(()) if found >= limit.max(1) => Count::AtLeast(found),
            Ok(()) => Count::Exactly(found),
        };
        Outcome { count, first }
    }

    fn search(
        &mut self,
        fixed: &[(usize, u8)],
        limit: u64,
        budget: &mut Budget,
        found: &mut u64,
        first: &mut Option<Vec<u8>>,
    ) -> Result<(), ()> {
        for c in 0..self.g.n_cells {
            self.enqueue(c as u32);
        }
        let nc = self.g.n_cells as u32;
        for v in 0..self.g.n_verts {
            self.enqueue(nc + v as u32);
        }
        let nv = self.g.n_verts as u32;
        for i in 0..(self.g.w + self.g.h) as u32 {
            self.enqueue(nc + nv + i);
        }
        for &(e, val) in fixed {
            if !self.set(e, val) {
                self.clear_queue();
                self.pending_off.clear();
                return Ok(());
            }
        }
        if !self.propagate() {
            return Ok(());
        }
        self.dfs(limit, budget, found, first)
    }

    /// Sets `fixed` and propagates, as [`Solver::count_from`] starts; false on contradiction.
    /// [`Solver::count_assuming`] then searches from this state.
    pub fn prepare(&mut self, fixed: &[(usize, u8)]) -> bool {
        self.undo_to(0);
        for c in 0..self.g.n_cells {
            self.enqueue(c as u32);
        }
        let nc = self.g.n_cells as u32;
        for v in 0..self.g.n_verts {
            self.enqueue(nc + v as u32);
        }
        let nv = self.g.n_verts as u32;
        for i in 0..(self.g.w + self.g.h) as u32 {
            self.enqueue(nc + nv + i);
        }
        for &(e, val) in fixed {
            if !self.set(e, val) {
                self.clear_queue();
                self.pending_off.clear();
                return false;
            }
        }
        self.propagate()
    }

    /// [`Solver::count_from`] with `fixed` plus `(e, val)`, resumed from the state
    /// [`Solver::prepare`] left for `fixed` (and left there again). Propagation reaches the same
    /// fixpoint in any order, so the search and its node count are those of `count_from`.
    pub fn count_assuming(
        &mut self,
        e: usize,
        val: u8,
        limit: u64,
        budget: &mut Budget,
    ) -> Outcome {
        let mark = self.trail.len();
        let mut found = 0u64;
        let mut first = None;
        let result = if self.set(e, val) && self.propagate() {
            self.dfs(limit.max(1), budget, &mut found, &mut first)
        } else {
            self.clear_queue();
            self.pending_off.clear();
            Ok(())
        };
        self.undo_to(mark);
        let count = match result {
            Err(()) => Count::BudgetExhausted,
            Ok(()) if found >= limit.max(1) => Count::AtLeast(found),
            Ok(()) => Count::Exactly(found),
        };
        Outcome { count, first }
    }

    /// The search below the current state.
    fn dfs(
        &mut self,
        limit: u64,
        budget: &mut Budget,
        found: &mut u64,
        first: &mut Option<Vec<u8>>,
    ) -> Result<(), ()> {
        // Frames: (edge, trail mark, second value tried).
        let mut stack: Vec<(u32, u32, bool)> = Vec::with_capacity(self.g.n_edges);
        'node: loop {
            if !budget.spend() {
                return Err(());
            }
            let choice = if self.probing && !self.probe(budget)? {
                Err(())
            } else {
                Ok(self.choose())
            };
            match choice {
                Err(()) => {}
                Ok(None) => {
                    if self.closed {
                        *found += 1;
                        if first.is_none() {
                            *first = Some(self.st.clone());
                        }
                        if *found >= limit {
                            return Ok(());
                        }
                    }
                }
                Ok(Some(e)) => {
                    stack.push((e as u32, self.trail.len() as u32, false));
                    if self.set(e, ON) && self.propagate() {
                        continue 'node;
                    }
                    self.clear_queue();
                    self.pending_off.clear();
                }
            }
            // Backtrack to the next untried alternative.
            loop {
                let Some(top) = stack.last_mut() else {
                    return Ok(());
                };
                let (e, mark, second) = *top;
                self.undo_to(mark as usize);
                if second {
                    stack.pop();
                    continue;
                }
                top.2 = true;
                if self.set(e as usize, OFF) && self.propagate() {
                    continue 'node;
                }
                self.clear_queue();
                self.pending_off.clear();
            }
        }
    }
}

/// Counts solutions of `clues` on `g` up to `limit` within `budget`.
pub fn count_solutions(g: &Grid, clues: &[i8], limit: u64, budget: &mut Budget) -> Outcome {
    Solver::new(g, clues).count(limit, budget)
}
