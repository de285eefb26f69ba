//! Graceful drain of a real `dayseed serve` on SIGTERM: a request in flight when the signal
//! arrives (its body still being sent, slowly) is answered in full, new connections are refused
//! from then on, and the process exits 0 well within the drain timeout (10 s).

mod serve_common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::json;
use serve_common::{TempDir, seeded_id, serve, solved};

/// `ConnectionLimits::default().drain_timeout`.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(10);

#[test]
fn sigterm_finishes_the_request_in_flight_refuses_new_ones_and_exits_0() {
    let dir = TempDir::new("drain");
    let mut served = serve(&dir.0.join("d.sqlite"));
    let addr = served.addr;
    let id = seeded_id(serve_common::genre(), 77);
    let (_, state) = solved(&id);
    let body = json!({"id": id, "state": state}).to_string();
    let (first, rest) = body.as_bytes().split_at(body.len() / 2);

    // A slow client: headers and half the body now, the rest after the signal.
    let mut slow = TcpStream::connect(addr).expect("connect");
    slow.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let head = format!(
        "POST /api/v1/check HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    );
    slow.write_all(head.as_bytes()).unwrap();
    slow.write_all(first).unwrap();
    slow.flush().unwrap();
    // Let the server read the headers and start on the body before the signal.
    std::thread::sleep(Duration::from_millis(300));

    let pid = served.child.id().to_string();
    let signalled = Instant::now();
    let status = Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("run kill");
    assert!(status.success(), "kill -TERM {pid}");

    // New connections are refused once the server has stopped accepting (within a moment).
    let mut refused = false;
    for _ in 0..100 {
        match TcpStream::connect_timeout(&addr, Duration::from_millis(200)) {
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionRefused => {
                refused = true;
                break;
            }
            _ => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    assert!(refused, "new connections are refused after SIGTERM");
    assert!(
        served.child.try_wait().expect("try_wait").is_none(),
        "the process waits for the request in flight"
    );

    // The request in flight finishes: send the rest of its body, read the whole answer.
    std::thread::sleep(Duration::from_millis(500));
    slow.write_all(rest).unwrap();
    let mut raw = Vec::new();
    slow.read_to_end(&mut raw).expect("read the answer");
    let text = String::from_utf8_lossy(&raw);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    let json_body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    let verdict: serde_json::Value = serde_json::from_str(json_body).expect("a JSON verdict");
    assert_eq!(verdict["solved"], true, "{verdict}");

    // Then the process exits, with status 0, within the drain timeout.
    let exited = loop {
        if let Some(status) = served.child.try_wait().expect("try_wait") {
            break status;
        }
        assert!(
            signalled.elapsed() < DRAIN_TIMEOUT,
            "still running {:?} after SIGTERM",
            signalled.elapsed()
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(exited.success(), "exit status {exited}");
    assert!(signalled.elapsed() < DRAIN_TIMEOUT);
}
