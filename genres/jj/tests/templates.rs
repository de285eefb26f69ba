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

#[test]
fn g1_keeps_its_frozen_list_and_g2_adds_the_hanging_templates() {
    use dayseed_jj::template::library_for;
    let g1 = library_for(1).expect("g1 has a list");
    let g2 = library_for(2).expect("g2 has a list");
    assert_eq!(g1.len(), 22, "g1's list is frozen");
    assert!(g2.len() >= 24, "g2 has {} templates", g2.len());
    for (a, b) in g1.iter().zip(&g2) {
        assert_eq!(a.name, b.name, "g2 starts with g1's list in g1's order");
    }
    for name in ["swing", "hang"] {
        assert!(g1.iter().all(|t| t.name != name), "{name} is not in g1");
        assert!(g2.iter().any(|t| t.name == name), "{name} is in g2");
    }
    assert!(library_for(0).is_none() && library_for(3).is_none());
}

/// The hanging templates really hang: with every grip taken out of the plan, B (the core that steps
/// into the pit) is not held by the rope and the chamber fails because of it.
#[test]
fn the_hanging_templates_need_the_anchor() {
    for t in library()
        .into_iter()
        .filter(|t| t.name == "swing" || t.name == "hang")
    {
        for values in t.all_values() {
            let mut c = t.instantiate(&values).expect("values in range");
            assert!(Builder::new().add_chamber(&c).is_ok());
            for (_, keys) in &mut c.plan {
                keys[0][3] = false;
                keys[1][3] = false;
            }
            let f = Builder::new()
                .add_chamber(&c)
                .expect_err("the plan without grips must fail");
            assert!(f.0.contains("core B"), "{} {values:?}: {}", t.name, f.0);
        }
    }
}
