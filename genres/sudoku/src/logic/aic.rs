//! Forcing chains and bidirectional cycles on candidates, rated as Sukaku Explainer (SE) rates
//! its "forcing chains & cycles" ([`LADDER_V2`](crate::generator::ladder_v2) and later).
//!
//! A chain alternates implications between candidates: "holds" implies that its peers with
//! the same digit and (when Y links are allowed) the other digits of its cell do not hold (weak
//! links); "does not hold" implies that the other digit of a two-candidate cell holds (a Y link)
//! or that the other place of the digit in a unit where it has two places holds (an X link). If
//! assuming a candidate leads through such a chain to its own negation, it is removed; if
//! denying it leads to it, it is placed. A bidirectional cycle is a loop of such implications
//! back to the candidate it starts from: it holds read either way, so of the two ends of each
//! of its links one is true, and a candidate outside the loop that sees a "holds" and a "does
//! not hold" candidate of its digit in the loop is removed. This covers X-chains, XY-chains,
//! alternating inference chains, X-cycles and XY loops (remote pairs).
//!
//! Like SE, the search runs in three modes: X links only, Y links only (loops only, from a
//! two-candidate cell: SE has no Y-only forcing chain, so an XY-chain is a chain of the mixed
//! mode), then both. Rating by mode: a loop 6.5 (X or Y only) or 7.0 (both), a chain 6.6
//! (X only) or 7.0 (both), plus SE's length increment: with `n` candidates in the chain or
//! loop (a loop's start counted once), 0.1 for every threshold 4, 6, 8, 12, 16, 24, 32, ...
//! (each the previous times 3/2, then 4/3, alternately) that `n - 2` exceeds. As SE sorts its
//! hints, the lowest rating wins, then the fewest candidates, then the first found (X, Y, both;
//! in grid order; loops before chains).

use super::candidates::{
    Bits, Grid, PEER_BITS, UNITS, bit, cell_name, cells_of, col, digits_of, row,
};
use super::technique::{DigitRung, Finding, Memo};

/// SE's length increment for a chain of `nodes` candidates (see the module docs).
pub(crate) fn length_increment(nodes: usize) -> f64 {
    let length = nodes.saturating_sub(2);
    let mut ceil = 4usize;
    let mut added = 0.0;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The most candidates a chain may have (a bound on the search; SE's chains in the bank stay
/// far below it).
const MAX_NODES: u8 = 40;

/// Which strong links a search may use.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    X,
    Y,
    Both,
}

/// A state: candidate (cell * 9 + digit - 1) times 2, plus 1 for "holds".
type State = usize;

fn state(c: usize, d: u8, on: bool) -> State {
    (c * 9 + d as usize - 1) * 2 + usize::from(on)
}

fn cell_of(s: State) -> usize {
    s / 18
}

fn digit_of(s: State) -> u8 {
    ((s / 2) % 9 + 1) as u8
}

/// The candidates' states in increasing order.
fn candidate_states(g: &Grid) -> impl Iterator<Item = State> + '_ {
    (0..81).flat_map(|c| {
        super::candidates::digits_of(g.cand[c])
            .flat_map(move |d| [state(c, d, false), state(c, d, true)])
    })
}

/// The number of states.
const STATES: usize = 1458;

/// Tables shared by every search on one grid (the dynamic chains' static implications too).
#[derive(Clone, Debug)]
pub(super) struct Links {
    /// Cells holding each digit as a candidate.
    pub(super) digit: [Bits; 10],
    /// The implications of every state with both kinds of links, in [`Links::tabulate`]'s order
    /// (built once, as every search follows them many times): those of state `s` are
    /// `next[start[s]..start[s + 1]]`.
    start: Vec<u32>,
    next: Vec<u16>,
}

impl Links {
    pub(super) fn new(g: &Grid) -> Links {
        Links {
            digit: g.digits_bits(),
            start: Vec::with_capacity(STATES + 1),
            next: Vec::new(),
        }
    }

    /// The tables of `g` tabulated in `Both` mode, kept in `memo` for the next rung on the same
    /// grid: they read nothing but the candidates, so equal candidates give equal tables.
    pub(super) fn both(g: &Grid, memo: &mut Memo) -> Links {
        if let Some((cand, links)) = &memo.links
            && *cand == g.cand
        {
            return links.clone();
        }
        let mut links = Links::new(g);
        links.tabulate(g);
        memo.links = Some((g.cand, links.clone()));
        links
    }

