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

/// Runs a parsed command line over `registry`.
pub fn run(cli: Cli, registry: Registry) -> Result<Outcome> {
    match cli.command {
        Command::Daily(a) => daily::run(&registry, a),
        Command::Gen(a) => generate::run(&registry, *a),
        Command::Solve(a) => solve::run(&registry, a),
        Command::Show(a) => show::run(&registry, a),
        Command::Hint(a) => state::hint(&registry, a),
        Command::Check(a) => state::check(&registry, a),
        Command::Genres(a) => genres::run(&registry, a.json),
        Command::Serve(a) => serve::run(a, registry),
        Command::Import(a) => import::run(a, &registry),
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
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} ({rate}, eta {eta})",
        )
        .expect("static progress template")
        .with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{}", format_rate(state.per_sec()));
            },
        ),
    );
    bar
}

/// Clears the progress bar and, where it was drawn, leaves one summary line on stderr:
/// `1,000 puzzles in 2.01 s (498/s)` plus `extra` (e.g. `, 3 fallbacks`).
pub fn finish_progress(bar: &indicatif::ProgressBar, noun: &str, count: u64, extra: &str) {
    let shown = !bar.is_hidden();
    let elapsed = bar.elapsed();
    bar.finish_and_clear();
    if shown {
        eprintln!("{}", summary_line(noun, count, elapsed, extra));
    }
}

/// The summary line of a finished batch.
pub fn summary_line(noun: &str, count: u64, elapsed: std::time::Duration, extra: &str) -> String {
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 {
        format!(" ({})", format_rate(count as f64 / secs))
    } else {
        String::new()
    };
    format!(
        "{} {noun} in {}{rate}{extra}",
        group_thousands(count),
        format_seconds(secs)
    )
}

/// A rate per second with sensible precision: `498/s`, `12.5/s`, `0.25/s`, `12,345/s`.
pub fn format_rate(per_sec: f64) -> String {
    if !per_sec.is_finite() || per_sec <= 0.0 {
        return "-/s".to_string();
    }
    if per_sec >= 100.0 {
        format!("{}/s", group_thousands(per_sec.round() as u64))
    } else if per_sec >= 10.0 {
        format!("{per_sec:.1}/s")
    } else {
        format!("{per_sec:.2}/s")
    }
}

/// Seconds for people: `850 ms`, `2.01 s`, `41.3 s`, `3 min 12 s`.
fn format_seconds(secs: f64) -> String {
    if secs < 1.0 {
        format!("{} ms", (secs * 1000.0).round() as u64)
    } else if secs < 10.0 {
        format!("{secs:.2} s")
    } else if secs < 60.0 {
        format!("{secs:.1} s")
    } else {
        let whole = secs.round() as u64;
        format!("{} min {} s", whole / 60, whole % 60)
    }
}

/// `1234567` -> `1,234,567`.
fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn rates_have_sensible_precision() {
        assert_eq!(format_rate(498.580_8), "499/s");
        assert_eq!(format_rate(12_345.6), "12,346/s");
        assert_eq!(format_rate(12.54), "12.5/s");
        assert_eq!(format_rate(0.25), "0.25/s");
        assert_eq!(format_rate(0.0), "-/s");
        assert_eq!(format_rate(f64::NAN), "-/s");
    }

    #[test]
    fn the_summary_line_says_count_time_and_rate() {
        assert_eq!(
            summary_line("puzzles", 1000, Duration::from_millis(2006), ""),
            "1,000 puzzles in 2.01 s (499/s)"
        );
        assert_eq!(
            summary_line("puzzles", 5, Duration::from_millis(250), ", 1 fallback"),
            "5 puzzles in 250 ms (20.0/s), 1 fallback"
        );
        assert_eq!(
            summary_line("puzzles", 100_000, Duration::from_secs(192), ""),
            "100,000 puzzles in 3 min 12 s (521/s)"
        );
    }
}
