//! The global rules of levels 6 and 7 for trial sub-runs, started from the state the trials
//! branch from instead of from nothing.
//!
//! engine_v1's loop-closure and colouring passes, and its final rule check, rebuild their
//! union-finds from every decided edge on each call. A trial decides a few edges beyond its base
//! state, so here the union-finds of the base are built once ([`Base::load`]) and each pass copies
//! them and joins only the edges the trial added. A pass's result depends on the relations it
//! ends with, not on how the union-find stores them, so every pass decides exactly what
//! engine_v1's decides on the same state: the same function, computed from a nearer start.
//!
//! The same holds for the cheaper steps inside: the edges a trial added are found by comparing
//! eight edges at a time; a clue-cell or dot constraint's effect is looked up by the pattern of
//! its nodes' roots ([`Patterns`]) instead of enumerated each time, and a dot whose sides fall in
//! three classes or more (which can force nothing) is passed over; a clue or dot can only break
//! next to an edge the trial added, if the base has none broken.
//!
//! The side union-find keeps a node's parent and parity in one word, and finds a node next to
//! its root without a call; the loops over open edges pass over eight decided edges at a time.

use crate::generator::engine_v1::logic::Logic;
use crate::grid::{Grid, NONE};
use crate::model::{NO_CLUE, OFF, ON, UNKNOWN};

/// Union-find with a parity per node (0 same, 1 different), for cells and the outside. Each
/// node is one word, its parent shifted left by one and its parity to the parent in bit 0 (a
/// root's parity is 0), so a step of `find` reads one word.
#[derive(Debug, Clone, Default)]
struct Parity {
    node: Vec<u32>,
}

impl Parity {
    fn reset(&mut self, n: usize) {
        self.node.clear();
        self.node.extend((0..n as u32).map(|x| x << 1));
    }

    /// `(root, parity of x to it)`, halving the path. A root or a node next to its root (every
    /// node of a flattened base not joined since) is answered here.
    #[inline(always)]
    fn find(&mut self, x: usize) -> (usize, u8) {
        let w = self.node[x];
        let u = (w >> 1) as usize;
        if u == x || (self.node[u] >> 1) as usize == u {
            return (u, (w & 1) as u8);
        }
        self.find_up(x)
    }

    /// [`Parity::find`] for a node two steps or more below its root.
    #[inline(never)]
    fn find_up(&mut self, mut x: usize) -> (usize, u8) {
        let mut p = 0;
        loop {
            let mut w = self.node[x];
            let u = (w >> 1) as usize;
            if u == x {
                return (x, p);
            }
            let wu = self.node[u];
            if (wu >> 1) as usize != u {
                // Point x at its grandparent.
                w = (wu & !1) | ((w ^ wu) & 1);
                self.node[x] = w;
            }
            p ^= (w & 1) as u8;
            x = (w >> 1) as usize;
        }
    }

    /// Points every node straight at its root (the same relations, shorter finds).
    fn flatten(&mut self) {
        for x in 0..self.node.len() {
            let (r, p) = self.find(x);
            self.node[x] = (r as u32) << 1 | u32::from(p);
        }
    }

    /// Adds `x ^ y == d`; false if it contradicts the relations.
    #[inline]
    fn join(&mut self, x: usize, y: usize, d: u8) -> bool {
        let (rx, px) = self.find(x);
        let (ry, py) = self.find(y);
        if rx == ry {
            return px ^ py == d;
        }
        self.node[ry] = (rx as u32) << 1 | u32::from(px ^ py ^ d);
        true
    }
}

/// Union-find over vertices joined by lines, counting lines and vertices per root.
#[derive(Debug, Clone, Default)]
struct Paths {
    up: Vec<u32>,
    lines: Vec<u32>,
    verts: Vec<u32>,
    total: u32,
}

impl Paths {
    fn reset(&mut self, n: usize) {
        self.up.clear();
        self.up.extend(0..n as u32);
        self.lines.clear();
        self.lines.resize(n, 0);
        self.verts.clear();
        self.verts.resize(n, 1);
        self.total = 0;
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.up[x] as usize != x {
            let u = self.up[x] as usize;
            self.up[x] = self.up[u];
            x = u;
        }
        x
    }

