//! The OpenAPI document is served, and lists every route of the router with its methods.

mod common;

use common::http::{get, request};
use common::start;

/// `(path, methods)` for every `.route(...)` in src/routes.rs, read from the source.
fn routes_in_source() -> Vec<(String, Vec<String>)> {
    let src = include_str!("../src/routes.rs");
    let mut out = Vec::new();
    // A call may be split over lines by rustfmt; the module docs mention `.route(...)` too.
    for chunk in src
        .split(".route(")
        .skip(1)
        .filter_map(|c| c.trim_start().strip_prefix('"'))
    {
        let (path, rest) = chunk.split_once('"').expect("route path literal");
        let call_end = rest.find(".route(").unwrap_or(rest.len());
        let call = &rest[..call_end];
        let methods: Vec<String> = ["get", "post", "put", "delete", "patch", "any"]
            .into_iter()
            .filter(|m| call.contains(&format!("{m}(")))
            .map(String::from)
            .collect();
        out.push((path.to_string(), methods));
    }
    out
}

#[test]
fn every_route_is_documented() {
    let s = start();
    let r = get(s.addr, "/api/v1/openapi.json");
    assert_eq!(r.status, 200);
    let doc = r.json();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    let paths = doc["paths"].as_object().unwrap();
    let routes = routes_in_source();
    assert!(routes.len() >= 11, "{routes:?}");
    for (path, methods) in &routes {
        if methods == &["any"] {
            continue; // the JSON 404 for unknown /api paths
        }
        let item = paths
            .get(path)
            .unwrap_or_else(|| panic!("route {path} missing from openapi.json"));
        for m in methods {
            assert!(
                item.get(m).is_some(),
                "{m} {path} missing from openapi.json"
            );
        }
        let documented = item.as_object().unwrap().len();
        assert_eq!(
            documented,
            methods.len(),
            "{path}: documented methods are all routed"
        );
    }
    assert_eq!(
        paths.len(),
        routes.iter().filter(|(_, m)| m != &["any"]).count(),
        "no documented path without a route"
    );
}

#[test]
fn every_documented_operation_is_answered() {
    let s = start();
    let doc = get(s.addr, "/api/v1/openapi.json").json();
    for (path, item) in doc["paths"].as_object().unwrap() {
        let concrete = path
            .replace("{genre}", "toy")
            .replace("{id}", "toy:SEED-1-S4-g3")
            .replace("{session}", &"0".repeat(32));
        for method in item.as_object().unwrap().keys() {
            let body = (method != "get").then_some("{}");
            let r = request(s.addr, &method.to_uppercase(), &concrete, body);
            assert_ne!(r.status, 405, "{method} {path}");
            if r.status == 404 {
                assert_ne!(
                    r.json()["error"]["message"]
                        .as_str()
                        .map(|m| m.starts_with("no API route")),
                    Some(true),
                    "{method} {path}"
                );
            }
        }
    }
}

/// The served document lists the time zones `tz` accepts (schemathesis reads it: a zone the
/// document allows must be answered, one it does not must be refused).
#[test]
fn tz_parameter_lists_the_accepted_zones() {
    let s = start();
    let doc = get(s.addr, "/api/v1/openapi.json").json();
    let params = doc["paths"]["/api/v1/daily/{genre}"]["get"]["parameters"]
        .as_array()
        .expect("daily parameters");
    let tz = params
        .iter()
        .find(|p| p["name"] == "tz")
        .expect("a tz parameter");
    let zones: Vec<&str> = tz["schema"]["enum"]
        .as_array()
        .expect("tz lists its zones")
        .iter()
        .map(|z| z.as_str().unwrap())
        .collect();
    assert!(zones.len() > 300, "{} zones", zones.len());
    for zone in ["Asia/Seoul", "Europe/Paris", "UTC", "Pacific/Kiritimati"] {
        assert!(zones.contains(&zone), "{zone} missing");
    }
    let max = tz["schema"]["maxLength"].as_u64().unwrap() as usize;
    assert!(zones.iter().all(|z| z.len() <= max));
    for zone in ["Asia/Seoul", "America/Argentina/Buenos_Aires"] {
        let r = get(
            s.addr,
            &format!("/api/v1/daily/toy?policy=device-local-v1&tz={zone}"),
        );
        assert_eq!(r.status, 200, "{zone}");
    }
    let r = get(
        s.addr,
        "/api/v1/daily/toy?policy=device-local-v1&tz=Mars/Olympus",
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("Mars/Olympus"), "{}", r.body);
}

/// The served document carries the server's display-name pattern on every name it takes.
#[test]
fn display_names_carry_the_servers_pattern() {
    let s = start();
    let doc = get(s.addr, "/api/v1/openapi.json").json();
    for pointer in [
        "/components/schemas/NewPlayer/properties/name/pattern",
        "/components/schemas/Rename/properties/name/pattern",
    ] {
        let pattern = doc
            .pointer(pointer)
            .and_then(|p| p.as_str())
            .expect(pointer);
        // Latin letters without the multiplication sign (U+00D7), Hangul syllables shared.
        assert!(
            pattern.contains("\\u00C0-\\u00D6\\u00D8-\\u00F6"),
            "{pattern}"
        );
        assert!(pattern.contains("\\uAC00-\\uD7A3"), "{pattern}");
        assert!(pattern.starts_with("^(?! )"), "{pattern}");
    }
}
