//! The plan builder: grows a level chamber by chamber while running the physics with margins,
//! so every chamber's authored plan is proven from the very state the previous chamber left.
//!
//! Between chambers the builder *aligns* the cores: it walks each one (left or right) until it is
//! within 0.35 cell of its start mark (A at chamber x 2.5, B at 1.0; a walking core brakes to a
//! stop in about that distance), then waits until both rest and 6 ticks more. These walks are
//! computed from the physics and written into the plan as ordinary timed inputs. A timed gate's
//! phase is fixed relative to the tick its chamber's plan starts.

use crate::arcade::{Action, Event, Simulation, Tape};
use crate::physics::{HALF, JjSim, LEFT, RIGHT};
use crate::template::{Chamber, EDGE, FLOOR, ROWS};
use crate::world::{EXIT, Gate, World};
use dayseed_core::Result;

/// Plain floor columns appended after the last chamber while building (they stand for the next
/// chamber's entry, which is plain floor too).
const TAIL: usize = 8;
/// Width of the exit segment after the last chamber; the exit line is 2 columns into it.
pub const EXIT_WIDTH: usize = 8;
const ALIGN_LIMIT: u32 = 600;
const EXIT_LIMIT: u32 = 600;

fn floor_column(top: usize) -> Vec<u8> {
    (0..ROWS)
        .map(|r| if r >= top { b'#' } else { b'.' })
        .collect()
}

/// A level under construction.
#[derive(Debug, Clone)]
pub struct Builder {
    columns: Vec<Vec<u8>>,
    spans: Vec<(usize, usize)>,
    gates: Vec<Gate>,
    sim: JjSim,
    events: Vec<Event>,
    held: [bool; 8],
    /// Record the cores every this many ticks into [`Builder::trace`] (0 = off; authoring aid).
    pub trace_every: u32,
    /// Recorded lines `tick held A(x,y) B(x,y) rope`.
    pub trace: Vec<String>,
}

/// Why a chamber's plan did not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure(pub String);

impl Builder {
    /// An empty level (just a tail of floor) with the cores at their start, built with margins.
    pub fn new() -> Builder {
        Builder::with_margins(true)
    }

    /// As [`Builder::new`], choosing whether the physics runs with the verification margins.
    pub fn with_margins(margins: bool) -> Builder {
        let columns: Vec<Vec<u8>> = (0..TAIL).map(|_| floor_column(FLOOR)).collect();
        let world = world_of(&columns, &[], &[], TAIL - 2).expect("the start floor is valid");
        Builder {
            columns,
            spans: Vec::new(),
            gates: Vec::new(),
            sim: JjSim::new(world, margins),
            events: Vec::new(),
            held: [false; 8],
            trace_every: 0,
            trace: Vec::new(),
        }
    }

    /// The current tick of the building run.
    pub fn tick(&self) -> u32 {
        self.sim.tick()
    }

    /// The simulation (for inspection).
    pub fn sim(&self) -> &JjSim {
        &self.sim
    }

    /// Columns of the level so far (without the building tail).
    pub fn body_width(&self) -> usize {
        self.columns.len() - TAIL
    }

    fn set_held(&mut self, want: [bool; 8]) -> Result<()> {
        for b in 0..8u8 {
            let i = usize::from(b);
            if want[i] != self.held[i] {
                let action = if want[i] {
                    Action::Press(b)
                } else {
                    Action::Release(b)
                };
                self.sim.input(&action)?;
                self.events.push(Event {
                    tick: self.sim.tick(),
                    action,
                });
            }
        }
        self.held = want;
        Ok(())
    }

    fn step(&mut self, what: &str) -> std::result::Result<(), Failure> {
        if self.trace_every > 0 && self.sim.tick().is_multiple_of(self.trace_every) {
            let [a, b] = self.sim.cores();
            let keys: String = (0..8)
                .map(|i| {
                    if self.held[i] {
                        "LRJGLRJG".as_bytes()[i] as char
                    } else {
                        '.'
                    }
                })
                .collect();
            self.trace.push(format!(
                "{:5} {keys} A({:6.2},{:5.2}{}) B({:6.2},{:5.2}{}) {what}",
                self.sim.tick(),
                a.x,
                a.y,
                if a.anchored { "*" } else { " " },
                b.x,
                b.y,
                if b.anchored { "*" } else { " " },
            ));
        }
        self.sim.step();
        match self.sim.ending() {
            Some(e) if !e.won => Err(Failure(format!("{what}: {}", e.reason))),
            _ => Ok(()),
        }
    }

    fn rebuild(&mut self, exit_x: usize) -> Result<()> {
        let world = world_of(&self.columns, &self.spans, &self.gates, exit_x)?;
        self.sim.set_world(world);
        Ok(())
    }

