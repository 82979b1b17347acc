//! `<bin> mcp --http 127.0.0.1:0` as a process: started, its address read
//! from its stderr, stopped by SIGTERM or killed when dropped; and raw
//! connections to it, for what a hostile client sends byte by byte.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::process::isolated;

/// The server process, killed when dropped.
#[derive(Debug)]
pub struct HttpServer {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// Its stderr after the address line, read on a thread.
    stderr: Arc<Mutex<String>>,
    dir: tempfile::TempDir,
}

impl HttpServer {
    /// Starts `host mcp --http 127.0.0.1:0` with `args`, in a scratch
    /// folder with its own HOME, with `env` added; waits for the address.
    pub fn start(host: &str, args: &[&str], env: &[(&str, &str)]) -> HttpServer {
        HttpServer::start_at(host, "127.0.0.1:0", args, env)
    }

    /// The same on `addr`: a replica started again where a balancer
    /// expects it.
    pub fn start_at(host: &str, addr: &str, args: &[&str], env: &[(&str, &str)]) -> HttpServer {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut command: Command = isolated(host, &dir.path().join(".home"));
        command
            .args(["mcp", "--http", addr])
            .args(args)
            .current_dir(dir.path());
        for (k, v) in env {
            command.env(k, v);
        }
        let mut child = command.spawn().expect("the host starts");
        let mut lines = BufReader::new(child.stderr.take().expect("stderr")).lines();
        let mut seen = String::new();
        let addr = loop {
            let Some(Ok(line)) = lines.next() else {
                let _ = child.kill();
                panic!("the server ended before saying where it serves; stderr:\n{seen}");
            };
            seen.push_str(&line);
            seen.push('\n');
            if let Some(url) = line.strip_prefix("serving MCP on http://") {
                break url
                    .strip_suffix("/mcp")
                    .expect("the path is /mcp")
                    .to_owned();
            }
        };
        let stderr = Arc::new(Mutex::new(String::new()));
        let sink = stderr.clone();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                let mut s = sink.lock().expect("not poisoned");
                s.push_str(&line);
                s.push('\n');
            }
        });
        HttpServer {
            child,
            addr,
            stderr,
            dir,
        }
    }

    /// Its process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The folder it runs in (and its HOME's parent).
    pub fn dir(&self) -> &std::path::Path {
        self.dir.path()
    }

    /// The MCP endpoint's URL.
    pub fn url(&self) -> String {
        format!("http://{}/mcp", self.addr)
    }

    /// The port it listens on.
    pub fn port(&self) -> &str {
        self.addr.rsplit_once(':').expect("a port").1
    }

    /// What it wrote on stderr after the address line, so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().expect("not poisoned").clone()
    }

    /// Kills it (SIGKILL) and reaps it: a replica that crashed.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Sends SIGTERM and waits (at most `limit`) for the exit code.
    pub fn terminate(&mut self, limit: Duration) -> Option<i32> {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
        let start = Instant::now();
        while start.elapsed() < limit {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!(
            "the server did not exit within {limit:?} of SIGTERM; stderr:\n{}",
            self.stderr()
        );
    }
}

impl HttpServer {
    /// A connection that has sent the head of `POST path` (with `headers`,
    /// each `Name: value\r\n`), declaring a 100,000-byte JSON body of
    /// which it sends nothing.
    pub fn stall(&self, path: &str, headers: &str) -> TcpStream {
        let mut stream = TcpStream::connect(&self.addr).expect("connects");
        write!(
            stream,
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n{headers}Content-Length: 100000\r\n\r\n",
            self.addr
        )
        .expect("writes the head");
        stream.flush().expect("flushed");
        stream
    }
}

/// What came on `stream` up to the end of an answer's head (its blank
/// line), or up to the connection's close; `limit` at most.
pub fn answer_head(stream: &mut TcpStream, limit: Duration) -> String {
    stream
        .set_read_timeout(Some(limit))
        .expect("a read timeout");
    let mut answer = String::new();
    let mut buf = [0u8; 1024];
    while !answer.contains("\r\n\r\n") {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => answer.push_str(&String::from_utf8_lossy(&buf[..n])),
        }
    }
    answer
}

/// Whether the server closes `stream` within `limit`, whatever it writes
/// first.
pub fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    stream
        .set_read_timeout(Some(limit))
        .expect("a read timeout");
    let mut buf = [0u8; 1024];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) => return e.kind() == std::io::ErrorKind::ConnectionReset,
        }
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
