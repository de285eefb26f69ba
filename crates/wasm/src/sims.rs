//! Live arcade simulations for the page: a bounded table of [`Simulation`]s behind handles, and
//! the operations that start, drive, read and free them (`sim_start`, `sim_input`, `sim_step`,
//! `sim_free`). The step function is the genre's own ([`dayseed_core::DynGenre::simulate`]), so a
//! run played here is the run the server replays from its tape.
//!
//! Handles are small numbers that are never reused while the module lives, so a stale handle is
//! an error, never someone else's run. At most [`MAX_SIMS`] simulations live at once (a page needs
//! one or two: the player's and the solver's); `sim_step` advances at most [`MAX_STEPS`] ticks per
//! call, so one call is bounded work.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard};

use dayseed_core::arcade::{Action, Simulation};
use dayseed_core::{Registry, arcade};
use serde_json::{Map, Value, json};

use crate::api::{Failure, Result, bad_request, field, genre, to_value};

/// Most simulations alive at once.
pub const MAX_SIMS: usize = 8;
/// Most ticks one `sim_step` call advances.
pub const MAX_STEPS: u32 = 10_000;

/// Live simulations by handle.
pub struct SimTable {
    live: BTreeMap<u32, Box<dyn Simulation>>,
    next: u32,
}

impl SimTable {
    /// An empty table.
    pub const fn new() -> SimTable {
        SimTable {
            live: BTreeMap::new(),
            next: 1,
        }
    }

    /// Keeps `sim` and returns its handle; an error when [`MAX_SIMS`] are already alive or the
    /// handles are used up.
    pub fn insert(&mut self, sim: Box<dyn Simulation>) -> Result<u32> {
        if self.live.len() >= MAX_SIMS {
            return Err(bad_request(format!(
                "{MAX_SIMS} simulations are already running; free one with sim_free first"
            )));
        }
        let handle = self.next;
        self.next = self
            .next
            .checked_add(1)
            .ok_or_else(|| bad_request("no simulation handles are left; reload the engine"))?;
        self.live.insert(handle, sim);
        Ok(handle)
    }

    /// The simulation behind `handle`.
    pub fn get(&mut self, handle: u32) -> Result<&mut dyn Simulation> {
        match self.live.get_mut(&handle) {
            Some(sim) => Ok(sim.as_mut()),
            None => Err(unknown(handle)),
        }
    }

    /// Drops the simulation behind `handle`.
    pub fn remove(&mut self, handle: u32) -> Result<()> {
        self.live
            .remove(&handle)
            .map(drop)
            .ok_or_else(|| unknown(handle))
    }

    /// How many simulations are alive.
    pub fn len(&self) -> usize {
        self.live.len()
    }

    /// Whether none is alive.
    pub fn is_empty(&self) -> bool {
        self.live.is_empty()
    }
}

impl Default for SimTable {
    fn default() -> SimTable {
        SimTable::new()
    }
}

fn unknown(handle: u32) -> Failure {
    bad_request(format!(
        "no simulation has handle {handle} (never started, or already freed)"
    ))
}

/// The module's one table (wasm runs single-threaded; the lock only satisfies `static`).
static TABLE: Mutex<SimTable> = Mutex::new(SimTable::new());

fn table() -> MutexGuard<'static, SimTable> {
    // A panic elsewhere cannot leave the table half-updated: every update is one map call.
    TABLE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn handle(req: &Map<String, Value>) -> Result<u32> {
    field(req, "handle")?
        .as_u64()
        .and_then(|h| u32::try_from(h).ok())
        .ok_or_else(|| bad_request("field 'handle' must be a simulation handle (a whole number)"))
}

/// What `sim_step` answers: the clock, the view to draw, the ending once there is one, and
/// whether the game waits for input.
pub fn status(sim: &dyn Simulation) -> Result<Value> {
    Ok(json!({
        "tick": sim.tick(),
        "ticks_per_second": sim.ticks_per_second(),
        "view": sim.view(),
        "ending": to_value(&sim.ending())?,
        "awaiting": sim.awaiting_input(),
    }))
}

/// Parses the Tape's action JSON: `{"press":b}`, `{"release":b}` or `{"aim":{"x","y","power"}}`.
pub fn parse_action(value: &Value) -> Result<Action> {
    let action: Action = serde_json::from_value(value.clone()).map_err(|e| {
        bad_request(format!(
            "field 'action' must be {{\"press\":b}}, {{\"release\":b}} or \
             {{\"aim\":{{\"x\",\"y\",\"power\"}}}}: {e}"
        ))
    })?;
    // The tape's own checks (buttons 0..=35), so every input can be written to a tape.
    arcade::Tape::from_events(vec![arcade::Event { tick: 0, action }])?;
    Ok(action)
}

/// `{"genre","puzzle"}` -> a handle for a new live simulation of the board.
pub fn sim_start(registry: &Registry, req: &Map<String, Value>) -> Result<Value> {
    let sim = genre(registry, req)?.simulate(field(req, "puzzle")?)?;
    Ok(Value::from(table().insert(sim)?))
}

/// `{"handle","action"}` -> `{"tick"}`: applies the input at the current tick (the tick a tape
/// records it at). Refused once the run has ended.
pub fn sim_input(_registry: &Registry, req: &Map<String, Value>) -> Result<Value> {
    let action = parse_action(field(req, "action")?)?;
    let mut table = table();
    let sim = table.get(handle(req)?)?;
    if let Some(ending) = sim.ending() {
        return Err(bad_request(format!(
            "the run ended at tick {} ({}); start a new simulation",
            ending.tick, ending.reason
        )));
    }
    sim.input(&action)?;
    Ok(json!({ "tick": sim.tick() }))
}

