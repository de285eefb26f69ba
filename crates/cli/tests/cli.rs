//! The `dayseed` binary over real processes: output formats, ordering under `--jobs`, ids that
//! regenerate, errors with exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn dayseed(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dayseed"))
        .args(args)
        .env("TZ", "UTC")
        .output()
        .expect("run dayseed")
}

fn dayseed_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dayseed"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run dayseed");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn json_lines(o: &Output) -> Vec<Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn gen_output_is_identical_for_any_job_count() {
    for (genre, extra, current) in [
        ("lightsout", "--stage=7", "g1"),
        ("sudoku", "--difficulty=easy", "g4"),
    ] {
        let one = dayseed(&[
            "gen", genre, extra, "--count", "12", "--seed", "5", "--jobs", "1",
        ]);
        let two = dayseed(&[
            "gen", genre, extra, "--count", "12", "--seed", "5", "--jobs", "2",
        ]);
        assert!(one.status.success(), "{}", stderr(&one));
        assert_eq!(stdout(&one), stdout(&two), "{genre}");
        let lines = json_lines(&one);
        assert_eq!(lines.len(), 12);
        for (i, line) in lines.iter().enumerate() {
            assert_eq!(line["seed"], Value::from(5 + i as u64));
            assert_eq!(line["genre"], Value::from(genre));
            assert_eq!(line["version"], Value::from(current));
            assert!(
                line["id"]
                    .as_str()
                    .unwrap()
                    .starts_with(&format!("{genre}:SEED-{}-", 5 + i))
            );
            assert_eq!(line["digest"].as_str().unwrap().len(), 64);
        }
    }
}

