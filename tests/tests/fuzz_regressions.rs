//! The fuzz targets' inputs, replayed on stable: every input a fuzzer
//! found a problem with (`fuzz/regressions/<target>/`, kept after the fix)
//! and every seed (`fuzz/corpus/<target>/`), fed to the same entry points
//! (`tackle_runtime::fuzzing`, feature `fuzzing`). A panic fails the test;
//! so does a tool or command that panicked inside the host, which contains
//! it. See RELIABILITY.md.

use std::path::{Path, PathBuf};

use tackle_runtime::Host;
use tackle_runtime::fuzzing::{self, EXPECTED_PANICS, TOOLS};

tackle_runtime::link!(metrics, textkit, slash, faulty);

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz")
}

/// Every input of `target`: its regressions, then its seeds.
fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let mut found = Vec::new();
    for kind in ["regressions", "corpus"] {
        let dir = fuzz_dir().join(kind).join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            found.push((path, bytes));
        }
    }
    found
}

/// Feeds every input of `target` to `run`; returns how many there were.
/// A panic names the input.
fn replay(target: &str, run: fn(&[u8])) -> usize {
    let all = inputs(target);
    for (path, bytes) in &all {
        if std::panic::catch_unwind(|| run(bytes)).is_err() {
            panic!("`{target}` panicked on {}", path.display());
        }
    }
    all.len()
}

#[test]
fn hook_events_decode_without_panic() {
    // At least one event per agent was seeded.
    let n = replay("hook_event", fuzzing::hook_event);
    assert!(n >= 8, "only {n} hook_event inputs");
}

#[test]
fn superqode_manifests_read_without_panic() {
    let n = replay("plugin_json", fuzzing::superqode_manifest);
    assert!(n >= 2, "only {n} plugin_json inputs");
}

#[test]
fn hooks_files_read_without_panic() {
    let n = replay("hooks_json", fuzzing::hooks_json);
    assert!(n >= 4, "only {n} hooks_json inputs");
}

#[test]
fn skill_files_parse_without_panic() {
    let n = replay("skill_frontmatter", fuzzing::skill_frontmatter);
    assert!(n >= 4, "only {n} skill_frontmatter inputs");
}

#[test]
fn replay_lines_read_without_panic() {
    let n = replay("replay_lines", fuzzing::replay_lines);
    assert!(n >= 2, "only {n} replay_lines inputs");
}

#[test]
fn mcp_lines_read_without_panic() {
    let n = replay("mcp_line", fuzzing::mcp_line);
    assert!(n >= 8, "only {n} mcp_line inputs");
}

/// A host with the fuzz host's plugins, and its agent folder (kept while
/// the host runs: `/loc` and `/largest` read there).
async fn host() -> (tempfile::TempDir, Host) {
    tackle_runtime::quiet_plugin_panics();
    let dir = tempfile::tempdir().expect("a temp dir");
    let host = Host::builder()
        .agent_dir(dir.path())
        .discover_plugins(false)
        .build()
        .await
        .expect("the host builds");
    (dir, host)
}

#[tokio::test]
async fn tool_arguments_never_panic_a_tool() {
    let (_dir, host) = host().await;
    let all = inputs("tool_args");
    assert!(
        all.len() >= TOOLS.len(),
        "only {} tool_args inputs",
        all.len()
    );
    for (path, bytes) in &all {
        if let Err(e) = fuzzing::tool_call(&host, TOOLS, bytes).await {
            panic!("{}: {e}", path.display());
        }
    }
}

#[tokio::test]
async fn command_lines_never_panic_a_command() {
    let (_dir, host) = host().await;
    let all = inputs("command_line");
    assert!(all.len() >= 5, "only {} command_line inputs", all.len());
    for (path, bytes) in &all {
        let line = String::from_utf8_lossy(bytes);
        if let Err(e) = fuzzing::command_line(&host, &line, EXPECTED_PANICS).await {
            panic!("{}: {e}", path.display());
        }
    }
}

/// The two host entry points do report a contained panic: without that,
/// the two tests above could not fail.
#[tokio::test]
async fn a_contained_panic_is_reported() {
    let (_dir, host) = host().await;
    let tool = fuzzing::tool_call(&host, &["panics"], b"panics\n{\"message\": \"no\"}").await;
    assert!(
        tool.as_ref().is_err_and(|e| e.contains("panicked")),
        "{tool:?}"
    );
    let command = fuzzing::command_line(&host, "/boom", &[]).await;
    assert!(
        command.as_ref().is_err_and(|e| e.contains("kaboom")),
        "{command:?}"
    );
    let allowed = fuzzing::command_line(&host, "/boom", EXPECTED_PANICS).await;
    assert_eq!(allowed, Ok(()));
}
