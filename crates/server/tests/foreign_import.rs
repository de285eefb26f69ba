//! `import` takes boards from other players (puzz.link URLs, Simon Tatham game ids) besides
//! `dayseed gen` lines: each is decoded, proven to have one solution, filed under its name by
//! content (`<genre>:legacy-<digest>`) and served by `GET /api/v1/archive/random`.

mod common;

use common::http::get;
use common::{registry, start};
use dayseed_server::{Store, import_into};

const SUDOKU_URL: &str =
    "https://puzz.link/p?sudoku/9/9/5j7g3h13i7g4h76o93g2h91g8n4h588m31k5i3g5h2h";
const SOLO_ID: &str = "3x3:1a7b5c2_9e8c3d2f6_8a4f9_7a9_3c8_6b3b6a1a5b8_5c7e5e";
const SLITHER_URL: &str = "https://puzz.link/p?slither/7/7/ha6b282866ch1736dhah58dg";
const LOOPY_ID: &str = "7x7t0:0b010d1b100c2d2a3b321b1120b0c2b3a";
const FLIP_ID: &str = "3x3:d074191345d1644c17058,c50";

#[test]
fn foreign_lines_are_decoded_proven_unique_and_filed_by_content() {
    let s = start();
    let gen_line = registry()
        .generate("toy:SEED-1-S4-g3")
        .unwrap()
        .to_flat_json()
        .to_string();
    let input = [
        SUDOKU_URL,
        SOLO_ID,
        SLITHER_URL,
        LOOPY_ID,
        FLIP_ID,
        &gen_line,
        // 6: the same board again, with spaces around it.
        &format!("  {SUDOKU_URL}  "),
        // 7: one given and 80 blanks: many solutions.
        "https://puzz.link/p?sudoku/9/9/1zzzzg",
        // 8: a genre dayseed does not read.
        "https://puzz.link/p?lightup/3/3/0",
        // 9: not a board at all.
        "hello world",
        // 10: a sudoku URL whose body is broken.
        "https://puzz.link/p?sudoku/9/9/5j7g3h!",
        // 11: a Flip id whose pattern is not Lights Out's crosses.
        "3x3:d0701b1342cb644c27058,b30",
    ]
    .join("\n");
    let store = Store::connect(&s.db).unwrap();
    let summary = import_into(&store, &registry(), input.as_bytes()).unwrap();
    let problems: Vec<(u64, &str)> = summary
        .problems
        .iter()
        .map(|(n, why)| (*n, why.as_str()))
        .collect();
    assert_eq!(summary.lines, 12, "{problems:?}");
    assert_eq!(summary.rejected, 5, "{problems:?}");
    assert_eq!(summary.duplicates, 1, "{problems:?}");
    assert_eq!(summary.imported, 6, "{problems:?}");
    let lines: Vec<u64> = problems.iter().map(|(n, _)| *n).collect();
    assert_eq!(lines, [8, 9, 10, 11, 12]);
    assert!(
        problems[0].1.contains("more than one solution"),
        "{problems:?}"
    );
    assert!(problems[1].1.contains("'lightup'"), "{problems:?}");
    assert!(
        problems[2].1.contains("neither a JSON line"),
        "{problems:?}"
    );
    assert!(problems[3].1.contains("not a sudoku board"), "{problems:?}");
    assert!(
        problems[4].1.contains("not a lightsout board"),
        "{problems:?}"
    );

    // Served like any archived board, under its name by content, without an answer.
    for genre in ["sudoku", "slitherlink", "lightsout"] {
        let r = get(s.addr, &format!("/api/v1/archive/random?genre={genre}"));
        assert_eq!(r.status, 200, "{}", r.body);
        let v = r.json();
        let digest = v["digest"].as_str().unwrap();
        assert_eq!(v["id"], format!("{genre}:legacy-{digest}"));
        assert_eq!(v["version"], "legacy");
        assert!(v["epoch_day"].is_null() && v["policy"].is_null());
        assert!(v["puzzle"]["solution"].is_null(), "{v}");
        let decoded = registry().get(genre).unwrap().digest(&v["puzzle"]).unwrap();
        assert_eq!(decoded, digest, "the served board is the one its name says");
    }
    // Generated boards are served as before.
    let r = get(s.addr, "/api/v1/archive/random?genre=toy");
    assert_eq!(r.json()["id"], "toy:SEED-1-S4-g3");
}

#[test]
fn the_same_board_in_another_form_is_already_archived() {
    let s = start();
    let store = Store::connect(&s.db).unwrap();
    let first = import_into(
        &store,
        &registry(),
        [SLITHER_URL, SOLO_ID].join("\n").as_bytes(),
    )
    .unwrap();
    assert_eq!(
        (first.imported, first.rejected),
        (2, 0),
        "{:?}",
        first.problems
    );
    // The other form of each board (as `dayseed show` gives it) names the same board.
    let other_forms = [
        "7x7t0:b0b1a1b23a23a1a1a2d12a31a3d0d0a3a3c",
        "https://puzz.link/p?sudoku/9/9/1g7h5i29k8i3j2l68g4l97g93i86h3h6g1g5h85i7k5k",
    ];
    let again = import_into(&store, &registry(), other_forms.join("\n").as_bytes()).unwrap();
    assert_eq!(
        (again.imported, again.duplicates, again.rejected),
        (0, 2, 0),
        "{:?}",
        again.problems
    );
    // Our own text form is not a foreign form: the line is refused, saying what is read.
    let ours = import_into(&store, &registry(), "13..\n2.3.".as_bytes()).unwrap();
    assert_eq!(ours.rejected, 2);
    assert!(
        ours.problems[0].1.contains("puzz.link"),
        "{:?}",
        ours.problems
    );
}
