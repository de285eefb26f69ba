//! Multiple, Nishio and dynamic forcing chains, rated as Sukaku Explainer (SE) rates them
//! ([`LADDER_V2`](crate::generator::ladder_v2) and later).
//!
//! Every candidate is assumed to hold and assumed not to hold, and the consequences are
//! followed: a candidate that holds removes its peers with the same digit and its cell's other
//! digits; a candidate that does not hold makes the last candidate of its cell, or the last place
//! of its digit in a unit, hold. Each consequence remembers the consequences it came from.
//! They are followed in SE's order (every pending "holds" state before the next "does not
//! hold" one, which changes the grid only once followed), so the first contradiction found,
//! and with it the rating, is SE's.
//! - Static ("multiple forcing chains", SE 8.0): a cell or unit only forces its other candidate
//!   when it had exactly two in the position being graded.
//! - Nishio (SE 7.5): dynamic, on one digit only, and only a contradiction counts.
//! - Dynamic (SE 8.5): a cell or unit forces its last candidate after the eliminations the
//!   chain itself made.
//!
//! A deduction, as SE counts them: in dynamic and Nishio chains, an assumption that leads to a
//! candidate both holding and not holding is false; in dynamic chains, a consequence reached
//! both when a candidate of a cell with three or more holds and when it does not is true; in
//! static and dynamic chains, a consequence reached for every candidate of a cell, or for every
//! place of a digit in a unit, is true. As in SE, a branch whose assumption met a
//! contradiction still takes part with the consequences found until then (its assumption is
//! false, so whatever it implies holds vacuously). Its rating is the base
//! plus SE's length increment ([`aic::length_increment`]) for its complexity: the number of
//! consequences the chains need, summed over the chains (SE's count of ancestors). The lowest
//! rated deduction is taken. SE's "dynamic (+)" (9.0) and nested chains (9.5+) add techniques
//! inside the propagation; this module does not, so where SE needs them we go on to trial.

use super::aic::{Links, describe_state, length_increment};
use super::candidates::{Grid, UNITS, cell_name, digits_of, unit_name};
use super::technique::{DigitRung, Finding, tenths};

/// A candidate state: (cell * 9 + digit - 1) * 2, plus 1 for "holds".
type State = usize;

const STATES: usize = 1458;

fn state(c: usize, d: u8, on: bool) -> State {
    (c * 9 + d as usize - 1) * 2 + usize::from(on)
}

fn cell_of(s: State) -> usize {
    s / 18
}

fn digit_of(s: State) -> u8 {
    ((s / 2) % 9 + 1) as u8
}

/// Per cell: its box, row and column (in that order, SE's) and its position in each (the
/// positions of a unit's cells increase with the cells, as in [`UNITS`]).
const UNIT_POS: [[(usize, u8); 3]; 81] = {
    let mut t = [[(0, 0); 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, k) = (c / 9, c % 9);
        t[c] = [
            (18 + (r / 3) * 3 + k / 3, ((r % 3) * 3 + k % 3) as u8),
            (r, k as u8),
            (9 + k, r as u8),
        ];
        c += 1;
    }
    t
};

/// Per set of positions in a unit: its position plus 1 if it has exactly one, else 0.
const SINGLE: [u8; 512] = {
    let mut t = [0; 512];
    let mut i = 0;
    while i < 9 {
        t[1 << i] = i as u8 + 1;
        i += 1;
    }
    t
};

/// Per digit (1 to 9), per unit: the positions in the unit (see [`UNITS`]) of the cells that
/// have the digit as a candidate.
type UnitPlaces = [[u16; 27]; 10];

fn unit_places(g: &Grid) -> UnitPlaces {
    let mut t = [[0u16; 27]; 10];
    for (&m, pos) in g.cand.iter().zip(&UNIT_POS) {
        for d in digits_of(m) {
            for &(u, i) in pos {
                t[d as usize][u] |= 1 << i;
            }
        }
    }
    t
}

/// How consequences are followed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rule {
    Static,
    Nishio,
    Dynamic,
}

/// The consequences of one assumption.
struct Run {
    /// States reached.
    seen: [u64; 23],
    /// Per word of `seen`: how many states the earlier words hold (a state's rank among the
    /// run's ranges).
    before: [u16; 23],
    /// Where the run's ranges start in [`Parents::range`].
    range: u32,
    /// A state reached holding and not holding, if any.
    conflict: Option<State>,
    /// The assumption.
    start: State,
    /// Whether each reached state has one parent (static chains) and the pool holds its
    /// depth instead (see [`Building::mark`]).
    chain: bool,
}

