//! What a genre declares about itself so that the front ends need no per-genre code: its
//! generation flags (the CLI builds `dayseed gen`'s options from them) and its archive labels
//! (the server files and filters archived boards by them).
//!
//! A declaration is data, not behaviour: the genre still parses every flag value itself in
//! [`Genre::params_from_flags`](crate::Genre::params_from_flags) and computes its label values in
//! [`Genre::labels`](crate::Genre::labels). The declaration says which names exist, what their
//! values look like and what they mean.

use serde::Serialize;

/// The shape of a flag's value. The CLI uses it for the value's placeholder in `--help` and to
/// tell switches (no value) from options; the genre parses and bounds the value itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagValue {
    /// A word from the genre's vocabulary (`hard`, `L6`, `gravity`).
    Text,
    /// A whole number.
    Number,
    /// A size `WxH` (`10x10`).
    Size,
    /// A switch without a value: given means `true`.
    Switch,
}

impl FlagValue {
    /// The placeholder shown in `--help` (`N`, `WxH`, `TEXT`); `None` for a switch.
    pub fn placeholder(self) -> Option<&'static str> {
        match self {
            FlagValue::Text => Some("TEXT"),
            FlagValue::Number => Some("N"),
            FlagValue::Size => Some("WxH"),
            FlagValue::Switch => None,
        }
    }
}

/// One generation flag a genre takes: `dayseed gen <genre> --<name> <value>`, and the same pair
/// `(name, value)` passed to [`Genre::params_from_flags`](crate::Genre::params_from_flags).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Flag {
    /// The flag's name without dashes, lower-case kebab-case (`grid-size`).
    pub name: &'static str,
    /// What its value looks like.
    pub value: FlagValue,
    /// One line for `--help`: what it chooses and which values it takes.
    pub help: &'static str,
    /// The value used when the flag is not given (shown in `--help`), if there is one.
    pub default: Option<&'static str>,
}

impl Flag {
    /// A flag taking a value.
    pub const fn new(
        name: &'static str,
        value: FlagValue,
        help: &'static str,
        default: Option<&'static str>,
    ) -> Flag {
        Flag {
            name,
            value,
            help,
            default,
        }
    }

    /// A switch (no value; given means `true`).
    pub const fn switch(name: &'static str, help: &'static str) -> Flag {
        Flag {
            name,
            value: FlagValue::Switch,
            help,
            default: None,
        }
    }

    /// Whether `name` is a well-formed flag name: 1 to 32 characters of `a-z`, `0-9` and inner
    /// dashes. [`Registry::new`](crate::Registry::new) refuses a genre declaring anything else.
    pub fn valid_name(name: &str) -> bool {
        (1..=32).contains(&name.len())
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            && !name.starts_with('-')
            && !name.ends_with('-')
    }
}

/// An archive label: a column the server files each archived board under and lets clients
/// filter by (`/api/v1/archive/random?genre=..&difficulty=..&size=..`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Label {
    /// How hard the board is, in the genre's words (`HARD`, `L6`, `stage 7`).
    Difficulty,
    /// How big the board is, lower-case `WxH` (`9x9`) or the genre's own size word.
    Size,
}

impl Label {
    /// Every label, in column order.
    pub const ALL: [Label; 2] = [Label::Difficulty, Label::Size];

    /// The label's name, as the archive filter's query parameter.
    pub fn name(self) -> &'static str {
        match self {
            Label::Difficulty => "difficulty",
            Label::Size => "size",
        }
    }
}

/// One label a genre files its boards under, and where its value comes from (for people: the
/// value itself is computed by [`Genre::labels`](crate::Genre::labels)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LabelSpec {
    /// Which label.
    pub label: Label,
    /// Where the value comes from and what it looks like (`"the level L1..L10"`).
    pub help: &'static str,
}

impl LabelSpec {
    /// A label declaration.
    pub const fn new(label: Label, help: &'static str) -> LabelSpec {
        LabelSpec { label, help }
    }
}

/// The label values of one board. A label the genre does not declare stays `None`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Labels {
    /// The [`Label::Difficulty`] value.
    pub difficulty: Option<String>,
    /// The [`Label::Size`] value (lower-case).
    pub size: Option<String>,
}

impl Labels {
    /// The value of `label`.
    pub fn get(&self, label: Label) -> Option<&str> {
        match label {
            Label::Difficulty => self.difficulty.as_deref(),
            Label::Size => self.size.as_deref(),
        }
    }
}

/// A `WxH` size label (lower-case).
pub fn size_label(width: impl std::fmt::Display, height: impl std::fmt::Display) -> String {
    format!("{width}x{height}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_names_are_checked() {
        for good in ["difficulty", "grid-size", "l2", "a"] {
            assert!(Flag::valid_name(good), "{good}");
        }
        for bad in ["", "-x", "x-", "Grid", "grid_size", "a b", &"x".repeat(33)] {
            assert!(!Flag::valid_name(bad), "{bad}");
        }
    }

    #[test]
    fn labels_read_by_kind() {
        let l = Labels {
            difficulty: Some("HARD".into()),
            size: None,
        };
        assert_eq!(l.get(Label::Difficulty), Some("HARD"));
        assert_eq!(l.get(Label::Size), None);
        assert_eq!(Label::Size.name(), "size");
        assert_eq!(FlagValue::Size.placeholder(), Some("WxH"));
        assert_eq!(FlagValue::Switch.placeholder(), None);
    }
}