    /// Tabulates the implications of every candidate's two states with both kinds of links (a
    /// state that is not a candidate is never reached and has none): first those on its own
    /// cell (the Y links), then those on its digit (the X links; see [`View`]), each part in
    /// SE's order: the cell's own candidates, then the box, the row and the column.
    pub(super) fn tabulate(&mut self, g: &Grid) {
        let mut next = std::mem::take(&mut self.next);
        next.clear();
        // Room for every implication up front (a "holds" state has at most 8 on its cell and
        // 20 on its digit, a "does not hold" state at most 4): grown push by push, the table
        // was reallocated a dozen times.
        let cands: u32 = g.cand.iter().map(|m| m.count_ones()).sum();
        next.reserve(cands as usize * 32);
        // Per digit and unit, the digit's places in the unit (bit i: the unit's i-th cell).
        let mut places = [[0u16; 27]; 10];
        for (u, cells) in UNITS.iter().enumerate() {
            for (i, &c) in cells.iter().enumerate() {
                for d in digits_of(g.cand[c as usize]) {
                    places[d as usize][u] |= 1 << i;
                }
            }
        }
        self.start.clear();
        for c in 0..81 {
            let (r, k, b) = (row(c), col(c), super::candidates::box_of(c));
            // `c`'s place in its box, and the places of its box's cells in its row and column.
            let in_box = (r % 3) * 3 + k % 3;
            let (box_cols, box_rows) = (7u16 << (k / 3 * 3), 7u16 << (r / 3 * 3));
            let two = g.cand[c].count_ones() == 2;
            for d in digits_of(g.cand[c]) {
                let p = &places[d as usize];
                let s = state(c, d, false);
                self.start.resize(s + 1, next.len() as u32);
                // "Does not hold": the other candidate of a two-candidate cell, then the other
                // place of the digit in each unit where it has two.
                if two {
                    let e = (g.cand[c] & !(1 << d)).trailing_zeros() as u8;
                    next.push(state(c, e, true) as u16);
                }
                for (u, i) in [(18 + b, in_box), (r, k), (9 + k, r)] {
                    let m = p[u] & !(1 << i);
                    if m != 0 && m & (m - 1) == 0 {
                        next.push(
                            state(UNITS[u][m.trailing_zeros() as usize] as usize, d, true) as u16,
                        );
                    }
                }
                // "Holds": the cell's other candidates, then the digit's other places in the box,
                // in the row outside the box, in the column outside the box.
                self.start.push(next.len() as u32);
                for e in digits_of(g.cand[c] & !(1 << d)) {
                    next.push(state(c, e, false) as u16);
                }
                for i in bits(p[18 + b] & !(1 << in_box)) {
                    next.push(state(UNITS[18 + b][i] as usize, d, false) as u16);
                }
                for i in bits(p[r] & !box_cols) {
                    next.push(state(r * 9 + i, d, false) as u16);
                }
                for i in bits(p[9 + k] & !box_rows) {
                    next.push(state(i * 9 + k, d, false) as u16);
                }
            }
        }
        self.start.resize(STATES + 1, next.len() as u32);
        self.next = next;
    }

    /// The implications of `s`.
    pub(super) fn of(&self, s: State) -> &[u16] {
        &self.next[self.start[s] as usize..self.start[s + 1] as usize]
    }
}

/// The set bits of a nine-bit mask, lowest first.
fn bits(mut m: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// The implications one search mode allows, as part of each state's in a [`Links`] table:
/// [`Links::tabulate`] lists a state's implications on its own cell first (a "holds" state's weak
/// links to the cell's other candidates, a "does not hold" state's Y link), then those on its
/// digit (weak links to its peers, X links). X links only keep the second part; Y links only
/// keep all of a "holds" state's and the first part of a "does not hold" state's (SE's rule).
struct View<'a> {
    links: &'a Links,
    /// Per state, its implications in `links.next` (sliced once per mode, not per step).
    range: Vec<&'a [u16]>,
}

impl<'a> View<'a> {
    /// A view of `links`, to be set to a mode.
    fn new(links: &'a Links) -> View<'a> {
        View {
            links,
            // States that are not candidates are never reached: left empty.
            range: vec![&[]; STATES],
        }
    }

    /// Sets the view to `mode` for the candidates of `digits` (`g` is the grid `links` was
    /// tabulated on; the other states keep what they had).
    fn set(&mut self, g: &Grid, mode: Mode, digits: u16) {
        let (start, next) = (&self.links.start, &self.links.next);
        for c in 0..81 {
            // A "holds" state's implications on its cell are the cell's other candidates; a
            // "does not hold" state has one there if the cell has two candidates.
            let n = g.cand[c].count_ones() as usize;
            for d in digits_of(g.cand[c] & digits) {
                // The cell's "does not hold" state, then its "holds" state.
                let s = state(c, d, false);
                let (off, on, end) = (
                    start[s] as usize,
                    start[s + 1] as usize,
                    start[s + 2] as usize,
                );
                let (off, on) = match mode {
                    Mode::X => (off + usize::from(n == 2)..on, on + n - 1..end),
                    Mode::Y => (off..off + usize::from(n == 2), on..end),
                    Mode::Both => (off..on, on..end),
                };
                self.range[s] = &next[off];
                self.range[s + 1] = &next[on];
            }
        }
    }

    /// The implications of `s` in the view's mode.
    fn of(&self, s: State) -> &'a [u16] {
        self.range[s]
    }
}

/// Reachability between states in one mode, by strongly connected component (Tarjan's
/// algorithm; components are completed sinks first, so a component's successors are done
/// before it).
#[derive(Debug)]
pub(super) struct Reach {
    /// The component of each state.
    comp: Vec<u16>,
    /// Per component: the components it reaches (itself included), `words` words each.
    reach: Vec<u64>,
    words: usize,
    /// Per component: its number of states.
    sizes: Vec<u16>,
}

