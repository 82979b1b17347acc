//! The agents' own validators on real exports: `claude plugin validate
//! --strict` and `gemini extensions validate`, installed from npm by
//! `scripts/install-agent-clis.sh` (about 13 s the first time, then
//! instant). Each also rejects a deliberately broken package, so that a
//! validator that passes everything would fail these tests.
//!
//! The MCP server the packages register is checked by the agents too:
//! `claude --plugin-dir DIR mcp list` and, after `gemini extensions
//! install`, `gemini mcp list` start it from the package's entry and say
//! whether it answered, and a broken entry must make them say it did not.
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
    // The plugins' tools, as the stdio server Claude Code would start.
    assert_eq!(
        report["provides"]["mcpServers"],
        serde_json::json!([{
            "name": "tackle-export-host",
            "type": "stdio",
            "target": "${CLAUDE_PLUGIN_ROOT}/bin/tackle-export-host",
            "args": ["mcp"],
        }]),
        "{report:#}"
    );

    // With a matcher of each shape and a `Setup` hook; no tools, so no
    // server.
    let dir = tmp.path().join("partial");
    export(PARTIAL, "claude", &dir, &["--allow-partial"]);
    let (code, report) = claude_validate(clis, &dir);
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(
        report["provides"]["mcpServers"],
        serde_json::json!([]),
        "{report:#}"
    );
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
fn claude_rejects_an_mcp_entry_without_a_command() {
    let Some(clis) = clis() else { return };
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("claude");
    export(HOST, "claude", &dir, &[]);
    edit_json(&dir.join(".mcp.json"), |v| {
        v["mcpServers"]["tackle-export-host"]
            .as_object_mut()
            .expect("the entry")
            .remove("command");
    });
    let (code, report) = claude_validate(clis, &dir);
    assert_eq!(code, 1, "{report:#}");
    assert!(
        report["contents"]
            .to_string()
            .contains("mcpServers.tackle-export-host.command"),
        "{report:#}"
    );
}

/// Rewrites the JSON file at `path` with `edit`.
fn edit_json(path: &Path, edit: impl FnOnce(&mut Value)) {
    let mut value: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("reads")).expect("JSON");
    edit(&mut value);
    std::fs::write(path, value.to_string()).expect("writes");
}

