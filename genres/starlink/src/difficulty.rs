//! Difficulty levels, declared once: names, board sizes, star counts and line probabilities.

use dayseed_core::{Error, Result};
use serde::{Deserialize, Serialize};

/// A Starlink difficulty. Each level fixes the board size, the number of stars and gravity stars,
/// and the probability of extra (non-tree) lines in the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Difficulty {
    /// 6x6 board, 10 stars, 1 gravity star, extra lines with probability 0.15.
    Easy,
    /// 7x7 board, 14 stars, 2 gravity stars, extra lines with probability 0.22.
    Normal,
    /// 8x8 board, 18 stars, 2 gravity stars, extra lines with probability 0.28.
    Hard,
    /// 9x9 board, 22 stars, 3 gravity stars, extra lines with probability 0.35.
    Expert,
}

/// Everything the generator needs to know about a level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spec {
    /// Board width in cells.
    pub width: u32,
    /// Board height in cells.
    pub height: u32,
    /// Number of stars.
    pub stars: u32,
    /// Number of gravity stars among them.
    pub gravity: u32,
    /// Probability, in percent, that a remaining candidate is offered as an extra line.
    pub extra_percent: u32,
}

impl Difficulty {
    /// Every level, easiest first.
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Normal,
        Difficulty::Hard,
        Difficulty::Expert,
    ];

    /// The upper-case name used in ids and output (`EXPERT`).
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "EASY",
            Difficulty::Normal => "NORMAL",
            Difficulty::Hard => "HARD",
            Difficulty::Expert => "EXPERT",
        }
    }

    /// 1 for EASY up to 4 for EXPERT.
    pub fn rank(self) -> u32 {
        self as u32 + 1
    }

    /// The generator's parameters for this level.
    pub fn spec(self) -> Spec {
        let (side, stars, gravity, extra_percent) = match self {
            Difficulty::Easy => (6, 10, 1, 15),
            Difficulty::Normal => (7, 14, 2, 22),
            Difficulty::Hard => (8, 18, 2, 28),
            Difficulty::Expert => (9, 22, 3, 35),
        };
        Spec {
            width: side,
            height: side,
            stars,
            gravity,
            extra_percent,
        }
    }

    /// Parses a level name, case-insensitively.
    pub fn parse(text: &str) -> Result<Difficulty> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| {
                let shown: String = text.chars().take(40).collect();
                Error::params(format!(
                    "unknown starlink difficulty '{shown}'; supported: EASY, NORMAL, HARD, EXPERT"
                ))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_specs_grow() {
        for d in Difficulty::ALL {
            assert_eq!(Difficulty::parse(d.name()).unwrap(), d);
            assert_eq!(Difficulty::parse(&d.name().to_lowercase()).unwrap(), d);
        }
        assert!(Difficulty::parse("MEDIUM").is_err());
        assert_eq!(Difficulty::Expert.rank(), 4);
        let specs: Vec<Spec> = Difficulty::ALL.iter().map(|d| d.spec()).collect();
        assert!(specs.windows(2).all(|w| w[0].stars < w[1].stars));
        assert_eq!(specs[3].extra_percent, 35);
    }
}
