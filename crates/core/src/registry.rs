//! The dyn-safe registry: genre name -> [`DynGenre`], JSON in and JSON out. The CLI, the server
//! and the wasm build see genres only through this, so a new genre is one crate plus one line in
//! the catalog.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::budget::{Budget, Count};
use crate::day::DayPolicy;
use crate::declare::{Flag, LabelSpec, Labels};
use crate::digest::board_digest;
use crate::error::{Error, ErrorKind, Result};
use crate::generator::Generator;
use crate::genre::{
    Capabilities, Genre, Grade, Hint, SolveOptions, Verdict, VersionInfo, VersionStatus,
};
use crate::id::{PuzzleId, Source, Version, check_params_text};
use crate::model::PuzzleModel;
use crate::report::SolveReport;

/// The largest JSON puzzle or state text accepted from outside, in bytes.
pub const MAX_INPUT_BYTES: usize = 1 << 20;

/// A generated board with its identity, in the JSON form every front end shares.
#[derive(Debug, Clone, Serialize)]
pub struct GeneratedRecord {
    /// The full id (`sudoku:SEED-1-EASY-g1`).
    pub id: String,
    /// The genre's name.
    pub genre: &'static str,
    /// The generator version (`g1`).
    pub version: String,
    /// The 64-bit seed the generator used.
    pub seed: u64,
    /// SHA-256 of the canonical content.
    pub digest: String,
    /// Attempts used on the RNG stream.
    pub attempts: u32,
    /// Present when the generator fell back; says what was delivered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallback: Option<String>,
    /// The board (genre's JSON form, with the answer).
    pub puzzle: Value,
    /// The same board as its genre's typed model, made by the generator (never parsed back from
    /// `puzzle`): what the `*_model` methods of [`DynGenre`] take.
    #[serde(skip)]
    pub model: PuzzleModel,
}

impl GeneratedRecord {
    /// The record as one flat JSON object: id, genre, version, seed, the puzzle's own fields,
    /// digest, attempts and fallback (the `dayseed gen` line format).
    pub fn to_flat_json(&self) -> Value {
        let map = self
            .flat_fields(&[])
            .into_iter()
            .map(|(key, value)| (key.to_string(), value.to_value()))
            .collect();
        Value::Object(map)
    }

    /// Writes [`GeneratedRecord::to_flat_json`] with `extra` fields inserted after it (later
    /// fields replacing earlier ones of the same name), as compact JSON: the same bytes as
    /// `serde_json::to_writer` of that object, without building it.
    pub fn write_flat_json(
        &self,
        extra: &[(&str, String)],
        out: &mut impl std::io::Write,
    ) -> serde_json::Result<()> {
        out.write_all(b"{").map_err(serde_json::Error::io)?;
        for (i, (key, value)) in self.flat_fields(extra).iter().enumerate() {
            if i > 0 {
                out.write_all(b",").map_err(serde_json::Error::io)?;
            }
            serde_json::to_writer(&mut *out, key)?;
            out.write_all(b":").map_err(serde_json::Error::io)?;
            serde_json::to_writer(&mut *out, value)?;
        }
        out.write_all(b"}").map_err(serde_json::Error::io)
    }

    /// The flat object's fields, then `extra`, in key order as its map holds them: of fields
    /// with the same name, the one inserted last.
    fn flat_fields<'a>(&'a self, extra: &'a [(&str, String)]) -> Vec<(&'a str, Field<'a>)> {
        let mut fields: Vec<(&str, Field<'_>)> = vec![
            ("id", Field::Text(&self.id)),
            ("genre", Field::Text(self.genre)),
            ("version", Field::Text(&self.version)),
            ("seed", Field::Number(self.seed)),
        ];
        if let Value::Object(own) = &self.puzzle {
            fields.extend(own.iter().map(|(k, v)| (k.as_str(), Field::Json(v))));
        }
        fields.push(("digest", Field::Text(&self.digest)));
        fields.push(("attempts", Field::Number(u64::from(self.attempts))));
        if let Some(f) = &self.fallback {
            fields.push(("fallback", Field::Text(f)));
        }
        fields.extend(extra.iter().map(|(k, v)| (*k, Field::Text(v))));
        // A stable sort keeps equal keys in insertion order; the last of each run stays.
        fields.sort_by(|a, b| a.0.cmp(b.0));
        let mut kept: Vec<(&str, Field<'_>)> = Vec::with_capacity(fields.len());
        for field in fields {
            match kept.last_mut() {
                Some(last) if last.0 == field.0 => *last = field,
                _ => kept.push(field),
            }
        }
        kept
    }
}

