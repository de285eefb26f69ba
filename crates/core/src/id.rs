//! Puzzle identity: the versioned name that means the same board for ever.
//!
//! ```text
//! <genre>:DAILY-<dayPolicy>-<epochDay>-<params>-g<N>   sudoku:DAILY-device-local-v1-20671-MEDIUM-g1
//! <genre>:SEED-<seed>-<params>-g<N>                    slitherlink:SEED-42-10x10-L6-g1
//! ```
//!
//! `genre` is lower-case letters and digits; `epochDay` is a signed decimal (a negative day reads
//! `utc-v1--3-...`); `seed` an unsigned 64-bit decimal; `params` is the genre's own canonical text
//! (letters, digits, `x`, `.`, `-`), validated by the genre; `N` is the generator version.

use std::fmt;
use std::str::FromStr;

use crate::day::{DayPolicy, MAX_ABS_EPOCH_DAY};
use crate::error::{Error, ErrorKind, Result};

/// The longest id accepted from outside.
pub const MAX_ID_LEN: usize = 200;
/// The longest params part accepted.
pub const MAX_PARAMS_LEN: usize = 64;

/// A generator version `gN`: everything that can change a board (seed derivation, PRNG use,
/// shuffles, targets, clue removal, retries). Not the crate version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Version(pub u32);

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "g{}", self.0)
    }
}

impl serde::Serialize for Version {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl FromStr for Version {
    type Err = Error;

    fn from_str(s: &str) -> Result<Version> {
        let digits = s.strip_prefix('g').unwrap_or("");
        if digits.is_empty()
            || digits.len() > 6
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return Err(Error::new(
                ErrorKind::MalformedId,
                format!("'{s}' is not a generator version (expected g1, g2, ...)"),
            ));
        }
        Ok(Version(digits.parse().expect("checked digits")))
    }
}

/// Where a board's seed comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Source {
    /// The daily puzzle of `epoch_day` under `policy`.
    Daily {
        /// The day policy that produced the epoch day.
        policy: DayPolicy,
        /// Days since 1970-01-01 under that policy.
        epoch_day: i64,
    },
    /// An explicit seed.
    Seed(u64),
}

/// A parsed puzzle id. Formatting and parsing round-trip exactly.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PuzzleId {
    /// The genre's registry name, e.g. `sudoku`.
    pub genre: String,
    /// Daily or explicit seed.
    pub source: Source,
    /// The genre's canonical params text, e.g. `MEDIUM` or `10x10-L6`.
    pub params: String,
    /// The generator version.
    pub version: Version,
}

impl PuzzleId {
    /// An id for the daily puzzle.
    pub fn daily(
        genre: &str,
        policy: DayPolicy,
        epoch_day: i64,
        params: &str,
        version: Version,
    ) -> PuzzleId {
        PuzzleId {
            genre: genre.to_string(),
            source: Source::Daily { policy, epoch_day },
            params: params.to_string(),
            version,
        }
    }

    /// An id for an explicit seed.
    pub fn seeded(genre: &str, seed: u64, params: &str, version: Version) -> PuzzleId {
        PuzzleId {
            genre: genre.to_string(),
            source: Source::Seed(seed),
            params: params.to_string(),
            version,
        }
    }
}

impl fmt::Display for PuzzleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.source {
            Source::Daily { policy, epoch_day } => write!(
                f,
                "{}:DAILY-{}-{}-{}-{}",
                self.genre, policy, epoch_day, self.params, self.version
            ),
            Source::Seed(seed) => write!(
                f,
                "{}:SEED-{}-{}-{}",
                self.genre, seed, self.params, self.version
            ),
        }
    }
}

fn malformed(id: &str, why: &str) -> Error {
    let shown: String = id.chars().take(80).collect();
    Error::new(
        ErrorKind::MalformedId,
        format!(
            "malformed id '{shown}': {why}; expected <genre>:DAILY-<policy>-<day>-<params>-g<N> \
             or <genre>:SEED-<seed>-<params>-g<N>"
        ),
    )
}

/// Checks the characters of a params part (the genre checks its meaning).
pub fn check_params_text(params: &str) -> Result<()> {
    if params.is_empty() || params.len() > MAX_PARAMS_LEN {
        return Err(Error::params(format!(
            "params must be 1 to {MAX_PARAMS_LEN} characters"
        )));
    }
    if let Some(c) = params
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '.' || *c == '-'))
    {
        return Err(Error::params(format!(
            "params '{params}' contain '{c}'; only letters, digits, '.' and '-' are allowed"
        )));
    }
    Ok(())
}

impl FromStr for PuzzleId {
    type Err = Error;

