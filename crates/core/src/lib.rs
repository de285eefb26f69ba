//! dayseed-core: the cross-genre machinery of dayseed, with no I/O.
//!
//! * [`arcade`] — the arcade kit: vectors, directions, tapes, simulation and replay
//! * [`rng`] — the project's own PRNGs (value-stable, golden-vector locked)
//! * [`seed`] — daily seed derivation and string hashing
//! * [`day`] — day policies (`device-local-v1`, `utc-v1`)
//! * [`id`] — puzzle identity and generator versions
//! * [`digest`] — board digests
//! * [`budget`] — node budgets and bounded solution counts
//! * [`genre`] — the typed Genre contract
//! * [`generator`] — generator versions as sealed units
//! * [`declare`] — what a genre declares for the front ends: flags and archive labels
//! * [`report`] — the one solve report shape
//! * [`model`] — a board's typed model, parsed once, behind a shared handle
//! * [`registry`] — the dyn-safe JSON registry over genres
//! * [`save`] — the save schema and legacy migration

pub mod arcade;
pub mod budget;
pub mod day;
pub mod declare;
pub mod digest;
pub mod error;
pub mod generator;
pub mod genre;
pub mod id;
pub mod meter;
pub mod model;
pub mod registry;
pub mod report;
pub mod rng;
pub mod save;
pub mod seed;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod unionfind;

pub use budget::{Budget, Count};
pub use day::DayPolicy;
pub use declare::{Flag, FlagValue, Label, LabelSpec, Labels};
pub use error::{Error, ErrorKind, Result};
pub use generator::{Generated, Generator};
pub use genre::{
    Capabilities, Genre, GenreKind, Grade, Hint, HintKind, RecordFormat, SolveOptions,
    TechniqueUse, Verdict, VersionInfo, VersionStatus,
};
pub use id::{PuzzleId, Source, Version};
pub use model::PuzzleModel;
pub use registry::{DynGenre, GeneratedRecord, Registered, Registry};
pub use report::{SolveReport, SolveStatus};
pub use rng::{Mulberry32, Rng};
