//! The simulated player: the solver of flip, a perfect player slowed to human reaction.
//!
//! It knows the run (it reads the obstacles from the simulation) and plays through the same
//! [`FlipSim`] as everyone else. It holds the wall the next obstacle asks for (a pillar: the wall it
//! is on). When that wall is the other one, it taps [`reaction_ticks`] ticks after the tap became
//! possible, i.e. after the craft's tail cleared the obstacle before it: the obstacle that needs the
//! tap "comes into view" for a player the moment nothing stands between it and the craft. The
//! delay is [`REACTION_SHARE`](crate::rules::REACTION_SHARE) = 60 % of the slack the 1.25 factor
//! leaves (0.084 s, rounded up to 11 ticks); with the factor at 1.0 or below, that slack is gone
//! and the same player crashes (see the tests).

use crate::rules::reaction_ticks;
use crate::sim::{FLIP_BUTTON, FlipSim};
use dayseed_core::arcade::{Action, Ending, Event, Simulation, Tape};

/// What the simulated player did.
#[derive(Debug, Clone)]
pub struct PlayerRun {
    /// Its taps on the tick clock.
    pub tape: Tape,
    /// How the run ended; `None` when it was stopped by the obstacle count.
    pub ending: Option<Ending>,
    /// Obstacles cleared.
    pub cleared: u64,
}

/// Plays `sim` with the g1 reaction delay until the run ends, or until `stop_after` obstacles are
/// cleared when given.
pub fn play(sim: &mut FlipSim, stop_after: Option<u64>) -> PlayerRun {
    play_with_reaction(sim, reaction_ticks(), stop_after)
}

/// [`play`] with another reaction delay in ticks.
pub fn play_with_reaction(sim: &mut FlipSim, reaction: u32, stop_after: Option<u64>) -> PlayerRun {
    let mut events = Vec::new();
    let mut seen = sim.next_obstacle().index;
    let mut possible_since = sim.tick();
    while sim.ending().is_none() && stop_after.is_none_or(|n| sim.cleared() < n) {
        let next = *sim.next_obstacle();
        if next.index != seen {
            seen = next.index;
            possible_since = sim.tick();
        }
        if next
            .req
            .wants_right()
            .is_some_and(|r| r != sim.gravity_right())
            && sim.tick() >= possible_since.saturating_add(reaction)
        {
            let action = Action::Press(FLIP_BUTTON);
            sim.flip();
            events.push(Event {
                tick: sim.tick(),
                action,
            });
        }
        sim.step();
    }
    PlayerRun {
        tape: Tape { events },
        ending: sim.ending(),
        cleared: sim.cleared(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::FLIP_FACTOR;

    #[test]
    fn the_player_survives_with_the_g1_factor() {
        for seed in 0..20u64 {
            let mut sim = FlipSim::with_limits(seed, FLIP_FACTOR, u32::MAX);
            let run = play(&mut sim, Some(1500));
            assert!(run.ending.is_none(), "seed {seed}: {:?}", run.ending);
            assert_eq!(run.cleared, 1500);
        }
    }

    #[test]
    fn the_same_player_crashes_when_the_factor_leaves_no_slack() {
        for factor in [1.0, 0.9] {
            let crashed = (0..20u64)
                .filter(|&seed| {
                    let mut sim = FlipSim::with_limits(seed, factor, u32::MAX);
                    play(&mut sim, Some(1500)).ending.is_some()
                })
                .count();
            assert!(
                crashed >= 10,
                "factor {factor}: only {crashed} of 20 seeds crashed"
            );
        }
    }
}
