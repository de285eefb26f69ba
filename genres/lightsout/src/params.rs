//! Generation parameters and their text form (the params part of an id).
//!
//! | text        | meaning                                                              |
//! |-------------|----------------------------------------------------------------------|
//! | `S7`        | stage 7 of the stage schedule (see [`Params::size_and_par`])         |
//! | `5x5-P9`    | width 5, height 5, press 9 distinct cells (par 9)                    |
//! | `5x5-O7`    | width 5, height 5, generated so that the fewest presses is exactly 7 |
//! | `...-T`     | suffix on any form: toroidal wrap-around (`S7-T`, `6x4-P8-T`)        |
//!
//! Width comes first (`WxH`). Bounds: stage 1..=999; sides 1..=[`MAX_GEN_SIDE`] with at least 2
//! cells; par 1..=cells-1; optimal target 1..=cells.

use dayseed_core::{Error, Result};

/// The largest side of a generated board.
pub const MAX_GEN_SIDE: u32 = 64;
/// The largest stage.
pub const MAX_STAGE: u32 = 999;

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A stage of the schedule.
    Stage(u32),
    /// A size and a number of distinct presses.
    Par {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
        /// Presses.
        par: u32,
    },
    /// A size and the fewest-presses count the board must have.
    Optimal {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
        /// Target optimal press count.
        target: u32,
    },
}

/// Parsed params: a shape and the wrap flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Params {
    /// What to generate.
    pub shape: Shape,
    /// Toroidal board.
    pub wrap: bool,
}

impl Params {
    /// Width, height and presses to make. Stage schedule: par = min(4 + stage, 14); 4x4 for
    /// stages 1-5, 5x5 for 6-10, 6x6 from 11 on. For `Optimal`, the presses are the target.
    pub fn size_and_par(&self) -> (u32, u32, u32) {
        match self.shape {
            Shape::Stage(s) => {
                let side = match s {
                    0..=5 => 4,
                    6..=10 => 5,
                    _ => 6,
                };
                (side, side, (4 + s).min(14))
            }
            Shape::Par { width, height, par } => (width, height, par),
            Shape::Optimal {
                width,
                height,
                target,
            } => (width, height, target),
        }
    }

    /// Checks every bound; the error names the offending value.
    pub fn validate(&self) -> Result<()> {
        let (w, h, n) = self.size_and_par();
        if let Shape::Stage(s) = self.shape
            && !(1..=MAX_STAGE).contains(&s)
        {
            return Err(Error::params(format!(
                "stage {s} is not in 1..={MAX_STAGE}"
            )));
        }
        if !(1..=MAX_GEN_SIDE).contains(&w) || !(1..=MAX_GEN_SIDE).contains(&h) || w * h < 2 {
            return Err(Error::params(format!(
                "size {w}x{h}: sides must be 1..={MAX_GEN_SIDE} with at least 2 cells"
            )));
        }
        let cells = w * h;
        match self.shape {
            Shape::Par { par, .. } if !(1..cells).contains(&par) => Err(Error::params(format!(
                "par {par} is not in 1..={} for a {w}x{h} board",
                cells - 1
            ))),
            Shape::Optimal { target, .. } if !(1..=cells).contains(&target) => Err(Error::params(
                format!("optimal {target} is not in 1..={cells} for a {w}x{h} board"),
            )),
            _ => {
                debug_assert!(n >= 1);
                Ok(())
            }
        }
    }

    /// The canonical text (`S7`, `5x5-P9`, `5x5-O7`, with `-T` for wrap).
    pub fn format(&self) -> String {
        let base = match self.shape {
            Shape::Stage(s) => format!("S{s}"),
            Shape::Par { width, height, par } => format!("{width}x{height}-P{par}"),
            Shape::Optimal {
                width,
                height,
                target,
            } => format!("{width}x{height}-O{target}"),
        };
        if self.wrap { format!("{base}-T") } else { base }
    }

