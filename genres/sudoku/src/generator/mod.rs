//! The generator versions, one sealed module each, and the table the registry dispatches on.
//!
//! Each released version is a module a reader can open and read top to bottom ([`g1`],
//! [`g2`], [`g3`], [`g4`]). A version uses only core, the crate's model (cells, levels, the
//! puzzle form) and code frozen with it: the procedure g1 and g2 share ([`shared_v1`]; g3 and
//! g4 call its retry loop), the grader ladder snapshots they grade on (`ladder_v1` for g1 and
//! g2, `ladder_v2` for g3, `ladder_v3` for g4, whose table is also today's live ladder), the
//! search whose node counts their removal budget counts ([`solver_v1`]) and the candidate masks
//! their singles tests use (`placement`). g3 and g4 also call g2's grid and singles closure,
//! frozen with g2.
//! Frozen files are never edited; a change that could move a board is a new version with new
//! files. A new version is one module here, one line in [`GENERATORS`] and one fixture file.

pub mod g1;
pub mod g2;
pub mod g3;
pub mod g4;
pub(crate) mod ladder_v1;
pub(crate) mod ladder_v2;
pub(crate) mod ladder_v3;
pub(crate) mod placement;
pub mod shared_v1;
pub mod solver_v1;

use dayseed_core::generator::day_or_number;
use dayseed_core::{Generator, VersionStatus};

use crate::Sudoku;

/// Every sudoku generator version ever released, oldest first.
pub static GENERATORS: [Generator<Sudoku>; 4] = [
    Generator {
        version: dayseed_core::Version(1),
        status: VersionStatus::Supported,
        note: "random grid, greedy clue removal in PRNG order (unique; graded within the target \
               below MASTER), retries on one stream: 256 attempts to HARD, 4096 for EXPERT/MASTER",
        seed: day_or_number,
        generate: g1::generate,
    },
    Generator {
        version: dayseed_core::Version(2),
        status: VersionStatus::Supported,
        note: "g1's procedure with a most-constrained-cell grid search and a complete singles \
               test (different boards, faster); same attempts and fallback",
        seed: day_or_number,
        generate: g2::generate,
    },
    Generator {
        version: dayseed_core::Version(3),
        status: VersionStatus::Supported,
        note: "g2's grids, removal order, attempts and fallback, with levels decided by the \
               frozen LADDER_V2 (Sukaku Explainer's scale); EASY is g2's",
        seed: day_or_number,
        generate: g3::generate,
    },
    Generator {
        version: dayseed_core::Version(4),
        status: VersionStatus::Current,
        note: "g3's procedure with levels decided by the frozen LADDER_V3 (LADDER_V2 plus SE's \
               direct techniques, the grades we publish); EASY is g2's board graded on V3",
        seed: day_or_number,
        generate: g4::generate,
    },
];
