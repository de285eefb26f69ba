//! Every hole of many dailies is winnable by a replayed tape: the generator's stored shot of each
//! hole (the centre of its widest window) is put on a tape and the course is replayed through the
//! simulation `check` uses. 60 dailies here; the 1,000-daily run of the issue is the ignored test
//! (about a minute in release: `cargo test -p dayseed-slingstar --release --test dailies -- --ignored`).

use dayseed_core::seed::daily_seed;
use dayseed_slingstar::Slingstar;
use dayseed_slingstar::generator::g1;
use dayseed_slingstar::params::Params;
use dayseed_slingstar::physics::Aim;
use dayseed_slingstar::solve::tape_for;

fn every_daily_holes_out(days: std::ops::Range<i64>) {
    for day in days {
        let board = g1::generate(daily_seed(day), &Params::Course).expect("daily generates");
        let p = board.puzzle;
        let shots: Vec<Aim> = p.holes.iter().map(|h| h.best.expect("best shot")).collect();
        let tape = tape_for(&p, &shots).expect("tape");
        let r = Slingstar.replay(&p, &tape).expect("replays");
        assert!(r.ending.won, "day {day}: {}", r.ending.reason);
        assert_eq!(r.ending.score.value, 9, "day {day}: one shot per hole");
    }
}

#[test]
fn sixty_dailies_hole_out_by_replay() {
    every_daily_holes_out(20_600..20_660);
}

#[test]
#[ignore = "1,000 dailies: about a minute in release"]
fn a_thousand_dailies_hole_out_by_replay() {
    every_daily_holes_out(20_000..21_000);
}
