//! A real haproxy in front of policy-server replicas, for the fleet tests:
//! round robin, health checks on `/healthz`, on a loopback port the kernel
//! picks. haproxy cannot pick a port (`bind :0` is refused), so the test
//! binds the socket itself and hands it over as haproxy's stdin
//! (`bind fd@0`): no race for the port. Stopped by PID when dropped.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::venv::{Install, install_or_skip};

/// haproxy, installed once per test binary by `scripts/install-fleet.sh`
/// (Debian's puts it in `/usr/sbin`, off a user's PATH); `None` when the
/// tests are skipped (`TACKLE_SKIP_FLEET=1`, never in CI).
pub fn program() -> Option<&'static PathBuf> {
    static PROGRAM: OnceLock<Option<[PathBuf; 1]>> = OnceLock::new();
    PROGRAM
        .get_or_init(|| {
            let install = Install {
                script: "scripts/install-fleet.sh",
                skip_var: "TACKLE_SKIP_FLEET",
                tests: "the fleet's tests",
                skipped: "the tests that need haproxy",
            };
            install_or_skip(&install, ["haproxy"])
        })
        .as_ref()
        .map(|[haproxy]| haproxy)
}

/// haproxy, serving.
#[derive(Debug)]
pub struct Haproxy {
    child: Child,
    /// `127.0.0.1:PORT`, where clients reach the replicas through it.
    pub addr: String,
    stderr: Arc<Mutex<String>>,
    _dir: tempfile::TempDir,
}

/// The socket haproxy will serve on, bound ahead so that the replicas can
/// be told the `Host` clients send (`--allow-host`).
#[derive(Debug)]
pub struct Front {
    listener: TcpListener,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Front {
    /// A loopback port the kernel picks.
    pub fn bind() -> Front {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let addr = listener.local_addr().expect("its address").to_string();
        Front { listener, addr }
    }
}

impl Haproxy {
    /// haproxy on `front`, balancing round robin over `backends`
    /// (`127.0.0.1:PORT` each), checking `GET /healthz` every 200 ms: a
    /// backend that stops answering is taken out in well under a second
    /// (two failed checks 100 ms apart), and a request refused by a dead
    /// one is retried on another. `extra` is added to the backend section
    /// (a stickiness rule, say).
    pub fn start(front: Front, backends: &[String], extra: &str) -> Haproxy {
        let program = program().expect("haproxy installed: the test checks `program()` first");
        let Front { listener, addr } = front;
        let dir = tempfile::tempdir().expect("a scratch folder");
        let servers: String = backends
            .iter()
            .enumerate()
            .map(|(n, b)| format!("    server r{} {b} check\n", n + 1))
            .collect();
        let config = format!(
            "global\n    maxconn 1024\n\
             defaults\n    mode http\n    timeout connect 1s\n    timeout client 60s\n    timeout server 60s\n    timeout check 200ms\n    retries 2\n    option redispatch\n\
             frontend policy\n    bind fd@0\n    default_backend replicas\n\
             backend replicas\n    balance roundrobin\n    option httpchk GET /healthz\n    http-check expect status 200\n\
                 default-server inter 200ms fastinter 100ms downinter 500ms fall 2 rise 2\n{servers}{extra}"
        );
        let path = dir.path().join("haproxy.cfg");
        std::fs::write(&path, config).expect("writes the config");
        let mut child = Command::new(program)
            .args(["-db", "-f"])
            .arg(&path)
            .stdin(Stdio::from(std::os::fd::OwnedFd::from(listener)))
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("haproxy starts");
        let stderr = Arc::new(Mutex::new(String::new()));
        let sink = stderr.clone();
        let lines = BufReader::new(child.stderr.take().expect("stderr")).lines();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                let mut kept = sink.lock().unwrap_or_else(|e| e.into_inner());
                kept.push_str(&line);
                kept.push('\n');
            }
        });
        let haproxy = Haproxy {
            child,
            addr,
            stderr,
            _dir: dir,
        };
        haproxy.wait_up();
        haproxy
    }

    /// Waits until a request through haproxy is answered by a replica.
    fn wait_up(&self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if let Ok(status) = healthz(&self.addr)
                && status == 200
            {
                return;
            }
            // Polling a server coming up; what is asserted does not depend on it.
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!(
            "haproxy at {} never reached a replica; its log:\n{}",
            self.addr,
            self.log()
        );
    }

    /// What haproxy wrote on stderr (its alerts and warnings).
    pub fn log(&self) -> String {
        self.stderr
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

/// The status of `GET http://addr/healthz`, read over a plain socket.
pub fn healthz(addr: &str) -> std::io::Result<u16> {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(2)))?;
    write!(
        stream,
        "GET /healthz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer)?;
    answer
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("not an HTTP answer: {answer:?}")))
}

impl Drop for Haproxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
