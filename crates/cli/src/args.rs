//! Command-line arguments.

use std::path::PathBuf;

use clap::{Arg, ArgAction, ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use dayseed_core::{FlagValue, Registry};

/// Daily puzzles that are the same on every device, proven playable, graded, and named for ever.
#[derive(Debug, Parser)]
#[command(name = "dayseed", version, about, propagate_version = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print today's daily puzzle of a genre (default: local time zone, device-local-v1).
    Daily(DailyArgs),
    /// Generate puzzles in batch as JSON Lines on stdout.
    Gen(Box<GenArgs>),
    /// Count solutions of puzzles read from a file (or stdin) and print JSON Lines.
    #[command(after_help = SOLVE_FORMATS)]
    Solve(SolveArgs),
    /// Regenerate a puzzle from its id alone and draw it.
    Show(ShowArgs),
    /// The next logical step for a player's state.
    #[command(after_help = STATE_FORMATS)]
    Hint(StateArgs),
    /// The rule-based verdict on a player's state.
    #[command(after_help = STATE_FORMATS)]
    Check(StateArgs),
    /// List the genres, their generator versions and capabilities.
    Genres(JsonFlag),
    /// Run the HTTP service (API, leaderboards, the web page).
    Serve(ServeArgs),
    /// Load `dayseed gen` output (JSON Lines) and boards from other players (puzz.link URLs,
    /// Tatham game ids) into the service's archive.
    #[command(after_help = IMPORT_FORMAT)]
    Import(ImportArgs),
}

/// Input formats of `dayseed solve`, shown by its `--help`.
const SOLVE_FORMATS: &str = "\
Input formats (one file holds one genre; bad records are reported and skipped):
  sudoku       one puzzle a line, 81 chars, digits and '.' or '0' for blanks
                 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
  slitherlink  a block per puzzle (blank line between): rows of clues 0-3 and '.'
                 .3.\n2.1\n.3.
  lightsout    a block per puzzle: rows of '0'/'1' (lit), optional first line 'wrap'
                 010\n111\n010
  starlink     one puzzle a line, as JSON (a `dayseed gen starlink` line works as is)
Examples: dayseed solve sudoku examples/sudoku.txt
          dayseed gen sudoku --count 10 | jq -r .puzzle | dayseed solve sudoku";

