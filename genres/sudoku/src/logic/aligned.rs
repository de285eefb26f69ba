//! Aligned pair and triple exclusion (`LADDER_V2` only; SE 6.2 and 7.5). Take two (three) empty
//! cells and the cells that see all of them with at most two (three) candidates, the excluding
//! cells. A combination of digits for the chosen cells is impossible when two of them see each
//! other and get the same digit, or when it would take every candidate of an excluding cell. A
//! candidate of a chosen cell that belongs to no possible combination leaves that cell.

use super::candidates::{ALL_DIGITS, Bits, Grid, PEER_BITS, cell_list, cells_of, digits_of};
use super::technique::Finding;
use super::wings::cells_where;
use crate::band_solver::POPCOUNT9;

/// Aligned pair exclusion.
pub(crate) fn pair(g: &Grid, f: &mut Finding) -> bool {
    exclusion::<2>(g, f)
}

/// Aligned triple exclusion.
pub(crate) fn triple(g: &Grid, f: &mut Finding) -> bool {
    exclusion::<3>(g, f)
}

/// The search for tuples of `DEGREE` cells (compiled once per size).
fn exclusion<const DEGREE: usize>(g: &Grid, f: &mut Finding) -> bool {
    let count = |m: u16| usize::from(POPCOUNT9[usize::from(m >> 1)]);
    let open = cells_where(&g.cand, |_, m| count(m) >= 2);
    let small = cells_where(&g.cand, |_, m| (2..=DEGREE).contains(&count(m)));
    // A tuple's test reads the candidates of its cells and of its excluding cells and nothing
    // else. After a search that found nothing, a tuple whose cells and excluding cells all kept
    // their candidates would find nothing again, so only tuples touching a changed cell are
    // tested.
    let memo = &mut f.memo.aligned[DEGREE - 2];
    let changed = match memo {
        Some(before) => cells_where(&g.cand, |c, m| m != before[c]),
        None => !0,
    };
    let mut s = Search::<DEGREE> {
        g,
        open,
        changed,
        tuple: [0; 3],
        bits: [0; 3],
        digit_cells: f.memo.digits_bits(g),
    };
    let found = s.search(f, small, 0, open, 0);
    f.memo.aligned[DEGREE - 2] = if found { None } else { Some(g.cand) };
    found
}

/// One search for tuples of `DEGREE` cells: the grid, its open cells, the cells changed since
/// a search that found nothing (all cells if none), the tuple being built (its cells and their
/// single-cell bitboards) and each digit's cells.
struct Search<'a, const DEGREE: usize> {
    g: &'a Grid,
    open: Bits,
    changed: Bits,
    tuple: [usize; 3],
    bits: [Bits; 3],
    digit_cells: [Bits; 10],
}

impl<const DEGREE: usize> Search<'_, DEGREE> {
    /// Chooses the cells of the tuple in increasing order among the open cells `after`,
    /// keeping only tuples that still have an excluding cell in common; tests each full tuple
    /// that touches a changed cell. `chosen` holds the `depth` chosen cells.
    fn search(
        &mut self,
        f: &mut Finding,
        excluders: Bits,
        chosen: Bits,
        after: Bits,
        depth: usize,
    ) -> bool {
        // A cell keeps an excluding cell in common with the chosen ones when it sees one of
        // `excluders` (seeing is symmetric): only those cells are tried, in increasing order.
        let mut next = after & cells_of(excluders).fold(0, |m, e| m | PEER_BITS[e]);
        if depth + 1 < DEGREE {
            while next != 0 {
                // The lowest cell and its bit.
                let low = next & next.wrapping_neg();
                let c = next.trailing_zeros() as usize;
                next ^= low;
                let common = excluders & PEER_BITS[c];
                self.tuple[depth] = c;
                self.bits[depth] = low;
                let above = self.open & !(low | (low - 1));
                // The tuples below have their cells among these and `above`, and their
                // excluding cells among `common`: with none of these changed, none is tested.
                if (common | chosen | low | above) & self.changed == 0 {
                    continue;
                }
                if self.search(f, common, chosen | low, above, depth + 1) {
                    return true;
                }
            }
            return false;
        }
        // The last cell, tested here without a further call. A tuple whose cells kept their
        // candidates found nothing with the excluding cells it had; fewer of those allow more
        // combinations, so only a changed cell that is an excluding cell now can make it find
        // something. When the chosen cells and their common excluding cells are unchanged, the
        // last cell must be (the last cell's excluding cells are among these).
        if (excluders | chosen) & self.changed == 0 {
            next &= self.changed;
        }
        if next == 0 {
            return false;
        }
        // Whether the first two cells see each other (for triples).
        let s01 = PEER_BITS[self.tuple[0]] & self.bits[1] != 0;
        let screen = if DEGREE == 2 {
            Screen::pair(self.g, self.tuple[0], excluders)
        } else {
            Screen::triple(self.g, self.tuple[0], self.tuple[1], s01, excluders)
        };
        // Only cells that may pass the screen are visited (in the same order): those with a
        // removable digit or with no digit outside the union of the covers. A cell with neither
        // is within no cover and fails `may_find`.
        let (mut removable, mut outside) = (0, 0);
        for d in digits_of(screen.removable) {
            removable |= self.digit_cells[usize::from(d)];
        }
        for d in digits_of(ALL_DIGITS & !screen.union) {
            outside |= self.digit_cells[usize::from(d)];
        }
        next &= removable | !outside;
        while next != 0 {
            let low = next & next.wrapping_neg();
            let c = next.trailing_zeros() as usize;
            next ^= low;
            let peers = PEER_BITS[c];
            let common = excluders & peers;
            if (common | chosen | low) & self.changed == 0 {
                continue;
            }
            if !screen.may_find(self.g.cand[c]) {
                continue;
            }
            self.tuple[depth] = c;
            // Which cells of the tuple see each other: 0 and 1, 0 and 2, 1 and 2.
            let sees = if DEGREE == 2 {
                [peers & self.bits[0] != 0, false, false]
            } else {
                [s01, peers & self.bits[0] != 0, peers & self.bits[1] != 0]
            };
            if test(self.g, f, &self.tuple[..DEGREE], sees, common) {
                return true;
            }
        }
        false
    }
}

