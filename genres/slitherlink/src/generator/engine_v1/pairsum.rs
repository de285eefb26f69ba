//! Sums of edge pairs as 3-bit masks (bit s set = the pair may hold s lines), shared by the
//! corner reasoning of the human-style solver and the search solver's propagation.

use crate::model::{OFF, ON, UNKNOWN};

/// `(can be off, can be on)` for an edge state.
#[inline]
pub fn poss(s: u8) -> (bool, bool) {
    match s {
        ON => (false, true),
        OFF => (true, false),
        _ => (true, true),
    }
}

/// Possible-sum masks indexed by `a * 3 + b` for states `a`, `b` in `UNKNOWN, ON, OFF`.
const PAIR_MASK: [u8; 9] = [
    0b111, 0b110, 0b011, // a unknown
    0b110, 0b100, 0b010, // a on
    0b011, 0b010, 0b001, // a off
];

/// Mask of the possible sums of two edges in states `a` and `b`.
#[inline]
pub fn pair_mask(a: u8, b: u8) -> u8 {
    PAIR_MASK[usize::from(a) * 3 + usize::from(b)]
}

/// `vflip` of every mask.
const VFLIP: [u8; 8] = [0, 0b101, 0b010, 0b111, 0b001, 0b101, 0b011, 0b111];

/// Sums allowed for the opposite quadrant of a vertex (its degree is 0 or 2).
#[inline]
pub fn vflip(m: u8) -> u8 {
    VFLIP[usize::from(m & 7)]
}

/// `cflip` of every mask for clues 0..=3, indexed by `n * 8 + m`.
const CFLIP: [u8; 32] = {
    let mut out = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        let (n, m) = ((i / 8) as i8, i % 8);
        let mut s = 0;
        while s < 3 {
            let t = n - s as i8;
            if m & (1 << s) != 0 && t >= 0 && t <= 2 {
                out[i] |= 1 << t;
            }
            s += 1;
        }
        i += 1;
    }
    out
};

/// Sums allowed for the opposite corner of a cell with clue `n` (a table for 0..=3).
#[inline]
pub fn cflip(m: u8, n: i8) -> u8 {
    if (0..=3).contains(&n) {
        return CFLIP[n as usize * 8 + usize::from(m & 7)];
    }
    let mut out = 0;
    for s in 0..3i8 {
        if m & (1 << s) != 0 && (0..=2).contains(&(n - s)) {
            out |= 1 << (n - s);
        }
    }
    out
}

/// `edge_options` of every mask and state, indexed by `m * 3 + other`: bit 0 can be off, bit
/// 1 can be on.
const EDGE_OPTIONS: [u8; 24] = {
    let mut out = [0u8; 24];
    let mut i = 0;
    while i < 24 {
        let (m, other) = (i / 3, (i % 3) as u8);
        let (o0, o1) = (other != ON, other != OFF);
        let (ok0, ok1, ok2) = (m & 1 != 0, m & 2 != 0, m & 4 != 0);
        let can_on = (o0 && ok1) || (o1 && ok2);
        let can_off = (o0 && ok0) || (o1 && ok1);
        out[i] = can_off as u8 | (can_on as u8) << 1;
        i += 1;
    }
    out
};

/// What an edge of a pair may be, given the pair's allowed sums `m` and the other edge's state:
/// `(can be off, can be on)`.
#[inline]
pub fn edge_options(m: u8, other: u8) -> (bool, bool) {
    let x = EDGE_OPTIONS[usize::from(m & 7) * 3 + usize::from(other % 3)];
    (x & 1 != 0, x & 2 != 0)
}

