//! Generation parameters and their text form: `T<bpm>-B<bars>-D<difficulty>`, e.g. `T128-B32-D3`.
//!
//! Bounds: tempo 40..=300 BPM, 2..=512 bars (one intro bar + terrains), difficulty 1..=5.
//! Numbers are plain decimals without leading zeros (one spelling per course).
//! Flags (`dayseed gen fourstep --param bpm=128 --param bars=32 --difficulty 3`): `bpm` (or
//! `tempo`), `bars`, `difficulty` (1-5 or EASY=1, NORMAL=2, MEDIUM=3, HARD=4, EXPERT=5); missing
//! ones default to 128, 32 and 3. Dailies are `T128-B32-D3` unless a difficulty is asked for.

use dayseed_core::{Error, Result};

use crate::course::{check_bars, check_bpm};

/// Default tempo.
pub const DEFAULT_BPM: u32 = 128;
/// Default length.
pub const DEFAULT_BARS: u32 = 32;
/// Default difficulty.
pub const DEFAULT_DIFFICULTY: u32 = 3;

/// The difficulty names, 1 to 5.
const NAMES: [&str; 5] = ["EASY", "NORMAL", "MEDIUM", "HARD", "EXPERT"];

/// Parsed params.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Params {
    /// Tempo, BPM.
    pub bpm: u32,
    /// Length, bars.
    pub bars: u32,
    /// Difficulty 1..=5.
    pub difficulty: u32,
}

impl Params {
    /// Checks every bound.
    pub fn validate(&self) -> Result<()> {
        check_bpm(self.bpm)?;
        check_bars(self.bars)?;
        check_difficulty(self.difficulty)
    }

    /// Reads `T128-B32-D3`.
    pub fn parse(text: &str) -> Result<Params> {
        let parts: Vec<&str> = text.split('-').collect();
        let [t, b, d] = parts[..] else {
            return Err(Error::params(format!(
                "fourstep params '{text}' are not T<bpm>-B<bars>-D<difficulty> (e.g. T128-B32-D3)"
            )));
        };
        let p = Params {
            bpm: field(t, 'T', "tempo")?,
            bars: field(b, 'B', "bars")?,
            difficulty: field(d, 'D', "difficulty")?,
        };
        p.validate()?;
        Ok(p)
    }

    /// The canonical text.
    pub fn format(&self) -> String {
        format!("T{}-B{}-D{}", self.bpm, self.bars, self.difficulty)
    }

    /// From `(name, value)` flags.
    pub fn from_flags(flags: &[(&str, &str)]) -> Result<Params> {
        let mut p = Params {
            bpm: DEFAULT_BPM,
            bars: DEFAULT_BARS,
            difficulty: DEFAULT_DIFFICULTY,
        };
        for &(name, value) in flags {
            match name {
                "bpm" | "tempo" => p.bpm = number(name, value)?,
                "bars" => p.bars = number(name, value)?,
                "difficulty" => p.difficulty = difficulty(value)?,
                other => {
                    return Err(Error::params(format!(
                        "fourstep does not take --{other} (it takes --difficulty, --param bpm=N, \
                         --param bars=N)"
                    )));
                }
            }
        }
        p.validate()?;
        Ok(p)
    }

    /// A daily's params.
    pub fn daily(d: Option<&str>) -> Result<Params> {
        Ok(Params {
            bpm: DEFAULT_BPM,
            bars: DEFAULT_BARS,
            difficulty: d.map(difficulty).transpose()?.unwrap_or(DEFAULT_DIFFICULTY),
        })
    }
}

fn check_difficulty(d: u32) -> Result<()> {
    if (1..=5).contains(&d) {
        Ok(())
    } else {
        Err(Error::params(format!("difficulty {d} is not 1 to 5")))
    }
}

fn difficulty(value: &str) -> Result<u32> {
    if let Some(i) = NAMES.iter().position(|n| n.eq_ignore_ascii_case(value)) {
        return Ok(i as u32 + 1);
    }
    let d = number("difficulty", value)?;
    check_difficulty(d)?;
    Ok(d)
}

fn number(name: &str, value: &str) -> Result<u32> {
    let shown: String = value.chars().take(20).collect();
    if value.is_empty() || value.len() > 9 || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::params(format!(
            "fourstep {name} '{shown}' is not a whole number"
        )));
    }
    value
        .parse()
        .map_err(|_| Error::params(format!("fourstep {name} '{shown}' is not a whole number")))
}

fn field(part: &str, prefix: char, name: &str) -> Result<u32> {
    let digits = part.strip_prefix(prefix).ok_or_else(|| {
        Error::params(format!(
            "fourstep params: '{part}' should be {prefix}<{name}>"
        ))
    })?;
    if digits.starts_with('0') {
        return Err(Error::params(format!(
            "fourstep params: {name} '{digits}' has a leading zero"
        )));
    }
    number(name, digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_bounds_are_named() {
        let p = Params::parse("T128-B32-D3").unwrap();
        assert_eq!(p.format(), "T128-B32-D3");
        for bad in [
            "T0-B32-D3",
            "T10000-B32-D3",
            "T128-B0-D3",
            "T128-B100000-D3",
            "T128-B32-D6",
        ] {
            let e = Params::parse(bad).unwrap_err();
            assert!(!e.message().is_empty(), "{bad}");
        }
        assert!(
            Params::parse("T0128-B32-D3")
                .unwrap_err()
                .message()
                .contains("leading zero")
        );
        assert!(Params::parse("128").is_err());
        assert!(
            Params::parse("TNaN-B32-D3")
                .unwrap_err()
                .message()
                .contains("whole number")
        );
    }

    #[test]
    fn flags_and_daily() {
        let p =
            Params::from_flags(&[("bpm", "140"), ("bars", "64"), ("difficulty", "hard")]).unwrap();
        assert_eq!(p.format(), "T140-B64-D4");
        assert_eq!(Params::from_flags(&[]).unwrap().format(), "T128-B32-D3");
        let e = Params::from_flags(&[("size", "5x5")]).unwrap_err();
        assert!(e.message().contains("--size"));
        assert!(
            Params::from_flags(&[("bpm", "0")])
                .unwrap_err()
                .message()
                .contains("tempo 0")
        );
        assert_eq!(Params::daily(Some("EASY")).unwrap().format(), "T128-B32-D1");
        assert!(Params::daily(Some("NaN")).is_err());
    }
}