    /// True if `x` is on no line (a root without lines is a single vertex).
    #[inline]
    fn alone(&self, x: usize) -> bool {
        self.up[x] as usize == x && self.lines[x] == 0
    }

    fn line(&mut self, a: usize, b: usize) {
        self.total += 1;
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            self.lines[ra] += 1;
        } else {
            self.up[rb] = ra as u32;
            self.lines[ra] += self.lines[rb] + 1;
            self.verts[ra] += self.verts[rb];
        }
    }
}

/// The union-finds of a base state, and scratch copies for the passes over its trials.
#[derive(Debug, Clone, Default)]
pub(super) struct Base {
    /// The base state's edges.
    pub(super) st: Vec<u8>,
    sides: Parity,
    paths: Paths,
    /// Contradictory relations in the base itself (then every pass reports it).
    broken: bool,
    /// A clue or dot of the base is broken (then every trial is violated).
    locally_broken: bool,
    work_sides: Parity,
    work_paths: Paths,
    /// The clue-cell and dot constraints of the colouring pass, by pattern.
    cells: Patterns,
    dots: Patterns,
    /// Per cell its side node, then the side nodes across its four edges.
    cell_nodes: Vec<[usize; 5]>,
    /// Per dot the side nodes of its four cells.
    dot_nodes: Vec<[usize; 4]>,
    /// Per edge the side nodes of its two cells.
    edge_sides: Vec<[usize; 2]>,
}

/// Calls `f(e, now[e], was[e])` for every index `e` where the two states differ, in index
/// order, comparing eight edges at a time (a trial differs from its base in a few edges).
pub(super) fn for_each_diff(now: &[u8], was: &[u8], mut f: impl FnMut(usize, u8, u8)) {
    assert_eq!(now.len(), was.len(), "states of one grid");
    let (a, b) = (now.chunks_exact(8), was.chunks_exact(8));
    let tail = a.remainder().len();
    for (k, (x, y)) in a.zip(b).enumerate() {
        let (wx, wy) = (
            u64::from_ne_bytes(x.try_into().expect("8 bytes")),
            u64::from_ne_bytes(y.try_into().expect("8 bytes")),
        );
        if wx != wy {
            for i in 0..8 {
                if x[i] != y[i] {
                    f(8 * k + i, x[i], y[i]);
                }
            }
        }
    }
    for e in now.len() - tail..now.len() {
        if now[e] != was[e] {
            f(e, now[e], was[e]);
        }
    }
}

const _: () = assert!(UNKNOWN == 0, "next_open looks for zero bytes");

/// The first open edge of `st` at index `from` or later (`st.len()` if none), passing over
/// eight decided edges at a time (a word without a zero byte). Edges are only ever decided, so
/// a loop over the open edges in index order may decide edges as it goes.
#[inline]
fn next_open(st: &[u8], mut from: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    while from < st.len() {
        if from.is_multiple_of(8) && from + 8 <= st.len() {
            let w = u64::from_ne_bytes(st[from..from + 8].try_into().expect("8 bytes"));
            if w.wrapping_sub(ONES) & !w & (ONES << 7) == 0 {
                from += 8;
                continue;
            }
        }
        if st[from] == UNKNOWN {
            return from;
        }
        from += 1;
    }
    from
}

/// The side node of cell `c` (the outside is node `n_cells`).
#[inline]
fn side(g: &Grid, c: u32) -> usize {
    if c == NONE { g.n_cells } else { c as usize }
}

