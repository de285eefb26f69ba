//! The one-line text form of a course:
//! `g1 C9 | 1 1500,4200 14000,3000 6000,4000,800,19200 ... | 2 ...` — physics and course, then per
//! hole (separated by `|`): number, tee `x,y`, black hole `x,y`, then planets `x,y,r,gm`, all
//! integers in milli-units. Generator figures (par, windows) are not part of the text form.
//! A line that starts with `{` is read as the puzzle JSON instead (a whole `dayseed gen` line
//! works: unknown fields such as id and digest are ignored), so `gen | solve` needs no conversion.

use dayseed_core::{Error, Result};

use crate::physics::Planet;
use crate::puzzle::{HoleRecord, MAX_HOLES, MAX_PLANETS, Puzzle};

/// Longest text accepted.
pub const MAX_TEXT: usize = 16 * 1024;

/// Writes the text form.
pub fn encode(p: &Puzzle) -> String {
    let mut out = format!("{} {}", p.physics, p.course);
    for h in &p.holes {
        out.push_str(&format!(
            " | {} {},{} {},{}",
            h.number, h.tee[0], h.tee[1], h.cup[0], h.cup[1]
        ));
        for q in &h.planets {
            out.push_str(&format!(" {},{},{},{}", q.x, q.y, q.r, q.gm));
        }
    }
    out
}

fn ints<const N: usize>(token: &str, at: &str) -> Result<[i32; N]> {
    let mut out = [0; N];
    let mut parts = token.split(',');
    for slot in &mut out {
        *slot = parts
            .next()
            .and_then(|t| t.parse().ok())
            .ok_or_else(|| bad(at, token, N))?;
    }
    if parts.next().is_some() {
        return Err(bad(at, token, N));
    }
    Ok(out)
}

fn bad(at: &str, token: &str, n: usize) -> Error {
    let shown: String = token.chars().take(30).collect();
    Error::puzzle(format!(
        "{at}: '{shown}' is not {n} comma-separated integers"
    ))
}

/// Reads the text form (then validate the puzzle).
pub fn decode(text: &str) -> Result<Puzzle> {
    if text.len() > MAX_TEXT {
        return Err(Error::puzzle(format!(
            "slingstar text is {} bytes, at most {MAX_TEXT}",
            text.len()
        )));
    }
    if text.trim_start().starts_with('{') {
        let p: Puzzle = serde_json::from_str(text)
            .map_err(|e| Error::puzzle(format!("slingstar puzzle JSON is not valid: {e}")))?;
        p.validate()?;
        return Ok(p);
    }
    let mut segments = text.trim().split('|');
    let head: Vec<&str> = segments.next().unwrap_or("").split_whitespace().collect();
    let [physics, course] = head[..] else {
        return Err(Error::puzzle(
            "slingstar text must start with the physics and the course, e.g. 'g1 C9 | ...'",
        ));
    };
    let mut holes = Vec::new();
    for (i, seg) in segments.enumerate() {
        if i >= MAX_HOLES {
            return Err(Error::puzzle(format!("more than {MAX_HOLES} holes")));
        }
        let at = format!("hole segment {}", i + 1);
        let tokens: Vec<&str> = seg.split_whitespace().take(MAX_PLANETS + 4).collect();
        if tokens.len() < 3 {
            return Err(Error::puzzle(format!(
                "{at}: needs a number, a tee x,y and a black hole x,y"
            )));
        }
        if tokens.len() > MAX_PLANETS + 3 {
            return Err(Error::puzzle(format!(
                "{at}: more than {MAX_PLANETS} planets"
            )));
        }
        let number = tokens[0].parse::<u32>().map_err(|_| {
            Error::puzzle(format!(
                "{at}: hole number '{}' is not a number",
                tokens[0].chars().take(12).collect::<String>()
            ))
        })?;
        let tee = ints::<2>(tokens[1], &format!("{at}, tee"))?;
        let cup = ints::<2>(tokens[2], &format!("{at}, black hole"))?;
        let mut planets = Vec::new();
        for (k, t) in tokens[3..].iter().enumerate() {
            let [x, y, r, gm] = ints::<4>(t, &format!("{at}, planet {}", k + 1))?;
            planets.push(Planet { x, y, r, gm });
        }
        holes.push(HoleRecord::bare(
            number,
            crate::physics::Layout { tee, cup, planets },
        ));
    }
    let p = Puzzle {
        physics: physics.into(),
        course: course.chars().take(8).collect(),
        holes,
        par: None,
    };
    p.validate()?;
    Ok(p)
}
