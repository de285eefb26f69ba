//! Tests of the human-style solver.
