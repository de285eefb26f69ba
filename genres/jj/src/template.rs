//! Chamber templates: data files in `chambers/` (one per template), parsed once.
//!
//! # File format
//! ```text
//! name: gap            the template's name (unique)
//! tier: 1              1 = EASY and up, 2 = MEDIUM and up, 3 = HARD only
//! params: w=1..3       letters with inclusive ranges (at most 4)
//! gate: period=120 open=60 phase=20+10w    optional timed gate over the chamber's G columns
//! plan:                the authored plan, one step a line: ticks, A's keys, B's keys
//! 30 R R               keys from L R J G (left, right, jump, grip) or - for none
//! 12+8w RJ R           a duration may add/subtract k ticks per unit of a param
//! map:
//! >....ww....          ruler: '.' = a column, a param letter = that column repeated `value` times
//! ...........          10 rows; floor top at row 6; the first and last 3 columns are plain floor
//! ```
//! A plan starts with A standing at chamber x 2.5 and B at 1.0 (the generator walks them there)
//! and must leave both cores standing within the last 3 columns (or a little beyond).

use dayseed_core::{Error, Result};

/// Rows of every chamber.
pub const ROWS: usize = 10;
/// The floor's top row at a chamber's entry and exit.
pub const FLOOR: usize = 6;
/// Plain floor columns at both ends of a chamber.
pub const EDGE: usize = 3;

/// A linear amount: `base + k1 * p1 + k2 * p2 ...` over the template's params.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Amount {
    base: i64,
    terms: Vec<(i64, usize)>,
}

impl Amount {
    fn parse(text: &str, params: &[Param], what: &str) -> Result<Amount> {
        let bad = || Error::puzzle(format!("{what}: {text:?} is not N, N+kP, N-kP+jQ ..."));
        let mut pieces = Vec::new();
        let mut start = 0;
        for (i, ch) in text.char_indices() {
            if i > 0 && (ch == '+' || ch == '-') {
                pieces.push(&text[start..i]);
                start = i;
            }
        }
        pieces.push(&text[start..]);
        let (head, rest) = pieces.split_first().ok_or_else(bad)?;
        let base: i64 = head.parse().map_err(|_| bad())?;
        let mut terms = Vec::new();
        for piece in rest {
            let sign = if piece.starts_with('-') { -1 } else { 1 };
            let body = &piece[1..];
            let letter = body.chars().last().ok_or_else(bad)?;
            let index = params
                .iter()
                .position(|p| p.letter == letter)
                .ok_or_else(|| Error::puzzle(format!("{what}: unknown param {letter:?}")))?;
            let digits = &body[..body.len() - letter.len_utf8()];
            let k: i64 = if digits.is_empty() {
                1
            } else {
                digits.parse().map_err(|_| bad())?
            };
            terms.push((sign * k, index));
        }
        Ok(Amount { base, terms })
    }

    /// The amount for the chosen values (`values[i]` belongs to param `i`).
    pub fn eval(&self, values: &[u32]) -> i64 {
        self.terms
            .iter()
            .fold(self.base, |acc, &(k, i)| acc + k * i64::from(values[i]))
    }
}

/// A varied parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Param {
    /// Its letter in the ruler and in amounts.
    pub letter: char,
    /// Smallest value.
    pub lo: u32,
    /// Largest value.
    pub hi: u32,
}

/// A plan step: hold these keys for `ticks`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// Duration.
    pub ticks: Amount,
    /// Held keys per player: [left, right, jump, grip].
    pub keys: [[bool; 4]; 2],
}

/// A timed gate, relative to the chamber plan's first tick.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GateSpec {
    /// Cycle length.
    pub period: Amount,
    /// Open ticks.
    pub open: Amount,
    /// Cycle start relative to the plan's start.
    pub phase: Amount,
}

/// One chamber template.
#[derive(Debug, Clone)]
pub struct Template {
    /// Name.
    pub name: String,
    /// Lowest difficulty that uses it (1..=3).
    pub tier: u32,
    /// Varied parameters.
    pub params: Vec<Param>,
    /// Optional timed gate.
    pub gate: Option<GateSpec>,
    /// The authored plan.
    pub plan: Vec<Step>,
    ruler: Vec<u8>,
    rows: Vec<Vec<u8>>,
}

/// A template with values chosen: the chamber's columns, plan and gate.
#[derive(Debug, Clone)]
pub struct Chamber {
    /// Rows of the chamber's map.
    pub rows: Vec<String>,
    /// Plan steps with their durations in ticks.
    pub plan: Vec<(u32, [[bool; 4]; 2])>,
    /// (period, open, phase relative to the plan's start) when the chamber has a gate.
    pub gate: Option<(u32, u32, u32)>,
}

