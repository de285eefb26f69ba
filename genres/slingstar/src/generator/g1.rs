//! Generator g1: the original game's (1.1.2) acceptance rules on our seeds, sealed: the
//! registry reaches it only through [`super::GENERATORS`], which supplies the seed and
//! re-validates the course.
//!
//! * Seeds: a course seed is the id's seed (`SEED-<n>`) or `daily_seed(epoch_day)` for a daily
//!   (the original hashed `slingstar-daily-YYYY-MM-DD`; ours derives from policy + epoch day like
//!   every genre, so a day's course is the same for everyone under the same policy). Hole `k` uses
//!   its own stream `Rng::from_seed(mix64(course_seed ^ mix64(k)))`, so `H<k>` is hole `k` of `C9`.
//! * Candidate layout on the hole's stream: tee x 1.0..=2.5, y 1.0..=8.0; black hole x 12.5..=15.0,
//!   y 1.0..=8.0; `2 + (k-1)/2` planets (2 on hole 1 up to 6 on hole 9), radius 0.5..=1.1 units,
//!   strength `gm = density * r^2` with density 20..=40 units/s^2. From hole 2 the first planet is
//!   a blocker: centred 30-70% along the tee-to-hole segment, offset sideways by at most 0.6 r (so
//!   it blocks the straight line). Other planets: centre x 3.0..=13.0, y 0.5..=8.5, keeping 0.8 units
//!   plus radius from tee and hole and 0.4 units between planets; up to 40 draws each, a planet
//!   that finds no place is left out.
//! * Verification: the 384 shots of [`crate::verify`]. Hole 1 needs >= 3 successes; from hole 2: >=
//!   1 success, the straight segment blocked by a planet, no success within +-15 degrees of the
//!   tee-to-hole direction. Par from the success count. A candidate whose straight line is open is
//!   refused from hole 2 before any shot is simulated (the rules are a conjunction, so the order
//!   of the tests changes nothing); it is surveyed only if the fallback needs it.
//! * Up to [`CANDIDATES`] candidates; if none passes, the first of them with a successful shot is
//!   shipped and the record says so (`fallback`). If none of the 80 has a success, the stream goes
//!   on up to [`EXTENDED_CANDIDATES`] candidates and ships the first with a success; if even that
//!   fails, an easier layout (no planets, tee (2, 4.5), hole (14, 4.5): the straight shot along a
//!   table direction) is surveyed and shipped, reported; a hole with zero successes is never shipped
//!   (an error instead).

use dayseed_core::rng::mix64;
use dayseed_core::{Error, ErrorKind, Generated, Result, Rng};

use crate::params::Params;
use crate::puzzle::{HoleRecord, PHYSICS, Puzzle};

use crate::arcade::Vec2;
use crate::physics::{Layout, Planet, World, units};
use crate::verify::{self, Grid, Margins, Survey};

/// Candidates per hole under the original rules.
pub const CANDIDATES: u32 = 80;
/// The bound for the search for any winnable candidate after the 80.
pub const EXTENDED_CANDIDATES: u32 = 400;
/// Draws per planet before it is left out.
const PLACEMENT_TRIES: u32 = 40;

/// A generated, verified hole.
#[derive(Debug, Clone)]
pub struct Hole {
    /// 1-based hole number in the course.
    pub number: u32,
    /// The layout.
    pub layout: Layout,
    /// Successful verification shots (of 384).
    pub successes: u32,
    /// Par from the success count.
    pub par: u32,
    /// Robust successes, widest window and the solver's shot.
    pub margins: Margins,
    /// Candidates drawn on the hole's stream.
    pub candidates: u32,
    /// Set when the hole did not meet every rule; says what was shipped.
    pub fallback: Option<String>,
}

/// The seed of hole `number` of the course seeded by `seed`.
pub fn hole_seed(seed: u64, number: u32) -> u64 {
    mix64(seed ^ mix64(u64::from(number)))
}

fn in_range(rng: &mut Rng, lo: i32, hi: i32) -> i32 {
    lo + rng.below((hi - lo + 1) as u64) as i32
}

fn dist_sq(a: [i32; 2], b: [i32; 2]) -> i64 {
    let (dx, dy) = (i64::from(a[0] - b[0]), i64::from(a[1] - b[1]));
    dx * dx + dy * dy
}

fn planet_at(rng: &mut Rng, centre: [i32; 2], r: i32) -> Planet {
    let density = in_range(rng, 20, 40);
    Planet {
        x: centre[0],
        y: centre[1],
        r,
        gm: (i64::from(r) * i64::from(r) * i64::from(density) / 1000) as i32,
    }
}

fn fits(layout: &Layout, c: [i32; 2], r: i32) -> bool {
    let clear = |p: [i32; 2], gap: i32| dist_sq(c, p) > i64::from(r + gap).pow(2);
    clear(layout.tee, 800)
        && clear(layout.cup, 800)
        && layout
            .planets
            .iter()
            .all(|q| dist_sq(c, [q.x, q.y]) > i64::from(r + q.r + 400).pow(2))
}

