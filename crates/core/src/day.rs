//! Day policies: how an instant becomes the epoch day that names a daily puzzle.
//!
//! A policy name, once released, never changes meaning.
//! * `device-local-v1`: `floor((utc_millis + offset_at_instant) / 86_400_000)`, where the offset is
//!   local time minus UTC at that instant in the given IANA time zone (DST-aware), from the tz
//!   database bundled into the build (so every device agrees, whatever its own tz files say).
//! * `utc-v1`: `floor(utc_millis / 86_400_000)`, the UTC date.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, ErrorKind, Result};

const MILLIS_PER_DAY: i64 = 86_400_000;

/// The furthest epoch day accepted anywhere (about year 275,000 either way stays clear of overflow).
pub const MAX_ABS_EPOCH_DAY: i64 = 100_000_000;

/// A released rule for turning an instant into a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DayPolicy {
    /// The day in the player's time zone at that instant.
    DeviceLocalV1,
    /// The UTC day.
    UtcV1,
}

impl DayPolicy {
    /// Every released policy, in the order they are listed in errors.
    pub const ALL: [DayPolicy; 2] = [DayPolicy::DeviceLocalV1, DayPolicy::UtcV1];

    /// The policy's name as it appears in ids.
    pub fn name(self) -> &'static str {
        match self {
            DayPolicy::DeviceLocalV1 => "device-local-v1",
            DayPolicy::UtcV1 => "utc-v1",
        }
    }

    /// The epoch day of the instant `utc_millis` under this policy. `tz` (an IANA name such as
    /// `Asia/Seoul`) is required by `device-local-v1` and ignored by `utc-v1`.
    pub fn epoch_day(self, utc_millis: i64, tz: Option<&str>) -> Result<i64> {
        match self {
            DayPolicy::UtcV1 => Ok(utc_millis.div_euclid(MILLIS_PER_DAY)),
            DayPolicy::DeviceLocalV1 => {
                let tz = tz.ok_or_else(|| {
                    Error::new(
                        ErrorKind::InvalidDay,
                        "day policy device-local-v1 needs a time zone (e.g. Asia/Seoul)",
                    )
                })?;
                let offset = offset_millis(tz, utc_millis)?;
                Ok((utc_millis + offset).div_euclid(MILLIS_PER_DAY))
            }
        }
    }
}

impl fmt::Display for DayPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for DayPolicy {
    type Err = Error;

    fn from_str(s: &str) -> Result<DayPolicy> {
        DayPolicy::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::InvalidDay,
                    format!("unknown day policy '{s}'; supported: device-local-v1, utc-v1"),
                )
            })
    }
}

/// Local time minus UTC, in milliseconds, in time zone `tz` at instant `utc_millis`.
pub fn offset_millis(tz: &str, utc_millis: i64) -> Result<i64> {
    let zone = jiff::tz::TimeZone::get(tz).map_err(|_| {
        Error::new(
            ErrorKind::InvalidDay,
            format!("unknown time zone '{tz}' (use an IANA name such as Europe/Paris or UTC)"),
        )
    })?;
    let ts = jiff::Timestamp::from_millisecond(utc_millis).map_err(|_| {
        Error::new(
            ErrorKind::InvalidDay,
            format!("instant {utc_millis} ms is outside the supported range"),
        )
    })?;
    Ok(i64::from(zone.to_offset(ts).seconds()) * 1000)
}

/// The epoch day (days since 1970-01-01) of a calendar date `YYYY-MM-DD`.
pub fn parse_date(text: &str) -> Result<i64> {
    let date: jiff::civil::Date = text.parse().map_err(|_| {
        Error::new(
            ErrorKind::InvalidDay,
            format!("'{text}' is not a date of the form YYYY-MM-DD"),
        )
    })?;
    let epoch = jiff::civil::date(1970, 1, 1);
    let span = epoch.until(date).map_err(|_| {
        Error::new(
            ErrorKind::InvalidDay,
            format!("date '{text}' is out of range"),
        )
    })?;
    // `until` between dates gives days only by default.
    Ok(i64::from(span.get_days()))
}