/// One value of a flat record, borrowed; it serializes as its [`Value`] would.
enum Field<'a> {
    Text(&'a str),
    Number(u64),
    Json(&'a Value),
}

impl Field<'_> {
    fn to_value(&self) -> Value {
        match self {
            Field::Text(t) => Value::from(*t),
            Field::Number(n) => Value::from(*n),
            Field::Json(v) => (*v).clone(),
        }
    }
}

impl Serialize for Field<'_> {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        match self {
            Field::Text(t) => serializer.serialize_str(t),
            Field::Number(n) => serializer.serialize_u64(*n),
            Field::Json(v) => v.serialize(serializer),
        }
    }
}

/// A genre behind a JSON interface. Implemented for every [`Registered`] genre.
///
/// A board is read once into its typed model with [`DynGenre::model`]; the `*_model` methods
/// work on that [`PuzzleModel`] and parse nothing, so a front end that keeps boards (the
/// server's cache, a generated record's [`GeneratedRecord::model`]) pays for parsing once. The
/// methods taking the board as JSON are the same operations for one-off calls: they parse the
/// board and call their `*_model` twin.
pub trait DynGenre: Send + Sync {
    /// The registry name.
    fn name(&self) -> &'static str;
    /// Every released generator version with its status, oldest first.
    fn versions(&self) -> Vec<VersionInfo>;
    /// The name people read (`Lights Out`).
    fn title(&self) -> &'static str;
    /// The generation flags the genre declares (see [`Genre::flags`]).
    fn flags(&self) -> &'static [Flag];
    /// The archive labels the genre declares (see [`Genre::label_specs`]).
    fn label_specs(&self) -> &'static [LabelSpec];
    /// The newest version with status `Current`.
    fn current_version(&self) -> Version;
    /// What the genre can do.
    fn capabilities(&self) -> Capabilities;
    /// Canonical params text for a daily, optionally at a requested difficulty.
    fn daily_params(&self, difficulty: Option<&str>) -> Result<String>;
    /// Canonical params text from command-line style flags (see [`Genre::params_from_flags`]).
    fn params_from_flags(&self, flags: &[(&str, &str)]) -> Result<String>;
    /// Checks params text and returns its canonical spelling.
    fn canonical_params(&self, params: &str) -> Result<String>;
    /// Refuses a version this genre does not generate (unknown or retired), naming the ones it
    /// does: the one version check every caller uses.
    fn check_version(&self, version: Version) -> Result<()>;
    /// Regenerates the board an id names (refusing unknown or retired versions); the record
    /// carries the board's typed model beside its JSON.
    fn generate(&self, id: &PuzzleId) -> Result<GeneratedRecord>;
    /// Reads the canonical text form into puzzle JSON.
    fn decode(&self, text: &str) -> Result<Value>;

    /// Parses and validates puzzle JSON into the genre's typed model, once.
    fn model(&self, puzzle: &Value) -> Result<PuzzleModel>;
    /// The archive label values of a board named by `id` (params from the id); only declared
    /// labels are set.
    fn labels_model(&self, id: &PuzzleId, model: &PuzzleModel) -> Result<Labels>;
    /// The digest of a board.
    fn digest_model(&self, model: &PuzzleModel) -> Result<String>;
    /// The board with its answer removed, as JSON.
    fn without_solution_model(&self, model: &PuzzleModel) -> Result<Value>;
    /// The board in the canonical text form.
    fn encode_model(&self, model: &PuzzleModel) -> Result<String>;
    /// Reads a player's state from text (genre's text form or JSON) for a board.
    fn decode_state_model(&self, model: &PuzzleModel, text: &str) -> Result<Value>;
    /// Counts solutions up to `limit` within `budget`.
    fn count_solutions_model(
        &self,
        model: &PuzzleModel,
        limit: u64,
        budget: &mut Budget,
    ) -> Result<Count>;
    /// The solve report (one shape for every genre, see [`crate::report`]).
    fn solve_report_model(&self, model: &PuzzleModel, options: SolveOptions)
    -> Result<SolveReport>;
    /// The human-style grade.
    fn grade_model(&self, model: &PuzzleModel) -> Result<Grade>;
    /// The next step for a player's state.
    fn hint_model(&self, model: &PuzzleModel, state: &Value) -> Result<Hint>;
    /// The rule-based verdict on a player's state.
    fn check_model(&self, model: &PuzzleModel, state: &Value) -> Result<Verdict>;
    /// A terminal drawing.
    fn render_text_model(
        &self,
        model: &PuzzleModel,
        state: Option<&Value>,
        solution: bool,
    ) -> Result<String>;
    /// An SVG drawing.
    fn render_svg_model(&self, model: &PuzzleModel, solution: bool) -> Result<String>;
    /// Arcade genres: a live simulation of the board (see [`Genre::simulate`]).
    fn simulate_model(&self, model: &PuzzleModel) -> Result<Box<dyn crate::arcade::Simulation>>;

