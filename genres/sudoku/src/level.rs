//! Difficulty levels, declared once: the enum, its names and its order come from one list.

use dayseed_core::{Error, Result};

/// A Sudoku difficulty, defined by the hardest human technique the grader needs.
///
/// Which techniques a level allows depends on the ladder walked. The generators g1 and g2 grade
/// with `LADDER_V1` (in `generator::ladder_v1`), and the variant descriptions below name its
/// families first. g3 uses `LADDER_V2` (in `generator::ladder_v2`, frozen with g3), and g4
/// (current), grading reports and hints `LADDER_V3` (`generator::ladder_v3`: V2 plus Sukaku
/// Explainer's direct techniques, which are EASY), both ordered by Sukaku Explainer's ratings
/// (tabled in the `logic` module docs), where the boundaries move: X-wing
/// and swordfish are MEDIUM; strong-link chains of two links (skyscraper, kite, turbot fish,
/// grouped or not), empty rectangles, unique rectangles and loops are HARD; BUG types, longer
/// strong-link chains, big wings, aligned pair exclusion and forcing chains rated below 7.5 are
/// EXPERT; aligned triple exclusion, Nishio, multiple and dynamic forcing chains and trial are
/// MASTER.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// `LADDER_V1`: singles only (naked and hidden); the same under `LADDER_V2`; `LADDER_V3`
    /// adds the direct techniques (a pointing, claiming or hidden pair or triple used only for
    /// the hidden single it leaves, rated 1.7-2.5).
    Easy,
    /// `LADDER_V1`: adds locked candidates (pointing/claiming) and naked/hidden pairs and
    /// triples (`LADDER_V2` adds X-wing and swordfish).
    Medium,
    /// `LADDER_V1`: adds fish (X-wing, swordfish, jellyfish), XY-wing, XYZ-wing, naked/hidden
    /// quads (`LADDER_V2`: also two-link chains, grouped or not, empty rectangles, unique
    /// rectangles and loops).
    Hard,
    /// `LADDER_V1`: adds unique rectangles, BUG + 1, X- and XY-chains, ALS-XZ (`LADDER_V2`: BUG
    /// types, strong-link chains of 3-6 links (3-4 grouped), WXYZ and VWXYZ wings, aligned
    /// pair exclusion, forcing chains rated 6.6-7.4).
    Expert,
    /// `LADDER_V1`: needs a forcing chain or trial (`LADDER_V2`: aligned triple exclusion,
    /// Nishio, multiple and dynamic forcing chains, trial).
    Master,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Master,
    ];

    /// The upper-case name used in ids and output (`MEDIUM`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "EASY",
            Level::Medium => "MEDIUM",
            Level::Hard => "HARD",
            Level::Expert => "EXPERT",
            Level::Master => "MASTER",
        }
    }

    /// 1 for EASY up to 5 for MASTER.
    pub fn rank(self) -> u32 {
        self as u32 + 1
    }

    /// Parses a level name, case-insensitively.
    pub fn parse(text: &str) -> Result<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| {
                Error::params(format!(
                    "unknown sudoku difficulty '{text}'; supported: EASY, MEDIUM, HARD, EXPERT, MASTER"
                ))
            })
    }
}

impl serde::Serialize for Level {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Level {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Level, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Level::parse(&text).map_err(|e| serde::de::Error::custom(e.message()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_order_is_difficulty() {
        for l in Level::ALL {
            assert_eq!(Level::parse(l.name()).unwrap(), l);
            assert_eq!(Level::parse(&l.name().to_lowercase()).unwrap(), l);
        }
        assert!(Level::Easy < Level::Master);
        assert_eq!(Level::Master.rank(), 5);
        assert!(Level::parse("nightmare").is_err());
        assert_eq!(serde_json::to_string(&Level::Hard).unwrap(), "\"HARD\"");
        assert_eq!(
            serde_json::from_str::<Level>("\"expert\"").unwrap(),
            Level::Expert
        );
        assert!(serde_json::from_str::<Level>("\"x\"").is_err());
    }
}
