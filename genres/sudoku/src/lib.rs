//! dayseed-sudoku (work in progress).

pub mod board;
pub mod format;
pub mod generate;
pub mod level;
pub mod logic;
pub mod singles;
pub mod solver;
#[cfg(test)]
mod testutil;

pub use level::Level;