    /// The archive label values of a board given as JSON (see [`DynGenre::labels_model`]).
    fn labels(&self, id: &PuzzleId, puzzle: &Value) -> Result<Labels> {
        self.labels_model(id, &self.model(puzzle)?)
    }
    /// The digest of a puzzle given as JSON.
    fn digest(&self, puzzle: &Value) -> Result<String> {
        self.digest_model(&self.model(puzzle)?)
    }
    /// The puzzle with its answer removed.
    fn without_solution(&self, puzzle: &Value) -> Result<Value> {
        self.without_solution_model(&self.model(puzzle)?)
    }
    /// Writes puzzle JSON in the canonical text form.
    fn encode(&self, puzzle: &Value) -> Result<String> {
        self.encode_model(&self.model(puzzle)?)
    }
    /// Reads a player's state from text (genre's text form or JSON).
    fn decode_state(&self, puzzle: &Value, text: &str) -> Result<Value> {
        self.decode_state_model(&self.model(puzzle)?, text)
    }
    /// Counts solutions up to `limit` within `budget`.
    fn count_solutions(&self, puzzle: &Value, limit: u64, budget: &mut Budget) -> Result<Count> {
        self.count_solutions_model(&self.model(puzzle)?, limit, budget)
    }
    /// The solve report for one puzzle (one shape for every genre, see [`crate::report`]).
    fn solve_report(&self, puzzle: &Value, options: SolveOptions) -> Result<SolveReport> {
        self.solve_report_model(&self.model(puzzle)?, options)
    }
    /// The human-style grade.
    fn grade(&self, puzzle: &Value) -> Result<Grade> {
        self.grade_model(&self.model(puzzle)?)
    }
    /// The next step for a player's state.
    fn hint(&self, puzzle: &Value, state: &Value) -> Result<Hint> {
        self.hint_model(&self.model(puzzle)?, state)
    }
    /// The rule-based verdict on a player's state.
    fn check(&self, puzzle: &Value, state: &Value) -> Result<Verdict> {
        self.check_model(&self.model(puzzle)?, state)
    }
    /// A terminal drawing.
    fn render_text(&self, puzzle: &Value, state: Option<&Value>, solution: bool) -> Result<String> {
        self.render_text_model(&self.model(puzzle)?, state, solution)
    }
    /// An SVG drawing.
    fn render_svg(&self, puzzle: &Value, solution: bool) -> Result<String> {
        self.render_svg_model(&self.model(puzzle)?, solution)
    }
    /// Arcade genres: a live simulation of the board (see [`Genre::simulate`]).
    fn simulate(&self, puzzle: &Value) -> Result<Box<dyn crate::arcade::Simulation>> {
        self.simulate_model(&self.model(puzzle)?)
    }
}

/// What a front end lists about a genre (`dayseed genres --json`, the API's `/genres`, the
/// wasm `genres` export): name, title, current version, versions, capabilities, the default
/// daily params, and the declared flags and archive labels.
pub fn genre_summary(g: &dyn DynGenre) -> Value {
    serde_json::json!({
        "name": g.name(),
        "title": g.title(),
        "current_version": g.current_version().to_string(),
        "versions": g.versions(),
        "capabilities": g.capabilities(),
        "daily_params": g.daily_params(None).ok(),
        "flags": g.flags(),
        "labels": g.label_specs(),
    })
}