    /// Appends a chamber and runs its plan (after aligning the cores). On failure the builder is
    /// left mid-run; the caller restores a clone taken before.
    pub fn add_chamber(&mut self, chamber: &Chamber) -> std::result::Result<(), Failure> {
        let err = |e: dayseed_core::Error| Failure(e.message().to_string());
        let x0 = self.body_width();
        self.columns.truncate(x0);
        let width = chamber.rows[0].len();
        for c in 0..width {
            self.columns
                .push(chamber.rows.iter().map(|r| r.as_bytes()[c]).collect());
        }
        self.columns.extend((0..TAIL).map(|_| floor_column(FLOOR)));
        self.spans.push((x0, x0 + width));
        let gate_cols: Vec<usize> = (x0..x0 + width)
            .filter(|&c| self.columns[c].contains(&b'G'))
            .collect();
        let exit_x = self.columns.len() - 2;
        self.rebuild(exit_x).map_err(err)?;
        self.align(x0)?;
        if let Some((period, open, phase)) = chamber.gate {
            let (Some(&g0), Some(&g1)) = (gate_cols.first(), gate_cols.last()) else {
                return Err(Failure("a gate schedule without G cells".into()));
            };
            let period = period.max(1);
            self.gates.push(Gate {
                x0: g0,
                x1: g1 + 1,
                period,
                open,
                phase: (self.sim.tick() % period + phase % period) % period,
            });
            self.rebuild(exit_x).map_err(err)?;
        }
        let beyond = (x0 + width + EDGE) as f64 - HALF;
        for (n, &(ticks, keys)) in chamber.plan.iter().enumerate() {
            let mut want = [false; 8];
            want[..4].copy_from_slice(&keys[0]);
            want[4..].copy_from_slice(&keys[1]);
            self.set_held(want).map_err(err)?;
            for _ in 0..ticks {
                self.step(&format!("plan step {}", n + 1))?;
                if let Some(i) = (0..2).find(|&i| self.sim.cores()[i].x > beyond) {
                    return Err(Failure(format!(
                        "plan step {}: core {} went past the next chamber's entry",
                        n + 1,
                        crate::physics::NAMES[i]
                    )));
                }
            }
        }
        let end = (x0 + width - EDGE) as f64;
        for (i, core) in self.sim.cores().iter().enumerate() {
            if core.x < end || !self.sim.grounded(i) {
                return Err(Failure(format!(
                    "after the plan core {} is at ({:.2}, {:.2}), not standing past column {end}",
                    crate::physics::NAMES[i],
                    core.x,
                    core.y
                )));
            }
        }
        Ok(())
    }

    /// Walks each core to its start mark in the chamber at `x0` and waits until both rest.
    fn align(&mut self, x0: usize) -> std::result::Result<(), Failure> {
        let err = |e: dayseed_core::Error| Failure(e.message().to_string());
        let targets = [x0 as f64 + 2.5, x0 as f64 + 1.0];
        let mut want = [false; 8];
        for (i, t) in targets.iter().enumerate() {
            let x = self.sim.cores()[i].x;
            if x < t - 0.35 {
                want[i * 4 + usize::from(RIGHT)] = true;
            } else if x > t + 0.35 {
                want[i * 4 + usize::from(LEFT)] = true;
            }
        }
        self.set_held(want).map_err(err)?;
        let mut settled = 0;
        for _ in 0..ALIGN_LIMIT {
            for (i, t) in targets.iter().enumerate() {
                let x = self.sim.cores()[i].x;
                if (want[i * 4 + usize::from(RIGHT)] && x >= t - 0.35)
                    || (want[i * 4 + usize::from(LEFT)] && x <= t + 0.35)
                {
                    want[i * 4 + usize::from(RIGHT)] = false;
                    want[i * 4 + usize::from(LEFT)] = false;
                }
            }
            self.set_held(want).map_err(err)?;
            let rest = self
                .sim
                .cores()
                .iter()
                .enumerate()
                .all(|(i, c)| c.vx == 0.0 && c.vy == 0.0 && self.sim.grounded(i));
            if !want.iter().any(|&w| w) && rest {
                settled += 1;
                if settled > 6 {
                    return Ok(());
                }
            }
            self.step("walking to the chamber's start")?;
        }
        Err(Failure(
            "the cores did not reach the chamber's start".into(),
        ))
    }

    /// Appends the exit and walks both cores right until they win. Returns the finished world,
    /// the plan and the tick it wins at.
    pub fn finish(mut self) -> std::result::Result<(World, Tape, u32), Failure> {
        let err = |e: dayseed_core::Error| Failure(e.message().to_string());
        let x0 = self.body_width();
        self.columns.truncate(x0);
        for c in 0..EXIT_WIDTH {
            let mut col = floor_column(FLOOR);
            if (2..EXIT_WIDTH - 1).contains(&c) {
                col[FLOOR - 1] = EXIT;
            }
            self.columns.push(col);
        }
        let exit_x = x0 + 2;
        self.rebuild(exit_x).map_err(err)?;
        let mut want = [false; 8];
        want[usize::from(RIGHT)] = true;
        want[4 + usize::from(RIGHT)] = true;
        self.set_held(want).map_err(err)?;
        for _ in 0..EXIT_LIMIT {
            if let Some(e) = self.sim.ending() {
                return Ok((
                    self.sim.world().clone(),
                    Tape {
                        events: self.events,
                    },
                    e.tick,
                ));
            }
            self.step("walking to the exit")?;
        }
        Err(Failure("the cores did not reach the exit".into()))
    }
}

impl Default for Builder {
    fn default() -> Self {
        Self::new()
    }
}

fn world_of(
    columns: &[Vec<u8>],
    spans: &[(usize, usize)],
    gates: &[Gate],
    exit_x: usize,
) -> Result<World> {
    let rows: Vec<String> = (0..ROWS)
        .map(|r| columns.iter().map(|c| char::from(c[r])).collect())
        .collect();
    World::new(&rows, spans.to_vec(), gates.to_vec(), exit_x)
}

/// Where a core stands on the plain floor (its centre's y).
pub const STAND_Y: f64 = FLOOR as f64 - HALF;