impl Run {
    #[cfg(test)]
    fn has(&self, s: State) -> bool {
        self.seen[s / 64] & (1 << (s % 64)) != 0
    }

    /// Where the parents of the reached state `s` are in `all.pool`: start and count.
    fn parents(&self, all: &Parents, s: State) -> (usize, usize) {
        let rank = self.before[s / 64] as usize
            + (self.seen[s / 64] & ((1u64 << (s % 64)) - 1)).count_ones() as usize;
        let r = all.range[self.range as usize + rank];
        ((r >> 8) as usize, (r & 0xFF) as usize)
    }

    /// The number of states `s` rests on, itself included (`stack` is a buffer); counted only
    /// up to `limit` (a larger number is returned as `limit`).
    fn ancestors(&self, all: &Parents, s: State, stack: &mut Vec<u16>, limit: usize) -> usize {
        if self.chain {
            // One parent each: the states `s` rests on are those of its path from the start.
            let (at, _) = self.parents(all, s);
            return (usize::from(all.pool[at]) + 1).min(limit);
        }
        let mut visited = [0u64; 23];
        stack.clear();
        stack.push(s as u16);
        visited[s / 64] |= 1 << (s % 64);
        let mut n = 0;
        while let Some(x) = stack.pop() {
            n += 1;
            if n >= limit {
                return limit;
            }
            let (start, len) = self.parents(all, x as usize);
            for &p in &all.pool[start..start + len] {
                let p = p as usize;
                if visited[p / 64] & (1 << (p % 64)) == 0 {
                    visited[p / 64] |= 1 << (p % 64);
                    stack.push(p as u16);
                }
            }
        }
        n
    }
}

/// The runs of a search, by their assumption.
struct Runs {
    /// Per state: where its run is in `list`, or `u16::MAX` if it has none.
    index: [u16; STATES],
    list: Vec<Run>,
}

impl Runs {
    /// Keeps `run`, the run of its assumption (the first state it reached).
    fn add(&mut self, run: Run) {
        self.index[run.start] = self.list.len() as u16;
        self.list.push(run);
    }

    fn get(&self, s: State) -> Option<&Run> {
        self.list.get(self.index[s] as usize)
    }
}

/// The parents of the states reached by the runs of a search, run after run (one buffer for
/// all, rather than two allocations per run).
struct Parents {
    /// Per run, per state reached in state order: where its parents start in `pool` (shifted
    /// left 8) and how many there are. A run reaches at most 730 states (one of them is the
    /// contradiction) of at most 9 parents, so 1458 runs' parents fit in 24 bits. A static
    /// run's states have one parent each, and one entry: their depth (see [`Run::chain`]).
    range: Vec<u32>,
    pool: Vec<u16>,
}

impl Parents {
    fn new() -> Parents {
        Parents {
            range: Vec::with_capacity(1 << 14),
            pool: Vec::with_capacity(1 << 15),
        }
    }
}

/// Buffers shared by the runs of a search (their contents do not matter between runs).
struct Scratch {
    /// Per state: its parents' range in the pool (read only for states reached, each written
    /// when its state is reached). Indexed by the state's low 11 bits (states are below 2048),
    /// so without bounds checks.
    table: [u32; 2048],
    ons: Vec<State>,
    offs: Vec<State>,
    /// Consequences of the current state: (state, parents range in `tmp`).
    next: Vec<(State, usize, usize)>,
    tmp: Vec<u16>,
}

impl Scratch {
    fn new() -> Scratch {
        Scratch {
            table: [0; 2048],
            ons: Vec::with_capacity(256),
            offs: Vec::with_capacity(1024),
            next: Vec::with_capacity(32),
            tmp: Vec::with_capacity(64),
        }
    }
}

/// A run being built: the states reached (as words indexed by the state's bits 6 to 10, so
/// without bounds checks; states are below 2048) and, if `RECORD`, their parents (in scratch
/// buffers). Under the static rule (`RULE`, see [`propagate`]) each state is reached from one
/// other, and its pool entry is its depth instead: the number of states from the start to its
/// parent.
struct Building<'a, const RECORD: bool, const RULE: u8> {
    seen: [u64; 32],
    count: usize,
    table: &'a mut [u32; 2048],
    pool: &'a mut Vec<u16>,
}

