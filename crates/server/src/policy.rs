//! The leaderboard policy: per genre and per day, which generator versions may post scores.
//!
//! The day of a score is the id's epoch day for a daily (whatever its day policy), and the
//! server's UTC day at submission for a seeded id. For a (genre, day) the first matching rule of
//! the table decides; when no rule matches, the default is **every version the registry reports
//! as `current` or `supported`** (a retired or unknown version is refused).
//!
//! The table [`RULES`] lives in code so a change is reviewed like any other: to close the g1
//! leaderboard of `sudoku` from day 20700 on, add
//! `Rule { genre: "sudoku", first_day: 20700, last_day: i64::MAX, accept: &[Version(2)],
//! reason: "g1 dailies ended with the g2 release" }`. It is empty today.

use dayseed_core::day::format_date;
use dayseed_core::{DynGenre, PuzzleId, Source, Version, VersionStatus};

/// One rule: for `genre` on epoch days `first_day..=last_day`, only `accept` may post.
#[derive(Debug, Clone)]
pub struct Rule {
    /// The genre's registry name.
    pub genre: &'static str,
    /// First epoch day the rule covers (inclusive).
    pub first_day: i64,
    /// Last epoch day the rule covers (inclusive).
    pub last_day: i64,
    /// The versions accepted on those days.
    pub accept: &'static [Version],
    /// Why, shown to a rejected player.
    pub reason: &'static str,
}

/// The shipped rules (see the module documentation). Empty: the registry's default applies.
pub const RULES: &[Rule] = &[];

/// Decides whether a score for an id may enter the leaderboard.
#[derive(Debug, Clone)]
pub struct LeaderboardPolicy {
    rules: Vec<Rule>,
}

impl Default for LeaderboardPolicy {
    fn default() -> LeaderboardPolicy {
        LeaderboardPolicy {
            rules: RULES.to_vec(),
        }
    }
}

impl LeaderboardPolicy {
    /// A policy with its own rules instead of [`RULES`] (tests, deployments).
    pub fn with_rules(rules: Vec<Rule>) -> LeaderboardPolicy {
        LeaderboardPolicy { rules }
    }

    /// The day a score on `id` counts for, submitted at `now_ms` on the server clock.
    pub fn day_of(id: &PuzzleId, now_ms: i64) -> i64 {
        match id.source {
            Source::Daily { epoch_day, .. } => epoch_day,
            Source::Seed(_) => now_ms.div_euclid(86_400_000),
        }
    }

    /// `Ok` when `id`'s version may post on its day, otherwise why not.
    pub fn check(&self, genre: &dyn DynGenre, id: &PuzzleId, now_ms: i64) -> Result<(), String> {
        let day = Self::day_of(id, now_ms);
        let date = format_date(day).unwrap_or_else(|_| format!("epoch day {day}"));
        if let Some(rule) = self
            .rules
            .iter()
            .find(|r| r.genre == genre.name() && (r.first_day..=r.last_day).contains(&day))
        {
            if rule.accept.contains(&id.version) {
                return Ok(());
            }
            let accepted: Vec<String> = rule.accept.iter().map(|v| v.to_string()).collect();
            return Err(format!(
                "the {} leaderboard for {date} accepts generator versions {} only, not {} ({})",
                genre.name(),
                accepted.join(", "),
                id.version,
                rule.reason
            ));
        }
        let status = genre
            .versions()
            .iter()
            .find(|v| v.version == id.version)
            .map(|v| v.status);
        match status {
            Some(VersionStatus::Current | VersionStatus::Supported) => Ok(()),
            other => {
                let open: Vec<String> = genre
                    .versions()
                    .iter()
                    .filter(|v| v.status != VersionStatus::Retired)
                    .map(|v| v.version.to_string())
                    .collect();
                Err(format!(
                    "{} generator version {} is {}; the {} leaderboard for {date} accepts {}",
                    genre.name(),
                    id.version,
                    if other.is_some() {
                        "retired"
                    } else {
                        "not released"
                    },
                    genre.name(),
                    open.join(", ")
                ))
            }
        }
    }
}
