//! Generation parameters: board size and level, written `<W>x<H>-L<level>` (e.g. `10x10-L6`).

use dayseed_core::{Error, Result};

/// Smallest side the generator accepts.
pub const GEN_MIN_SIDE: u32 = 5;
/// Largest side the generator accepts.
pub const GEN_MAX_SIDE: u32 = 40;
/// Most cells g1 takes at the trial levels 8-10 (its removal grows steeply with the board).
pub const G1_TRIAL_MAX_CELLS: u32 = 225;
/// Most cells at the trial levels 8-10 (30x30, for g3 and g4 at every one of them; g1 keeps
/// [`G1_TRIAL_MAX_CELLS`], g2 [`G2_DEEP_MAX_CELLS`] at level 10).
pub const TRIAL_MAX_CELLS: u32 = 900;
/// Most cells g2 takes at level 10 (20x20): deep-trial boards cost seconds to tens of seconds
/// beyond it, against the server's 30 s request deadline.
pub const G2_DEEP_MAX_CELLS: u32 = 400;
/// Default side (`10x10`).
pub const DEFAULT_SIDE: u32 = 10;
/// Default level (also the daily default).
pub const DEFAULT_LEVEL: u8 = 6;

/// Parsed generation parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Params {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Target level 1..10.
    pub level: u8,
}

impl Params {
    /// Checks bounds.
    pub fn new(width: u32, height: u32, level: u8) -> Result<Params> {
        for (name, v) in [("width", width), ("height", height)] {
            if !(GEN_MIN_SIDE..=GEN_MAX_SIDE).contains(&v) {
                return Err(Error::params(format!(
                    "slitherlink {name} {v} is out of range ({GEN_MIN_SIDE}..={GEN_MAX_SIDE})"
                )));
            }
        }
        if !(1..=10).contains(&level) {
            return Err(Error::params(format!(
                "slitherlink level {level} is not in 1..10"
            )));
        }
        if level >= 8 && width * height > TRIAL_MAX_CELLS {
            return Err(Error::params(format!(
                "slitherlink levels 8-10 (trial) are limited to boards of at most \
                 {TRIAL_MAX_CELLS} cells (e.g. 30x30); {width}x{height} has {}",
                width * height
            )));
        }
        Ok(Params {
            width,
            height,
            level,
        })
    }

    /// The canonical text, `10x10-L6`.
    pub fn format(&self) -> String {
        format!("{}x{}-L{}", self.width, self.height, self.level)
    }

    /// Parses `<W>x<H>-L<level>`.
    pub fn parse(text: &str) -> Result<Params> {
        let bad = || {
            let shown: String = text.chars().take(40).collect();
            Error::params(format!(
                "slitherlink params '{shown}' are not <W>x<H>-L<level> (e.g. 10x10-L6)"
            ))
        };
        let (size, level) = text.split_once('-').ok_or_else(bad)?;
        let (w, h) = size.split_once('x').ok_or_else(bad)?;
        let level = level.strip_prefix('L').ok_or_else(bad)?;
        Params::new(
            number(w).ok_or_else(bad)?,
            number(h).ok_or_else(bad)?,
            parse_level(level)?,
        )
    }
}

/// A small decimal without sign or leading zeros.
fn number(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 3 || s.starts_with('0') || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// A level: `6`, `L6`, or one of Loopy's names (`easy` = L2, `normal` = L5, `tricky` = L6,
/// `hard` = L7).
pub fn parse_level(text: &str) -> Result<u8> {
    let t = text.trim();
    let named = match t.to_ascii_lowercase().as_str() {
        "easy" => Some(2),
        "normal" => Some(5),
        "tricky" => Some(6),
        "hard" => Some(7),
        _ => None,
    };
    if let Some(l) = named {
        return Ok(l);
    }
    let digits = t
        .strip_prefix('L')
        .or_else(|| t.strip_prefix('l'))
        .unwrap_or(t);
    match number(digits) {
        Some(l) if (1..=10).contains(&l) => Ok(l as u8),
        _ => {
            let shown: String = text.chars().take(20).collect();
            Err(Error::params(format!(
                "slitherlink level '{shown}' is not 1..10 (or L1..L10, easy, normal, tricky, hard)"
            )))
        }
    }
}

/// Params from CLI flags: `grid-size` (N -> NxN), `width`, `height`, `size` (`WxH`), `level` or
/// `difficulty` (1..10, `L6`, or a Loopy name).
pub fn from_flags(flags: &[(&str, &str)]) -> Result<Params> {
    let mut w = None;
    let mut h = None;
    let mut level = DEFAULT_LEVEL;
    let side = |name: &str, v: &str| {
        number(v.trim())
            .ok_or_else(|| Error::params(format!("--{name} '{v}' is not a whole number")))
    };
    for &(name, value) in flags {
        match name {
            "grid-size" => {
                let n = side(name, value)?;
                w = Some(n);
                h = Some(n);
            }
            "width" => w = Some(side(name, value)?),
            "height" => h = Some(side(name, value)?),
            "size" => {
                let (a, b) = value
                    .split_once('x')
                    .ok_or_else(|| Error::params(format!("--size '{value}' is not WxH")))?;
                w = Some(side(name, a)?);
                h = Some(side(name, b)?);
            }
            "level" | "difficulty" => level = parse_level(value)?,
            other => {
                return Err(Error::params(format!(
                    "slitherlink does not use --{other}; it takes --grid-size, --width, --height, \
                     --size, --level (or --difficulty)"
                )));
            }
        }
    }
    Params::new(w.unwrap_or(DEFAULT_SIDE), h.unwrap_or(DEFAULT_SIDE), level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_round_trip_and_flags() {
        let p = Params::parse("10x10-L6").unwrap();
        assert_eq!(
            p,
            Params {
                width: 10,
                height: 10,
                level: 6
            }
        );
        assert_eq!(p.format(), "10x10-L6");
        assert_eq!(Params::parse("7x12-L10").unwrap().format(), "7x12-L10");
        for bad in [
            "10x10",
            "10x10-6",
            "4x10-L6",
            "10x10-L11",
            "010x10-L6",
            "axb-L1",
            "10x41-L2",
        ] {
            assert!(Params::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(from_flags(&[]).unwrap().format(), "10x10-L6");
        assert_eq!(
            from_flags(&[("grid-size", "15"), ("level", "L3")])
                .unwrap()
                .format(),
            "15x15-L3"
        );
        assert_eq!(
            from_flags(&[("width", "8"), ("height", "12"), ("difficulty", "hard")])
                .unwrap()
                .format(),
            "8x12-L7"
        );
        assert!(from_flags(&[("wrap", "true")]).is_err());
        assert!(from_flags(&[("level", "0")]).is_err());
        assert!(Params::parse("15x15-L10").is_ok());
        assert!(Params::parse("16x15-L8").is_ok());
        assert!(Params::parse("30x30-L10").is_ok());
        assert!(Params::parse("31x30-L8").is_err());
        assert!(Params::parse("5x40-L10").is_ok());
        assert!(Params::parse("40x23-L9").is_err());
        assert!(Params::parse("40x40-L7").is_ok());
    }
}
