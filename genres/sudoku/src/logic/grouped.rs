//! Grouped strong-link chains (`LADDER_V2` only): the chains of [`super::strong_links`] where a
//! node may also be a group, the two or three places of a digit where a box crosses a row or a
//! column. A unit whose places for the digit are exactly two nodes links them strongly (one of
//! them holds the digit); a node is weakly linked to another when every cell of one sees every
//! cell of the other. Rated as SE rates them, flat: the plain chain's base for the number of
//! strong links (4.0, 5.4, 5.8) plus 0.3, without the plain chains' additions for box links or
//! crossing lines; only chains using at least one group are reported (the plain rungs take the
//! others).

use super::candidates::{
    Bits, Grid, PEER_BITS, UNIT_BITS, bit, box_of, cell_name, cells_of, col, row,
};
use super::strong_links::{Kind, kind_of, rating};
use super::technique::{DigitRung, Finding, Ranked, tenths};

/// SE's addition for a chain through grouped nodes.
const GROUPED: f64 = 0.3;

/// Grouped chains of two strong links (grouped skyscraper, kite, turbot fish).
pub(crate) fn two_links(g: &Grid, f: &mut Finding) -> bool {
    chains(g, f, 2)
}

/// Grouped chains of three strong links.
pub(crate) fn three_links(g: &Grid, f: &mut Finding) -> bool {
    chains(g, f, 3)
}

/// Grouped chains of four strong links.
pub(crate) fn four_links(g: &Grid, f: &mut Finding) -> bool {
    chains(g, f, 4)
}

/// The most strong links of a grouped chain (the longest rung's).
const MAX_LINKS: usize = 4;

/// The best chain so far: rating, candidates removed, digit, nodes along it, targets.
#[derive(Clone, Debug)]
struct Best {
    rating: f64,
    removed: u32,
    digit: u8,
    path: Vec<Bits>,
    targets: Bits,
    links: usize,
}

fn chains(g: &Grid, f: &mut Finding, k: usize) -> bool {
    let mut best: Option<Best> = None;
    let mut bufs = Bufs::new();
    let digits = f.memo.digits_bits(g);
    for d in 1..=9u8 {
        let db = digits[usize::from(d)];
        // A digit's chains read only its cells.
        if f.memo.found_nothing(DigitRung::Grouped(k), d, db) {
            continue;
        }
        // A digit without places has no chains.
        if db == 0 {
            continue;
        }
        // The graph and its chains read only the digit's cells: kept between rungs and steps
        // while they stay the same.
        let graph = f.memo.grouped[usize::from(d)].get_or_insert_with(Graph::default);
        if graph.db != db {
            // Every node of a chain ends one of its strong links: a chain through a group
            // needs a group with a strong link, and without one the digit has no chains (its
            // graph is not built).
            if group_linked(db) {
                graph.build(db);
                graph.search(d, &mut bufs);
            } else {
                graph.db = db;
                graph.best = Default::default();
            }
        }
        let chain = graph.best[k].as_ref();
        let found = chain.is_some();
        // Each digit's best is the first best of its chains in search order, so the first
        // best over the digits in order is the first best of all chains.
        if let Some(c) = chain
            && c.beats(&best)
        {
            best = Some(c.clone());
        }
        f.memo.record(DigitRung::Grouped(k), d, db, found);
    }
    let Some(b) = best else {
        return false;
    };
    f.eliminate_all(b.targets, b.digit);
    f.rating = Some(tenths(b.rating));
    if f.explain {
        f.set_cells(b.path.iter().flat_map(|&n| cells_of(n)));
        let mut chain = String::new();
        for (i, &n) in b.path.iter().enumerate() {
            if i > 0 {
                chain.push_str(if i % 2 == 1 { " = " } else { " - " });
            }
            chain.push_str(&node_name(n));
        }
        let (a, z) = (b.path[0], b.path[b.path.len() - 1]);
        f.explain_eliminations(format!(
            "Grouped {}-strong-link chain on {}: {chain} (= the only places in a unit, - see each other; a group in parentheses holds the digit in one of its cells or in none): {} or {} holds {}",
            b.links,
            b.digit,
            node_name(a),
            node_name(z),
            b.digit
        ));
    }
    true
}

impl Ranked for Best {
    fn rank(&self) -> (f64, u32) {
        (self.rating, self.removed)
    }
}

