//! Techniques as data (Tatham style): each rung of the ladder is a name, the level that allows
//! it, a Sudoku-Explainer-like rating and the function that looks for it. The ladder is sorted by
//! level, then by rating, and the grader and the hints walk it in that order.

use super::candidates::{Bits, Grid, cell_list, cells_of, digits_of};
use crate::level::Level;

/// What one technique found: placements and/or eliminations, the cells of the pattern, and (in
/// explain mode) a one-line explanation. Reused between calls, so the grader does not allocate.
#[derive(Debug, Default)]
pub(crate) struct Finding {
    /// Build the explanation and stop at the first instance (hints); otherwise singles collect
    /// every instance at once and no text is built (grading).
    pub(crate) explain: bool,
    /// (cell, digit) to place.
    pub(crate) placements: Vec<(u8, u8)>,
    /// (cell, digit) to remove.
    pub(crate) eliminations: Vec<(u8, u8)>,
    /// The cells that make up the pattern.
    pub(crate) cells: Vec<u8>,
    /// The explanation (explain mode only).
    pub(crate) text: String,
    /// A rating below the technique's own, when this instance is an easier variant (a hidden
    /// single in a box rates 1.2, in a line 1.5).
    pub(crate) rating: Option<f64>,
    /// The bounds of the bounded rungs, from the ladder being walked.
    pub(crate) limits: Limits,
    /// What rungs remember between calls (kept by [`Finding::clear`]).
    pub(crate) memo: Memo,
}

/// What rungs remember between the calls of one grading, to skip work whose result cannot
/// have changed (each user documents why its skip gives the same result).
#[derive(Debug, Default)]
pub(crate) struct Memo {
    /// Aligned pair and triple exclusion: the candidates of the last grid on which the rung
    /// found nothing (`None` after a finding).
    pub(crate) aligned: [Option<[u16; 81]>; 2],
    /// Per single-digit rung (see [`DigitRung`]) and digit: the digit's cells in a grid on
    /// which the rung's search on that digit found nothing.
    digits: [[Option<Bits>; 10]; DigitRung::COUNT],
    /// Unique loops (types 1 and 2, types 3 and 4).
    pub(crate) loops: [super::loops::LoopMemo; 2],
    /// The loops closed by the last search for unique loops of types 1 and 2.
    pub(crate) closed: super::loops::Closed,
    /// The candidates of the last grid whose implications were tabulated in `Both` mode, and
    /// those tables (forcing chains and the dynamic rungs read the same ones).
    pub(super) links: Option<([u16; 81], super::aic::Links)>,
    /// The candidates of the last grid the direct rungs read, and every digit's places in
    /// every unit on it.
    pub(super) places: Option<([u16; 81], super::direct::Places)>,
    /// The candidates of the last grid on which forcing chains worked out which states follow
    /// from which with both kinds of links, and that reachability.
    pub(super) reach: Option<([u16; 81], super::aic::Reach)>,
    /// Grouped chains: per digit, the link graph of its cells in the last grid searched.
    pub(super) grouped: [Option<super::grouped::Graph>; 10],
    /// XY-, XYZ-, WXYZ- and VWXYZ-wings: the candidates of the last grid on which each found
    /// nothing (`None` after a finding; see [`super::wings::changed_cells`]).
    pub(super) wings: [Option<[u16; 81]>; 4],
    /// The unique rectangles of the last grid searched for them.
    pub(super) rectangles: super::uniqueness::Rectangles,
    /// The candidates of the last grid whose cells per digit ([`Grid::digits_bits`]) the
    /// pointing, claiming, fish, empty rectangle, grouped chain and unique loop rungs read, and
    /// those cells (the rungs of one walk down the ladder read the same grid).
    digit_cells: Option<([u16; 81], [Bits; 10])>,
    /// Direct hidden pairs and triples: per unit, its places (every digit's, as
    /// `direct::Places` holds them) in a grid on which the search in that unit found nothing.
    pub(super) hidden: [[Option<[u16; 10]>; 27]; 2],
    /// Naked and hidden subsets: the units each rung found nothing in.
    pub(super) subsets: super::subsets::SubsetMemo,
    /// Strong-link chains: per digit, its cells in the last grid searched and the best chain
    /// of each number of strong links on them.
    pub(super) strong: [Option<super::strong_links::DigitChains>; 10],
    /// The dynamic rungs' run buffers, reused by each search (nothing of one search is read by
    /// the next).
    pub(super) dynamic: Option<Box<super::dynamic::Buffers>>,
}

/// The rungs whose search on one digit reads only that digit's cells (and whose result over
/// all digits is the best of the digits' results).
#[derive(Clone, Copy)]
pub(crate) enum DigitRung {
    /// Nishio forcing chains (only contradictions count).
    Nishio,
    /// Chains of this many strong links (2..=6).
    Strong(usize),
    /// Grouped chains of this many strong links (2..=4).
    Grouped(usize),
    /// The forcing chains' and cycles' pass with X links only (nothing found at all).
    XChain,
    /// Basic fish of this size (2..=4: X-wing, swordfish, jellyfish). This rung and those
    /// below return the first instance found, digit by digit: a skipped digit is one whose
    /// search found nothing, so the first instance stays the same.
    Fish(usize),
    /// Empty rectangle.
    EmptyRectangle,
    /// Pointing.
    Pointing,
    /// Claiming.
    Claiming,
    /// Direct pointing, boxes against columns (0) or against rows (1).
    DirectPointing(usize),
    /// Direct claiming, from columns (0) or from rows (1).
    DirectClaiming(usize),
}

