//! The one error type of the library crates: a kind to branch on and a message that says what was
//! wrong and where.

use std::fmt;

/// What went wrong, coarsely; the message says the details.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// A puzzle id did not follow the id grammar.
    MalformedId,
    /// No genre of that name is registered.
    UnknownGenre,
    /// The genre exists but the generator version is unknown or retired.
    UnsupportedVersion,
    /// The params part of an id or a request is not valid for the genre.
    InvalidParams,
    /// A puzzle (text or JSON) could not be read or breaks the genre's shape rules.
    InvalidPuzzle,
    /// A player's state could not be read or does not fit the puzzle.
    InvalidState,
    /// A save could not be read, or its schema is unknown.
    InvalidSave,
    /// A day policy, date or time zone was not understood.
    InvalidDay,
    /// The genre does not offer that capability (declared, never faked).
    Unsupported,
    /// A search ran out of its node budget before it could answer.
    BudgetExhausted,
    /// The generator could not produce a valid board; a bug or an impossible request.
    GenerationFailed,
}

impl ErrorKind {
    /// A short stable name for the kind, used in JSON error bodies.
    pub fn code(self) -> &'static str {
        match self {
            ErrorKind::MalformedId => "malformed_id",
            ErrorKind::UnknownGenre => "unknown_genre",
            ErrorKind::UnsupportedVersion => "unsupported_version",
            ErrorKind::InvalidParams => "invalid_params",
            ErrorKind::InvalidPuzzle => "invalid_puzzle",
            ErrorKind::InvalidState => "invalid_state",
            ErrorKind::InvalidSave => "invalid_save",
            ErrorKind::InvalidDay => "invalid_day",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::BudgetExhausted => "budget_exhausted",
            ErrorKind::GenerationFailed => "generation_failed",
        }
    }
}

/// An error from a dayseed library crate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    /// An error of `kind` with a message naming what was wrong and where.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// The kind of error.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The human-readable message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Shorthand for an [`ErrorKind::InvalidPuzzle`] error.
    pub fn puzzle(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidPuzzle, message)
    }

    /// Shorthand for an [`ErrorKind::InvalidState`] error.
    pub fn state(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidState, message)
    }

    /// Shorthand for an [`ErrorKind::InvalidParams`] error.
    pub fn params(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidParams, message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// Result with the dayseed [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