impl Reach {
    /// The components of the candidates' states with both kinds of links (no implication leads
    /// to another state).
    fn new(g: &Grid, links: &Links) -> Reach {
        const NONE: u16 = u16::MAX;
        let (start, next) = (&links.start[..], &links.next[..]);
        // Depth-first order, from 1 (0: not reached yet), and the lowest order reachable.
        let mut index = vec![0u16; STATES];
        let mut low = vec![0u16; STATES];
        // Sized for every state up front: grown push by push, they cost more than the search.
        let mut stack: Vec<u16> = Vec::with_capacity(STATES);
        let mut comp = vec![NONE; STATES];
        // The states of each component, component after component (in completion order).
        let mut members: Vec<u16> = Vec::with_capacity(STATES);
        let mut sizes: Vec<u16> = Vec::with_capacity(STATES);
        let mut order = 0u16;
        // The depth-first path above the current state: each state and its next implication's
        // place in `next`.
        let mut calls: Vec<(usize, usize)> = Vec::with_capacity(STATES);
        for root in candidate_states(g) {
            if index[root] != 0 {
                continue;
            }
            order += 1;
            index[root] = order;
            low[root] = order;
            stack.push(root as u16);
            let (mut v, mut at) = (root, start[root] as usize);
            'dfs: loop {
                while at < start[v + 1] as usize {
                    let w = next[at] as usize;
                    at += 1;
                    if index[w] == 0 {
                        calls.push((v, at));
                        order += 1;
                        index[w] = order;
                        low[w] = order;
                        stack.push(w as u16);
                        (v, at) = (w, start[w] as usize);
                        continue 'dfs;
                    }
                    if comp[w] == NONE {
                        // Reached and in no component yet: on the stack.
                        low[v] = low[v].min(index[w]);
                    }
                }
                if low[v] == index[v] {
                    let k = sizes.len() as u16;
                    let from = members.len();
                    while let Some(w) = stack.pop() {
                        comp[w as usize] = k;
                        members.push(w);
                        if w as usize == v {
                            break;
                        }
                    }
                    let size = members.len() - from;
                    sizes.push(size as u16);
                }
                let Some((u, pos)) = calls.pop() else {
                    break;
                };
                low[u] = low[u].min(low[v]);
                (v, at) = (u, pos);
            }
        }
        // Each component's reach, one bit per component: its successors are completed before
        // it, so one pass in completion order closes the relation.
        let words = sizes.len().div_ceil(64);
        let mut reach = vec![0u64; sizes.len() * words];
        let mut at = 0;
        for (k, &size) in sizes.iter().enumerate() {
            let size = size as usize;
            let row = k * words;
            reach[row + k / 64] |= 1 << (k % 64);
            for &w in &members[at..at + size] {
                for &x in links.of(w as usize) {
                    let cx = comp[x as usize] as usize;
                    // A component already in the row came with all it reaches: every row
                    // merged so far is closed, and so is this one's with them.
                    if reach[row + cx / 64] & (1 << (cx % 64)) == 0 {
                        let (done, this) = reach.split_at_mut(row);
                        for (r, &q) in this[..words].iter_mut().zip(&done[cx * words..][..words]) {
                            *r |= q;
                        }
                    }
                }
            }
            at += size;
        }
        Reach {
            comp,
            reach,
            words,
            sizes,
        }
    }

    /// True if `b` can follow from `a` through implications.
    fn reaches(&self, a: State, b: State) -> bool {
        let (ca, cb) = (self.comp[a] as usize, self.comp[b] as usize);
        self.reach[ca * self.words + cb / 64] & (1 << (cb % 64)) != 0
    }

    /// True if some state follows from every state of `states` (themselves included).
    pub(super) fn common(&self, states: &[State]) -> bool {
        let mut all = [!0u64; 23];
        for &s in states {
            let row = &self.reach[self.comp[s] as usize * self.words..][..self.words];
            for (a, &r) in all.iter_mut().zip(row) {
                *a &= r;
            }
        }
        all[..self.words].iter().any(|&a| a != 0)
    }

    /// A test for the states from which `b` follows (the goal's row bit worked out once).
    fn toward(&self, b: State) -> impl Fn(State) -> bool {
        let cb = self.comp[b] as usize;
        let (word, mask) = (cb / 64, 1u64 << (cb % 64));
        move |a| self.reach[self.comp[a] as usize * self.words + word] & mask != 0
    }

    /// The number of states in `a`'s component: those on loops through `a` (above one if `a`
    /// lies on a loop of implications).
    fn loop_room(&self, a: State) -> usize {
        self.sizes[self.comp[a] as usize] as usize
    }
}

/// The best deduction found so far.
struct Best {
    /// Rating in tenths (SE sorts its hints by rating, then by complexity, then by kind).
    tenths: u32,
    /// Candidates in the chain or loop (SE's complexity).
    nodes: usize,
    /// The states from the start: a chain ends at the start's negation, a loop at the state
    /// that implies the start again.
    chain: Vec<State>,
    /// For a loop, the candidates it removes (empty for a chain).
    loop_elims: Vec<(u8, u8)>,
    /// The search mode of the deduction (names a loop in the hint).
    mode: Mode,
}

impl Best {
    /// True if a deduction rated `rating` with `nodes` candidates would come first.
    fn beaten_by(best: &Option<Best>, rating: f64, nodes: usize) -> bool {
        best.as_ref()
            .is_none_or(|b| (to_tenths(rating), nodes) < (b.tenths, b.nodes))
    }
}