impl DigitRung {
    const COUNT: usize = 20;

    fn slot(self) -> usize {
        match self {
            DigitRung::Nishio => 0,
            DigitRung::Strong(k) => k - 1,
            DigitRung::Grouped(k) => k + 4,
            DigitRung::XChain => 9,
            DigitRung::Fish(n) => n + 8,
            DigitRung::EmptyRectangle => 13,
            DigitRung::Pointing => 14,
            DigitRung::Claiming => 15,
            DigitRung::DirectPointing(k) => 16 + k,
            DigitRung::DirectClaiming(k) => 18 + k,
        }
    }
}

impl Memo {
    /// True if `rung`'s search on digit `d` found nothing when the digit had these `cells`
    /// (so it would find nothing again).
    pub(crate) fn found_nothing(&self, rung: DigitRung, d: u8, cells: Bits) -> bool {
        self.digits[rung.slot()][d as usize] == Some(cells)
    }

    /// Records whether `rung`'s search on digit `d` with these `cells` found something.
    pub(crate) fn record(&mut self, rung: DigitRung, d: u8, cells: Bits, found: bool) {
        self.digits[rung.slot()][d as usize] = (!found).then_some(cells);
    }

    /// `g.digits_bits()`, from the memo when it holds them for the same candidates, else from
    /// the direct rungs' places on the same candidates (cheaper to read than the grid).
    pub(crate) fn digits_bits(&mut self, g: &Grid) -> [Bits; 10] {
        match &self.digit_cells {
            Some((cand, digits)) if *cand == g.cand => *digits,
            _ => {
                let digits = match &self.places {
                    Some((cand, places)) if *cand == g.cand => places.digits_bits(),
                    _ => g.digits_bits(),
                };
                self.digit_cells = Some((g.cand, digits));
                digits
            }
        }
    }
}

impl Finding {
    /// An empty finding.
    pub(crate) fn new(explain: bool) -> Finding {
        Finding {
            explain,
            limits: LADDER.limits,
            ..Finding::default()
        }
    }

    /// Forgets the previous finding, keeping the buffers.
    pub(crate) fn clear(&mut self) {
        self.placements.clear();
        self.eliminations.clear();
        self.cells.clear();
        self.text.clear();
        self.rating = None;
    }

    /// True if something was placed or eliminated.
    pub(crate) fn found(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }

    /// Records the removal of `d` from every cell of `targets`.
    pub(crate) fn eliminate_all(&mut self, targets: Bits, d: u8) {
        for c in cells_of(targets) {
            self.eliminations.push((c as u8, d));
        }
    }

    /// Records the pattern cells.
    pub(crate) fn set_cells(&mut self, cells: impl IntoIterator<Item = usize>) {
        self.cells.clear();
        self.cells.extend(cells.into_iter().map(|c| c as u8));
    }

    /// Sets the explanation, followed by a description of the eliminations.
    pub(crate) fn explain_eliminations(&mut self, head: String) {
        self.text = format!("{head}, so {}", describe_eliminations(&self.eliminations));
    }
}

/// A rating rounded to tenths, as SE prints them (sums like 5.8 + 0.1 + 0.1 are not exact in
/// floating point).
/// A found chain ranked for "keep the best": its rating, and the candidates it removes.
pub(crate) trait Ranked: Sized {
    /// The rating and the number of candidates removed.
    fn rank(&self) -> (f64, u32);

    /// Whether this chain replaces `best`: the first of the lowest rated, then of those removing
    /// most candidates, is kept.
    fn beats(&self, best: &Option<Self>) -> bool {
        let (rating, removed) = self.rank();
        match best.as_ref().map(Ranked::rank) {
            None => true,
            Some((best_rating, best_removed)) => {
                rating < best_rating - 1e-9
                    || (rating < best_rating + 1e-9 && removed > best_removed)
            }
        }
    }
}

pub(crate) fn tenths(rating: f64) -> f64 {
    (rating * 10.0).round() / 10.0
}

/// "5 is removed from r1c2, r1c3 and 7 from r2c2" style text, grouped by digit.
pub(crate) fn describe_eliminations(elims: &[(u8, u8)]) -> String {
    let mut parts = Vec::new();
    let mut digits = 0u16;
    for &(_, d) in elims {
        digits |= 1 << d;
    }
    for d in digits_of(digits) {
        let cells = cell_list(elims.iter().filter(|e| e.1 == d).map(|e| e.0 as usize));
        parts.push(format!("{d} is removed from {cells}"));
    }
    parts.join("; ")
}