/// Wraps a typed [`Genre`] as a [`DynGenre`]. Genre crates export
/// `pub static GENRE: Registered<TheirGenre> = Registered(TheirGenre);`.
pub struct Registered<G>(pub G);

impl<G: Genre> Registered<G> {
    /// Parses and validates puzzle JSON into the typed puzzle.
    fn parse(&self, value: &Value) -> Result<G::Puzzle> {
        let puzzle = G::Puzzle::deserialize(value)
            .map_err(|e| Error::puzzle(format!("{} puzzle JSON is not valid: {e}", G::NAME)))?;
        self.0.validate(&puzzle)?;
        Ok(puzzle)
    }

    /// The typed puzzle inside a model, refusing another genre's model.
    fn typed<'m>(&self, model: &'m PuzzleModel) -> Result<&'m G::Puzzle> {
        model
            .get::<G::Puzzle>()
            .filter(|_| model.genre() == G::NAME)
            .ok_or_else(|| {
                Error::puzzle(format!(
                    "a {} board was given to {}",
                    model.genre(),
                    G::NAME
                ))
            })
    }

    fn state(&self, puzzle: &G::Puzzle, value: &Value) -> Result<G::State> {
        let state = G::State::deserialize(value)
            .map_err(|e| Error::state(format!("{} state JSON is not valid: {e}", G::NAME)))?;
        self.0.validate_state(puzzle, &state)?;
        Ok(state)
    }

    fn to_json<T: Serialize>(value: &T) -> Result<Value> {
        serde_json::to_value(value)
            .map_err(|e| Error::new(ErrorKind::InvalidPuzzle, format!("cannot encode JSON: {e}")))
    }
}

impl<G: Genre> Registered<G> {
    /// The generator unit of `version`: the one version check. Unknown and retired versions
    /// are refused naming the versions that do generate.
    fn generator(&self, version: Version) -> Result<&'static Generator<G>> {
        self.0
            .generators()
            .iter()
            .find(|g| g.version == version && g.status != VersionStatus::Retired)
            .ok_or_else(|| unsupported_version(G::NAME, version, &self.versions()))
    }
}

impl<G: Genre> DynGenre for Registered<G> {
    fn check_version(&self, version: Version) -> Result<()> {
        self.generator(version).map(|_| ())
    }

