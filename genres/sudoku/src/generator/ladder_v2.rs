//! `LADDER_V2`: the grader ladder g3 grades with, frozen with it (released with g3), on Sukaku
//! Explainer's scale.
//!
//! Like [`LADDER_V1`](super::ladder_v1) it decides which boards a generator accepts and the grade
//! every record stores, so it is part of g3: its rungs, their order, levels and ratings, and
//! the bounds of the bounded rungs. This table is never edited, nor are the technique functions
//! it names changed in what they find (`fixtures/sudoku/g3.jsonl` regenerates every g3 board
//! and would show it). `crate::logic`'s live ladder (`LADDER`, for grading reports and hints)
//! points at this table, so a published grade and a g3 board's stored grade are one grader; a
//! better ladder is a new table (`LADDER_V3`) that `LADDER` may then point at, and g3's boards
//! do not move.
//!
//! Rungs are in the order SE tries its techniques: by rating, but for the XY-wing (after the
//! two-strong-link family) and the grouped three-link chains (with the three-link ones, before
//! the WXYZ-wing); levels rise along the ladder so that a level cap stops the walk exactly where
//! the level's techniques end (see the `logic` module docs for the table and where we differ
//! from SE).

use crate::level::Level;
use crate::logic::technique::{Ladder, Limits, t};
use crate::logic::{
    aic, aligned, big_wings, bug, dynamic, fish, forcing, grouped, intersections, loops, singles,
    strong_links, subsets, uniqueness, wings,
};

/// The g3 ladder, also today's live ladder (see the module docs).
pub(crate) const LADDER_V2: Ladder = Ladder {
    rungs: &[
        t("Hidden single", Level::Easy, 1.5, singles::hidden_single),
        t("Naked single", Level::Easy, 2.3, singles::naked_single),
        t("Pointing", Level::Medium, 2.6, intersections::pointing),
        t("Claiming", Level::Medium, 2.8, intersections::claiming),
        t("Naked pair", Level::Medium, 3.0, subsets::naked_pair),
        t("X-wing", Level::Medium, 3.2, fish::x_wing),
        t("Hidden pair", Level::Medium, 3.4, subsets::hidden_pair),
        t("Naked triple", Level::Medium, 3.6, subsets::naked_triple),
        t("Swordfish", Level::Medium, 3.8, fish::swordfish),
        t("Hidden triple", Level::Medium, 4.0, subsets::hidden_triple),
        t("Turbot fish", Level::Hard, 4.0, strong_links::two_links),
        t(
            "Empty rectangle",
            Level::Hard,
            4.3,
            strong_links::empty_rectangle,
        ),
        t(
            "Grouped two-strong-link chain",
            Level::Hard,
            4.3,
            grouped::two_links,
        ),
        t("XY-wing", Level::Hard, 4.2, wings::xy_wing),
        t("XYZ-wing", Level::Hard, 4.4, wings::xyz_wing),
        t(
            "Unique rectangle type 1",
            Level::Hard,
            4.5,
            uniqueness::ur_type1,
        ),
        t(
            "Unique rectangle type 2",
            Level::Hard,
            4.5,
            uniqueness::ur_type2,
        ),
        t(
            "Unique rectangle type 4",
            Level::Hard,
            4.5,
            uniqueness::ur_type4,
        ),
        t(
            "Unique rectangle type 4 (box)",
            Level::Hard,
            4.5,
            uniqueness::ur_type4_box,
        ),
        t(
            "Unique rectangle type 3 (hidden set)",
            Level::Hard,
            4.5,
            uniqueness::ur_type3_hidden,
        ),
        t(
            "Unique rectangle type 3",
            Level::Hard,
            4.6,
            uniqueness::ur_type3,
        ),
        t("Unique loop", Level::Hard, 4.6, loops::unique_loop),
        t(
            "Unique loop type 3 or 4",
            Level::Hard,
            4.6,
            loops::unique_loop_sets,
        ),
        t("Naked quad", Level::Hard, 5.0, subsets::naked_quad),
        t("Jellyfish", Level::Hard, 5.2, fish::jellyfish),
        t("Hidden quad", Level::Hard, 5.4, subsets::hidden_quad),
        t(
            "Three-strong-link chain",
            Level::Expert,
            5.4,
            strong_links::three_links,
        ),
        t(
            "Grouped three-strong-link chain",
            Level::Expert,
            5.7,
            grouped::three_links,
        ),
        t("WXYZ-wing", Level::Expert, 5.5, big_wings::wxyz_wing),
        t(
            "Bivalue universal grave + 1",
            Level::Expert,
            5.6,
            uniqueness::bug_plus_one,
        ),
        t(
            "Bivalue universal grave type 2",
            Level::Expert,
            5.7,
            uniqueness::bug_type2,
        ),
        t(
            "Bivalue universal grave type 4",
            Level::Expert,
            5.7,
            bug::bug_type4,
        ),
        t(
            "Bivalue universal grave type 3",
            Level::Expert,
            5.8,
            bug::bug_type3,
        ),
        t(
            "Four-strong-link chain",
            Level::Expert,
            5.8,
            strong_links::four_links,
        ),
        t(
            "Grouped four-strong-link chain",
            Level::Expert,
            6.1,
            grouped::four_links,
        ),
        t("VWXYZ-wing", Level::Expert, 6.2, big_wings::vwxyz_wing),
        t("Aligned pair exclusion", Level::Expert, 6.2, aligned::pair),
        t(
            "Five-strong-link chain",
            Level::Expert,
            6.2,
            strong_links::five_links,
        ),
        t(
            "Six-strong-link chain",
            Level::Expert,
            6.6,
            strong_links::six_links,
        ),
        t("Forcing chain", Level::Expert, 6.6, aic::forcing_chain),
        t(
            "Aligned triple exclusion",
            Level::Master,
            7.5,
            aligned::triple,
        ),
        t("Nishio forcing chain", Level::Master, 7.5, dynamic::nishio),
        t(
            "Multiple forcing chains",
            Level::Master,
            8.0,
            dynamic::multiple,
        ),
        t(
            "Dynamic forcing chains",
            Level::Master,
            8.5,
            dynamic::dynamic,
        ),
        t("Trial", Level::Master, 9.5, forcing::trial),
    ],
    limits: Limits {
        trial_nodes: 200_000,
        max_als_cells: 4,
        max_als: 600,
    },
};
