//! Load for `bench/replicas.sh`: drives one or more `dayseed serve` replicas over keep-alive
//! HTTP/1.1 connections from blocking threads (the style of `crates/cli/tests/replicas.rs`) and
//! prints one line of figures: requests a second, p50 and p99 latency, errors.
//!
//! ```text
//! replica_load --targets 127.0.0.1:8081,127.0.0.1:8082 --mode daily|scores \
//!              [--threads 16] [--seconds 10] [--players 64] [--boards 4]
//! ```
//!
//! * `daily`: `GET /api/v1/daily/sudoku`, spread over the targets by thread.
//! * `scores`: first (untimed) creates `--players` players, each with a play session on each of
//!   `--boards` seeded Sudoku boards, spread over the targets; then every request is a
//!   `POST /api/v1/scores` of a valid solution for one of those sessions (verified, timed by the
//!   server and upserted as the player's best, like a real submission).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// One keep-alive connection to one replica.
struct Conn {
    addr: SocketAddr,
    reader: BufReader<TcpStream>,
}

impl Conn {
    fn open(addr: SocketAddr) -> std::io::Result<Conn> {
        let stream = TcpStream::connect_timeout(&addr, Duration::from_secs(10))?;
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(Duration::from_secs(60)))?;
        Ok(Conn {
            addr,
            reader: BufReader::new(stream),
        })
    }

    /// Sends one request and reads its answer: `(status, body)`. Reconnects once when the
    /// server closed the idle connection.
    fn call(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&str>,
    ) -> std::io::Result<(u16, String)> {
        match self.try_call(method, path, token, body) {
            Ok(answer) => Ok(answer),
            Err(_) => {
                *self = Conn::open(self.addr)?;
                self.try_call(method, path, token, body)
            }
        }
    }

    fn try_call(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&str>,
    ) -> std::io::Result<(u16, String)> {
        let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {}\r\n", self.addr);
        if let Some(t) = token {
            head.push_str(&format!("Authorization: Bearer {t}\r\n"));
        }
        let body = body.unwrap_or("");
        if !body.is_empty() || method != "GET" {
            head.push_str(&format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n",
                body.len()
            ));
        }
        head.push_str("\r\n");
        head.push_str(body);
        self.reader.get_mut().write_all(head.as_bytes())?;
        let bad =
            |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
        let mut line = String::new();
        if self.reader.read_line(&mut line)? == 0 {
            return Err(bad("connection closed"));
        }
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad("no status"))?;
        let mut length = None;
        let mut close = false;
        loop {
            line.clear();
            self.reader.read_line(&mut line)?;
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':') {
                let (name, value) = (name.to_ascii_lowercase(), value.trim());
                if name == "content-length" {
                    length = value.parse::<usize>().ok();
                } else if name == "connection" && value.eq_ignore_ascii_case("close") {
                    close = true;
                }
            }
        }
        let mut buf = vec![0; length.ok_or_else(|| bad("no content-length"))?];
        self.reader.read_exact(&mut buf)?;
        if close {
            *self = Conn::open(self.addr)?;
        }
        Ok((status, String::from_utf8_lossy(&buf).into_owned()))
    }
}

struct Options {
    targets: Vec<SocketAddr>,
    mode: String,
    threads: usize,
    seconds: u64,
    players: usize,
    boards: u64,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        targets: Vec::new(),
        mode: "daily".into(),
        threads: 16,
        seconds: 10,
        players: 64,
        boards: 4,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|e| format!("{flag} {value}: {e}"))
        };
        match flag.as_str() {
            "--targets" => {
                o.targets = value
                    .split(',')
                    .map(|t| t.parse().map_err(|e| format!("--targets {t}: {e}")))
                    .collect::<Result<_, _>>()?;
            }
            "--mode" => o.mode = value.clone(),
            "--threads" => o.threads = number()? as usize,
            "--seconds" => o.seconds = number()?,
            "--players" => o.players = number()? as usize,
            "--boards" => o.boards = number()?,
            other => return Err(format!("unknown flag {other}")),
        }
    }
    if o.targets.is_empty() {
        return Err("--targets ADDR[,ADDR...] is required".into());
    }
    if !["daily", "scores"].contains(&o.mode.as_str()) {
        return Err(format!("--mode {}: daily or scores", o.mode));
    }
    Ok(o)
}

