//! Usage errors: the command line itself is wrong (an unknown genre, a flag value the genre does
//! not accept, a missing `--state`). They exit with code 2; failures while doing the work (a bad
//! record in a file, an id naming a retired version) exit with 1.

use std::fmt;

/// A mistake in the command line, said in words.
#[derive(Debug)]
pub struct Usage(String);

impl fmt::Display for Usage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// A usage error with this message.
pub fn usage(message: impl fmt::Display) -> anyhow::Error {
    anyhow::Error::new(Usage(message.to_string()))
}

/// Marks an error as a usage error (keeps its whole message).
pub trait OrUsage<T> {
    /// The same result, its error turned into a [`Usage`].
    fn or_usage(self) -> anyhow::Result<T>;
}

impl<T, E: Into<anyhow::Error>> OrUsage<T> for Result<T, E> {
    fn or_usage(self) -> anyhow::Result<T> {
        self.map_err(|e| usage(format!("{:#}", e.into())))
    }
}

/// True when `e` is (or wraps) a usage error.
pub fn is_usage(e: &anyhow::Error) -> bool {
    e.chain().any(|c| c.downcast_ref::<Usage>().is_some())
}
