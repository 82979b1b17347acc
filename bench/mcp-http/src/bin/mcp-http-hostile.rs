//! An honest client's latency while hostile ones attack the server, on
//! loopback (bench/mcp_http_hostile.sh).
//!
//! ```text
//! mcp-http-hostile --server COMMAND [--stalled 200] [--sessions 5000]
//!                  [--flooders 4] [--garbage 1] [--seconds 20] [--every-ms 10]
//! ```
//!
//! Starts COMMAND (`{port}` in it replaced by a free port), then measures
//! the honest client twice for `--seconds`: alone, then under attack. The
//! honest client is one session that sends `ping` every `--every-ms`, and
//! an agent's hook that posts a `PreToolUse` to `/hooks/claude/PreToolUse`
//! as often, each on its own kept-alive connection; every answer is
//! checked. The attack, running through the whole second window:
//! `--stalled` connections that send a POST's head (half to `/mcp`, half to
//! `/hooks/...`) declaring a 100,000-byte body and send none of it, each
//! reopened as soon as the server answers or closes it; `--flooders`
//! clients that open `--sessions` sessions between them with `initialize`
//! and leave them; and `--garbage` clients that send malformed messages,
//! bodies of the wrong type, a foreign `Host`, broken chunked bodies and
//! requests that are not HTTP, each on a new connection, in a closed loop.
//! Prints each phase's ping and hook median and p99, the honest client's
//! errors, what the attackers got (answers by status), and the server's
//! peak and final resident memory; then a Markdown table. Exits 1 if an
//! honest request failed or a p99 under attack was over 50 ms.

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use bench_mcp_http::hostile::{self, Flood, Honest, Statuses};
use bench_mcp_http::server::{Server, ServerSpec};
use bench_mcp_http::stats::percentile;
use tokio_util::sync::CancellationToken;

/// The p99 an honest request must stay under while the attack runs.
const GOAL: Duration = Duration::from_millis(50);

#[derive(Debug)]
struct Options {
    server: ServerSpec,
    stalled: usize,
    sessions: u64,
    flooders: u64,
    garbage: usize,
    window: Duration,
    every: Duration,
}

fn options() -> Result<Options, String> {
    let mut server = None;
    let (mut stalled, mut sessions, mut flooders, mut garbage) = (200, 5000, 4, 1);
    let (mut window, mut every) = (Duration::from_secs(20), Duration::from_millis(10));
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("`{arg}` needs a value"));
        let count = |v: String| -> Result<u64, String> {
            v.parse()
                .map_err(|_| format!("`{arg}` takes a whole number, not `{v}`"))
        };
        match arg.as_str() {
            "--server" => {
                server = Some(ServerSpec::parse(&format!("tackle={}", value()?))?);
            }
            "--stalled" => stalled = count(value()?)? as usize,
            "--sessions" => sessions = count(value()?)?,
            "--flooders" => flooders = count(value()?)?.max(1),
            "--garbage" => garbage = count(value()?)? as usize,
            "--seconds" => window = Duration::from_secs(count(value()?)?.max(1)),
            "--every-ms" => every = Duration::from_millis(count(value()?)?.max(1)),
            other => return Err(format!("unknown option `{other}` (see the crate docs)")),
        }
    }
    let server = server.ok_or("no `--server COMMAND` given")?;
    Ok(Options {
        server,
        stalled,
        sessions,
        flooders,
        garbage,
        window,
        every,
    })
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("mcp-http-hostile: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("mcp-http-hostile: cannot start the runtime: {e}");
            return ExitCode::from(2);
        }
    };
    match runtime.block_on(run(&options)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("mcp-http-hostile: {e}");
            ExitCode::from(2)
        }
    }
}

/// One phase's figures.
struct Phase {
    name: &'static str,
    honest: Honest,
    peak_rss_kib: u64,
}

fn ms(d: Option<Duration>) -> String {
    d.map_or_else(
        || "–".into(),
        |d| format!("{:.2} ms", d.as_secs_f64() * 1e3),
    )
}

fn p(samples: &mut [Duration], at: f64) -> Option<Duration> {
    samples.sort_unstable();
    percentile(samples, at)
}