impl<const RECORD: bool, const RULE: u8> Building<'_, RECORD, RULE> {
    /// Whether the pool holds depths (static chains).
    const CHAIN: bool = RULE == Rule::Static as u8;

    fn has(&self, s: State) -> bool {
        self.seen[(s >> 6) & 31] & (1 << (s % 64)) != 0
    }

    #[inline(always)]
    fn mark(&mut self, s: State, parents: &[u16]) {
        self.seen[(s >> 6) & 31] |= 1 << (s % 64);
        self.count += 1;
        if RECORD && Self::CHAIN {
            let depth = match parents {
                [p] => self.pool[(self.table[usize::from(*p) & 2047] >> 8) as usize] + 1,
                _ => 0,
            };
            self.table[s & 2047] = ((self.pool.len() as u32) << 8) | 1;
            self.pool.push(depth);
        } else if RECORD {
            self.table[s & 2047] = ((self.pool.len() as u32) << 8) | parents.len() as u32;
            if let [p] = parents {
                self.pool.push(*p);
            } else {
                self.pool.extend_from_slice(parents);
            }
        }
    }

    /// Reaches `n` from `parents`, queueing it to be followed; true if `n` meets its opposite
    /// (then it is marked, if new, and the run stops).
    #[inline(always)]
    fn reach(
        &mut self,
        n: State,
        parents: &[u16],
        ons: &mut Vec<State>,
        offs: &mut Vec<State>,
    ) -> bool {
        if self.has(n ^ 1) {
            if !self.has(n) {
                self.mark(n, parents);
            }
            return true;
        }
        if !self.has(n) {
            self.mark(n, parents);
            if n % 2 == 1 {
                ons.push(n);
            } else {
                offs.push(n);
            }
        }
        false
    }

    /// The run, its parents' ranges (if recorded) kept in `range` for the states reached only.
    fn finish(self, start: State, conflict: Option<State>, range: &mut Vec<u32>) -> Run {
        let mut before = [0u16; 23];
        let at = range.len();
        range.reserve(if RECORD { self.count } else { 0 });
        for (w, &word) in self.seen[..23].iter().enumerate().filter(|_| RECORD) {
            before[w] = (range.len() - at) as u16;
            let mut left = word;
            while left != 0 {
                range.push(self.table[w * 64 + left.trailing_zeros() as usize]);
                left &= left - 1;
            }
        }
        Run {
            seen: std::array::from_fn(|w| self.seen[w]),
            before,
            range: at as u32,
            conflict,
            start,
            chain: Self::CHAIN,
        }
    }
}

/// [`propagate`] under `rule`, the rule a constant there (each rule's code without the tests
/// for the others, and the dynamic rules' grid copies only where they are read).
#[allow(clippy::too_many_arguments)]
fn follow(
    g: &Grid,
    links: &Links,
    units: &UnitPlaces,
    start: State,
    rule: Rule,
    record: bool,
    scratch: &mut Scratch,
    all: &mut Parents,
) -> Run {
    const S: u8 = Rule::Static as u8;
    const N: u8 = Rule::Nishio as u8;
    const D: u8 = Rule::Dynamic as u8;
    match (rule, record) {
        (Rule::Static, false) => propagate::<false, S>(g, links, units, start, scratch, all),
        (Rule::Static, true) => propagate::<true, S>(g, links, units, start, scratch, all),
        (Rule::Nishio, false) => propagate::<false, N>(g, links, units, start, scratch, all),
        (Rule::Nishio, true) => propagate::<true, N>(g, links, units, start, scratch, all),
        (Rule::Dynamic, false) => propagate::<false, D>(g, links, units, start, scratch, all),
        (Rule::Dynamic, true) => propagate::<true, D>(g, links, units, start, scratch, all),
    }
}

