//! Generation parameters: chamber count and difficulty. Text form `C<n>-<DIFFICULTY>`,
//! e.g. `C8-MEDIUM`.

use dayseed_core::{Error, Result};

/// Fewest chambers a level may have.
pub const MIN_CHAMBERS: u32 = 1;
/// Most chambers a level may have.
pub const MAX_CHAMBERS: u32 = 24;
/// Chambers of a daily level.
pub const DAILY_CHAMBERS: u32 = 8;

/// Difficulty: which templates are eligible and which part of their parameter ranges is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Difficulty {
    /// Tier-1 templates, lower half of every range.
    Easy,
    /// Tiers 1-2, whole ranges.
    Medium,
    /// Every template, upper half of every range.
    Hard,
}

impl Difficulty {
    /// Every difficulty with its name, easiest first (the one list names and ranks come from).
    pub const ALL: [(Difficulty, &'static str); 3] = [
        (Difficulty::Easy, "EASY"),
        (Difficulty::Medium, "MEDIUM"),
        (Difficulty::Hard, "HARD"),
    ];

    /// The name (`EASY`).
    pub fn name(self) -> &'static str {
        Self::ALL[self.rank() as usize - 1].1
    }

    /// 1 = easiest; also the highest template tier used.
    pub fn rank(self) -> u32 {
        match self {
            Difficulty::Easy => 1,
            Difficulty::Medium => 2,
            Difficulty::Hard => 3,
        }
    }

    /// Reads a name, case-insensitively.
    pub fn parse(text: &str) -> Result<Difficulty> {
        Self::ALL
            .iter()
            .find(|(_, n)| n.eq_ignore_ascii_case(text))
            .map(|&(d, _)| d)
            .ok_or_else(|| {
                Error::params(format!(
                    "jj difficulty {text:?} is not one of EASY, MEDIUM, HARD"
                ))
            })
    }

    /// The value range `(lo, hi)` this difficulty draws from inside a template's `lo..=hi`.
    pub fn range(self, lo: u32, hi: u32) -> (u32, u32) {
        let mid = lo + (hi - lo) / 2;
        match self {
            Difficulty::Easy => (lo, mid),
            Difficulty::Medium => (lo, hi),
            Difficulty::Hard => (mid, hi),
        }
    }
}

/// Parsed params.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Params {
    /// Chambers in the level.
    pub chambers: u32,
    /// Difficulty.
    pub difficulty: Difficulty,
}

impl Params {
    /// Parses `C<n>-<DIFFICULTY>`.
    pub fn parse(text: &str) -> Result<Params> {
        let bad = || {
            Error::params(format!(
                "jj params {text:?} are not C<chambers>-<EASY|MEDIUM|HARD>, e.g. C8-MEDIUM"
            ))
        };
        let (c, d) = text.split_once('-').ok_or_else(bad)?;
        let n: u32 = c
            .strip_prefix('C')
            .and_then(|n| n.parse().ok())
            .ok_or_else(bad)?;
        let p = Params {
            chambers: n,
            difficulty: Difficulty::parse(d)?,
        };
        p.validate()?;
        Ok(p)
    }

    /// The canonical text.
    pub fn format(&self) -> String {
        format!("C{}-{}", self.chambers, self.difficulty.name())
    }

    /// Checks the chamber count.
    pub fn validate(&self) -> Result<()> {
        if !(MIN_CHAMBERS..=MAX_CHAMBERS).contains(&self.chambers) {
            return Err(Error::params(format!(
                "jj levels have {MIN_CHAMBERS} to {MAX_CHAMBERS} chambers, not {}",
                self.chambers
            )));
        }
        Ok(())
    }

    /// From CLI flags: `difficulty` and `chambers` (`--param chambers=8`).
    pub fn from_flags(flags: &[(&str, &str)]) -> Result<Params> {
        let mut p = Params {
            chambers: DAILY_CHAMBERS,
            difficulty: Difficulty::Medium,
        };
        for &(name, value) in flags {
            match name {
                "difficulty" => p.difficulty = Difficulty::parse(value)?,
                "chambers" => {
                    p.chambers = value.parse().map_err(|_| {
                        Error::params(format!("jj --param chambers={value}: not a number"))
                    })?;
                }
                other => {
                    return Err(Error::params(format!(
                        "jj does not use --{other} (it takes --difficulty and --param chambers=N)"
                    )));
                }
            }
        }
        p.validate()?;
        Ok(p)
    }

    /// The daily level's params at a difficulty (default MEDIUM), 8 chambers.
    pub fn daily(difficulty: Option<&str>) -> Result<Params> {
        Ok(Params {
            chambers: DAILY_CHAMBERS,
            difficulty: difficulty.map_or(Ok(Difficulty::Medium), Difficulty::parse)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_round_trip_and_refuse_bad_text() {
        for t in ["C8-MEDIUM", "C1-EASY", "C24-HARD"] {
            assert_eq!(Params::parse(t).unwrap().format(), t);
        }
        for t in ["C0-EASY", "C25-HARD", "8-MEDIUM", "C8-NORMAL", "C8"] {
            assert!(Params::parse(t).is_err(), "{t}");
        }
        let e = Params::from_flags(&[("size", "5")]).unwrap_err();
        assert!(e.message().contains("--size"));
        let p = Params::from_flags(&[("chambers", "3"), ("difficulty", "hard")]).unwrap();
        assert_eq!(p.format(), "C3-HARD");
    }
}
