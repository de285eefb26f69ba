//! The accept loop's limits over real sockets: a client that never finishes its headers is
//! disconnected, and the connection cap makes further clients wait instead of piling up.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use common::start_with_limits;
use dayseed_server::AppOptions;
use dayseed_server::listen::ConnectionLimits;

const HEALTH: &[u8] = b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";

fn limits(max_connections: usize) -> ConnectionLimits {
    ConnectionLimits {
        header_read_timeout: Duration::from_millis(500),
        max_connections,
        drain_timeout: Duration::from_secs(1),
        max_connections_per_peer: 256,
        ..ConnectionLimits::default()
    }
}

/// Reads until the server closes the connection; a read timeout far above the header deadline
/// turns a connection that is never closed into a test failure instead of a hang.
fn read_until_closed(stream: &mut TcpStream) -> String {
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut answer = Vec::new();
    match stream.read_to_end(&mut answer) {
        Ok(_) => String::from_utf8_lossy(&answer).into_owned(),
        // A reset is also a close.
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => String::new(),
        Err(e) => panic!("the server kept the connection open: {e}"),
    }
}

#[test]
fn unfinished_headers_are_cut_off() {
    let s = start_with_limits(AppOptions::default(), limits(16));
    for partial in [&b""[..], b"GET /healthz HTTP/1.1\r\nHost: x\r\n"] {
        let mut stream = TcpStream::connect(s.addr).unwrap();
        stream.write_all(partial).unwrap();
        let answer = read_until_closed(&mut stream);
        assert!(!answer.contains("200 OK"), "{answer}");
    }
    // A complete request on a fresh connection is still answered.
    let mut stream = TcpStream::connect(s.addr).unwrap();
    stream.write_all(HEALTH).unwrap();
    let answer = read_until_closed(&mut stream);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[test]
fn the_connection_cap_queues_clients_until_a_slot_frees() {
    let s = start_with_limits(AppOptions::default(), limits(1));
    // The only slot is held by a client that sends nothing; the next client's request waits
    // in the accept queue and is answered once the idle one is cut off.
    let idle = TcpStream::connect(s.addr).unwrap();
    let mut waiting = TcpStream::connect(s.addr).unwrap();
    waiting.write_all(HEALTH).unwrap();
    let answer = read_until_closed(&mut waiting);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    drop(idle);
}

#[test]
fn one_peer_cannot_hold_every_slot() {
    let s = start_with_limits(
        AppOptions::default(),
        ConnectionLimits {
            max_connections_per_peer: 4,
            header_read_timeout: Duration::from_secs(5),
            ..ConnectionLimits::default()
        },
    );
    // 127.0.0.1 holds four idle connections; its fifth is refused at once with a 429.
    let idle: Vec<TcpStream> = (0..4)
        .map(|_| TcpStream::connect(s.addr).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let mut fifth = TcpStream::connect(s.addr).unwrap();
    let started = std::time::Instant::now();
    let answer = read_until_closed(&mut fifth);
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    assert!(answer.contains("too_many_connections") && answer.contains("retry-after: 1"));
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    // Another address (127.0.0.2, also loopback) is served meanwhile.
    if let Ok(mut other) =
        TcpStream::connect((std::net::Ipv4Addr::new(127, 0, 0, 2), s.addr.port()))
    {
        other.write_all(HEALTH).unwrap();
        assert!(read_until_closed(&mut other).starts_with("HTTP/1.1 200"));
    }
    // A freed slot is usable again.
    drop(idle);
    std::thread::sleep(Duration::from_millis(200));
    let mut again = TcpStream::connect(s.addr).unwrap();
    again.write_all(HEALTH).unwrap();
    assert!(read_until_closed(&mut again).starts_with("HTTP/1.1 200"));
}

#[test]
fn one_peer_sending_too_fast_gets_429_with_retry_after() {
    let s = start_with_limits(
        AppOptions::default(),
        ConnectionLimits {
            requests_per_second: 2,
            request_burst: 3,
            ..ConnectionLimits::default()
        },
    );
    // Within the burst every request is served; then the address is over its rate, on any of
    // its connections, and learns when to come back.
    let mut statuses = Vec::new();
    let mut refused = None;
    for _ in 0..8 {
        let mut stream = TcpStream::connect(s.addr).unwrap();
        stream.write_all(HEALTH).unwrap();
        let answer = read_until_closed(&mut stream);
        statuses.push(answer[9..12].to_string());
        if answer.starts_with("HTTP/1.1 429") {
            refused = Some(answer);
        }
    }
    assert_eq!(&statuses[..4], ["200", "200", "200", "200"], "{statuses:?}");
    assert!(statuses[4..].iter().all(|s| s == "429"), "{statuses:?}");
    let refused = refused.unwrap();
    assert!(refused.contains("too_many_requests"), "{refused}");
    assert!(refused.contains("retry-after: 1"), "{refused}");
    // Another loopback address keeps its own budget.
    if let Ok(mut other) =
        TcpStream::connect((std::net::Ipv4Addr::new(127, 0, 0, 3), s.addr.port()))
    {
        other.write_all(HEALTH).unwrap();
        assert!(read_until_closed(&mut other).starts_with("HTTP/1.1 200"));
    }
    // After the advertised wait the address is served again.
    std::thread::sleep(Duration::from_millis(1100));
    let mut again = TcpStream::connect(s.addr).unwrap();
    again.write_all(HEALTH).unwrap();
    assert!(read_until_closed(&mut again).starts_with("HTTP/1.1 200"));
}
