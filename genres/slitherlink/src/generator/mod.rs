//! The slitherlink generator versions, one sealed module each, and the table the registry dispatches
//! on. A new version is one module here, one line in [`GENERATORS`] and one fixture file.
//!
//! g1 and g2 use only core, the crate's model (grid, model, params) and the engine frozen with
//! them under [`engine_v1`]: the procedure, loop growth, clue removal, the logic ladder with its
//! trial engine, and the search solver, which reach each other only inside it. Frozen files are
//! never edited; a change that could move a board is a new version with new files. g3 adds
//! [`engine_v2`], the faster trial closure, and imports everything else from engine_v1. g4 is
//! g3's procedure (`g3::generate_with`) with its own numbers (more removal tests per loop on
//! large level-10 boards), no code of its own; g3's file was edited once to take those numbers
//! as a parameter, its boards shown byte-identical before and after (fixtures and printed
//! boards, `bench/results/slitherlink-g3.md` section 10). The trial walks of g2 and g3 share
//! `second_loop`, which answers removal tests that must fail without changing any answer (so
//! any board).

pub mod engine_v1;
pub mod engine_v2;
pub mod g1;
pub mod g2;
pub mod g3;
pub mod g4;
mod second_loop;

use dayseed_core::generator::day_or_number;
use dayseed_core::{Generator, Version, VersionStatus};

use crate::Slitherlink;

/// Every slitherlink generator version ever released, oldest first.
pub static GENERATORS: [Generator<Slitherlink>; 4] = [
    Generator {
        version: Version(1),
        status: VersionStatus::Supported,
        note: "region-grown loop, clues removed in PRNG order under the 10-level technique ladder",
        seed: day_or_number,
        generate: g1::generate,
    },
    Generator {
        version: Version(2),
        status: VersionStatus::Supported,
        note: "g1 at levels 1-7; at levels 8-10 a no-trial removal walk before the trial walk, \
               boards up to 30x30",
        seed: day_or_number,
        generate: g2::generate,
    },
    Generator {
        version: Version(3),
        status: VersionStatus::Supported,
        note: "g2's procedure with the trial levels 8-10 checked by engine_v2's trial closure \
               (engine_v1's answers, fewer trials) and 48 removal tests per loop; level 10 up \
               to 30x30",
        seed: day_or_number,
        generate: g3::generate,
    },
    Generator {
        version: Version(4),
        status: VersionStatus::Current,
        note: "g3's procedure with 96 removal tests per loop (g3: 48) at level 10 above 625 \
               cells; g3's boards elsewhere",
        seed: day_or_number,
        generate: g4::generate,
    },
];
