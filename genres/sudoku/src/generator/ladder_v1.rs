//! `LADDER_V1`: the grader ladder g1 and g2 grade with, frozen with them.
//!
//! The ladder decides which boards a generator accepts (a removal stays only if the grader
//! solves the puzzle within the target) and the grade every record stores, so it is part of
//! each released version that names it: its rungs, their order, levels and ratings, and the
//! bounds of the bounded rungs. This table is never edited. A better ladder is a new table (and
//! a new generator version that names it); `crate::logic`'s `LADDER` may then point at it for
//! grading and hints, and released boards do not move.

use crate::level::Level;
use crate::logic::technique::{Ladder, Limits, t};
use crate::logic::{
    als, chains, fish, forcing, intersections, singles, subsets, uniqueness, wings,
};

/// The g1/g2 ladder (see the module docs; the `logic` module docs list it with ratings).
pub(crate) const LADDER_V1: Ladder = Ladder {
    rungs: &[
        t("Hidden single", Level::Easy, 1.5, singles::hidden_single),
        t("Naked single", Level::Easy, 2.3, singles::naked_single),
        t("Pointing", Level::Medium, 2.6, intersections::pointing),
        t("Claiming", Level::Medium, 2.8, intersections::claiming),
        t("Naked pair", Level::Medium, 3.0, subsets::naked_pair),
        t("Hidden pair", Level::Medium, 3.4, subsets::hidden_pair),
        t("Naked triple", Level::Medium, 3.6, subsets::naked_triple),
        t("Hidden triple", Level::Medium, 4.0, subsets::hidden_triple),
        t("X-wing", Level::Hard, 3.2, fish::x_wing),
        t("Swordfish", Level::Hard, 3.8, fish::swordfish),
        t("XY-wing", Level::Hard, 4.2, wings::xy_wing),
        t("XYZ-wing", Level::Hard, 4.4, wings::xyz_wing),
        t("Naked quad", Level::Hard, 5.0, subsets::naked_quad),
        t("Jellyfish", Level::Hard, 5.2, fish::jellyfish),
        t("Hidden quad", Level::Hard, 5.4, subsets::hidden_quad),
        t(
            "Unique rectangle type 1",
            Level::Expert,
            4.5,
            uniqueness::ur_type1,
        ),
        t(
            "Unique rectangle type 2",
            Level::Expert,
            4.6,
            uniqueness::ur_type2,
        ),
        t(
            "Unique rectangle type 4",
            Level::Expert,
            4.7,
            uniqueness::ur_type4,
        ),
        t(
            "Bivalue universal grave + 1",
            Level::Expert,
            5.6,
            uniqueness::bug_plus_one,
        ),
        t("X-chain", Level::Expert, 6.6, chains::x_chain),
        t("XY-chain", Level::Expert, 6.8, chains::xy_chain),
        t("ALS-XZ", Level::Expert, 7.0, als::als_xz),
        t("Forcing chain", Level::Master, 8.0, forcing::contradiction),
        t("Trial", Level::Master, 9.5, forcing::trial),
    ],
    limits: Limits {
        trial_nodes: 200_000,
        max_als_cells: 4,
        max_als: 600,
    },
};
