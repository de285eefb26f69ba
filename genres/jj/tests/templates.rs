//! The chamber library: every template parses, keeps the entry/exit convention, and its authored
//! plan clears the chamber with margins for every combination of its parameter values.

use dayseed_jj::build::Builder;
use dayseed_jj::template::{EDGE, FLOOR, library};

#[test]
fn names_are_unique_and_tiers_in_range() {
    let lib = library();
    assert!(lib.len() >= 8, "{} templates", lib.len());
    let mut names: Vec<&str> = lib.iter().map(|t| t.name.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), lib.len());
    assert!(lib.iter().all(|t| (1..=3).contains(&t.tier)));
    for tier in 1..=3 {
        assert!(
            lib.iter().any(|t| t.tier == tier),
            "tier {tier} has templates"
        );
    }
}

#[test]
fn chambers_start_and_end_on_plain_floor() {
    for t in library() {
        for values in t.all_values() {
            let c = t.instantiate(&values).expect("values in range");
            let w = c.rows[0].len();
            for col in (0..EDGE).chain(w - EDGE..w) {
                for (r, row) in c.rows.iter().enumerate() {
                    let want = if r >= FLOOR { b'#' } else { b'.' };
                    assert_eq!(
                        row.as_bytes()[col],
                        want,
                        "{} {values:?} row {r} col {col}",
                        t.name
                    );
                }
            }
        }
    }
}

#[test]
fn every_plan_clears_its_chamber_with_margins() {
    for t in library() {
        for values in t.all_values() {
            let c = t.instantiate(&values).expect("values in range");
            let mut b = Builder::new();
            if let Err(f) = b.add_chamber(&c) {
                panic!("{} {values:?}: {}", t.name, f.0);
            }
        }
    }
}

#[test]
fn out_of_range_values_are_refused() {
    let lib = library();
    let t = lib
        .iter()
        .find(|t| !t.params.is_empty())
        .expect("a template with params");
    let mut v: Vec<u32> = t.params.iter().map(|p| p.hi).collect();
    v[0] += 1;
    assert!(t.instantiate(&v).is_err());
    assert!(t.instantiate(&[]).is_err());
}

#[test]
fn malformed_template_files_get_clear_errors() {
    use dayseed_jj::template::Template;
    let e = Template::parse("name: x\nplan:\n10 R\nmap:\n>.\n").unwrap_err();
    assert!(
        e.message().contains("ticks A-keys B-keys"),
        "{}",
        e.message()
    );
    let e = Template::parse("name: x\nplan:\n10 R Q\nmap:\n>.\n").unwrap_err();
    assert!(e.message().contains("'Q'"), "{}", e.message());
    let e = Template::parse("name: x\nplan:\n10+3z R R\nmap:\n>.\n").unwrap_err();
    assert!(e.message().contains("unknown param"), "{}", e.message());
    let e = Template::parse("name: x\nplan:\n10 R R\nmap:\n>..\n..\n").unwrap_err();
    assert!(e.message().contains("rows"), "{}", e.message());
}