/// A necessary condition for a tuple with given first cells to remove anything, from the
/// excluding cells of those cells. The tuple's own excluding cells are among them and more
/// excluding cells only make fewer combinations possible, so a tuple that fails it finds
/// nothing (the tuples that pass are tested, in the same order).
///
/// The last cell can lose only a digit of `removable`. A first cell can lose a digit only when
/// every digit of the last cell ends, with that digit, every combination of the other cells:
/// so only when the last cell's candidates are among one of the `covers`.
struct Screen {
    removable: u16,
    covers: [u16; 18],
    n: usize,
    union: u16,
}

impl Screen {
    /// For pairs (excluding cells of two digits). The first cell losing `a` needs every digit
    /// of the second, other than `a`, paired with `a` in an excluding cell; the second cell
    /// losing `b` needs the same of the first cell's digits.
    fn pair(g: &Grid, first: usize, excluders: Bits) -> Screen {
        // Per digit, the digits it shares an excluding cell with.
        let mut partners = [0u16; 10];
        let mut paired = 0u16;
        for e in cells_of(excluders) {
            let m = g.cand[e];
            let (x, y) = (m.trailing_zeros(), 15 - m.leading_zeros());
            partners[x as usize] |= 1 << y;
            partners[y as usize] |= 1 << x;
            paired |= m;
        }
        let cand = g.cand[first];
        let mut screen = Screen {
            removable: 0,
            covers: [0; 18],
            n: 0,
            union: 0,
        };
        // A digit with no partner covers nothing (every open cell has two digits or more).
        for d in digits_of(paired) {
            let with = partners[usize::from(d)] | 1 << d;
            if cand & !with == 0 {
                screen.removable |= 1 << d;
            }
            if cand >> d & 1 != 0 {
                screen.covers[screen.n] = with;
                screen.n += 1;
                screen.union |= with;
            }
        }
        screen
    }

    /// For triples, from the first two cells (`s01`: whether they see each other). Per pair of
    /// their digits, the third digits that end the combination are taken as if the third cell
    /// saw both (its own two digits, and those completing an excluding set); a third digit
    /// leaves when it ends every pair, a first cell's digit when every digit of the third cell
    /// ends every pair holding it.
    fn triple(g: &Grid, c0: usize, c1: usize, s01: bool, excluders: Bits) -> Screen {
        let mut ex = Excluded::default();
        for e in cells_of(excluders) {
            ex.add(g.cand[e]);
        }
        let ends = |x: u8, y: u8| {
            let px = ex.partners[usize::from(x)];
            if x == y {
                return if s01 { ALL_DIGITS } else { px | 1 << x };
            }
            if px >> y & 1 != 0 {
                return ALL_DIGITS;
            }
            let mut k = px | ex.partners[usize::from(y)] | 1 << x | 1 << y;
            let mut both = ex.holds[usize::from(x)] & ex.holds[usize::from(y)];
            while both != 0 {
                k |= ex.threes[both.trailing_zeros() as usize];
                both &= both - 1;
            }
            k
        };
        let (m0, m1) = (g.cand[c0], g.cand[c1]);
        let mut removable = ALL_DIGITS;
        let mut by_first = [ALL_DIGITS; 10];
        let mut by_second = [ALL_DIGITS; 10];
        for x in digits_of(m0) {
            for y in digits_of(m1) {
                let k = ends(x, y);
                removable &= k;
                by_first[usize::from(x)] &= k;
                by_second[usize::from(y)] &= k;
            }
        }
        let mut screen = Screen {
            removable,
            covers: [0; 18],
            n: 0,
            union: 0,
        };
        for x in digits_of(m0) {
            screen.covers[screen.n] = by_first[usize::from(x)];
            screen.n += 1;
            screen.union |= by_first[usize::from(x)];
        }
        for y in digits_of(m1) {
            screen.covers[screen.n] = by_second[usize::from(y)];
            screen.n += 1;
            screen.union |= by_second[usize::from(y)];
        }
        screen
    }

