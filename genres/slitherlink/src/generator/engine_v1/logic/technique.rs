//! The technique ladder, declared once: each technique's level, name and explanation.

/// A human-style deduction, tagged with the level (1..10) that allows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// L1: a clue whose lines are all drawn crosses its other edges (0s cross all four); a clue
    /// that needs every open edge draws them.
    ClueCount,
    /// L1: a vertex with two lines crosses its other edges; a line must continue through its only
    /// open edge; a dead-end edge is crossed.
    LineContinuation,
    /// L2: a 1 in a dead corner (both outside edges crossed or off the board) crosses the corner's
    /// two edges; a 3 draws them.
    CornerRule,
    /// L3: adjacent 3-3 (shared edge, both far edges drawn, the shared edge's extensions crossed)
    /// and diagonal 3-3 (outer corners drawn). (0-3 follows from L1 and L2.)
    ThreeThree,
    /// L4: vertex degree reasoning at one corner: a line entering a cell's corner means exactly one
    /// of the cell's corner edges is used (so a 1's far edges are crossed, a 3's drawn), and a
    /// cell's count forces how many lines meet the neighbouring corner.
    VertexPairs,
    /// L5: diagonal and parity patterns: the same corner constraints chained from cell to cell
    /// along diagonals (through 2s, 3-2-3, 1-1 at a border, ...), to a fixpoint.
    DiagonalChains,
    /// L6: an edge joining the two ends of one path is crossed unless closing it would finish the
    /// puzzle (no premature sub-loop).
    LoopClosure,
    /// L7: inside/outside colouring: cells are inside or outside the loop; a line separates
    /// different colours, a cross joins equal ones; clues count colour changes around a cell.
    Colouring,
    /// L8: short trial: assume an edge, follow L1 rules only; a contradiction proves the opposite.
    ShortTrial,
    /// L9: trial: assume an edge, follow every rule of L1-L7; a contradiction proves the opposite.
    Trial,
    /// L10: deep trial: assume an edge and search a few levels of nested assumptions (bounded by
    /// a node budget); if every continuation fails, the opposite holds.
    DeepTrial,
}

/// Number of techniques.
pub const N_TECHNIQUES: usize = 11;

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; N_TECHNIQUES] = [
        Technique::ClueCount,
        Technique::LineContinuation,
        Technique::CornerRule,
        Technique::ThreeThree,
        Technique::VertexPairs,
        Technique::DiagonalChains,
        Technique::LoopClosure,
        Technique::Colouring,
        Technique::ShortTrial,
        Technique::Trial,
        Technique::DeepTrial,
    ];

    /// The level (1..10) that allows this technique.
    pub fn level(self) -> u8 {
        match self {
            Technique::ClueCount | Technique::LineContinuation => 1,
            Technique::CornerRule => 2,
            Technique::ThreeThree => 3,
            Technique::VertexPairs => 4,
            Technique::DiagonalChains => 5,
            Technique::LoopClosure => 6,
            Technique::Colouring => 7,
            Technique::ShortTrial => 8,
            Technique::Trial => 9,
            Technique::DeepTrial => 10,
        }
    }

    /// The technique's name in output.
    pub fn name(self) -> &'static str {
        match self {
            Technique::ClueCount => "clue counting",
            Technique::LineContinuation => "line continuation",
            Technique::CornerRule => "corner rule",
            Technique::ThreeThree => "3-3 pattern",
            Technique::VertexPairs => "vertex degree reasoning",
            Technique::DiagonalChains => "diagonal chain",
            Technique::LoopClosure => "loop closure",
            Technique::Colouring => "inside/outside colouring",
            Technique::ShortTrial => "short trial",
            Technique::Trial => "trial",
            Technique::DeepTrial => "deep trial",
        }
    }

    /// One line for a hint: why the step holds.
    pub fn why(self) -> &'static str {
        match self {
            Technique::ClueCount => {
                "a clue that already has its lines crosses its other edges; one that needs every open edge draws them"
            }
            Technique::LineContinuation => {
                "a line cannot end or branch: a dot with two lines crosses the rest, a dot with one line continues through its only open edge, a dead end is crossed"
            }
            Technique::CornerRule => {
                "at a corner whose two outside edges are crossed, a 1 cannot use the corner and a 3 must use both corner edges"
            }
            Technique::ThreeThree => {
                "two neighbouring 3s share their middle edge and both far edges; diagonal 3s draw their outer corners"
            }
            Technique::VertexPairs => {
                "a dot has 0 or 2 lines, so the lines entering a cell's corner from outside fix how many of the corner's edges the clue uses"
            }
            Technique::DiagonalChains => {
                "corner constraints pass from cell to cell along a diagonal (through 2s and the dots between them)"
            }
            Technique::LoopClosure => {
                "this edge would close a loop that leaves other lines or unmet clues outside it"
            }
            Technique::Colouring => {
                "cells are inside or outside the loop: a line separates the two sides and a clue counts its neighbours on the other side"
            }
            Technique::ShortTrial => "assuming the opposite breaks a rule after a few forced moves",
            Technique::Trial => {
                "assuming the opposite leads, by the rules of levels 1-7, to a contradiction"
            }
            Technique::DeepTrial => {
                "every continuation of the opposite assumption fails within a few nested guesses"
            }
        }
    }

    /// Index in [`Technique::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ladder_is_ordered_and_covers_every_level() {
        for w in Technique::ALL.windows(2) {
            assert!(w[0].level() <= w[1].level());
        }
        for level in 1..=10 {
            assert!(Technique::ALL.iter().any(|t| t.level() == level));
        }
        for (i, t) in Technique::ALL.iter().enumerate() {
            assert_eq!(t.index(), i);
        }
    }
}
