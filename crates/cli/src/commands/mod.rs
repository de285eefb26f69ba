//! One file per subcommand; `run` dispatches.

/// `println!` that returns an error instead of panicking when stdout is closed (`| head`).
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)?;
    }};
}

mod daily;
mod generate;
mod genres;
mod import;
mod serve;
mod show;
mod solve;
mod state;

use std::io::Write;

use anyhow::Result;
use dayseed_core::Registry;

use crate::args::{Cli, Command};

/// How a command ended when it did not fail outright.
pub enum Outcome {
    /// Everything worked.
    Success,
    /// The run went on past bad records; some failed (exit code 1).
    PartialFailure,
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<Outcome> {
    let registry = dayseed_catalog::registry();
    match cli.command {
        Command::Daily(a) => daily::run(&registry, a),
        Command::Gen(a) => generate::run(&registry, *a),
        Command::Solve(a) => solve::run(&registry, a),
        Command::Show(a) => show::run(&registry, a),
        Command::Hint(a) => state::hint(&registry, a),
        Command::Check(a) => state::check(&registry, a),
        Command::Genres(a) => genres::run(&registry, a.json),
        Command::Serve(a) => serve::run(a),
        Command::Import(a) => import::run(a),
    }
}

/// Writes one JSON value as a line to stdout; a closed pipe ends the run quietly.
pub fn print_json_line(out: &mut impl Write, value: &serde_json::Value) -> Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")?;
    Ok(())
}

/// Removes the answer from a generated record's puzzle unless `keep` is set.
pub fn strip_solution(
    registry: &Registry,
    record: &mut dayseed_core::GeneratedRecord,
    keep: bool,
) -> Result<()> {
    if !keep {
        let genre = registry.get(record.genre)?;
        record.puzzle = genre.without_solution(&record.puzzle)?;
    }
    Ok(())
}

/// A progress bar on stderr (drawn only when stderr is a terminal and not quiet).
pub fn progress_bar(len: u64, quiet: bool) -> indicatif::ProgressBar {
    if quiet {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(len),
        indicatif::ProgressDrawTarget::stderr_with_hz(4),
    );
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} ({per_sec}, eta {eta})",
        )
        .expect("static progress template"),
    );
    bar
}

/// Prints a board for people: id, optional heading, the drawing, difficulty, digest and any
/// fallback note.
pub fn print_board(
    genre: &dyn dayseed_core::DynGenre,
    record: &dayseed_core::GeneratedRecord,
    heading: Option<String>,
    solution: bool,
) -> Result<()> {
    let drawing = genre.render_text(&record.puzzle, None, solution)?;
    outln!("{}", record.id);
    if let Some(h) = heading {
        outln!("{h}");
    }
    outln!();
    outln!("{drawing}");
    if let Some(level) = record.puzzle.get("difficulty") {
        match level {
            serde_json::Value::String(s) => outln!("difficulty: {s}"),
            other => outln!("difficulty: {other}"),
        }
    }
    outln!("digest:     {}", record.digest);
    if let Some(f) = &record.fallback {
        outln!("note:       {f}");
    }
    Ok(())
}
