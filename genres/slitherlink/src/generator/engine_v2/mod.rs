//! The engine of g3: engine_v1's technique ladder with the trial levels (8-10) computed faster.
//!
//! Only the trial closure is new ([`closure::TrialClosure`]); loop growth, clue counting,
//! witnesses, the search solver and the rules of levels 1-7 are engine_v1's, imported, so a
//! level means the same in both engines. engine_v1 stays frozen for g1 and g2, and this engine
//! is frozen with g3: a faster or different one is a new module and a new version.

pub mod closure;
mod passes;

pub use closure::TrialClosure;
