//! Independent checks of generated boards: a loop checker and a brute-force solution counter
//! written here from the rules alone (no code shared with the crate's solver or checker).

use dayseed_core::{Budget, Count, DynGenre, PuzzleId, Rng};
use dayseed_slitherlink::GENRE;
use dayseed_slitherlink::grid::Grid;
use dayseed_slitherlink::solver::Solver;
use serde_json::Value;

/// Clues as rows of `Option<u8>`.
fn clue_rows(p: &Value) -> Vec<Vec<Option<u8>>> {
    p["clues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r.as_str()
                .unwrap()
                .bytes()
                .map(|b| if b == b'.' { None } else { Some(b - b'0') })
                .collect()
        })
        .collect()
}

/// `hor[r][c]` (r <= H, c < W) and `ver[r][c]` (r < H, c <= W) from a solution object.
fn edges_of(sol: &Value) -> (Vec<Vec<bool>>, Vec<Vec<bool>>) {
    let rows = |k: &str| -> Vec<Vec<bool>> {
        sol[k]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().bytes().map(|b| b == b'1').collect())
            .collect()
    };
    (rows("h"), rows("v"))
}

/// True if the edges form exactly one closed loop and every clue counts its edges.
fn is_single_loop_solution(
    clues: &[Vec<Option<u8>>],
    hor: &[Vec<bool>],
    ver: &[Vec<bool>],
) -> bool {
    let h = clues.len();
    let w = clues[0].len();
    if hor.len() != h + 1
        || ver.len() != h
        || hor.iter().any(|r| r.len() != w)
        || ver.iter().any(|r| r.len() != w + 1)
    {
        return false;
    }
    for r in 0..h {
        for c in 0..w {
            let n = hor[r][c] as u8 + hor[r + 1][c] as u8 + ver[r][c] as u8 + ver[r][c + 1] as u8;
            if clues[r][c].is_some_and(|k| k != n) {
                return false;
            }
        }
    }
    // Degree of every dot, and the set of edges as dot pairs.
    let id = |r: usize, c: usize| r * (w + 1) + c;
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); (w + 1) * (h + 1)];
    let mut total = 0;
    for r in 0..=h {
        for c in 0..w {
            if hor[r][c] {
                adj[id(r, c)].push(id(r, c + 1));
                adj[id(r, c + 1)].push(id(r, c));
                total += 1;
            }
        }
    }
    for r in 0..h {
        for c in 0..=w {
            if ver[r][c] {
                adj[id(r, c)].push(id(r + 1, c));
                adj[id(r + 1, c)].push(id(r, c));
                total += 1;
            }
        }
    }
    if total == 0 || adj.iter().any(|a| !a.is_empty() && a.len() != 2) {
        return false;
    }
    // Walk the loop from one dot; it must use every edge.
    let start = adj.iter().position(|a| a.len() == 2).unwrap();
    let (mut prev, mut cur, mut steps) = (start, adj[start][0], 1);
    while cur != start {
        let next = if adj[cur][0] == prev {
            adj[cur][1]
        } else {
            adj[cur][0]
        };
        prev = cur;
        cur = next;
        steps += 1;
        if steps > total {
            return false;
        }
    }
    steps == total
}

/// Counts solutions by brute force over inside/outside colourings, row by row, up to `limit`.
fn brute_count(clues: &[Vec<Option<u8>>], limit: usize) -> usize {
    let h = clues.len();
    let w = clues[0].len();
    let mut rows = vec![0u32; h];
    let mut count = 0;
    fn inside(rows: &[u32], w: usize, r: isize, c: isize) -> bool {
        r >= 0
            && c >= 0
            && (r as usize) < rows.len()
            && (c as usize) < w
            && rows[r as usize] >> c & 1 == 1
    }
    fn row_ok(rows: &[u32], clues: &[Vec<Option<u8>>], w: usize, r: usize, upto: usize) -> bool {
        // Rows beyond `upto` are treated as outside (only called when r + 1 >= upto is final).
        let _ = upto;
        (0..w).all(|c| {
            clues[r][c].is_none_or(|k| {
                let me = inside(rows, w, r as isize, c as isize);
                let n = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                    .iter()
                    .filter(|(dr, dc)| inside(rows, w, r as isize + dr, c as isize + dc) != me)
                    .count();
                n == k as usize
            })
        })
    }
    fn single_loop(rows: &[u32], w: usize) -> bool {
        let h = rows.len();
        let side = |r: usize, c: usize, dr: isize, dc: isize| {
            inside(rows, w, r as isize + dr, c as isize + dc)
                != inside(rows, w, r as isize, c as isize)
        };
        let hor: Vec<Vec<bool>> = (0..=h)
            .map(|r| (0..w).map(|c| side(r, c, -1, 0)).collect())
            .collect();
        let ver: Vec<Vec<bool>> = (0..h)
            .map(|r| (0..=w).map(|c| side(r, c, 0, -1)).collect())
            .collect();
        let none: Vec<Vec<Option<u8>>> = vec![vec![None; w]; h];
        is_single_loop_solution(&none, &hor, &ver)
    }
    fn rec(
        r: usize,
        rows: &mut Vec<u32>,
        clues: &[Vec<Option<u8>>],
        w: usize,
        count: &mut usize,
        limit: usize,
    ) {
        let h = rows.len();
        if *count >= limit {
            return;
        }
        if r == h {
            if row_ok(rows, clues, w, h - 1, h) && single_loop(rows, w) {
                *count += 1;
            }
            return;
        }
        for m in 0..(1u32 << w) {
            rows[r] = m;
            // Rows after r are still 0 (outside); row r-1's clues only see rows r-2..=r.
            if r == 0 || row_ok(rows, clues, w, r - 1, r + 1) {
                rec(r + 1, rows, clues, w, count, limit);
            }
            rows[r] = 0;
        }
    }
    rec(0, &mut rows, clues, w, &mut count, limit);
    count
}