fn to_tenths(rating: f64) -> u32 {
    (rating * 10.0).round() as u32
}

/// The most candidates (at least `min`) a deduction rated `base` + length may have and still
/// come before `best`; `None` if even the shortest would not.
fn node_limit(best: &Option<Best>, base: f64, min: usize) -> Option<u8> {
    if !Best::beaten_by(best, base + length_increment(min), min) {
        return None;
    }
    let mut n = min;
    while n < MAX_NODES as usize && Best::beaten_by(best, base + length_increment(n + 1), n + 1) {
        n += 1;
    }
    Some(n as u8)
}

/// [`node_limit`]'s answers for loops and chains in one mode, worked out again only when the
/// best deduction's rating or length changes (they read nothing else).
struct Limits {
    /// The loops' and the chains' base ratings.
    bases: (f64, f64),
    /// The best deduction's rating and length the limits were worked out for, and the limits.
    at: Option<(BestKey, Option<u8>, Option<u8>)>,
}

/// The best deduction's rating in tenths and length, if any.
type BestKey = Option<(u32, usize)>;

impl Limits {
    /// The most candidates of a loop and of a chain that would still beat `best`.
    fn get(&mut self, best: &Option<Best>) -> (Option<u8>, Option<u8>) {
        let key = best.as_ref().map(|b| (b.tenths, b.nodes));
        match self.at {
            Some((k, cycle, chain)) if k == key => (cycle, chain),
            _ => {
                let cycle = node_limit(best, self.bases.0, 4);
                let chain = node_limit(best, self.bases.1, 3);
                self.at = Some((key, cycle, chain));
                (cycle, chain)
            }
        }
    }
}

/// Forcing chain or bidirectional cycle (SE's "forcing chains & cycles", 6.5 and up).
pub(crate) fn forcing_chain(g: &Grid, f: &mut Finding) -> bool {
    let links = Links::both(g, &mut f.memo);
    let mut view = View::new(&links);
    let mut best: Option<Best> = None;
    let mut parent = vec![u16::MAX; STATES];
    let mut via = vec![u16::MAX; STATES];
    let mut nodes = vec![0u8; STATES];
    let mut queue = Vec::with_capacity(STATES);
    // Which states each state can reach at all with both kinds of links: a search whose goal is
    // out of reach, or a cycle search from a state on no loop, finds nothing at any length. The
    // X-only and Y-only links are some of these, so what they reach is reached here too: the
    // same tests serve every mode.
    let reach = Reach::new(g, &links);
    // SE's order: X links only, then Y links only (loops from two-candidate cells), then both;
    // in each, every candidate in grid order, its loops first, then its chains.
    for mode in [Mode::X, Mode::Y, Mode::Both] {
        let mut limits = Limits {
            bases: if mode == Mode::Both {
                (7.0, 7.0)
            } else {
                (6.5, 6.6)
            },
            at: None,
        };
        // X links stay on one digit: the searches from a digit's candidates read only its
        // cells. A digit whose cells are those of an earlier X pass that found nothing at the
        // full length (nothing found at all) finds nothing again, at any length: skipped.
        let mut skip = 0u16;
        if mode == Mode::X {
            for d in 1..=9u8 {
                if f.memo
                    .found_nothing(DigitRung::XChain, d, links.digit[d as usize])
                {
                    skip |= 1 << d;
                }
            }
        }
        // (X links only: the skipped digits' states are not read.)
        view.set(g, mode, !skip);
        for c in 0..81 {
            if g.value[c] != 0 || (mode == Mode::Y && g.cand[c].count_ones() != 2) {
                continue;
            }
            for d in super::candidates::digits_of(g.cand[c] & !skip) {
                let start = state(c, d, true);
                // A loop through the start has distinct states (a tree path, then a state off
                // it), each following from the start and leading back to it: all in the start's
                // component (with any links, as each mode's are some of both kinds'). So a
                // component of fewer than four states closes no loop of four candidates, and
                // no loop is longer than the component: cut there, the search finds the same
                // loops in the same order (it is breadth first, and a cut only stops layers
                // that could close nothing).
                let room = reach.loop_room(start);
                let cycle_limit = limits.get(&best).0.filter(|_| room >= 4);
                if let Some(limit) = cycle_limit.map(|l| (l as usize).min(room) as u8) {
                    let mut bufs = (&mut parent[..], &mut via[..], &mut nodes[..], &mut queue);
                    // A state that cannot lead back to the start is on no loop through it,
                    // nor is anything that follows from it.
                    let home = reach.comp[start];
                    let back = |s| reach.comp[s] == home;
                    cycles(&view, start, mode, limit, back, &mut bufs, &mut best);
                }
                if mode == Mode::Y {
                    continue;
                }
                for on in [true, false] {
                    let (start, goal) = (state(c, d, on), state(c, d, !on));
                    if !reach.reaches(start, goal) {
                        continue;
                    }
                    if let Some(limit) = limits.get(&best).1 {
                        // A state from which the goal cannot follow leads nowhere.
                        let bufs = (&mut parent[..], &mut nodes[..], &mut queue);
                        let toward = reach.toward(goal);
                        search(&view, start, mode, limit, toward, bufs, &mut best);
                    }
                }
            }
        }
        if mode == Mode::X && best.is_none() {
            for d in 1..=9u8 {
                f.memo
                    .record(DigitRung::XChain, d, links.digit[d as usize], false);
            }
        }
    }
    // Kept for the static forcing chains' rung on the same grid (see `dynamic`).
    f.memo.reach = Some((g.cand, reach));
    let Some(b) = best else {
        return false;
    };
    f.rating = Some(b.tenths as f64 / 10.0);
    // The chain in words, for hints only.
    let steps = || {
        b.chain
            .iter()
            .map(|&s| describe(s))
            .collect::<Vec<_>>()
            .join(" ⇒ ")
    };
    if !b.loop_elims.is_empty() {
        f.eliminations.extend_from_slice(&b.loop_elims);
        if f.explain {
            f.set_cells(b.chain.iter().map(|&s| cell_of(s)));
            let kind = match b.mode {
                Mode::X => "X-",
                Mode::Y => "Y-",
                Mode::Both => "",
            };
            f.explain_eliminations(format!(
                "Bidirectional {kind}cycle: {} ⇒ {} (a loop: it holds read forwards or backwards, so of each linked pair one candidate is true)",
                steps(),
                describe(b.chain[0])
            ));
        }
        return true;
    }
    let first = b.chain[0];
    let (c, d) = (cell_of(first), digit_of(first));
    if first % 2 == 1 {
        f.eliminations.push((c as u8, d));
    } else {
        f.placements.push((c as u8, d));
    }
    if f.explain {
        f.set_cells(b.chain.iter().map(|&s| cell_of(s)));
        let verdict = if first % 2 == 1 {
            format!("{d} is removed from {}", cell_name(c))
        } else {
            format!("{} is {d}", cell_name(c))
        };
        f.text = format!(
            "Forcing chain: {} (each step follows from the one before), a contradiction, so {verdict}",
            steps()
        );
    }
    true
}