/// Follows the consequences of `start` under the rule `RULE` (a [`Rule`] as `u8`); `links`
/// holds the static implications (those of both kinds of links, tabulated) and `units` the
/// places of each digit in each unit.
///
/// As SE does: every pending "holds" state is followed before the next pending "does not
/// hold" one, a "does not hold" state changes the grid (dynamic and Nishio rules) once it has
/// been followed, and the first state found both holding and not holding stops the run.
/// The run's parents are added to `all` if `RECORD` (a run without them must not be asked for
/// its ancestors; whether they are recorded changes nothing else).
fn propagate<const RECORD: bool, const RULE: u8>(
    g: &Grid,
    links: &Links,
    units: &UnitPlaces,
    start: State,
    scratch: &mut Scratch,
    all: &mut Parents,
) -> Run {
    let rule = [Rule::Static, Rule::Nishio, Rule::Dynamic][usize::from(RULE)];
    let Scratch {
        table,
        ons,
        offs,
        next,
        tmp,
    } = scratch;
    let Parents { range, pool } = all;
    ons.clear();
    offs.clear();
    let mut run = Building::<RECORD, RULE> {
        seen: [0; 32],
        count: 0,
        table,
        pool,
    };
    let mut conflict = None;
    let mut cand = g.cand;
    // The places of each digit in each unit in `cand` (the dynamic rules remove candidates as
    // they go).
    let mut places = *units;
    run.mark(start, &[]);
    if start % 2 == 1 {
        ons.push(start);
    } else {
        offs.push(start);
    }
    let (mut on_head, mut off_head) = (0, 0);
    while conflict.is_none() {
        let s = if on_head < ons.len() {
            on_head += 1;
            ons[on_head - 1]
        } else if off_head < offs.len() {
            off_head += 1;
            offs[off_head - 1]
        } else {
            break;
        };
        let (c, d) = (cell_of(s), digit_of(s));
        if s % 2 == 1 || rule == Rule::Static {
            // The static implications: a "holds" state's do not depend on the chain's changes
            // to the grid (Nishio keeps those of its digit), and static chains make none.
            let from = [s as u16];
            let mut implied = links.of(s);
            if rule == Rule::Nishio {
                // A "holds" state's implications on other digits, its cell's other candidates
                // in the grid, come first.
                implied = &implied[g.cand[c].count_ones() as usize - 1..];
            }
            for &n in implied {
                let n = n as State;
                if run.reach(n, &from, ons, offs) {
                    conflict = Some(n);
                    break;
                }
            }
        } else {
            next.clear();
            tmp.clear();
            // `cand` still holds `d` here: the grid changes after the state is followed.
            if rule != Rule::Nishio {
                let m = cand[c];
                let rest = m & !(1 << d);
                if m & (1 << d) != 0 && rest != 0 && rest & (rest - 1) == 0 {
                    let e = rest.trailing_zeros() as u8;
                    let from = tmp.len();
                    tmp.push(s as u16);
                    // The digits the chain already removed from the cell.
                    for x in digits_of(g.cand[c] & !m).filter(|_| RECORD) {
                        tmp.push(state(c, x, false) as u16);
                    }
                    next.push((state(c, e, true), from, tmp.len() - from));
                }
            }
            let d = d as usize;
            for (u, i) in UNIT_POS[c] {
                let left = places[d][u];
                // Exactly two places, `c` one of them.
                let other = SINGLE[(left & !(1 << i)) as usize];
                if left & (1 << i) == 0 || other == 0 {
                    continue;
                }
                let q = UNITS[u][other as usize - 1] as usize;
                let from = tmp.len();
                tmp.push(s as u16);
                // The places the chain already removed from the unit, in the cells' order.
                let mut gone = if RECORD { units[d][u] & !left } else { 0 };
                while gone != 0 {
                    let r = UNITS[u][gone.trailing_zeros() as usize] as usize;
                    tmp.push(state(r, d as u8, false) as u16);
                    gone &= gone - 1;
                }
                next.push((state(q, d as u8, true), from, tmp.len() - from));
            }
            cand[c] &= !(1 << d);
            for (u, i) in UNIT_POS[c] {
                places[d][u] &= !(1 << i);
            }
            // Under the Nishio rule, only places of the state's own digit (no cell rule above).
            for &(n, from, len) in next.iter() {
                if run.reach(n, &tmp[from..from + len], ons, offs) {
                    conflict = Some(n);
                    break;
                }
            }
        }
    }
    run.finish(start, conflict, range)
}

/// Every candidate of a cell, every place of a digit in a unit: the groups whose members'
/// common consequences are deductions, in order, as (cell or unit, digit or 0 for a cell);
/// `units` holds the places of each digit in each unit of `g`.
fn groups(g: &Grid, units: &UnitPlaces, rule: Rule) -> Vec<(usize, u8)> {
    let mut groups: Vec<(usize, u8)> = Vec::with_capacity(81 + 243);
    // As in SE, static chains start only from cells of three or more candidates (a cell of
    // two is a simple forcing chain), and a unit's places from the unit's first place.
    let min = if rule == Rule::Static { 3 } else { 2 };
    for c in 0..81 {
        if g.cand[c].count_ones() >= min {
            groups.push((c, 0));
        }
    }
    for (u, unit) in UNITS.iter().enumerate() {
        for d in 1..=9u8 {
            let places = units[d as usize][u];
            // Two places or more, the first (the lowest position) in a cell of `min` or more.
            if places & (places.wrapping_sub(1)) != 0
                && g.cand[unit[places.trailing_zeros() as usize] as usize].count_ones() >= min
            {
                groups.push((u, d));
            }
        }
    }
    groups
}

