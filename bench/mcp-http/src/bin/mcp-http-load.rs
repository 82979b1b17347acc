//! MCP `tools/call` over Streamable HTTP under load, server against server.
//!
//! ```text
//! mcp-http-load --server LABEL=COMMAND [--server ...] [--clients 1,16,64]
//!               [--warm-up 2] [--seconds 10] [--rounds 1] [--threads 1] [--stateless]
//! ```
//!
//! For each round, each concurrency N and each server (the order of the
//! servers turned by one each round): starts the server's COMMAND (`{port}`
//! in it replaced by a free port), opens N sessions on `/mcp` (each its own
//! connection; `initialize`, `notifications/initialized`), calls
//! `tools/call add` in a closed loop in every session for the warm-up and
//! then the timed window, reads the server's peak resident memory
//! (`VmHWM`), and kills it. Every answer is checked. Prints one line per
//! measurement, then Markdown tables: median and p99 latency, requests/s
//! and peak RSS per server and N (rounds side by side), and the first
//! server's ratios to the others. Exits 1 if any call failed or a server
//! gave (or, `--stateless`, did not give) session ids where the others did
//! not.
//!
//! The driver runs on one thread unless `--threads` says more: on a small
//! machine, it leaves the other cores to the server.

use std::process::ExitCode;
use std::time::Duration;

use bench_mcp_http::drive::{self, Load};
use bench_mcp_http::report::{self, Cell};
use bench_mcp_http::server::{Server, ServerSpec};

#[derive(Debug)]
struct Options {
    servers: Vec<ServerSpec>,
    clients: Vec<usize>,
    warm_up: Duration,
    window: Duration,
    rounds: usize,
    threads: usize,
    stateless: bool,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        servers: Vec::new(),
        clients: vec![1, 16, 64],
        warm_up: Duration::from_secs(2),
        window: Duration::from_secs(10),
        rounds: 1,
        threads: 1,
        stateless: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("`{arg}` needs a value"));
        let seconds = |v: String| -> Result<Duration, String> {
            v.parse::<f64>()
                .ok()
                .filter(|s| *s > 0.0 && s.is_finite())
                .map(Duration::from_secs_f64)
                .ok_or(format!(
                    "`{arg}` takes a positive number of seconds, not `{v}`"
                ))
        };
        let count = |v: &str| -> Result<usize, String> {
            v.trim()
                .parse()
                .ok()
                .filter(|n| *n > 0)
                .ok_or(format!("`{arg}` takes positive whole numbers, not `{v}`"))
        };
        match arg.as_str() {
            "--server" => o.servers.push(ServerSpec::parse(&value()?)?),
            "--clients" => o.clients = value()?.split(',').map(count).collect::<Result<_, _>>()?,
            "--warm-up" => o.warm_up = seconds(value()?)?,
            "--seconds" => o.window = seconds(value()?)?,
            "--rounds" => o.rounds = count(&value()?)?,
            "--threads" => o.threads = count(&value()?)?,
            "--stateless" => o.stateless = true,
            other => return Err(format!("unknown option `{other}` (see the crate docs)")),
        }
    }
    if o.servers.is_empty() {
        return Err("no `--server LABEL=COMMAND` given".into());
    }
    Ok(o)
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("mcp-http-load: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = if options.threads == 1 {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
    } else {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(options.threads)
            .enable_all()
            .build()
    };
    let runtime = match runtime {
        Ok(r) => r,
        Err(e) => {
            eprintln!("mcp-http-load: cannot start the runtime: {e}");
            return ExitCode::from(2);
        }
    };
    match runtime.block_on(run(&options)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("mcp-http-load: {e}");
            ExitCode::from(2)
        }
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// Runs every measurement; `Ok(false)` when a call failed.
async fn run(o: &Options) -> Result<bool, String> {
    println!(
        "# {} s warm-up, {} s timed, {} round(s), {} driver thread(s), {}; load average {}",
        o.warm_up.as_secs_f64(),
        o.window.as_secs_f64(),
        o.rounds,
        o.threads,
        if o.stateless { "stateless" } else { "sessions" },
        load_average()
    );
    let mut cells = Vec::new();
    let mut clean = true;
    for round in 0..o.rounds {
        for &clients in &o.clients {
            for i in 0..o.servers.len() {
                let spec = &o.servers[(i + round) % o.servers.len()];
                let server = Server::start(spec)?;
                let load = Load {
                    clients,
                    warm_up: o.warm_up,
                    window: o.window,
                };
                let outcome = match drive::run(server.addr, load, server.cpu_clock()).await {
                    Ok(outcome) => outcome,
                    Err(e) => return Err(format!("{}: {e}\n{}", spec.label, server.log_text())),
                };
                let peak_rss_kib = server.peak_rss_kib()?;
                drop(server);
                if outcome.stateful == o.stateless {
                    eprintln!(
                        "mcp-http-load: {} {} session ids",
                        spec.label,
                        if o.stateless { "gave" } else { "did not give" }
                    );
                    clean = false;
                }
                if let Some(e) = &outcome.first_error {
                    eprintln!("mcp-http-load: {} at {clients} clients: {e}", spec.label);
                    clean = false;
                }
                let Some(summary) = outcome.summary else {
                    eprintln!(
                        "mcp-http-load: {} at {clients} clients: no call timed",
                        spec.label
                    );
                    clean = false;
                    continue;
                };
                let cpu_per_call = outcome
                    .server_cpu
                    .filter(|_| summary.requests > 0)
                    .map(|cpu| cpu / summary.requests as u32);
                println!(
                    "round {} {:>8} {clients:>3} clients: median {:>7.0} µs, p99 {:>7.0} µs, {:>6.0} requests/s, {} errors, peak RSS {} KiB, server CPU {} µs per call",
                    round + 1,
                    spec.label,
                    summary.median.as_secs_f64() * 1e6,
                    summary.p99.as_secs_f64() * 1e6,
                    summary.per_second,
                    summary.errors,
                    peak_rss_kib,
                    cpu_per_call.map_or_else(
                        || "?".to_owned(),
                        |cpu| format!("{:.1}", cpu.as_secs_f64() * 1e6)
                    ),
                );
                cells.push(Cell {
                    server: spec.label.clone(),
                    clients,
                    round,
                    summary,
                    peak_rss_kib,
                    cpu_per_call,
                });
            }
        }
    }
    let labels: Vec<String> = o.servers.iter().map(|s| s.label.clone()).collect();
    println!("# load average at the end {}\n", load_average());
    print!("{}", report::table(&cells, &labels, &o.clients, o.rounds));
    Ok(clean)
}
