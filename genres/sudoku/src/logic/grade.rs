//! The grader: walks the technique ladder from the easiest rung, applies the first deduction
//! found, and starts again from the easiest after every step. The hardest technique used sets
//! the level, the highest rating the score.

use super::candidates::Grid;
use super::technique::{Finding, LADDER, Ladder, Technique};
use crate::level::Level;

/// The result of grading a puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct LogicGrade {
    /// The level of the hardest technique needed (MASTER if the grader could not finish).
    pub level: Level,
    /// The rating of the hardest step, on Sudoku Explainer's scale (see the `logic` module docs);
    /// 0.0 when nothing was left to deduce.
    pub score: f64,
    /// Each technique used with its number of uses (placements for singles, steps otherwise),
    /// easiest first.
    pub techniques: Vec<(&'static str, u32)>,
    /// True if the techniques solved the whole grid.
    pub solved: bool,
}

/// Grades a puzzle (0 = empty cell) that is assumed to have a unique solution. With bounded
/// trial as the last rung, every unique puzzle is solved (`solved == true`); clashing givens or
/// a puzzle without a unique solution may give `solved == false` and level MASTER.
pub fn grade(cells: &[u8; 81]) -> LogicGrade {
    grade_on(LADDER, cells)
}

/// [`grade`], with the name of the technique of the hardest step (the one that set the score;
/// `None` when nothing was left to deduce): for reports comparing ratings with other graders.
pub fn grade_detail(cells: &[u8; 81]) -> (LogicGrade, Option<&'static str>) {
    let mut hardest = (0.0f64, None);
    let g = run_on(LADDER, cells, Level::Master, |t, f, _| {
        let r = f.rating.unwrap_or(t.rating);
        if r > hardest.0 {
            hardest = (r, Some(t.name));
        }
    })
    .unwrap_or_else(unsolved);
    (g, hardest.1)
}

/// [`grade`] on a given ladder (a generator version's snapshot).
pub(crate) fn grade_on(ladder: &Ladder, cells: &[u8; 81]) -> LogicGrade {
    // With MASTER as the cap the run never stops early.
    run_on(ladder, cells, Level::Master, |_, _, _| {}).unwrap_or_else(unsolved)
}

/// Grades with techniques up to `max` only: `None` as soon as a harder technique would be needed
/// (or if the grid cannot be solved at all). For a unique puzzle this is `Some(grade(cells))`
/// exactly when `grade(cells).level <= max`, because the capped grader takes the same steps.
pub fn grade_capped(cells: &[u8; 81], max: Level) -> Option<LogicGrade> {
    grade_capped_on(LADDER, cells, max)
}

/// [`grade_capped`] on a given ladder (a generator version's snapshot).
pub(crate) fn grade_capped_on(ladder: &Ladder, cells: &[u8; 81], max: Level) -> Option<LogicGrade> {
    run_on(ladder, cells, max, |_, _, _| {}).filter(|g| g.solved)
}

fn unsolved() -> LogicGrade {
    LogicGrade {
        level: Level::Master,
        score: 0.0,
        techniques: Vec::new(),
        solved: false,
    }
}

/// Runs the ladder up to `max`, calling `on_step(technique, finding, grid before the step)`
/// before each step is applied. `None` if a technique above `max` was needed.
#[cfg(test)]
pub(crate) fn run(
    cells: &[u8; 81],
    max: Level,
    on_step: impl FnMut(&Technique, &Finding, &Grid),
) -> Option<LogicGrade> {
    run_on(LADDER, cells, max, on_step)
}

/// The most rungs a ladder may have (checked for today's ladder when compiling).
const MAX_RUNGS: usize = 64;
const _: () = assert!(LADDER.rungs.len() <= MAX_RUNGS);

/// [`run`] on a given ladder.
fn run_on(
    ladder: &Ladder,
    cells: &[u8; 81],
    max: Level,
    mut on_step: impl FnMut(&Technique, &Finding, &Grid),
) -> Option<LogicGrade> {
    let Some(mut g) = Grid::new(cells) else {
        return Some(unsolved());
    };
    let rungs = &ladder.rungs[..ladder.rungs.len().min(MAX_RUNGS)];
    let singles = rungs.iter().take_while(|t| t.level == Level::Easy).count();
    let mut counts = [0u32; MAX_RUNGS];
    let mut score = 0.0f64;
    let mut f = Finding::new(false);
    f.limits = ladder.limits;
    let solved = 'outer: loop {
        if g.is_solved() {
            break true;
        }
        for (i, t) in rungs.iter().enumerate() {
            if t.level > max {
                return None;
            }
            // Only an invalid puzzle reaches a contradiction; looking for one once the singles
            // are exhausted keeps it off the hot path.
            if i == singles && g.contradiction() {
                break 'outer false;
            }
            f.clear();
            if (t.find)(&g, &mut f) {
                on_step(t, &f, &g);
                let n = apply(&mut g, &f);
                if n > 0 {
                    counts[i] += n;
                    score = score.max(f.rating.unwrap_or(t.rating));
                    continue 'outer;
                }
            }
        }
        break false;
    };
    let mut level = Level::Easy;
    let mut techniques = Vec::new();
    for (t, &n) in rungs.iter().zip(&counts) {
        if n > 0 {
            level = level.max(t.level);
            techniques.push((t.name, n));
        }
    }
    if !solved {
        level = Level::Master;
    }
    Some(LogicGrade {
        level,
        score,
        techniques,
        solved,
    })
}

