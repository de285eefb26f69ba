//! Command-line arguments.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

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
    /// Load `dayseed gen` output (JSON Lines) into the service's archive.
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
Input: JSON Lines as `dayseed gen` writes them, one generated record a line; each is regenerated
from its id and must match its digest before it is archived.
Example: dayseed gen sudoku --count 100 > boards.jsonl && dayseed import boards.jsonl --db dayseed.sqlite";

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
}

/// `dayseed import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// JSON Lines file from `dayseed gen`, or - for stdin.
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

/// Flags that choose a genre's generation parameters. Each genre uses the ones that apply to it
/// and rejects the others by name.
#[derive(Debug, Args, Default)]
pub struct GenreFlags {
    /// Difficulty (sudoku: easy..master; starlink: easy..expert).
    #[arg(long)]
    pub difficulty: Option<String>,
    /// Square grid size N (NxN).
    #[arg(long)]
    pub grid_size: Option<String>,
    /// Grid width.
    #[arg(long)]
    pub width: Option<String>,
    /// Grid height.
    #[arg(long)]
    pub height: Option<String>,
    /// Level number (slitherlink: 1..10).
    #[arg(long)]
    pub level: Option<String>,
    /// Stage number (lightsout).
    #[arg(long)]
    pub stage: Option<String>,
    /// Board size WxH (lightsout).
    #[arg(long)]
    pub size: Option<String>,
    /// Presses used to make the board (lightsout).
    #[arg(long)]
    pub par: Option<String>,
    /// Target minimal press count (lightsout, generation by difficulty).
    #[arg(long)]
    pub optimal: Option<String>,
    /// Toroidal wrap-around (lightsout).
    #[arg(long)]
    pub wrap: bool,
    /// A genre-specific parameter as name=value (repeatable), e.g. `--param bpm=120`; see
    /// `dayseed genres` for each genre's parameters.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub param: Vec<String>,
    /// The params part of an id, verbatim (e.g. MEDIUM, 10x10-L6); excludes the flags above.
    #[arg(long)]
    pub params: Option<String>,
}

impl GenreFlags {
    /// The flags given, as (name, value) pairs for `params_from_flags`.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        let mut push = |name: &'static str, v: &Option<String>| {
            if let Some(v) = v {
                out.push((name, v.clone()));
            }
        };
        push("difficulty", &self.difficulty);
        push("grid-size", &self.grid_size);
        push("width", &self.width);
        push("height", &self.height);
        push("level", &self.level);
        push("stage", &self.stage);
        push("size", &self.size);
        push("par", &self.par);
        push("optimal", &self.optimal);
        if self.wrap {
            out.push(("wrap", "true".to_string()));
        }
        out
    }

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

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