#[test]
fn sudoku_gen_lines_have_the_documented_fields() {
    let o = dayseed(&["gen", "sudoku", "--difficulty", "medium", "--count", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    for line in json_lines(&o) {
        let puzzle = line["puzzle"].as_str().unwrap();
        let solution = line["solution"].as_str().unwrap();
        assert_eq!(puzzle.len(), 81);
        assert!(
            puzzle
                .bytes()
                .all(|b| b == b'.' || (b'1'..=b'9').contains(&b))
        );
        assert_eq!(solution.len(), 81);
        assert!(solution.bytes().all(|b| (b'1'..=b'9').contains(&b)));
        for (p, s) in puzzle.bytes().zip(solution.bytes()) {
            assert!(p == b'.' || p == s, "givens agree with the solution");
        }
        assert!(line["grade"]["level"].is_string());
        assert!(line["grade"]["score"].is_number());
        assert!(line["grade"]["techniques"].is_array());
        if line.get("fallback").is_none() {
            assert_eq!(line["difficulty"], Value::from("MEDIUM"));
        }
    }
}

#[test]
fn show_regenerates_the_same_digest_from_the_id_alone() {
    let o = dayseed(&[
        "gen",
        "sudoku",
        "--difficulty",
        "hard",
        "--count",
        "2",
        "--seed",
        "42",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    for line in json_lines(&o) {
        let id = line["id"].as_str().unwrap();
        let shown = dayseed(&["show", id, "--json", "--solution"]);
        assert!(shown.status.success(), "{}", stderr(&shown));
        let shown: Value = serde_json::from_str(stdout(&shown).trim()).unwrap();
        assert_eq!(shown["digest"], line["digest"]);
        assert_eq!(shown["puzzle"], line["puzzle"]);
        assert_eq!(shown["solution"], line["solution"]);
        // Without --solution the answer is not printed.
        let public = dayseed(&["show", id, "--json"]);
        let public: Value = serde_json::from_str(stdout(&public).trim()).unwrap();
        assert!(public.get("solution").is_none());
        assert_eq!(public["digest"], line["digest"]);
    }
}

#[test]
fn daily_sudoku_names_the_day_and_draws_the_grid() {
    let o = dayseed(&[
        "daily",
        "sudoku",
        "--date",
        "2026-08-06",
        "--tz",
        "Asia/Seoul",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.starts_with("sudoku:DAILY-device-local-v1-20671-MEDIUM-g4\n"),
        "{text}"
    );
    assert!(
        text.contains("difficulty: MEDIUM") || text.contains("note:"),
        "{text}"
    );
    assert!(text.contains("digest:"), "{text}");
    let j = dayseed(&[
        "daily",
        "sudoku",
        "--date",
        "2026-08-06",
        "--day-policy",
        "utc-v1",
        "--difficulty",
        "easy",
        "--json",
    ]);
    assert!(j.status.success(), "{}", stderr(&j));
    let v: Value = serde_json::from_str(stdout(&j).trim()).unwrap();
    assert_eq!(v["id"], Value::from("sudoku:DAILY-utc-v1-20671-EASY-g4"));
    assert_eq!(v["date"], Value::from("2026-08-06"));
    assert!(v.get("solution").is_none());
    // Without --date the local day is used: the id names today's epoch day.
    let today = dayseed(&["daily", "sudoku", "--json", "--day-policy", "utc-v1"]);
    assert!(today.status.success(), "{}", stderr(&today));
}

#[test]
fn an_exhausted_budget_is_a_report_not_an_error() {
    let empty = ".".repeat(81);
    let o = dayseed_stdin(
        &["solve", "sudoku", "-", "--budget", "1"],
        &format!("{empty}\n"),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["status"], "budget_exhausted", "{}", lines[0]);
    assert_eq!(lines[0]["solutions"], Value::Null);
    assert_eq!(lines[0]["solution"], Value::Null);
    assert_eq!(lines[0]["index"], 1);
}

#[test]
fn solve_reports_counts_and_goes_on_past_bad_lines() {
    let generated = dayseed(&["gen", "sudoku", "--difficulty", "easy", "--count", "1"]);
    let line: Value = serde_json::from_str(stdout(&generated).lines().next().unwrap()).unwrap();
    let puzzle = line["puzzle"].as_str().unwrap().to_string();
    let solution = line["solution"].as_str().unwrap().to_string();
    let empty = ".".repeat(81);
    let bad = format!("{}#{}", &puzzle[..6], &puzzle[7..]);
    let input = format!("{puzzle}\n\n{bad}\n{empty}\nshort\n");
    let o = dayseed_stdin(&["solve", "sudoku", "-"], &input);
    assert_eq!(o.status.code(), Some(1), "bad records make the exit code 1");
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 2, "the good records are still solved");
    assert_eq!(lines[0]["solutions"], Value::from(1));
    assert_eq!(lines[0]["solution"], Value::from(solution));
    assert!(lines[0]["grade"].is_object());
    assert_eq!(lines[1]["solutions"], Value::from(2));
    assert_eq!(lines[0]["status"], "solved");
    assert_eq!(lines[1]["status"], "multiple");
    assert!(lines[0]["nodes"].as_u64().is_some_and(|n| n > 0));
    let err = stderr(&o);
    assert!(err.contains("puzzle 2 (line 3)"), "{err}");
    assert!(err.contains("column 7"), "{err}");
    assert!(err.contains("puzzle 4 (line 5)"), "{err}");
}

#[test]
fn errors_have_clear_messages_and_exit_codes() {
    let usage = dayseed(&["gen"]);
    assert_eq!(usage.status.code(), Some(2));
    let unknown = dayseed(&["gen", "chess"]);
    assert_eq!(
        unknown.status.code(),
        Some(2),
        "an unknown genre is a usage error"
    );
    assert!(
        stderr(&unknown).contains("unknown genre 'chess'"),
        "{}",
        stderr(&unknown)
    );
    assert!(stderr(&unknown).contains("sudoku"));
    let version = dayseed(&["show", "sudoku:SEED-1-EASY-g5"]);
    assert_eq!(version.status.code(), Some(1));
    assert!(
        stderr(&version).contains("supported: g1, g2, g3, g4"),
        "{}",
        stderr(&version)
    );
    let malformed = dayseed(&["show", "sudoku:SEED-x-EASY-g1"]);
    assert_eq!(malformed.status.code(), Some(1));
    assert!(stderr(&malformed).contains("malformed id"));
    let flag = dayseed(&["gen", "sudoku", "--level", "3"]);
    assert_eq!(
        flag.status.code(),
        Some(2),
        "a flag the genre does not take"
    );
    assert!(stderr(&flag).contains("--level"), "{}", stderr(&flag));
    let tz = dayseed(&["daily", "sudoku", "--tz", "Mars/Olympus"]);
    assert_eq!(tz.status.code(), Some(2));
    assert!(stderr(&tz).contains("Mars/Olympus"));
    // Usage errors the README promises exit 2 for: an unknown difficulty, a missing --state.
    for args in [
        &["gen", "sudoku", "--difficulty", "impossible"][..],
        &["daily", "sudoku", "--difficulty", "impossible"][..],
        &["gen", "sudoku", "--jobs", "0"][..],
        &["hint", "sudoku:SEED-1-EASY-g1"][..],
        &["check", "53..7....", "--state", "x"][..],
        &["solve", "chess", "-"][..],
    ] {
        let o = dayseed(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("--help"), "{args:?}: {}", stderr(&o));
    }
    let o = dayseed(&["gen", "sudoku", "--difficulty", "impossible"]);
    assert!(
        stderr(&o).contains("unknown sudoku difficulty 'impossible'"),
        "{}",
        stderr(&o)
    );
    let o = dayseed(&["hint", "sudoku:SEED-1-EASY-g1"]);
    assert!(stderr(&o).contains("--state"), "{}", stderr(&o));
}

#[test]
fn help_states_the_input_formats_with_an_example() {
    for (command, needle) in [
        ("solve", "53..7...."),
        ("hint", "--state"),
        ("check", "sudoku:SEED-42-EASY-g2"),
        ("import", "dayseed gen sudoku"),
    ] {
        let o = dayseed(&[command, "--help"]);
        assert!(o.status.success());
        let out = stdout(&o);
        assert!(out.contains("Example"), "{command}: {out}");
        assert!(out.contains(needle), "{command}: {out}");
    }
}

#[test]
fn hint_and_check_take_an_id_and_entries() {
    let generated = dayseed(&[
        "gen",
        "sudoku",
        "--difficulty",
        "easy",
        "--count",
        "1",
        "--seed",
        "9",
    ]);
    let line: Value = serde_json::from_str(stdout(&generated).lines().next().unwrap()).unwrap();
    let id = line["id"].as_str().unwrap();
    let puzzle = line["puzzle"].as_str().unwrap();
    let solution = line["solution"].as_str().unwrap();
    let won = dayseed(&["check", id, "--state", solution, "--json"]);
    assert!(won.status.success(), "{}", stderr(&won));
    let v: Value = serde_json::from_str(stdout(&won).trim()).unwrap();
    assert_eq!(v["solved"], Value::from(true));
    let hint = dayseed(&["hint", id, "--state", puzzle, "--json"]);
    assert!(hint.status.success(), "{}", stderr(&hint));
    let h: Value = serde_json::from_str(stdout(&hint).trim()).unwrap();
    assert_eq!(h["kind"], Value::from("step"));
    // A wrong entry is pointed out first.
    let blank = puzzle.find('.').unwrap();
    let right = solution.as_bytes()[blank];
    let wrong = if right == b'9' {
        '1'
    } else {
        (right + 1) as char
    };
    let mut entries = puzzle.to_string();
    entries.replace_range(blank..=blank, &wrong.to_string());
    let hint = dayseed(&["hint", id, "--state", &entries, "--json"]);
    let h: Value = serde_json::from_str(stdout(&hint).trim()).unwrap();
    assert_eq!(h["kind"], Value::from("remove_mark"), "{h}");
}

#[test]
fn a_closed_stdout_ends_the_run_quietly() {
    use std::io::{BufRead, BufReader};
    for args in [
        &["gen", "lightsout", "--count", "100000"][..],
        &["genres"][..],
        &["show", "sudoku:SEED-3-EASY-g1"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dayseed"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        assert!(!first.is_empty(), "{args:?}");
        // The reader is dropped here: the rest of the output hits a closed pipe.
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.status.success(), "{args:?}: {:?} {err}", out.status);
    }
}

#[test]
fn genres_text_shows_capabilities() {
    let o = dayseed(&["genres"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let sudoku = out.lines().find(|l| l.starts_with("sudoku")).unwrap();
    assert!(
        sudoku.contains("logic puzzle: unique solutions, count, grade, hint, svg"),
        "{sudoku}"
    );
    let starlink = out.lines().find(|l| l.starts_with("starlink")).unwrap();
    assert!(
        starlink.contains("no grade"),
        "a lacking capability is named: {starlink}"
    );
}

#[test]
fn boards_go_out_and_come_back_in_other_players_forms() {
    for (genre, id) in [
        ("sudoku", "sudoku:SEED-42-HARD-g2"),
        ("slitherlink", "slitherlink:SEED-42-7x7-L3-g1"),
    ] {
        let o = dayseed(&["show", id, "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let line: Value = serde_json::from_str(stdout(&o).trim()).unwrap();
        let link = line["puzzlink"].as_str().unwrap();
        let tatham = line["tatham"].as_str().unwrap();
        assert!(link.starts_with("https://puzz.link/p?"), "{link}");
        // Both forms are read back by solve, giving the same (unique) board.
        let input = format!("{link}\n\n{tatham}\n");
        let solved = Command::new(env!("CARGO_BIN_EXE_dayseed"))
            .args(["solve", genre, "-", "--no-grade"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                child.stdin.take().unwrap().write_all(input.as_bytes())?;
                child.wait_with_output()
            })
            .unwrap();
        assert!(solved.status.success(), "{genre}: {}", stderr(&solved));
        let reports = json_lines(&solved);
        assert_eq!(reports.len(), 2, "{genre}");
        for r in &reports {
            assert_eq!(r["solutions"], Value::from(1), "{genre}: {r}");
        }
    }
    let wrong = dayseed(&[
        "check",
        "https://puzz.link/p?slither/3/3/abc",
        "--genre",
        "sudoku",
        "--state",
        "x",
    ]);
    assert_eq!(wrong.status.code(), Some(1));
    assert!(stderr(&wrong).contains("'slither'"), "{}", stderr(&wrong));
}

/// Game ids printed by Simon Tatham's puzzles (`sgt-solo --generate 2 3x3dh`,
/// `sgt-loopy --generate 2 7x7t0dh`): each denotes a board with exactly one solution.
const TATHAM_UNIQUE: [&str; 4] = [
    "3x3:a3b8i2_9a6_1_6c9_8d4_5_6_1c6g4c4_7_3_1d1_2c5_8_7a2_1i3b4a",
    "3x3:6a9_8a4b5b5_2b6j9g3_4b4a1a7b5_1g9j6b7_3b7b3a1_5a2",
    "7x7t0:a2a22233g1b232a121b13a3a31d2a2a3a23213",
    "7x7t0:a23a2a32a2b3b2a1a22c0c3a1a1a2b1a3a333a2b2",
];

#[test]
fn show_reads_published_tatham_ids_and_finds_their_one_solution() {
    for id in TATHAM_UNIQUE {
        let o = dayseed(&["show", id]);
        assert!(o.status.success(), "{id}: {}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains("solutions:  exactly one"), "{id}:\n{out}");
        // The board written back in Tatham's form is the id we read.
        assert!(out.contains(&format!("tatham:     {id}")), "{id}:\n{out}");
    }
    // The first Solo id's first row is `.3..8....`.
    let first = stdout(&dayseed(&["show", "--json", TATHAM_UNIQUE[0]]));
    let v: Value = serde_json::from_str(first.trim()).unwrap();
    assert_eq!(v["genre"], "sudoku");
    assert!(
        v["puzzle"]["puzzle"]
            .as_str()
            .unwrap()
            .starts_with(".3..8...."),
        "{v}"
    );
    assert!(
        v["puzzlink"]
            .as_str()
            .unwrap()
            .starts_with("https://puzz.link/p?sudoku/9/9/")
    );
}

#[test]
fn show_and_check_read_flip_ids_and_puzzlink_urls() {
    // `sgt-flip --generate 1 3x3c`: lit cells (1,1) (1,2) (2,3) (3,2).
    let flip = "3x3:d074191345d1644c17058,c50";
    let o = dayseed(&["show", "--json", flip]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["genre"], "lightsout");
    assert_eq!(
        v["puzzle"]["board"],
        serde_json::json!(["110", "001", "010"])
    );
    assert_eq!(v["tatham"], flip);
    // Pressing (0,0) clears (0,0),(0,1) and lights (1,0); the board is not yet solved.
    let o = dayseed(&["check", flip, "--state", r#"{"presses":[[0,0]]}"#]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("not solved"), "{}", stdout(&o));

    let url = "https://puzz.link/p?slither/3/2/876";
    let o = dayseed(&["show", url]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains(&format!("puzz.link:  {url}")),
        "{}",
        stdout(&o)
    );

    // A random-pattern Flip id is another game, and says so.
    let o = dayseed(&["show", "3x3:d0701b1342cb644c27058,b30"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("not Lights Out's cross"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn state_files_are_read_through_a_bounded_reader() {
    let id = "sudoku:SEED-9-EASY-g1";
    // A device reports size 0; it must still stop at the limit, at once, with a clear error.
    #[cfg(unix)]
    {
        let started = std::time::Instant::now();
        let out = dayseed(&["hint", id, "--state-file", "/dev/zero"]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains("/dev/zero is larger than 1048576 bytes"),
            "{err}"
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(10));
    }
    // Standard input goes through the same reader.
    let big = "1".repeat((1 << 20) + 10);
    let out = dayseed_stdin(&["hint", id, "--state-file", "-"], &big);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("standard input is larger than"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn urls_of_puzzles_we_do_not_read_say_so() {
    let o = dayseed(&["show", "https://puzz.link/p?lightup/3/3/0"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("'lightup' URLs are not boards dayseed reads"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_database_open_error_is_said_once() {
    let dir = std::env::temp_dir().join(format!("dayseed-no-such-dir-{}", std::process::id()));
    let db = dir.join("x").join("db.sqlite");
    let out = dayseed(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--db",
        db.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    let first = err.lines().next().unwrap_or_default().to_string();
    assert!(first.contains("unable to open database file"), "{err}");
    assert_eq!(
        first.matches("unable to open database file").count(),
        1,
        "{err}"
    );
}
