//! `dayseed daily`: today's puzzle for this machine's time zone, or any date/zone/policy.

use anyhow::{Context, Result};
use dayseed_core::day::{format_date, parse_date};
use dayseed_core::{DayPolicy, Registry};

use super::{Outcome, strip_solution};
use crate::args::DailyArgs;

pub fn run(registry: &Registry, a: DailyArgs) -> Result<Outcome> {
    let policy: DayPolicy = a.day_policy.parse()?;
    let tz = match &a.tz {
        Some(tz) => tz.clone(),
        None => local_time_zone(),
    };
    let epoch_day = match &a.date {
        Some(date) => parse_date(date)?,
        None => {
            let now = jiff::Timestamp::now().as_millisecond();
            policy.epoch_day(now, Some(&tz))?
        }
    };
    if a.date.is_some() && a.tz.is_some() {
        // A date names the day directly; still reject an unknown zone rather than ignore it.
        dayseed_core::day::offset_millis(&tz, 0)?;
    }
    let id = registry.daily_id(&a.genre, policy, epoch_day, a.difficulty.as_deref())?;
    let genre = registry.get(&a.genre)?;
    let mut record = genre.generate(&id)?;
    let date = format_date(epoch_day)?;
    if a.json {
        let full = record.puzzle.clone();
        strip_solution(registry, &mut record, a.solution)?;
        let mut flat = record.to_flat_json();
        flat["date"] = date.into();
        flat["policy"] = policy.name().into();
        if policy == DayPolicy::DeviceLocalV1 {
            flat["tz"] = tz.into();
        }
        drop(full);
        println!("{flat}");
        return Ok(Outcome::Success);
    }
    let drawing = genre
        .render_text(&record.puzzle, None, a.solution)
        .context("drawing the puzzle")?;
    let zone = match policy {
        DayPolicy::DeviceLocalV1 => format!(" in {tz}"),
        DayPolicy::UtcV1 => " (UTC)".to_string(),
    };
    println!("{}", record.id);
    println!("daily {} for {date}{zone}, policy {}", genre.name(), policy);
    println!();
    println!("{drawing}");
    if let Some(level) = difficulty_of(&record.puzzle) {
        println!("difficulty: {level}");
    }
    println!("digest:     {}", record.digest);
    if let Some(f) = &record.fallback {
        println!("note:       {f}");
    }
    Ok(Outcome::Success)
}

/// The difficulty a genre recorded in its puzzle JSON, if any.
pub fn difficulty_of(puzzle: &serde_json::Value) -> Option<String> {
    let v = puzzle.get("difficulty")?;
    Some(match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    })
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
