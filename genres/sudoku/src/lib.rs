//! dayseed-sudoku (work in progress).

pub mod level;
pub mod logic;

pub use level::Level;