/// `r1c2` for a cell, `(r1c2 r1c3)` for a group.
fn node_name(n: Bits) -> String {
    if n.count_ones() == 1 {
        return cell_name(n.trailing_zeros() as usize);
    }
    let names: Vec<String> = cells_of(n).map(cell_name).collect();
    format!("({})", names.join(" "))
}

/// The strong links of one node, in unit order: (partner node, kind). A cell lies in three
/// units and a group in two, each giving at most one link.
#[derive(Clone, Copy, Debug)]
struct Partners {
    n: u8,
    links: [(u8, Kind); 3],
}

impl Default for Partners {
    fn default() -> Partners {
        Partners {
            n: 0,
            links: [(0, Kind::Row); 3],
        }
    }
}

impl Partners {
    /// Adds a link to `node` (below 135).
    fn push(&mut self, node: usize, kind: Kind) {
        self.links[usize::from(self.n)] = (node as u8, kind);
        self.n += 1;
    }

    fn links(&self) -> &[(u8, Kind)] {
        &self.links[..usize::from(self.n)]
    }
}

/// The link graph of one digit: its cells, how many, its nodes, the cells that see all of each,
/// the strong links (partner node, kind) and the weak links (a set of node indices) of each; and
/// the best chain of each number of strong links on it. Its buffers are reused when the digit's
/// cells change.
#[derive(Debug, Default)]
pub(crate) struct Graph {
    db: Bits,
    ncells: usize,
    nodes: Vec<Bits>,
    seers: Vec<Bits>,
    strong: Vec<Partners>,
    weak: Vec<[u64; 3]>,
    best: [Option<Best>; MAX_LINKS + 1],
}

impl Graph {
    /// Finds the best chain of each number of strong links (2 to [`MAX_LINKS`]) of digit `d`
    /// on this graph.
    ///
    /// The search for chains of k strong links from a start is the search for the longest ones
    /// cut off after k links: breadth first, the states within k links come first, reached in
    /// the same order from the same parents, so the ends of k links are met in the same order
    /// with the same paths. One search per start gives the chains of every length.
    fn search(&mut self, d: u8, bufs: &mut Bufs) {
        let mut best: [Option<Best>; MAX_LINKS + 1] = Default::default();
        // Every node of a chain ends one of its strong links: a chain through a group needs a
        // group with a strong link.
        if self.strong[self.ncells..].iter().any(|p| p.n > 0) {
            for (s, partners) in self.strong.iter().enumerate() {
                if partners.n > 0 {
                    search_from(self, s, d, bufs, &mut best);
                }
            }
        }
        self.best = best;
    }
}

/// True if some group of the digit whose cells are `db` has a strong link in the graph
/// [`Graph::build`] makes: in its box or its line, the digit's other places there are one cell
/// or exactly the places where the box crosses one row or one column (another group).
fn group_linked(db: Bits) -> bool {
    // The other places `rest` of a unit are one node.
    let one_node = |rest: Bits| {
        if rest & rest.wrapping_sub(1) == 0 {
            return rest != 0;
        }
        let c = rest.trailing_zeros() as usize;
        let boxed = db & UNIT_BITS[18 + box_of(c)];
        let (r, k) = (UNIT_BITS[row(c)], UNIT_BITS[9 + col(c)]);
        (rest & !r == 0 && rest == boxed & r) || (rest & !k == 0 && rest == boxed & k)
    };
    for bx in 0..9 {
        let boxed = db & UNIT_BITS[18 + bx];
        let (r0, c0) = ((bx / 3) * 3, (bx % 3) * 3);
        for line in (r0..r0 + 3).chain(9 + c0..9 + c0 + 3) {
            let m = boxed & UNIT_BITS[line];
            if m & m.wrapping_sub(1) != 0
                && (one_node(boxed & !m) || one_node(db & UNIT_BITS[line] & !m))
            {
                return true;
            }
        }
    }
    false
}

/// No node in a group slot (see [`Graph::build`]).
const NO_NODE: u8 = u8::MAX;

