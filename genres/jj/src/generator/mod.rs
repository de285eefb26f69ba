//! The jj generator versions, one sealed module each, and the table the registry dispatches
//! on. A new version is one module here, one line in [`GENERATORS`] and one fixture file.

pub mod g1;
pub mod g2;

use dayseed_core::generator::day_or_number;
use dayseed_core::{Error, Generated, Generator, Result, Rng, Version, VersionStatus};

use crate::Jj;
use crate::level::{Level, generate_from};
use crate::params::Params;
use crate::template::library_for;

/// Every jj generator version ever released, oldest first.
pub static GENERATORS: [Generator<Jj>; 2] = [
    Generator {
        version: Version(1),
        status: VersionStatus::Supported,
        note: "authored chamber plans replayed with margins (spikes +0.2, windows -0.3 s); 22 templates",
        seed: day_or_number,
        generate: g1::generate,
    },
    Generator {
        version: Version(2),
        status: VersionStatus::Current,
        note: "g1 plus hanging-swing templates (24 templates)",
        seed: day_or_number,
        generate: g2::generate,
    },
];

/// A level drawn from version `version`'s frozen template list on the stream of `seed`.
fn from_library(version: u32, seed: u64, params: &Params) -> Result<Generated<Level>> {
    let lib = library_for(version)
        .ok_or_else(|| Error::params(format!("jj g{version} has no template list")))?;
    let mut rng = Rng::from_seed(seed);
    let level = generate_from(&lib, params, &mut rng)?;
    Ok(Generated {
        attempts: level.level_attempts,
        puzzle: level,
        fallback: None,
    })
}
