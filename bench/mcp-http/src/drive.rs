//! The closed loop: N sessions, each calling `tools/call add` again as soon
//! as the last call is answered, timed inside one window after a warm-up.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use crate::session::Session;
use crate::stats::Summary;

/// How long to load the server, and with how many sessions.
#[derive(Debug, Clone, Copy)]
pub struct Load {
    pub clients: usize,
    pub warm_up: Duration,
    pub window: Duration,
}

/// What one session saw.
#[derive(Debug, Default)]
struct Tally {
    latencies: Vec<Duration>,
    errors: usize,
    first_error: Option<String>,
}

/// What a run gave: the summary, and the first error seen, if any.
#[derive(Debug)]
pub struct Outcome {
    pub summary: Option<Summary>,
    /// The server's CPU time over the window, when `cpu_clock` read it.
    pub server_cpu: Option<Duration>,
    pub first_error: Option<String>,
    /// Whether every session got an `Mcp-Session-Id`.
    pub stateful: bool,
}

/// Opens `load.clients` sessions on `addr` (all initialized before the
/// clock starts), runs them for the warm-up and the window, and times each
/// call that starts and ends inside the window. `cpu_clock` (the server's
/// CPU time so far) is read as the window opens and as it closes.
pub async fn run(
    addr: SocketAddr,
    load: Load,
    cpu_clock: impl Fn() -> Option<Duration> + Send + 'static,
) -> Result<Outcome, String> {
    let mut sessions = Vec::with_capacity(load.clients);
    for _ in 0..load.clients {
        sessions.push(Session::open(addr).await?);
    }
    let stateful = sessions.iter().all(Session::has_session_id);
    let start = Instant::now() + load.warm_up;
    let end = start + load.window;
    let tasks: Vec<_> = sessions
        .into_iter()
        .enumerate()
        .map(|(client, session)| tokio::spawn(client_loop(session, client as i64, start, end)))
        .collect();
    let server_cpu = tokio::spawn(async move {
        tokio::time::sleep_until(start.into()).await;
        let opened = cpu_clock();
        tokio::time::sleep_until(end.into()).await;
        Some(cpu_clock()?.saturating_sub(opened?))
    });
    let mut latencies = Vec::new();
    let (mut errors, mut first_error) = (0, None);
    for task in tasks {
        let tally = task
            .await
            .map_err(|e| format!("a client task failed: {e}"))?;
        latencies.extend(tally.latencies);
        errors += tally.errors;
        first_error = first_error.or(tally.first_error);
    }
    Ok(Outcome {
        server_cpu: server_cpu.await.ok().flatten(),
        summary: Summary::of(latencies, errors, load.window),
        first_error,
        stateful,
    })
}

async fn client_loop(mut session: Session, client: i64, start: Instant, end: Instant) -> Tally {
    let mut tally = Tally::default();
    let mut n: i64 = 0;
    loop {
        let began = Instant::now();
        if began >= end {
            break;
        }
        n += 1;
        let answered = session.add(client, n).await;
        let ended = Instant::now();
        match answered {
            Ok(()) if began >= start && ended <= end => tally.latencies.push(ended - began),
            Ok(()) => {}
            Err(e) => {
                tally.errors += 1;
                tally.first_error.get_or_insert(e);
                // A broken connection fails every call after it at once.
                break;
            }
        }
    }
    if let Err(e) = session.close().await {
        tally.first_error.get_or_insert(e);
    }
    tally
}
