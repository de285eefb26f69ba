//! The `dayseed` command: a short `main` that maps errors to exit codes
//! (0 ok, 1 failure, 2 usage). Data goes to stdout, errors and progress to stderr.

mod args;
mod commands;
mod input;
mod ordered;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = match args::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match commands::run(cli) {
        Ok(commands::Outcome::Success) => ExitCode::SUCCESS,
        Ok(commands::Outcome::PartialFailure) => ExitCode::from(1),
        Err(e) => {
            eprintln!("dayseed: {e:#}");
            ExitCode::from(1)
        }
    }
}
