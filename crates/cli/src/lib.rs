//! The `dayseed` command as a library: [`main_with`] runs the command line over a registry and
//! maps errors to exit codes (0 ok, 1 failure, 2 usage). Data goes to stdout, errors and progress
//! to stderr. The `dayseed` binary passes the catalog's registry; a build with a genre outside
//! the catalog passes `dayseed_catalog::registry().with(&its::GENRE)` and gets every command,
//! the genre's declared `gen` flags included, with no other change.

mod args;
mod commands;
mod input;
mod interchange;
mod ordered;
mod usage;

use std::process::ExitCode;

use dayseed_core::Registry;

/// Runs `dayseed` with this process's arguments over `registry`.
pub fn main_with(registry: Registry) -> ExitCode {
    run_with(registry, std::env::args_os())
}

/// Runs `dayseed` with the given arguments (the first is the program name) over `registry`.
pub fn run_with(
    registry: Registry,
    argv: impl IntoIterator<Item = impl Into<std::ffi::OsString> + Clone>,
) -> ExitCode {
    let cli = match args::parse(&registry, argv) {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match commands::run(cli, registry) {
        Ok(commands::Outcome::Success) => ExitCode::SUCCESS,
        Ok(commands::Outcome::PartialFailure) => ExitCode::from(1),
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) if usage::is_usage(&e) => {
            eprintln!("dayseed: {}", describe(&e));
            eprintln!("(see `dayseed --help` and `dayseed <command> --help`)");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("dayseed: {}", describe(&e));
            ExitCode::from(1)
        }
    }
}

/// The error and its causes joined by `: `, leaving out a cause whose text the message already
/// holds (a database error names SQLite's message, which is also its source, and so on), so each
/// reason is said once.
fn describe(e: &anyhow::Error) -> String {
    let mut out = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        // "Error code 14: unable to open ..." repeats "unable to open ..." with a prefix.
        let said = |t: &str| out.contains(t);
        let repeated = said(&text)
            || text
                .match_indices(": ")
                .any(|(at, _)| said(&text[at + 2..]));
        if text.is_empty() || repeated {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&text);
    }
    out
}

/// True when the error is stdout closing early (`dayseed gen ... | head`).
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    let broken = Some(std::io::ErrorKind::BrokenPipe);
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>().map(|io| io.kind()) == broken
            || c.downcast_ref::<serde_json::Error>()
                .and_then(|j| j.io_error_kind())
                == broken
    })
}