impl Base {
    /// Builds the union-finds of `logic`'s state, the base of the next trials.
    pub(super) fn load(&mut self, logic: &Logic<'_>) {
        let (g, st) = (logic.g, &logic.st[..]);
        self.locally_broken = (0..g.n_cells).any(|c| clue_broken(logic, c))
            || (0..g.n_verts).any(|v| dot_broken(logic, v));
        if self.edge_sides.len() != g.n_edges || self.cell_nodes.len() != g.n_cells {
            self.cell_nodes = (0..g.n_cells)
                .map(|c| {
                    let mut nodes = [c; 5];
                    for (k, &e) in g.cell_edges[c].iter().enumerate() {
                        let [a, b] = g.edge_cells[e as usize];
                        nodes[k + 1] = side(g, if a == c as u32 { b } else { a });
                    }
                    nodes
                })
                .collect();
            self.dot_nodes = g
                .vert_cells
                .iter()
                .map(|cells| std::array::from_fn(|q| side(g, cells[q])))
                .collect();
            self.edge_sides = g
                .edge_cells
                .iter()
                .map(|&[a, b]| [side(g, a), side(g, b)])
                .collect();
        }
        self.st.clear();
        self.st.extend_from_slice(st);
        self.sides.reset(g.n_cells + 1);
        self.paths.reset(g.n_verts);
        self.broken = false;
        for (e, &s) in st.iter().enumerate() {
            if s == UNKNOWN {
                continue;
            }
            let [a, b] = g.edge_cells[e];
            if !self.sides.join(side(g, a), side(g, b), u8::from(s == ON)) {
                self.broken = true;
            }
            if s == ON {
                let [a, b] = g.edge_verts[e];
                self.paths.line(a as usize, b as usize);
            }
        }
        self.sides.flatten();
    }

    /// The paths of `logic`'s state (a superset of the base's) in `work_paths`.
    fn paths_of(&mut self, logic: &Logic<'_>) {
        let g = logic.g;
        self.work_paths.clone_from(&self.paths);
        let paths = &mut self.work_paths;
        for_each_diff(&logic.st, &self.st, |e, now, was| {
            if now == ON && was == UNKNOWN {
                let [a, b] = g.edge_verts[e];
                paths.line(a as usize, b as usize);
            }
        });
    }

    /// Level 6 on `logic` (engine_v1's loop-closure pass): crosses every open edge that joins
    /// the two ends of one path, unless that closes the only path into an answer meeting
    /// every clue. True if an edge was decided.
    pub(super) fn loop_closure(&mut self, logic: &mut Logic<'_>) -> bool {
        let g = logic.g;
        self.paths_of(logic);
        let p = &mut self.work_paths;
        let mut any = false;
        let mut e = next_open(&logic.st, 0);
        while e < g.n_edges {
            let [a, b] = g.edge_verts[e];
            if !p.alone(a as usize) && !p.alone(b as usize) {
                let ra = p.find(a as usize);
                // Crossing edges changes neither the paths nor the lines around a cell.
                if ra == p.find(b as usize)
                    && (p.lines[ra] != p.total || !closing_completes(logic, e))
                {
                    logic.set(e, OFF);
                    any = true;
                }
            }
            e = next_open(&logic.st, e + 1);
        }
        any
    }

    /// engine_v1's `Logic::violated` on `logic`: a clue over or under its count, a dot with
    /// three lines or a dead end, or a closed loop that cannot be the whole answer.
    pub(super) fn violated(&mut self, logic: &Logic<'_>) -> bool {
        let g = logic.g;
        // A broken clue or dot stays broken as edges are decided, so a trial's can only be one
        // the base already had or one next to an edge the trial decided.
        if self.locally_broken {
            return true;
        }
        let mut broken = false;
        for_each_diff(&logic.st, &self.st, |e, _, _| {
            broken = broken
                || g.edge_cells[e]
                    .iter()
                    .any(|&c| c != NONE && clue_broken(logic, c as usize))
                || g.edge_verts[e]
                    .iter()
                    .any(|&v| dot_broken(logic, v as usize));
        });
        if broken {
            return true;
        }
        self.paths_of(logic);
        let p = &mut self.work_paths;
        for v in 0..g.n_verts {
            if p.up[v] as usize == v && p.lines[v] > 0 && p.lines[v] == p.verts[v] {
                if p.lines[v] != p.total {
                    return true;
                }
                return (0..g.n_cells).any(|c| {
                    let n = logic.clue[c];
                    n != NO_CLUE && logic.cell_counts(c).0 != n
                });
            }
        }
        false
    }