/// One candidate layout for hole `number`, drawn from `rng`.
pub fn candidate(number: u32, rng: &mut Rng) -> Layout {
    let tee = [in_range(rng, 1000, 2500), in_range(rng, 1000, 8000)];
    let cup = [in_range(rng, 12_500, 15_000), in_range(rng, 1000, 8000)];
    let mut layout = Layout {
        tee,
        cup,
        planets: Vec::new(),
    };
    let count = 2 + (number.max(1) - 1) / 2;
    let mut first = 0;
    if number >= 2 {
        let r = in_range(rng, 500, 1100);
        let t = f64::from(in_range(rng, 300, 700)) / 1000.0;
        let offset = f64::from(in_range(rng, -(r * 6 / 10), r * 6 / 10)) / 1000.0;
        let (a, b) = (units(tee), units(cup));
        let side = (b - a).normalized().map_or(Vec2::ZERO, Vec2::perp);
        let c = a + (b - a) * t + side * offset;
        let centre = [(c.x * 1000.0).round() as i32, (c.y * 1000.0).round() as i32];
        let p = planet_at(rng, centre, r);
        layout.planets.push(p);
        first = 1;
    }
    for _ in first..count {
        for _ in 0..PLACEMENT_TRIES {
            let r = in_range(rng, 500, 1100);
            let c = [in_range(rng, 3000, 13_000), in_range(rng, 500, 8500)];
            if fits(&layout, c, r) {
                let p = planet_at(rng, c, r);
                layout.planets.push(p);
                break;
            }
        }
    }
    layout
}

fn ship(
    number: u32,
    layout: Layout,
    survey: &Survey,
    grid: &Grid,
    candidates: u32,
    fallback: Option<String>,
) -> Result<Hole> {
    let world = World::new(&layout);
    let margins = verify::margins(&world, grid, &survey.successes).ok_or_else(|| {
        Error::new(
            ErrorKind::GenerationFailed,
            format!("hole {number}: a shipped layout has no successful shot"),
        )
    })?;
    Ok(Hole {
        number,
        layout,
        successes: survey.successes.len() as u32,
        par: verify::par(survey.successes.len()),
        margins,
        candidates,
        fallback,
    })
}

/// Generates and verifies hole `number` of the course seeded by `seed`.
pub fn hole(seed: u64, number: u32, grid: &Grid) -> Result<Hole> {
    let mut rng = Rng::from_seed(hole_seed(seed, number));
    let mut drawn: Vec<(Layout, Option<Survey>)> = Vec::new();
    for attempt in 1..=CANDIDATES {
        let layout = candidate(number, &mut rng);
        let blocked = verify::straight_blocked(&layout);
        if number >= 2 && !blocked {
            drawn.push((layout, None));
            continue;
        }
        let survey = verify::survey(&World::new(&layout), grid, number >= 2);
        if verify::accepted(number, blocked, &survey) {
            return ship(number, layout, &survey, grid, attempt, None);
        }
        drawn.push((layout, Some(survey)));
    }
    for (i, (layout, known)) in drawn.into_iter().enumerate() {
        let has_success = known.as_ref().map(|s| !s.successes.is_empty());
        let survey = match (has_success, known) {
            (Some(false), _) => continue,
            (Some(true), Some(s)) if s.complete => s,
            _ => verify::survey(&World::new(&layout), grid, false),
        };
        if !survey.successes.is_empty() {
            let note = format!(
                "hole {number}: none of {CANDIDATES} candidates met every rule; shipped candidate {}, \
                 the first with a successful shot",
                i + 1
            );
            return ship(number, layout, &survey, grid, CANDIDATES, Some(note));
        }
    }
    for attempt in CANDIDATES + 1..=EXTENDED_CANDIDATES {
        let layout = candidate(number, &mut rng);
        let survey = verify::survey(&World::new(&layout), grid, false);
        if !survey.successes.is_empty() {
            let note = format!(
                "hole {number}: none of {CANDIDATES} candidates had a successful shot; shipped \
                 candidate {attempt} of the same stream, the first with one"
            );
            return ship(number, layout, &survey, grid, attempt, Some(note));
        }
    }
    let easy = Layout {
        tee: [2000, 4500],
        cup: [14_000, 4500],
        planets: Vec::new(),
    };
    let survey = verify::survey(&World::new(&easy), grid, false);
    let note = format!(
        "hole {number}: none of {EXTENDED_CANDIDATES} candidates had a successful shot; shipped the \
         easier layout without planets"
    );
    ship(number, easy, &survey, grid, EXTENDED_CANDIDATES, Some(note))
}

/// The g1 course for `seed` and `params`: each hole of the course by [`hole`], recorded.
pub fn generate(seed: u64, params: &Params) -> Result<Generated<Puzzle>> {
    let grid = Grid::new();
    let mut holes = Vec::new();
    let mut attempts = 0;
    let mut notes = Vec::new();
    for number in params.holes() {
        let hole = hole(seed, number, &grid)?;
        attempts += hole.candidates;
        if let Some(f) = &hole.fallback {
            notes.push(f.clone());
        }
        holes.push(record(hole));
    }
    let puzzle = Puzzle {
        physics: PHYSICS.into(),
        course: params.format(),
        par: holes.iter().map(|h| h.par).sum(),
        holes,
    };
    Ok(Generated {
        puzzle,
        attempts,
        fallback: (!notes.is_empty()).then(|| notes.join("; ")),
    })
}

fn record(h: Hole) -> HoleRecord {
    HoleRecord {
        par: Some(h.par),
        successes: Some(h.successes),
        robust: Some(h.margins.robust),
        window: Some(h.margins.window),
        best: Some(h.margins.best),
        candidates: Some(h.candidates),
        fallback: h.fallback,
        ..HoleRecord::bare(h.number, h.layout)
    }
}