/// Search buffers for [`cycles`]: the on-state each on-state was reached from, the off-state
/// between them, candidates on the path, and the queue.
type CycleBufs<'a> = (
    &'a mut [u16],
    &'a mut [u16],
    &'a mut [u8],
    &'a mut Vec<State>,
);

/// Bidirectional cycles through `start` (an "holds" state), as SE finds them: a breadth-first
/// tree of the states that must hold if `start` does, each reached once; a loop closes when the
/// negation of a child of a tree state implies `start` again, with at least four candidates.
/// A loop removes every candidate outside its cells that sees a "holds" state and a "does not
/// hold" state of its digit in the loop (one of the two is true, reading the loop either way).
/// Only states for which `back` holds are followed; it must hold for every state that leads
/// back to `start` (the others and what they reach close no loop, and as each state is reached
/// first from a state that leads back to it, leaving them out changes nothing).
fn cycles(
    links: &View,
    start: State,
    mode: Mode,
    limit: u8,
    back: impl Fn(State) -> bool,
    bufs: &mut CycleBufs,
    best: &mut Option<Best>,
) {
    // A loop closes on a "does not hold" state that implies the start: by contraposition, the
    // negation of one that the start's negation implies (each mode keeps its links both ways).
    // With none, there is no loop.
    if links.of(start ^ 1).is_empty() {
        return;
    }
    let (parent, via, nodes, queue) = bufs;
    let base = if mode == Mode::Both { 7.0 } else { 6.5 };
    queue.clear();
    queue.push(start);
    let mut seen = Seen([0; 32]);
    seen.add(start);
    nodes[start] = 1;
    parent[start] = u16::MAX;
    let mut head = 0;
    while head < queue.len() {
        let p = queue[head];
        head += 1;
        let len = nodes[p] as usize + 1;
        if len > limit as usize {
            break;
        }
        for &q in links.of(p) {
            let q = q as State;
            if !back(q) {
                continue;
            }
            // SE skips a state that is already on the path to `p`: asked only once an
            // implication of `q` would count (the path does not change meanwhile).
            let mut skip = None;
            for &r in links.of(q) {
                let r = r as State;
                if r != start && seen.has(r) {
                    continue;
                }
                if !back(r) {
                    // Skipped wherever it is met: marked so as to be asked only once.
                    seen.add(r);
                    continue;
                }
                if *skip.get_or_insert_with(|| on_path(q, p, parent, via)) {
                    break;
                }
                if r == start {
                    if len >= 4 && Best::beaten_by(best, base + length_increment(len), len) {
                        // Most loops remove nothing: the path is only built for one that does.
                        let targets = loop_targets(links, q, p, parent, via);
                        if targets.iter().any(|&t| t != 0) {
                            let mut chain = path_to(p, parent, via, nodes[p] as usize);
                            chain.push(q);
                            let elims = loop_eliminations(&targets);
                            *best = Some(Best {
                                tenths: to_tenths(base + length_increment(len)),
                                nodes: len,
                                chain,
                                loop_elims: elims,
                                mode,
                            });
                        }
                    }
                    continue;
                }
                // Not the start, so not seen yet (asked above).
                seen.add(r);
                parent[r] = p as u16;
                via[r] = q as u16;
                nodes[r] = nodes[p] + 2;
                queue.push(r);
            }
        }
    }
}