    /// Level 7 on `logic` (engine_v1's colouring pass): the relations of the decided edges,
    /// then those forced by each clue cell and each dot (in index order, once), then every open
    /// edge whose two sides are related is decided. True if an edge was decided or the
    /// relations contradict.
    pub(super) fn colouring(&mut self, logic: &mut Logic<'_>) -> bool {
        let g = logic.g;
        let uf = &mut self.work_sides;
        let (cells, dots) = (&mut self.cells, &mut self.dots);
        let edge_sides = &self.edge_sides;
        uf.clone_from(&self.sides);
        let mut broken = self.broken;
        for_each_diff(&logic.st, &self.st, |e, now, was| {
            if now != UNKNOWN && was == UNKNOWN {
                let [a, b] = edge_sides[e];
                broken |= !uf.join(a, b, u8::from(now == ON));
            }
        });
        if broken {
            logic.contradiction = true;
            return true;
        }
        for c in 0..g.n_cells {
            let n = logic.clue[c];
            if n == NO_CLUE || logic.cell_counts(c).1 == 0 {
                continue;
            }
            let nodes = &self.cell_nodes[c];
            let differ = |s: &[u8]| s[1..].iter().map(|&x| i8::from(x == 1)).sum::<i8>() == n;
            // Any number of roots may force something (a 0 forces all four sides).
            if !cells.force(uf, nodes, n as usize, 6, differ) {
                logic.contradiction = true;
                return true;
            }
        }
        for v in 0..g.n_verts {
            if logic.vert_counts(v).1 == 0 {
                continue;
            }
            let nodes = &self.dot_nodes[v];
            // Round the dot the four sides may not alternate (four lines): one assignment at
            // most is ruled out, so with three roots or more each takes both sides.
            let fine = |s: &[u8]| !(s[0] == s[2] && s[1] == s[3] && s[0] != s[1]);
            if !dots.force(uf, nodes, 0, 3, fine) {
                logic.contradiction = true;
                return true;
            }
        }
        let mut any = false;
        let mut e = next_open(&logic.st, 0);
        while e < g.n_edges {
            let [a, b] = self.edge_sides[e];
            let (ra, pa) = uf.find(a);
            let (rb, pb) = uf.find(b);
            if ra == rb {
                logic.set(e, if pa == pb { OFF } else { ON });
                any = true;
            }
            e = next_open(&logic.st, e + 1);
        }
        any
    }
}

/// A clue over or under its count at cell `c`.
fn clue_broken(logic: &Logic<'_>, c: usize) -> bool {
    let n = logic.clue[c];
    let (on, unk) = logic.cell_counts(c);
    n != NO_CLUE && (on > n || on + unk < n)
}

/// Three lines or a dead end at dot `v`.
fn dot_broken(logic: &Logic<'_>, v: usize) -> bool {
    let (on, unk) = logic.vert_counts(v);
    on > 2 || (on == 1 && unk == 0)
}

/// Whether drawing `e` would leave every clue met (the check before a closing edge is crossed).
fn closing_completes(logic: &Logic<'_>, e: usize) -> bool {
    let cells = logic.g.edge_cells[e];
    (0..logic.g.n_cells).all(|c| {
        let n = logic.clue[c];
        n == NO_CLUE || logic.cell_counts(c).0 + i8::from(cells.contains(&(c as u32))) == n
    })
}

/// What a side constraint forces among its roots, remembered by pattern: the roots of its
/// nodes (slots in order of first appearance) and each node's parity to node 0 decide it, so
/// each pattern is enumerated once and then looked up.
#[derive(Debug, Clone, Default)]
struct Patterns {
    /// Per pattern key: 0 if not yet enumerated, else [`KNOWN`], [`ALLOWED`] if some side
    /// assignment is allowed, [`FORCES`] if a relation follows, and per root slot `k >= 1` at
    /// bits `2k..2k+2` the sides (bit 0 same as root 0, bit 1 opposite) it took in the allowed
    /// assignments.
    memo: Vec<u16>,
}

