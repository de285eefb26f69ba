//! The input tape: what the player did, on the fixed tick clock.
//!
//! A tape is the whole of a player's contribution to an arcade run: the simulation is a pure
//! function of the board and the tape, so the server recomputes a score from it instead of
//! trusting a number, and the page replays it bit for bit.
//!
//! Text form (fits in a URL): `1` (the form's version), then one `.`-separated item per event:
//! the tick delta since the previous event in base 36 (lower case), then `P<b>` (press button
//! `b`, one base-36 digit), `R<b>` (release) or `A<x>,<y>,<p>` (aim: signed base-36 integers).
//! Example: `1.0P0.iR0.1kA-rs,2s,1z` — press at tick 0, release at 18, aim at 74.
//!
//! JSON form: `{"events":[{"tick":0,"action":{"press":0}},{"tick":74,"action":{"aim":{"x":-1000,"y":100,"power":71}}}]}`;
//! wherever a tape is read from JSON, the text form as a JSON string is accepted too.

use serde::{Deserialize, Deserializer, Serialize};

use crate::error::{Error, Result};

/// Longest accepted text form, in bytes.
pub const MAX_TEXT_BYTES: usize = 256 * 1024;
/// Most events in one tape.
pub const MAX_EVENTS: usize = 100_000;
/// Latest tick an event may name.
pub const MAX_TICK: u32 = 50_000_000;

/// One input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A button goes down (the genre numbers its buttons; 0..=35).
    Press(u8),
    /// A button comes up.
    Release(u8),
    /// A shot or throw: a direction as integer components (the simulation normalises it) and a
    /// power in the genre's units.
    Aim {
        /// Horizontal component.
        x: i32,
        /// Vertical component.
        y: i32,
        /// Power.
        power: u32,
    },
}

/// An input at a tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// The tick at which the input applies (before that tick's step).
    pub tick: u32,
    /// The input.
    pub action: Action,
}

/// The player's inputs in non-decreasing tick order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Tape {
    /// The events.
    pub events: Vec<Event>,
}

#[derive(Deserialize)]
struct TapeObject {
    events: Vec<Event>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum TapeWire {
    Text(String),
    Object(TapeObject),
}

impl<'de> Deserialize<'de> for Tape {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Tape, D::Error> {
        let tape = match TapeWire::deserialize(deserializer)? {
            TapeWire::Text(text) => Tape::from_text(&text),
            TapeWire::Object(object) => Tape::from_events(object.events),
        };
        tape.map_err(|e| serde::de::Error::custom(e.message()))
    }
}

fn bad(message: String) -> Error {
    Error::state(message)
}

impl Tape {
    /// A tape from events, checked: ticks non-decreasing and within bounds, buttons 0..=35.
    pub fn from_events(events: Vec<Event>) -> Result<Tape> {
        if events.len() > MAX_EVENTS {
            return Err(bad(format!(
                "tape has {} events; at most {MAX_EVENTS} are accepted",
                events.len()
            )));
        }
        let mut last = 0;
        for (i, event) in events.iter().enumerate() {
            if event.tick < last {
                return Err(bad(format!(
                    "tape event {i} is at tick {} before the previous event's tick {last}",
                    event.tick
                )));
            }
            if event.tick > MAX_TICK {
                return Err(bad(format!(
                    "tape event {i} is at tick {}; the latest accepted tick is {MAX_TICK}",
                    event.tick
                )));
            }
            if let Action::Press(b) | Action::Release(b) = event.action
                && b > 35
            {
                return Err(bad(format!(
                    "tape event {i} names button {b}; buttons are 0..=35"
                )));
            }
            last = event.tick;
        }
        Ok(Tape { events })
    }

    /// The compact text form (see the module docs).
    pub fn to_text(&self) -> String {
        let mut out = String::from("1");
        let mut last = 0;
        for event in &self.events {
            out.push('.');
            out.push_str(&base36(u64::from(event.tick - last)));
            last = event.tick;
            match event.action {
                Action::Press(b) => {
                    out.push('P');
                    out.push_str(&base36(u64::from(b)));
                }
                Action::Release(b) => {
                    out.push('R');
                    out.push_str(&base36(u64::from(b)));
                }
                Action::Aim { x, y, power } => {
                    out.push('A');
                    out.push_str(&signed36(i64::from(x)));
                    out.push(',');
                    out.push_str(&signed36(i64::from(y)));
                    out.push(',');
                    out.push_str(&base36(u64::from(power)));
                }
            }
        }
        out
    }