async fn run(o: &Options) -> Result<bool, String> {
    let server = Server::start(&o.server)?;
    let addr = server.addr;
    println!(
        "# {} stalled connections, {} sessions by {} clients, {} garbage client(s); honest ping and hook every {} ms for {} s per phase",
        o.stalled,
        o.sessions,
        o.flooders,
        o.garbage,
        o.every.as_millis(),
        o.window.as_secs()
    );
    let quiet = hostile::honest(addr, o.every, Instant::now() + o.window).await?;
    let quiet = Phase {
        name: "alone",
        honest: quiet,
        peak_rss_kib: server.peak_rss_kib()?,
    };

    let stop = CancellationToken::new();
    let stalled = Arc::new(Statuses::default());
    let garbage = Arc::new(Statuses::default());
    let flood = Arc::new(Flood::default());
    let mut attackers = Vec::new();
    for i in 0..o.stalled {
        let path = if i % 2 == 0 {
            "/mcp"
        } else {
            "/hooks/claude/PreToolUse"
        };
        attackers.push(tokio::spawn(hostile::stall(
            addr,
            path,
            stalled.clone(),
            stop.clone(),
        )));
    }
    for _ in 0..o.garbage {
        attackers.push(tokio::spawn(hostile::send_garbage(
            addr,
            garbage.clone(),
            stop.clone(),
        )));
    }
    let flooding = tokio::spawn(hostile::flood_sessions(
        addr,
        o.sessions,
        o.flooders,
        flood.clone(),
    ));
    let attacked = hostile::honest(addr, o.every, Instant::now() + o.window).await;
    stop.cancel();
    let _ = flooding.await;
    for attacker in attackers {
        let _ = attacker.await;
    }
    let attacked = Phase {
        name: "under attack",
        honest: attacked.map_err(|e| format!("{e}\n{}", server.log_text()))?,
        peak_rss_kib: server.peak_rss_kib()?,
    };
    let rss_now = server.rss_kib()?;
    println!("stalled connections' answers: {}", stalled.summary());
    println!("garbage answers: {}", garbage.summary());
    println!(
        "sessions: {} opened, {} refused, in {}",
        flood.opened.load(Ordering::Relaxed),
        flood.refused.load(Ordering::Relaxed),
        ms(*flood
            .took
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner))
    );

    let mut clean = true;
    let mut table = String::from(
        "| phase | ping median | ping p99 | hook median | hook p99 | honest requests | failed | server peak RSS |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n",
    );
    for mut phase in [quiet, attacked] {
        let h = &mut phase.honest;
        let (ping50, ping99) = (p(&mut h.pings, 50.0), p(&mut h.pings, 99.0));
        let (hook50, hook99) = (p(&mut h.hooks, 50.0), p(&mut h.hooks, 99.0));
        println!(
            "{}: ping median {}, p99 {}; hook median {}, p99 {}; {} requests, {} failed{}; peak RSS {} KiB",
            phase.name,
            ms(ping50),
            ms(ping99),
            ms(hook50),
            ms(hook99),
            h.pings.len() + h.hooks.len(),
            h.errors,
            h.first_error
                .as_deref()
                .map_or_else(String::new, |e| format!(" (first: {e})")),
            phase.peak_rss_kib
        );
        table.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {:.0} MiB |\n",
            phase.name,
            ms(ping50),
            ms(ping99),
            ms(hook50),
            ms(hook99),
            h.pings.len() + h.hooks.len(),
            h.errors,
            phase.peak_rss_kib as f64 / 1024.0
        ));
        clean &= h.errors == 0;
        if phase.name == "under attack" {
            clean &= ping99.is_some_and(|d| d < GOAL) && hook99.is_some_and(|d| d < GOAL);
        }
    }
    println!("server RSS at the end: {} KiB\n", rss_now);
    print!("{table}");
    println!(
        "\ngoal (p99 under attack < {} ms, no honest request failed): {}",
        GOAL.as_millis(),
        if clean { "met" } else { "missed" }
    );
    Ok(clean)
}