impl Graph {
    /// Makes this the graph of the digit whose cells are `db`.
    ///
    /// The nodes are the digit's cells in increasing order (a cell's index is its rank among
    /// them), then its groups: box by box, the places of the digit where the box crosses each
    /// of its three rows, then each of its three columns (group slot `6 * box + j`), when there
    /// are two or three.
    fn build(&mut self, db: Bits) {
        let Graph {
            db: cells,
            ncells: nc,
            nodes,
            seers,
            strong,
            weak,
            ..
        } = self;
        *cells = db;
        nodes.clear();
        seers.clear();
        // Per unit: the ranks of the digit's cells in it, and (by index among the groups) the
        // groups in it.
        let mut unit_ranks = [0u128; 27];
        let mut unit_groups = [0u64; 27];
        let mut ranks = [0u8; 81];
        for (i, c) in cells_of(db).enumerate() {
            ranks[c] = i as u8;
            nodes.push(bit(c));
            seers.push(PEER_BITS[c]);
            for u in [row(c), 9 + col(c), 18 + box_of(c)] {
                unit_ranks[u] |= 1 << i;
            }
        }
        let ncells = nodes.len();
        *nc = ncells;
        let mut slot_node = [NO_NODE; 54];
        // The box and the line of each group.
        let mut group_units = [[0usize; 2]; 54];
        for (bx, slots) in slot_node.chunks_exact_mut(6).enumerate() {
            let boxed = db & UNIT_BITS[18 + bx];
            if boxed & boxed.wrapping_sub(1) == 0 {
                continue;
            }
            let (r0, c0) = ((bx / 3) * 3, (bx % 3) * 3);
            for (slot, line) in slots.iter_mut().zip((r0..r0 + 3).chain(9 + c0..9 + c0 + 3)) {
                let m = boxed & UNIT_BITS[line];
                if m & m.wrapping_sub(1) != 0 {
                    let i = nodes.len() - ncells;
                    group_units[i] = [18 + bx, line];
                    unit_groups[18 + bx] |= 1 << i;
                    unit_groups[line] |= 1 << i;
                    *slot = nodes.len() as u8;
                    nodes.push(m);
                    seers.push(cells_of(m).fold(!0u128, |s, c| s & PEER_BITS[c]));
                }
            }
        }
        let rank = |c: usize| usize::from(ranks[c]);
        // The node that is exactly `rest` (not empty), if any: a cell, or the group in the box
        // and line of its first cell.
        let node_of = |rest: Bits| {
            let c = rest.trailing_zeros() as usize;
            if rest & (rest - 1) == 0 {
                return Some(rank(c));
            }
            let j = if rest & !UNIT_BITS[row(c)] == 0 {
                row(c) % 3
            } else if rest & !UNIT_BITS[9 + col(c)] == 0 {
                3 + col(c) % 3
            } else {
                return None;
            };
            let n = usize::from(slot_node[6 * box_of(c) + j]);
            (n != usize::from(NO_NODE) && nodes[n] == rest).then_some(n)
        };
        // Strong links: (partner node, kind) per node, unit by unit; a node is one of the
        // places of the unit, and the others are one node. The groups within a unit are those
        // of its slots, taken in node order.
        strong.clear();
        strong.resize(nodes.len(), Partners::default());
        for (u, ub) in UNIT_BITS.iter().enumerate() {
            let places = db & ub;
            if places & places.wrapping_sub(1) == 0 {
                continue;
            }
            let kind = kind_of(u / 9);
            // A node is one cell or a group of two or three: the other places are one node
            // only if they are three or fewer, so a unit of more than four places gives a cell
            // no strong link, and one of more than six gives a group none (`node_of` would
            // answer `None` for each).
            let count = places.count_ones();
            if count <= 4 {
                for c in cells_of(places) {
                    if let Some(j) = node_of(places & !bit(c)) {
                        strong[rank(c)].push(j, kind);
                    }
                }
            }
            if count > 6 {
                continue;
            }
            let slots = match u {
                0..9 => [0, 6, 12].map(|o| 18 * (u / 3) + o + u % 3),
                9..18 => [0, 18, 36].map(|o| 6 * ((u - 9) / 3) + o + 3 + (u - 9) % 3),
                _ => [0, 1, 2].map(|o| 6 * (u - 18) + o),
            };
            let box_more = if u >= 18 {
                6 * (u - 18) + 3..6 * (u - 18) + 6
            } else {
                0..0
            };
            for slot in slots.into_iter().chain(box_more) {
                let i = usize::from(slot_node[slot]);
                if i == usize::from(NO_NODE) || nodes[i] == places {
                    continue;
                }
                if let Some(j) = node_of(places & !nodes[i]) {
                    strong[i].push(j, kind);
                }
            }
        }
        // Weak links, as a set of node indices per node: b follows a when every cell of b
        // sees every cell of a (at most 81 cells and 54 groups: 135 nodes, three words). The
        // cells that see every cell of a are those of its units but its own (a cell's row,
        // column and box; a group's box and line), and so are the groups that may: a group
        // outside those units has a cell outside them.
        let groups = &nodes[ncells..];
        weak.clear();
        weak.extend(
            nodes
                .iter()
                .zip(seers.iter())
                .enumerate()
                .map(|(a, (&na, &sa))| {
                    let (units, own) = if a < ncells {
                        let c = na.trailing_zeros() as usize;
                        ([row(c), 9 + col(c), 18 + box_of(c)], 1u128 << a)
                    } else {
                        let [bu, lu] = group_units[a - ncells];
                        let own = cells_of(na).fold(0u128, |m, c| m | 1 << rank(c));
                        ([bu, lu, lu], own)
                    };
                    let seen = units.iter().fold(0u128, |m, &u| m | unit_ranks[u]) & !own;
                    let mut w = [seen as u64, (seen >> 64) as u64, 0];
                    let mut maybe = units.iter().fold(0u64, |m, &u| m | unit_groups[u]);
                    while maybe != 0 {
                        let i = maybe.trailing_zeros() as usize;
                        maybe &= maybe - 1;
                        if groups[i] & !sa == 0 {
                            let b = ncells + i;
                            w[b / 64] |= 1 << (b % 64);
                        }
                    }
                    w
                }),
        );
    }
}

