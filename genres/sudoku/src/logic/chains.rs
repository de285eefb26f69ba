//! Chains (EXPERT), found by breadth-first search so the shortest chain from each start comes
//! first, with a bounded length.
//! - X-chain: one digit, alternating strong links (the only two places in a unit) and weak links
//!   (two places that see each other), starting and ending with a strong link. If the start is
//!   not the digit, the end is; so the digit leaves every cell seeing both ends. This covers
//!   simple colouring's "colour trap", skyscrapers, two-string kites and turbot fish.
//! - XY-chain: bivalue cells, each seeing the next and sharing a digit with it. If the start is
//!   not x, the chain forces the end to be x; so x leaves every cell seeing both ends.

use super::candidates::{Bits, Grid, PEER_BITS, UNIT_BITS, bit, cell_name, cells_of, digit_set};
use super::technique::Finding;

/// Longest X-chain searched, in links (odd: strong first and last).
const MAX_X_LINKS: u8 = 15;
/// Longest XY-chain searched, in cells.
const MAX_XY_CELLS: u8 = 12;

/// X-chain.
pub(crate) fn x_chain(g: &Grid, f: &mut Finding) -> bool {
    // Hints look for the shortest chain first; grading takes the first one found.
    let limits: &[u8] = if f.explain {
        &[3, 5, 7, 9, 11, 13, MAX_X_LINKS]
    } else {
        &[MAX_X_LINKS]
    };
    let digit_bits = g.digits_bits();
    for &limit in limits {
        for d in 1..=9u8 {
            let db = digit_bits[d as usize];
            let mut strong = [0u128; 81];
            for ub in &UNIT_BITS {
                let m = db & ub;
                if m.count_ones() == 2 {
                    let a = m.trailing_zeros() as usize;
                    let b = (m & (m - 1)).trailing_zeros() as usize;
                    strong[a] |= bit(b);
                    strong[b] |= bit(a);
                }
            }
            for s in cells_of(db) {
                if strong[s] != 0 && x_chain_from(f, db, &strong, s, d, limit) {
                    return true;
                }
            }
        }
    }
    false
}

/// BFS over (cell, on/off) states from "s is not d". State index: cell * 2 + on.
fn x_chain_from(
    f: &mut Finding,
    db: Bits,
    strong: &[Bits; 81],
    s: usize,
    d: u8,
    limit: u8,
) -> bool {
    let mut queue = [0u8; 162];
    let mut parent = [0u8; 162];
    let mut depth = [0u8; 162];
    let (mut head, mut tail) = (0usize, 0usize);
    let mut seen_on: Bits = 0;
    let mut seen_off: Bits = bit(s);
    queue[tail] = (s * 2) as u8;
    tail += 1;
    while head < tail {
        let st = queue[head] as usize;
        head += 1;
        let (c, on) = (st / 2, st % 2 == 1);
        if depth[st] >= limit {
            continue;
        }
        if on {
            for u in cells_of(PEER_BITS[c] & db & !seen_off) {
                seen_off |= bit(u);
                let nst = u * 2;
                parent[nst] = st as u8;
                depth[nst] = depth[st] + 1;
                queue[tail] = nst as u8;
                tail += 1;
            }
        } else {
            for t in cells_of(strong[c] & !seen_on) {
                seen_on |= bit(t);
                let nst = t * 2 + 1;
                parent[nst] = st as u8;
                depth[nst] = depth[st] + 1;
                queue[tail] = nst as u8;
                tail += 1;
                if t == s {
                    // "s is not d" forces "s is d": a discontinuous loop, s is d.
                    f.placements.push((s as u8, d));
                    if f.explain {
                        let chain = path(&parent, nst, s * 2);
                        f.set_cells(chain.iter().map(|&st| st / 2));
                        f.text = format!(
                            "X-chain on {d}: {}: if {} were not {d} the chain would make it {d}, so {} is {d}",
                            chain_text(&chain),
                            cell_name(s),
                            cell_name(s)
                        );
                    }
                    return true;
                }
                let targets = db & PEER_BITS[s] & PEER_BITS[t];
                if targets != 0 && depth[nst] >= 3 {
                    f.eliminate_all(targets, d);
                    if f.explain {
                        let chain = path(&parent, nst, s * 2);
                        f.set_cells(chain.iter().map(|&st| st / 2));
                        f.explain_eliminations(format!(
                            "X-chain on {d}: {} (= only two places in a unit, - see each other): {} or {} is {d}",
                            chain_text(&chain),
                            cell_name(s),
                            cell_name(t)
                        ));
                    }
                    return true;
                }
            }
        }
    }
    false
}

/// `r1c1 = r9c1 - r9c5 = r3c5`: strong links first, then alternating.
fn chain_text(chain: &[usize]) -> String {
    let mut text = String::new();
    for (i, &st) in chain.iter().enumerate() {
        if i > 0 {
            text.push_str(if i % 2 == 1 { " = " } else { " - " });
        }
        text.push_str(&cell_name(st / 2));
    }
    text
}

/// The states from `start` to `end` following `parent`.
fn path<T: Copy + Into<usize>>(parent: &[T], end: usize, start: usize) -> Vec<usize> {
    let mut chain = vec![end];
    let mut st = end;
    while st != start && chain.len() < 200 {
        st = parent[st].into();
        chain.push(st);
    }
    chain.reverse();
    chain
}

