//! A puzzle parsed once: the genre's typed model of a board behind a type-erased, shared handle.
//!
//! A genre parses a board's JSON into its typed model (validating it on the way in) exactly once;
//! [`PuzzleModel`] carries that model through the dyn-safe registry so that front ends can keep
//! it beside a cached board (the server's board cache, a generated record) and ask for checks,
//! hints and solves without parsing the board again. Cloning is cheap (one reference count).

use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// A board's typed model, shared: made by [`crate::DynGenre::model`] or by generation
/// ([`crate::GeneratedRecord::model`]), read back by the genre that made it.
#[derive(Clone)]
pub struct PuzzleModel {
    genre: &'static str,
    typed: Arc<dyn Any + Send + Sync>,
}

impl PuzzleModel {
    /// Wraps a genre's parsed, validated puzzle.
    pub fn new<P: Any + Send + Sync>(genre: &'static str, puzzle: P) -> PuzzleModel {
        PuzzleModel {
            genre,
            typed: Arc::new(puzzle),
        }
    }

    /// The genre whose model this is.
    pub fn genre(&self) -> &'static str {
        self.genre
    }

    /// The typed puzzle, when it is a `P`.
    pub fn get<P: Any>(&self) -> Option<&P> {
        self.typed.downcast_ref::<P>()
    }
}

impl fmt::Debug for PuzzleModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PuzzleModel({})", self.genre)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_reads_back_as_its_own_type_only() {
        let m = PuzzleModel::new("toy", vec![1u8, 2]);
        assert_eq!(m.genre(), "toy");
        assert_eq!(m.get::<Vec<u8>>(), Some(&vec![1, 2]));
        assert!(m.get::<String>().is_none());
        let shared = m.clone();
        assert!(std::ptr::eq(
            shared.get::<Vec<u8>>().unwrap(),
            m.get::<Vec<u8>>().unwrap()
        ));
        assert_eq!(format!("{m:?}"), "PuzzleModel(toy)");
    }
}
