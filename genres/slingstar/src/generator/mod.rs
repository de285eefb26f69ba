//! Generators, one sealed module per released version.

pub mod g1;