    /// Whether the tuple with a last cell of these candidates may remove anything.
    fn may_find(&self, cand: u16) -> bool {
        // Candidates among one of the covers are among their union (one test, which most fail).
        cand & self.removable != 0
            || cand & !self.union == 0 && self.covers[..self.n].iter().any(|&m| cand & !m == 0)
    }
}

/// Tests one tuple against its common excluding cells; `sees` tells which of its cells see
/// each other (0 and 1, 0 and 2, 1 and 2).
fn test(g: &Grid, f: &mut Finding, tuple: &[usize], sees: [bool; 3], excluders: Bits) -> bool {
    // Only excluding cells whose candidates the tuple's digits can cover matter (at most the
    // 20 peers of one cell).
    let digits_in = tuple.iter().fold(0u16, |m, &c| m | g.cand[c]);
    let mut ex = Excluded::default();
    for e in cells_of(excluders) {
        if g.cand[e] & !digits_in == 0 {
            ex.add(g.cand[e]);
        }
    }
    if ex.is_empty() {
        return false;
    }
    let Some(allowed) = allowed_digits(g, tuple, sees, &ex) else {
        return false;
    };
    for (i, &c) in tuple.iter().enumerate() {
        for d in digits_of(g.cand[c] & !allowed[i]) {
            f.eliminations.push((c as u8, d));
        }
    }
    if f.eliminations.is_empty() {
        return false;
    }
    if f.explain {
        let name = if tuple.len() == 2 {
            "Aligned pair exclusion"
        } else {
            "Aligned triple exclusion"
        };
        f.set_cells(tuple.iter().copied().chain(cells_of(excluders)));
        f.explain_eliminations(format!(
            "{name} on {}: a combination of their digits is impossible when it repeats a digit in cells that see each other or takes every candidate of one of {} (each sees them all), and no possible combination uses the removed digits",
            cell_list(tuple.iter().copied()),
            cell_list(cells_of(excluders)),
        ));
    }
    true
}

/// The candidate sets of the excluding cells that matter to a tuple: a combination is
/// impossible when the digits it takes include one (two or three digits). The two-digit sets
/// as a partner mask per digit; the three-digit ones listed (three digits are only taken by
/// three different digits), with per digit the set of those holding it (by index in the list).
#[derive(Default)]
struct Excluded {
    partners: [u16; 10],
    threes: [u16; 20],
    n3: usize,
    holds: [u32; 10],
}

impl Excluded {
    fn add(&mut self, e: u16) {
        // Two or three digits: two when removing the lowest leaves one.
        let rest = e & (e - 1);
        if rest & (rest - 1) == 0 {
            let (x, y) = (e.trailing_zeros(), 15 - e.leading_zeros());
            self.partners[x as usize] |= 1 << y;
            self.partners[y as usize] |= 1 << x;
        } else {
            for d in digits_of(e) {
                self.holds[usize::from(d)] |= 1 << self.n3;
            }
            self.threes[self.n3] = e;
            self.n3 += 1;
        }
    }

    fn is_empty(&self) -> bool {
        self.n3 == 0 && self.partners == [0; 10]
    }
}