/// XY-chain.
pub(crate) fn xy_chain(g: &Grid, f: &mut Finding) -> bool {
    let limits: &[u8] = if f.explain {
        &[4, 6, 8, MAX_XY_CELLS]
    } else {
        &[MAX_XY_CELLS]
    };
    let bivalue = g.bivalue_bits();
    let digit_bits = g.digits_bits();
    for &limit in limits {
        for s in cells_of(bivalue) {
            let m = g.cand[s];
            for x in super::candidates::digits_of(m) {
                if xy_chain_from(g, f, &digit_bits, bivalue, s, x, limit) {
                    return true;
                }
            }
        }
    }
    false
}

/// BFS over (cell, digit it would hold) from "s is not x". State index: cell * 10 + digit.
fn xy_chain_from(
    g: &Grid,
    f: &mut Finding,
    digit_bits: &[Bits; 10],
    bivalue: Bits,
    s: usize,
    x: u8,
    limit: u8,
) -> bool {
    let mut queue = [0u16; 810];
    let mut parent = [0u16; 810];
    let mut depth = [0u8; 810];
    let mut seen = [0u128; 10];
    let (mut head, mut tail) = (0usize, 0usize);
    let y = (g.cand[s] & !(1 << x)).trailing_zeros() as usize;
    let start = s * 10 + y;
    seen[y] |= bit(s);
    queue[tail] = start as u16;
    depth[start] = 1;
    tail += 1;
    while head < tail {
        let st = queue[head] as usize;
        head += 1;
        if depth[st] >= limit {
            continue;
        }
        let (c, v) = (st / 10, st % 10);
        for n in cells_of(PEER_BITS[c] & bivalue & digit_bits[v]) {
            let w = (g.cand[n] & !(1 << v)).trailing_zeros() as usize;
            if seen[w] & bit(n) != 0 {
                continue;
            }
            seen[w] |= bit(n);
            let nst = n * 10 + w;
            parent[nst] = st as u16;
            depth[nst] = depth[st] + 1;
            queue[tail] = nst as u16;
            tail += 1;
            if w != x as usize || n == s {
                continue;
            }
            let targets = digit_bits[w] & PEER_BITS[s] & PEER_BITS[n];
            if targets == 0 {
                continue;
            }
            f.eliminate_all(targets, x);
            if f.explain {
                let chain = path(&parent, nst, start);
                f.set_cells(chain.iter().map(|&st| st / 10));
                let cells: Vec<String> = chain
                    .iter()
                    .map(|&st| format!("{} {}", cell_name(st / 10), digit_set(g.cand[st / 10])))
                    .collect();
                f.explain_eliminations(format!(
                    "XY-chain: {}: if {} is not {x} the chain makes {} {x}",
                    cells.join(" - "),
                    cell_name(s),
                    cell_name(n)
                ));
            }
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testutil::grid_with_candidates;

    #[test]
    fn skyscraper_is_an_x_chain() {
        // 5 in column 1 only at r1 and r9, in column 5 only at r3 and r9.
        let mut g = grid_with_candidates(&[]);
        for r in 0..9usize {
            if r != 0 && r != 8 {
                g.cand[r * 9] &= !(1 << 5);
            }
            if r != 2 && r != 8 {
                g.cand[r * 9 + 4] &= !(1 << 5);
            }
        }
        let mut f = Finding::new(true);
        assert!(x_chain(&g, &mut f));
        // r1c1 = r9c1 - r9c5 = r3c5: 5 leaves cells seeing r1c1 and r3c5.
        assert_eq!(f.cells, vec![0, 72, 76, 22]);
        let cells: Vec<u8> = f.eliminations.iter().map(|e| e.0).collect();
        assert_eq!(cells, vec![3, 5, 19, 20]);
        assert!(
            f.text
                .starts_with("X-chain on 5: r1c1 = r9c1 - r9c5 = r3c5")
        );
    }

    #[test]
    fn discontinuous_x_loop_places_the_digit() {
        // 5 in row 1 only at r1c1 and r1c2, in column 1 only at r1c1 and r2c1; r1c2 and r2c1
        // share box 1, so they cannot both be 5: r1c1 is 5.
        let mut g = grid_with_candidates(&[]);
        for c in 2..9usize {
            g.cand[c] &= !(1 << 5);
        }
        for r in 2..9usize {
            g.cand[r * 9] &= !(1 << 5);
        }
        let mut f = Finding::new(true);
        assert!(x_chain(&g, &mut f));
        assert_eq!(f.placements, vec![(0, 5)]);
        assert!(f.eliminations.is_empty());
        assert!(
            f.text
                .starts_with("X-chain on 5: r1c1 = r1c2 - r2c1 = r1c1: if r1c1 were not 5"),
            "{}",
            f.text
        );
    }

    #[test]
    fn xy_chain_of_four_cells() {
        // r1c1 {1,2} - r1c9 {2,3} - r9c9 {3,4} - r9c2 {4,1}: 1 leaves cells seeing r1c1 and r9c2.
        let mut g = grid_with_candidates(&[]);
        g.cand[0] = 0b00110;
        g.cand[8] = 0b01100;
        g.cand[80] = 0b11000;
        g.cand[73] = 0b10010;
        let mut f = Finding::new(true);
        assert!(xy_chain(&g, &mut f));
        assert_eq!(f.cells, vec![0, 8, 80, 73]);
        let cells: Vec<u8> = f.eliminations.iter().map(|e| e.0).collect();
        assert_eq!(cells, vec![1, 10, 19, 54, 63, 72]);
        assert!(f.eliminations.iter().all(|e| e.1 == 1));
    }
}
