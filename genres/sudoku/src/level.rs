//! Difficulty levels, declared once: the enum, its names and its order come from one list.

use dayseed_core::{Error, Result};

/// A Sudoku difficulty, defined by the hardest human technique the grader needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Singles only (naked and hidden).
    Easy,
    /// Adds locked candidates (pointing/claiming) and naked/hidden pairs and triples.
    Medium,
    /// Adds fish (X-wing, swordfish), XY-wing, XYZ-wing, naked/hidden quads.
    Hard,
    /// Adds chains and colouring, unique rectangles, ALS-style techniques.
    Expert,
    /// Needs forcing chains or trial.
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
