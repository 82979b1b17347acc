//! A real `redis-server` (installed by `scripts/install-fleet.sh`) for the
//! tests of the shared session store: on a loopback port the kernel picks,
//! in a scratch folder, saving nothing to disk, stopped by its pid when
//! dropped. The failure tests pause it (SIGSTOP: a store that is slow),
//! kill it (SIGKILL: a store that is down) and start it again on the same
//! port (a store that comes back).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::venv::{Install, install_or_skip};

/// How long a server may take to answer `PING` after it starts.
const READY: Duration = Duration::from_secs(10);

/// `redis-server` and `redis-cli`, installed once per test binary; `None`
/// when the tests are skipped (`TACKLE_SKIP_FLEET=1`, never in CI).
fn programs() -> Option<&'static [PathBuf; 2]> {
    static PROGRAMS: OnceLock<Option<[PathBuf; 2]>> = OnceLock::new();
    PROGRAMS
        .get_or_init(|| {
            let install = Install {
                script: "scripts/install-fleet.sh",
                skip_var: "TACKLE_SKIP_FLEET",
                tests: "the shared session store's tests",
                skipped: "the tests that need redis-server",
            };
            install_or_skip(&install, ["redis_server", "redis_cli"])
        })
        .as_ref()
}

/// A running `redis-server`, killed when dropped.
#[derive(Debug)]
pub struct RedisServer {
    server: PathBuf,
    cli: PathBuf,
    dir: tempfile::TempDir,
    port: u16,
    password: Option<String>,
    child: Option<Child>,
}

impl RedisServer {
    /// Starts one; `None` when the tests that need it are skipped.
    pub fn start() -> Option<RedisServer> {
        RedisServer::start_with(None)
    }

    /// Starts one that asks for `password` (`requirepass`).
    pub fn with_password(password: &str) -> Option<RedisServer> {
        RedisServer::start_with(Some(password.to_owned()))
    }

    fn start_with(password: Option<String>) -> Option<RedisServer> {
        let [server, cli] = programs()?.clone();
        let mut redis = RedisServer {
            server,
            cli,
            dir: tempfile::tempdir().expect("a scratch folder"),
            port: 0,
            password,
            child: None,
        };
        // A port the kernel picked may be taken again before the server
        // binds it: then another.
        for _ in 0..20 {
            redis.port = free_port();
            match redis.spawn() {
                Ok(child) => {
                    redis.child = Some(child);
                    return Some(redis);
                }
                Err(Spawn::PortTaken) => continue,
                Err(Spawn::Failed(log)) => panic!("redis-server did not start:\n{log}"),
            }
        }
        panic!("redis-server found no free port in 20 tries");
    }

    /// `redis://127.0.0.1:PORT/0`.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/0", self.port)
    }

    /// Its port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Its process id.
    pub fn pid(&self) -> u32 {
        self.child.as_ref().map_or(0, Child::id)
    }

    /// SIGSTOP: it keeps its connections and answers nothing.
    pub fn pause(&self) {
        self.signal("STOP");
    }

    /// SIGCONT.
    pub fn resume(&self) {
        self.signal("CONT");
    }

    /// SIGKILL, and waits for it to be gone: its port refuses connections.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts it again on the same port (killed first if it runs), empty;
    /// waits until it answers.
    pub fn restart(&mut self) {
        self.kill();
        let deadline = Instant::now() + READY;
        loop {
            match self.spawn() {
                Ok(child) => {
                    self.child = Some(child);
                    return;
                }
                // The old socket's port, not yet free.
                Err(Spawn::PortTaken) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(50));
                }
                Err(Spawn::PortTaken) => panic!("port {} stayed taken", self.port),
                Err(Spawn::Failed(log)) => panic!("redis-server did not start again:\n{log}"),
            }
        }
    }

    /// `redis-cli` with `args` against it: what it prints, trimmed.
    pub fn cli(&self, args: &[&str]) -> String {
        let mut command = Command::new(&self.cli);
        command.args(["-h", "127.0.0.1", "-p", &self.port.to_string()]);
        if let Some(password) = &self.password {
            command.args(["--no-auth-warning", "-a", password]);
        }
        let out = command
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("redis-cli runs");
        assert!(out.status.success(), "redis-cli {args:?}: {out:?}");
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    }

    /// The keys it holds that start with `prefix`, sorted.
    pub fn keys(&self, prefix: &str) -> Vec<String> {
        let mut keys: Vec<String> = self
            .cli(&["--scan", "--pattern", &format!("{prefix}*")])
            .lines()
            .map(str::to_owned)
            .collect();
        keys.sort();
        keys
    }

    fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .args(["-s", signal, &self.pid().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -s {signal}");
    }

    fn log_path(&self) -> PathBuf {
        self.dir.path().join("redis.log")
    }

    /// Starts the server on `self.port` and waits for its `PING`.
    fn spawn(&self) -> Result<Child, Spawn> {
        let log = std::fs::File::create(self.log_path()).expect("the log file");
        let mut command = Command::new(&self.server);
        command
            .args(["--bind", "127.0.0.1", "--port", &self.port.to_string()])
            .arg("--dir")
            .arg(self.dir.path())
            .args(["--save", "", "--appendonly", "no", "--daemonize", "no"])
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("the log file"))
            .stderr(log);
        if let Some(password) = &self.password {
            command.args(["--requirepass", password]);
        }
        let mut child = command.spawn().expect("redis-server starts");
        let deadline = Instant::now() + READY;
        loop {
            if let Some(status) = child.try_wait().expect("the child") {
                let log = std::fs::read_to_string(self.log_path()).unwrap_or_default();
                return Err(if log.contains("Address already in use") {
                    Spawn::PortTaken
                } else {
                    Spawn::Failed(format!("{status}\n{log}"))
                });
            }
            if answers(self.port) {
                return Ok(child);
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                let log = std::fs::read_to_string(self.log_path()).unwrap_or_default();
                return Err(Spawn::Failed(format!("no PONG within {READY:?}\n{log}")));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Its folder.
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        // SIGKILL ends a paused process too.
        self.kill();
    }
}

enum Spawn {
    PortTaken,
    Failed(String),
}

/// A loopback port the kernel has just picked as free.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// Whether a Redis server answers on `port` (`+PONG`, or `-NOAUTH` when it
/// wants a password).
fn answers(port: u16) -> bool {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(1)));
    if stream.write_all(b"PING\r\n").is_err() {
        return false;
    }
    let mut reply = [0u8; 16];
    match stream.read(&mut reply) {
        Ok(n) => reply[..n].starts_with(b"+PONG") || reply[..n].starts_with(b"-NOAUTH"),
        Err(_) => false,
    }
}