/// The "holds" states of a group (see [`groups`]) into `out`.
fn group_states(g: &Grid, units: &UnitPlaces, at: usize, gd: u8, out: &mut Vec<State>) {
    out.clear();
    if gd == 0 {
        out.extend(digits_of(g.cand[at]).map(|d| state(at, d, true)));
    } else {
        let mut places = units[gd as usize][at];
        while places != 0 {
            let q = UNITS[at][places.trailing_zeros() as usize] as usize;
            out.push(state(q, gd, true));
            places &= places - 1;
        }
    }
}

/// A deduction: the state that holds, its complexity, and the words for the hint.
struct Deduction {
    rating: f64,
    /// Candidates the chains need (SE's complexity: the fewer, the earlier among equal ratings).
    nodes: usize,
    target: State,
    cells: Vec<usize>,
    why: String,
}

/// Multiple forcing chains (SE 8.0 and up).
pub(crate) fn multiple(g: &Grid, f: &mut Finding) -> bool {
    forcing(g, f, Rule::Static, 8.0)
}

/// Nishio forcing chains (SE 7.5 and up).
pub(crate) fn nishio(g: &Grid, f: &mut Finding) -> bool {
    forcing(g, f, Rule::Nishio, 7.5)
}

/// Dynamic forcing chains (SE 8.5 and up).
pub(crate) fn dynamic(g: &Grid, f: &mut Finding) -> bool {
    forcing(g, f, Rule::Dynamic, 8.5)
}

/// True if `s` changes the grid: an open candidate that does not hold, or a placement.
fn useful(g: &Grid, s: State) -> bool {
    let (c, d) = (cell_of(s), digit_of(s));
    g.value[c] == 0 && g.cand[c] & (1 << d) != 0
}

/// The buffers of the runs of a search, kept in the memo between searches (their contents
/// do not matter between searches: each search clears what it reads).
pub(crate) struct Buffers {
    runs: Runs,
    scratch: Scratch,
    all: Parents,
    stack: Vec<u16>,
}

impl Default for Buffers {
    fn default() -> Buffers {
        Buffers {
            runs: Runs {
                index: [u16::MAX; STATES],
                list: Vec::with_capacity(2 * 81 * 9),
            },
            scratch: Scratch::new(),
            all: Parents::new(),
            stack: Vec::with_capacity(STATES),
        }
    }
}

impl std::fmt::Debug for Buffers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("dynamic::Buffers")
    }
}

fn forcing(g: &Grid, f: &mut Finding, rule: Rule, base: f64) -> bool {
    let mut bufs = f.memo.dynamic.take().unwrap_or_default();
    let best = search(g, f, rule, base, &mut bufs);
    f.memo.dynamic = Some(bufs);
    let Some(b) = best else {
        return false;
    };
    let (c, d) = (cell_of(b.target), digit_of(b.target));
    if b.target % 2 == 1 {
        f.placements.push((c as u8, d));
    } else {
        f.eliminations.push((c as u8, d));
    }
    f.rating = Some(tenths(b.rating));
    if f.explain {
        let mut cells = b.cells;
        cells.sort_unstable();
        cells.dedup();
        f.set_cells(cells);
        let name = match rule {
            Rule::Static => "Multiple forcing chains",
            Rule::Nishio => "Nishio forcing chain",
            Rule::Dynamic => "Dynamic forcing chains",
        };
        let verdict = if b.target % 2 == 1 {
            format!("{} is {d}", cell_name(c))
        } else {
            format!("{d} is removed from {}", cell_name(c))
        };
        f.text = format!("{name}: {}, so {verdict}", b.why);
    }
    true
}