    fn name(&self) -> &'static str {
        G::NAME
    }

    fn versions(&self) -> Vec<VersionInfo> {
        self.0.generators().iter().map(Generator::info).collect()
    }

    fn title(&self) -> &'static str {
        G::TITLE
    }

    fn flags(&self) -> &'static [Flag] {
        self.0.flags()
    }

    fn label_specs(&self) -> &'static [LabelSpec] {
        self.0.label_specs()
    }

    fn labels_model(&self, id: &PuzzleId, model: &PuzzleModel) -> Result<Labels> {
        let params = self.0.parse_params(&id.params)?;
        let all = self.0.labels(&params, self.typed(model)?);
        // Only declared labels are filed, whatever the genre computed.
        let declared = |l| self.0.label_specs().iter().any(|s| s.label == l);
        Ok(Labels {
            difficulty: all
                .difficulty
                .filter(|_| declared(crate::declare::Label::Difficulty)),
            size: all
                .size
                .filter(|_| declared(crate::declare::Label::Size))
                .map(|s| s.to_ascii_lowercase()),
        })
    }

    fn current_version(&self) -> Version {
        self.0
            .generators()
            .iter()
            .rev()
            .find(|g| g.status == VersionStatus::Current)
            .map(|g| g.version)
            .expect("every genre declares a current version")
    }

    fn capabilities(&self) -> Capabilities {
        self.0.capabilities()
    }

    fn daily_params(&self, difficulty: Option<&str>) -> Result<String> {
        let params = self.0.daily_params(difficulty)?;
        Ok(self.0.format_params(&params))
    }

    fn params_from_flags(&self, flags: &[(&str, &str)]) -> Result<String> {
        let params = self.0.params_from_flags(flags)?;
        Ok(self.0.format_params(&params))
    }

    fn canonical_params(&self, params: &str) -> Result<String> {
        check_params_text(params)?;
        let parsed = self.0.parse_params(params)?;
        Ok(self.0.format_params(&parsed))
    }

    fn generate(&self, id: &PuzzleId) -> Result<GeneratedRecord> {
        if id.genre != G::NAME {
            return Err(Error::new(
                ErrorKind::UnknownGenre,
                format!("id {id} is for genre '{}', not '{}'", id.genre, G::NAME),
            ));
        }
        let generator = self.generator(id.version)?;
        let params = self.0.parse_params(&id.params)?;
        let canonical = self.0.format_params(&params);
        if canonical != id.params {
            return Err(Error::new(
                ErrorKind::MalformedId,
                format!(
                    "id {id}: params '{}' are not in canonical form (expected '{canonical}')",
                    id.params
                ),
            ));
        }
        if let Source::Daily { epoch_day, .. } = id.source
            && epoch_day.abs() > crate::day::MAX_ABS_EPOCH_DAY
        {
            return Err(Error::new(ErrorKind::MalformedId, "epoch day out of range"));
        }
        let seed = (generator.seed)(&id.source)?;
        let board = (generator.generate)(seed, &params)?;
        self.0.validate(&board.puzzle).map_err(|e| {
            Error::new(
                ErrorKind::GenerationFailed,
                format!("id {id}: the generated board failed re-validation: {e}"),
            )
        })?;
        let digest = board_digest(G::NAME, &self.0.canonical_content(&board.puzzle));
        Ok(GeneratedRecord {
            id: id.to_string(),
            genre: G::NAME,
            version: id.version.to_string(),
            seed,
            digest,
            attempts: board.attempts,
            fallback: board.fallback,
            puzzle: Self::to_json(&board.puzzle)?,
            model: PuzzleModel::new(G::NAME, board.puzzle),
        })
    }

    fn decode(&self, text: &str) -> Result<Value> {
        if text.len() > MAX_INPUT_BYTES {
            return Err(Error::puzzle(format!(
                "puzzle text is longer than {MAX_INPUT_BYTES} bytes"
            )));
        }
        let p = self.0.decode(text)?;
        self.0.validate(&p)?;
        Self::to_json(&p)
    }

    fn model(&self, puzzle: &Value) -> Result<PuzzleModel> {
        Ok(PuzzleModel::new(G::NAME, self.parse(puzzle)?))
    }

    fn digest_model(&self, model: &PuzzleModel) -> Result<String> {
        let p = self.typed(model)?;
        Ok(board_digest(G::NAME, &self.0.canonical_content(p)))
    }

    fn without_solution_model(&self, model: &PuzzleModel) -> Result<Value> {
        Self::to_json(&self.0.without_solution(self.typed(model)?))
    }

    fn encode_model(&self, model: &PuzzleModel) -> Result<String> {
        Ok(self.0.encode(self.typed(model)?))
    }

    fn decode_state_model(&self, model: &PuzzleModel, text: &str) -> Result<Value> {
        if text.len() > MAX_INPUT_BYTES {
            return Err(Error::state(format!(
                "state text is longer than {MAX_INPUT_BYTES} bytes"
            )));
        }
        let p = self.typed(model)?;
        let s = self.0.decode_state(p, text)?;
        self.0.validate_state(p, &s)?;
        Self::to_json(&s)
    }

    fn count_solutions_model(
        &self,
        model: &PuzzleModel,
        limit: u64,
        budget: &mut Budget,
    ) -> Result<Count> {
        self.0.count_solutions(self.typed(model)?, limit, budget)
    }

    fn solve_report_model(
        &self,
        model: &PuzzleModel,
        options: SolveOptions,
    ) -> Result<SolveReport> {
        self.0.solve_report(self.typed(model)?, options)
    }

    fn grade_model(&self, model: &PuzzleModel) -> Result<Grade> {
        self.0.grade(self.typed(model)?)
    }

    fn hint_model(&self, model: &PuzzleModel, state: &Value) -> Result<Hint> {
        let p = self.typed(model)?;
        let s = self.state(p, state)?;
        self.0.hint(p, &s)
    }

    fn check_model(&self, model: &PuzzleModel, state: &Value) -> Result<Verdict> {
        let p = self.typed(model)?;
        let s = self.state(p, state)?;
        self.0.check(p, &s)
    }

    fn render_text_model(
        &self,
        model: &PuzzleModel,
        state: Option<&Value>,
        solution: bool,
    ) -> Result<String> {
        let p = self.typed(model)?;
        let s = state.map(|s| self.state(p, s)).transpose()?;
        Ok(self.0.render_text(p, s.as_ref(), solution))
    }

    fn render_svg_model(&self, model: &PuzzleModel, solution: bool) -> Result<String> {
        self.0.render_svg(self.typed(model)?, solution)
    }

    fn simulate_model(&self, model: &PuzzleModel) -> Result<Box<dyn crate::arcade::Simulation>> {
        self.0.simulate(self.typed(model)?)
    }
}

