//! The constants of generator version g1, written down once. Everything that can move a run (an
//! obstacle, a tick of the physics, the reaction margin of the simulated player) is here; a change
//! to any value is a new generator version beside g1, never an edit.
//!
//! Geometry (metres; `x` runs forward along the tunnel, `y` across it, the left wall at `y = 0`):
//!
//! | constant | g1 | meaning |
//! |---|---|---|
//! | [`TICKS_PER_SECOND`] | 120 | the fixed tick clock of the step function |
//! | [`TUNNEL_WIDTH`] | 4.0 | wall to wall |
//! | [`CRAFT_HALF_WIDTH`] / [`CRAFT_HALF_LENGTH`] | 0.3 / 0.4 | the craft's hit box (axis-aligned) |
//! | [`GRAVITY`] | 21.7 m/s² | lateral gravity toward the wall gravity points at |
//! | [`cross_time`] | `sqrt(2 * 3.4 / 21.7)` = 0.5598 s | wall-to-wall crossing from rest (3.4 m = the craft centre's travel) |
//! | [`SPEED_START`], [`SPEED_MAX`], [`SPEED_HALF_DISTANCE`] | 8, 20 m/s, 2000 m | `speed(d) = 8 + 12 * d / (d + 2000)` |
//! | [`GAP_TIME_MIN`] + k * [`GAP_TIME_STEP`], k < [`GAP_TIME_STEPS`] | 0.2 .. 1.4 s | a gap, as time at the current speed |
//! | [`BLOCK_LENGTHS`] / [`PILLAR_LENGTHS`] | 1.5, 3, 6 / 1, 2 m | obstacle lengths |
//! | requirement mix | left 2/5, right 2/5, either 1/5 | see [`crate::generate`] |
//! | [`FLIP_FACTOR`] | 1.25 | the human's reaction share of the crossing distance |
//! | [`RUN_START`] | 24 m | the free run before the first obstacle |
//! | [`MAX_RUN_SECONDS`] | 1800 s | the longest run a tape may describe (30 minutes) |
//!
//! Obstacles: a **block** hangs on one wall and reaches across to within
//! [`BLOCK_CLEARANCE`] + the craft's width of the other wall, so it requires the craft on the far
//! side; a **pillar** stands in the middle ([`PILLAR_HALF_WIDTH`] either side of the centre line),
//! so it requires the craft on a wall, either one (not crossing).

/// Ticks per second of the fixed clock.
pub const TICKS_PER_SECOND: u32 = 120;
/// One tick in seconds.
pub const DT: f64 = 1.0 / 120.0;
/// Wall to wall, metres.
pub const TUNNEL_WIDTH: f64 = 4.0;
/// Half the craft's extent across the tunnel.
pub const CRAFT_HALF_WIDTH: f64 = 0.3;
/// Half the craft's extent along the tunnel.
pub const CRAFT_HALF_LENGTH: f64 = 0.4;
/// Lateral gravity, m/s².
pub const GRAVITY: f64 = 21.7;
/// How far short of the craft (resting on the far wall) a block ends.
pub const BLOCK_CLEARANCE: f64 = 0.1;
/// Half the width of a pillar across the tunnel.
pub const PILLAR_HALF_WIDTH: f64 = 0.8;
/// Forward speed at distance 0, m/s.
pub const SPEED_START: f64 = 8.0;
/// The speed the curve approaches, m/s.
pub const SPEED_MAX: f64 = 20.0;
/// The distance at which the speed is halfway from start to max.
pub const SPEED_HALF_DISTANCE: f64 = 2000.0;
/// The shortest gap, in seconds at the current speed.
pub const GAP_TIME_MIN: f64 = 0.2;
/// Gap granularity, seconds.
pub const GAP_TIME_STEP: f64 = 0.001;
/// Number of gap values (0.2 s to 1.4 s inclusive).
pub const GAP_TIME_STEPS: u64 = 1201;
/// Block lengths along the tunnel, metres.
pub const BLOCK_LENGTHS: [f64; 3] = [1.5, 3.0, 6.0];
/// Pillar lengths along the tunnel, metres.
pub const PILLAR_LENGTHS: [f64; 2] = [1.0, 2.0];
/// The gap rule's margin: a change of side needs `speed * cross_time * 1.25` of gap.
pub const FLIP_FACTOR: f64 = 1.25;
/// The end of the "previous obstacle" before the first one: the craft starts at 0 on the left
/// wall and flies this far freely.
pub const RUN_START: f64 = 24.0;
/// The longest run, seconds: the simulation ends a run that survives this long.
pub const MAX_RUN_SECONDS: u32 = 1800;
/// The longest run in ticks (216,000).
pub const MAX_TICKS: u32 = MAX_RUN_SECONDS * TICKS_PER_SECOND;
/// The simulated player taps this share of the slack the 1.25 factor leaves
/// (`(FLIP_FACTOR - 1) * cross_time`) after the tap becomes possible.
pub const REACTION_SHARE: f64 = 0.6;

/// The craft centre's travel from wall to wall.
pub fn travel() -> f64 {
    TUNNEL_WIDTH - 2.0 * CRAFT_HALF_WIDTH
}

/// Wall-to-wall crossing time from rest: `sqrt(2 * travel / GRAVITY)` (0.5598 s).
pub fn cross_time() -> f64 {
    (2.0 * travel() / GRAVITY).sqrt()
}

/// Forward speed at distance `d`: `SPEED_START + (SPEED_MAX - SPEED_START) * d / (d + HALF)`.
pub fn speed_at(d: f64) -> f64 {
    let d = d.max(0.0);
    SPEED_START + (SPEED_MAX - SPEED_START) * d / (d + SPEED_HALF_DISTANCE)
}

/// The simulated player's reaction delay in seconds: [`REACTION_SHARE`] of the slack
/// `(FLIP_FACTOR - 1) * cross_time()` (0.084 s).
pub fn reaction_seconds() -> f64 {
    REACTION_SHARE * (FLIP_FACTOR - 1.0) * cross_time()
}

/// The reaction delay in whole ticks, rounded up (11 ticks = 0.092 s).
pub fn reaction_ticks() -> u32 {
    let wanted = reaction_seconds() * f64::from(TICKS_PER_SECOND);
    let mut n = 0u32;
    while f64::from(n) < wanted {
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crossing_time_is_about_0_56_seconds() {
        let t = cross_time();
        assert!((0.555..0.565).contains(&t), "{t}");
    }

    #[test]
    fn speed_curve_starts_slow_and_approaches_max() {
        assert_eq!(speed_at(0.0), SPEED_START);
        assert_eq!(speed_at(SPEED_HALF_DISTANCE), 14.0);
        assert!(speed_at(1.0e9) < SPEED_MAX);
        assert!(speed_at(10.0) < speed_at(11.0));
    }

    #[test]
    fn reaction_fits_inside_the_slack() {
        let slack = (FLIP_FACTOR - 1.0) * cross_time();
        assert!(reaction_seconds() < slack);
        assert_eq!(reaction_ticks(), 11);
        assert!(f64::from(reaction_ticks()) * DT < slack);
    }
}