/// The pattern has been enumerated.
const KNOWN: u16 = 1 << 15;
/// Some side assignment of the pattern is allowed.
const ALLOWED: u16 = 1 << 14;
/// Some root of the pattern is on one side only (a relation to add).
const FORCES: u16 = 1 << 13;

impl Patterns {
    /// Adds every relation among the roots of `nodes` that holds in all side assignments
    /// `allowed` accepts (sides relative to `nodes[0]`); false if no assignment is allowed or a
    /// forced relation contradicts. `tag` (below 4) tells apart constraints of the same shape
    /// with different `allowed`. With `free` distinct roots (or more) `allowed` is known to
    /// force nothing and allow something, so the rest of the nodes are not looked up.
    fn force(
        &mut self,
        uf: &mut Parity,
        nodes: &[usize],
        tag: usize,
        free: usize,
        allowed: impl Fn(&[u8]) -> bool,
    ) -> bool {
        // Distinct roots in order of first appearance; `of[i]` is node i's root slot.
        let mut roots = [0usize; 5];
        let mut of = [0usize; 5];
        let mut n_roots = 0;
        let mut par = [0u8; 5];
        let mut key = tag;
        for (i, &x) in nodes.iter().enumerate() {
            let (r, p) = uf.find(x);
            par[i] = p;
            of[i] = match roots[..n_roots].iter().position(|&y| y == r) {
                Some(k) => k,
                None => {
                    if n_roots + 1 == free {
                        return true;
                    }
                    roots[n_roots] = r;
                    n_roots += 1;
                    n_roots - 1
                }
            };
            if i > 0 {
                key = key << 4 | of[i] << 1 | usize::from(p ^ par[0]);
            }
        }
        if self.memo.len() <= key {
            self.memo.resize(1 << (2 + 4 * (nodes.len() - 1)), 0);
        }
        let mut found = self.memo[key];
        if found == 0 {
            found = enumerate(&of[..nodes.len()], &par[..nodes.len()], n_roots, allowed);
            self.memo[key] = found;
        }
        if found & ALLOWED == 0 {
            return false;
        }
        if found & FORCES == 0 {
            return true;
        }
        for k in 1..n_roots {
            let seen = (found >> (2 * k)) as u8 & 3;
            // Root k on one side only, relative to root 0, in every allowed assignment.
            if (seen == 1 || seen == 2) && !uf.join(roots[0], roots[k], seen >> 1) {
                return false;
            }
        }
        true
    }
}

/// Every side assignment of the roots (root 0 on side 0): what [`Patterns::force`] remembers.
fn enumerate(of: &[usize], par: &[u8], n_roots: usize, allowed: impl Fn(&[u8]) -> bool) -> u16 {
    // Bit 0 of `seen[k]`: root k was on node 0's side in an allowed assignment; bit 1: opposite.
    let mut seen = [0u8; 5];
    let mut sides = [0u8; 5];
    for bits in 0u32..1 << (n_roots - 1) {
        let root_side = |k: usize| {
            if k == 0 {
                0
            } else {
                (bits >> (k - 1)) as u8 & 1
            }
        };
        for i in 0..of.len() {
            sides[i] = root_side(of[i]) ^ par[i] ^ par[0];
        }
        if allowed(&sides[..of.len()]) {
            for (k, s) in seen.iter_mut().enumerate().take(n_roots) {
                *s |= 1 << root_side(k);
            }
        }
    }
    let mut found = KNOWN;
    if seen[0] != 0 {
        found |= ALLOWED;
    }
    for (k, &s) in seen.iter().enumerate().take(n_roots).skip(1) {
        found |= u16::from(s) << (2 * k);
        if s == 1 || s == 2 {
            found |= FORCES;
        }
    }
    found
}
