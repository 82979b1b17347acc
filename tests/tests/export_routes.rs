//! `export claude --hooks-via mcp|URL` and `install --hooks-via`: which
//! events go to the package's MCP server or a team's server and which stay
//! processes, what each entry holds (the server, the tool's input, the URL,
//! the token header, `onFailure`), the server registered even for plugins
//! without tools, and the routes an agent or a command cannot take refused
//! with a usage error naming the ones it can.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;
use tackle_tests::process::isolated;

/// guard (fail-closed on the shell), doomloop, read_before_edit, metrics.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");
/// guard and the `exporty` fixture: no tool.
const PARTIAL: &str = env!("CARGO_BIN_EXE_tackle-export-partial-host");

/// `bin ARGS...` from `cwd`, with a HOME of its own under it.
fn run(bin: &str, cwd: &Path, args: &[&str]) -> Output {
    let mut command: Command = isolated(bin, &cwd.join(".home"));
    command.args(args).current_dir(cwd);
    command.output().expect("runs")
}

fn json_file(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).expect("JSON")
}

/// The first hook entry of `event` in `pkg`'s hooks file.
fn entry(pkg: &Path, event: &str) -> Value {
    json_file(&pkg.join("hooks/hooks.json"))["hooks"][event][0]["hooks"][0].clone()
}

/// `export AGENT PKG --hooks-via VIA...` by the export host into a fresh
/// folder, which succeeds: the folder (kept while it is held), the package
/// and the output.
fn export(agent: &str, via: &[&str]) -> (tempfile::TempDir, PathBuf, Output) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let pkg = tmp.path().join("pkg");
    let mut args = vec!["export", agent, pkg.to_str().expect("utf-8"), "--hooks-via"];
    args.extend_from_slice(via);
    let out = run(HOST, tmp.path(), &args);
    assert!(out.status.success(), "{out:?}");
    (tmp, pkg, out)
}

/// An http hook that POSTs the event to `url` with the bearer token from
/// `TEAM_HOOK_TOKEN`.
fn assert_posts(hook: &Value, url: &str) {
    assert_eq!(hook["type"], "http", "{hook}");
    assert_eq!(hook["url"], url, "{hook}");
    assert_eq!(
        hook["headers"]["Authorization"],
        "Bearer ${TEAM_HOOK_TOKEN}"
    );
    assert_eq!(
        hook["allowedEnvVars"],
        serde_json::json!(["TEAM_HOOK_TOKEN"])
    );
}

#[test]
fn hooks_via_mcp_sends_the_events_claude_code_waits_for_to_the_packages_server() {
    let (_tmp, pkg, out) = export("claude", &["mcp"]);
    let pre = entry(&pkg, "PreToolUse");
    assert_eq!(pre["type"], "mcp_tool");
    // Claude Code hands plugin options to command hooks only: served
    // hooks would not see them, so the settings are not offered.
    let manifest = json_file(&pkg.join(".claude-plugin/plugin.json"));
    assert!(manifest.get("userConfig").is_none(), "{manifest}");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("are not Claude Code plugin options"),
        "{out:?}"
    );
    assert_eq!(
        pre["server"],
        "plugin:tackle-export-host:tackle-export-host"
    );
    assert_eq!(pre["tool"], "tackle_hook");
    assert_eq!(pre["onFailure"], "block", "the guard fails closed");
    assert_eq!(pre["input"]["agent"], "claude");
    assert_eq!(pre["input"]["event"], "PreToolUse");
    assert_eq!(pre["input"]["json"]["tool_input"], "${tool_input}");
    assert_eq!(pre["input"]["text"]["session_id"], "${session_id}");
    assert!(pre["timeout"].as_u64().is_some_and(|t| t > 0), "{pre}");
    // No fail-closed hook at PostToolUse: a failure goes ahead there.
    let post = entry(&pkg, "PostToolUse");
    assert_eq!(post["type"], "mcp_tool");
    assert!(post.get("onFailure").is_none(), "{post}");
    // Claude Code neither waits for servers nor calls them reliably there.
    for event in ["SessionStart", "SessionEnd"] {
        let hook = entry(&pkg, event);
        assert_eq!(hook["type"], "command", "{event}: {hook}");
        assert_eq!(hook["args"][2], event);
    }
    // The server is started with the key the entries send, and each export
    // makes a new one.
    let servers = json_file(&pkg.join(".mcp.json"));
    let key = pre["input"]["key"].as_str().expect("a key");
    assert_eq!(key.len(), 32, "{pre}");
    assert_eq!(post["input"]["key"], key);
    assert_eq!(
        servers["mcpServers"]["tackle-export-host"]["args"],
        serde_json::json!(["mcp", "--hook-key", key])
    );
    let (_again, pkg2, _) = export("claude", &["mcp"]);
    assert_ne!(entry(&pkg2, "PreToolUse")["input"]["key"], key);
}

