//! Params: `C9` (the 9-hole course, the daily) or `H<k>` (hole k of that course alone, for tests).

use dayseed_core::{Error, Result};

/// Holes in a course.
pub const COURSE_HOLES: u32 = 9;

/// What an id asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Params {
    /// The whole 9-hole course.
    Course,
    /// Hole `k` (1-based) of the course alone.
    Hole(u32),
}

impl Params {
    /// Parses `C9` or `H1`..`H9`.
    pub fn parse(text: &str) -> Result<Params> {
        if text == "C9" {
            return Ok(Params::Course);
        }
        if let Some(k) = text.strip_prefix('H') {
            return hole(k);
        }
        let shown: String = text.chars().take(20).collect();
        Err(Error::params(format!(
            "slingstar params '{shown}' are not C9 (the course) or H1..H9 (one hole)"
        )))
    }

    /// The canonical text.
    pub fn format(self) -> String {
        match self {
            Params::Course => "C9".into(),
            Params::Hole(k) => format!("H{k}"),
        }
    }

    /// The hole numbers generated, in order.
    pub fn holes(self) -> Vec<u32> {
        match self {
            Params::Course => (1..=COURSE_HOLES).collect(),
            Params::Hole(k) => vec![k],
        }
    }

    /// From CLI flags: `--param hole=<k>` (or `--level <k>`) for one hole, `--param course=C9`.
    pub fn from_flags(flags: &[(&str, &str)]) -> Result<Params> {
        let mut out = Params::Course;
        for &(name, value) in flags {
            out = match name {
                "hole" | "level" => hole(value)?,
                "course" => Params::parse(value)?,
                "difficulty" => daily(Some(value))?,
                other => {
                    return Err(Error::params(format!(
                        "slingstar has no --{other}; use --param hole=<1..9> or --param course=C9"
                    )));
                }
            };
        }
        Ok(out)
    }
}

fn hole(text: &str) -> Result<Params> {
    match text.parse::<u32>() {
        Ok(k) if (1..=COURSE_HOLES).contains(&k) && !text.starts_with('0') => Ok(Params::Hole(k)),
        _ => {
            let shown: String = text.chars().take(20).collect();
            Err(Error::params(format!(
                "slingstar hole '{shown}' is not a number 1..={COURSE_HOLES}"
            )))
        }
    }
}

/// The daily params: the 9-hole course. Slingstar has one difficulty; `normal` or `C9` is accepted.
pub fn daily(difficulty: Option<&str>) -> Result<Params> {
    match difficulty {
        None => Ok(Params::Course),
        Some(d) if d.eq_ignore_ascii_case("normal") || d == "C9" => Ok(Params::Course),
        Some(d) => {
            let shown: String = d.chars().take(20).collect();
            Err(Error::params(format!(
                "slingstar has one difficulty (the daily 9-hole course C9), not '{shown}'"
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_round_trip_and_refuse_junk() {
        for p in [Params::Course, Params::Hole(1), Params::Hole(9)] {
            assert_eq!(Params::parse(&p.format()), Ok(p));
        }
        for bad in ["", "C8", "H0", "H10", "H01", "H", "x", "H-1"] {
            let e = Params::parse(bad).unwrap_err();
            assert!(e.message().contains("slingstar"), "{bad}: {e}");
        }
        assert_eq!(Params::from_flags(&[("hole", "3")]), Ok(Params::Hole(3)));
        assert!(
            Params::from_flags(&[("size", "3")])
                .unwrap_err()
                .message()
                .contains("--size")
        );
        assert_eq!(Params::holes(Params::Course).len(), 9);
    }
}
