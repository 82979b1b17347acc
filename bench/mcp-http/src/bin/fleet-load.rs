//! Hook decisions per second at many sessions at once, against one policy
//! server or a balancer in front of several (bench/fleet.sh).
//!
//! ```text
//! fleet-load --addr HOST:PORT [--sessions 64] [--seconds 10] [--warm-up 2]
//!            [--kill PID --kill-after SECS]
//! ```
//!
//! Each session keeps its own HTTP/1.1 connection and posts Claude Code
//! `PreToolUse` events of its own `session_id` in a closed loop (`Bash`
//! running `echo N`, N counting up: every decision reads and writes the
//! session's doom-loop streak in the store, and none is refused). Every
//! answer is checked. Prints decisions per second, the median and p99 of
//! the timed window, and the errors.
//!
//! With `--kill`, the process `PID` (a replica) is killed with SIGKILL
//! `--kill-after` seconds into the window: the run then also says how many
//! decisions failed and how long after the kill the last one did (the
//! failover time). A session whose connection failed reconnects.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bench_mcp_http::hook_event::{Event, Expect};
use bench_mcp_http::hook_ways::HttpHooks;
use bench_mcp_http::stats::percentile;
use bytes::Bytes;

#[derive(Debug)]
struct Options {
    addr: SocketAddr,
    sessions: usize,
    seconds: u64,
    warm_up: u64,
    kill: Option<(u32, f64)>,
}

fn options() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let (mut addr, mut sessions, mut seconds, mut warm_up) = (None, 64, 10, 2);
    let (mut kill, mut kill_after) = (None, None);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} takes a value"));
        match flag.as_str() {
            "--addr" => addr = Some(value()?.parse().map_err(|e| format!("--addr: {e}"))?),
            "--sessions" => sessions = value()?.parse().map_err(|e| format!("--sessions: {e}"))?,
            "--seconds" => seconds = value()?.parse().map_err(|e| format!("--seconds: {e}"))?,
            "--warm-up" => warm_up = value()?.parse().map_err(|e| format!("--warm-up: {e}"))?,
            "--kill" => kill = Some(value()?.parse().map_err(|e| format!("--kill: {e}"))?),
            "--kill-after" => {
                kill_after = Some(value()?.parse().map_err(|e| format!("--kill-after: {e}"))?);
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(Options {
        addr: addr.ok_or("--addr HOST:PORT is required")?,
        sessions,
        seconds,
        warm_up,
        kill: match (kill, kill_after) {
            (Some(pid), Some(after)) => Some((pid, after)),
            (None, None) => None,
            _ => return Err("--kill and --kill-after go together".to_owned()),
        },
    })
}

/// What one session saw in the timed window.
#[derive(Debug, Default)]
struct Seen {
    latencies: Vec<Duration>,
    /// When each failed decision started, from the window's start.
    failures: Vec<Duration>,
    first_error: Option<String>,
}

/// One session's closed loop until `stop`; decisions are timed once
/// `timing` is set.
async fn session(
    addr: SocketAddr,
    id: usize,
    start: Instant,
    timing: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
) -> Seen {
    let mut seen = Seen::default();
    let mut hooks = None;
    let mut n = 0u64;
    while !stop.load(Ordering::Relaxed) {
        n += 1;
        let body = format!(
            r#"{{"session_id":"fleet-{id}","cwd":"/tmp","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{{"command":"echo {n}"}}}}"#
        );
        let began = start.elapsed();
        let result = async {
            let event = Event::parse("allow", Expect::Allow, body.clone().into_bytes())?;
            if hooks.is_none() {
                hooks = Some(HttpHooks::connect(addr).await?);
            }
            let Some(connection) = hooks.as_mut() else {
                return Err("no connection".to_owned());
            };
            let (elapsed, answer) = connection.decide(&event, &Bytes::from(body)).await?;
            event.check(&answer)?;
            Ok::<Duration, String>(elapsed)
        }
        .await;
        let timed = timing.load(Ordering::Relaxed);
        match result {
            Ok(elapsed) if timed => seen.latencies.push(elapsed),
            Ok(_) => {}
            Err(e) => {
                // A broken connection is made again for the next decision.
                hooks = None;
                if timed {
                    seen.failures.push(began);
                    seen.first_error.get_or_insert(e);
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
    }
    seen
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(e) => {
            eprintln!("fleet-load: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("fleet-load: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(run(options))
}

async fn run(o: Options) -> ExitCode {
    let start = Instant::now();
    let timing = Arc::new(AtomicBool::new(false));
    let stop = Arc::new(AtomicBool::new(false));
    let tasks: Vec<_> = (0..o.sessions)
        .map(|id| tokio::spawn(session(o.addr, id, start, timing.clone(), stop.clone())))
        .collect();
    tokio::time::sleep(Duration::from_secs(o.warm_up)).await;
    let window = start.elapsed();
    timing.store(true, Ordering::Relaxed);
    let killed_at = match o.kill {
        Some((pid, after)) => {
            tokio::time::sleep(Duration::from_secs_f64(after)).await;
            let at = start.elapsed();
            let killed = std::process::Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status()
                .is_ok_and(|s| s.success());
            if !killed {
                eprintln!("fleet-load: could not kill {pid}");
                return ExitCode::FAILURE;
            }
            let rest =
                Duration::from_secs(o.seconds).saturating_sub(Duration::from_secs_f64(after));
            tokio::time::sleep(rest).await;
            Some(at)
        }
        None => {
            tokio::time::sleep(Duration::from_secs(o.seconds)).await;
            None
        }
    };
    let timed = start.elapsed() - window;
    stop.store(true, Ordering::Relaxed);
    let mut latencies = Vec::new();
    let mut failures = Vec::new();
    let mut first_error = None;
    for task in tasks {
        if let Ok(seen) = task.await {
            latencies.extend(seen.latencies);
            failures.extend(seen.failures);
            if first_error.is_none() {
                first_error = seen.first_error;
            }
        }
    }
    latencies.sort();
    let per_second = latencies.len() as f64 / timed.as_secs_f64();
    println!(
        "{} sessions, {:.1} s: {:.0} decisions/s, median {} µs, p99 {} µs, {} failed",
        o.sessions,
        timed.as_secs_f64(),
        per_second,
        percentile(&latencies, 50.0).unwrap_or_default().as_micros(),
        percentile(&latencies, 99.0).unwrap_or_default().as_micros(),
        failures.len()
    );
    if let Some(at) = killed_at {
        let last = failures.iter().max().map(|f| f.saturating_sub(at));
        match last {
            Some(last) => println!(
                "killed a replica at {:.2} s: {} decisions failed, the last {} ms after the kill",
                at.as_secs_f64(),
                failures.len(),
                last.as_millis()
            ),
            None => println!(
                "killed a replica at {:.2} s: no decision failed",
                at.as_secs_f64()
            ),
        }
    }
    if let Some(error) = first_error {
        println!("first error: {error}");
    }
    if latencies.is_empty() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