/// A set of states, one bit each: states are below 2048, so a state's word is its bits 6 to 10
/// and masking them keeps the index in bounds without a check.
struct Seen([u64; 32]);

impl Seen {
    fn has(&self, s: State) -> bool {
        self.0[(s >> 6) & 31] & (1 << (s % 64)) != 0
    }

    fn add(&mut self, s: State) {
        self.0[(s >> 6) & 31] |= 1 << (s % 64);
    }
}

/// True if the "does not hold" state `q` is on the tree path to `p`.
fn on_path(q: State, mut p: State, parent: &[u16], via: &[u16]) -> bool {
    while parent[p] != u16::MAX {
        if via[p] as usize == q {
            return true;
        }
        p = parent[p] as usize;
    }
    false
}

/// The tree path from the start to `p`, both included (with room for `nodes`, the states on it,
/// and one more).
fn path_to(mut p: State, parent: &[u16], via: &[u16], nodes: usize) -> Vec<State> {
    let mut path = Vec::with_capacity(nodes + 1);
    path.push(p);
    while parent[p] != u16::MAX {
        path.push(via[p] as usize);
        p = parent[p] as usize;
        path.push(p);
    }
    path.reverse();
    path
}

/// Per digit, the cells a loop removes it from (see [`cycles`]): the loop is the tree path from
/// the start to `p`, then `q`, which implies the start.
// Kept out of line: inlined into `cycles` (one loop in a few hundred closes), it made the whole
// search dearer (generate_bench MASTER 20 1: 46M instructions more).
#[inline(never)]
fn loop_targets(links: &View, q: State, mut p: State, parent: &[u16], via: &[u16]) -> [Bits; 10] {
    let mut cells: Bits = 0;
    let mut forw = [0u128; 10];
    let mut back = [0u128; 10];
    // The loop's own cells are taken out at the end (the same as from each peer set).
    let mut add = |s: State| {
        let (c, d) = (cell_of(s), digit_of(s));
        cells |= bit(c);
        let seen = PEER_BITS[c] & links.links.digit[d as usize];
        if s % 2 == 1 {
            forw[d as usize] |= seen;
        } else {
            back[d as usize] |= seen;
        }
    };
    add(q);
    add(p);
    while parent[p] != u16::MAX {
        add(via[p] as usize);
        p = parent[p] as usize;
        add(p);
    }
    for (f, b) in forw.iter_mut().zip(back) {
        *f &= b & !cells;
    }
    forw
}

/// The eliminations of [`loop_targets`], sorted.
fn loop_eliminations(targets: &[Bits; 10]) -> Vec<(u8, u8)> {
    let count = targets.iter().map(|t| t.count_ones()).sum::<u32>();
    let mut elims = Vec::with_capacity(count as usize);
    for d in 1..10u8 {
        for c in cells_of(targets[d as usize]) {
            elims.push((c as u8, d));
        }
    }
    elims.sort_unstable();
    elims
}

/// `r1c2=5` / `r1c2≠5`.
pub(crate) fn describe_state(c: usize, d: u8, on: bool) -> String {
    format!("{}{}{d}", cell_name(c), if on { "=" } else { "≠" })
}

fn describe(s: State) -> String {
    describe_state(cell_of(s), digit_of(s), s % 2 == 1)
}