/// One rung of the ladder.
#[derive(Clone, Copy)]
pub(crate) struct Technique {
    /// Display name, as in hints and in the grade's technique list.
    pub(crate) name: &'static str,
    /// The lowest level at which this technique is allowed.
    pub(crate) level: Level,
    /// Sudoku-Explainer-like rating of one use (see the module docs of `logic`).
    pub(crate) rating: f64,
    /// Looks for the technique; true if `Finding` holds a deduction.
    pub(crate) find: fn(&Grid, &mut Finding) -> bool,
}

/// Builds a rung (for ladder tables).
pub(crate) const fn t(
    name: &'static str,
    level: Level,
    rating: f64,
    find: fn(&Grid, &mut Finding) -> bool,
) -> Technique {
    Technique {
        name,
        level,
        rating,
        find,
    }
}

/// The bounds of the bounded rungs: part of a ladder, because they decide what those rungs
/// find.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Limits {
    /// Search nodes of one trial.
    pub(crate) trial_nodes: u64,
    /// The most cells of one almost locked set.
    pub(crate) max_als_cells: usize,
    /// The most almost locked sets collected.
    pub(crate) max_als: usize,
}

/// A grader ladder: the rungs in the order they are tried, and the bounds of the bounded ones.
/// A generator version grades with a ladder snapshot it names (`LADDER_V1`, `LADDER_V2`),
/// never with whatever [`LADDER`] is today.
pub(crate) struct Ladder {
    /// Every technique, in the order the grader and the hints try them.
    pub(crate) rungs: &'static [Technique],
    /// The bounds of the bounded rungs.
    pub(crate) limits: Limits,
}

/// Today's ladder, for grading and hints on boards from outside: `LADDER_V3`, on Sukaku
/// Explainer's scale (the table frozen with g4). Released generators keep grading with their
/// own snapshot.
pub(crate) const LADDER: &Ladder = &crate::generator::ladder_v3::LADDER_V3;

#[cfg(test)]
mod tests {
    use super::*;

    fn names_are_unique_and_ends_are_easy_and_master(ladder: &Ladder) {
        for (i, a) in ladder.rungs.iter().enumerate() {
            assert!(ladder.rungs[i + 1..].iter().all(|b| b.name != a.name));
        }
        assert_eq!(ladder.rungs[0].level, Level::Easy);
        assert_eq!(ladder.rungs[ladder.rungs.len() - 1].level, Level::Master);
    }

    #[test]
    fn v1_ladder_is_sorted_by_level_then_rating() {
        let v1 = &crate::generator::ladder_v1::LADDER_V1;
        for w in v1.rungs.windows(2) {
            assert!(
                w[0].level <= w[1].level,
                "{} before {}",
                w[0].name,
                w[1].name
            );
            if w[0].level == w[1].level {
                assert!(
                    w[0].rating < w[1].rating,
                    "{} before {}",
                    w[0].name,
                    w[1].name
                );
            }
        }
        names_are_unique_and_ends_are_easy_and_master(v1);
    }

    #[test]
    fn ladder_is_sorted_by_rating_with_rising_levels() {
        // Rising levels keep a level cap exact: the capped walk stops where the level ends.
        for w in LADDER.rungs.windows(2) {
            assert!(
                w[0].level <= w[1].level,
                "{} before {}",
                w[0].name,
                w[1].name
            );
        }
        // Ratings rise but for two rungs placed as SE tries them: the XY-wing (4.2) after the
        // two-strong-link family (up to 4.5), the grouped three-link chains (5.7-5.9) with the
        // three-link ones, before the WXYZ-wing (5.5).
        let placed = ["XY-wing", "Grouped three-strong-link chain"];
        let rungs: Vec<&Technique> = LADDER
            .rungs
            .iter()
            .filter(|t| !placed.contains(&t.name))
            .collect();
        for w in rungs.windows(2) {
            assert!(
                w[0].rating <= w[1].rating,
                "{} before {}",
                w[0].name,
                w[1].name
            );
        }
        let at = |name: &str| LADDER.rungs.iter().position(|t| t.name == name).unwrap();
        assert_eq!(at("XY-wing"), at("Grouped two-strong-link chain") + 1);
        assert_eq!(
            at("Grouped three-strong-link chain"),
            at("Three-strong-link chain") + 1
        );
        assert_eq!(at("WXYZ-wing"), at("Three-strong-link chain") + 2);
        names_are_unique_and_ends_are_easy_and_master(LADDER);
    }

    #[test]
    fn ratings_are_rounded_to_tenths() {
        assert_ne!(5.8 + 0.1 + 0.1, 6.0);
        assert_eq!(tenths(5.8 + 0.1 + 0.1), 6.0);
        assert_eq!(tenths(4.5 + 0.1), 4.6);
    }

    #[test]
    fn eliminations_are_described_by_digit() {
        let text = describe_eliminations(&[(0, 5), (1, 5), (9, 7)]);
        assert_eq!(text, "5 is removed from r1c1, r1c2; 7 is removed from r2c1");
    }
}