fn keys(text: &str, what: &str) -> Result<[bool; 4]> {
    let mut k = [false; 4];
    if text == "-" {
        return Ok(k);
    }
    for ch in text.chars() {
        let i = "LRJG"
            .find(ch)
            .ok_or_else(|| Error::puzzle(format!("{what}: key {ch:?} is not one of L R J G")))?;
        k[i] = true;
    }
    Ok(k)
}

impl Template {
    /// Parses a template file.
    pub fn parse(text: &str) -> Result<Template> {
        let mut name = None;
        let mut tier = 1;
        let mut params = Vec::new();
        let mut gate_text = None;
        let mut plan_lines = Vec::new();
        let mut map_lines = Vec::new();
        let mut section = "";
        for (n, line) in text.lines().enumerate() {
            let line = line.trim_end();
            let what = format!("line {}", n + 1);
            if line.starts_with('#') && section != "map" || line.trim().is_empty() {
                continue;
            }
            if section == "map" {
                map_lines.push(line.as_bytes().to_vec());
                continue;
            }
            if let Some(v) = line.strip_prefix("name:") {
                name = Some(v.trim().to_string());
            } else if let Some(v) = line.strip_prefix("tier:") {
                tier = v
                    .trim()
                    .parse()
                    .map_err(|_| Error::puzzle(format!("{what}: bad tier")))?;
            } else if let Some(v) = line.strip_prefix("params:") {
                for p in v.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                    let bad = || Error::puzzle(format!("{what}: {p:?} is not x=lo..hi"));
                    let (l, range) = p.split_once('=').ok_or_else(bad)?;
                    let (lo, hi) = range.split_once("..").ok_or_else(bad)?;
                    let letter = l.trim().chars().next().ok_or_else(bad)?;
                    let (lo, hi) = (
                        lo.parse().map_err(|_| bad())?,
                        hi.parse().map_err(|_| bad())?,
                    );
                    if lo > hi || hi > 20 {
                        return Err(bad());
                    }
                    params.push(Param { letter, lo, hi });
                }
            } else if let Some(v) = line.strip_prefix("gate:") {
                gate_text = Some((v.trim().to_string(), what));
            } else if line == "plan:" {
                section = "plan";
            } else if line == "map:" {
                section = "map";
            } else if section == "plan" {
                plan_lines.push((line.to_string(), what));
            } else {
                return Err(Error::puzzle(format!("{what}: unexpected {line:?}")));
            }
        }
        let name = name.ok_or_else(|| Error::puzzle("template has no name"))?;
        let mut plan = Vec::new();
        for (line, what) in plan_lines {
            let f: Vec<&str> = line.split_whitespace().collect();
            if f.len() != 3 {
                return Err(Error::puzzle(format!(
                    "{name} {what}: a plan step is `ticks A-keys B-keys`"
                )));
            }
            plan.push(Step {
                ticks: Amount::parse(f[0], &params, &what)?,
                keys: [keys(f[1], &what)?, keys(f[2], &what)?],
            });
        }
        let gate = match gate_text {
            None => None,
            Some((g, what)) => {
                let mut parts = [const { None }; 3];
                for kv in g.split_whitespace() {
                    let (k, v) = kv
                        .split_once('=')
                        .ok_or_else(|| Error::puzzle(format!("{what}: {kv:?} is not k=v")))?;
                    let i = ["period", "open", "phase"]
                        .iter()
                        .position(|&x| x == k)
                        .ok_or_else(|| Error::puzzle(format!("{what}: unknown gate key {k}")))?;
                    parts[i] = Some(Amount::parse(v, &params, &what)?);
                }
                match parts {
                    [Some(period), Some(open), Some(phase)] => Some(GateSpec {
                        period,
                        open,
                        phase,
                    }),
                    _ => {
                        return Err(Error::puzzle(format!(
                            "{what}: gate needs period, open, phase"
                        )));
                    }
                }
            }
        };
        let Some((ruler, rows)) = map_lines.split_first() else {
            return Err(Error::puzzle(format!("{name}: no map")));
        };
        let ruler = ruler
            .strip_prefix(b">")
            .ok_or_else(|| Error::puzzle(format!("{name}: the map starts with a '>' ruler")))?
            .to_vec();
        if rows.len() != ROWS {
            return Err(Error::puzzle(format!(
                "{name}: the map has {} rows, not {ROWS}",
                rows.len()
            )));
        }
        if let Some(r) = rows.iter().position(|r| r.len() != ruler.len()) {
            return Err(Error::puzzle(format!(
                "{name}: map row {r} is {} wide, the ruler {}",
                rows[r].len(),
                ruler.len()
            )));
        }
        Ok(Template {
            name,
            tier,
            params,
            gate,
            plan,
            ruler,
            rows: rows.to_vec(),
        })
    }

    /// Every combination of parameter values, in lexicographic order.
    pub fn all_values(&self) -> Vec<Vec<u32>> {
        let mut out = vec![Vec::new()];
        for p in &self.params {
            out = out
                .into_iter()
                .flat_map(|v| {
                    (p.lo..=p.hi).map(move |x| {
                        let mut v = v.clone();
                        v.push(x);
                        v
                    })
                })
                .collect();
        }
        out
    }

    /// The chamber for `values` (one per param, in range).
    pub fn instantiate(&self, values: &[u32]) -> Result<Chamber> {
        if values.len() != self.params.len()
            || self
                .params
                .iter()
                .zip(values)
                .any(|(p, &v)| v < p.lo || v > p.hi)
        {
            return Err(Error::puzzle(format!(
                "{}: values {values:?} do not fit its params",
                self.name
            )));
        }
        let repeat: Vec<usize> = self
            .ruler
            .iter()
            .map(|&r| {
                self.params
                    .iter()
                    .position(|p| p.letter as u32 == u32::from(r))
                    .map_or(1, |i| values[i] as usize)
            })
            .collect();
        let rows = self
            .rows
            .iter()
            .map(|row| {
                let mut s = String::new();
                for (&b, &n) in row.iter().zip(&repeat) {
                    for _ in 0..n {
                        s.push(char::from(b));
                    }
                }
                s
            })
            .collect();
        let tick = |a: &Amount| u32::try_from(a.eval(values)).unwrap_or(0);
        let plan = self.plan.iter().map(|s| (tick(&s.ticks), s.keys)).collect();
        let gate = self
            .gate
            .as_ref()
            .map(|g| (tick(&g.period), tick(&g.open), tick(&g.phase)));
        Ok(Chamber { rows, plan, gate })
    }
}

