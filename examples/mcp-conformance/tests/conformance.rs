//! The official MCP conformance suite (`@modelcontextprotocol/conformance`,
//! pinned in `scripts/install-mcp-conformance.sh`) against
//! `mcp-conformance mcp --http`: every server scenario of 0.1.16's
//! `--suite all` passes but those in `expected-failures.txt`, and every one
//! of 0.2.0-alpha.12's `--requirements 2026-07-28` (scored, and the tasks
//! extension and pending ones it runs unscored) but those in
//! `expected-failures-2026-07-28.txt`, each listed with why.
//!
//! `TACKLE_SKIP_MCP_CONFORMANCE=1` skips it locally (never under CI).

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
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
fn serve(dir: &Path) -> (Server, String) {
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

/// An expected-failures file (`file`, its `text`): scenario → why.
fn expected_failures(file: &str, text: &str) -> BTreeMap<String, String> {
    let mut expected = BTreeMap::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (scenario, why) = line
            .split_once(char::is_whitespace)
            .unwrap_or_else(|| panic!("{file}: `{line}` gives no reason"));
        assert!(
            !why.trim().is_empty(),
            "{file}: `{scenario}` gives no reason"
        );
        expected.insert(scenario.to_owned(), why.trim().to_owned());
    }
    expected
}

/// A summary line's verdict: `✓ name: 1 passed, 0 failed` or `✗ name
/// (extension)` → (name, passed).
fn verdict(line: &str) -> Option<(String, bool)> {
    let line = line.trim();
    let (mark, rest) = line.split_at_checked(line.find(' ')?)?;
    let name = rest.trim().split([':', ' ']).next()?.to_owned();
    match mark {
        "✓" => Some((name, true)),
        "✗" => Some((name, false)),
        _ => None,
    }
}

/// The summary's verdicts, every scenario run, and the names of those
/// it says are not scored (the block after `Not scored for ...`).
fn verdicts(output: &str) -> (BTreeMap<String, bool>, Vec<String>) {
    let summary = output
        .split("=== SUMMARY ===")
        .nth(1)
        .unwrap_or_else(|| panic!("the suite printed no summary:\n{output}"));
    let (scored, unscored) = summary
        .split_once("Not scored for")
        .unwrap_or((summary, ""));
    let verdicts = scored.lines().filter_map(verdict).collect();
    let unscored = unscored
        .lines()
        .filter_map(verdict)
        .map(|(name, _)| name)
        .collect();
    (verdicts, unscored)
}

/// Runs `suite` (with `args`) against a fresh server; its output.
fn run_suite(node: &Path, suite: &Path, args: &[&str]) -> String {
    let dir = std::env::temp_dir().join(format!(
        "mcp-conformance-{}-{}",
        std::process::id(),
        args.join("-")
    ));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let (server, url) = serve(&dir);
    let output = Command::new(node)
        .arg(suite)
        .arg("server")
        .args(args)
        .args(["--url", &url])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .output()
        .expect("runs the suite");
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Every scenario in `verdicts` passed but those `expected` (from
/// `file`) to fail, and each of those failed.
fn assert_as_expected(
    verdicts: &BTreeMap<String, bool>,
    file: &str,
    expected: &BTreeMap<String, String>,
    output: &str,
) {
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
        "failed but not expected: {unexpected:?}; expected to fail but passed (drop them from {file}): {fixed:?}; listed but not run: {unknown:?}\n\n{output}"
    );
}

/// The suites, installed by the project's script; `None` where skipped.
fn suites() -> Option<[PathBuf; 3]> {
    let install = Install {
        script: "scripts/install-mcp-conformance.sh",
        skip_var: "TACKLE_SKIP_MCP_CONFORMANCE",
        tests: "the MCP conformance suite",
        skipped: "the MCP conformance suite's scenarios",
    };
    install_or_skip(&install, ["node", "conformance", "conformance_2026"])
}

#[test]
fn the_official_suite_passes_but_the_listed_scenarios() {
    let Some([node, suite, _]) = suites() else {
        return;
    };
    let output = run_suite(&node, &suite, &["--suite", "all"]);
    let (verdicts, _) = verdicts(&output);
    assert_eq!(
        verdicts.len(),
        32,
        "the suite's 32 server scenarios, ran:\n{verdicts:#?}"
    );
    let file = "expected-failures.txt";
    let expected = expected_failures(file, include_str!("../expected-failures.txt"));
    assert_as_expected(&verdicts, file, &expected, &output);
    let passed = verdicts.values().filter(|ok| **ok).count();
    eprintln!("{passed} of {} server scenarios pass", verdicts.len());
}

#[test]
fn the_2026_07_28_requirement_set_passes_but_the_listed_scenarios() {
    let Some([node, _, suite]) = suites() else {
        return;
    };
    let output = run_suite(&node, &suite, &["--requirements", "2026-07-28"]);
    let (verdicts, unscored) = verdicts(&output);
    // 37 scored; the tasks extension's 10 and 3 pending ones run unscored.
    assert_eq!(
        (verdicts.len(), unscored.len()),
        (50, 13),
        "the requirement set's 37 scored and 13 unscored scenarios, ran:\n{verdicts:#?}\nunscored: {unscored:?}"
    );
    assert!(
        unscored.iter().all(|name| verdicts.contains_key(name)),
        "an unscored scenario missing from the summary: {unscored:?}"
    );
    let file = "expected-failures-2026-07-28.txt";
    let expected = expected_failures(file, include_str!("../expected-failures-2026-07-28.txt"));
    assert_as_expected(&verdicts, file, &expected, &output);
    let scored_passed = verdicts
        .iter()
        .filter(|(name, ok)| **ok && !unscored.contains(name))
        .count();
    eprintln!(
        "2026-07-28: {scored_passed} of {} scored scenarios pass",
        verdicts.len() - unscored.len()
    );
}
