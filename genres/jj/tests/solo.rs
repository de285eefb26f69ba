//! SOLO: a human tape for one core replayed against the plan-driven partner.

use dayseed_core::Rng;
use dayseed_jj::arcade::{Event, Tape};
use dayseed_jj::level::generate;
use dayseed_jj::params::Params;
use dayseed_jj::solo::{events_of, replay_solo};

fn level(seed: u64, params: &str) -> dayseed_jj::level::Level {
    generate(&Params::parse(params).unwrap(), &mut Rng::from_seed(seed)).unwrap()
}

#[test]
fn a_human_on_plan_wins_with_the_partner_and_nobody_waits() {
    for seed in 0..10 {
        let l = level(seed, "C8-MEDIUM");
        let plan = l.plan_tape().unwrap().clone();
        for human in 0..2 {
            let mine = events_of(&plan, human);
            let (end, waited) =
                replay_solo(l.world().clone(), &plan, human, &mine, 100_000).unwrap();
            assert!(end.won, "seed {seed} human {human}: {}", end.reason);
            assert_eq!(end.tick, l.plan_ticks, "seed {seed} human {human}");
            assert_eq!(waited, 0);
        }
    }
}

/// A rigid "human" that replays A's plan inputs 0.75 s late (it never adapts, unlike a person):
/// the partner waits for it and the pair still wins. Timed gates keep their own clock, so levels
/// with gates are left out (a late human meets them at another phase; see the module docs).
/// EASY levels all pass; on MEDIUM, where the well's climb and the jumps make the rigid late
/// tape land elsewhere, at least 80% do (measured on seeds 0..200: 123 of the 128 gate-free
/// C4-MEDIUM levels; 35 of 39 on 0..60).
fn late_human_wins(params: &str, seeds: u64) -> (u32, u32) {
    let (mut tried, mut won) = (0, 0);
    for seed in 0..seeds {
        let l = level(seed, params);
        if !l.gates.is_empty() {
            continue;
        }
        tried += 1;
        let plan = l.plan_tape().unwrap().clone();
        let late = Tape {
            events: events_of(&plan, 0)
                .events
                .iter()
                .map(|e| Event {
                    tick: e.tick + 45,
                    action: e.action,
                })
                .collect(),
        };
        let (end, waited) = replay_solo(l.world().clone(), &plan, 0, &late, 100_000).unwrap();
        if end.won {
            won += 1;
            assert!(waited >= 30, "seed {seed}: waited {waited}");
            assert!(end.tick >= l.plan_ticks + 30);
        }
    }
    (tried, won)
}

#[test]
fn the_partner_waits_for_a_late_human() {
    let (tried, won) = late_human_wins("C4-EASY", 40);
    assert!(tried >= 5, "only {tried} EASY levels without gates");
    assert_eq!(won, tried, "EASY");
    let (tried, won) = late_human_wins("C4-MEDIUM", 60);
    assert!(won * 10 >= tried * 8, "MEDIUM: {won}/{tried}");
}

#[test]
fn the_human_cannot_press_the_partners_buttons() {
    let l = level(1, "C2-EASY");
    let plan = l.plan_tape().unwrap().clone();
    let err = replay_solo(l.world().clone(), &plan, 0, &plan, 100_000).unwrap_err();
    assert!(err.message().contains("SOLO partner"), "{}", err.message());
}