#[test]
fn a_package_without_tools_still_gets_its_server_when_hooks_go_there() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let plain = tmp.path().join("plain");
    let served = tmp.path().join("served");
    for (pkg, extra) in [(&plain, &[][..]), (&served, &["--hooks-via", "mcp"][..])] {
        let mut args = vec![
            "export",
            "claude",
            pkg.to_str().expect("utf-8"),
            "--allow-partial",
        ];
        args.extend_from_slice(extra);
        let out = run(PARTIAL, tmp.path(), &args);
        assert!(out.status.success(), "{out:?}");
    }
    assert!(
        !plain.join(".mcp.json").exists(),
        "no tools, no hooks served"
    );
    let servers = json_file(&served.join(".mcp.json"));
    assert!(
        servers["mcpServers"]["tackle-export-partial-host"].is_object(),
        "{servers}"
    );
}

#[test]
fn hooks_via_a_url_posts_every_event_but_the_two_claude_code_never_posts() {
    let (_tmp, pkg, _) = export(
        "claude",
        &[
            "https://policy.example:8443/",
            "--hook-token-env",
            "TEAM_HOOK_TOKEN",
        ],
    );
    for event in ["PreToolUse", "PostToolUse", "SessionEnd"] {
        let hook = entry(&pkg, event);
        assert_posts(
            &hook,
            &format!("https://policy.example:8443/hooks/claude/{event}"),
        );
    }
    assert_eq!(entry(&pkg, "SessionStart")["type"], "command");
}

/// `install claude --hooks-via URL`: Claude Code's user settings get the
/// http hooks; `SessionStart` still runs the installed binary. Installing
/// again with processes replaces them, and `--uninstall` takes out
/// everything: the http entries are found again by their status line.
#[test]
fn install_writes_http_hooks_into_claude_codes_settings_and_finds_them_again() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let home = tmp.path().join("home");
    std::fs::create_dir_all(&home).expect("mkdir");
    let install = |args: &[&str]| {
        let out = Command::new(HOST)
            .arg("install")
            .arg("claude")
            .args(args)
            .current_dir(tmp.path())
            .env("HOME", &home)
            .env("XDG_DATA_HOME", tmp.path().join("data"))
            .env_remove("XDG_CONFIG_HOME")
            .env_remove("TACKLE_AGENT_DIR")
            .env_remove("TACKLE_CONFIG")
            .output()
            .expect("runs");
        assert!(out.status.success(), "{args:?}: {out:?}");
        let file = home.join(".claude/settings.json");
        if file.exists() {
            json_file(&file)
        } else {
            Value::Null
        }
    };
    let types = |settings: &Value, event: &str| -> Vec<String> {
        settings["hooks"][event]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|g| g["hooks"].as_array().cloned().unwrap_or_default())
            .map(|h| h["type"].as_str().unwrap_or_default().to_owned())
            .collect()
    };
    let settings = install(&[
        "--hooks-via",
        "http://127.0.0.1:8808",
        "--hook-token-env",
        "TEAM_HOOK_TOKEN",
    ]);
    let pre = &settings["hooks"]["PreToolUse"][0]["hooks"][0];
    assert_eq!(pre["type"], "http", "{settings}");
    assert_eq!(pre["url"], "http://127.0.0.1:8808/hooks/claude/PreToolUse");
    assert_eq!(pre["headers"]["Authorization"], "Bearer ${TEAM_HOOK_TOKEN}");
    assert_eq!(pre["onFailure"], "block");
    assert_eq!(types(&settings, "SessionStart"), ["command"], "{settings}");

    let settings = install(&[]);
    assert_eq!(types(&settings, "PreToolUse"), ["command"], "{settings}");
    // The file install made is gone with what it held.
    assert_eq!(install(&["--uninstall"]), Value::Null);
}

#[test]
fn qwen_code_posts_the_events_no_fail_closed_hook_waits_at_and_keeps_the_others_processes() {
    let (_tmp, pkg, out) = export(
        "qwen",
        &[
            "http://127.0.0.1:8700",
            "--hook-token-env",
            "TEAM_HOOK_TOKEN",
        ],
    );
    let manifest = json_file(&pkg.join("qwen-extension.json"));
    let entry = |event: &str| manifest["hooks"][event][0]["hooks"][0].clone();
    for event in ["PostToolUse", "SessionStart", "SessionEnd"] {
        let hook = entry(event);
        assert_posts(&hook, &format!("http://127.0.0.1:8700/hooks/qwen/{event}"));
        assert!(hook.get("command").is_none(), "{event}: {hook}");
    }
    // Qwen Code lets the tool run when an http hook fails, so the event the
    // fail-closed guard waits at stays a process, and the export says why.
    let pre = entry("PreToolUse");
    assert_eq!(pre["type"], "command", "{pre}");
    assert!(
        pre["command"]
            .as_str()
            .is_some_and(|c| c.contains("hook qwen PreToolUse")),
        "{pre}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        format!("{stdout}{stderr}").contains("fail-closed hook waits stay processes"),
        "{stdout}{stderr}"
    );
}