/// The set of registered genres, in listing order.
pub struct Registry {
    genres: Vec<&'static dyn DynGenre>,
}

impl Registry {
    /// A registry of the given genres. Names must be distinct and every declared flag name
    /// well formed and distinct within its genre: a catalog that breaks this is a programming
    /// error and panics at start-up (the catalog's tests build it).
    pub fn new(genres: Vec<&'static dyn DynGenre>) -> Registry {
        for (i, g) in genres.iter().enumerate() {
            assert!(
                genres[..i].iter().all(|h| h.name() != g.name()),
                "genre '{}' registered twice",
                g.name()
            );
            let flags = g.flags();
            for (j, f) in flags.iter().enumerate() {
                assert!(
                    Flag::valid_name(f.name),
                    "genre '{}' declares a malformed flag name '{}'",
                    g.name(),
                    f.name
                );
                assert!(
                    flags[..j].iter().all(|e| e.name != f.name),
                    "genre '{}' declares the flag '{}' twice",
                    g.name(),
                    f.name
                );
            }
        }
        Registry { genres }
    }

    /// This registry with one more genre at the end: how a genre outside the shipped catalog
    /// (a test genre, a private build) is added in one line,
    /// `dayseed_catalog::registry().with(&my_genre::GENRE)`.
    pub fn with(self, genre: &'static dyn DynGenre) -> Registry {
        let mut genres = self.genres;
        genres.push(genre);
        Registry::new(genres)
    }

    /// All genres in listing order.
    pub fn genres(&self) -> &[&'static dyn DynGenre] {
        &self.genres
    }

    /// Genre names in listing order.
    pub fn names(&self) -> Vec<&'static str> {
        self.genres.iter().map(|g| g.name()).collect()
    }

    /// The genre called `name`, or an error listing the registered ones.
    pub fn get(&self, name: &str) -> Result<&'static dyn DynGenre> {
        self.genres
            .iter()
            .copied()
            .find(|g| g.name() == name)
            .ok_or_else(|| {
                let shown: String = name.chars().take(40).collect();
                Error::new(
                    ErrorKind::UnknownGenre,
                    format!(
                        "unknown genre '{shown}'; registered: {}",
                        self.names().join(", ")
                    ),
                )
            })
    }

    /// Parses an id and checks its genre is registered.
    pub fn parse_id(&self, id: &str) -> Result<(PuzzleId, &'static dyn DynGenre)> {
        let id: PuzzleId = id.parse()?;
        let genre = self.get(&id.genre)?;
        Ok((id, genre))
    }

    /// Regenerates the board an id names.
    pub fn generate(&self, id: &str) -> Result<GeneratedRecord> {
        let (id, genre) = self.parse_id(id)?;
        genre.generate(&id)
    }

    /// The id of a genre's daily puzzle at its current version.
    pub fn daily_id(
        &self,
        genre: &str,
        policy: DayPolicy,
        epoch_day: i64,
        difficulty: Option<&str>,
    ) -> Result<PuzzleId> {
        let g = self.get(genre)?;
        let params = g.daily_params(difficulty)?;
        Ok(PuzzleId::daily(
            g.name(),
            policy,
            epoch_day,
            &params,
            g.current_version(),
        ))
    }
}

/// The error for a version a genre does not generate.
fn unsupported_version(genre: &str, version: Version, versions: &[VersionInfo]) -> Error {
    let supported: Vec<String> = versions
        .iter()
        .filter(|v| v.status != VersionStatus::Retired)
        .map(|v| v.version.to_string())
        .collect();
    let retired = versions
        .iter()
        .any(|v| v.version == version && v.status == VersionStatus::Retired);
    Error::new(
        ErrorKind::UnsupportedVersion,
        format!(
            "{genre} generator version {version} is {}; supported: {}",
            if retired { "retired" } else { "not supported" },
            supported.join(", ")
        ),
    )
}
