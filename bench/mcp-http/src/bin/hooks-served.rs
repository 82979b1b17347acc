//! One PreToolUse decision served four ways, in one run (bench/hooks_served.sh).
//!
//! ```text
//! hooks-served --host BIN --baseline BIN --deny FILE [--allow FILE]
//!              [--calls 2000] [--spawns 200] [--rounds 3] [--server-cpu CPU]
//!              [--ways a,b,c,d]
//! ```
//!
//! - (a) `BIN hook claude <Event>`, one process per event, the event on stdin;
//! - (b) `BIN mcp`, one stdio session kept open, a `tools/call` of
//!   `tackle_hook` per event with the arguments Claude Code's `mcp_tool`
//!   hook sends (string fields as text, `tool_input` as its JSON text);
//! - (c) `BIN mcp --http 127.0.0.1:PORT`, one kept-alive HTTP/1.1
//!   connection, a `POST /hooks/claude/<Event>` per event;
//! - (d) the hand-written hook `--baseline`, one process per event.
//!
//! Both servers start once and stay up, as an agent's do. Each round runs
//! every way in turn (the order turned by one each round) on every
//! payload: a warm-up of a tenth of the count, then `--calls` timed
//! decisions for (b) and (c) and `--spawns` for (a) and (d). Every answer
//! is checked (the deny payload must be denied, the allow payload not),
//! so a broken path fails the run instead of being timed. Prints one line
//! per way and payload, then a Markdown table of the pooled percentiles.
//! `--server-cpu` starts both servers under `taskset -c CPU`; the hook
//! processes inherit the driver's CPUs. The working directory is the
//! agent folder of all three tackle ways. `--ways` runs only some (for a
//! profiler on one server: the others still start, and stay idle).

use std::path::PathBuf;
use std::process::{Command, ExitCode};
use std::time::Duration;

use bench_mcp_http::hook_event::{Event, Expect};
use bench_mcp_http::hook_ways::{HookProcess, HttpHooks, McpSession, Timed};
use bench_mcp_http::server::{Server, ServerSpec};
use bench_mcp_http::stats::percentile;
use bytes::Bytes;

/// The goal of (b): a median at or under this, and this many times
/// faster than (d).
const GOAL: Duration = Duration::from_micros(150);
const GOAL_RATIO: f64 = 5.0;

#[derive(Debug)]
struct Options {
    host: PathBuf,
    baseline: PathBuf,
    deny: PathBuf,
    allow: Option<PathBuf>,
    calls: usize,
    spawns: usize,
    rounds: usize,
    server_cpu: Option<String>,
    ways: Vec<Way>,
}

fn options() -> Result<Options, String> {
    let (mut host, mut baseline, mut deny, mut allow) = (None, None, None, None);
    let (mut calls, mut spawns, mut rounds, mut server_cpu) = (2000, 200, 3, None);
    let mut ways = Way::ALL.to_vec();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("`{arg}` needs a value"));
        let count = |v: String| -> Result<usize, String> {
            v.parse()
                .ok()
                .filter(|n| *n > 0)
                .ok_or(format!("`{arg}` takes a positive whole number, not `{v}`"))
        };
        match arg.as_str() {
            "--host" => host = Some(PathBuf::from(value()?)),
            "--baseline" => baseline = Some(PathBuf::from(value()?)),
            "--deny" => deny = Some(PathBuf::from(value()?)),
            "--allow" => allow = Some(PathBuf::from(value()?)),
            "--calls" => calls = count(value()?)?,
            "--spawns" => spawns = count(value()?)?,
            "--rounds" => rounds = count(value()?)?,
            "--server-cpu" => server_cpu = Some(value()?),
            "--ways" => {
                ways = value()?
                    .split(',')
                    .map(Way::parse)
                    .collect::<Result<_, _>>()?;
            }
            other => return Err(format!("unknown option `{other}` (see the source's docs)")),
        }
    }
    Ok(Options {
        host: host.ok_or("no `--host BIN` given")?,
        baseline: baseline.ok_or("no `--baseline BIN` given")?,
        deny: deny.ok_or("no `--deny FILE` given")?,
        allow,
        calls,
        spawns,
        rounds,
        server_cpu,
        ways,
    })
}

/// The four ways, in the report's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Way {
    Process,
    McpTool,
    Http,
    Baseline,
}

impl Way {
    const ALL: [Way; 4] = [Way::Process, Way::McpTool, Way::Http, Way::Baseline];

    fn parse(letter: &str) -> Result<Way, String> {
        match letter.trim() {
            "a" => Ok(Way::Process),
            "b" => Ok(Way::McpTool),
            "c" => Ok(Way::Http),
            "d" => Ok(Way::Baseline),
            other => Err(format!("`--ways` takes letters a, b, c, d, not `{other}`")),
        }
    }

    fn label(self) -> &'static str {
        match self {
            Way::Process => "(a) tackle hook process",
            Way::McpTool => "(b) tackle mcp, tools/call tackle_hook (stdio)",
            Way::Http => "(c) tackle mcp --http, POST /hooks/claude/PreToolUse",
            Way::Baseline => "(d) hand-written Rust hook process",
        }
    }

    fn served(self) -> bool {
        matches!(self, Way::McpTool | Way::Http)
    }
}

/// Everything a run drives.
struct Bench {
    events: Vec<Event>,
    process: HookProcess,
    baseline: HookProcess,
    mcp: McpSession,
    http: HttpHooks,
    runtime: tokio::runtime::Runtime,
    /// The HTTP server; killed when the bench ends.
    _server: Server,
}

