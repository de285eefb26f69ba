//! `dayseed daily`: today's puzzle for this machine's time zone, or any date/zone/policy.

use anyhow::Result;
use dayseed_core::day::{format_date, parse_date};
use dayseed_core::{DayPolicy, Registry};

use super::{Outcome, print_board, strip_solution};
use crate::args::DailyArgs;
use crate::usage::OrUsage;

pub fn run(registry: &Registry, a: DailyArgs) -> Result<Outcome> {
    let genre = registry.get(&a.genre).or_usage()?;
    let policy: DayPolicy = a.day_policy.parse().or_usage()?;
    let tz = match &a.tz {
        Some(tz) => tz.clone(),
        None => local_time_zone(),
    };
    let epoch_day = match &a.date {
        Some(date) => parse_date(date).or_usage()?,
        None => {
            let now = jiff::Timestamp::now().as_millisecond();
            policy.epoch_day(now, Some(&tz)).or_usage()?
        }
    };
    if a.date.is_some() && a.tz.is_some() {
        // A date names the day directly; still reject an unknown zone rather than ignore it.
        dayseed_core::day::offset_millis(&tz, 0).or_usage()?;
    }
    let id = registry
        .daily_id(&a.genre, policy, epoch_day, a.difficulty.as_deref())
        .or_usage()?;
    let mut record = genre.generate(&id)?;
    let date = format_date(epoch_day)?;
    if a.json {
        strip_solution(registry, &mut record, a.solution)?;
        let mut flat = record.to_flat_json();
        flat["date"] = date.into();
        flat["policy"] = policy.name().into();
        if policy == DayPolicy::DeviceLocalV1 {
            flat["tz"] = tz.into();
        }
        outln!("{flat}");
        return Ok(Outcome::Success);
    }
    let zone = match policy {
        DayPolicy::DeviceLocalV1 => format!(" in {tz}"),
        DayPolicy::UtcV1 => " (UTC)".to_string(),
    };
    let heading = format!("daily {} for {date}{zone}, policy {policy}", genre.name());
    print_board(genre, &record, Some(heading), a.solution)?;
    Ok(Outcome::Success)
}

/// This machine's IANA time zone name, or UTC when it cannot be told.
fn local_time_zone() -> String {
    if let Ok(tz) = std::env::var("TZ") {
        let tz = tz.trim_start_matches(':');
        if !tz.is_empty() && dayseed_core::day::offset_millis(tz, 0).is_ok() {
            return tz.to_string();
        }
    }
    jiff::tz::TimeZone::try_system()
        .ok()
        .and_then(|z| z.iana_name().map(str::to_string))
        .unwrap_or_else(|| "UTC".to_string())
}