    fn from_str(id: &str) -> Result<PuzzleId> {
        if id.len() > MAX_ID_LEN {
            return Err(malformed(
                id,
                &format!("longer than {MAX_ID_LEN} characters"),
            ));
        }
        let (genre, rest) = id
            .split_once(':')
            .ok_or_else(|| malformed(id, "no ':' after the genre"))?;
        if genre.is_empty()
            || genre.len() > 32
            || !genre
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        {
            return Err(malformed(
                id,
                "the genre must be lower-case letters and digits",
            ));
        }
        let (body, version) = rest
            .rsplit_once('-')
            .ok_or_else(|| malformed(id, "no '-g<N>' version at the end"))?;
        let version: Version = version
            .parse()
            .map_err(|e: Error| malformed(id, e.message()))?;
        let (source, params) = if let Some(after) = body.strip_prefix("DAILY-") {
            let policy = DayPolicy::ALL
                .into_iter()
                .find(|p| {
                    after
                        .strip_prefix(p.name())
                        .is_some_and(|r| r.starts_with('-'))
                })
                .ok_or_else(|| {
                    malformed(
                        id,
                        "unknown day policy (supported: device-local-v1, utc-v1)",
                    )
                })?;
            let after = &after[policy.name().len() + 1..];
            let (negative, digits_on) = match after.strip_prefix('-') {
                Some(r) => (true, r),
                None => (false, after),
            };
            let (day, params) = digits_on
                .split_once('-')
                .ok_or_else(|| malformed(id, "no params after the epoch day"))?;
            if day.is_empty() || day.len() > 12 || !day.bytes().all(|b| b.is_ascii_digit()) {
                return Err(malformed(id, "the epoch day must be a whole number"));
            }
            if day.len() > 1 && day.starts_with('0') {
                return Err(malformed(id, "the epoch day must not start with 0"));
            }
            let magnitude: i64 = day
                .parse()
                .map_err(|_| malformed(id, "epoch day too large"))?;
            if magnitude > MAX_ABS_EPOCH_DAY {
                return Err(malformed(id, "epoch day out of range"));
            }
            let epoch_day = if negative { -magnitude } else { magnitude };
            (Source::Daily { policy, epoch_day }, params)
        } else if let Some(after) = body.strip_prefix("SEED-") {
            let (seed, params) = after
                .split_once('-')
                .ok_or_else(|| malformed(id, "no params after the seed"))?;
            if seed.is_empty() || !seed.bytes().all(|b| b.is_ascii_digit()) {
                return Err(malformed(id, "the seed must be an unsigned whole number"));
            }
            if seed.len() > 1 && seed.starts_with('0') {
                return Err(malformed(id, "the seed must not start with 0"));
            }
            let seed: u64 = seed
                .parse()
                .map_err(|_| malformed(id, "the seed does not fit in 64 bits"))?;
            (Source::Seed(seed), params)
        } else {
            return Err(malformed(
                id,
                "the part after ':' must start with DAILY- or SEED-",
            ));
        };
        check_params_text(params).map_err(|e| malformed(id, e.message()))?;
        Ok(PuzzleId {
            genre: genre.to_string(),
            source,
            params: params.to_string(),
            version,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_examples_round_trip() {
        for text in [
            "sudoku:DAILY-device-local-v1-20671-MEDIUM-g1",
            "sudoku:DAILY-utc-v1-0-EASY-g2",
            "sudoku:DAILY-utc-v1--3-EASY-g1",
            "slitherlink:SEED-42-10x10-L6-g1",
            "sudoku:SEED-18446744073709551615-MASTER-g12",
        ] {
            let id: PuzzleId = text.parse().unwrap();
            assert_eq!(id.to_string(), text);
        }
        let id: PuzzleId = "sudoku:DAILY-device-local-v1-20671-MEDIUM-g1"
            .parse()
            .unwrap();
        assert_eq!(id.genre, "sudoku");
        assert_eq!(
            id.source,
            Source::Daily {
                policy: DayPolicy::DeviceLocalV1,
                epoch_day: 20671
            }
        );
        assert_eq!(id.params, "MEDIUM");
        assert_eq!(id.version, Version(1));
        let neg: PuzzleId = "sudoku:DAILY-utc-v1--3-EASY-g1".parse().unwrap();
        assert_eq!(
            neg.source,
            Source::Daily {
                policy: DayPolicy::UtcV1,
                epoch_day: -3
            }
        );
    }

    #[test]
    fn malformed_ids_are_explicit_errors() {
        for bad in [
            "",
            "sudoku",
            "sudoku:",
            "Sudoku:SEED-1-EASY-g1",
            "sudoku:SEED-1-EASY",
            "sudoku:SEED-1-EASY-g0",
            "sudoku:SEED-1-EASY-gx",
            "sudoku:SEED--1-EASY-g1",
            "sudoku:SEED-99999999999999999999-EASY-g1",
            "sudoku:SEED-1--g1",
            "sudoku:SEED-1-EA SY-g1",
            "sudoku:DAILY-moon-v1-3-EASY-g1",
            "sudoku:DAILY-utc-v1-x-EASY-g1",
            "sudoku:DAILY-utc-v1-999999999999-EASY-g1",
            "sudoku:WEEKLY-1-EASY-g1",
            "sudoku:SEED-007-EASY-g1",
            "sudoku:DAILY-utc-v1-0200-EASY-g1",
            "sudoku:SEED-1-EASY-g1234567",
        ] {
            let e = bad.parse::<PuzzleId>().unwrap_err();
            assert_eq!(e.kind(), ErrorKind::MalformedId, "{bad}");
            assert!(e.message().contains("expected <genre>"), "{bad}: {e}");
        }
        let long = format!("sudoku:SEED-1-{}-g1", "A".repeat(300));
        assert!(long.parse::<PuzzleId>().is_err());
    }

    proptest::proptest! {
        #[test]
        fn any_valid_id_round_trips(seed: u64, day in -1_000_000i64..1_000_000, v in 1u32..1000,
                                    params in "[A-Z0-9][A-Za-z0-9.-]{0,20}") {
            let a = PuzzleId::seeded("sudoku", seed, &params, Version(v));
            proptest::prop_assert_eq!(a.to_string().parse::<PuzzleId>().unwrap(), a);
            let b = PuzzleId::daily("lightsout", DayPolicy::DeviceLocalV1, day, &params, Version(v));
            proptest::prop_assert_eq!(b.to_string().parse::<PuzzleId>().unwrap(), b);
        }

        #[test]
        fn parsing_arbitrary_text_never_panics(text in ".{0,120}") {
            let _ = text.parse::<PuzzleId>();
        }
    }
}
