//! Params of a flip run. g1 has one mode, the endless run: params text `ENDLESS`.
//!
//! Flags: `--difficulty endless` or `--param mode=endless` (both optional, the default). The run's
//! obstacles come from the seed alone; the speed curve and obstacle mix are the g1 constants of
//! [`crate::rules`].

use dayseed_core::{Error, Result};

/// Parsed params (one mode in g1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Params {
    /// The endless run, scored by distance.
    Endless,
}

impl Params {
    /// The canonical text.
    pub fn format(self) -> String {
        match self {
            Params::Endless => "ENDLESS".into(),
        }
    }

    /// Parses the canonical text (strict).
    pub fn parse(text: &str) -> Result<Params> {
        match text {
            "ENDLESS" => Ok(Params::Endless),
            _ => Err(Error::params(format!(
                "flip params '{}' are not valid: the only mode is ENDLESS",
                text.chars().take(40).collect::<String>()
            ))),
        }
    }

    fn mode(name: &str, value: &str) -> Result<Params> {
        if value.eq_ignore_ascii_case("endless") {
            Ok(Params::Endless)
        } else {
            Err(Error::params(format!(
                "flip --{name} '{}' is not a mode: the only mode is endless",
                value.chars().take(20).collect::<String>()
            )))
        }
    }

    /// Params from CLI flags: `difficulty` and `mode` (both `endless`); anything else is refused.
    pub fn from_flags(flags: &[(&str, &str)]) -> Result<Params> {
        for &(name, value) in flags {
            match name {
                "difficulty" | "mode" => {
                    Params::mode(name, value)?;
                }
                other => {
                    return Err(Error::params(format!(
                        "flip does not take --{} (it takes --difficulty endless or \
                         --param mode=endless)",
                        other.chars().take(20).collect::<String>()
                    )));
                }
            }
        }
        Ok(Params::Endless)
    }

    /// The daily run's params (`ENDLESS`; a requested difficulty must be `endless`).
    pub fn daily(difficulty: Option<&str>) -> Result<Params> {
        match difficulty {
            None => Ok(Params::Endless),
            Some(d) => Params::mode("difficulty", d),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_flags_and_daily() {
        assert_eq!(Params::parse("ENDLESS").unwrap().format(), "ENDLESS");
        for bad in ["", "endless", "ENDLESS-2", "HARD"] {
            assert!(Params::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Params::from_flags(&[]).unwrap(), Params::Endless);
        assert_eq!(
            Params::from_flags(&[("mode", "endless")]).unwrap(),
            Params::Endless
        );
        let e = Params::from_flags(&[("size", "5x5")]).unwrap_err();
        assert!(e.message().contains("--size"));
        assert!(Params::from_flags(&[("difficulty", "hard")]).is_err());
        assert_eq!(Params::daily(Some("ENDLESS")).unwrap(), Params::Endless);
        assert!(Params::daily(Some("hard")).is_err());
    }
}