#[test]
fn copilot_cli_posts_the_events_no_fail_closed_hook_waits_at_and_keeps_the_others_processes() {
    let (_tmp, pkg, out) = export(
        "copilot",
        &[
            "https://policy.example:8443",
            "--hook-token-env",
            "TEAM_HOOK_TOKEN",
        ],
    );
    let hooks = json_file(&pkg.join(".github/hooks/tackle-export-host.json"));
    let entry = |event: &str| hooks["hooks"][event][0].clone();
    for event in ["postToolUse", "sessionStart", "sessionEnd"] {
        let hook = entry(event);
        assert_posts(
            &hook,
            &format!("https://policy.example:8443/hooks/copilot/{event}"),
        );
        assert!(hook["timeoutSec"].as_u64().is_some_and(|t| t > 0), "{hook}");
        assert!(hook.get("bash").is_none(), "{event}: {hook}");
    }
    // Copilot CLI lets the tool run when an http hook fails, so the event
    // the fail-closed guard waits at stays a process, and the export says
    // why.
    let pre = entry("preToolUse");
    assert_eq!(pre["type"], "command", "{pre}");
    assert!(
        pre["bash"]
            .as_str()
            .is_some_and(|c| c.ends_with("hook copilot preToolUse")),
        "{pre}"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("fail-closed hook waits stay processes")
            && stdout.contains("COPILOT_HOOK_ALLOW_LOCALHOST=1"),
        "{stdout}"
    );
}

#[test]
fn codex_calls_the_packages_server_before_and_after_a_tool_where_no_fail_closed_hook_waits() {
    let (_tmp, pkg, out) = export("codex", &["mcp"]);
    let post = entry(&pkg, "PostToolUse");
    assert_eq!(post["type"], "mcp_tool", "{post}");
    assert_eq!(post["server"], "tackle-export-host");
    assert_eq!(post["tool"], "tackle_hook");
    assert_eq!(post["input"]["agent"], "codex");
    assert_eq!(post["input"]["event"], "PostToolUse");
    // A lone placeholder keeps its type in Codex: every field is JSON.
    assert_eq!(post["input"]["json"]["tool_input"], "${tool_input}");
    assert_eq!(post["input"]["json"]["tool_response"], "${tool_response}");
    assert_eq!(post["input"]["json"]["session_id"], "${session_id}");
    assert!(post["input"].get("text").is_none(), "{post}");
    assert!(post["timeout"].as_u64().is_some_and(|t| t > 0), "{post}");
    // Codex lets the tool run when the call fails: the guard's event stays
    // a process, as do the events not routed.
    for event in ["PreToolUse", "SessionStart", "SessionEnd"] {
        let hook = entry(&pkg, event);
        assert_eq!(hook["type"], "command", "{event}: {hook}");
        assert!(
            hook["command"]
                .as_str()
                .is_some_and(|c| c.ends_with(&format!("hook codex {event}"))),
            "{event}: {hook}"
        );
    }
    let servers = json_file(&pkg.join(".mcp.json"));
    let key = post["input"]["key"].as_str().expect("a key");
    assert_eq!(
        servers["mcpServers"]["tackle-export-host"]["args"],
        serde_json::json!(["mcp", "--hook-key", key]),
        "{servers}"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("only PreToolUse and PostToolUse call the package's MCP server"),
        "{stdout}"
    );
}

#[test]
fn routes_an_agent_or_command_cannot_take_are_usage_errors_saying_what_can() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("pkg");
    let dir = dir.to_str().expect("utf-8");
    let cases: [(&[&str], &str); 6] = [
        (
            &["export", "gemini", dir, "--hooks-via", "mcp"],
            "it does to: claude",
        ),
        (
            &["export", "claude", dir, "--hooks-via", "ftp://x"],
            "takes `process`, `mcp`",
        ),
        (
            &["export", "claude", dir, "--hooks-via", "https://"],
            "not an http(s) URL",
        ),
        (
            &[
                "export",
                "claude",
                dir,
                "--hooks-via",
                "mcp",
                "--hook-token-env",
                "T",
            ],
            "goes with `--hooks-via URL`",
        ),
        (
            &[
                "export",
                "claude",
                dir,
                "--hooks-via",
                "http://x",
                "--hook-token-env",
                "team_token",
            ],
            "upper-case",
        ),
        (
            &["install", "claude", "--hooks-via", "mcp"],
            "only a plugin brings",
        ),
    ];
    for (args, says) in cases {
        let out = run(HOST, tmp.path(), args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!tmp.path().join("pkg").exists(), "{args:?} wrote nothing");
    }
    let out = run(
        HOST,
        tmp.path(),
        &["export", "npm", dir, "--hooks-via", "mcp"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("install claude --hooks-via"));
}
