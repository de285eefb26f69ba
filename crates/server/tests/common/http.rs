//! A minimal blocking HTTP/1.1 client over std's TcpStream, for tests (one request per
//! connection, `Connection: close`). Shared by the server's and the CLI's integration tests.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// A response: status, lower-cased header names, body text.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Response {
    /// The body parsed as JSON (panics with the body when it is not JSON).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Sends one request; `Err` on connection errors (e.g. the server was killed).
pub fn try_request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
) -> std::io::Result<Response> {
    try_request_with(addr, method, path, body, &[])
}

/// [`try_request`] with extra request headers.
pub fn try_request_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
    headers: &[(&str, &str)],
) -> std::io::Result<Response> {
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(10))?;
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if let Some(b) = body {
        head.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            b.len()
        ));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    if let Some(b) = body {
        stream.write_all(b)?;
    }
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw)?;
    parse(&raw).ok_or_else(|| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("bad response: {}", String::from_utf8_lossy(&raw)),
        )
    })
}

/// Sends one request and panics on connection errors.
pub fn request(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> Response {
    try_request(addr, method, path, body.map(str::as_bytes))
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"))
}

/// A request carrying `Authorization: Bearer <token>`; panics on connection errors.
pub fn authed(
    addr: SocketAddr,
    token: &str,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> Response {
    let bearer = format!("Bearer {token}");
    try_request_with(
        addr,
        method,
        path,
        body.map(str::as_bytes),
        &[("Authorization", &bearer)],
    )
    .unwrap_or_else(|e| panic!("{method} {path}: {e}"))
}

/// Creates a player named `name` and returns its token (panics unless 201).
pub fn new_player(addr: SocketAddr, name: &str) -> String {
    let r = post(
        addr,
        "/api/v1/players",
        &serde_json::json!({ "name": name }),
    );
    assert_eq!(r.status, 201, "creating player {name}: {}", r.body);
    r.json()["token"].as_str().expect("token").to_string()
}

/// Starts (or resumes) `token`'s play session on `id` and returns the session id.
pub fn new_session(addr: SocketAddr, token: &str, id: &str) -> String {
    let body = serde_json::json!({ "id": id }).to_string();
    let r = authed(addr, token, "POST", "/api/v1/sessions", Some(&body));
    assert!(
        r.status == 201 || r.status == 200,
        "session on {id}: {}",
        r.body
    );
    r.json()["session"].as_str().expect("session").to_string()
}

/// `GET path`.
pub fn get(addr: SocketAddr, path: &str) -> Response {
    request(addr, "GET", path, None)
}

/// `POST path` with a JSON body.
pub fn post(addr: SocketAddr, path: &str, body: &serde_json::Value) -> Response {
    request(addr, "POST", path, Some(&body.to_string()))
}

fn parse(raw: &[u8]) -> Option<Response> {
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&raw[..split]).ok()?;
    let mut lines = head.split("\r\n");
    let status: u16 = lines.next()?.split(' ').nth(1)?.parse().ok()?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let rest = &raw[split + 4..];
    let chunked = headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
    let body = if chunked {
        dechunk(rest)?
    } else {
        rest.to_vec()
    };
    Some(Response {
        status,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    })
}

fn dechunk(mut data: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n")?;
        let size_text = std::str::from_utf8(&data[..line_end]).ok()?;
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        data = &data[line_end + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(data.get(..size)?);
        data = data.get(size + 2..)?;
    }
}