    /// Reads the text form; errors name the event and what is wrong.
    pub fn from_text(text: &str) -> Result<Tape> {
        let text = text.trim();
        if text.len() > MAX_TEXT_BYTES {
            return Err(bad(format!(
                "tape text is {} bytes; at most {MAX_TEXT_BYTES} are accepted",
                text.len()
            )));
        }
        let mut items = text.split('.');
        match items.next() {
            Some("1") => {}
            Some(v) => {
                return Err(bad(format!(
                    "tape text must start with its form version '1', found '{}'",
                    v.chars().take(12).collect::<String>()
                )));
            }
            None => return Err(bad("tape text is empty".into())),
        }
        let mut events = Vec::new();
        let mut tick: u64 = 0;
        for (i, item) in items.enumerate() {
            if events.len() >= MAX_EVENTS {
                return Err(bad(format!("tape has more than {MAX_EVENTS} events")));
            }
            let code_at = item.find(['P', 'R', 'A']).ok_or_else(|| {
                bad(format!(
                    "tape event {i} ('{}') has no P, R or A",
                    clip(item)
                ))
            })?;
            let delta = parse36(&item[..code_at]).ok_or_else(|| {
                bad(format!(
                    "tape event {i} ('{}') has a bad tick delta",
                    clip(item)
                ))
            })?;
            tick += delta;
            if tick > u64::from(MAX_TICK) {
                return Err(bad(format!(
                    "tape event {i} is at tick {tick}; the latest accepted tick is {MAX_TICK}"
                )));
            }
            let rest = &item[code_at + 1..];
            let action = match &item[code_at..code_at + 1] {
                "P" | "R" => {
                    let b = parse36(rest)
                        .filter(|b| *b <= 35 && rest.len() == 1)
                        .ok_or_else(|| {
                            bad(format!(
                                "tape event {i} ('{}') has a bad button",
                                clip(item)
                            ))
                        })? as u8;
                    if item.as_bytes()[code_at] == b'P' {
                        Action::Press(b)
                    } else {
                        Action::Release(b)
                    }
                }
                _ => {
                    let parts: Vec<&str> = rest.split(',').collect();
                    let parsed = (parts.len() == 3)
                        .then(|| {
                            let x = parse_signed36(parts[0]).and_then(|v| i32::try_from(v).ok())?;
                            let y = parse_signed36(parts[1]).and_then(|v| i32::try_from(v).ok())?;
                            let power = parse36(parts[2]).and_then(|v| u32::try_from(v).ok())?;
                            Some(Action::Aim { x, y, power })
                        })
                        .flatten();
                    parsed.ok_or_else(|| {
                        bad(format!(
                            "tape event {i} ('{}') is not an aim A<x>,<y>,<power>",
                            clip(item)
                        ))
                    })?
                }
            };
            events.push(Event {
                tick: tick as u32,
                action,
            });
        }
        Tape::from_events(events)
    }

    /// Reads a tape from JSON: the object form or the text form as a string.
    pub fn from_json(value: &serde_json::Value) -> Result<Tape> {
        match value {
            serde_json::Value::String(text) => Tape::from_text(text),
            other => serde_json::from_value(other.clone())
                .map_err(|e| bad(format!("tape JSON is not valid: {e}"))),
        }
    }

    /// The tick of the last event (0 for an empty tape).
    pub fn last_tick(&self) -> u32 {
        self.events.last().map_or(0, |e| e.tick)
    }
}

fn clip(item: &str) -> String {
    item.chars().take(24).collect()
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).expect("ascii digits")
}

fn signed36(n: i64) -> String {
    if n < 0 {
        format!("-{}", base36(n.unsigned_abs()))
    } else {
        base36(n as u64)
    }
}

fn parse36(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 12 {
        return None;
    }
    text.bytes().try_fold(0u64, |acc, c| {
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'z' => c - b'a' + 10,
            _ => return None,
        };
        acc.checked_mul(36)?.checked_add(u64::from(d))
    })
}