/// The calendar date `YYYY-MM-DD` of an epoch day.
pub fn format_date(epoch_day: i64) -> Result<String> {
    let epoch = jiff::civil::date(1970, 1, 1);
    let out_of_range = || {
        Error::new(
            ErrorKind::InvalidDay,
            format!("epoch day {epoch_day} is outside the calendar range"),
        )
    };
    let span = jiff::Span::new()
        .try_days(epoch_day)
        .map_err(|_| out_of_range())?;
    let date = epoch.checked_add(span).map_err(|_| out_of_range())?;
    Ok(date.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn millis(iso: &str) -> i64 {
        iso.parse::<jiff::Timestamp>().unwrap().as_millisecond()
    }

    #[test]
    fn utc_policy_is_the_utc_date() {
        assert_eq!(DayPolicy::UtcV1.epoch_day(0, None).unwrap(), 0);
        assert_eq!(
            DayPolicy::UtcV1
                .epoch_day(MILLIS_PER_DAY - 1, None)
                .unwrap(),
            0
        );
        assert_eq!(
            DayPolicy::UtcV1
                .epoch_day(millis("2026-08-06T12:00:00Z"), None)
                .unwrap(),
            20671
        );
    }

    #[test]
    fn negative_epoch_days_floor_not_truncate() {
        assert_eq!(DayPolicy::UtcV1.epoch_day(-1, None).unwrap(), -1);
        assert_eq!(
            DayPolicy::UtcV1.epoch_day(-MILLIS_PER_DAY, None).unwrap(),
            -1
        );
        assert_eq!(
            DayPolicy::UtcV1
                .epoch_day(-MILLIS_PER_DAY - 1, None)
                .unwrap(),
            -2
        );
        // 1969-12-31 23:30 in Los Angeles is 1970-01-01 07:30 UTC: local day -1, UTC day 0.
        let t = millis("1970-01-01T07:30:00Z");
        assert_eq!(
            DayPolicy::DeviceLocalV1
                .epoch_day(t, Some("America/Los_Angeles"))
                .unwrap(),
            -1
        );
        assert_eq!(parse_date("1969-12-31").unwrap(), -1);
        assert_eq!(format_date(-1).unwrap(), "1969-12-31");
    }

    #[test]
    fn seoul_and_los_angeles_differ_at_the_same_instant() {
        // 2026-08-06T20:00Z is 05:00 on Aug 7 in Seoul and 13:00 on Aug 6 in Los Angeles.
        let t = millis("2026-08-06T20:00:00Z");
        let seoul = DayPolicy::DeviceLocalV1
            .epoch_day(t, Some("Asia/Seoul"))
            .unwrap();
        let la = DayPolicy::DeviceLocalV1
            .epoch_day(t, Some("America/Los_Angeles"))
            .unwrap();
        assert_eq!(seoul, 20672);
        assert_eq!(la, 20671);
        assert_eq!(DayPolicy::UtcV1.epoch_day(t, None).unwrap(), 20671);
    }

    #[test]
    fn dst_change_day_uses_the_offset_at_the_instant() {
        // US DST began 2026-03-08 at 02:00 local (10:00Z): PST (-8) before, PDT (-7) after.
        let before = millis("2026-03-08T09:59:59Z");
        let after = millis("2026-03-08T10:00:00Z");
        assert_eq!(
            offset_millis("America/Los_Angeles", before).unwrap(),
            -8 * 3_600_000
        );
        assert_eq!(
            offset_millis("America/Los_Angeles", after).unwrap(),
            -7 * 3_600_000
        );
        // 07:30Z on 2026-03-09 is 00:30 PDT on the 9th (it would be 23:30 on the 8th under PST).
        let t = millis("2026-03-09T07:30:00Z");
        let day = DayPolicy::DeviceLocalV1
            .epoch_day(t, Some("America/Los_Angeles"))
            .unwrap();
        assert_eq!(format_date(day).unwrap(), "2026-03-09");
    }

    #[test]
    fn bad_inputs_are_clear_errors() {
        let e = DayPolicy::DeviceLocalV1
            .epoch_day(0, Some("Mars/Olympus"))
            .unwrap_err();
        assert!(e.message().contains("Mars/Olympus"));
        assert!(DayPolicy::DeviceLocalV1.epoch_day(0, None).is_err());
        let e = "local-v9".parse::<DayPolicy>().unwrap_err();
        assert!(e.message().contains("device-local-v1"));
        assert!(parse_date("2026-13-01").is_err());
        assert!(parse_date("yesterday").is_err());
    }

    #[test]
    fn dates_round_trip() {
        for d in [-800_000, -1, 0, 1, 20671, 2_000_000] {
            assert_eq!(parse_date(&format_date(d).unwrap()).unwrap(), d);
        }
    }
}
