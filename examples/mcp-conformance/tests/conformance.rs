//! The official MCP conformance suite (`@modelcontextprotocol/conformance`,
//! pinned in `scripts/install-mcp-conformance.sh`) against
//! `mcp-conformance mcp --http`: every server scenario (`--suite all`)
//! passes but those in `expected-failures.txt`, each listed with why.
//!
//! `TACKLE_SKIP_MCP_CONFORMANCE=1` skips it locally (never under CI).

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use tackle_tests::venv::{Install, install_or_skip};

/// The server, killed when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `mcp-conformance mcp --http 127.0.0.1:0` in a scratch folder;
/// the server and its URL.
fn serve(dir: &std::path::Path) -> (Server, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mcp-conformance"))
        .args(["mcp", "--http", "127.0.0.1:0"])
        .current_dir(dir)
        .env("HOME", dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts mcp-conformance");
    let stderr = child.stderr.take().expect("stderr");
    let server = Server(child);
    let mut seen = String::new();
    for line in BufReader::new(stderr).lines() {
        let line = line.expect("reads stderr");
        if let Some(url) = line.strip_prefix("serving MCP on ") {
            return (server, url.to_owned());
        }
        seen.push_str(&line);
        seen.push('\n');
    }
    panic!("mcp-conformance ended before saying where it serves:\n{seen}");
}

/// `expected-failures.txt`: scenario → why.
fn expected_failures() -> BTreeMap<String, String> {
    let text = include_str!("../expected-failures.txt");
    let mut expected = BTreeMap::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (scenario, why) = line
            .split_once(char::is_whitespace)
            .unwrap_or_else(|| panic!("expected-failures.txt: `{line}` gives no reason"));
        assert!(
            !why.trim().is_empty(),
            "expected-failures.txt: `{scenario}` gives no reason"
        );
        expected.insert(scenario.to_owned(), why.trim().to_owned());
    }
    expected
}

/// The summary's verdicts: `✓ name: 1 passed, 0 failed` → (name, passed).
fn verdicts(output: &str) -> BTreeMap<String, bool> {
    let summary = output
        .split("=== SUMMARY ===")
        .nth(1)
        .unwrap_or_else(|| panic!("the suite printed no summary:\n{output}"));
    summary
        .lines()
        .filter_map(|line| {
            let (mark, rest) = line.trim().split_at_checked(line.trim().find(' ')?)?;
            let name = rest.trim().split(':').next()?.to_owned();
            match mark {
                "✓" => Some((name, true)),
                "✗" => Some((name, false)),
                _ => None,
            }
        })
        .collect()
}

#[test]
fn the_official_suite_passes_but_the_listed_scenarios() {
    let install = Install {
        script: "scripts/install-mcp-conformance.sh",
        skip_var: "TACKLE_SKIP_MCP_CONFORMANCE",
        tests: "the MCP conformance suite",
        skipped: "the MCP conformance suite's scenarios",
    };
    let Some([node, suite]) = install_or_skip(&install, ["node", "conformance"]) else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("mcp-conformance-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let (_server, url) = serve(&dir);

    let mut run = Command::new(&node);
    run.arg(&suite)
        .args(["server", "--suite", "all", "--url", &url])
        .current_dir(&dir)
        .stdin(Stdio::null());
    let output = run.output().expect("runs the suite");
    let output = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let verdicts = verdicts(&output);
    let expected = expected_failures();

    assert_eq!(
        verdicts.len(),
        32,
        "the suite's 32 server scenarios, ran:\n{verdicts:#?}"
    );
    let failed: Vec<&String> = verdicts
        .iter()
        .filter(|(_, ok)| !**ok)
        .map(|(n, _)| n)
        .collect();
    let unexpected: Vec<&&String> = failed
        .iter()
        .filter(|n| !expected.contains_key(**n))
        .collect();
    let fixed: Vec<&String> = expected
        .keys()
        .filter(|n| verdicts.get(*n) == Some(&true))
        .collect();
    let unknown: Vec<&String> = expected
        .keys()
        .filter(|n| !verdicts.contains_key(*n))
        .collect();
    assert!(
        unexpected.is_empty() && fixed.is_empty() && unknown.is_empty(),
        "failed but not expected: {unexpected:?}; expected to fail but passed (drop them from expected-failures.txt): {fixed:?}; listed but not run: {unknown:?}\n\n{output}"
    );
    let passed = verdicts.values().filter(|ok| **ok).count();
    eprintln!("{passed} of {} server scenarios pass", verdicts.len());
    let _ = std::fs::remove_dir_all(&dir);
}
