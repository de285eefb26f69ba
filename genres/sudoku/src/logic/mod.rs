//! Human-style solving: a ladder of techniques, the grader that walks it, and hints.
//!
//! # Technique ladders
//! Techniques are data (a ladder table: name, level, rating, search function), tried in the
//! table's order; after any progress the grader starts again from the top. The level of a
//! puzzle is the level of the hardest technique it needed, its score the highest rating of a
//! step. A ladder (its rungs, their order and what each finds first) decides which boards a
//! generator accepts, so each generator version names a frozen ladder: g1 and g2 grade with
//! `LADDER_V1` (`crate::generator::ladder_v1`), g3 with `LADDER_V2`
//! (`crate::generator::ladder_v2`, on Sukaku Explainer's scale), g4 with `LADDER_V3`
//! (`crate::generator::ladder_v3`: `LADDER_V2` plus SE's four direct techniques); no table is
//! edited, nor are the technique functions they name changed in what they find. Grading
//! reports and hints ([`grade`], [`next_step`]) use `LADDER_V3` (`technique::LADDER` points at
//! the frozen table), so a g4 board's stored grade is the grade we publish; a better ladder is a
//! new table.
//!
//! ## `LADDER_V3` (today's `LADDER`), in the order tried (rating; SE's where SE has it)
//!
//! | Level  | Technique (rating)                                                              |
//! |--------|---------------------------------------------------------------------------------|
//! | EASY   | Hidden single (1.2 in a box, 1.5 in a line), Direct pointing (1.7), Direct      |
//! |        | claiming (1.9), Direct hidden pair (2.0), Naked single (2.3), Direct hidden     |
//! |        | triple (2.5)                                                                    |
//! | MEDIUM | Pointing (2.6), Claiming (2.8), Naked pair (3.0), X-wing (3.2), Hidden pair     |
//! |        | (3.4), Naked triple (3.6), Swordfish (3.8), Hidden triple (4.0)                 |
//! | HARD   | Skyscraper (4.0), two-string kite (4.1), turbot fish (4.2), Empty rectangle     |
//! |        | (4.3), grouped two-link chains (4.3), XY-wing (4.2), XYZ-wing (4.4),            |
//! |        | Unique rectangle types 1, 2, 4 (4.5), type 3 (hidden set 4.5 + 0.1 per digit    |
//! |        | beyond two, naked set 4.6-4.8), Unique loop types 1, 2, 4 (4.6 six cells, 4.7   |
//! |        | eight) and 3 (the loop's rating + the set's as for rectangles), Naked quad      |
//! |        | (5.0), Jellyfish (5.2), Hidden quad (5.4)                                       |
//! | EXPERT | Strong-link chains of 3 links (5.4-5.6), grouped 3 links (5.7), WXYZ-wing       |
//! |        | (5.5, 5.6), BUG + 1 (5.6), BUG types 2 and 4 (5.7), BUG type 3 (5.6 + 0.1 per   |
//! |        | digit of its naked set), 4 links (5.8-6.0), grouped 4 links (6.1),              |
//! |        | VWXYZ-wing (6.2-6.4), Aligned pair exclusion (6.2), 5 and 6 links (6.2-6.8),    |
//! |        | Forcing chains and cycles: bidirectional cycle (6.5 + length with X or Y links  |
//! |        | only, 7.0 + length mixed), forcing chain (6.6 + length X links only, 7.0 +      |
//! |        | length with Y links: SE has no Y-only forcing chain, so an XY-chain rates 7.0+) |
//! | MASTER | Aligned triple exclusion (7.5), Nishio (7.5 + length), Multiple forcing chains  |
//! |        | (8.0 + length), Dynamic forcing chains (8.5 + length), Trial (9.5)              |
//!
//! The order is SE's (Sukaku Explainer's list of techniques): by rating, but for the XY-wing,
//! which SE tries after its two-strong-link family (up to the empty rectangle and grouped
//! links), and grouped three-link chains, tried with the three-link ones before the WXYZ-wing;
//! levels rise along the ladder, so a level cap stops the walk exactly where that level's
//! techniques end. The length increment is SE's: 0.1 for each of the thresholds 4, 6, 8, 12,
//! 16, 24, 32, ... that the chain's candidate count minus 2 exceeds (`aic::length_increment`;
//! a loop counts its start once); for multiple and dynamic chains the count is summed over the
//! branches, each counting the candidates its conclusion rests on. Inside a chain rung the
//! lowest rating wins, then the fewest candidates, as SE sorts its hints; implications are
//! followed in SE's order (a cell's own candidates, then its box, row and column; in multiple
//! and dynamic chains every pending "holds" state before the next "does not hold" one), which
//! decides which contradiction a branch meets first and so its length.
//!
//! `LADDER_V2` (g3) is the same table without the four direct rungs: its EASY is the two
//! singles, so a puzzle SE solves with a direct technique reads 2.6-3.0 (MEDIUM) there.
//!
//! A direct technique (`direct`) is a pointing, claiming or hidden pair or triple used only
//! for the hidden single it leaves: the step places that single and applies none of the
//! eliminations, as SE's does, and the instances and their order are SE's (see `direct`).
//!
//! ## Where `LADDER_V3` differs from Sukaku Explainer (SE)
//! Measured by `bench/sudoku-se-agreement.sh` on a stratified sample of SE-rated puzzles
//! (results in `bench/results/sudoku-se-agreement.md`) and by `bench/sudoku-se-generated.sh`
//! on our own boards rated by SE. Known causes of disagreement:
//! - The original SE tries hidden pairs before naked pairs and turbot fish before swordfish;
//!   that order measured worse on the sample than Sukaku Explainer's, which the ladder follows.
//! - Grouped strong links (SE's base + 0.3, flat) are searched in chains of two to four strong
//!   links only (`grouped`); unique loops of ten cells or more, BUG type 2 with cells of four
//!   candidates, and UVWXYZ and TUVWXYZ wings are not searched: where SE uses them a later
//!   rung finds the deduction at a higher rating. (A search for ten-cell loops tried on the
//!   sample changed nothing measurable.)
//! - Unique loops: the first loop found (from its lowest cell) gives the step, its type 4, then
//!   hidden-set, then naked-set type 3 tried in that order; SE keeps the lowest rated hint over
//!   all loops, so a loop step can read 0.1-0.3 above SE's.
//! - Strong-link chains: SE's variants add 0.1 or 0.2 by the kinds of unit linked; we add 0.1
//!   for a box link and 0.1 when both rows and columns are used, and rate a chain through a
//!   group flat (base + 0.3), as Sukaku Explainer does.
//! - Forcing chains and cycles, and multiple, Nishio and dynamic chains, follow SE's search
//!   (modes, order of implications, lowest rating then fewest candidates), so on the sample
//!   they match SE on all but a few puzzles; where they differ, an earlier rung of ours that
//!   SE lacks (grouped strong-link chains, for one) or a tie broken differently took another
//!   path. Our strong-link chain rungs (up to six links, 5.4-6.8) come before the forcing
//!   chain rung, as in Sukaku Explainer.
//! - SE's "dynamic (+)" (9.0) and nested chains (9.5+) add techniques inside the propagation;
//!   we do not, so a puzzle that needs them reads as dynamic chains (8.5 + length) and, past
//!   them, trial. On the sample's SE 9.0-9.3 puzzles our dynamic chains already give SE's
//!   rating.
//!
//! # Score
//! [`LogicGrade::score`] is the rating of the hardest step used, on SE's scale, 0.0 when
//! nothing was left to deduce. Under `LADDER_V1` the ladder is ordered by level first and
//! chains are rated flat (X-chain 6.6, XY-chain 6.8, ALS-XZ 7.0, forcing chain 8.0, trial 9.5),
//! so a HARD puzzle can score below a MEDIUM one there; the level is the coarse, contractual
//! difficulty, the score a finer SE-comparable figure.
//!
//! # Cost
//! Candidates are `u16` masks and cell sets `u128` bitboards; the grader reuses one buffer and
//! builds no text, and while grading the singles rungs take every single present at once. The
//! expensive rungs (chains, ALS, forcing, trial) come last and are bounded by lengths and node
//! counts, never by time. `LADDER_V2`'s forcing-chain rungs follow every candidate both ways
//! and keep the lowest rated deduction, as SE does; `bench/sudoku-se-agreement.sh` prints the
//! median grading time of the puzzles it places at MASTER.

pub(crate) mod aic;
pub(crate) mod aligned;
pub(crate) mod als;
pub(crate) mod big_wings;
pub(crate) mod bug;
mod candidates;
pub(crate) mod chains;
pub(crate) mod direct;
pub(crate) mod dynamic;
pub(crate) mod fish;
pub(crate) mod forcing;
mod grade;
pub(crate) mod grouped;
pub(crate) mod intersections;
pub(crate) mod loops;
#[cfg(test)]
mod properties;
pub(crate) mod singles;
mod step;
pub(crate) mod strong_links;
pub(crate) mod subsets;
pub(crate) mod technique;
#[cfg(test)]
mod testutil;
pub(crate) mod uniqueness;
pub(crate) mod wings;

pub use grade::{LogicGrade, grade, grade_capped, grade_detail};
pub(crate) use grade::{grade_capped_on, grade_on};
pub use step::{Step, next_step};
