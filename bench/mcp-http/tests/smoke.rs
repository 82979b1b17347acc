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
