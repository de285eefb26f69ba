//! Over real sockets: `/readyz` reports the database and its migrations, every response carries
//! the security headers, the web directory serves only the page's own files and never follows a
//! symbolic link out of itself, and an over-limit body announced with `Expect: 100-continue` is
//! refused before the client sends it.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::http::{get, request};
use common::{start, start_sqlite, start_with};
use dayseed_server::AppOptions;

#[test]
fn readyz_reports_the_database_and_its_migrations() {
    // SQLite whichever backend the suite runs on: the test edits the database file directly.
    let s = start_sqlite();
    let r = get(s.addr, "/readyz");
    assert_eq!(r.status, 200, "{}", r.body);
    let body = r.json();
    assert_eq!(body["status"], "ready");
    assert_eq!(body["database"]["database_ok"], true);
    assert_eq!(
        body["database"]["schema_version"],
        body["database"]["schema_expected"]
    );
    let expected = body["database"]["schema_expected"].as_i64().unwrap();
    assert!(expected >= 2);

    // A migration missing from the file: not ready, and the body says which version it found.
    let conn = rusqlite::Connection::open(&s.db).unwrap();
    conn.execute("DELETE FROM schema_version WHERE version = ?1", [expected])
        .unwrap();
    let r = get(s.addr, "/readyz");
    assert_eq!(r.status, 503, "{}", r.body);
    let body = r.json();
    assert_eq!(body["status"], "not_ready");
    assert_eq!(body["database"]["schema_version"], expected - 1);
    // /healthz only says the process serves HTTP.
    assert_eq!(get(s.addr, "/healthz").status, 200);

    // A database whose requests fail: not ready, naming the error.
    conn.execute_batch("DROP TABLE schema_version").unwrap();
    let r = get(s.addr, "/readyz");
    assert_eq!(r.status, 503, "{}", r.body);
    let body = r.json();
    assert_eq!(body["database"]["database_ok"], false);
    assert!(
        body["database"]["database_error"]
            .as_str()
            .unwrap()
            .contains("schema_version"),
        "{body}"
    );
}

#[test]
fn every_response_carries_the_security_headers() {
    let s = start();
    for path in ["/", "/api/v1/genres", "/api/v1/missing", "/readyz"] {
        let r = get(s.addr, path);
        assert_eq!(
            r.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(r.header("referrer-policy"), Some("no-referrer"), "{path}");
        let csp = r.header("content-security-policy").unwrap_or_default();
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("'wasm-unsafe-eval'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
    }
}

#[test]
fn the_page_satisfies_its_content_security_policy() {
    // No inline script, inline style attribute or foreign origin in the shipped page: the CSP
    // above allows only the page's own files.
    let page = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/index.html"),
    )
    .unwrap();
    let mut rest = page.as_str();
    while let Some(at) = rest.find("<script") {
        let tag_end = rest[at..].find('>').unwrap() + at;
        let tag = &rest[at..tag_end];
        assert!(
            tag.contains("src="),
            "inline script in web/index.html: {tag}"
        );
        rest = &rest[tag_end..];
    }
    assert!(!page.contains("style=\""), "inline style in web/index.html");
    assert!(!page.contains("http://") && !page.contains("https://"));
}

#[test]
fn only_the_pages_own_files_are_served_and_symlinks_stay_inside() {
    let outer = tempfile::tempdir().unwrap();
    std::fs::write(outer.path().join("secret.txt"), "secret").unwrap();
    let web = outer.path().join("web");
    std::fs::create_dir_all(web.join("e2e")).unwrap();
    std::fs::create_dir_all(web.join("games")).unwrap();
    std::fs::write(web.join("index.html"), "<h1>play</h1>").unwrap();
    std::fs::write(web.join("games/sudoku.js"), "export {}").unwrap();
    std::fs::write(web.join("README.md"), "dev notes").unwrap();
    std::fs::write(web.join("package.json"), "{\"dev\":1}").unwrap();
    std::fs::write(web.join("package-lock.json"), "{\"dev\":1}").unwrap();
    std::fs::write(web.join("e2e/play.test.mjs"), "dev test").unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(outer.path().join("secret.txt"), web.join("p.txt")).unwrap();
        std::os::unix::fs::symlink(outer.path(), web.join("up")).unwrap();
        std::os::unix::fs::symlink(web.join("games/sudoku.js"), web.join("alias.js")).unwrap();
    }
    let s = start_with(AppOptions {
        web_dir: Some(web.clone()),
        ..AppOptions::default()
    });
    assert_eq!(get(s.addr, "/").body, "<h1>play</h1>");
    assert_eq!(get(s.addr, "/games/sudoku.js").body, "export {}");
    for dev in [
        "/README.md",
        "/package.json",
        "/package-lock.json",
        "/e2e/play.test.mjs",
        "/e2e/",
        "/%65%32%65/play.test.mjs",
    ] {
        let r = get(s.addr, dev);
        assert_eq!(r.status, 404, "{dev}: {}", r.body);
        assert!(!r.body.contains("dev"), "{dev}");
    }
    #[cfg(unix)]
    {
        for escape in ["/p.txt", "/up/secret.txt", "/up/web/../secret.txt", "/up/"] {
            // Twice: once loading, once from whatever the server kept.
            for _ in 0..2 {
                let r = get(s.addr, escape);
                assert_eq!(r.status, 404, "{escape}: {}", r.body);
                assert!(!r.body.contains("secret"), "{escape}");
            }
        }
        // A link that stays inside the web directory is fine.
        assert_eq!(get(s.addr, "/alias.js").body, "export {}");
    }
}

#[test]
fn an_announced_over_limit_body_is_refused_before_it_is_sent() {
    let s = start();
    let mut stream = TcpStream::connect(s.addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let head = "POST /api/v1/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
                Content-Length: 1000000000\r\nExpect: 100-continue\r\n\r\n";
    let started = Instant::now();
    stream.write_all(head.as_bytes()).unwrap();
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    // Read until the head of the first response is complete (the server may close after it).
    while !answer.windows(4).any(|w| w == b"\r\n\r\n") {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => answer.extend_from_slice(&buf[..n]),
            Err(e) => panic!("no answer: {e}"),
        }
    }
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(!answer.contains("100 Continue"), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(5));
    // A body within the limit still gets its go-ahead and an answer.
    let r = request(s.addr, "POST", "/api/v1/check", Some("{}"));
    assert_eq!(r.status, 400, "{}", r.body);
}
