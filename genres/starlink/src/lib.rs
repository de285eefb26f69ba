//! dayseed-starlink: the constellation puzzle with gravity stars.
//!
//! Stars on a board each show a number. The player draws lines between stars so that every star
//! touches exactly as many lines as its number, no two lines cross, and all stars end up joined in
//! one network. At a **gravity star** a line may bend: `a -> g -> b` is one line.
//!
//! # Rules (generator versions g1, g2 and g3; fixed for ever)
//!
//! **Coordinates.** Integers in thousandths of a cell (`x` right, `y` down, 0 at the top-left
//! board corner). All geometry is exact integer arithmetic on cross and dot products (`i128`);
//! there is no trigonometry and no floating point in any test that reaches the output.
//!
//! **Board per difficulty** (params text = the name, case-insensitive on input):
//!
//! | difficulty | board | stars | gravity stars | extra-line probability |
//! |---|---|---|---|---|
//! | `EASY`   | 6x6 | 10 | 1 | 0.15 |
//! | `NORMAL` | 7x7 | 14 | 2 | 0.22 |
//! | `HARD`   | 8x8 | 18 | 2 | 0.28 |
//! | `EXPERT` | 9x9 | 22 | 3 | 0.35 |
//!
//! **Placement** ([`placement`]). The cells (row-major indices) are shuffled; each cell in turn
//! draws a jitter `dx`, then `dy`, each `below(401) - 200` (so within ±0.2 cells), and takes a
//! star at its centre plus the jitter if that point is at least 1 cell (Euclidean, exact) from
//! every star already placed, until the board has its stars. Gravity stars: the stars are ranked
//! by squared distance to the board centre (ties: lower index); the nearest `2 x gravity` are
//! shuffled and the first `gravity` of them become gravity stars.
//!
//! **Candidates** ([`candidates`]). A segment between two stars is *allowed* when it is at most
//! 3.2 cells long and no third star's centre is closer than 0.3 cells to it. Straight candidates
//! are the allowed pairs `[a, b]`, `a < b`. Bent candidates `[a, g, b]` (`a < b`) exist for each
//! gravity star `g` when both arms `g-a` and `g-b` are allowed, the angle `a-g-b` is within
//! 60°..=150° (tested as `cos(agb) <= 1/2` and `cos(agb) >= -sqrt(3)/2` via squared dot
//! products), and `a-b` is not itself allowed (gravity reaches around obstacles; it does not add a
//! second way to join stars a straight line joins). Order: straight by `(a, b)`, then bent by
//! `(g, a, b)`.
//!
//! **Counting.** A line counts once for every star it touches: a straight line for its two ends,
//! a bent line for `a`, `g` and `b`. A bent line joins all three into the network.
//!
//! **Crossing** ([`candidates`]). A bent line is its two segments. Two lines conflict (may not
//! both be drawn) when some segment of one and some segment of the other share a point other than
//! a star both end at: segments with no common end star conflict when the closed segments touch at
//! all (crossing, touching, collinear overlap); segments with one common end star conflict only
//! when they leave it in the same direction (overlap) — meeting at a star is allowed; segments
//! with both end stars in common are the same segment and conflict (so a bent line's arm and the
//! straight line on it, or two bends sharing an arm, conflict).
//!
//! **Answer** ([`answer`]; the numbers are the answer's degrees, so every board is solvable by
//! construction). The generator's answer never gives a star more than 6 lines, and never lets
//! the lines at a gravity star pair up into its bent lines in a second way (another pairing has
//! the same segments and degrees, so it would be a second solution). In order:
//! 1. each gravity star (index order) asks for two bent lines when `below(100) < 40`, else one,
//!    and takes its shuffled bent candidates while they fit, up to that many;
//! 2. the straight candidates, shuffled, are taken when they join two different components
//!    (union-find, seeded with the bent lines) and fit: a non-crossing spanning tree;
//! 3. every other candidate, shuffled, draws `below(100)` and is taken when the draw is below the
//!    extra-line percentage and it fits.
//!
//! If a star is left alone, the network is split, or a gravity star got no bent line, the board
//! is placed again (same RNG stream).
//!
//! **Uniqueness** ([`generate`]). Up to 30 attempts run on the same stream; an attempt is a
//! placement with one answer (g1) or, in g2 and g3, up to three answers drawn one after the other
//! on the same placement while the repaired answer is not unique. The first unique board is
//! returned; `attempts` reports the placements used. If none is unique, every attempt is counted
//! up to 64 and the attempt with the fewest solutions is returned (budget-exhausted last, ties to
//! the earlier) with `unique: false` and a `fallback` note. Exact parameters: see [`generate`].
//!
//! *Repair in g1 and g2.* Each answer is repaired toward uniqueness for at most 30 steps. A step
//! counts up to 16 solutions with [`solver`] and keeps them; the other solutions are the
//! *alternatives*. Proposals: the 5 best lines that fit the answer, scored by how many
//! alternatives contain a line they cross (adding such a line gives numbers those alternatives
//! cannot meet), and the 3 best answer lines whose removal keeps the answer valid, scored by how
//! many alternatives lack them; if nothing scores, the 5 fitting lines that cross the most *free*
//! lines (lines crossing no answer line) and 3 valid drops. Every proposal is counted and the one
//! with the fewest solutions is kept (ties to the earlier proposal); a line changed once is not
//! changed again in that attempt.
//!
//! *Repair in g3 (current)* ([`repair`]): one change per count. A step counts up to 2 solutions
//! with the bit-set counter ([`bitsolver`]), branching toward the answer so that a second
//! solution is one of the closest to it; the single best change that kills it is applied (drops
//! before adds on equal kills; among adds the one blocking the fewest free lines; a changed line
//! rests 6 steps), for at most 40 steps. Placement, candidates and answer construction are g2's.
//!
//! Measured over seeds 0..10,000 per difficulty (`bench/starlink-uniqueness.sh`): g1 is 100%
//! unique at EASY, NORMAL and HARD and 99.97% at EXPERT (3 boards with 2, 2 and 4 solutions); g2
//! is 100% unique at all four (mean placements 1.000 / 1.096 / 1.220 / 2.032, at most 2 / 4 / 6 /
//! 13 of the 30); g3 is 100% unique at all four, each board recounted unique by [`solver`]
//! (mean placements 1.000 / 1.105 / 1.111 / 1.590, at most 1 / 4 / 5 / 10; mean answer lines
//! 9.12 / 12.92 / 18.00 / 22.32; g2 over seeds 0..1,000: 9.10 / 12.96 / 18.75 / 22.84).
//!
//! **Solver** ([`solver`]): propagation (need 0 removes the rest; unknown = need places all;
//! placing removes conflicting lines), a connectivity prune, branching on the star with the
//! fewest (unknown - need), one line at a time. Node budget 150,000; a budget-exhausted count is
//! never unique. The g3 generator counts with [`bitsolver`] (the same rules on bit sets, plus
//! failed-line probing at the root); tests check both against a brute-force counter and each
//! other. **Hints** ([`hint`]): node budget 40,000, never a guess.
//!
//! # Seeds and ids
//!
//! The board comes from a [`dayseed_core::Mulberry32`] stream seeded with a 32-bit FNV-1a hash
//! ([`dayseed_core::seed::fnv1a32`]: offset basis `0x811C9DC5`, prime `0x01000193`, over UTF-8
//! bytes) so a JavaScript port can reproduce it:
//! * daily: `fnv1a32("starlink-daily-YYYY-MM-DD")`, the calendar date of the id's epoch day
//!   (whatever the day policy, the same date gives the same seed);
//! * `SEED-s`: `fnv1a32("starlink-seed-<s in decimal>")`.
//!
//! The record's `seed` field is that 32-bit value. Ids: `starlink:SEED-42-EXPERT-g3`,
//! `starlink:DAILY-utc-v1-20671-EXPERT-g3` (g1 and g2 ids keep their boards); the daily default
//! difficulty is `NORMAL`.
//!
//! # JSON formats
//!
//! Puzzle (what `dayseed gen starlink` prints, inside the record):
//! `{"width", "height", "difficulty", "stars": [{"x", "y", "number", "gravity"}],
//! "candidates": [[a, b] | [a, g, b]], "solution": [candidate indices], "unique", "solutions"}`.
//! Coordinates are in cells (multiples of 0.001). `solution` is absent after `without_solution`;
//! `solutions` is the count up to the limit (absent when the count ran out of budget). `decode`
//! reads this JSON (other fields ignored) and checks bounds: sides 2..=16, 1..=64 stars on the
//! board at distinct positions, numbers 0..=9, at most 2048 candidates of 2 or 3 distinct stars
//! (the middle of 3 a gravity star), indices in range.
//!
//! State: `{"lines": [candidate indices in drawing order]}` (distinct). `check` judges by the
//! rules only. `solve` gives the common report (`status`, `solution` = candidate
//! indices, `grade` null, `nodes`) with `{"solutions": n (up to 2), "unique",
//! "budget_exhausted"?}` beside it.

pub mod candidates;
pub mod difficulty;
pub mod format;
pub mod generator;
pub mod genre;
pub mod geometry;
pub mod hint;
pub mod model;
pub mod puzzle;
pub mod render;

/// The engine g1-g3 generate with, frozen with them (the procedure, the answer builder, both
/// solvers, the uniqueness repair and clue placement); today's solving and hints use it too. A
/// better engine for play would be new modules, and these names would point at them.
pub use generator::engine_v1 as generate;
pub use generator::engine_v1::{answer, bitsolver, placement, repair, solver};

pub use difficulty::Difficulty;
pub use genre::Starlink;
pub use puzzle::{Puzzle, Star, State};

use dayseed_core::Registered;

/// The registry entry for Starlink.
pub static GENRE: Registered<Starlink> = Registered(Starlink);
