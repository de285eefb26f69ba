//! `dayseed` with one more genre. The whole registration is the one line in `main`.

fn main() -> std::process::ExitCode {
    dayseed_cli::main_with(dayseed_catalog::registry().with(&dayseed_testgenre::GENRE))
}