/// `{"handle","n"}` -> status after advancing up to `n` ticks (0..=[`MAX_STEPS`]); stops early
/// at the ending. `n` = 0 reads the status without stepping.
pub fn sim_step(_registry: &Registry, req: &Map<String, Value>) -> Result<Value> {
    let n = field(req, "n")?
        .as_u64()
        .filter(|n| *n <= u64::from(MAX_STEPS))
        .ok_or_else(|| {
            bad_request(format!(
                "field 'n' must be a whole number from 0 to {MAX_STEPS}"
            ))
        })?;
    let mut table = table();
    let sim = table.get(handle(req)?)?;
    for _ in 0..n {
        if sim.ending().is_some() {
            break;
        }
        sim.step();
    }
    status(sim)
}

/// `{"handle"}` -> `null`: frees the simulation.
pub fn sim_free(_registry: &Registry, req: &Map<String, Value>) -> Result<Value> {
    table().remove(handle(req)?)?;
    Ok(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dayseed_core::arcade::{Ending, Score, StateHasher};

    /// A counter that ends after 3 ticks once button 0 is pressed.
    struct Toy {
        tick: u32,
        pressed_at: Option<u32>,
    }

    impl Simulation for Toy {
        fn tick(&self) -> u32 {
            self.tick
        }
        fn ticks_per_second(&self) -> u32 {
            60
        }
        fn input(&mut self, action: &Action) -> dayseed_core::Result<()> {
            match action {
                Action::Press(0) => {
                    self.pressed_at = Some(self.tick);
                    Ok(())
                }
                other => Err(dayseed_core::Error::state(format!("toy has no {other:?}"))),
            }
        }
        fn step(&mut self) {
            self.tick += 1;
        }
        fn ending(&self) -> Option<Ending> {
            let at = self.pressed_at?;
            (self.tick >= at + 3).then(|| Ending {
                won: true,
                tick: self.tick,
                score: Score {
                    value: i64::from(at),
                    unit: "ticks".into(),
                    higher_is_better: false,
                },
                reason: "done".into(),
            })
        }
        fn awaiting_input(&self) -> bool {
            self.pressed_at.is_none()
        }
        fn hash(&self, h: &mut StateHasher) {
            h.write_u32(self.tick);
        }
        fn view(&self) -> Value {
            json!({ "t": self.tick })
        }
    }

    fn toy() -> Box<dyn Simulation> {
        Box::new(Toy {
            tick: 0,
            pressed_at: None,
        })
    }

    #[test]
    fn the_table_is_bounded_and_never_reuses_handles() {
        let mut t = SimTable::new();
        let handles: Vec<u32> = (0..MAX_SIMS).map(|_| t.insert(toy()).unwrap()).collect();
        let full = t.insert(toy()).err().unwrap();
        assert!(full.message.contains("already running"), "{}", full.message);
        t.remove(handles[0]).unwrap();
        let again = t.insert(toy()).unwrap();
        assert!(!handles.contains(&again));
        assert!(t.get(handles[0]).err().unwrap().message.contains("handle"));
        assert!(t.remove(handles[0]).is_err());
        assert_eq!(t.len(), MAX_SIMS);
    }

    #[test]
    fn status_reports_clock_view_and_ending() {
        let mut sim = toy();
        assert_eq!(status(sim.as_ref()).unwrap()["awaiting"], true);
        sim.input(&Action::Press(0)).unwrap();
        for _ in 0..3 {
            sim.step();
        }
        let s = status(sim.as_ref()).unwrap();
        assert_eq!(s["tick"], 3);
        assert_eq!(s["ticks_per_second"], 60);
        assert_eq!(s["view"]["t"], 3);
        assert_eq!(s["ending"]["won"], true);
        assert_eq!(s["ending"]["score"]["unit"], "ticks");
    }

    #[test]
    fn actions_parse_in_the_tape_form_and_bad_ones_are_named() {
        assert_eq!(
            parse_action(&json!({"press": 2})).unwrap(),
            Action::Press(2)
        );
        assert_eq!(
            parse_action(&json!({"aim": {"x": -3, "y": 4, "power": 9}})).unwrap(),
            Action::Aim {
                x: -3,
                y: 4,
                power: 9
            }
        );
        for bad in [
            json!({"press": 36}),
            json!({"jump": 1}),
            json!({"aim": {"x": 1.5, "y": 0, "power": 1}}),
            json!("P0"),
        ] {
            assert!(parse_action(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn exports_refuse_unknown_handles_and_bad_step_counts() {
        let registry = dayseed_catalog::registry();
        let req = |v: Value| v.as_object().unwrap().clone();
        let e = sim_step(&registry, &req(json!({"handle": 4_000_000_000u32, "n": 1}))).unwrap_err();
        assert!(
            e.message.contains("no simulation has handle"),
            "{}",
            e.message
        );
        let e = sim_step(&registry, &req(json!({"handle": 1, "n": MAX_STEPS + 1}))).unwrap_err();
        assert!(e.message.contains("'n'"), "{}", e.message);
        let e = sim_free(&registry, &req(json!({"handle": -1}))).unwrap_err();
        assert!(e.message.contains("'handle'"), "{}", e.message);
        let e = sim_input(
            &registry,
            &req(json!({"handle": 1, "action": {"press": 99}})),
        )
        .unwrap_err();
        assert!(e.message.contains("button"), "{}", e.message);
        let e = sim_start(&registry, &req(json!({"genre": "sudoku", "puzzle": {}}))).unwrap_err();
        assert_ne!(e.code, "bad_request");
    }
}
