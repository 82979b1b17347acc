//! Sustained concurrent hook dispatch: many sessions at once on a
//! multi-thread runtime, through the example plugins (`guard`, `doom-loop`,
//! `read-before-edit`, `audit-logger` writing to a temp file) and a counting
//! observer. Measures events per second at rising concurrency, samples the
//! resident memory over a sustained run, stops with exit 2 when dispatch
//! makes no progress for 10 s (a deadlock), and exits 1 when the observer
//! received a different number of events than were sent.
//!
//! ```text
//! tackle-load [--sweep 1,2,4,8,16,64,256] [--sweep-seconds 3]
//!             [--tasks 64] [--seconds 60] [--threads N] [--no-audit] [--json]
//! ```
//!
//! `--no-audit` leaves out `audit-logger`, whose write and flush of one
//! line per event (under one lock) is most of the cost.
//!
//! `bench/load.sh` builds it in release mode and records a run.

mod memory;
mod session;

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::json;
use tackle::prelude::*;
use tackle_runtime::{Host, Registry};

tackle_runtime::link!(guard, doomloop, read_before_edit, audit);

tackle::plugin! {
    id: "load-counter",
    description: "Counts every event it observes.",
}

/// Events the counting observer received.
static OBSERVED: AtomicU64 = AtomicU64::new(0);

/// Counts every event of every point.
#[hook(event)]
fn count(_ev: &AnyEvent) {
    OBSERVED.fetch_add(1, Ordering::Relaxed);
}

/// What the command line asks for.
#[derive(Debug)]
struct Options {
    sweep: Vec<usize>,
    sweep_seconds: f64,
    tasks: usize,
    seconds: f64,
    threads: usize,
    audit: bool,
    json: bool,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        sweep: vec![1, 2, 4, 8, 16, 64, 256],
        sweep_seconds: 3.0,
        tasks: 64,
        seconds: 60.0,
        threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
        audit: true,
        json: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("`{arg}` needs a value"));
        let number = |v: String| -> Result<f64, String> {
            v.parse::<f64>()
                .ok()
                .filter(|n| *n > 0.0)
                .ok_or(format!("`{arg}` takes a positive number, not `{v}`"))
        };
        match arg.as_str() {
            "--sweep" => {
                o.sweep = value()?
                    .split(',')
                    .map(|n| {
                        n.trim()
                            .parse()
                            .ok()
                            .filter(|n| *n > 0)
                            .ok_or(format!("`--sweep` takes positive counts, not `{n}`"))
                    })
                    .collect::<Result<_, _>>()?;
            }
            "--sweep-seconds" => o.sweep_seconds = number(value()?)?,
            "--tasks" => o.tasks = number(value()?)? as usize,
            "--seconds" => o.seconds = number(value()?)?,
            "--threads" => o.threads = number(value()?)? as usize,
            "--no-audit" => o.audit = false,
            "--json" => o.json = true,
            other => return Err(format!("unknown option `{other}` (see the crate docs)")),
        }
    }
    Ok(o)
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("tackle-load: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(options.threads)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tackle-load: cannot start the runtime: {e}");
            return ExitCode::from(2);
        }
    };
    match runtime.block_on(run(&options)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("tackle-load: {e}");
            ExitCode::from(2)
        }
    }
}

