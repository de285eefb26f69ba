//! The `dayseed` binary: the command line over the catalog's genres (see [`dayseed_cli`]).

fn main() -> std::process::ExitCode {
    dayseed_cli::main_with(dayseed_catalog::registry())
}
