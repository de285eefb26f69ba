//! Human-style solving: a ladder of techniques, the grader that walks it, and hints.
//!
//! # Technique ladder
//! Techniques are data (a ladder table: name, level, rating, search function; today's is the
//! frozen `LADDER_V1` snapshot of `crate::generator::ladder_v1`), tried in
//! this order; after any progress the grader starts again from the top. The level of a puzzle
//! is the level of the hardest technique it needed. The ladder (its rungs, their order and what
//! each finds first) decides which boards the generator accepts, so changing it changes
//! generated boards: that needs a new generator version.
//!
//! | Level  | Technique (rating)                                                              |
//! |--------|---------------------------------------------------------------------------------|
//! | EASY   | Hidden single (1.2 in a box, 1.5 in a line), Naked single (2.3)                 |
//! | MEDIUM | Pointing (2.6), Claiming (2.8), Naked pair (3.0), Hidden pair (3.4),             |
//! |        | Naked triple (3.6), Hidden triple (4.0)                                         |
//! | HARD   | X-wing (3.2), Swordfish (3.8), XY-wing (4.2), XYZ-wing (4.4), Naked quad (5.0),  |
//! |        | Jellyfish (5.2), Hidden quad (5.4)                                              |
//! | EXPERT | Unique rectangle type 1 (4.5), type 2 (4.6), type 4 (4.7), Bivalue universal     |
//! |        | grave + 1 (5.6), X-chain (6.6), XY-chain (6.8), ALS-XZ (7.0)                     |
//! | MASTER | Forcing chain (8.0), Trial (9.5)                                                |
//!
//! # Score
//! [`LogicGrade::score`] is the rating of the hardest step used, on the scale of Sudoku
//! Explainer (SE), whose rating of a puzzle is likewise its hardest step. Where SE has the
//! technique the rating is SE's: hidden single 1.2 in a box and 1.5 in a line (boxes are
//! searched first, as SE does), naked single 2.3, pointing 2.6, claiming 2.8, naked pair 3.0,
//! X-wing 3.2, hidden pair 3.4, naked triple 3.6, swordfish 3.8, hidden triple 4.0, XY-wing
//! 4.2, XYZ-wing 4.4, unique rectangles 4.5 to 4.7, naked quad 5.0, jellyfish 5.2, hidden quad
//! 5.4, BUG + 1 5.6. SE has no X-chain, XY-chain or ALS rung of its own; they are placed where
//! SE rates comparable cycles and chains (6.5 to 7.0). SE's forcing chains run from about 7.5
//! to 9.0 and its nested ones above 9: our forcing chain (a singles-only contradiction) is 8.0
//! and trial (exhaustive search) 9.5. The score is 0.0 when nothing was left to deduce.
//! Because the ladder is ordered by level first, a HARD puzzle can score below a MEDIUM one
//! (X-wing 3.2 against hidden triple 4.0): the level is the coarse, contractual difficulty, the
//! score a finer SE-comparable figure.
//!
//! # Cost
//! Candidates are `u16` masks and cell sets `u128` bitboards; the grader reuses one buffer and
//! builds no text, and while grading the singles rungs take every single present at once. The
//! expensive rungs (chains, ALS, forcing, trial) come last and are bounded by lengths and node
//! counts, never by time.

pub(crate) mod aic;
pub(crate) mod als;
pub(crate) mod big_wings;
mod candidates;
pub(crate) mod chains;
pub(crate) mod dynamic;
pub(crate) mod fish;
pub(crate) mod forcing;
mod grade;
pub(crate) mod intersections;
pub(crate) mod ladder_v2;
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