/// What `claude --plugin-dir DIR mcp list` prints from `project`, in a
/// throwaway HOME: it starts each server and says whether it connected.
fn claude_mcp_list(clis: &Clis, dir: &Path, project: &Path) -> String {
    let home = tempfile::tempdir().expect("tempdir");
    let out = Command::new(&clis.claude)
        .arg("--plugin-dir")
        .arg(dir)
        .args(["mcp", "list"])
        .current_dir(project)
        .env("HOME", home.path())
        .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
        .env("DISABLE_AUTOUPDATER", "1")
        .env("DISABLE_TELEMETRY", "1")
        .env("DISABLE_ERROR_REPORTING", "1")
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_CONFIG")
        .stdin(Stdio::null())
        .output()
        .expect("runs claude");
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn claude_connects_to_the_exported_mcp_server() {
    let Some(clis) = clis() else { return };
    let tmp = tempfile::tempdir().expect("tempdir");
    let project = tmp.path().join("project");
    std::fs::create_dir_all(&project).expect("mkdir");
    // Claude Code fills `${CLAUDE_PLUGIN_ROOT}` in as text and runs no
    // shell: spaces and quotes in the path are harmless.
    let dir = tmp.path().join("a dir with 'quotes'").join("claude");
    export(HOST, "claude", &dir, &[]);
    let listed = claude_mcp_list(clis, &dir, &project);
    let expected = format!(
        "plugin:tackle-export-host:tackle-export-host: {}/bin/tackle-export-host mcp - \u{2714} Connected",
        dir.display()
    );
    assert!(listed.contains(&expected), "{expected}\nnot in:\n{listed}");

    // A server that does not start is reported as such.
    edit_json(&dir.join(".mcp.json"), |v| {
        v["mcpServers"]["tackle-export-host"]["args"] = serde_json::json!(["no-such-command"]);
    });
    let listed = claude_mcp_list(clis, &dir, &project);
    assert!(listed.contains("Failed to connect"), "{listed}");
    assert!(!listed.contains("Connected\n"), "{listed}");
}

/// Installs the extension at `dir` into the HOME `home` (consenting, and
/// trusting the folder), then returns what `gemini mcp list` prints from
/// `home/project`: it starts each server and says whether it connected.
fn gemini_mcp_list(clis: &Clis, dir: &Path, home: &Path) -> String {
    use std::io::Write;
    let project = home.join("project");
    std::fs::create_dir_all(&project).expect("mkdir");
    let gemini = |args: &[&std::ffi::OsStr], answer: &str| {
        let mut child = Command::new(&clis.gemini)
            .args(args)
            .current_dir(&project)
            .env("HOME", home)
            .env("GEMINI_CLI_NO_RELAUNCH", "true")
            .env_remove("TACKLE_AGENT_DIR")
            .env_remove("TACKLE_CONFIG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs gemini");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(answer.as_bytes())
            .expect("answers");
        let out = child.wait_with_output().expect("waits");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        (out.status.success(), text)
    };
    let (ok, text) = gemini(
        &[
            "extensions".as_ref(),
            "install".as_ref(),
            dir.as_os_str(),
            "--consent".as_ref(),
        ],
        "y\n",
    );
    assert!(ok && text.contains("installed successfully"), "{text}");
    gemini(&["mcp".as_ref(), "list".as_ref()], "").1
}

#[test]
fn gemini_connects_to_the_exported_mcp_server() {
    let Some(clis) = clis() else { return };
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("gemini");
    export(HOST, "gemini", &dir, &[]);
    // Installed, the extension lives in ~/.gemini/extensions/NAME, which
    // `${extensionPath}` becomes: a HOME with spaces, quotes and `$`. (Not
    // `$` before the name of a set variable: Gemini CLI expands those in
    // the manifest after filling in the path.)
    let home = tmp
        .path()
        .join("home with 'quotes', \"dq\" and $TACKLE_NO_SUCH_VARIABLE");
    let listed = gemini_mcp_list(clis, &dir, &home);
    let expected = format!(
        "tackle-export-host (from tackle-export-host): {}/.gemini/extensions/tackle-export-host/bin/tackle-export-host mcp (stdio) - Connected",
        home.display()
    );
    assert!(listed.contains(&expected), "{expected}\nnot in:\n{listed}");

    // A server that does not start is reported as such.
    edit_json(&dir.join("gemini-extension.json"), |v| {
        v["mcpServers"]["tackle-export-host"]["args"] = serde_json::json!(["no-such-command"]);
    });
    let home = tmp.path().join("another home");
    let listed = gemini_mcp_list(clis, &dir, &home);
    assert!(
        listed.contains("no-such-command (stdio) - Disconnected"),
        "{listed}"
    );
}

#[test]
fn gemini_validates_the_exports() {
    let Some(clis) = clis() else { return };
    let tmp = tempfile::tempdir().expect("tempdir");
    for (bin, name, extra) in [
        (HOST, "full", &[][..]),
        (PARTIAL, "partial", &["--allow-partial"][..]),
        // PowerShell hook lines, for Gemini CLI on Windows.
        (HOST, "windows", &["--os", "windows"][..]),
    ] {
        let dir = tmp.path().join(name);
        export(bin, "gemini", &dir, extra);
        let (code, text) = gemini_validate(clis, &dir);
        assert_eq!(code, 0, "{name}: {text}");
        assert!(text.contains("successfully validated"), "{name}: {text}");
        assert!(!text.contains("Validation warnings"), "{name}: {text}");
        // The full export registers the plugins' tools; the partial one,
        // without tools, none.
        let manifest: Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join("gemini-extension.json")).expect("reads"),
        )
        .expect("JSON");
        assert_eq!(
            manifest.get("mcpServers").is_some(),
            name != "partial",
            "{name}: {manifest}"
        );
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

/// A multi-platform package (`--bin` per target: builds under
/// `bin/<triple>/`, launchers at `bin/<name>` and `bin/<name>.cmd`) passes
/// both agents' validators as the one-binary package does.
#[test]
fn multi_platform_packages_validate() {
    let Some(clis) = clis() else { return };
    let tmp = tempfile::tempdir().expect("tempdir");
    let bins: Vec<String> = [
        "x86_64-unknown-linux-gnu",
        "aarch64-apple-darwin",
        "x86_64-pc-windows-msvc",
    ]
    .iter()
    .flat_map(|triple| ["--bin".to_owned(), format!("{triple}={HOST}")])
    .collect();
    let bins: Vec<&str> = bins.iter().map(String::as_str).collect();

    let dir = tmp.path().join("a dir with 'quotes'").join("claude");
    export(HOST, "claude", &dir, &bins);
    assert!(
        dir.join("bin/x86_64-pc-windows-msvc/tackle-export-host.exe")
            .is_file()
    );
    let (code, report) = claude_validate(clis, &dir);
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(report["success"], true, "{report:#}");
    let events = names(&report["provides"]["hooks"], "event");
    assert!(events.iter().any(|e| e == "PreToolUse"), "{report:#}");

    let dir = tmp.path().join("gemini");
    export(HOST, "gemini", &dir, &bins);
    assert!(dir.join("bin/tackle-export-host.cmd").is_file());
    let (code, text) = gemini_validate(clis, &dir);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("successfully validated"), "{text}");
    assert!(!text.contains("Validation warnings"), "{text}");
}
