//! The catalog: every genre dayseed ships, one line each. The CLI, the server and the wasm build
//! all take their registry from here, so a new genre appears everywhere at once.

use dayseed_core::Registry;

/// The registry of all shipped genres, in listing order.
pub fn registry() -> Registry {
    Registry::new(vec![
        &dayseed_sudoku::GENRE,
        &dayseed_lightsout::GENRE,
        &dayseed_slitherlink::GENRE,
        &dayseed_starlink::GENRE,
        &dayseed_fourstep::GENRE,
        &dayseed_flip::GENRE,
        &dayseed_slingstar::GENRE,
        &dayseed_jj::GENRE,
    ])
}