/// Breadth-first search from `start` for its negation, in at most `limit` candidates. Only
/// states for which `toward` holds are followed; it must hold for every state from which the
/// negation follows (the others never lead to it, and as each state is reached first from a
/// state that leads to it, leaving them out changes nothing).
fn search(
    links: &View,
    start: State,
    mode: Mode,
    limit: u8,
    toward: impl Fn(State) -> bool,
    (parent, nodes, queue): (&mut [u16], &mut [u8], &mut Vec<State>),
    best: &mut Option<Best>,
) {
    let goal = start ^ 1;
    queue.clear();
    queue.push(start);
    let mut seen = Seen([0; 32]);
    seen.add(start);
    nodes[start] = 1;
    parent[start] = u16::MAX;
    let mut head = 0;
    let mut found = None;
    // The search read backwards: by contraposition, `n` leads to the goal in as many steps as
    // the start leads to `n ^ 1`, so a state queued whose opposite is queued too lies on a
    // path from the start to the goal of `nodes[n] + nodes[n ^ 1] - 1` candidates. `meet` is
    // the shortest such path seen. Once every state at `k` steps is queued, the goal's path
    // (of `d + 1` candidates) is either at most `2k` steps long, and then its middle state and
    // that state's opposite are queued and `meet` is `d + 1`, or longer: so `d + 1 >= min(meet,
    // 2k + 2)`. When that exceeds `limit` the search below finds nothing: stopped. (As `n`
    // follows from the start, `n ^ 1` leads to the goal: if seen, it passed `toward` and was
    // queued.)
    let mut meet = u32::MAX;
    'bfs: while head < queue.len() {
        let s = queue[head];
        head += 1;
        // Every state at `nodes[s] - 1` steps is queued when the first of them is taken.
        if nodes[s] >= limit || meet.min(2 * nodes[s] as u32) > limit as u32 {
            // Breadth first: every state still queued is as long.
            break;
        }
        for &n in links.of(s) {
            let n = n as State;
            if seen.has(n) {
                continue;
            }
            // A state from which the goal does not follow is skipped wherever it is met: marked
            // too, so as to be asked only once.
            seen.add(n);
            if !toward(n) {
                continue;
            }
            parent[n] = s as u16;
            nodes[n] = nodes[s] + 1;
            queue.push(n);
            if seen.has(n ^ 1) {
                meet = meet.min(nodes[n] as u32 + nodes[n ^ 1] as u32 - 1);
            }
            if n == goal {
                found = Some(goal);
                break 'bfs;
            }
        }
    }
    let Some(end) = found else {
        return;
    };
    let mut chain = Vec::with_capacity(nodes[end] as usize);
    chain.push(end);
    let mut s = end;
    while parent[s] != u16::MAX {
        s = parent[s] as usize;
        chain.push(s);
    }
    chain.reverse();
    // Like SE, the search mode sets the base: 6.6 for X links only, 7.0 with both kinds.
    let base = if mode == Mode::Both { 7.0 } else { 6.6 };
    let rating = base + length_increment(chain.len());
    if Best::beaten_by(best, rating, chain.len()) {
        *best = Some(Best {
            tenths: to_tenths(rating),
            nodes: chain.len(),
            chain,
            loop_elims: Vec::new(),
            mode,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::candidates::{UNIT_BITS, box_of, peers_se_in};
    use crate::logic::testutil::{HARD_PUZZLES, grid_with_candidates, parse};

    /// The states reachable from `a` (itself only if on a loop), by breadth-first search.
    fn reachable(links: &View, a: State) -> Vec<bool> {
        let mut seen = vec![false; STATES];
        let mut queue: Vec<State> = links.of(a).iter().map(|&x| x as State).collect();
        while let Some(s) = queue.pop() {
            if !seen[s] {
                seen[s] = true;
                queue.extend(links.of(s).iter().map(|&x| x as State));
            }
        }
        seen
    }

    #[test]
    fn reach_agrees_with_searching_every_state() {
        for p in HARD_PUZZLES {
            let g = Grid::new(&parse(p)).unwrap();
            let mut links = Links::new(&g);
            links.tabulate(&g);
            let mut view = View::new(&links);
            view.set(&g, Mode::Both, !0);
            let reach = Reach::new(&g, &links);
            let links = view;
            let cands: Vec<State> = (0..STATES)
                .filter(|&s| g.cand[cell_of(s)] & (1 << digit_of(s)) != 0)
                .collect();
            let mut pairs = 0;
            for &a in &cands {
                let seen = reachable(&links, a);
                assert_eq!(reach.loop_room(a) > 1, seen[a], "{p} {a}");
                for &b in &cands {
                    if b != a {
                        assert_eq!(reach.reaches(a, b), seen[b], "{p} {a} {b}");
                        pairs += usize::from(seen[b]);
                    }
                }
            }
            assert!(pairs > 0 && pairs < cands.len() * cands.len());
        }
    }

    #[test]
    fn table_lists_implications_in_se_order() {
        // Per state: on its cell, then on its digit, peers in SE's order (box, row, column).
        for p in HARD_PUZZLES {
            let g = Grid::new(&parse(p)).unwrap();
            let mut links = Links::new(&g);
            links.tabulate(&g);
            for s in 0..STATES {
                let (c, d) = (cell_of(s), digit_of(s));
                let mut want = Vec::new();
                if g.cand[c] & (1 << d) == 0 {
                } else if s % 2 == 1 {
                    want.extend(digits_of(g.cand[c] & !(1 << d)).map(|e| state(c, e, false)));
                    let peers = peers_se_in(c, links.digit[d as usize]);
                    want.extend(peers.map(|q| state(q, d, false)));
                } else {
                    if g.cand[c].count_ones() == 2 {
                        let e = (g.cand[c] & !(1 << d)).trailing_zeros() as u8;
                        want.push(state(c, e, true));
                    }
                    for u in [18 + box_of(c), row(c), 9 + col(c)] {
                        let m = links.digit[d as usize] & UNIT_BITS[u] & !bit(c);
                        if m.count_ones() == 1 {
                            want.push(state(m.trailing_zeros() as usize, d, true));
                        }
                    }
                }
                let got: Vec<State> = links.of(s).iter().map(|&q| q as State).collect();
                assert_eq!(got, want, "{p} {s}");
            }
        }
    }

    #[test]
    fn views_keep_the_links_of_their_mode() {
        // X links only: those on the state's digit; Y links only: all of a "holds" state's,
        // those on the cell of a "does not hold" state.
        for p in HARD_PUZZLES {
            let g = Grid::new(&parse(p)).unwrap();
            let mut links = Links::new(&g);
            links.tabulate(&g);
            let mut view = View::new(&links);
            for mode in [Mode::X, Mode::Y, Mode::Both] {
                view.set(&g, mode, !0);
                for s in (0..STATES).filter(|&s| g.cand[cell_of(s)] & (1 << digit_of(s)) != 0) {
                    let want: Vec<u16> = (links.of(s).iter().copied())
                        .filter(|&q| match mode {
                            Mode::X => digit_of(q as State) == digit_of(s),
                            Mode::Y => s % 2 == 1 || cell_of(q as State) == cell_of(s),
                            Mode::Both => true,
                        })
                        .collect();
                    assert_eq!(view.of(s), &want[..], "{p} {s}");
                }
            }
        }
    }

    #[test]
    fn length_increment_follows_se_thresholds() {
        // n - 2 above 4, 6, 8, 12, 16, 24 adds 0.1 each.
        let cases = [
            (6, 0.0),
            (7, 0.1),
            (8, 0.1),
            (9, 0.2),
            (10, 0.2),
            (11, 0.3),
            (14, 0.3),
            (15, 0.4),
            (19, 0.5),
            (27, 0.6),
        ];
        for (n, add) in cases {
            assert!((length_increment(n) - add).abs() < 1e-9, "{n}");
        }
    }

    /// An open grid with r1c1 {1,2}, r1c9 {2,3}, r9c9 {3,4} and cell `last` {4,1}.
    fn bivalue_corners(last: usize) -> Grid {
        let mut g = grid_with_candidates(&[]);
        g.cand[0] = 0b00110;
        g.cand[8] = 0b01100;
        g.cand[80] = 0b11000;
        g.cand[last] = 0b10010;
        g
    }

    #[test]
    fn xy_chain_is_a_forcing_chain_with_both_link_kinds() {
        // r1c1 {1,2} - r1c9 {2,3} - r9c9 {3,4} - r9c2 {4,1}: if r1c2 were 1, r1c1 would be 2,
        // r1c9 3, r9c9 4 and r9c2 1, which sees r1c2. SE searches chains with X links only or
        // with both kinds (Y links alone only form loops): ten candidates, 7.0 + 0.2.
        let g = bivalue_corners(73);
        let mut f = Finding::new(true);
        assert!(forcing_chain(&g, &mut f));
        assert_eq!(f.eliminations, vec![(1, 1)]);
        assert!(f.placements.is_empty());
        assert_eq!(f.rating, Some(7.2));
        assert!(
            f.text.starts_with(
                "Forcing chain: r1c2=1 ⇒ r1c1≠1 ⇒ r1c1=2 ⇒ r1c9≠2 ⇒ r1c9=3 ⇒ r9c9≠3 ⇒ r9c9=4 ⇒ r9c2≠4 ⇒ r9c2=1 ⇒ r1c2≠1"
            ),
            "{}",
            f.text
        );
    }

    #[test]
    fn y_cycle_removes_along_each_link() {
        // r1c1 {1,2}, r1c9 {2,3}, r9c9 {3,4}, r9c1 {4,1}: a loop of eight candidates (6.5 +
        // 0.1). One of the two ends of each link holds, so 2 leaves the rest of row 1, 3 column
        // 9, 4 row 9 and 1 column 1.
        let g = bivalue_corners(72);
        let mut f = Finding::new(true);
        assert!(forcing_chain(&g, &mut f));
        let mut want = Vec::new();
        for i in 1..8u8 {
            want.push((i, 2));
            want.push((i * 9, 1));
            want.push((i * 9 + 8, 3));
            want.push((72 + i, 4));
        }
        want.sort_unstable();
        assert_eq!(f.eliminations, want);
        assert!(f.placements.is_empty());
        assert_eq!(f.rating, Some(6.6));
        assert!(
            f.text.starts_with(
                "Bidirectional Y-cycle: r1c1=1 ⇒ r9c1≠1 ⇒ r9c1=4 ⇒ r9c9≠4 ⇒ r9c9=3 ⇒ r1c9≠3 ⇒ r1c9=2 ⇒ r1c1≠2 ⇒ r1c1=1 (a loop"
            ),
            "{}",
            f.text
        );
        assert!(f.text.ends_with("1 is removed from r2c1, r3c1, r4c1, r5c1, r6c1, r7c1, r8c1; 2 is removed from r1c2, r1c3, r1c4, r1c5, r1c6, r1c7, r1c8; 3 is removed from r2c9, r3c9, r4c9, r5c9, r6c9, r7c9, r8c9; 4 is removed from r9c2, r9c3, r9c4, r9c5, r9c6, r9c7, r9c8"), "{}", f.text);
    }

    #[test]
    fn x_cycle_of_six_cells() {
        // Digit 1 has two places in rows 1 (c1, c4), 4 (c4, c7) and 7 (c1, c7): a loop of six
        // candidates (6.5) whose weak links lie in columns 1, 4 and 7.
        let mut g = grid_with_candidates(&[]);
        for c in [
            1, 2, 4, 5, 6, 7, 8, 27, 28, 29, 31, 32, 34, 35, 55, 56, 57, 58, 59, 61, 62,
        ] {
            g.cand[c] &= !(1 << 1);
        }
        let mut f = Finding::new(true);
        assert!(forcing_chain(&g, &mut f));
        let mut want = Vec::new();
        for r in [1u8, 2, 4, 5, 7, 8] {
            for c in [0u8, 3, 6] {
                want.push((r * 9 + c, 1));
            }
        }
        want.sort_unstable();
        assert_eq!(f.eliminations, want);
        assert_eq!(f.rating, Some(6.5));
        assert!(
            f.text.starts_with(
                "Bidirectional X-cycle: r1c1=1 ⇒ r7c1≠1 ⇒ r7c7=1 ⇒ r4c7≠1 ⇒ r4c4=1 ⇒ r1c4≠1 ⇒ r1c1=1 (a loop"
            ),
            "{}",
            f.text
        );
    }
}