fn parse_signed36(text: &str) -> Option<i64> {
    match text.strip_prefix('-') {
        Some(digits) => parse36(digits)
            .and_then(|v| i64::try_from(v).ok())
            .map(|v| -v),
        None => parse36(text).and_then(|v| i64::try_from(v).ok()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ev(tick: u32, action: Action) -> Event {
        Event { tick, action }
    }

    #[test]
    fn text_form_example_from_the_docs() {
        let tape = Tape::from_events(vec![
            ev(0, Action::Press(0)),
            ev(18, Action::Release(0)),
            ev(
                74,
                Action::Aim {
                    x: -1000,
                    y: 100,
                    power: 71,
                },
            ),
        ])
        .unwrap();
        assert_eq!(tape.to_text(), "1.0P0.iR0.1kA-rs,2s,1z");
        assert_eq!(Tape::from_text("1.0P0.iR0.1kA-rs,2s,1z").unwrap(), tape);
        assert_eq!(Tape::from_text("1").unwrap(), Tape::default());
    }

    #[test]
    fn json_accepts_object_and_text() {
        let tape = Tape::from_text("1.5P3.0R3").unwrap();
        let object = serde_json::to_value(&tape).unwrap();
        assert_eq!(
            object,
            serde_json::json!({"events":[{"tick":5,"action":{"press":3}},{"tick":5,"action":{"release":3}}]})
        );
        assert_eq!(Tape::from_json(&object).unwrap(), tape);
        assert_eq!(
            Tape::from_json(&serde_json::json!("1.5P3.0R3")).unwrap(),
            tape
        );
        let parsed: Tape = serde_json::from_value(serde_json::json!("1.5P3.0R3")).unwrap();
        assert_eq!(parsed, tape);
    }

    #[test]
    fn bad_tapes_are_named() {
        let cases = [
            ("2.0P0", "form version"),
            ("1.0X0", "event 0"),
            ("1.0P0.!P1", "event 1"),
            ("1.0Pz1", "bad button"),
            ("1.0A1,2", "not an aim"),
            ("1.0A1,2,-3", "not an aim"),
            ("1.zzzzzzzzzzzzzP0", "bad tick delta"),
            ("1.zzzzzP0", "latest accepted tick"),
        ];
        for (text, needle) in cases {
            let err = Tape::from_text(text).unwrap_err();
            assert!(err.message().contains(needle), "{text}: {}", err.message());
        }
        let backwards = Tape::from_events(vec![ev(5, Action::Press(0)), ev(4, Action::Press(0))]);
        assert!(
            backwards
                .unwrap_err()
                .message()
                .contains("before the previous")
        );
        let big = format!("1{}", ".0P0".repeat(MAX_EVENTS + 1));
        assert!(Tape::from_text(&big).is_err());
        let huge = "1".to_string() + &"0".repeat(MAX_TEXT_BYTES);
        assert!(
            Tape::from_text(&huge)
                .unwrap_err()
                .message()
                .contains("bytes")
        );
        assert!(
            Tape::from_json(&serde_json::json!({"events":[{"tick":1,"action":{"press":99}}]}))
                .is_err()
        );
    }

    fn action() -> impl Strategy<Value = Action> {
        prop_oneof![
            (0u8..36).prop_map(Action::Press),
            (0u8..36).prop_map(Action::Release),
            (any::<i32>(), any::<i32>(), any::<u32>()).prop_map(|(x, y, power)| Action::Aim {
                x,
                y,
                power
            }),
        ]
    }

    proptest! {
        #[test]
        fn text_round_trips(steps in proptest::collection::vec((0u32..5000, action()), 0..60)) {
            let mut tick = 0;
            let events: Vec<Event> = steps.into_iter().map(|(d, action)| { tick += d; ev(tick, action) }).collect();
            let tape = Tape::from_events(events).unwrap();
            let text = tape.to_text();
            prop_assert_eq!(Tape::from_text(&text).unwrap(), tape.clone());
            let json = serde_json::to_value(&tape).unwrap();
            prop_assert_eq!(Tape::from_json(&json).unwrap(), tape);
        }

        #[test]
        fn junk_never_panics(text in "1[.0-9a-zPRA,\\-]{0,40}") {
            let _ = Tape::from_text(&text);
        }
    }
}
