//! The hostile clients of `mcp-http-hostile` and the honest one they must
//! not hold up: connections that send a request's headers and stall its
//! body, a flood of new sessions, a client that sends garbage; and an
//! honest session that pings while an agent's hook posts its events.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::header::{ACCEPT, CONTENT_TYPE, HOST};
use hyper::{Method, Request, StatusCode};
use serde::Serialize;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_util::sync::CancellationToken;

use crate::hook_event::{Event, Expect};
use crate::hook_ways::HttpHooks;
use crate::session::{Session, connect};
use crate::wire;

/// Answers counted by status (the first three digits of the status line,
/// or 0 for a connection closed or refused without one).
#[derive(Debug, Default)]
pub struct Statuses {
    counts: std::sync::Mutex<std::collections::BTreeMap<u16, u64>>,
}

impl Statuses {
    fn count(&self, status: u16) {
        let mut counts = self
            .counts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *counts.entry(status).or_default() += 1;
    }

    /// `408: 12, 429: 3400` (0 is `closed`).
    pub fn summary(&self) -> String {
        let counts = self
            .counts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if counts.is_empty() {
            return "none".into();
        }
        counts
            .iter()
            .map(|(status, n)| match status {
                0 => format!("closed: {n}"),
                s => format!("{s}: {n}"),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The status of an answer's head, 0 when there is none.
fn status_of(head: &[u8]) -> u16 {
    head.get(9..12)
        .and_then(|code| std::str::from_utf8(code).ok())
        .and_then(|code| code.parse().ok())
        .filter(|_| head.starts_with(b"HTTP/1."))
        .unwrap_or(0)
}

/// Writes `request` on a new connection and reads until the server closes
/// it (or `stop`): the status of its answer.
async fn one_raw(addr: SocketAddr, request: &[u8], stop: &CancellationToken) -> u16 {
    let Ok(mut tcp) = TcpStream::connect(addr).await else {
        return 0;
    };
    if tcp.write_all(request).await.is_err() {
        return 0;
    }
    let mut head = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        tokio::select! {
            () = stop.cancelled() => break,
            read = tcp.read(&mut buf) => match read {
                Ok(0) | Err(_) => break,
                Ok(n) if head.len() < 64 => head.extend_from_slice(&buf[..n]),
                Ok(_) => {}
            },
        }
    }
    status_of(&head)
}

/// One stalled client: again and again until `stop`, a connection that
/// sends the head of a POST to `path` declaring a 100,000-byte body and
/// sends none of it, held until the server answers or closes it.
pub async fn stall(
    addr: SocketAddr,
    path: &'static str,
    answers: Arc<Statuses>,
    stop: CancellationToken,
) {
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 100000\r\n\r\n"
    );
    while !stop.is_cancelled() {
        let status = one_raw(addr, head.as_bytes(), &stop).await;
        if !stop.is_cancelled() {
            answers.count(status);
        }
        if status == 0 {
            // Refused at connect: do not spin.
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

/// What the garbage client sends, one request per connection, in turn.
fn garbage(addr: SocketAddr) -> Vec<Vec<u8>> {
    let post = |path: &str, content_type: &str, host: &str, body: &str| {
        format!(
            "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: {content_type}\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .into_bytes()
    };
    let host = addr.to_string();
    vec![
        post("/mcp", "application/json", &host, "not json at all"),
        post("/mcp", "application/json", &host, "{\"jsonrpc\": \"2.0\", \"id\": "),
        post(
            "/mcp",
            "application/json",
            &host,
            "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]",
        ),
        post("/mcp", "application/json", &host, "{\"hello\": \"world\"}"),
        post("/mcp", "text/plain", &host, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"),
        post(
            "/mcp",
            "application/json",
            &host,
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"add\",\"arguments\":{\"a\":\"x\"}}}",
        ),
        post("/mcp", "application/json", "evil.example", "{}"),
        post("/hooks/claude/PreToolUse", "application/json", &host, "{{{{"),
        post("/hooks/nobody/Nothing", "application/json", &host, "{}"),
        b"GARBAGE / HTTP/9.9\r\n\r\n".to_vec(),
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not TLS either\r\n\r\n".to_vec(),
        format!("POST /mcp HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n").into_bytes(),
    ]
}

/// The garbage client: `garbage` in a closed loop until `stop`.
pub async fn send_garbage(addr: SocketAddr, answers: Arc<Statuses>, stop: CancellationToken) {
    let requests = garbage(addr);
    let mut i = 0;
    while !stop.is_cancelled() {
        let status = one_raw(addr, &requests[i % requests.len()], &stop).await;
        if !stop.is_cancelled() {
            answers.count(status);
        }
        i += 1;
    }
}

/// What the session flood did.
#[derive(Debug, Default)]
pub struct Flood {
    pub opened: AtomicU64,
    pub refused: AtomicU64,
    /// When the last `initialize` was answered, from the flood's start.
    pub took: std::sync::Mutex<Option<Duration>>,
}

/// Opens `count` sessions with `initialize` requests, `clients` at a time
/// (each on one kept-alive connection), and leaves every one of them.
pub async fn flood_sessions(addr: SocketAddr, count: u64, clients: u64, flood: Arc<Flood>) {
    let started = Instant::now();
    let next = Arc::new(AtomicU64::new(0));
    let tasks: Vec<_> = (0..clients)
        .map(|_| {
            let (next, flood) = (next.clone(), flood.clone());
            tokio::spawn(async move {
                let Ok((mut sender, host)) = connect(addr).await else {
                    return;
                };
                let body = Bytes::from(
                    serde_json::to_vec(&wire::Request {
                        jsonrpc: "2.0",
                        id: 1,
                        method: "initialize",
                        params: wire::InitializeParams {
                            protocol_version: wire::PROTOCOL_VERSION,
                            capabilities: wire::Empty {},
                            client_info: wire::ClientInfo {
                                name: "session-flood",
                                version: "1",
                            },
                        },
                    })
                    .unwrap_or_default(),
                );
                while next.fetch_add(1, Ordering::Relaxed) < count {
                    let request = Request::builder()
                        .method(Method::POST)
                        .uri("/mcp")
                        .header(HOST, host.clone())
                        .header(CONTENT_TYPE, "application/json")
                        .header(ACCEPT, "application/json, text/event-stream")
                        .body(Full::new(body.clone()));
                    let Ok(request) = request else { return };
                    if sender.ready().await.is_err() {
                        match connect(addr).await {
                            Ok((s, _)) => sender = s,
                            Err(_) => return,
                        }
                    }
                    let Ok(response) = sender.send_request(request).await else {
                        flood.refused.fetch_add(1, Ordering::Relaxed);
                        continue;
                    };
                    let made = response.status() == StatusCode::OK
                        && response.headers().contains_key("mcp-session-id");
                    let _ = response.into_body().collect().await;
                    let counter = if made { &flood.opened } else { &flood.refused };
                    counter.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    for task in tasks {
        let _ = task.await;
    }
    *flood
        .took
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(started.elapsed());
}

/// The honest client's hook event: a `PreToolUse` of `ls` (the bench
/// host has no hook that decides it: the answer is the pass-through).
#[derive(Debug, Serialize)]
struct PreToolUse<'a> {
    session_id: &'a str,
    cwd: &'a str,
    transcript_path: &'a str,
    hook_event_name: &'a str,
    tool_name: &'a str,
    tool_input: Command<'a>,
    tool_use_id: &'a str,
}

#[derive(Debug, Serialize)]
struct Command<'a> {
    command: &'a str,
}

/// What the honest client measured.
#[derive(Debug, Default)]
pub struct Honest {
    pub pings: Vec<Duration>,
    pub hooks: Vec<Duration>,
    pub errors: u64,
    pub first_error: Option<String>,
}

/// The honest client: a session's `ping` and a hook's `POST`, each every
/// `every` on its own kept-alive connection, from now until `until`.
pub async fn honest(addr: SocketAddr, every: Duration, until: Instant) -> Result<Honest, String> {
    let mut session = Session::open(addr).await?;
    let mut hooks = HttpHooks::connect(addr).await?;
    let body = serde_json::to_vec(&PreToolUse {
        session_id: "honest",
        cwd: "/tmp",
        transcript_path: "/dev/null",
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: Command { command: "ls" },
        tool_use_id: "t1",
    })
    .map_err(|e| e.to_string())?;
    let event = Event::parse("honest", Expect::Allow, body.clone())?;
    let body = Bytes::from(body);
    let pings = tokio::spawn(async move {
        let mut tally = (Vec::new(), 0u64, None::<String>);
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        while Instant::now() < until {
            tick.tick().await;
            let began = Instant::now();
            match session.ping().await {
                Ok(()) => tally.0.push(began.elapsed()),
                Err(e) => {
                    tally.1 += 1;
                    tally.2.get_or_insert(e);
                    session = match Session::open(addr).await {
                        Ok(s) => s,
                        Err(_) => continue,
                    };
                }
            }
        }
        tally
    });
    let mut tally = (Vec::new(), 0u64, None::<String>);
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    while Instant::now() < until {
        tick.tick().await;
        match hooks.decide(&event, &body).await {
            Ok((took, _)) => tally.0.push(took),
            Err(e) => {
                tally.1 += 1;
                tally.2.get_or_insert(e);
                if let Ok(h) = HttpHooks::connect(addr).await {
                    hooks = h;
                }
            }
        }
    }
    let (pings, ping_errors, ping_error) = pings.await.map_err(|e| e.to_string())?;
    Ok(Honest {
        pings,
        hooks: tally.0,
        errors: ping_errors + tally.1,
        first_error: ping_error.or(tally.2),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_is_read_from_an_answers_head_and_anything_else_is_0() {
        assert_eq!(status_of(b"HTTP/1.1 408 Request Timeout\r\n"), 408);
        assert_eq!(status_of(b"HTTP/1.0 400 Bad Request\r\n"), 400);
        assert_eq!(status_of(b""), 0);
        assert_eq!(status_of(b"SSH-2.0-x"), 0);
    }
}