/// The most states of a search: (node, holds the digit) for at most 81 cells and 54 groups.
const STATES: usize = 2 * 135;

/// The buffers of [`search_from`], reused by every search of one call: per state, the state
/// it was reached from, the kind of the strong link into it and its number of strong links;
/// and the queue (each state enters it at most once).
struct Bufs {
    parent: [u16; STATES],
    kind_in: [Kind; STATES],
    links: [u8; STATES],
    queue: [u16; STATES],
}

impl Bufs {
    fn new() -> Bufs {
        Bufs {
            parent: [0; STATES],
            kind_in: [Kind::Row; STATES],
            links: [0; STATES],
            queue: [0; STATES],
        }
    }
}

/// Breadth-first search over (node, holds the digit) from "s does not hold d", as in
/// [`super::strong_links`]; a chain of k strong links (2 to [`MAX_LINKS`]) through at least one
/// group whose ends are both seen by some place of d is a finding, kept in `best[k]` if better.
///
/// A state is seen once, when first reached (its parent is the state it was reached from). A
/// state that holds the digit after `MAX_LINKS` strong links is looked at when reached and not
/// queued: it would lead nowhere.
fn search_from(
    graph: &Graph,
    s: usize,
    d: u8,
    bufs: &mut Bufs,
    best: &mut [Option<Best>; MAX_LINKS + 1],
) {
    let Graph {
        db,
        nodes,
        seers,
        strong,
        weak,
        ..
    } = graph;
    let Bufs {
        parent,
        kind_in,
        links,
        queue,
    } = bufs;
    // The states seen, as sets of nodes: those that do not hold the digit, those that do.
    let mut seen_off = [0u64; 3];
    let mut seen_on = [0u64; 3];
    seen_off[s / 64] |= 1 << (s % 64);
    // The places of the digit that see all of s, besides s: the targets of a chain from s are
    // those that also see all of its other end.
    let from_s = db & seers[s] & !nodes[s];
    // Only the seen states are read: a state's parent, kind and link count are written when it
    // is first seen (the start's link count here; its parent and kind are never read).
    links[2 * s] = 0;
    queue[0] = 2 * s as u16;
    let (mut head, mut tail) = (0, 1);
    while head < tail {
        let st = usize::from(queue[head]);
        head += 1;
        let a = st / 2;
        let l = links[st];
        if st % 2 == 1 {
            for (w, &word) in weak[a].iter().enumerate() {
                let mut m = word & !seen_off[w];
                seen_off[w] |= m;
                while m != 0 {
                    let b = w * 64 + m.trailing_zeros() as usize;
                    m &= m - 1;
                    parent[2 * b] = st as u16;
                    links[2 * b] = l;
                    queue[tail] = 2 * b as u16;
                    tail += 1;
                }
            }
            continue;
        }
        for &(t, kind) in strong[a].links() {
            let t = usize::from(t);
            if seen_on[t / 64] & (1 << (t % 64)) != 0 {
                continue;
            }
            seen_on[t / 64] |= 1 << (t % 64);
            let nst = 2 * t + 1;
            let k = usize::from(l) + 1;
            if k < MAX_LINKS {
                parent[nst] = st as u16;
                kind_in[nst] = kind;
                links[nst] = l + 1;
                queue[tail] = nst as u16;
                tail += 1;
            }
            if k < 2 || t == s {
                continue;
            }
            let targets = from_s & seers[t] & !nodes[t];
            if targets == 0 {
                continue;
            }
            let mut path = Vec::with_capacity(2 * k);
            let mut kinds = Vec::with_capacity(k);
            path.push(nodes[t]);
            kinds.push(kind);
            let mut x = st;
            loop {
                path.push(nodes[x / 2]);
                if x % 2 == 1 {
                    kinds.push(kind_in[x]);
                }
                if x == 2 * s {
                    break;
                }
                x = usize::from(parent[x]);
            }
            if path.iter().all(|p| p.count_ones() == 1) {
                continue;
            }
            path.reverse();
            kinds.reverse();
            // SE rates a chain with a group flat: the plain base for its number of links plus
            // 0.3, without the plain chains' additions for box links or crossing lines.
            let r = rating(&[Kind::Row; 6][..kinds.len()]) + GROUPED;
            let removed = targets.count_ones();
            let chain = Best {
                rating: r,
                removed,
                digit: d,
                path,
                targets,
                links: k,
            };
            if chain.beats(&best[k]) {
                best[k] = Some(chain);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testutil::grid_with_candidates;

    #[test]
    fn grouped_turbot_fish_through_a_box_line_group() {
        // 1 only in r1c1, r1c4, r1c9, r4c4, r7c4, r8c1, r8c5, r8c6. Column 1 links r1c1 and
        // r8c1; r8c1 sees the group r8c5-r8c6; box 8 links the group and r7c4. So r1c1 or r7c4
        // is 1, and r1c4 sees both. Grouped, so 4.0 + 0.3 flat (a plain turbot fish is 4.2).
        let mut g = grid_with_candidates(&[]);
        let keep = [0usize, 3, 8, 30, 57, 63, 67, 68];
        for c in 0..81 {
            if !keep.contains(&c) {
                g.cand[c] &= !0b10;
            }
        }
        let mut f = Finding::new(true);
        assert!(two_links(&g, &mut f));
        assert_eq!(f.eliminations, vec![(3, 1)]);
        assert_eq!(f.rating, Some(4.3));
        assert!(
            f.text
                .starts_with("Grouped 2-strong-link chain on 1: r1c1 = r8c1 - (r8c5 r8c6) = r7c4"),
            "{}",
            f.text
        );
        assert!(f.text.ends_with("so 1 is removed from r1c4"), "{}", f.text);
    }

    #[test]
    fn weak_links_follow_their_definition() {
        // Random places of a digit, sparse to dense: b follows a exactly when every cell of b
        // sees every cell of a.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut graph = Graph::default();
        for round in 0..400 {
            let mut db: Bits = 0;
            for c in 0..81 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x.is_multiple_of(2 + round % 5) {
                    db |= bit(c);
                }
            }
            graph.build(db);
            for (a, w) in graph.weak.iter().enumerate() {
                for (b, &nb) in graph.nodes.iter().enumerate() {
                    let follows = nb & !graph.seers[a] == 0;
                    assert_eq!((w[b / 64] >> (b % 64)) & 1 == 1, follows, "{a} {b}");
                }
            }
        }
    }

    #[test]
    fn group_linked_agrees_with_the_graph() {
        // Random places of a digit, sparse to dense: a group has a strong link in the built
        // graph exactly when `group_linked` says so.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut graph = Graph::default();
        let mut linked = 0;
        for round in 0..2000 {
            let mut db: Bits = 0;
            for c in 0..81 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x.is_multiple_of(2 + round % 7) {
                    db |= bit(c);
                }
            }
            graph.build(db);
            let want = graph.strong[graph.ncells..].iter().any(|p| p.n > 0);
            assert_eq!(group_linked(db), want, "{db:x}");
            linked += usize::from(want);
        }
        assert!(linked > 100 && linked < 1900, "{linked}");
    }

    #[test]
    fn chains_without_a_group_are_left_to_the_plain_rungs() {
        // 1 only in r1c1, r1c5, r9c1, r9c6: a skyscraper without any group.
        let mut g = grid_with_candidates(&[]);
        let keep = [0usize, 4, 72, 77];
        for c in 0..81 {
            if !keep.contains(&c) {
                g.cand[c] &= !0b10;
            }
        }
        assert!(!two_links(&g, &mut Finding::new(false)));
    }
}