/// The best deduction of `rule`'s chains on `g` (see [`forcing`]), in the buffers `bufs`.
fn search(
    g: &Grid,
    f: &mut Finding,
    rule: Rule,
    base: f64,
    bufs: &mut Buffers,
) -> Option<Deduction> {
    let links = Links::both(g, &mut f.memo);
    let digits = links.digit;
    // A Nishio run follows one digit only, so it reads nothing but that digit's cells, and only
    // its contradictions count: the runs of a digit whose cells are those of an earlier search
    // in which they met no contradiction would meet none again, and are skipped.
    let mut skip = 0u16;
    if rule == Rule::Nishio {
        for d in 1..=9u8 {
            if f.memo
                .found_nothing(DigitRung::Nishio, d, digits[d as usize])
            {
                skip |= 1 << d;
            }
        }
    }
    // Static chains: a run reaches only states that follow from its assumption through the
    // implications (all of them, unless it stops at a contradiction), so a group for which no
    // state follows from all of its members has no common consequence: its members' runs are
    // built only if another group needs them (a group missing a run is passed over below).
    // Which states follow from which is known if the forcing chains' rung worked it out on
    // this grid (it comes first on the ladder).
    let units = unit_places(g);
    let mut needed: Option<[u64; 23]> = None;
    if rule == Rule::Static
        && let Some((cand, reach)) = &f.memo.reach
        && *cand == g.cand
    {
        let mut need = [0u64; 23];
        let mut group = Vec::with_capacity(9);
        for &(at, gd) in &groups(g, &units, rule) {
            group_states(g, &units, at, gd, &mut group);
            if reach.common(&group) {
                for &s in &group {
                    need[s / 64] |= 1 << (s % 64);
                }
            }
        }
        needed = Some(need);
    }
    let Buffers {
        runs,
        scratch,
        all,
        stack,
    } = bufs;
    // Only the last search's assumptions have an index.
    for r in &runs.list {
        runs.index[r.start] = u16::MAX;
    }
    runs.list.clear();
    all.range.clear();
    all.pool.clear();
    // The run of `a`, its parents recorded if `read`, or else only if it meets a contradiction
    // (then it is followed again, recording them: the same states in the same order, as
    // recording reads nothing the run follows).
    let mut run = |a: State, read: bool, all: &mut Parents| {
        if !read {
            let r = follow(g, &links, &units, a, rule, false, scratch, all);
            if r.conflict.is_none() {
                return r;
            }
        }
        follow(g, &links, &units, a, rule, true, scratch, all)
    };
    for c in 0..81 {
        for d in digits_of(g.cand[c] & !skip) {
            let on = state(c, d, true);
            if needed.is_some_and(|n| n[on / 64] & (1 << (on % 64)) == 0) {
                continue;
            }
            // Under the Nishio rule only contradictions count: a run's ancestors are counted
            // only if it meets one. (Under the dynamic rule, doing the same for the runs read
            // for contradictions only, those of cells of two candidates not holding, costs
            // more than it saves: many of them meet one.)
            let read = rule != Rule::Nishio;
            runs.add(run(on, read, all));
            if rule != Rule::Static {
                runs.add(run(state(c, d, false), read, all));
            }
        }
    }
    if rule == Rule::Nishio {
        let mut met = 0u16;
        for r in runs.list.iter().filter(|r| r.conflict.is_some()) {
            met |= 1 << digit_of(r.start);
        }
        for d in digits_of(0x3FE & !skip) {
            f.memo
                .record(DigitRung::Nishio, d, digits[d as usize], met & 1 << d != 0);
        }
    }
    let mut best: Option<Deduction> = None;
    // The nodes of the best deduction so far: a rating grows with the nodes, so a deduction
    // of as many nodes or more is not better, and its nodes need not be counted to the end.
    let cap = std::cell::Cell::new(usize::MAX);
    // The nodes of `s` in `runs`, or `cap` if they reach it.
    let mut total = |runs: &[&Run], s: State| {
        let mut n = 0;
        for r in runs {
            n += r.ancestors(all, s, stack, cap.get() - n);
            if n >= cap.get() {
                break;
            }
        }
        n
    };
    let mut offer =
        |rating: f64, nodes: usize, target: State, make: &dyn Fn() -> (Vec<usize>, String)| {
            if nodes >= cap.get() {
                return;
            }
            let key = ((tenths(rating) * 10.0).round() as u32, nodes);
            if best
                .as_ref()
                .is_none_or(|b| key < ((tenths(b.rating) * 10.0).round() as u32, b.nodes))
            {
                cap.set(nodes);
                let (cells, why) = make();
                best = Some(Deduction {
                    rating,
                    nodes,
                    target,
                    cells,
                    why,
                });
            }
        };
    // Contradictions: the assumption is false (not in static chains, as in SE). The runs are
    // listed by candidate, "holds" then "does not hold": taken two by two, the second first,
    // they come in state order.
    let pairs = runs.list.chunks_exact(2).filter(|_| rule != Rule::Static);
    for run in pairs.flat_map(|p| [&p[1], &p[0]]) {
        let a = run.start;
        if let Some(x) = run.conflict {
            let n = total(&[run], x) + total(&[run], x ^ 1);
            offer(base + length_increment(n), n, a ^ 1, &|| {
                (
                    vec![cell_of(a), cell_of(x)],
                    format!(
                        "if {} then {} would both be {d} and not be {d}",
                        describe_state(cell_of(a), digit_of(a), a % 2 == 1),
                        cell_name(cell_of(x)),
                        d = digit_of(x)
                    ),
                )
            });
        }
    }
    if rule == Rule::Dynamic {
        // Both ways of one candidate (SE: in cells of three or more candidates; with two, it is
        // the cell's own forcing below).
        for p in (0..STATES).step_by(2) {
            if g.cand[cell_of(p)].count_ones() < 3 {
                continue;
            }
            let (Some(off), Some(on)) = (runs.get(p), runs.get(p + 1)) else {
                continue;
            };
            for w in 0..23 {
                let mut both = off.seen[w] & on.seen[w];
                while both != 0 {
                    let s = w * 64 + both.trailing_zeros() as usize;
                    both &= both - 1;
                    if !useful(g, s) {
                        continue;
                    }
                    let n = total(&[off, on], s);
                    offer(base + length_increment(n), n, s, &|| {
                        let (c, d) = (cell_of(p), digit_of(p));
                        (
                            vec![c, cell_of(s)],
                            format!(
                                "whether {} is {d} or not, {}",
                                cell_name(c),
                                describe_state(cell_of(s), digit_of(s), s % 2 == 1)
                            ),
                        )
                    });
                }
            }
        }
    }
    if rule != Rule::Nishio {
        let mut members: Vec<&Run> = Vec::with_capacity(9);
        let mut group: Vec<State> = Vec::with_capacity(9);
        for &(at, gd) in &groups(g, &units, rule) {
            group_states(g, &units, at, gd, &mut group);
            members.clear();
            members.extend(group.iter().filter_map(|&s| runs.get(s)));
            if members.len() != group.len() {
                continue;
            }
            for w in 0..23 {
                let mut all = members.iter().fold(u64::MAX, |m, r| m & r.seen[w]);
                while all != 0 {
                    let s = w * 64 + all.trailing_zeros() as usize;
                    all &= all - 1;
                    if !useful(g, s) {
                        continue;
                    }
                    let n = total(&members, s);
                    offer(base + length_increment(n), n, s, &|| {
                        let words = if gd == 0 {
                            format!("whichever digit {} holds", cell_name(at))
                        } else {
                            format!("wherever {gd} goes in {}", unit_name(at))
                        };
                        (
                            group
                                .iter()
                                .map(|&x| cell_of(x))
                                .chain([cell_of(s)])
                                .collect(),
                            format!(
                                "{words}, {}",
                                describe_state(cell_of(s), digit_of(s), s % 2 == 1)
                            ),
                        )
                    });
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::candidates::{UNIT_BITS, cells_of};
    use crate::logic::testutil::grid_with_candidates;

    #[test]
    fn cell_forcing_chains() {
        // r1c1 {1,2,4}, r1c5 {1,3}, r1c6 {2,3}, r1c7 {3,4}: whichever digit r1c1 holds, one of
        // r1c5, r1c6, r1c7 is 3, so the rest of row 1 is not 3. Three branches of 4 candidates:
        // 8.0 + 0.3.
        let mut g = grid_with_candidates(&[]);
        g.cand[0] = 0b10110;
        g.cand[4] = 0b01010;
        g.cand[5] = 0b01100;
        g.cand[6] = 0b11000;
        let mut f = Finding::new(true);
        assert!(multiple(&g, &mut f));
        assert_eq!(f.eliminations, vec![(1, 3)]);
        assert_eq!(f.rating, Some(8.3));
        assert_eq!(
            f.text,
            "Multiple forcing chains: whichever digit r1c1 holds, r1c2≠3, so 3 is removed from r1c2"
        );
        // The dynamic rung, at its own base, prefers r1c2≠1 (when r1c1 is 1 it sees r1c2
        // directly; fewer candidates in all at the same rating).
        let mut f = Finding::new(false);
        assert!(dynamic(&g, &mut f));
        assert_eq!((f.eliminations, f.rating), (vec![(1, 1)], Some(8.8)));
    }

    #[test]
    fn static_chains_skip_two_candidate_cells() {
        // r1c1 {1,2}, r1c5 {1,3}, r5c1 {2,3}: whichever digit r1c1 holds, r1c5 or r5c1 is 3, so
        // r5c5 is not 3; but SE's static multiple chains do not start from a cell of two
        // candidates (that is a simple forcing chain): they find it from the places of 1 in
        // box 2 instead, at 8.7, while dynamic chains start from r1c1: 8.5 + 0.1.
        let mut g = grid_with_candidates(&[]);
        g.cand[0] = 0b0110;
        g.cand[4] = 0b1010;
        g.cand[36] = 0b1100;
        let mut f = Finding::new(true);
        assert!(multiple(&g, &mut f));
        assert_eq!(
            (f.eliminations.clone(), f.rating),
            (vec![(40, 3)], Some(8.7))
        );
        assert_eq!(
            f.text,
            "Multiple forcing chains: wherever 1 goes in box 2, r5c5≠3, so 3 is removed from r5c5"
        );
        let mut f = Finding::new(true);
        assert!(dynamic(&g, &mut f));
        assert_eq!(
            (f.eliminations.clone(), f.rating),
            (vec![(40, 3)], Some(8.6))
        );
        assert_eq!(
            f.text,
            "Dynamic forcing chains: whichever digit r1c1 holds, r5c5≠3, so 3 is removed from r5c5"
        );
    }

    #[test]
    fn nishio_contradiction_on_one_digit() {
        // Box 4 has 5 only in r4c1, r5c1, r5c2; box 7 only in r7c1, r7c2. If r7c4 were 5, r7c1
        // would not be, so r7c2 would be 5 (the last place in box 7) and not be 5 (a peer of
        // r7c4): 3 + 2 candidates, 7.5, the fewest of the contradictions rated 7.5 (r1c1=5
        // empties column 3 in 4 + 2).
        let mut g = grid_with_candidates(&[]);
        for c in [28usize, 29, 38, 45, 46, 47] {
            g.cand[c] &= !(1 << 5);
        }
        for c in [56usize, 63, 64, 65, 72, 73, 74] {
            g.cand[c] &= !(1 << 5);
        }
        let mut f = Finding::new(true);
        assert!(nishio(&g, &mut f));
        assert_eq!(f.eliminations, vec![(57, 5)]);
        assert_eq!(f.rating, Some(7.5));
        assert_eq!(
            f.text,
            "Nishio forcing chain: if r7c4=5 then r7c2 would both be 5 and not be 5, so 5 is removed from r7c4"
        );
    }

    #[test]
    fn a_branch_that_meets_a_contradiction_still_counts() {
        // SE rates this bank puzzle 8.8. At its second dynamic step, 4 in row 6 is removed
        // from r5c8 by unit forcing in which one place's branch ends in a contradiction: the
        // consequences it found until then still count (4 cannot go there), as in SE.
        let cells = crate::logic::testutil::parse(
            "000020060130690080200000009040002010600030005070100030900000003020015078010080000",
        );
        let mut grids = Vec::new();
        let g = super::super::grade::run(&cells, crate::level::Level::Master, |t, _, grid| {
            if t.name == "Dynamic forcing chains" {
                grids.push(grid.clone());
            }
        })
        .unwrap();
        assert_eq!(g.score, 8.8);
        let grid = &grids[1];
        let mut f = Finding::new(true);
        assert!(dynamic(grid, &mut f));
        assert_eq!(f.eliminations, vec![(43, 4)]);
        assert_eq!(f.rating, Some(8.8));
        assert_eq!(
            f.text,
            "Dynamic forcing chains: wherever 4 goes in row 6, r5c8≠4, so 4 is removed from r5c8"
        );
        let mut links = Links::new(grid);
        links.tabulate(grid);
        let digits = links.digit;
        let mut scratch = Box::new(Scratch::new());
        let mut all = Parents::new();
        let units = unit_places(grid);
        let cut: Vec<Run> = cells_of(digits[4] & UNIT_BITS[5])
            .map(|c| {
                let on = state(c, 4, true);
                propagate::<true, { Rule::Dynamic as u8 }>(
                    grid,
                    &links,
                    &units,
                    on,
                    &mut scratch,
                    &mut all,
                )
            })
            .filter(|r| r.conflict.is_some())
            .collect();
        assert_eq!(cut.len(), 1);
        assert!(cut[0].has(state(43, 4, false)));
        // The scratch buffers' old contents do not matter: each run rests on the same parents.
        let start = state(cells_of(digits[4] & UNIT_BITS[5]).next().unwrap(), 4, true);
        let mut fresh = Parents::new();
        let clean = propagate::<true, { Rule::Dynamic as u8 }>(
            grid,
            &links,
            &units,
            start,
            &mut Box::new(Scratch::new()),
            &mut fresh,
        );
        let dirty = propagate::<true, { Rule::Dynamic as u8 }>(
            grid,
            &links,
            &units,
            start,
            &mut scratch,
            &mut all,
        );
        assert_eq!((clean.seen, clean.conflict), (dirty.seen, dirty.conflict));
        let reached: Vec<State> = (0..STATES).filter(|&s| clean.has(s)).collect();
        assert!(reached.len() > 2);
        for s in reached {
            let ((a, n), (b, m)) = (clean.parents(&fresh, s), dirty.parents(&all, s));
            assert_eq!(fresh.pool[a..a + n], all.pool[b..b + m]);
            let mut stack = Vec::new();
            assert_eq!(
                clean.ancestors(&fresh, s, &mut stack, usize::MAX),
                dirty.ancestors(&all, s, &mut stack, usize::MAX)
            );
        }
    }
}