    /// Parses the text form (strict: only the canonical spelling is accepted).
    pub fn parse(text: &str) -> Result<Params> {
        let bad = || {
            let shown: String = text.chars().take(40).collect();
            Error::params(format!(
                "lightsout params '{shown}' are not S<stage>, <W>x<H>-P<par> or <W>x<H>-O<optimal> \
                 (optionally followed by -T for wrap-around)"
            ))
        };
        let (body, wrap) = match text.strip_suffix("-T") {
            Some(b) => (b, true),
            None => (text, false),
        };
        let shape = if let Some(stage) = body.strip_prefix('S') {
            Shape::Stage(number(stage).ok_or_else(bad)?)
        } else {
            let (size, rest) = body.split_once('-').ok_or_else(bad)?;
            let (width, height) = parse_size(size).ok_or_else(bad)?;
            if let Some(p) = rest.strip_prefix('P') {
                Shape::Par {
                    width,
                    height,
                    par: number(p).ok_or_else(bad)?,
                }
            } else if let Some(o) = rest.strip_prefix('O') {
                Shape::Optimal {
                    width,
                    height,
                    target: number(o).ok_or_else(bad)?,
                }
            } else {
                return Err(bad());
            }
        };
        let params = Params { shape, wrap };
        params.validate()?;
        Ok(params)
    }

    /// Params from CLI-style flags: `stage`, `size` (`WxH`), `grid-size` (N for NxN), `width`,
    /// `height`, `par`, `optimal`, `difficulty` (EASY/MEDIUM/HARD or a stage number) and `wrap`
    /// (`true`/`false`). A stage (or difficulty) cannot be combined with a size, par or optimal.
    /// With no flags: the daily default, stage 7. A size without par or optimal takes the default
    /// par `max(1, W*H*9/25)` (9 on 5x5).
    pub fn from_flags(flags: &[(&str, &str)]) -> Result<Params> {
        let mut stage = None;
        let mut width = None;
        let mut height = None;
        let mut par = None;
        let mut optimal = None;
        let mut wrap = false;
        for &(name, value) in flags {
            let num = || {
                number(value).ok_or_else(|| {
                    let shown: String = value.chars().take(20).collect();
                    Error::params(format!("--{name} '{shown}' is not a whole number"))
                })
            };
            match name {
                "stage" => stage = Some(num()?),
                "difficulty" => stage = Some(difficulty_stage(value)?),
                "size" => {
                    let (w, h) = parse_size(value).ok_or_else(|| {
                        let shown: String = value.chars().take(20).collect();
                        Error::params(format!("--size '{shown}' is not WxH (e.g. 5x5)"))
                    })?;
                    width = Some(w);
                    height = Some(h);
                }
                "grid-size" => {
                    let n = num()?;
                    width = Some(n);
                    height = Some(n);
                }
                "width" => width = Some(num()?),
                "height" => height = Some(num()?),
                "par" => par = Some(num()?),
                "optimal" => optimal = Some(num()?),
                "wrap" => {
                    wrap = match value {
                        "true" => true,
                        "false" => false,
                        _ => return Err(Error::params("--wrap takes true or false")),
                    }
                }
                other => {
                    let shown: String = other.chars().take(20).collect();
                    return Err(Error::params(format!(
                        "lightsout does not take --{shown} (it takes --stage, --difficulty, \
                         --size, --grid-size, --width, --height, --par, --optimal, --wrap)"
                    )));
                }
            }
        }
        let sized = width.is_some() || height.is_some() || par.is_some() || optimal.is_some();
        let shape = match (stage, sized) {
            (Some(_), true) => {
                return Err(Error::params(
                    "--stage/--difficulty cannot be combined with --size, --width, --height, \
                     --par or --optimal",
                ));
            }
            (Some(s), false) => Shape::Stage(s),
            (None, false) => Shape::Stage(DAILY_STAGE),
            (None, true) => {
                let w = width.or(height).unwrap_or(5);
                let h = height.unwrap_or(w);
                match (par, optimal) {
                    (Some(_), Some(_)) => {
                        return Err(Error::params("--par and --optimal exclude each other"));
                    }
                    (Some(p), None) => Shape::Par {
                        width: w,
                        height: h,
                        par: p,
                    },
                    (None, Some(t)) => Shape::Optimal {
                        width: w,
                        height: h,
                        target: t,
                    },
                    (None, None) => Shape::Par {
                        width: w,
                        height: h,
                        par: (w.saturating_mul(h).min(MAX_GEN_SIDE * MAX_GEN_SIDE) * 9 / 25).max(1),
                    },
                }
            }
        };
        let params = Params { shape, wrap };
        params.validate()?;
        Ok(params)
    }