/// Runs the sweep and the sustained run; `Ok(false)` when events were lost.
async fn run(options: &Options) -> Result<bool, String> {
    let dir = tempfile::tempdir().map_err(|e| format!("cannot make a temp folder: {e}"))?;
    session::files(dir.path())?;
    let audit_log = dir.path().join("audit.jsonl");
    let mut plugins = vec!["guard", "doom-loop", "read-before-edit", "load-counter"];
    if options.audit {
        plugins.push("audit-logger");
    }
    let registry = Registry::global()
        .map_err(|e| e.to_string())?
        .only(&plugins);
    let config = if options.audit {
        format!(
            "[plugins.audit-logger]\npath = {}\n",
            toml_string(&audit_log.display().to_string())
        )
    } else {
        String::new()
    };
    let host = Host::builder()
        .registry(registry)
        .agent_dir(dir.path())
        .config_toml(config, "load.toml")
        .build()
        .await
        .map_err(|e| format!("the host does not build: {e}"))?;
    let host = Arc::new(host);
    if host.hooks().count() < 5 + usize::from(options.audit) {
        return Err("the example plugins' hooks are not all linked".into());
    }
    let dispatched = Arc::new(AtomicU64::new(0));
    let _watchdog = watchdog(dispatched.clone());
    let rss_start = memory::rss_kib();

    let mut sweep = Vec::new();
    for &tasks in &options.sweep {
        let run = drive(
            &host,
            &dispatched,
            tasks,
            Duration::from_secs_f64(options.sweep_seconds),
            &audit_log,
            false,
        )
        .await;
        if !options.json {
            println!(
                "concurrency {tasks:>4}: {:>9.0} events/s ({} events in {:.1} s, {} sessions)",
                run.rate(),
                run.events,
                run.elapsed.as_secs_f64(),
                run.sessions
            );
        }
        sweep.push(json!({
            "tasks": tasks, "events": run.events, "sessions": run.sessions,
            "seconds": run.elapsed.as_secs_f64(), "events_per_second": run.rate(),
        }));
    }

    let sustained = drive(
        &host,
        &dispatched,
        options.tasks,
        Duration::from_secs_f64(options.seconds),
        &audit_log,
        true,
    )
    .await;
    let sent = dispatched.load(Ordering::SeqCst);
    let observed = OBSERVED.load(Ordering::SeqCst);
    let samples = &sustained.rss;
    let first = samples.first().copied().unwrap_or(0);
    let last = samples.last().copied().unwrap_or(0);
    let peak = memory::peak_kib();
    if options.json {
        let report = json!({
            "threads": options.threads,
            "plugins": plugins,
            "sweep": sweep,
            "sustained": {
                "tasks": options.tasks, "seconds": sustained.elapsed.as_secs_f64(),
                "events": sustained.events, "sessions": sustained.sessions,
                "events_per_second": sustained.rate(),
                "audit_log_bytes": sustained.audit_bytes,
                "rss_kib": {"before": rss_start, "first": first, "last": last, "peak": peak,
                            "samples": samples},
            },
            "sent": sent, "observed": observed,
        });
        println!("{report}");
    } else {
        println!(
            "sustained: {} tasks for {:.1} s: {} events ({:.0} events/s), {} sessions, {} MiB of audit log",
            options.tasks,
            sustained.elapsed.as_secs_f64(),
            sustained.events,
            sustained.rate(),
            sustained.sessions,
            sustained.audit_bytes / (1024 * 1024)
        );
        println!(
            "memory (RSS): {} KiB before the sweep, {first} KiB after 1 s of the sustained run, {last} KiB at its end, {peak} KiB peak",
            rss_start
        );
        println!("rss samples (KiB, 1 s apart): {samples:?}");
        println!("plugins: {}", plugins.join(", "));
        println!("events: {sent} sent, {observed} observed by the counting observer");
    }
    if sent != observed {
        eprintln!("tackle-load: {} events lost", sent.abs_diff(observed));
        return Ok(false);
    }
    Ok(true)
}

/// A TOML basic string.
fn toml_string(text: &str) -> String {
    serde_json::Value::String(text.to_owned()).to_string()
}

/// What one run of `tasks` concurrent session loops did.
#[derive(Debug, Default)]
struct Run {
    events: u64,
    sessions: u64,
    elapsed: Duration,
    audit_bytes: u64,
    rss: Vec<u64>,
}

impl Run {
    fn rate(&self) -> f64 {
        self.events as f64 / self.elapsed.as_secs_f64()
    }
}

/// Runs `tasks` session loops for `length`; every second, truncates the
/// audit log (so a long run does not fill the disk) and, when `sample`,
/// records the resident memory.
async fn drive(
    host: &Arc<Host>,
    dispatched: &Arc<AtomicU64>,
    tasks: usize,
    length: Duration,
    audit_log: &std::path::Path,
    sample: bool,
) -> Run {
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let handles: Vec<_> = (0..tasks)
        .map(|t| {
            let (host, stop, dispatched) = (host.clone(), stop.clone(), dispatched.clone());
            tokio::spawn(async move { session::loop_until(&host, t, &stop, &dispatched).await })
        })
        .collect();
    let mut run = Run::default();
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.tick().await;
    while started.elapsed() < length {
        tick.tick().await;
        run.audit_bytes += memory::truncate(audit_log);
        if sample {
            run.rss.push(memory::rss_kib());
        }
    }
    stop.store(true, Ordering::SeqCst);
    for handle in handles {
        if let Ok((events, sessions)) = handle.await {
            run.events += events;
            run.sessions += sessions;
        }
    }
    run.elapsed = started.elapsed();
    run.audit_bytes += memory::truncate(audit_log);
    run
}

/// Ends the process with exit 2 when no event is dispatched for 10 s.
fn watchdog(dispatched: Arc<AtomicU64>) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let mut last = (dispatched.load(Ordering::SeqCst), Instant::now());
        loop {
            std::thread::sleep(Duration::from_millis(500));
            let now = dispatched.load(Ordering::SeqCst);
            if now != last.0 {
                last = (now, Instant::now());
            } else if last.1.elapsed() > Duration::from_secs(10) {
                eprintln!("tackle-load: no event dispatched for 10 s after {now}: deadlock");
                std::process::exit(2);
            }
        }
    })
}