/// Applies a finding; returns the number of placements made plus one if anything was
/// eliminated (0 means the finding changed nothing).
pub(crate) fn apply(g: &mut Grid, f: &Finding) -> u32 {
    let mut n = 0;
    for &(c, d) in &f.placements {
        if g.try_place(c as usize, d) {
            n += 1;
        }
    }
    let mut removed = false;
    for &(c, d) in &f.eliminations {
        removed |= g.eliminate(c as usize, d);
    }
    n + u32::from(removed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testutil::{
        EASY_PUZZLE, HARD_PUZZLES, brute_solutions, parse, random_puzzle,
    };

    fn check_trace(cells: &[u8; 81]) -> LogicGrade {
        let sol = brute_solutions(cells, 2);
        assert_eq!(sol.len(), 1);
        let sol = sol[0];
        let g = run(cells, Level::Master, |t, f, grid| {
            for &(c, d) in &f.placements {
                assert_eq!(sol[c as usize], d, "{} placed a wrong digit", t.name);
            }
            for &(c, d) in &f.eliminations {
                assert_ne!(sol[c as usize], d, "{} removed the solution", t.name);
                assert!(
                    grid.cand[c as usize] & (1 << d) != 0,
                    "{} removed a non-candidate",
                    t.name
                );
            }
        })
        .unwrap();
        assert!(g.solved);
        g
    }

    #[test]
    fn singles_only_puzzle_is_easy() {
        let g = check_trace(&parse(EASY_PUZZLE));
        assert_eq!(g.level, Level::Easy);
        assert!(g.score <= 2.3);
        assert!(g.score >= 1.2);
        assert!(g.techniques.iter().all(|t| t.0.contains("single")));
        assert_eq!(g.techniques.iter().map(|t| t.1).sum::<u32>(), 81 - 32);
        assert_eq!(grade_capped(&parse(EASY_PUZZLE), Level::Easy), Some(g));
    }

    #[test]
    fn famous_hard_puzzles_are_expert_or_master_and_capping_agrees() {
        for p in HARD_PUZZLES {
            let cells = parse(p);
            let g = check_trace(&cells);
            assert!(g.level >= Level::Expert, "{p}: {g:?}");
            assert!(g.score >= 6.0, "{p}: {g:?}");
            for max in Level::ALL {
                let capped = grade_capped(&cells, max);
                assert_eq!(capped.is_some(), g.level <= max, "{p} capped at {max:?}");
            }
        }
    }

    #[test]
    fn clashing_or_full_grids() {
        let mut cells = [0u8; 81];
        cells[0] = 1;
        cells[1] = 1;
        let g = grade(&cells);
        assert!(!g.solved);
        assert_eq!(grade_capped(&cells, Level::Master), None);
        let full = brute_solutions(&parse(EASY_PUZZLE), 1)[0];
        let g = grade(&full);
        assert!(g.solved);
        assert_eq!((g.level, g.score), (Level::Easy, 0.0));
    }

    /// Every rung, called at every step of the grading of hard puzzles, finds the same with the
    /// grader's remembered finding (its `memo` kept from call to call) as with a fresh one.
    #[test]
    fn remembering_rungs_find_the_same_as_fresh_ones() {
        let mut remembering = Finding::new(false);
        let mut fresh = Finding::new(false);
        let mut steps = 0;
        for p in HARD_PUZZLES {
            run(&parse(p), Level::Master, |_, _, g| {
                steps += 1;
                for t in LADDER.rungs.iter().filter(|t| t.name != "Trial") {
                    remembering.clear();
                    fresh = Finding::new(false);
                    let found = (t.find)(g, &mut remembering);
                    assert_eq!(found, (t.find)(g, &mut fresh), "{}", t.name);
                    assert_eq!(remembering.placements, fresh.placements, "{}", t.name);
                    assert_eq!(remembering.eliminations, fresh.eliminations, "{}", t.name);
                    assert_eq!(remembering.cells, fresh.cells, "{}", t.name);
                }
            });
        }
        assert!(steps > 100, "{steps}");
        assert!(remembering.memo.aligned[1].is_some());
    }

    #[test]
    fn random_puzzles_grade_consistently() {
        for seed in 0..12u64 {
            let cells = random_puzzle(seed);
            let g = check_trace(&cells);
            if g.level > Level::Easy {
                let below = Level::ALL[g.level.rank() as usize - 2];
                assert_eq!(grade_capped(&cells, below), None);
            }
            assert_eq!(grade_capped(&cells, g.level), Some(g));
        }
    }
}