/// One scored request: the session's token and the body to post.
type Submission = (String, String);

/// Creates the players and their sessions; returns what the timed phase posts.
fn prepare_scores(o: &Options) -> Result<Vec<Submission>, String> {
    let registry = dayseed_catalog::registry();
    let genre = registry.get("sudoku").map_err(|e| e.to_string())?;
    let params = genre.daily_params(None).map_err(|e| e.to_string())?;
    let boards: Vec<(String, Value)> = (1..=o.boards)
        .map(|seed| {
            let id = format!("sudoku:SEED-{seed}-{params}-{}", genre.current_version());
            let record = registry.generate(&id).map_err(|e| e.to_string())?;
            Ok((id, json!({"entries": record.puzzle["solution"]})))
        })
        .collect::<Result<_, String>>()?;
    let run = std::process::id();
    let mut out = Vec::new();
    for p in 0..o.players {
        let mut conn = Conn::open(o.targets[p % o.targets.len()]).map_err(|e| e.to_string())?;
        let name = json!({"name": format!("load{run}x{p}")}).to_string();
        let (status, body) = conn
            .call("POST", "/api/v1/players", None, Some(&name))
            .map_err(|e| e.to_string())?;
        if status != 201 {
            return Err(format!("creating a player: {status} {body}"));
        }
        let token = serde_json::from_str::<Value>(&body).map_err(|e| e.to_string())?["token"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        for (id, state) in &boards {
            let start = json!({"id": id}).to_string();
            let (status, body) = conn
                .call("POST", "/api/v1/sessions", Some(&token), Some(&start))
                .map_err(|e| e.to_string())?;
            if status != 201 && status != 200 {
                return Err(format!("starting a session: {status} {body}"));
            }
            let session: Value = serde_json::from_str(&body).map_err(|e| e.to_string())?;
            let score = json!({"session": session["session"], "state": state}).to_string();
            out.push((token.clone(), score));
        }
    }
    Ok(out)
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("replica_load: {e}");
            std::process::exit(2);
        }
    };
    let submissions = if o.mode == "scores" {
        match prepare_scores(&o) {
            Ok(s) => Arc::new(s),
            Err(e) => {
                eprintln!("replica_load: preparing scores: {e}");
                std::process::exit(1);
            }
        }
    } else {
        Arc::new(Vec::new())
    };
    let deadline = Instant::now() + Duration::from_secs(o.seconds);
    let started = Instant::now();
    let workers: Vec<_> = (0..o.threads)
        .map(|t| {
            let target = o.targets[t % o.targets.len()];
            let mode = o.mode.clone();
            let submissions = submissions.clone();
            std::thread::spawn(move || {
                let mut latencies = Vec::new();
                let mut errors = 0u64;
                let Ok(mut conn) = Conn::open(target) else {
                    return (latencies, 1);
                };
                let mut k = t;
                while Instant::now() < deadline {
                    let sent = Instant::now();
                    let answer = if mode == "daily" {
                        conn.call("GET", "/api/v1/daily/sudoku", None, None)
                    } else {
                        let (token, body) = &submissions[k % submissions.len()];
                        k += 7;
                        conn.call("POST", "/api/v1/scores", Some(token), Some(body))
                    };
                    match answer {
                        Ok((200 | 201, _)) => latencies.push(sent.elapsed()),
                        Ok(_) | Err(_) => errors += 1,
                    }
                }
                (latencies, errors)
            })
        })
        .collect();
    let mut all = Vec::new();
    let mut errors = 0;
    for w in workers {
        let (l, e) = w.join().unwrap_or_default();
        all.extend(l);
        errors += e;
    }
    let wall = started.elapsed().as_secs_f64();
    all.sort_unstable();
    let pick = |q: f64| {
        all.get(((all.len() as f64 * q) as usize).min(all.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "mode={} replicas={} threads={} requests={} errors={} req_per_s={:.0} p50_ms={:.2} p99_ms={:.2}",
        o.mode,
        o.targets.len(),
        o.threads,
        all.len(),
        errors,
        all.len() as f64 / wall,
        pick(0.50),
        pick(0.99)
    );
}