    /// The daily params: stage 7 by default; EASY = stage 3, MEDIUM = stage 7, HARD = stage 12,
    /// or a stage number.
    pub fn daily(difficulty: Option<&str>) -> Result<Params> {
        let stage = match difficulty {
            None => DAILY_STAGE,
            Some(d) => difficulty_stage(d)?,
        };
        let params = Params {
            shape: Shape::Stage(stage),
            wrap: false,
        };
        params.validate()?;
        Ok(params)
    }
}

/// The stage of a daily without a requested difficulty.
pub const DAILY_STAGE: u32 = 7;

fn difficulty_stage(d: &str) -> Result<u32> {
    if let Some(n) = number(d) {
        return Ok(n);
    }
    match d.to_ascii_uppercase().as_str() {
        "EASY" => Ok(3),
        "MEDIUM" => Ok(DAILY_STAGE),
        "HARD" => Ok(12),
        _ => {
            let shown: String = d.chars().take(20).collect();
            Err(Error::params(format!(
                "lightsout difficulty '{shown}' is not EASY, MEDIUM, HARD or a stage number"
            )))
        }
    }
}

/// A canonical decimal number: digits only, no leading zero, at most 6 digits.
fn number(text: &str) -> Option<u32> {
    let ok = !text.is_empty()
        && text.len() <= 6
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    if ok { text.parse().ok() } else { None }
}

fn parse_size(text: &str) -> Option<(u32, u32)> {
    let (w, h) = text.split_once('x')?;
    Some((number(w)?, number(h)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips() {
        for t in [
            "S1", "S7", "S999", "5x5-P9", "7x3-P1", "5x5-O7", "S7-T", "6x4-P8-T", "4x4-O3-T",
        ] {
            assert_eq!(Params::parse(t).unwrap().format(), t);
        }
    }

    #[test]
    fn bad_text_is_refused() {
        for t in [
            "",
            "S0",
            "S1000",
            "S07",
            "5x5",
            "5x5-P0",
            "5x5-P25",
            "5x5-O26",
            "0x5-P1",
            "65x2-P3",
            "1x1-P1",
            "5x5-X3",
            "5X5-P9",
            "S7-t",
            "5x5-P9-T-T",
            "s7",
        ] {
            assert!(Params::parse(t).is_err(), "{t}");
        }
    }

    #[test]
    fn stage_schedule() {
        let sp = |s| {
            Params {
                shape: Shape::Stage(s),
                wrap: false,
            }
            .size_and_par()
        };
        assert_eq!(sp(1), (4, 4, 5));
        assert_eq!(sp(5), (4, 4, 9));
        assert_eq!(sp(6), (5, 5, 10));
        assert_eq!(sp(10), (5, 5, 14));
        assert_eq!(sp(11), (6, 6, 14));
        assert_eq!(sp(40), (6, 6, 14));
    }

    #[test]
    fn flags() {
        let f = |flags: &[(&str, &str)]| Params::from_flags(flags).map(|p| p.format());
        assert_eq!(f(&[("stage", "7")]).unwrap(), "S7");
        assert_eq!(f(&[]).unwrap(), "S7");
        assert_eq!(f(&[("size", "5x5"), ("par", "9")]).unwrap(), "5x5-P9");
        assert_eq!(f(&[("size", "5x5")]).unwrap(), "5x5-P9");
        assert_eq!(
            f(&[("grid-size", "6"), ("optimal", "8"), ("wrap", "true")]).unwrap(),
            "6x6-O8-T"
        );
        assert_eq!(
            f(&[("width", "7"), ("height", "3"), ("par", "4")]).unwrap(),
            "7x3-P4"
        );
        assert_eq!(f(&[("difficulty", "hard")]).unwrap(), "S12");
        assert!(f(&[("stage", "7"), ("par", "9")]).is_err());
        assert!(f(&[("par", "9"), ("optimal", "3")]).is_err());
        assert!(
            f(&[("level", "3")])
                .unwrap_err()
                .message()
                .contains("--level")
        );
        assert!(f(&[("wrap", "yes")]).is_err());
    }

    #[test]
    fn daily() {
        assert_eq!(Params::daily(None).unwrap().format(), "S7");
        assert_eq!(Params::daily(Some("easy")).unwrap().format(), "S3");
        assert_eq!(Params::daily(Some("12")).unwrap().format(), "S12");
        assert!(Params::daily(Some("nightmare")).is_err());
    }
}
