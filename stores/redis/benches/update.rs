//! What the shared store costs a decision: the latency of one session
//! update (what doom-loop makes per tool call), p50 and p99, on the host's
//! `MemoryStore` and on a Redis store over loopback TCP and a Unix socket,
//! one after the other in the same run. Starts its own `redis-server`
//! (`scripts/install-fleet.sh`; `REDIS_SERVER` names another), saving
//! nothing, and stops it.
//!
//! ```sh
//! cargo bench -p tackle-store-redis --bench update          # 20,000 updates each
//! UPDATES=2000 cargo bench -p tackle-store-redis --bench update
//! ```

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use tackle::session::{SessionKey, SessionLimits, SessionStore, Slot};
use tackle_host::session::MemoryStore;
use tackle_store_redis::RedisStore;

const SLOT: Slot = Slot {
    plugin: "doom-loop",
    version: "0.1.0",
    value: "doomloop::Streak",
};

/// `updates` updates of one session (a streak of identical calls): the
/// latency of each, sorted.
fn measure(store: &dyn SessionStore, updates: usize) -> Vec<Duration> {
    let session = SessionKey::new("bench-session").expect("an id");
    let mut took = Vec::with_capacity(updates);
    // Warm: the connection, the scripts loaded.
    for i in 0..(updates / 10).max(10) + updates {
        let started = Instant::now();
        store
            .update(session, SLOT, &mut |old| {
                let count = old.and_then(|v| v["count"].as_u64()).unwrap_or(0);
                Ok(Some(
                    json!({"call": "Bash {\"command\":\"cargo test\"}", "count": count + 1}),
                ))
            })
            .expect("updates");
        if i >= (updates / 10).max(10) {
            took.push(started.elapsed());
        }
    }
    took.sort();
    took
}

fn at(sorted: &[Duration], percent: usize) -> Duration {
    sorted[(sorted.len() * percent / 100).min(sorted.len() - 1)]
}

fn report(name: &str, sorted: &[Duration]) -> (Duration, Duration) {
    let (p50, p99) = (at(sorted, 50), at(sorted, 99));
    println!(
        "{name:<24} p50 {:>8.1} µs   p99 {:>8.1} µs   ({} updates)",
        p50.as_secs_f64() * 1e6,
        p99.as_secs_f64() * 1e6,
        sorted.len()
    );
    (p50, p99)
}

/// A `redis-server` on a free loopback port and a Unix socket in `dir`.
fn start_redis(dir: &std::path::Path) -> (Child, u16) {
    let bin = std::env::var("REDIS_SERVER").unwrap_or_else(|_| "/usr/bin/redis-server".into());
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a port")
        .port();
    let socket = dir.join("redis.sock");
    let child = Command::new(&bin)
        .args(["--bind", "127.0.0.1", "--port", &port.to_string()])
        .arg("--unixsocket")
        .arg(&socket)
        .args([
            "--unixsocketperm",
            "700",
            "--save",
            "",
            "--appendonly",
            "no",
        ])
        .arg("--dir")
        .arg(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{bin}: {e} (install it with scripts/install-fleet.sh)"));
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() || !socket.exists() {
        assert!(Instant::now() < deadline, "redis-server did not start");
        std::thread::sleep(Duration::from_millis(10));
    }
    (child, port)
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs it once, small.
    let quick = !std::env::args().any(|a| a == "--bench");
    let updates: usize = std::env::var("UPDATES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if quick { 200 } else { 20_000 });
    let dir = tempfile::tempdir().expect("a scratch folder");
    let (mut redis, port) = start_redis(dir.path());
    let limits = SessionLimits::default();
    let tcp =
        RedisStore::open(&format!("redis://127.0.0.1:{port}/0"), None, limits).expect("opens");
    let unix = RedisStore::open(
        &format!("redis+unix://{}", dir.path().join("redis.sock").display()),
        None,
        limits,
    )
    .expect("opens");
    let stores: [(&str, Arc<dyn SessionStore>); 3] = [
        ("memory", Arc::new(MemoryStore::new(limits))),
        ("redis, loopback TCP", Arc::new(tcp)),
        ("redis, Unix socket", Arc::new(unix)),
    ];
    let mut base = None;
    for (name, store) in stores {
        let (p50, p99) = report(name, &measure(&*store, updates));
        match base {
            None => base = Some((p50, p99)),
            Some((b50, b99)) => println!(
                "{:<24} +{:.1} µs at p50, +{:.1} µs at p99 over memory",
                "",
                (p50.as_secs_f64() - b50.as_secs_f64()) * 1e6,
                (p99.as_secs_f64() - b99.as_secs_f64()) * 1e6
            ),
        }
    }
    let _ = redis.kill();
    let _ = redis.wait();
}