/// The template files of generator g1, in library order (the order is part of g1; frozen).
const G1_FILES: &[&str] = &[
    include_str!("../chambers/walk.txt"),
    include_str!("../chambers/hop.txt"),
    include_str!("../chambers/gap.txt"),
    include_str!("../chambers/spikes.txt"),
    include_str!("../chambers/door.txt"),
    include_str!("../chambers/gate.txt"),
    include_str!("../chambers/well.txt"),
    include_str!("../chambers/drop.txt"),
    include_str!("../chambers/stairs.txt"),
    include_str!("../chambers/spikepit.txt"),
    include_str!("../chambers/twogaps.txt"),
    include_str!("../chambers/doorgap.txt"),
    include_str!("../chambers/gatespike.txt"),
    include_str!("../chambers/spikerun.txt"),
    include_str!("../chambers/hopgap.txt"),
    include_str!("../chambers/dropspike.txt"),
    include_str!("../chambers/mesa.txt"),
    include_str!("../chambers/gapspike.txt"),
    include_str!("../chambers/towers.txt"),
    include_str!("../chambers/gatehop.txt"),
    include_str!("../chambers/gategap.txt"),
    include_str!("../chambers/stepgap.txt"),
];

/// The templates generator g2 adds after g1's list (g2's library is g1's files, then these).
const G2_FILES: &[&str] = &[
    include_str!("../chambers/swing.txt"),
    include_str!("../chambers/hang.txt"),
];

/// Newest generator version with a template list (see [`library_for`]).
pub const NEWEST_LIBRARY: u32 = 2;

fn parse_all<'a>(files: impl Iterator<Item = &'a &'a str>) -> Vec<Template> {
    files
        .map(|t| Template::parse(t).expect("chamber templates parse (tested)"))
        .collect()
}

/// The whole template library, every version's files (names are unique across versions; a
/// template is never edited once a version ships it). Used to find a template by name and by the
/// tests that prove every template. Parsed on each call: cheap, and keeps the crate free of globals.
pub fn library() -> Vec<Template> {
    parse_all(G1_FILES.iter().chain(G2_FILES))
}

/// The template list generator version `generator` draws from, in its frozen order: g1 the
/// original 22 files, g2 those and then `G2_FILES`. None for a version without a list.
pub fn library_for(generator: u32) -> Option<Vec<Template>> {
    match generator {
        1 => Some(parse_all(G1_FILES.iter())),
        2 => Some(library()),
        _ => None,
    }
}
