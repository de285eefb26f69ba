//! Forcing chains on candidates, rated as Sukaku Explainer (SE) rates its "forcing chains &
//! cycles" ([`LADDER_V2`](super::ladder_v2) only).
//!
//! A chain alternates implications between candidates: "holds" implies that its peers with
//! the same digit and the other digits of its cell do not hold (weak links); "does not hold"
//! implies that the other digit of a two-candidate cell holds (a Y link) or that the other place
//! of the digit in a unit where it has two places holds (an X link). If assuming a candidate
//! leads through such a chain to its own negation, it is removed; if denying it leads to it, it
//! is placed. This covers X-chains, XY-chains and alternating inference chains; SE's
//! bidirectional cycles (6.5) are not searched separately: their eliminations come out of
//! this rung as chains two links longer, usually 0.1 higher.
//!
//! Rating: 6.6 for a chain of X links only or Y links only, 7.0 when both kinds are used, plus
//! SE's length increment: with `n` candidates in the chain (both ends included), 0.1 for every
//! threshold 4, 6, 8, 12, 16, 24, 32, ... (each the previous times 3/2, then 4/3, alternately)
//! that `n - 2` exceeds. Like SE, every chain is searched in the three modes (X only, Y only,
//! both) and the lowest rated deduction is taken.

use super::candidates::{Bits, Grid, PEER_BITS, UNIT_BITS, bit, cell_name, cells_of, col, row};
use super::technique::{Finding, tenths};

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
enum Mode {
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

/// Tables shared by every search on one grid.
struct Links {
    /// Cells holding each digit as a candidate.
    digit: [Bits; 10],
}

impl Links {
    fn new(g: &Grid) -> Links {
        let mut digit = [0u128; 10];
        for (d, b) in digit.iter_mut().enumerate().skip(1) {
            *b = g.digit_bits(d as u8);
        }
        Links { digit }
    }