impl Bench {
    fn start(o: &Options) -> Result<Bench, String> {
        let read = |path: &PathBuf| {
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
        };
        let mut events = vec![Event::parse("deny", Expect::Deny, read(&o.deny)?)?];
        if let Some(allow) = &o.allow {
            events.push(Event::parse("allow", Expect::Allow, read(allow)?)?);
        }
        let host = o.host.display().to_string();
        let mut mcp = match &o.server_cpu {
            Some(cpu) => {
                let mut command = Command::new("taskset");
                command.args(["-c", cpu]).arg(&o.host);
                command
            }
            None => Command::new(&o.host),
        };
        mcp.args(["mcp", "--hook-key", bench_mcp_http::hook_event::HOOK_KEY]);
        let mcp = McpSession::start(mcp)?;
        let pin = o
            .server_cpu
            .as_ref()
            .map_or(String::new(), |cpu| format!("taskset -c {cpu} "));
        let server = Server::start(&ServerSpec {
            label: "http".into(),
            command: format!("{pin}{host} mcp --http 127.0.0.1:{{port}}"),
        })?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the runtime: {e}"))?;
        let http = runtime.block_on(HttpHooks::connect(server.addr))?;
        let name = events[0].name()?.to_owned();
        Ok(Bench {
            events,
            process: HookProcess {
                program: o.host.clone(),
                args: vec!["hook".into(), "claude".into(), name],
            },
            baseline: HookProcess {
                program: o.baseline.clone(),
                args: Vec::new(),
            },
            mcp,
            http,
            runtime,
            _server: server,
        })
    }

    /// `times` checked decisions of event `e` the way `way`.
    fn run(&mut self, way: Way, e: usize, times: usize) -> Result<Vec<Duration>, String> {
        let event = &self.events[e];
        let arguments = event.hook_tool_arguments()?;
        let body = Bytes::from(event.body.clone());
        let mut samples = Vec::with_capacity(times);
        for _ in 0..times {
            let (elapsed, answer): Timed = match way {
                Way::Process => self.process.decide(event)?,
                Way::Baseline => self.baseline.decide(event)?,
                Way::McpTool => self.mcp.decide(&arguments)?,
                Way::Http => self.runtime.block_on(self.http.decide(event, &body))?,
            };
            event
                .check(&answer)
                .map_err(|e| format!("{}: {e}", way.label()))?;
            samples.push(elapsed);
        }
        Ok(samples)
    }
}

fn micros(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1e6)
}

fn measure(o: &Options) -> Result<(), String> {
    let mut bench = Bench::start(o)?;
    let cells = Way::ALL.len() * bench.events.len();
    let mut pooled: Vec<Vec<Duration>> = vec![Vec::new(); cells];
    for round in 0..o.rounds {
        for turn in 0..Way::ALL.len() {
            let w = (turn + round) % Way::ALL.len();
            let way = Way::ALL[w];
            if !o.ways.contains(&way) {
                continue;
            }
            let times = if way.served() { o.calls } else { o.spawns };
            for e in 0..bench.events.len() {
                bench.run(way, e, times.div_ceil(10))?;
                let mut samples = bench.run(way, e, times)?;
                samples.sort_unstable();
                println!(
                    "round {} {:<52} {:<5} n={:<5} median {:>8} µs  p90 {:>8} µs",
                    round + 1,
                    way.label(),
                    bench.events[e].label,
                    samples.len(),
                    micros(percentile(&samples, 50.0).unwrap_or_default()),
                    micros(percentile(&samples, 90.0).unwrap_or_default()),
                );
                pooled[w * bench.events.len() + e].extend(samples);
            }
        }
    }
    println!();
    println!("| way | event | decisions | median µs | p90 µs | p99 µs |");
    println!("| --- | --- | ---: | ---: | ---: | ---: |");
    let mut medians = vec![Duration::ZERO; cells];
    for (w, way) in Way::ALL.into_iter().enumerate() {
        if !o.ways.contains(&way) {
            continue;
        }
        for (e, event) in bench.events.iter().enumerate() {
            let samples = &mut pooled[w * bench.events.len() + e];
            samples.sort_unstable();
            let p = |q| percentile(samples, q).unwrap_or_default();
            medians[w * bench.events.len() + e] = p(50.0);
            println!(
                "| {} | {} | {} | {} | {} | {} |",
                way.label(),
                event.label,
                samples.len(),
                micros(p(50.0)),
                micros(p(90.0)),
                micros(p(99.0)),
            );
        }
    }
    println!();
    if !(o.ways.contains(&Way::McpTool) && o.ways.contains(&Way::Baseline)) {
        return Ok(());
    }
    for (e, event) in bench.events.iter().enumerate() {
        let served = medians[e + bench.events.len()];
        let baseline = medians[e + 3 * bench.events.len()];
        let ratio = baseline.as_secs_f64() / served.as_secs_f64();
        let ok = served <= GOAL && ratio >= GOAL_RATIO;
        println!(
            "goal, {} event: (b) median {} µs (at most {} µs) and (d)/(b) {ratio:.1}x (at least {GOAL_RATIO}x): {}",
            event.label,
            micros(served),
            micros(GOAL),
            if ok { "met" } else { "missed" },
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    match options().and_then(|o| measure(&o)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hooks-served: {e}");
            ExitCode::FAILURE
        }
    }
}
