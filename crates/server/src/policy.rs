//! The leaderboard policy: per genre and per day, which generator versions may post scores.
//!
//! The day of a score is the id's epoch day for a daily (whatever its day policy), and the
//! server's UTC day at submission for a seeded id. For a (genre, day) the first matching rule of
//! the table decides; when no rule matches, the default is **every version the registry reports
//! as `current` or `supported`** (a retired or unknown version is refused).
//!
//! A daily also has a window: sessions and scores are taken from the moment its day begins
//! anywhere on Earth (00:00 at UTC+14) until [`DAILY_GRACE_DAYS`] days after it has ended
//! everywhere (24:00 at UTC-12). Tomorrow's board is refused until it is tomorrow somewhere; an
//! old daily keeps its leaderboard as it was. Seeded ids have no window.
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

/// How many days after a daily has ended everywhere its leaderboard still takes scores.
pub const DAILY_GRACE_DAYS: i64 = 2;

const DAY_MS: i64 = 86_400_000;
const HOUR_MS: i64 = 3_600_000;

/// Decides whether a score for an id may enter the leaderboard.
#[derive(Debug, Clone)]
pub struct LeaderboardPolicy {
    rules: Vec<Rule>,
    grace_days: i64,
}

impl Default for LeaderboardPolicy {
    fn default() -> LeaderboardPolicy {
        LeaderboardPolicy {
            rules: RULES.to_vec(),
            grace_days: DAILY_GRACE_DAYS,
        }
    }
}

impl LeaderboardPolicy {
    /// A policy with its own rules instead of [`RULES`] (tests, deployments).
    pub fn with_rules(rules: Vec<Rule>) -> LeaderboardPolicy {
        LeaderboardPolicy {
            rules,
            grace_days: DAILY_GRACE_DAYS,
        }
    }

    /// The same policy with another grace period for dailies (days after the day ended
    /// everywhere).
    pub fn with_grace_days(mut self, days: i64) -> LeaderboardPolicy {
        self.grace_days = days.max(0);
        self
    }

    /// `Ok` when a daily's window is open at `now_ms` (always for seeded ids), otherwise why not.
    pub fn check_window(&self, id: &PuzzleId, now_ms: i64) -> Result<(), String> {
        let Source::Daily { epoch_day, .. } = id.source else {
            return Ok(());
        };
        let date = format_date(epoch_day).unwrap_or_else(|_| format!("epoch day {epoch_day}"));
        let opens = epoch_day
            .saturating_mul(DAY_MS)
            .saturating_sub(14 * HOUR_MS);
        let closes = epoch_day
            .saturating_add(1 + self.grace_days)
            .saturating_mul(DAY_MS)
            .saturating_add(12 * HOUR_MS);
        if now_ms < opens {
            return Err(format!(
                "the daily for {date} has not begun anywhere yet (it opens at {date} 00:00 \
                 UTC+14)"
            ));
        }
        if now_ms >= closes {
            return Err(format!(
                "the daily for {date} closed {} days after it ended everywhere (UTC-12); its \
                 leaderboard is final",
                self.grace_days
            ));
        }
        Ok(())
    }

    /// The day a score on `id` counts for, submitted at `now_ms` on the server clock.
    pub fn day_of(id: &PuzzleId, now_ms: i64) -> i64 {
        match id.source {
            Source::Daily { epoch_day, .. } => epoch_day,
            Source::Seed(_) => now_ms.div_euclid(86_400_000),
        }
    }

    /// `Ok` when `id`'s version may post on its day and its window is open, otherwise why not.
    pub fn check(&self, genre: &dyn DynGenre, id: &PuzzleId, now_ms: i64) -> Result<(), String> {
        self.check_window(id, now_ms)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn daily_window_opens_at_utc_plus_14_and_closes_after_the_grace() {
        let policy = LeaderboardPolicy::default();
        let id: PuzzleId = "toy:DAILY-utc-v1-20671-S4-g3".parse().unwrap();
        let day = 20671 * DAY_MS;
        assert!(policy.check_window(&id, day - 14 * HOUR_MS - 1).is_err());
        assert!(policy.check_window(&id, day - 14 * HOUR_MS).is_ok());
        let closes = (20671 + 1 + DAILY_GRACE_DAYS) * DAY_MS + 12 * HOUR_MS;
        assert!(policy.check_window(&id, closes - 1).is_ok());
        let err = policy.check_window(&id, closes).unwrap_err();
        assert!(err.contains("2026-08-06"), "{err}");
        let far: PuzzleId = "toy:DAILY-utc-v1-2932896-S4-g3".parse().unwrap();
        assert!(
            policy
                .check_window(&far, day)
                .unwrap_err()
                .contains("not begun")
        );
        let seed: PuzzleId = "toy:SEED-1-S4-g3".parse().unwrap();
        assert!(policy.check_window(&seed, i64::MAX).is_ok());
    }
}