    /// Calls `visit(next, is_y_link)` for every implication of `s`.
    fn each(&self, g: &Grid, s: State, mode: Mode, mut visit: impl FnMut(State, bool)) {
        let (c, d) = (cell_of(s), digit_of(s));
        if s % 2 == 1 {
            for q in cells_of(PEER_BITS[c] & self.digit[d as usize]) {
                visit(state(q, d, false), false);
            }
            if mode != Mode::X {
                for e in super::candidates::digits_of(g.cand[c] & !(1 << d)) {
                    visit(state(c, e, false), true);
                }
            }
        } else {
            if mode != Mode::X && g.cand[c].count_ones() == 2 {
                let e = (g.cand[c] & !(1 << d)).trailing_zeros() as u8;
                visit(state(c, e, true), true);
            }
            if mode != Mode::Y {
                for u in [row(c), 9 + col(c), 18 + super::candidates::box_of(c)] {
                    let m = self.digit[d as usize] & UNIT_BITS[u] & !bit(c);
                    if m.count_ones() == 1 {
                        visit(state(m.trailing_zeros() as usize, d, true), false);
                    }
                }
            }
        }
    }
}

/// The best chain found: rating and its states from the start.
struct Best {
    rating: f64,
    chain: Vec<State>,
}

/// Forcing chain (SE's "forcing chains & cycles", 6.6 and up).
pub(crate) fn forcing_chain(g: &Grid, f: &mut Finding) -> bool {
    let links = Links::new(g);
    let mut best: Option<Best> = None;
    let mut parent = vec![u16::MAX; 1458];
    let mut nodes = vec![0u8; 1458];
    let mut queue = Vec::with_capacity(1458);
    for c in 0..81 {
        for d in super::candidates::digits_of(g.cand[c]) {
            for on in [true, false] {
                for mode in [Mode::X, Mode::Y, Mode::Both] {
                    let start = state(c, d, on);
                    // Longest chain that could still beat the best: bases 6.6 and 7.0.
                    let base = if mode == Mode::Both { 7.0 } else { 6.6 };
                    let limit = match &best {
                        None => MAX_NODES,
                        Some(b) => {
                            let mut n = 3u8;
                            while n < MAX_NODES
                                && base + length_increment(n as usize + 1) < b.rating - 1e-9
                            {
                                n += 1;
                            }
                            if base + length_increment(3) >= b.rating - 1e-9 {
                                continue;
                            }
                            n
                        }
                    };
                    search(
                        g,
                        &links,
                        start,
                        mode,
                        limit,
                        &mut parent,
                        &mut nodes,
                        &mut queue,
                        &mut best,
                    );
                }
            }
        }
    }
    let Some(b) = best else {
        return false;
    };
    let first = b.chain[0];
    let (c, d) = (cell_of(first), digit_of(first));
    if first % 2 == 1 {
        f.eliminations.push((c as u8, d));
    } else {
        f.placements.push((c as u8, d));
    }
    f.rating = Some(tenths(b.rating));
    if f.explain {
        f.set_cells(b.chain.iter().map(|&s| cell_of(s)));
        let steps: Vec<String> = b.chain.iter().map(|&s| describe(s)).collect();
        let verdict = if first % 2 == 1 {
            format!("{d} is removed from {}", cell_name(c))
        } else {
            format!("{} is {d}", cell_name(c))
        };
        f.text = format!(
            "Forcing chain: {} (each step follows from the one before), a contradiction, so {verdict}",
            steps.join(" ⇒ ")
        );
    }
    true
}

/// `r1c2=5` / `r1c2≠5`.
pub(crate) fn describe_state(c: usize, d: u8, on: bool) -> String {
    format!("{}{}{d}", cell_name(c), if on { "=" } else { "≠" })
}

fn describe(s: State) -> String {
    describe_state(cell_of(s), digit_of(s), s % 2 == 1)
}

/// Breadth-first search from `start` for its negation, in at most `limit` candidates.
#[allow(clippy::too_many_arguments)]
fn search(
    g: &Grid,
    links: &Links,
    start: State,
    mode: Mode,
    limit: u8,
    parent: &mut [u16],
    nodes: &mut [u8],
    queue: &mut Vec<State>,
    best: &mut Option<Best>,
) {
    let goal = start ^ 1;
    queue.clear();
    queue.push(start);
    let mut seen = [0u64; 23];
    seen[start / 64] |= 1 << (start % 64);
    nodes[start] = 1;
    parent[start] = u16::MAX;
    let mut head = 0;
    let mut found = None;
    'bfs: while head < queue.len() {
        let s = queue[head];
        head += 1;
        if nodes[s] >= limit {
            continue;
        }
        let mut hit = false;
        links.each(g, s, mode, |n, _| {
            if hit || seen[n / 64] & (1 << (n % 64)) != 0 {
                return;
            }
            seen[n / 64] |= 1 << (n % 64);
            parent[n] = s as u16;
            nodes[n] = nodes[s] + 1;
            queue.push(n);
            if n == goal {
                hit = true;
            }
        });
        if hit {
            found = Some(goal);
            break 'bfs;
        }
    }
    let Some(end) = found else {
        return;
    };
    let mut chain = vec![end];
    let mut s = end;
    while parent[s] != u16::MAX {
        s = parent[s] as usize;
        chain.push(s);
    }
    chain.reverse();
    // The kinds of link actually used decide the base (a Both search may find a pure chain).
    let (mut x, mut y) = (false, false);
    for w in chain.windows(2) {
        let same_cell = cell_of(w[0]) == cell_of(w[1]);
        if same_cell {
            y = true;
        } else if w[0] % 2 == 0 {
            x = true;
        }
    }
    let base = if x && y { 7.0 } else { 6.6 };
    let rating = base + length_increment(chain.len());
    if best.as_ref().is_none_or(|b| rating < b.rating - 1e-9) {
        *best = Some(Best { rating, chain });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testutil::grid_with_candidates;

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

    #[test]
    fn xy_chain_is_a_y_forcing_chain() {
        // r1c1 {1,2} - r1c9 {2,3} - r9c9 {3,4} - r9c2 {4,1}: if r1c2 were 1, r1c1 would be 2,
        // r1c9 3, r9c9 4 and r9c2 1, which sees r1c2. Ten candidates: 6.6 + 0.2.
        let mut g = grid_with_candidates(&[]);
        g.cand[0] = 0b00110;
        g.cand[8] = 0b01100;
        g.cand[80] = 0b11000;
        g.cand[73] = 0b10010;
        let mut f = Finding::new(true);
        assert!(forcing_chain(&g, &mut f));
        assert_eq!(f.eliminations, vec![(1, 1)]);
        assert!(f.placements.is_empty());
        assert_eq!(f.rating, Some(6.8));
        assert!(
            f.text.starts_with(
                "Forcing chain: r1c2=1 ⇒ r1c1≠1 ⇒ r1c1=2 ⇒ r1c9≠2 ⇒ r1c9=3 ⇒ r9c9≠3 ⇒ r9c9=4 ⇒ r9c2≠4 ⇒ r9c2=1 ⇒ r1c2≠1"
            ),
            "{}",
            f.text
        );
    }
}
