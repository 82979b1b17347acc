//! The agents' own validators on real exports: `claude plugin validate
//! --strict` and `gemini extensions validate`, installed from npm by
//! `scripts/install-agent-clis.sh` (about 13 s the first time, then
//! instant). Each also rejects a deliberately broken package, so that a
//! validator that passes everything would fail these tests.
//!
//! Needs node >= 20, npm and the npm registry. `TACKLE_SKIP_AGENT_CLIS=1`
//! skips them (say so when you do: CI never sets it).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use serde_json::Value;

const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");
const PARTIAL: &str = env!("CARGO_BIN_EXE_tackle-export-partial-host");
const SCRIPT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../scripts/install-agent-clis.sh"
);

struct Clis {
    claude: PathBuf,
    gemini: PathBuf,
}

/// The installed CLIs, or `None` when skipped on purpose.
fn clis() -> Option<&'static Clis> {
    static CLIS: OnceLock<Option<Clis>> = OnceLock::new();
    CLIS.get_or_init(|| {
        if std::env::var_os("TACKLE_SKIP_AGENT_CLIS").is_some_and(|v| v == "1") {
            eprintln!("TACKLE_SKIP_AGENT_CLIS=1: the validator tests are skipped");
            return None;
        }
        let out = Command::new("bash")
            .arg(SCRIPT)
            .stdin(Stdio::null())
            .output()
            .expect("runs scripts/install-agent-clis.sh");
        assert!(
            out.status.success(),
            "scripts/install-agent-clis.sh failed (set TACKLE_SKIP_AGENT_CLIS=1 to skip):\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        let path = |key: &str| {
            stdout
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{key}=")))
                .map(PathBuf::from)
                .unwrap_or_else(|| panic!("no `{key}=` line in:\n{stdout}"))
        };
        Some(Clis {
            claude: path("claude"),
            gemini: path("gemini"),
        })
    })
    .as_ref()
}

fn export(bin: &str, agent: &str, dir: &Path, extra: &[&str]) {
    let cwd = dir.parent().expect("a parent");
    std::fs::create_dir_all(cwd).expect("mkdir");
    let out = Command::new(bin)
        .arg("export")
        .arg(agent)
        .arg(dir)
        .args(extra)
        .current_dir(cwd)
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_CONFIG")
        .output()
        .expect("runs export");
    assert!(out.status.success(), "export {agent}: {out:?}");
}

/// `claude plugin validate DIR --strict --json`, offline, in a throwaway
/// HOME: its exit code and report.
fn claude_validate(clis: &Clis, dir: &Path) -> (i32, Value) {
    let home = tempfile::tempdir().expect("tempdir");
    let out = Command::new(&clis.claude)
        .args(["plugin", "validate"])
        .arg(dir)
        .args(["--strict", "--json"])
        .env("HOME", home.path())
        .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
        .env("DISABLE_AUTOUPDATER", "1")
        .env("DISABLE_TELEMETRY", "1")
        .env("DISABLE_ERROR_REPORTING", "1")
        .stdin(Stdio::null())
        .output()
        .expect("runs claude");
    let report = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "claude printed no JSON report ({e}): {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().unwrap_or(-1), report)
}

/// `gemini extensions validate DIR` in a throwaway HOME and cwd: its exit
/// code and what it printed (all on stderr).
fn gemini_validate(clis: &Clis, dir: &Path) -> (i32, String) {
    let home = tempfile::tempdir().expect("tempdir");
    let out = Command::new(&clis.gemini)
        .args(["extensions", "validate"])
        .arg(dir)
        .current_dir(home.path())
        .env("HOME", home.path())
        .env("GEMINI_CLI_NO_RELAUNCH", "true")
        .stdin(Stdio::null())
        .output()
        .expect("runs gemini");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

fn names(list: &Value, key: &str) -> Vec<String> {
    list.as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|i| i[key].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn claude_validates_the_exports_under_strict() {
    let Some(clis) = clis() else { return };
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("a dir with 'quotes'").join("claude");
    export(HOST, "claude", &dir, &[]);
    let (code, report) = claude_validate(clis, &dir);
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(report["success"], true, "{report:#}");
    // What Claude Code would really load.
    let events = names(&report["provides"]["hooks"], "event");
    for event in ["SessionStart", "PreToolUse", "PostToolUse"] {
        assert!(events.iter().any(|e| e == event), "{event}: {report:#}");
    }
    let provides = report["provides"].to_string();
    assert!(provides.contains("safe-shell"), "{report:#}");
    assert!(provides.contains("loc"), "{report:#}");

    // With a matcher of each shape and a `Setup` hook.
    let dir = tmp.path().join("partial");
    export(PARTIAL, "claude", &dir, &["--allow-partial"]);
    let (code, report) = claude_validate(clis, &dir);
    assert_eq!(code, 0, "{report:#}");
}

#[test]
fn claude_rejects_a_broken_export() {
    let Some(clis) = clis() else { return };
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("claude");
    export(HOST, "claude", &dir, &[]);
    // An author as a string is an error to the validator.
    let manifest = dir.join(".claude-plugin/plugin.json");
    let mut value: Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest).expect("reads")).expect("JSON");
    value["author"] = Value::String("someone".into());
    std::fs::write(&manifest, value.to_string()).expect("writes");
    let (code, report) = claude_validate(clis, &dir);
    assert_eq!(code, 1, "{report:#}");
    assert_eq!(report["success"], false);
    assert!(
        report["manifest"]["errors"].to_string().contains("author"),
        "{report:#}"
    );
}

#[test]
fn gemini_validates_the_exports() {
    let Some(clis) = clis() else { return };
    let tmp = tempfile::tempdir().expect("tempdir");
    for (bin, name, extra) in [
        (HOST, "full", &[][..]),
        (PARTIAL, "partial", &["--allow-partial"][..]),
    ] {
        let dir = tmp.path().join(name);
        export(bin, "gemini", &dir, extra);
        let (code, text) = gemini_validate(clis, &dir);
        assert_eq!(code, 0, "{name}: {text}");
        assert!(text.contains("successfully validated"), "{name}: {text}");
        assert!(!text.contains("Validation warnings"), "{name}: {text}");
    }
}

#[test]
fn gemini_rejects_a_broken_export() {
    let Some(clis) = clis() else { return };
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("gemini");
    export(HOST, "gemini", &dir, &[]);
    let manifest = dir.join("gemini-extension.json");
    let mut value: Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest).expect("reads")).expect("JSON");
    value["name"] = Value::String("not_valid".into());
    std::fs::write(&manifest, value.to_string()).expect("writes");
    let (code, text) = gemini_validate(clis, &dir);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("Invalid extension name"), "{text}");
}