/// Puzzle and state formats of `dayseed hint` and `dayseed check`, shown by their `--help`.
const STATE_FORMATS: &str = "\
The puzzle: an id (sudoku:SEED-42-EASY-g2), or the puzzle's text form with --genre (\\n for
line breaks). The state (--state TEXT or --state-file FILE), the genre's text form or JSON:
  sudoku       81 chars, the grid as the player has it ('.' empty), or {\"entries\":..,\"notes\":..}
  slitherlink  JSON {\"h\": [H+1 strings of W], \"v\": [H strings of W+1]}: '1' line, 'x' cross, '.' open
  lightsout    JSON {\"presses\": [[row, col], ...]} (0-based, in order)
  starlink     JSON {\"lines\": [candidate indices]}
Example: dayseed hint sudoku:SEED-42-EASY-g2 --state \"$(dayseed show sudoku:SEED-42-EASY-g2 --json | jq -r .puzzle)\"";

/// The input format of `dayseed import`, shown by its `--help`.
const IMPORT_FORMAT: &str = "\
Input, one board a line (a bad line is reported by number and skipped; the exit code is then 1):
  a JSON line as `dayseed gen` writes it: regenerated from its id, it must match its digest
  a board from another player: a puzz.link sudoku or slither URL, or a Simon Tatham Solo, Loopy or
  Flip (crosses) game id, such as 3x3:d074191345d1644c17058,5b8 or
  https://puzz.link/p?slither/7/7/ha6b282866ch1736dhah58dg; it must have exactly one solution,
  and is filed under its name by content, <genre>:legacy-<digest> (it has no seed, so no dayseed id)
Example: dayseed gen sudoku --count 100 > boards.jsonl && dayseed import boards.jsonl --db dayseed.sqlite
Example: dayseed import examples/foreign.txt --db dayseed.sqlite";

/// `dayseed serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: std::net::SocketAddr,
    /// Database, created and migrated on start: a SQLite file (PATH or sqlite:PATH), or
    /// PostgreSQL (postgres://user@host/db) shared by several replicas.
    #[arg(long, default_value = "dayseed.sqlite")]
    pub db: String,
    /// Directory of the web page to serve at / (default: ./web when it exists).
    #[arg(long)]
    pub web: Option<PathBuf>,
    /// Connections one client address may hold open at once; more are answered 429.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections_per_address: u32,
    /// Sustained requests per second one client address may make (0: no limit); beyond the
    /// burst they are answered 429 with Retry-After.
    #[arg(long, default_value_t = 50)]
    pub requests_per_second: u32,
    /// Requests one client address may make at once above the sustained rate.
    #[arg(long, default_value_t = 200)]
    pub request_burst: u32,
    /// PostgreSQL: connections this process keeps at most (keep replicas x this under the
    /// server's max_connections).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub db_max_connections: u32,
    /// PostgreSQL: seconds a statement may run (statement_timeout) and a request may wait for a
    /// connection before it is answered 503.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=600))]
    pub db_timeout: u32,
    /// Seconds requests in flight get to finish after SIGTERM or ctrl-c before the process exits.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(0..=3600))]
    pub drain_timeout: u32,
}

/// `dayseed import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// File of `dayseed gen` JSON lines, puzz.link URLs and Tatham game ids (one a line), or -
    /// for stdin.
    pub file: PathBuf,
    /// Database: a SQLite file (PATH or sqlite:PATH) or postgres://user@host/db.
    #[arg(long, default_value = "dayseed.sqlite")]
    pub db: String,
}

/// `--json` alone.
#[derive(Debug, Args)]
pub struct JsonFlag {
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The genre-independent part of `dayseed gen`'s parameter flags. The genre flags themselves
/// (`--difficulty`, `--grid-size`, `--wrap`, ...) are not written here: [`command`] builds them
/// from what each registered genre declares ([`dayseed_core::Genre::flags`]) and [`parse`] puts
/// the ones given into `given`.
#[derive(Debug, Args, Default)]
pub struct GenreFlags {
    /// A genre-specific parameter as name=value (repeatable), e.g. `--param bpm=120`; see
    /// `dayseed genres` for each genre's parameters.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub param: Vec<String>,
    /// The params part of an id, verbatim (e.g. MEDIUM, 10x10-L6); excludes the genre flags.
    #[arg(long)]
    pub params: Option<String>,
    /// The declared genre flags given, as (name, value) in command-line order (a switch's value
    /// is `true`); filled by [`parse`].
    #[arg(skip)]
    pub given: Vec<(String, String)>,
}

impl GenreFlags {
    /// The `--param name=value` pairs, split; a value without `=` is an error naming it.
    pub fn named_params(&self) -> Result<Vec<(String, String)>, String> {
        self.param
            .iter()
            .map(|p| match p.split_once('=') {
                Some((name, value)) if !name.trim().is_empty() => {
                    Ok((name.trim().to_string(), value.trim().to_string()))
                }
                _ => Err(format!(
                    "--param '{p}' is not NAME=VALUE (e.g. --param bpm=120)"
                )),
            })
            .collect()
    }
}

/// `dayseed daily`.
#[derive(Debug, Args)]
pub struct DailyArgs {
    /// The genre (see `dayseed genres`).
    pub genre: String,
    /// The calendar date YYYY-MM-DD instead of today.
    #[arg(long)]
    pub date: Option<String>,
    /// IANA time zone (default: this machine's).
    #[arg(long)]
    pub tz: Option<String>,
    /// Day policy: device-local-v1 or utc-v1.
    #[arg(long, default_value = "device-local-v1")]
    pub day_policy: String,
    /// Difficulty in the genre's vocabulary (default: the genre's daily default).
    #[arg(long)]
    pub difficulty: Option<String>,
    /// Include the solution.
    #[arg(long)]
    pub solution: bool,
    /// Print the generated record as JSON.
    #[arg(long)]
    pub json: bool,
}

/// `dayseed gen`.
#[derive(Debug, Args)]
pub struct GenArgs {
    /// The genre.
    pub genre: String,
    /// Generation parameters.
    #[command(flatten)]
    pub flags: GenreFlags,
    /// How many puzzles.
    #[arg(long, default_value_t = 1)]
    pub count: u64,
    /// First seed; puzzle i uses seed S+i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (output order and content do not depend on it).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Generator version (default: the genre's current one), e.g. g1.
    #[arg(long, value_name = "gN")]
    pub generator: Option<String>,
    /// Generate only the I-th of N consecutive, disjoint parts of the seed range (1-based):
    /// shards 1/N..N/N concatenated in order are byte for byte the unsharded output.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub shard: Option<(u64, u64)>,
    /// Never draw a progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Reads `--shard I/N` (1 <= I <= N).
fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let (i, n) = text
        .split_once('/')
        .ok_or_else(|| format!("expected I/N (e.g. 2/8), got {text:?}"))?;
    let num = |s: &str, what: &str| {
        s.trim()
            .parse::<u64>()
            .map_err(|_| format!("{what} in {text:?} is not a whole number"))
    };
    let (i, n) = (num(i, "I")?, num(n, "N")?);
    if n == 0 || i == 0 || i > n {
        return Err(format!(
            "{text:?}: I must be between 1 and N, and N at least 1"
        ));
    }
    Ok((i, n))
}

/// `dayseed solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The genre.
    pub genre: String,
    /// Input file, or - for stdin.
    #[arg(default_value = "-")]
    pub file: PathBuf,
    /// Skip grading (raw solver throughput).
    #[arg(long)]
    pub no_grade: bool,
    /// Node budget per puzzle.
    #[arg(long, default_value_t = 10_000_000)]
    pub budget: u64,
    /// Worker threads (output order does not depend on it).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Never draw a progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// `dayseed show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// A puzzle id (e.g. sudoku:SEED-42-HARD-g1), a puzz.link URL or Simon Tatham game id
    /// (Solo, Loopy, Flip), or a board's text form with --genre.
    pub id: String,
    /// The genre, when the board is given as text.
    #[arg(long)]
    pub genre: Option<String>,
    /// Also draw (or include) the solution.
    #[arg(long)]
    pub solution: bool,
    /// Write an SVG picture to this file.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Print the generated record as JSON.
    #[arg(long)]
    pub json: bool,
}

/// `dayseed hint` and `dayseed check`.
#[derive(Debug, Args)]
pub struct StateArgs {
    /// A puzzle id, a puzz.link URL or Simon Tatham game id (Solo, Loopy, Flip), or the puzzle's
    /// text form (then --genre is required).
    pub puzzle: String,
    /// The genre, when the puzzle is given as text.
    #[arg(long)]
    pub genre: Option<String>,
    /// The player's state: the genre's text form or JSON (sudoku: 81 chars; arcade genres: the
    /// input tape, also accepted as `--tape`).
    #[arg(long, alias = "tape", conflicts_with = "state_file")]
    pub state: Option<String>,
    /// Read the player's state from a file.
    #[arg(long)]
    pub state_file: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// The heading the declared genre flags are listed under in `dayseed gen --help`.
const GENRE_FLAGS_HEADING: &str = "Genre flags (declared by the genres)";

/// One `dayseed gen` flag: the union of every genre's declaration of that name.
struct DeclaredFlag {
    name: &'static str,
    value: FlagValue,
    /// One help line per genre that declares it (`sudoku: the level ... (default MEDIUM)`).
    helps: Vec<String>,
    /// The genres' value shapes agree (else the placeholder is `VALUE`).
    same_shape: bool,
}

/// Every flag the registry's genres declare, in first-declared order, merged by name.
fn declared_flags(registry: &Registry) -> Vec<DeclaredFlag> {
    let mut out: Vec<DeclaredFlag> = Vec::new();
    for g in registry.genres() {
        for f in g.flags() {
            let help = match f.default {
                Some(d) => format!("{} (default {d})", f.help),
                None => f.help.to_string(),
            };
            match out.iter_mut().find(|d| d.name == f.name) {
                Some(d) => {
                    d.same_shape &= d.value == f.value;
                    d.helps.push(help);
                }
                None => out.push(DeclaredFlag {
                    name: f.name,
                    value: f.value,
                    helps: vec![help],
                    same_shape: true,
                }),
            }
        }
    }
    out
}

/// The whole command line, with `dayseed gen`'s genre flags built from `registry`'s
/// declarations. A declared flag whose name is one of `gen`'s own options (`--count`, `--seed`,
/// ...) is a programming error in that genre and panics here, naming it.
pub fn command(registry: &Registry) -> clap::Command {
    let flags = declared_flags(registry);
    Cli::command().mut_subcommand("gen", |mut gen_cmd| {
        for f in &flags {
            assert!(
                gen_cmd.get_arguments().all(|a| a.get_id() != f.name),
                "a genre declares the flag --{} which `dayseed gen` already has",
                f.name
            );
            let mut arg = Arg::new(f.name)
                .long(f.name)
                .help(f.helps.join("; "))
                .help_heading(GENRE_FLAGS_HEADING);
            arg = match f.value.placeholder() {
                None if f.same_shape => arg.action(ArgAction::SetTrue),
                Some(p) if f.same_shape => arg.value_name(p).action(ArgAction::Set),
                _ => arg.value_name("VALUE").action(ArgAction::Set),
            };
            gen_cmd = gen_cmd.arg(arg);
        }
        gen_cmd
    })
}

/// Parses a command line (the first item is the program name) against [`command`].
pub fn parse(
    registry: &Registry,
    argv: impl IntoIterator<Item = impl Into<std::ffi::OsString> + Clone>,
) -> Result<Cli, clap::Error> {
    let matches = command(registry).try_get_matches_from(argv)?;
    let mut cli = Cli::from_arg_matches(&matches)?;
    if let (Command::Gen(a), Some(("gen", sub))) = (&mut cli.command, matches.subcommand()) {
        a.flags.given = given_flags(registry, sub);
    }
    Ok(cli)
}

/// The declared flags present in `matches`, as (name, value) in command-line order.
fn given_flags(registry: &Registry, matches: &ArgMatches) -> Vec<(String, String)> {
    let mut given: Vec<(usize, String, String)> = Vec::new();
    for f in declared_flags(registry) {
        if matches.value_source(f.name) != Some(clap::parser::ValueSource::CommandLine) {
            continue;
        }
        let index = matches.index_of(f.name).unwrap_or(usize::MAX);
        let value = match matches.try_get_one::<bool>(f.name) {
            Ok(Some(on)) => on.to_string(),
            _ => matches
                .get_one::<String>(f.name)
                .cloned()
                .unwrap_or_default(),
        };
        given.push((index, f.name.to_string(), value));
    }
    given.sort_by_key(|(index, _, _)| *index);
    given.into_iter().map(|(_, n, v)| (n, v)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> Registry {
        dayseed_catalog::registry()
    }

    #[test]
    fn the_command_line_definition_is_consistent() {
        command(&catalog()).debug_assert();
    }

    fn gen_flags(args: &[&str]) -> Vec<(String, String)> {
        let argv = ["dayseed", "gen"].iter().chain(args);
        match parse(&catalog(), argv.copied()).unwrap().command {
            Command::Gen(a) => a.flags.given,
            _ => unreachable!("gen parses as gen"),
        }
    }

    #[test]
    fn every_declared_flag_of_the_catalog_is_an_option_of_gen() {
        let r = catalog();
        let gen_cmd = command(&r);
        let gen_cmd = gen_cmd.find_subcommand("gen").unwrap();
        for g in r.genres() {
            for f in g.flags() {
                let arg = gen_cmd
                    .get_arguments()
                    .find(|a| a.get_long() == Some(f.name))
                    .unwrap_or_else(|| panic!("{}: --{} missing", g.name(), f.name));
                let help = arg.get_help().unwrap().to_string();
                assert!(help.contains(f.help), "{}: {help}", f.name);
            }
        }
    }

    #[test]
    fn given_flags_come_in_command_line_order_with_switches_as_true() {
        assert_eq!(
            gen_flags(&["lightsout", "--wrap", "--size", "5x5", "--par", "4"]),
            [("wrap", "true"), ("size", "5x5"), ("par", "4")]
                .map(|(n, v)| (n.to_string(), v.to_string()))
        );
        assert_eq!(gen_flags(&["sudoku"]), Vec::<(String, String)>::new());
        assert_eq!(
            gen_flags(&["sudoku", "--difficulty", "hard", "--count", "3"]),
            [("difficulty".to_string(), "hard".to_string())]
        );
    }

    #[test]
    fn an_undeclared_flag_is_a_usage_error() {
        let r = catalog();
        let unknown = parse(&r, ["dayseed", "gen", "sudoku", "--no-such-flag", "1"]);
        assert_eq!(
            unknown.unwrap_err().kind(),
            clap::error::ErrorKind::UnknownArgument
        );
    }
}