/// What a pair's allowed sums `m` decide for its open edges, indexed by `m * 9 + a * 3 + b` for
/// the states `a`, `b` of the two edges: two bits per edge (first edge low): 0 nothing, 1 a
/// line, 2 a cross, 3 impossible. The second edge is judged after the first one's decision,
/// as deciding them one after the other would.
const PAIR_DECISIONS: [u8; 72] = {
    let mut out = [0u8; 72];
    let mut i = 0;
    while i < 72 {
        let (m, a, b) = (i / 9, (i / 3) % 3, i % 3);
        let mut code = 0;
        let mut new_a = a;
        if a == UNKNOWN as usize {
            let x = EDGE_OPTIONS[m * 3 + b];
            let (can_off, can_on) = (x & 1 != 0, x & 2 != 0);
            if !can_off && !can_on {
                code = 3;
            } else if !can_off {
                code = 1;
                new_a = ON as usize;
            } else if !can_on {
                code = 2;
                new_a = OFF as usize;
            }
        }
        if b == UNKNOWN as usize {
            let x = EDGE_OPTIONS[m * 3 + new_a];
            let (can_off, can_on) = (x & 1 != 0, x & 2 != 0);
            if !can_off && !can_on {
                code |= 3 << 2;
            } else if !can_off {
                code |= 1 << 2;
            } else if !can_on {
                code |= 2 << 2;
            }
        }
        out[i] = code;
        i += 1;
    }
    out
};

/// `PAIR_DECISIONS` for mask `m` and edge states `a`, `b`.
#[inline]
pub fn pair_decisions(m: u8, a: u8, b: u8) -> u8 {
    PAIR_DECISIONS[usize::from(m & 7) * 9 + usize::from(a % 3) * 3 + usize::from(b % 3)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_match_their_definitions() {
        let slow_pair = |a: u8, b: u8| {
            let (a0, a1) = poss(a);
            let (b0, b1) = poss(b);
            u8::from(a0 && b0) | u8::from((a0 && b1) || (a1 && b0)) << 1 | u8::from(a1 && b1) << 2
        };
        for a in [UNKNOWN, ON, OFF] {
            for b in [UNKNOWN, ON, OFF] {
                assert_eq!(pair_mask(a, b), slow_pair(a, b));
            }
        }
        for m in 0u8..8 {
            let slow = (if m & 1 != 0 { 0b101 } else { 0 })
                | (if m & 2 != 0 { 0b010 } else { 0 })
                | (if m & 4 != 0 { 0b001 } else { 0 });
            assert_eq!(vflip(m), slow);
        }
    }

    #[test]
    fn flip_and_option_tables_match_their_definitions() {
        for m in 0u8..8 {
            for n in 0i8..4 {
                let slow = (0..3i8)
                    .filter(|&s| m & (1 << s) != 0 && (0..=2).contains(&(n - s)))
                    .fold(0u8, |acc, s| acc | 1 << (n - s));
                assert_eq!(cflip(m, n), slow, "m {m} n {n}");
            }
            for other in [UNKNOWN, ON, OFF] {
                let (o0, o1) = poss(other);
                let ok = |s: u8| m & (1 << s) != 0;
                let slow = (
                    (o0 && ok(0)) || (o1 && ok(1)),
                    (o0 && ok(1)) || (o1 && ok(2)),
                );
                assert_eq!(edge_options(m, other), slow, "m {m} other {other}");
            }
        }
    }

    #[test]
    fn pair_decisions_match_deciding_one_edge_after_the_other() {
        for m in 0u8..8 {
            for a in [UNKNOWN, ON, OFF] {
                for b in [UNKNOWN, ON, OFF] {
                    let mut st = [a, b];
                    let mut want = 0;
                    for k in 0..2 {
                        if st[k] != UNKNOWN {
                            continue;
                        }
                        let code = match edge_options(m, st[1 - k]) {
                            (false, false) => 3,
                            (false, true) => 1,
                            (true, false) => 2,
                            (true, true) => 0,
                        };
                        if code == 1 || code == 2 {
                            st[k] = if code == 1 { ON } else { OFF };
                        }
                        want |= code << (2 * k);
                    }
                    assert_eq!(pair_decisions(m, a, b), want, "m {m} a {a} b {b}");
                }
            }
        }
    }

    #[test]
    fn masks_and_flips() {
        assert_eq!(pair_mask(UNKNOWN, UNKNOWN), 0b111);
        assert_eq!(pair_mask(ON, UNKNOWN), 0b110);
        assert_eq!(pair_mask(OFF, OFF), 0b001);
        assert_eq!(vflip(0b010), 0b010);
        assert_eq!(vflip(0b001), 0b101);
        assert_eq!(cflip(0b111, 3), 0b110);
        assert_eq!(cflip(0b001, 1), 0b010);
        assert_eq!(edge_options(0b010, ON), (true, false));
        assert_eq!(edge_options(0b001, UNKNOWN), (true, false));
    }
}
