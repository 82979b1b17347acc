//! A server under test: a command started with a free port, waited for
//! until it accepts connections, its peak resident memory read from
//! `/proc`, and killed.

use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a server may take to start listening.
const START_LIMIT: Duration = Duration::from_secs(30);

/// A server to measure: a label and a shell command in which `{port}`
/// stands for the port to serve on.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerSpec {
    pub label: String,
    pub command: String,
}

impl ServerSpec {
    /// `LABEL=COMMAND`, as `--server` takes it.
    pub fn parse(text: &str) -> Result<ServerSpec, String> {
        match text.split_once('=') {
            Some((label, command)) if !label.trim().is_empty() && command.contains("{port}") => {
                Ok(ServerSpec {
                    label: label.trim().to_owned(),
                    command: command.to_owned(),
                })
            }
            _ => Err(format!(
                "`--server` takes LABEL=COMMAND with `{{port}}` in the command, not `{text}`"
            )),
        }
    }
}

/// A running server; killed when dropped.
#[derive(Debug)]
pub struct Server {
    pub addr: SocketAddr,
    child: Child,
    log: PathBuf,
}

impl Server {
    /// Starts `spec` on a free loopback port (`sh -c 'exec COMMAND'`, so
    /// the process measured is the server itself) and waits until it
    /// accepts a connection. Its stderr goes to a file, shown if it fails.
    pub fn start(spec: &ServerSpec) -> Result<Server, String> {
        let port = free_port()?;
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        let command = spec.command.replace("{port}", &port.to_string());
        let log = std::env::temp_dir().join(format!(
            "mcp-http-load-{}-{}.log",
            std::process::id(),
            spec.label
        ));
        let stderr = std::fs::File::create(&log)
            .map_err(|e| format!("cannot create {}: {e}", log.display()))?;
        let child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .map_err(|e| format!("{}: cannot start `{command}`: {e}", spec.label))?;
        let mut server = Server { addr, child, log };
        let started = Instant::now();
        loop {
            if std::net::TcpStream::connect(addr).is_ok() {
                return Ok(server);
            }
            if let Ok(Some(status)) = server.child.try_wait() {
                return Err(format!(
                    "{}: `{command}` exited ({status}) before listening on {addr}:\n{}",
                    spec.label,
                    server.log_text()
                ));
            }
            if started.elapsed() > START_LIMIT {
                return Err(format!(
                    "{}: `{command}` did not listen on {addr} within {START_LIMIT:?}:\n{}",
                    spec.label,
                    server.log_text()
                ));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The peak resident set so far (`VmHWM`), in KiB.
    pub fn peak_rss_kib(&self) -> Result<u64, String> {
        let path = format!("/proc/{}/status", self.child.id());
        let status =
            std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path}: {e}"))?;
        status_kib(&status, "VmHWM").ok_or_else(|| format!("no VmHWM in {path}"))
    }

    /// The resident set now (`VmRSS`), in KiB.
    pub fn rss_kib(&self) -> Result<u64, String> {
        let path = format!("/proc/{}/status", self.child.id());
        let status =
            std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path}: {e}"))?;
        status_kib(&status, "VmRSS").ok_or_else(|| format!("no VmRSS in {path}"))
    }

    /// A reader of the CPU time the server has used so far, every
    /// thread's (those that ended included), from `/proc/PID/stat`.
    pub fn cpu_clock(&self) -> impl Fn() -> Option<Duration> + Send + 'static {
        let path = format!("/proc/{}/stat", self.child.id());
        move || stat_cpu(&std::fs::read_to_string(&path).ok()?)
    }

    /// What the server wrote on stderr.
    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.log);
    }
}

/// A field of `/proc/PID/status` in kB (`VmHWM:    1234 kB`).
pub fn status_kib(status: &str, field: &str) -> Option<u64> {
    status.lines().find_map(|line| {
        let value = line.strip_prefix(field)?.strip_prefix(':')?;
        value.trim().strip_suffix("kB")?.trim().parse().ok()
    })
}

/// Clock ticks per second of `/proc`'s times: `USER_HZ`, 100 on every
/// Linux architecture this runs on.
const USER_HZ: u64 = 100;

/// User plus system time from a `/proc/PID/stat` line (fields 14 and 15,
/// counted after the command name, which may hold spaces and parentheses).
pub fn stat_cpu(stat: &str) -> Option<Duration> {
    let (_, rest) = stat.rsplit_once(") ")?;
    let mut fields = rest.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some(Duration::from_millis((utime + stime) * 1000 / USER_HZ))
}

fn free_port() -> Result<u16, String> {
    let listener =
        TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).map_err(|e| format!("no free port: {e}"))?;
    listener
        .local_addr()
        .map(|a| a.port())
        .map_err(|e| format!("no free port: {e}"))
}