fn generate(id: &str) -> Value {
    let id: PuzzleId = id.parse().unwrap();
    GENRE.generate(&id).unwrap().to_flat_json()
}

#[test]
fn every_emitted_solution_is_one_loop_matching_every_clue() {
    for seed in 0..24u64 {
        let level = 1 + seed % 7;
        let size = ["5x5", "7x6", "6x9", "10x10"][seed as usize % 4];
        let p = generate(&format!("slitherlink:SEED-{seed}-{size}-L{level}-g1"));
        let clues = clue_rows(&p);
        let (hor, ver) = edges_of(&p["solution"]);
        assert!(
            is_single_loop_solution(&clues, &hor, &ver),
            "seed {seed}: {p}"
        );
        let d = p["difficulty"].as_u64().unwrap();
        assert!((1..=10).contains(&d));
        if p.get("fallback").is_none() {
            assert_eq!(d, level, "seed {seed}");
        }
    }
}

#[test]
fn generated_small_boards_are_unique_by_brute_force() {
    for seed in 0..12u64 {
        let level = 1 + seed % 7;
        let p = generate(&format!("slitherlink:SEED-{seed}-5x5-L{level}-g1"));
        let clues = clue_rows(&p);
        assert_eq!(brute_count(&clues, 2), 1, "seed {seed}: {p}");
    }
}

#[test]
fn search_counts_agree_with_brute_force_on_ambiguous_clues() {
    // Random loops on 4x4 with most clues dropped: many solutions, counted by brute force and
    // by the search (with the default settings and with the proof settings).
    let mut rng = Rng::from_seed(99);
    for _ in 0..40 {
        let g = Grid::new(4, 4);
        let sol = dayseed_slitherlink::loop_gen::random_loop(&g, &mut rng);
        let full = dayseed_slitherlink::generate::full_clues(&g, &sol);
        let keep = 2 + rng.below(9);
        let clues: Vec<i8> = full
            .iter()
            .map(|&c| if rng.below(16) < keep { c } else { -1 })
            .collect();
        let rows: Vec<Vec<Option<u8>>> = (0..4)
            .map(|r| {
                (0..4)
                    .map(|c| (clues[r * 4 + c] >= 0).then_some(clues[r * 4 + c] as u8))
                    .collect()
            })
            .collect();
        let brute = brute_count(&rows, 100_000);
        let mut budget = Budget::unlimited();
        let out = Solver::new(&g, &clues).count(100_000, &mut budget);
        assert_eq!(out.count, Count::Exactly(brute as u64), "clues {clues:?}");
        let mut budget = Budget::unlimited();
        let once = Solver::new(&g, &clues)
            .for_proofs()
            .count(100_000, &mut budget);
        assert_eq!(once.count, Count::Exactly(brute as u64), "clues {clues:?}");
        assert!(brute >= 1);
    }
}

#[test]
fn proof_settings_count_like_the_default() {
    // Random loops on 7x6 with random clue subsets, from dense (often unique) to sparse.
    let mut rng = Rng::from_seed(7);
    let mut unique = 0;
    for case in 0..80 {
        let g = Grid::new(7, 6);
        let sol = dayseed_slitherlink::loop_gen::random_loop(&g, &mut rng);
        let full = dayseed_slitherlink::generate::full_clues(&g, &sol);
        let keep = 3 + case % 12;
        let clues: Vec<i8> = full
            .iter()
            .map(|&c| if rng.below(16) < keep { c } else { -1 })
            .collect();
        let a = Solver::new(&g, &clues).count(3, &mut Budget::unlimited());
        let b = Solver::new(&g, &clues)
            .for_proofs()
            .count(3, &mut Budget::unlimited());
        assert_eq!(a.count, b.count, "clues {clues:?}");
        unique += u32::from(a.count == Count::Exactly(1));
    }
    assert!(unique > 10, "{unique}");
}

#[test]
fn g2_trial_level_boards_are_one_loop_and_unique_by_brute_force() {
    let mut exact = 0;
    for seed in 0..9u64 {
        let level = 8 + seed % 3;
        let p = generate(&format!("slitherlink:SEED-{seed}-5x5-L{level}-g2"));
        let clues = clue_rows(&p);
        let (hor, ver) = edges_of(&p["solution"]);
        assert!(
            is_single_loop_solution(&clues, &hor, &ver),
            "seed {seed}: {p}"
        );
        assert_eq!(brute_count(&clues, 2), 1, "seed {seed}: {p}");
        let d = p["difficulty"].as_u64().unwrap();
        if p.get("fallback").is_none() {
            assert_eq!(d, level, "seed {seed}");
            exact += 1;
        } else {
            assert!(d < level, "seed {seed}: fallback above the target");
        }
    }
    // Level 10 is seldom reachable on 5x5 (g1 falls back there too).
    assert!(exact >= 5, "only {exact} of 9 at their level");
}
