//! dayseed-lightsout: Lights Out with reverse generation, an exact GF(2) solver and big boards.

pub mod board;
pub mod chase;
pub mod dense;
pub mod gf2;
pub mod solver;