/// The digits each cell of the tuple takes in some possible combination, or `None` as soon as
/// every candidate of the tuple is known to be allowed.
fn allowed_digits(g: &Grid, tuple: &[usize], sees: [bool; 3], ex: &Excluded) -> Option<[u16; 3]> {
    let partners = &ex.partners;
    let mut cand = [0u16; 3];
    for (k, &c) in tuple.iter().enumerate() {
        cand[k] = g.cand[c];
    }
    // The three masks side by side in one word, to compare them at once.
    let pack = |m: [u16; 3]| u64::from(m[0]) | u64::from(m[1]) << 16 | u64::from(m[2]) << 32;
    let all = pack(cand);
    let mut allowed = [0u16; 3];
    // Per pair of cells that see each other, all bits (a digit shared is then excluded).
    let [s01, s02, s12] = sees.map(|s| if s { !0u16 } else { 0 });
    for a in digits_of(cand[0]) {
        let pa = partners[usize::from(a)];
        let second = cand[1] & !pa & !(s01 & 1 << a);
        if tuple.len() == 2 {
            if second != 0 {
                allowed[0] |= 1 << a;
                allowed[1] |= second;
                if pack(allowed) == all {
                    return None;
                }
            }
            continue;
        }
        // The third cell's digits left by `a`.
        let third_a = cand[2] & !pa & !(s02 & 1 << a);
        let holds_a = ex.holds[usize::from(a)];
        // The second cell's digits still worth trying with `a`.
        let mut rest = second;
        while rest != 0 {
            let b = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            // The third cell's digits completing a possible combination with `a` and `b`
            // (all of them at once: the allowed digits are the union over combinations).
            let mut third = third_a & !partners[usize::from(b)] & !(s12 & 1 << b);
            if a != b {
                // The third digit of each three-digit set holding `a` and `b`.
                let ab = 1 << a | 1 << b;
                let mut both = holds_a & ex.holds[usize::from(b)];
                while both != 0 {
                    let e = ex.threes[both.trailing_zeros() as usize];
                    both &= both - 1;
                    third &= !(e & !ab);
                }
            }
            if third != 0 {
                allowed[0] |= 1 << a;
                allowed[1] |= 1 << b;
                allowed[2] |= third;
                if pack(allowed) == all {
                    return None;
                }
                // With `a` allowed and every digit of the third cell too, a combination of `a`
                // and a digit already allowed in the second cell adds nothing (the result is a
                // union, whatever the order).
                if allowed[2] == cand[2] {
                    rest &= !allowed[1];
                }
            }
        }
    }
    Some(allowed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::candidates::bit;
    use crate::logic::testutil::grid_with_candidates;

    /// An empty grid with these candidates in row 1 (cell, digits).
    fn row_one(cells: &[(usize, &[u8])]) -> Grid {
        let mut g = grid_with_candidates(&[]);
        for &(c, ds) in cells {
            g.cand[c] = ds.iter().fold(0, |m, &d| m | 1 << d);
        }
        g
    }

    #[test]
    fn pair_exclusion_removes_a_digit_in_no_possible_combination() {
        // r1c1 {1,2,3}, r1c2 {1,2}; r1c5 {1,3} and r1c6 {2,3} see both. r1c1 = 3 leaves r1c2
        // 1 or 2, which would empty r1c5 or r1c6.
        let g = row_one(&[(0, &[1, 2, 3]), (1, &[1, 2]), (4, &[1, 3]), (5, &[2, 3])]);
        let mut f = Finding::new(true);
        assert!(pair(&g, &mut f));
        assert_eq!(f.eliminations, vec![(0, 3)]);
        assert!(
            f.text
                .starts_with("Aligned pair exclusion on r1c1, r1c2: a combination"),
            "{}",
            f.text
        );
        assert!(f.text.ends_with("so 3 is removed from r1c1"), "{}", f.text);
    }

    #[test]
    fn triple_exclusion_removes_digits_in_no_possible_combination() {
        // r1c1 {1,2,3,4}, r1c2 {1,2}, r1c3 {1,3}; r1c5 {2,3} sees all three. Every combination
        // with r1c1 in {1,2,3} repeats a digit or takes both 2 and 3.
        let g = row_one(&[(0, &[1, 2, 3, 4]), (1, &[1, 2]), (2, &[1, 3]), (4, &[2, 3])]);
        let mut f = Finding::new(true);
        assert!(triple(&g, &mut f));
        assert_eq!(f.eliminations, vec![(0, 1), (0, 2), (0, 3)]);
        assert!(
            f.text
                .starts_with("Aligned triple exclusion on r1c1, r1c2, r1c3:"),
            "{}",
            f.text
        );
    }

    /// The digits each cell takes in some possible combination, by trying them all.
    fn allowed_by_brute_force(g: &Grid, tuple: &[usize], ex: &[u16]) -> [u16; 3] {
        let mut allowed = [0u16; 3];
        let n = tuple.len();
        let choices = |k: usize| if k < n { g.cand[tuple[k]] } else { 1 };
        for a in digits_of(choices(0)) {
            for b in digits_of(choices(1)) {
                for c in digits_of(choices(2)) {
                    let ds = [a, b, c];
                    let clash = (0..n).any(|i| {
                        (i + 1..n)
                            .any(|j| ds[i] == ds[j] && PEER_BITS[tuple[i]] & bit(tuple[j]) != 0)
                    });
                    let taken = ds[..n].iter().fold(0u16, |m, &d| m | 1 << d);
                    if clash || ex.iter().any(|&e| e & !taken == 0) {
                        continue;
                    }
                    for k in 0..n {
                        allowed[k] |= 1 << ds[k];
                    }
                }
            }
        }
        allowed
    }

    #[test]
    fn allowed_digits_agree_with_trying_every_combination() {
        // Pseudo-random candidates on cells that see each other or not, and excluding sets of
        // two or three digits.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let tuples: [&[usize]; 4] = [&[0, 1], &[0, 40], &[0, 1, 2], &[0, 10, 80]];
        let mut g = grid_with_candidates(&[]);
        for round in 0..3000 {
            let tuple = tuples[round % tuples.len()];
            for &c in tuple {
                g.cand[c] = (next() as u16 & 0x3FE) | 1 << (1 + next() % 9);
            }
            let mut ex = Vec::new();
            for _ in 0..next() % 5 {
                let size = 2 + (next() % (tuple.len() as u64 - 1)) as u32;
                let mut e = 0u16;
                while e.count_ones() < size {
                    e |= 1 << (1 + next() % 9);
                }
                ex.push(e);
            }
            let want = allowed_by_brute_force(&g, tuple, &ex);
            let full = tuple.iter().enumerate().all(|(k, &c)| want[k] == g.cand[c]);
            let see =
                |a: usize, b: usize| b < tuple.len() && PEER_BITS[tuple[a]] & bit(tuple[b]) != 0;
            let sees = [see(0, 1), see(0, 2), see(1, 2)];
            let mut excluded = Excluded::default();
            for &e in &ex {
                excluded.add(e);
            }
            match allowed_digits(&g, tuple, sees, &excluded) {
                None => assert!(full, "{tuple:?} {ex:?}"),
                Some(got) => {
                    assert!(!full, "{tuple:?} {ex:?}");
                    assert_eq!(got, want, "{tuple:?} {ex:?}");
                }
            }
        }
    }

    #[test]
    fn the_screen_passes_every_tuple_that_removes_something() {
        // Pseudo-random tuples as above; the excluding sets are put in cells 70.. (the screen
        // reads only their candidates). Whenever trying every combination removes a digit, the
        // screen must let the last cell through.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let tuples: [&[usize]; 4] = [&[0, 1], &[0, 40], &[0, 1, 2], &[0, 10, 80]];
        let mut found = 0;
        for round in 0..40000 {
            let tuple = tuples[round % tuples.len()];
            let mut g = grid_with_candidates(&[]);
            for &c in tuple {
                g.cand[c] = (next() as u16 & 0x3FE) | 1 << (1 + next() % 9);
                while g.cand[c].count_ones() < 2 {
                    g.cand[c] |= 1 << (1 + next() % 9);
                }
            }
            let mut ex = Vec::new();
            let mut cells: Bits = 0;
            for k in 0..next() % 6 {
                let size = 2 + (next() % (tuple.len() as u64 - 1)) as u32;
                let mut e = 0u16;
                while e.count_ones() < size {
                    e |= 1 << (1 + next() % 9);
                }
                ex.push(e);
                g.cand[70 + k as usize] = e;
                cells |= bit(70 + k as usize);
            }
            let want = allowed_by_brute_force(&g, tuple, &ex);
            if tuple.iter().enumerate().all(|(k, &c)| want[k] == g.cand[c]) {
                continue;
            }
            found += 1;
            let last = *tuple.last().unwrap();
            let screen = if tuple.len() == 2 {
                Screen::pair(&g, tuple[0], cells)
            } else {
                let s01 = PEER_BITS[tuple[0]] & bit(tuple[1]) != 0;
                Screen::triple(&g, tuple[0], tuple[1], s01, cells)
            };
            assert!(screen.may_find(g.cand[last]), "{tuple:?} {ex:?}");
        }
        assert!(found > 100, "{found}");
    }

    #[test]
    fn no_excluding_cell_no_finding() {
        let g = row_one(&[(0, &[1, 2, 3]), (1, &[1, 2])]);
        assert!(!pair(&g, &mut Finding::new(false)));
        assert!(!triple(&g, &mut Finding::new(false)));
    }
}
