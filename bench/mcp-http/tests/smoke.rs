//! The benchmark's pieces start and answer: each server, started as
//! `bench/mcp_http.sh` starts it, serves two sessions for a moment with
//! every answer checked, and reports its memory and CPU time. No timing
//! is asserted.

use std::time::Duration;

use bench_mcp_http::drive::{self, Load};
use bench_mcp_http::server::{Server, ServerSpec};
use tackle_tests::venv::{Install, install_or_skip};

fn serves(label: &str, command: String) {
    let spec = ServerSpec {
        label: label.to_owned(),
        command,
    };
    let server = Server::start(&spec).unwrap_or_else(|e| panic!("{e}"));
    let load = Load {
        clients: 2,
        warm_up: Duration::from_millis(100),
        window: Duration::from_millis(400),
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let outcome = runtime
        .block_on(drive::run(server.addr, load, server.cpu_clock()))
        .unwrap_or_else(|e| panic!("{label}: {e}\n{}", server.log_text()));
    assert_eq!(outcome.first_error, None, "{label}");
    assert!(outcome.stateful, "{label} gave every session an id");
    let summary = outcome.summary.expect("calls were timed");
    assert!(summary.requests > 0, "{label}: {summary:?}");
    assert_eq!(summary.errors, 0, "{label}");
    assert!(summary.median <= summary.p99, "{label}: {summary:?}");
    // Read at both ends of the window; /proc counts in 10 ms ticks, so a
    // short window may show none.
    assert!(outcome.server_cpu.is_some(), "{label}: no CPU time read");
    let rss = server.peak_rss_kib().expect("the server's memory");
    assert!(rss > 1024, "{label}: peak RSS {rss} KiB");
}

#[test]
fn the_tackle_server_serves_sessions() {
    let agent_dir = tempfile::tempdir().expect("an empty agent folder");
    serves(
        "tackle",
        format!(
            "env TACKLE_AGENT_DIR={} {} mcp --http 127.0.0.1:{{port}}",
            agent_dir.path().display(),
            env!("CARGO_BIN_EXE_tackle-http-bench")
        ),
    );
}

#[test]
fn the_rmcp_server_serves_sessions() {
    serves(
        "rmcp",
        format!(
            "{} 127.0.0.1:{{port}}",
            env!("CARGO_BIN_EXE_rmcp-http-bench")
        ),
    );
}

#[test]
fn the_typescript_sdk_server_serves_sessions() {
    let install = Install {
        script: "scripts/install-mcp-http-bench.sh",
        skip_var: "TACKLE_SKIP_MCP_HTTP_BENCH",
        tests: "the MCP HTTP benchmark's TypeScript server smoke test",
        skipped: "the TypeScript SDK server's smoke test",
    };
    let Some([node, server]) = install_or_skip(&install, ["node", "server"]) else {
        return;
    };
    serves(
        "ts",
        format!("{} {} {{port}}", node.display(), server.display()),
    );
}

/// `mcp-http-hostile`'s pieces against the tackle server, for a moment:
/// the stalled connections past the server's 32 waiting slots get 429,
/// every flooded session is opened, the garbage is answered, and the
/// honest client's every ping and hook is answered. No timing is asserted.
#[test]
fn the_hostile_clients_attack_and_the_honest_one_is_answered() {
    use std::sync::Arc;
    use std::sync::atomic::Ordering;
    use std::time::Instant;

    use bench_mcp_http::hostile::{self, Flood, Statuses};
    use tokio_util::sync::CancellationToken;

    let agent_dir = tempfile::tempdir().expect("an empty agent folder");
    let spec = ServerSpec {
        label: "tackle".into(),
        command: format!(
            "env TACKLE_AGENT_DIR={} {} mcp --http 127.0.0.1:{{port}}",
            agent_dir.path().display(),
            env!("CARGO_BIN_EXE_tackle-http-bench")
        ),
    };
    let server = Server::start(&spec).unwrap_or_else(|e| panic!("{e}"));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let addr = server.addr;
    let (stalled, garbage, flood) = (
        Arc::new(Statuses::default()),
        Arc::new(Statuses::default()),
        Arc::new(Flood::default()),
    );
    let honest = runtime.block_on(async {
        let stop = CancellationToken::new();
        let mut attackers: Vec<_> = (0..40)
            .map(|_| tokio::spawn(hostile::stall(addr, "/mcp", stalled.clone(), stop.clone())))
            .collect();
        attackers.push(tokio::spawn(hostile::send_garbage(
            addr,
            garbage.clone(),
            stop.clone(),
        )));
        hostile::flood_sessions(addr, 50, 2, flood.clone()).await;
        let honest = hostile::honest(
            addr,
            Duration::from_millis(20),
            Instant::now() + Duration::from_secs(1),
        )
        .await;
        stop.cancel();
        for attacker in attackers {
            let _ = attacker.await;
        }
        honest
    });
    let honest = honest.unwrap_or_else(|e| panic!("{e}\n{}", server.log_text()));
    assert_eq!(honest.errors, 0, "{:?}", honest.first_error);
    assert!(!honest.pings.is_empty() && !honest.hooks.is_empty());
    assert_eq!(flood.opened.load(Ordering::Relaxed), 50);
    assert!(stalled.summary().contains("429: "), "{}", stalled.summary());
    let garbage = garbage.summary();
    for status in ["400: ", "403: ", "415: "] {
        assert!(garbage.contains(status), "{garbage}");
    }
}
