//! Real clients that an install script in `scripts/` puts into `target/`
//! (`install-superqode.sh`, `install-mcp-client.sh`), for the tests that
//! drive them: installed on first use, skipped locally on request, never
//! skipped in CI.

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// An install script, and what its tests say when they are skipped.
#[derive(Debug, Clone, Copy)]
pub struct Install<'a> {
    /// The script, from the workspace root: `scripts/install-superqode.sh`.
    pub script: &'a str,
    /// The variable that skips the tests locally when it is `1`:
    /// `TACKLE_SKIP_SUPERQODE`.
    pub skip_var: &'a str,
    /// The tests CI must run: `the SuperQode tests`.
    pub tests: &'a str,
    /// The tests that are skipped: `the tests that need SuperQode`.
    pub skipped: &'a str,
}

/// Whether this is a CI run (`CI=true`, as CI sets it).
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// Runs `install.script` (with bash, no stdin) and returns the paths it
/// prints on stdout as `KEY=PATH` lines, one for each of `keys`, in order;
/// or `None` when `install.skip_var` is `1` (it says so on stderr).
///
/// Panics when the skip variable is set under CI (see [`in_ci`]), when the
/// script fails (with its stderr, and outside CI how to skip), when a key
/// has no line, or when a path is not a file.
pub fn install_or_skip<const N: usize>(install: &Install, keys: [&str; N]) -> Option<[PathBuf; N]> {
    let Install {
        script,
        skip_var,
        tests,
        skipped,
    } = *install;
    if std::env::var_os(skip_var).is_some_and(|v| v == "1") {
        assert!(
            !in_ci(),
            "{skip_var}=1 is set under CI=true: CI must run {tests}"
        );
        eprintln!("{skip_var}=1: {skipped} are skipped");
        return None;
    }
    let out = Command::new("bash")
        .arg(format!("{}/../{script}", env!("CARGO_MANIFEST_DIR")))
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("runs {script}: {e:?}"));
    assert!(
        out.status.success(),
        "{script} failed{}:\n{}",
        if in_ci() {
            String::new()
        } else {
            format!(" (set {skip_var}=1 to skip these tests locally)")
        },
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    Some(keys.map(|key| {
        let path = stdout
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{key}=")))
            .map(PathBuf::from)
            .unwrap_or_else(|| panic!("no `{key}=` line in:\n{stdout}"));
        assert!(
            path.is_file(),
            "{} is missing after {script}",
            path.display()
        );
        path
    }))
}
