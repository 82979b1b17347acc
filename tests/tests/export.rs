//! `export <agent> DIR`: each agent's package, read back and run.
//!
//! Every package is written into a folder whose path holds spaces and
//! quotes, and its hook commands are run through `sh -c` the way the agent
//! runs them (its placeholder filled in as the agent fills it in) with a
//! real event on stdin: `guard` must refuse `rm -rf /` through each.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

/// guard, doomloop, read_before_edit, metrics: every agent but Kimi and
/// OpenCode delivers all of it.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");
/// guard and the `exporty` fixture: hooks only some agents deliver.
const PARTIAL: &str = env!("CARGO_BIN_EXE_tackle-export-partial-host");

/// A folder whose path needs quoting in every way a shell knows.
const ODD: &str = "a dir with 'quotes' and \"dq\" and $HOME";
/// Claude Code pastes its plugin path into command files as text, inside
/// the double quotes the export writes: a path with spaces and single
/// quotes works; export refuses one with `"` or `$` when the package has
/// commands.
const ODD_FOR_CLAUDE: &str = "a dir with 'quotes'";

#[derive(Debug)]
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `command`, in a project the user trusts: a `tackle.toml` a test
/// writes there is obeyed whole.
fn run(mut command: Command, stdin: &str) -> Run {
    use std::io::Write;
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_CONFIG")
        .env("TACKLE_TRUST_PROJECT", "1")
        .spawn()
        .expect("starts");
    // A command that never reads its stdin may have exited already.
    match child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
    {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        written => written.expect("writes stdin"),
    }
    let out = child.wait_with_output().expect("runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// `bin export ARGS...`, from a folder with no tackle.toml.
fn export(bin: &str, cwd: &Path, args: &[&str]) -> Run {
    let mut command = Command::new(bin);
    command.arg("export").args(args).current_dir(cwd);
    run(command, "")
}

/// A fresh temp folder, a neutral working folder in it, and the package
/// folder `out` under a folder named `odd`.
fn setup(odd: &str) -> (tempfile::TempDir, PathBuf, PathBuf) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let cwd = tmp.path().join("work");
    std::fs::create_dir_all(&cwd).expect("mkdir");
    let dir = tmp.path().join(odd).join("out");
    (tmp, cwd, dir)
}

fn exported(bin: &str, agent: &str, cwd: &Path, dir: &Path, extra: &[&str]) -> Run {
    let mut args = vec![agent, dir.to_str().expect("utf-8 path")];
    args.extend_from_slice(extra);
    let out = export(bin, cwd, &args);
    assert_eq!(out.code, 0, "export {agent}: {out:?}");
    out
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn json_file(path: &Path) -> Value {
    serde_json::from_str(&read(path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A Claude Code exec-form hook entry run as Claude Code runs it, from the
/// package in `root`, in `cwd` with the event on stdin.
fn claude_hook(entry: &Value, root: &Path, cwd: &Path, event: &Value) -> Run {
    let (program, args) = tackle_tests::claude::exec_form(entry, root);
    let mut command = Command::new(program);
    command
        .args(args)
        .current_dir(cwd)
        .env("CLAUDE_PLUGIN_ROOT", root)
        .env("TACKLE_HOME", cwd.join(".tackle-home"));
    run(command, &event.to_string())
}

/// `sh -c COMMAND` in `cwd` with `env`, the event on stdin. Session values
/// go to a folder of the test's (`cwd/.tackle-home`), not the user's.
fn sh(command: &str, cwd: &Path, env: &[(&str, &str)], event: &Value) -> Run {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(command)
        .current_dir(cwd)
        .env("TACKLE_HOME", cwd.join(".tackle-home"));
    for (k, v) in env {
        c.env(k, v);
    }
    run(c, &event.to_string())
}

fn assert_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .permissions()
        .mode();
    assert_eq!(mode & 0o111, 0o111, "{} is not executable", path.display());
}

/// The events of a Claude-shaped hooks file, in order.
fn events(hooks: &Value) -> Vec<String> {
    hooks["hooks"]
        .as_object()
        .expect("`hooks` is an object")
        .keys()
        .cloned()
        .collect()
}

/// The single command entry registered for `event`.
fn entry<'a>(hooks: &'a Value, event: &str) -> &'a Value {
    let groups = hooks["hooks"][event].as_array().expect("groups");
    assert_eq!(groups.len(), 1, "{event}: one group");
    let entries = groups[0]["hooks"].as_array().expect("entries");
    assert_eq!(entries.len(), 1, "{event}: one command");
    &entries[0]
}

fn rm_rf(cwd: &Path) -> Value {
    json!({
        "session_id": "s1",
        "cwd": cwd,
        "transcript_path": "/dev/null",
        "tool_name": "Bash",
        "tool_input": {"command": "rm -rf /"},
        "tool_use_id": "t1",
    })
}

const REFUSED: &str = "guard refused `rm -rf /`";

/// The export host's timeouts, in seconds, by Claude Code event: all its
/// hooks are sync (1 s each) and a 5 s margin is added. PreToolUse runs
/// guard's rules, guard's two hooks, read_before_edit and doomloop.
static HOST_TIMEOUTS_S: std::sync::LazyLock<std::collections::HashMap<&str, u64>> =
    std::sync::LazyLock::new(|| {
        [
            ("SessionStart", 6),
            ("SessionEnd", 7),
            ("PreToolUse", 10),
            ("PostToolUse", 6),
        ]
        .into()
    });

#[test]
fn claude_package_holds_manifest_hooks_skills_commands_and_the_binary() {
    let (_tmp, cwd, dir) = setup(ODD_FOR_CLAUDE);
    let out = exported(HOST, "claude", &cwd, &dir, &[]);
    let manifest = json_file(&dir.join(".claude-plugin/plugin.json"));
    assert_eq!(manifest["name"], "tackle-export-host");
    assert_eq!(manifest["version"], "0.1.0");
    assert!(
        manifest["description"]
            .as_str()
            .expect("description")
            .contains("Shell guard")
    );
    assert!(manifest["author"]["name"].is_string(), "{manifest}");
    // The folder is also a marketplace of the one plugin, at its root.
    let market = json_file(&dir.join(".claude-plugin/marketplace.json"));
    assert_eq!(
        (&market["name"], &market["owner"]["name"]),
        (&json!("tackle-export-host"), &json!("tackle-export-host"))
    );
    assert_eq!(
        market["plugins"],
        json!([{
            "name": "tackle-export-host",
            "source": "./",
            "description": manifest["description"],
            "version": "0.1.0",
        }])
    );
    // The settings Claude Code has an option type for, of plugins without
    // tools, are options; export names the rest.
    let options: Vec<&String> = manifest["userConfig"]
        .as_object()
        .map(|o| o.keys().collect())
        .unwrap_or_default();
    assert_eq!(options, ["doom_loop_threshold"], "{manifest}");
    for left_out in [
        "deny_prefixes (guard)",
        "max_file_bytes, comment_prefixes, skip_dirs (metrics)",
    ] {
        assert!(out.stdout.contains(left_out), "{left_out}: {out:?}");
    }
    assert!(
        out.stdout
            .contains("claude plugin install tackle-export-host@tackle-export-host"),
        "{out:?}"
    );
    assert_executable(&dir.join("bin/tackle-export-host"));

    let hooks = json_file(&dir.join("hooks/hooks.json"));
    // Permission rules run at PreToolUse: Claude Code sends
    // PermissionRequest only when it would ask the user itself.
    assert_eq!(
        events(&hooks),
        ["SessionStart", "SessionEnd", "PreToolUse", "PostToolUse"]
    );
    for event in events(&hooks) {
        let e = entry(&hooks, &event);
        assert_eq!(e["type"], "command");
        // Exec form: Claude Code runs no shell, so no folder name is read
        // as shell text.
        assert_eq!(e["command"], "${CLAUDE_PLUGIN_ROOT}/bin/tackle-export-host");
        assert_eq!(e["args"], json!(["hook", "claude", event]));
        // Seconds: 1 per sync hook (and per plugin's rules or context
        // files) the event runs, and a 5 s margin.
        assert_eq!(e["timeout"], HOST_TIMEOUTS_S[&*event], "{event}");
        // guard fails closed on the shell: where it runs, a binary that
        // cannot answer blocks the call.
        let block = (event == "PreToolUse").then(|| json!("block"));
        assert_eq!(e.get("onFailure").cloned(), block, "{event}");
        // read_before_edit's hook has no matcher: every tool.
        assert!(
            hooks["hooks"][&event][0].get("matcher").is_none(),
            "{event}"
        );
    }

    let skill = read(&dir.join("skills/safe-shell/SKILL.md"));
    assert!(skill.starts_with("---\nname: safe-shell\n"), "{skill}");

    let loc = read(&dir.join("commands/loc.md"));
    assert!(
        loc.starts_with("---\ndescription: \"Count the code"),
        "{loc}"
    );
    assert!(
        loc.contains(
            r#"allowed-tools: "Bash(\"${CLAUDE_PLUGIN_ROOT}/bin/tackle-export-host\" command:*)""#
        ),
        "{loc}"
    );
    assert!(
        loc.contains(r#""${CLAUDE_PLUGIN_ROOT}/bin/tackle-export-host" command '/loc ARGUMENTS'"#),
        "{loc}"
    );
    assert!(!loc.contains("!`"), "no shell line: {loc}");
    assert!(
        !dir.join("commands/metrics-config.md").exists(),
        "host-only command"
    );
    // Claude Code replaces the placeholder with the plugin's path in each
    // element, as text, and spawns the binary.
    let mut event = rm_rf(&cwd);
    event["hook_event_name"] = json!("PreToolUse");
    let out = claude_hook(entry(&hooks, "PreToolUse"), &dir, &cwd, &event);
    assert_eq!(out.code, 0, "{out:?}");
    let reply: Value = serde_json::from_str(&out.stdout).expect("JSON reply");
    assert_eq!(reply["hookSpecificOutput"]["permissionDecision"], "deny");
    assert!(
        reply["hookSpecificOutput"]["permissionDecisionReason"]
            .as_str()
            .is_some_and(|r| r.contains(REFUSED)),
        "{reply}"
    );
}

/// Arguments a user (or a prompt-injected model) might type, each trying
/// to break out of quoting, and the file each would create if it did.
const HOSTILE: &[(&str, &str)] = &[
    ("x'; touch pwned1; echo '", "pwned1"),
    ("\"; touch pwned2; echo \"", "pwned2"),
    ("$(touch pwned3)", "pwned3"),
    ("`touch pwned4`", "pwned4"),
    ("a; touch pwned5", "pwned5"),
    ("it's \"big\" $(touch pwned6) ; x", "pwned6"),
];

#[test]
fn claude_commands_never_paste_the_arguments_into_a_shell_line() {
    let (_tmp, cwd, dir) = setup(ODD_FOR_CLAUDE);
    exported(PARTIAL, "claude", &cwd, &dir, &["--allow-partial"]);
    let shout = read(&dir.join("commands/shout.md"));
    // Claude Code runs `!`...`` lines before the model sees the file, with
    // `$ARGUMENTS` pasted in as text: there must be none.
    assert!(!shout.contains("!`"), "{shout}");
    let root = dir.to_str().expect("utf-8");
    let template = shout
        .lines()
        .find(|l| l.starts_with('"') && l.ends_with("command '/shout ARGUMENTS'"))
        .expect("the command the model is told to run")
        .replace("${CLAUDE_PLUGIN_ROOT}", root);
    for (args, marker) in HOSTILE {
        let filled = shout.replace("$ARGUMENTS", args);
        // The arguments appear once, between the fences, as data.
        assert_eq!(filled.matches(args).count(), 1, "{filled}");
        // What the model runs by the file's recipe: the text inside the
        // single quotes, each `'` written `'\\''`.
        let command = template.replace("ARGUMENTS", &args.replace('\'', r"'\''"));
        let out = sh(&command, &cwd, &[], &json!({}));
        assert!(!cwd.join(marker).exists(), "{args} ran a command: {out:?}");
        assert!(
            !out.stdout.contains("pwned") || out.stdout.contains("PWNED"),
            "{out:?}"
        );
    }
    // And plain arguments reach the command as typed.
    let command = template.replace("ARGUMENTS", "hello \"big\" world");
    let out = sh(&command, &cwd, &[], &json!({}));
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout.trim(), "HELLO BIG WORLD");
    // An agent-only command cannot run through `command` on the host.
    assert!(!dir.join("commands/inside.md").exists());
}

#[test]
fn gemini_extension_has_hooks_in_milliseconds_and_toml_commands() {
    let (_tmp, cwd, dir) = setup(ODD);
    exported(HOST, "gemini", &cwd, &dir, &[]);
    let manifest = json_file(&dir.join("gemini-extension.json"));
    assert_eq!(manifest["name"], "tackle-export-host");
    assert_eq!(manifest["version"], "0.1.0");
    assert_executable(&dir.join("bin/tackle-export-host"));

    let hooks = json_file(&dir.join("hooks/hooks.json"));
    assert_eq!(
        events(&hooks),
        ["SessionStart", "SessionEnd", "BeforeTool", "AfterTool"]
    );
    fn claude_event(e: &str) -> &str {
        match e {
            "BeforeTool" => "PreToolUse",
            "AfterTool" => "PostToolUse",
            other => other,
        }
    }
    for event in events(&hooks) {
        let e = entry(&hooks, &event);
        let secs = HOST_TIMEOUTS_S[claude_event(&event)];
        assert_eq!(e["timeout"], secs * 1000, "{event}: milliseconds");
        assert_eq!(e["command"], format!("\"$TACKLE_BIN\" hook gemini {event}"));
        assert_eq!(
            e["env"]["TACKLE_BIN"],
            "${extensionPath}${/}bin${/}tackle-export-host"
        );
    }
    assert!(dir.join("skills/safe-shell/SKILL.md").is_file());

    let loc: toml::Table = read(&dir.join("commands/loc.toml")).parse().expect("TOML");
    let keys: Vec<&String> = loc.keys().collect();
    assert_eq!(keys, ["description", "prompt"]);
    let prompt = loc["prompt"].as_str().expect("prompt");
    assert!(
        prompt.starts_with(
            "!{\"$HOME/.gemini/extensions/tackle-export-host/bin/tackle-export-host\" command \"/loc \"{{args}}}"
        ),
        "{prompt}"
    );

    // Gemini CLI fills `${extensionPath}` and `${/}` in as text; the path
    // reaches the shell only as the variable's value.
    let e = entry(&hooks, "BeforeTool");
    let bin = e["env"]["TACKLE_BIN"]
        .as_str()
        .expect("env")
        .replace("${extensionPath}", dir.to_str().expect("utf-8"))
        .replace("${/}", "/");
    let mut event = rm_rf(&cwd);
    event["tool_name"] = json!("run_shell_command");
    event["hook_event_name"] = json!("BeforeTool");
    let out = sh(
        e["command"].as_str().expect("command"),
        &cwd,
        &[("TACKLE_BIN", bin.as_str())],
        &event,
    );
    assert_eq!(out.code, 0, "{out:?}");
    let reply: Value = serde_json::from_str(&out.stdout).expect("JSON reply");
    assert_eq!(reply["decision"], "deny", "{reply}");
    assert!(
        reply["reason"]
            .as_str()
            .is_some_and(|r| r.contains(REFUSED))
    );
}

#[test]
fn gemini_commands_find_the_installed_extension() {
    // `gemini extensions install` copies the extension to
    // ~/.gemini/extensions/<name>: export straight there.
    let (tmp, cwd, _) = setup(ODD);
    let home = tmp.path().join(ODD).join("home");
    let dir = home.join(".gemini/extensions/tackle-export-partial-host");
    exported(PARTIAL, "gemini", &cwd, &dir, &["--allow-partial"]);
    let shout: toml::Table = read(&dir.join("commands/shout.toml"))
        .parse()
        .expect("TOML");
    let prompt = shout["prompt"].as_str().expect("prompt");
    let inner = prompt
        .strip_prefix("!{")
        .and_then(|p| p.split_once("}\n"))
        .map(|(shell, _)| shell)
        .expect("a `!{...}` line");
    // Gemini replaces `{{args}}` inside `!{...}` shell-escaped; the
    // command line is then read with its own quoting, as typed.
    let home = home.to_str().expect("utf-8");
    let command = inner.replace("{{args}}", &gemini_escape(r#""it is" loud"#));
    let out = sh(&command, &cwd, &[("HOME", home)], &json!({}));
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout.trim(), "IT IS LOUD");
    // `{{args}}` is nowhere else in the prompt, where Gemini pastes it raw.
    assert_eq!(prompt.matches("{{args}}").count(), 1, "{prompt}");
    for (args, marker) in HOSTILE {
        let command = inner.replace("{{args}}", &gemini_escape(args));
        let out = sh(&command, &cwd, &[("HOME", home)], &json!({}));
        assert!(!cwd.join(marker).exists(), "{args} ran a command: {out:?}");
    }
}

/// Gemini CLI's `escapeShellArg` for bash: shell-quote's `quote([arg])`
/// (bundle chunk-5FZXKDXH.js), ported as is; empty arguments stay empty.
fn gemini_escape(arg: &str) -> String {
    if arg.is_empty() {
        return String::new();
    }
    let spaced = arg.chars().any(|c| c.is_whitespace());
    if (spaced || arg.contains('"') || arg.contains('\\')) && !arg.contains('\'') {
        return format!("'{arg}'");
    }
    if spaced || arg.contains('"') || arg.contains('\'') {
        let mut out = String::from("\"");
        for c in arg.chars() {
            if matches!(c, '"' | '\\' | '$' | '`' | '!') {
                out.push('\\');
            }
            out.push(c);
        }
        out.push('"');
        return out;
    }
    let mut out = String::new();
    for c in arg.chars() {
        if "#!\"$&'()*,:;<=>?@[\\]^`{|}".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[test]
fn codex_plugin_hooks_file_holds_only_hooks_and_uses_plugin_root() {
    let (_tmp, cwd, dir) = setup(ODD);
    exported(HOST, "codex", &cwd, &dir, &[]);
    let manifest = json_file(&dir.join(".codex-plugin/plugin.json"));
    assert_eq!(manifest["name"], "tackle-export-host");
    assert_eq!(manifest["hooks"], "./hooks/hooks.json");
    assert_eq!(manifest["skills"], "./skills/");
    assert!(dir.join("skills/safe-shell/SKILL.md").is_file());
    assert_executable(&dir.join("bin/tackle-export-host"));

    let hooks = json_file(&dir.join("hooks/hooks.json"));
    let root_keys: Vec<&String> = hooks.as_object().expect("object").keys().collect();
    assert_eq!(root_keys, ["hooks"], "Codex rejects other root keys");
    assert_eq!(
        events(&hooks),
        ["SessionStart", "SessionEnd", "PreToolUse", "PostToolUse"]
    );
    let e = entry(&hooks, "PreToolUse");
    assert_eq!(
        e["command"],
        "\"$PLUGIN_ROOT/bin/tackle-export-host\" hook codex PreToolUse"
    );
    assert_eq!(e["timeout"], HOST_TIMEOUTS_S["PreToolUse"]);

    // Codex sets PLUGIN_ROOT; the shell expands it inside the quotes.
    let mut event = rm_rf(&cwd);
    event["hook_event_name"] = json!("PreToolUse");
    let out = sh(
        e["command"].as_str().expect("command"),
        &cwd,
        &[("PLUGIN_ROOT", dir.to_str().expect("utf-8"))],
        &event,
    );
    assert_eq!(out.code, 0, "{out:?}");
    let reply: Value = serde_json::from_str(&out.stdout).expect("JSON reply");
    assert_eq!(reply["hookSpecificOutput"]["permissionDecision"], "deny");
}

#[test]
fn copilot_hooks_file_is_version_1_with_camel_case_events() {
    let (_tmp, cwd, dir) = setup(ODD);
    exported(HOST, "copilot", &cwd, &dir, &[]);
    let file = json_file(&dir.join(".github/hooks/tackle-export-host.json"));
    assert_eq!(file["version"], 1);
    let events: Vec<&String> = file["hooks"].as_object().expect("hooks").keys().collect();
    assert_eq!(
        events,
        ["sessionStart", "sessionEnd", "preToolUse", "postToolUse"]
    );
    let pre = &file["hooks"]["preToolUse"][0];
    assert_eq!(pre["type"], "command");
    assert_eq!(
        pre["bash"],
        "./.github/hooks/bin/tackle-export-host hook copilot preToolUse"
    );
    assert_eq!(pre["timeoutSec"], HOST_TIMEOUTS_S["PreToolUse"]);
    assert!(pre.get("matcher").is_none(), "an empty matcher is an error");
    assert_executable(&dir.join(".github/hooks/bin/tackle-export-host"));

    // Repository hooks run in the repository root: the package folder.
    let event = json!({
        "sessionId": "s1",
        "timestamp": 1_700_000_000_000_u64,
        "cwd": dir,
        "toolName": "bash",
        "toolArgs": "{\"command\":\"rm -rf /\"}",
    });
    let out = sh(pre["bash"].as_str().expect("bash"), &dir, &[], &event);
    assert_eq!(out.code, 0, "{out:?}");
    let reply: Value = serde_json::from_str(&out.stdout).expect("JSON reply");
    assert_eq!(reply["permissionDecision"], "deny", "{reply}");
}

#[test]
fn kimi_tables_hold_only_kimis_keys_and_an_absolute_quoted_command() {
    let (_tmp, cwd, dir) = setup(ODD);
    let out = exported(HOST, "kimi", &cwd, &dir, &["--allow-partial"]);
    assert!(out.stdout.contains("~/.kimi/config.toml"), "{out:?}");
    let text = read(&dir.join("kimi-hooks.toml"));
    assert!(text.starts_with("# Kimi Code hooks"), "{text}");
    assert!(text.contains("Paste these tables into ~/.kimi-code/config.toml"));
    let config: toml::Table = text.parse().expect("TOML");
    let hooks = config["hooks"].as_array().expect("[[hooks]]");
    let events: Vec<&str> = hooks
        .iter()
        .map(|h| h["event"].as_str().expect("event"))
        .collect();
    assert_eq!(events, ["SessionEnd", "PreToolUse", "PostToolUse"]);
    for hook in hooks {
        let table = hook.as_table().expect("table");
        for key in table.keys() {
            assert!(
                ["event", "matcher", "command", "timeout"].contains(&key.as_str()),
                "{key}"
            );
        }
        let timeout = table["timeout"].as_integer().expect("timeout");
        assert!((1..=600).contains(&timeout), "{timeout}");
    }
    let pre = hooks
        .iter()
        .find(|h| h["event"].as_str() == Some("PreToolUse"))
        .expect("PreToolUse");
    let command = pre["command"].as_str().expect("command");
    assert!(command.ends_with(" hook kimi PreToolUse"), "{command}");

    // Kimi runs the command through the shell as written.
    let event = json!({
        "hook_event_name": "PreToolUse",
        "session_id": "s1",
        "cwd": cwd,
        "tool_name": "Shell",
        "tool_input": {"command": "rm -rf /"},
        "tool_call_id": "t1",
    });
    let out = sh(command, &cwd, &[], &event);
    assert_eq!(out.code, 2, "Kimi blocks on exit 2: {out:?}");
    assert!(out.stderr.contains(REFUSED), "{out:?}");
}

#[test]
fn qwen_extension_carries_its_hooks_in_the_manifest_in_seconds() {
    let (_tmp, cwd, dir) = setup(ODD);
    let out = exported(HOST, "qwen", &cwd, &dir, &["--allow-partial"]);
    assert!(out.stdout.contains("qwen extensions install"), "{out:?}");
    assert!(
        out.stdout.contains("folder trust"),
        "the trust note: {out:?}"
    );
    assert!(
        out.stdout
            .contains("applies no rewrite and no added context"),
        "what Qwen cannot take: {out:?}"
    );
    assert_executable(&dir.join("bin/tackle-export-host"));
    assert!(
        !dir.join("hooks/hooks.json").exists(),
        "the hooks are in the manifest"
    );
    let manifest = json_file(&dir.join("qwen-extension.json"));
    assert_eq!(manifest["name"], "tackle-export-host");
    assert_eq!(manifest["version"], "0.1.0");
    assert_eq!(
        events(&manifest),
        ["SessionStart", "SessionEnd", "PreToolUse", "PostToolUse"]
    );
    for event in events(&manifest) {
        let e = entry(&manifest, &event);
        assert_eq!(
            e["timeout"],
            HOST_TIMEOUTS_S[event.as_str()],
            "{event}: seconds"
        );
        assert_eq!(e["command"], format!("\"$TACKLE_BIN\" hook qwen {event}"));
        assert_eq!(
            e["env"]["TACKLE_BIN"],
            "${extensionPath}${/}bin${/}tackle-export-host"
        );
    }
    assert!(dir.join("skills/safe-shell/SKILL.md").is_file());

    // Qwen fills `${extensionPath}` in as text and runs the command with
    // bash: the path reaches the shell only as the variable's value. Its
    // shell tool is `run_shell_command`; the guard's `Bash` hook sees it.
    let e = entry(&manifest, "PreToolUse");
    let bin = e["env"]["TACKLE_BIN"]
        .as_str()
        .expect("TACKLE_BIN")
        .replace("${extensionPath}", dir.to_str().expect("utf-8"))
        .replace("${/}", "/");
    let mut event = rm_rf(&cwd);
    event["tool_name"] = json!("run_shell_command");
    event["tool_call_id"] = json!("call_1");
    let out = sh(
        e["command"].as_str().expect("command"),
        &cwd,
        &[("TACKLE_BIN", bin.as_str())],
        &event,
    );
    assert_eq!(out.code, 0, "{out:?}");
    let reply: Value = serde_json::from_str(&out.stdout).expect("JSON reply");
    let specific = &reply["hookSpecificOutput"];
    assert_eq!(specific["permissionDecision"], "deny", "{reply}");
    assert!(
        specific["permissionDecisionReason"]
            .as_str()
            .is_some_and(|r| r.contains(REFUSED)),
        "{reply}"
    );
}

#[test]
fn droid_plugin_hooks_name_the_binary_by_its_quoted_absolute_path() {
    let (_tmp, cwd, dir) = setup(ODD);
    let out = exported(HOST, "droid", &cwd, &dir, &["--allow-partial"]);
    assert!(out.stdout.contains("droid plugin install"), "{out:?}");
    assert!(
        out.stdout.contains("general.trustedFolders") && out.stdout.contains("droid exec"),
        "the trust note: {out:?}"
    );
    assert_executable(&dir.join("bin/tackle-export-host"));
    let manifest = json_file(&dir.join(".factory-plugin/plugin.json"));
    assert_eq!(manifest["name"], "tackle-export-host");
    let hooks = json_file(&dir.join("hooks/hooks.json"));
    assert_eq!(
        events(&hooks),
        ["SessionStart", "SessionEnd", "PreToolUse", "PostToolUse"]
    );
    for event in events(&hooks) {
        let e = entry(&hooks, &event);
        assert_eq!(
            e["timeout"],
            HOST_TIMEOUTS_S[event.as_str()],
            "{event}: seconds"
        );
        let command = e["command"].as_str().expect("command");
        assert!(command.starts_with('\''), "quoted: {command}");
        assert!(
            command.ends_with(&format!(" hook droid {event}")),
            "{command}"
        );
        let keys: Vec<&String> = e.as_object().expect("entry").keys().collect();
        assert_eq!(keys, ["type", "command", "timeout"]);
    }
    // Droid runs the command with sh as written; its shell tool is
    // `Execute`, which the guard's `Bash` hook sees.
    let mut event = rm_rf(&cwd);
    event["tool_name"] = json!("Execute");
    event.as_object_mut().expect("object").remove("tool_use_id");
    let command = entry(&hooks, "PreToolUse")["command"]
        .as_str()
        .expect("command");
    let out = sh(command, &cwd, &[], &event);
    assert_eq!(
        out.code, 0,
        "never exit 3, which aborts Droid's run: {out:?}"
    );
    let reply: Value = serde_json::from_str(&out.stdout).expect("JSON reply");
    assert_eq!(
        reply["hookSpecificOutput"]["permissionDecision"], "deny",
        "{reply}"
    );
    assert!(reply.get("decision").is_none(), "{reply}");
}

#[test]
fn opencode_plugin_is_one_js_export_beside_the_binary() {
    let (_tmp, cwd, dir) = setup(ODD);
    exported(HOST, "opencode", &cwd, &dir, &[]);
    let js = read(&dir.join(".opencode/plugins/tackle-export-host.js"));
    let exports: Vec<&str> = js.lines().filter(|l| l.starts_with("export ")).collect();
    assert_eq!(
        exports,
        ["export const TacklePlugin = async ({ directory }) => {"]
    );
    assert!(js.contains(r#"new URL(WINDOWS_BIN ?? "../bin/tackle-export-host", import.meta.url)"#));
    // Without `--bin` there is no Windows build for the shim to prefer.
    assert!(js.contains("const WINDOWS_BINS = {};"), "{js}");
    assert!(js.contains(r#""tool.execute.before": {"#), "{js}");
    assert!(js.contains(r#""session.deleted": {"#), "{js}");
    assert!(js.contains("throw new Error(withContext(refusal(reply), reply))"));
    // guard fails closed on shell calls: a broken binary refuses them.
    assert!(
        js.contains(
            r#""failClosed": [
      "bash""#
        ),
        "{js}"
    );
    assert_executable(&dir.join(".opencode/bin/tackle-export-host"));
}

/// Kilo Code reads `.kilo/`, never OpenCode's `.opencode/`: OpenCode's
/// plugin, byte for byte but for the agent it names (`hook kilo EVENT`),
/// goes there.
#[test]
fn kilo_gets_opencodes_plugin_in_its_own_folder() {
    let (_tmp, cwd, dir) = setup(ODD);
    let out = exported(HOST, "kilo", &cwd, &dir.join("kilo"), &["--allow-partial"]);
    exported(
        HOST,
        "opencode",
        &cwd,
        &dir.join("opencode"),
        &["--allow-partial"],
    );
    let kilo = read(&dir.join("kilo/.kilo/plugins/tackle-export-host.js"));
    let opencode = read(&dir.join("opencode/.opencode/plugins/tackle-export-host.js"));
    assert_eq!(kilo, opencode.replace("opencode", "kilo"));
    assert!(kilo.contains(r#"const AGENT = "kilo";"#), "{kilo}");
    assert_executable(&dir.join("kilo/.kilo/bin/tackle-export-host"));
    assert!(!dir.join("kilo/.opencode").exists());
    assert!(
        out.stdout.contains(
            "registered by .kilo/plugins/tackle-export-host.js, which adds it to Kilo Code's config"
        ),
        "{out:?}"
    );
}

#[test]
fn pi_extension_is_a_default_function_beside_the_binary() {
    let (_tmp, cwd, dir) = setup(ODD);
    exported(HOST, "pi", &cwd, &dir, &[]);
    let ts = read(&dir.join(".pi/extensions/tackle-export-host.ts"));
    let exports: Vec<&str> = ts.lines().filter(|l| l.starts_with("export ")).collect();
    assert_eq!(exports, ["export default function (pi) {"]);
    for event in [
        "tool_call",
        "tool_result",
        "before_agent_start",
        "session_shutdown",
    ] {
        assert!(ts.contains(&format!("\"{event}\": {{")), "{event}: {ts}");
    }
    assert!(
        !ts.contains("\"turn_start\": {"),
        "only what the plugins need"
    );
    assert_executable(&dir.join(".pi/bin/tackle-export-host"));
}

#[test]
fn a_hook_the_agent_cannot_deliver_refuses_the_export_naming_every_one() {
    let (_tmp, cwd, dir) = setup("refused");
    let out = export(PARTIAL, &cwd, &["claude", dir.to_str().expect("utf-8")]);
    assert_eq!(out.code, 3, "{out:?}");
    assert!(
        out.stderr
            .contains("Claude Code cannot deliver 1 of the plugins' hooks"),
        "{out:?}"
    );
    assert!(
        out.stderr
            .contains("exporty::watch_requests at `before_llm_call`"),
        "{out:?}"
    );
    assert!(out.stderr.contains("--allow-partial"), "{out:?}");
    assert!(!dir.exists(), "nothing written");

    let out = export(PARTIAL, &cwd, &["kimi", dir.to_str().expect("utf-8")]);
    assert_eq!(out.code, 3, "{out:?}");
    for listed in [
        "exporty::on_setup at `setup`",
        "exporty::watch_requests at `before_llm_call`",
        "guard: context files at `system_prompt`",
    ] {
        assert!(out.stderr.contains(listed), "{listed}: {out:?}");
    }
    assert!(!dir.exists(), "nothing written");
}

#[test]
fn allow_partial_prints_what_is_dropped_and_translates_matchers() {
    let (_tmp, cwd, dir) = setup("partial");
    let out = exported(PARTIAL, "claude", &cwd, &dir, &["--allow-partial"]);
    assert!(out.stderr.contains("drops them"), "{out:?}");
    assert!(
        out.stderr
            .contains("exporty::watch_requests at `before_llm_call`"),
        "{out:?}"
    );
    let hooks = json_file(&dir.join("hooks/hooks.json"));
    assert!(
        hooks["hooks"].get("Setup").is_some(),
        "Claude delivers setup"
    );
    // Permission rules run at PreToolUse for every tool, whatever the
    // tool hooks' matchers.
    assert!(hooks["hooks"]["PreToolUse"][0].get("matcher").is_none());
    assert!(hooks["hooks"].get("PermissionRequest").is_none());
    assert_eq!(hooks["hooks"]["PostToolUse"][0]["matcher"], "Edit|Write");

    let dir = dir.with_file_name("gemini");
    let out = exported(PARTIAL, "gemini", &cwd, &dir, &["--allow-partial"]);
    assert!(
        out.stderr.contains("exporty::on_setup at `setup`"),
        "{out:?}"
    );
    let hooks = json_file(&dir.join("hooks/hooks.json"));
    assert_eq!(
        hooks["hooks"]["AfterTool"][0]["matcher"],
        "^(?:replace|write_file)$"
    );
    assert!(
        hooks["hooks"]["BeforeTool"][0].get("matcher").is_none(),
        "permission rules run at BeforeTool: every tool"
    );
    assert!(hooks["hooks"].get("BeforeModel").is_some());

    // `Edit|Write` in each agent's names, anchored: both match a `^` pattern
    // as one regex.
    for (agent, matcher) in [
        ("qwen", "^(?:edit|write_file)$"),
        ("droid", "^(?:Edit|Create)$"),
    ] {
        let dir = dir.with_file_name(agent);
        exported(PARTIAL, agent, &cwd, &dir, &["--allow-partial"]);
        let file = if agent == "qwen" {
            "qwen-extension.json"
        } else {
            "hooks/hooks.json"
        };
        let hooks = json_file(&dir.join(file));
        assert_eq!(
            hooks["hooks"]["PostToolUse"][0]["matcher"], matcher,
            "{agent}"
        );
        assert!(
            hooks["hooks"]["PreToolUse"][0].get("matcher").is_none(),
            "{agent}: permission rules run at PreToolUse: every tool"
        );
    }

    let dir = dir.with_file_name("copilot");
    exported(PARTIAL, "copilot", &cwd, &dir, &["--allow-partial"]);
    let file = json_file(&dir.join(".github/hooks/tackle-export-partial-host.json"));
    assert_eq!(file["hooks"]["postToolUse"][0]["matcher"], "edit|create");
}

#[test]
fn a_symlink_out_of_the_folder_refuses_the_write() {
    let (tmp, cwd, dir) = setup("confined");
    let away = tmp.path().join("away");
    std::fs::create_dir_all(&away).expect("mkdir");
    std::fs::create_dir_all(&dir).expect("mkdir");
    std::os::unix::fs::symlink(&away, dir.join("hooks")).expect("symlink");
    let out = export(HOST, &cwd, &["claude", dir.to_str().expect("utf-8")]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stderr.contains("refusing to write"), "{out:?}");
    assert!(out.stderr.contains("outside the package folder"), "{out:?}");
    assert_eq!(
        std::fs::read_dir(&away).expect("reads").count(),
        0,
        "nothing written outside"
    );
}

#[test]
fn an_unknown_agent_is_a_usage_error_with_a_suggestion() {
    let (_tmp, cwd, dir) = setup("unknown");
    let out = export(HOST, &cwd, &["claud", dir.to_str().expect("utf-8")]);
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.contains("unknown agent `claud`"), "{out:?}");
    assert!(out.stderr.contains("claude"), "{out:?}");
    assert!(!dir.exists());
}

#[test]
fn a_binary_whose_name_needs_quoting_is_copied_under_a_safe_name() {
    let (tmp, cwd, dir) = setup(ODD);
    let odd_bin = tmp.path().join("my host's \"bin\"");
    std::fs::copy(HOST, &odd_bin).expect("copies the host");
    exported(odd_bin.to_str().expect("utf-8"), "codex", &cwd, &dir, &[]);
    let safe = "my-host-s--bin-";
    assert_executable(&dir.join("bin").join(safe));
    let manifest = json_file(&dir.join(".codex-plugin/plugin.json"));
    assert_eq!(manifest["name"], "my-host-s-bin");
    let servers = json_file(&dir.join(".mcp.json"));
    let bin = dir.canonicalize().expect("exists").join("bin").join(safe);
    assert_eq!(
        servers["mcpServers"]["my-host-s-bin"]["command"],
        bin.to_str().expect("utf-8")
    );
    let hooks = json_file(&dir.join("hooks/hooks.json"));
    let command = entry(&hooks, "PreToolUse")["command"]
        .as_str()
        .expect("command");
    assert_eq!(
        command,
        format!("\"$PLUGIN_ROOT/bin/{safe}\" hook codex PreToolUse")
    );
    let mut event = rm_rf(&cwd);
    event["hook_event_name"] = json!("PreToolUse");
    let out = sh(
        command,
        &cwd,
        &[("PLUGIN_ROOT", dir.to_str().expect("utf-8"))],
        &event,
    );
    assert!(out.stdout.contains(REFUSED), "{out:?}");
}

#[test]
fn a_plugin_that_fails_to_load_here_is_exported_with_a_warning() {
    let (_tmp, cwd, dir) = setup("failed");
    std::fs::write(
        cwd.join("tackle.toml"),
        "[plugins.guard]\ndeny_prefixes = 5\n",
    )
    .expect("writes");
    let out = exported(PARTIAL, "claude", &cwd, &dir, &["--allow-partial"]);
    assert!(
        out.stderr
            .contains("warning: plugin `guard` failed to load here"),
        "{out:?}"
    );
    assert!(out.stderr.contains("guard::refuse_destructive"), "{out:?}");
    // Its skill and its rules are in the package, as in a valid folder.
    assert!(dir.join("skills/safe-shell/SKILL.md").is_file());
    let hooks = json_file(&dir.join("hooks/hooks.json"));
    // Where its config is still invalid, the binary refuses the calls its
    // fail-closed hook guards rather than let them through.
    let mut event = rm_rf(&cwd);
    event["hook_event_name"] = json!("PreToolUse");
    let out = claude_hook(entry(&hooks, "PreToolUse"), &dir, &cwd, &event);
    let reply: Value = serde_json::from_str(&out.stdout).expect("JSON reply");
    assert_eq!(
        reply["hookSpecificOutput"]["permissionDecision"], "deny",
        "{out:?}"
    );

    // A plugin the `enabled` list leaves out is not exported, silently.
    let dir = dir.with_file_name("disabled");
    std::fs::write(cwd.join("tackle.toml"), "enabled = [\"exporty\"]\n").expect("writes");
    let out = exported(PARTIAL, "claude", &cwd, &dir, &["--allow-partial"]);
    assert!(!out.stderr.contains("guard"), "{out:?}");
    assert!(!dir.join("skills/safe-shell").exists());
}

#[test]
fn timeouts_add_up_over_the_hooks_an_event_runs_within_the_agents_bound() {
    let (_tmp, cwd, dir) = setup("timeouts");
    exported(PARTIAL, "claude", &cwd, &dir, &["--allow-partial"]);
    let hooks = json_file(&dir.join("hooks/hooks.json"));
    // exporty's compaction hooks (async, 400 s and 300 s) run one after
    // the other, and a 5 s margin.
    assert_eq!(entry(&hooks, "PreCompact")["timeout"], 705);
    // exporty's permission hook (async, 20 s) runs at PreToolUse before
    // the tool hooks (guard's rules, guard's two hooks, mcp_only, stamp,
    // confirm_secrets: 1 s each).
    assert_eq!(entry(&hooks, "PreToolUse")["timeout"], 31);

    let dir = dir.with_file_name("gemini");
    exported(PARTIAL, "gemini", &cwd, &dir, &["--allow-partial"]);
    let hooks = json_file(&dir.join("hooks/hooks.json"));
    assert_eq!(entry(&hooks, "PreCompress")["timeout"], 705_000);

    // Kimi refuses a timeout over 600 s: the sum is cut there.
    let dir = dir.with_file_name("kimi");
    exported(PARTIAL, "kimi", &cwd, &dir, &["--allow-partial"]);
    let config: toml::Table = read(&dir.join("kimi-hooks.toml")).parse().expect("TOML");
    let timeout = |event: &str| {
        config["hooks"]
            .as_array()
            .expect("[[hooks]]")
            .iter()
            .find(|h| h["event"].as_str() == Some(event))
            .and_then(|h| h["timeout"].as_integer())
            .unwrap_or_else(|| panic!("{event}"))
    };
    assert_eq!(timeout("PreCompact"), 600);
    assert_eq!(timeout("PreToolUse"), 31);
}

/// Codex 0.169.0 cuts a `SessionEnd` or `Interrupt` hook's timeout to
/// 3 s, with an error item in every `codex exec --json` run ("clamping
/// SessionEnd hook timeout to 3s"); other events take any timeout from
/// 1 s. Export writes them within those bounds (live_codex.rs checks that
/// Codex reports no error item).
#[test]
fn codex_timeouts_are_within_codexs_bounds_per_event() {
    for (bin, extra) in [(HOST, &[][..]), (PARTIAL, &["--allow-partial"][..])] {
        let (_tmp, cwd, dir) = setup("codex");
        let out = exported(bin, "codex", &cwd, &dir, extra);
        let hooks = json_file(&dir.join("hooks/hooks.json"));
        for event in events(&hooks) {
            let timeout = entry(&hooks, &event)["timeout"]
                .as_u64()
                .expect("whole seconds");
            let max = match event.as_str() {
                "SessionEnd" | "Interrupt" => 3,
                _ => u64::MAX,
            };
            assert!((1..=max).contains(&timeout), "{event}: {timeout} s");
            if bin == HOST {
                let written = HOST_TIMEOUTS_S[&*event].min(max);
                assert_eq!(timeout, written, "{event}");
            }
        }
        // The hooks fit in 3 s: nothing to warn about.
        assert!(!out.stderr.contains("at most 3 s"), "{out:?}");
    }
}

#[test]
fn codex_refuses_hooks_that_match_only_tools_it_lacks() {
    let (_tmp, cwd, dir) = setup("codex");
    let out = export(PARTIAL, &cwd, &["codex", dir.to_str().expect("utf-8")]);
    assert_eq!(out.code, 3, "{out:?}");
    for listed in [
        "exporty::stamp at `before_tool_call`: its matcher names only built-in tools Codex does not have (`Write`)",
        "exporty::after_writes at `after_tool_call`: its matcher names only built-in tools Codex does not have (`Edit`, `Write`)",
    ] {
        assert!(out.stderr.contains(listed), "{listed}: {out:?}");
    }
    // guard's matcher names `Bash`, which Codex has.
    assert!(!out.stderr.contains("refuse_destructive"), "{out:?}");
    assert!(!dir.exists(), "nothing written");

    exported(PARTIAL, "codex", &cwd, &dir, &["--allow-partial"]);
    let hooks = json_file(&dir.join("hooks/hooks.json"));
    assert!(hooks["hooks"].get("PostToolUse").is_none(), "{hooks}");
}

#[test]
fn re_exporting_removes_what_the_last_export_wrote_and_nothing_else() {
    let (_tmp, cwd, dir) = setup("again");
    exported(PARTIAL, "claude", &cwd, &dir, &["--allow-partial"]);
    assert!(dir.join("commands/shout.md").is_file());
    std::fs::write(dir.join("commands/mine.md"), "the user's").expect("writes");
    std::fs::write(dir.join("NOTES.md"), "the user's").expect("writes");
    exported(HOST, "claude", &cwd, &dir, &[]);
    // The old binary name, its command and its hooks' events are gone.
    assert!(!dir.join("bin/tackle-export-partial-host").exists());
    assert!(dir.join("bin/tackle-export-host").is_file());
    assert!(!dir.join("commands/shout.md").exists());
    assert!(dir.join("commands/loc.md").is_file());
    let hooks = json_file(&dir.join("hooks/hooks.json"));
    assert!(hooks["hooks"].get("Setup").is_none(), "{hooks}");
    assert!(dir.join("commands/mine.md").is_file() && dir.join("NOTES.md").is_file());

    // A repository's root: other agents' packages and the user's files stay.
    let root = dir.with_file_name("repo");
    std::fs::create_dir_all(root.join(".github/hooks")).expect("mkdir");
    std::fs::write(root.join(".github/hooks/team.json"), "{}").expect("writes");
    exported(PARTIAL, "copilot", &cwd, &root, &["--allow-partial"]);
    exported(PARTIAL, "pi", &cwd, &root, &["--allow-partial"]);
    exported(HOST, "copilot", &cwd, &root, &[]);
    assert!(
        !root
            .join(".github/hooks/tackle-export-partial-host.json")
            .exists()
    );
    assert!(
        !root
            .join(".github/hooks/bin/tackle-export-partial-host")
            .exists()
    );
    assert!(root.join(".github/hooks/tackle-export-host.json").is_file());
    assert!(root.join(".github/hooks/team.json").is_file());
    assert!(
        root.join(".pi/extensions/tackle-export-partial-host.ts")
            .is_file()
    );
}

#[test]
fn a_hard_link_in_the_folder_does_not_carry_the_write_outside() {
    let (tmp, cwd, dir) = setup("linked");
    let victim = tmp.path().join("victim.json");
    std::fs::write(&victim, "precious").expect("writes");
    std::fs::create_dir_all(dir.join("hooks")).expect("mkdir");
    std::fs::hard_link(&victim, dir.join("hooks/hooks.json")).expect("links");
    exported(HOST, "claude", &cwd, &dir, &[]);
    assert_eq!(read(&victim), "precious");
    json_file(&dir.join("hooks/hooks.json"));
}

// ---------------------------------------------------------------------------
// The MCP server: every agent whose package can register one gets the
// binary's `mcp` subcommand, named as that agent's MCP entries name it, and
// only when the exported plugins have tools. Each entry is started the way
// the agent starts it (its placeholders filled in as the agent fills them,
// no shell) in a neutral project folder, and asked for its tools.

/// The export host's tools (metrics'), as the server lists them.
const TOOLS: [&str; 3] = ["complexity", "count_lines", "tree_stats"];

/// `tools/list` and a `count_lines` call on a file of the project, from
/// the MCP server started as `program args` in `project`, spoken to over
/// stdio as an agent does.
fn serve(program: &Path, args: &Value, project: &Path) -> (Vec<String>, Value) {
    use std::io::{BufRead, BufReader, Write};
    std::fs::write(project.join("probe.rs"), "fn main() {}\n// a note\n\n").expect("writes");
    let args: Vec<&str> = args
        .as_array()
        .expect("args is an array")
        .iter()
        .map(|a| a.as_str().expect("each arg is a string"))
        .collect();
    // `timeout`: a server that never answers fails the test, not hangs it.
    let mut child = Command::new("timeout")
        .arg("60")
        .arg(program)
        .args(&args)
        .current_dir(project)
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("starts {}: {e}", program.display()));
    let mut stdin = child.stdin.take().expect("stdin");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let mut send = |message: Value| {
        writeln!(stdin, "{message}").expect("writes to the server");
        stdin.flush().expect("flushes");
    };
    let mut answer = |id: u64| loop {
        let line = lines
            .next()
            .unwrap_or_else(|| panic!("the server stopped before answering {id}"))
            .expect("reads");
        let message: Value = serde_json::from_str(&line).expect("a JSON-RPC line");
        if message["id"] == id {
            return message;
        }
    };
    send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "export-test", "version": "0"}}}),
    );
    assert!(answer(1)["result"]["serverInfo"].is_object());
    send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}));
    let listed = answer(2);
    let tools = listed["result"]["tools"]
        .as_array()
        .unwrap_or_else(|| panic!("no tools: {listed}"))
        .iter()
        .map(|t| t["name"].as_str().expect("name").to_owned())
        .collect();
    send(
        json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {
        "name": "count_lines", "arguments": {"path": "probe.rs"}}}),
    );
    let counted = answer(3)["result"].clone();
    drop(stdin);
    let out = child.wait_with_output().expect("waits");
    assert!(out.status.success(), "the server failed: {out:?}");
    (tools, counted)
}

/// The tools and the `count_lines` answer an entry gives, and checks that
/// they are the export host's and that the server works in the project
/// folder it is started in (where the hooks find `tackle.toml` too).
fn assert_serves(program: &Path, args: &Value, project: &Path) {
    assert_eq!(
        args,
        &json!(["mcp"]),
        "no global option: the hooks pass none"
    );
    let (tools, counted) = serve(program, args, project);
    assert_eq!(tools, TOOLS);
    assert_eq!(counted["isError"], false, "{counted}");
    assert_eq!(counted["structuredContent"]["total"], 3, "{counted}");
    assert_eq!(counted["structuredContent"]["comment"], 1, "{counted}");
}

#[test]
fn claude_registers_the_tools_in_mcp_json_under_the_plugin_root() {
    let (_tmp, cwd, dir) = setup(ODD_FOR_CLAUDE);
    let out = exported(HOST, "claude", &cwd, &dir, &[]);
    let servers = json_file(&dir.join(".mcp.json"));
    assert_eq!(
        servers,
        json!({"mcpServers": {"tackle-export-host": {
            "command": "${CLAUDE_PLUGIN_ROOT}/bin/tackle-export-host",
            "args": ["mcp"],
        }}})
    );
    assert!(
        out.stdout.contains(
            "note: MCP: `tackle-export-host mcp` serves the plugins' tools (complexity, count_lines, tree_stats); registered in .mcp.json"
        ),
        "{out:?}"
    );
    // Claude Code fills the placeholder in as text and runs no shell: a
    // path with spaces and quotes is one program path.
    let server = &servers["mcpServers"]["tackle-export-host"];
    let program = server["command"]
        .as_str()
        .expect("command")
        .replace("${CLAUDE_PLUGIN_ROOT}", dir.to_str().expect("utf-8"));
    assert_serves(Path::new(&program), &server["args"], &cwd);
}

#[test]
fn gemini_registers_the_tools_in_the_manifest_under_the_extension_path() {
    // Gemini CLI expands environment variables in the manifest after it
    // fills in `${extensionPath}`: a path may hold `$`, but not before the
    // name of a variable that is set (`$HOME`).
    let (_tmp, cwd, dir) = setup("a dir with 'quotes' and \"dq\" and $TACKLE_NO_SUCH_VARIABLE");
    exported(HOST, "gemini", &cwd, &dir, &[]);
    let manifest = json_file(&dir.join("gemini-extension.json"));
    assert_eq!(
        manifest["mcpServers"],
        json!({"tackle-export-host": {
            "command": "${extensionPath}${/}bin${/}tackle-export-host",
            "args": ["mcp"],
        }})
    );
    // Gemini CLI fills `${extensionPath}` and `${/}` in as text and runs no
    // shell: `"` and `$` in the path are harmless.
    let server = &manifest["mcpServers"]["tackle-export-host"];
    let program = server["command"]
        .as_str()
        .expect("command")
        .replace("${extensionPath}", dir.to_str().expect("utf-8"))
        .replace("${/}", "/");
    assert_serves(Path::new(&program), &server["args"], &cwd);
}

#[test]
fn codex_registers_the_tools_in_mcp_json_by_the_binarys_absolute_path() {
    let (_tmp, cwd, dir) = setup(ODD);
    let out = exported(HOST, "codex", &cwd, &dir, &[]);
    let manifest = json_file(&dir.join(".codex-plugin/plugin.json"));
    assert_eq!(manifest["mcpServers"], "./.mcp.json");
    let bin = dir
        .canonicalize()
        .expect("exists")
        .join("bin/tackle-export-host");
    let servers = json_file(&dir.join(".mcp.json"));
    assert_eq!(
        servers,
        json!({"mcpServers": {"tackle-export-host": {
            "command": bin.to_str().expect("utf-8"),
            "args": ["mcp"],
        }}})
    );
    assert!(
        out.stdout
            .contains("absolute path, since Codex expands no variable in a plugin's MCP command"),
        "{out:?}"
    );
    let server = &servers["mcpServers"]["tackle-export-host"];
    assert_serves(
        Path::new(server["command"].as_str().expect("command")),
        &server["args"],
        &cwd,
    );
}

#[test]
fn copilot_registers_the_tools_in_the_repositorys_mcp_json() {
    let (_tmp, cwd, dir) = setup(ODD);
    exported(HOST, "copilot", &cwd, &dir, &[]);
    let servers = json_file(&dir.join(".github/mcp.json"));
    assert_eq!(
        servers,
        json!({"mcpServers": {"tackle-export-host": {
            "type": "local",
            "command": "./.github/hooks/bin/tackle-export-host",
            "args": ["mcp"],
            "tools": ["*"],
        }}})
    );
    // The path is the repository root's, as the hooks' is: Copilot CLI
    // runs it there.
    let server = &servers["mcpServers"]["tackle-export-host"];
    let program = dir.join(server["command"].as_str().expect("command"));
    assert_serves(&program, &server["args"], &dir);
}

#[test]
fn copilot_leaves_a_repository_mcp_json_of_its_own_alone() {
    let (_tmp, cwd, dir) = setup(ODD);
    std::fs::create_dir_all(dir.join(".github")).expect("mkdir");
    let theirs = r#"{"mcpServers": {"theirs": {"type": "local", "command": "x"}}}"#;
    std::fs::write(dir.join(".github/mcp.json"), theirs).expect("writes");
    let out = exported(HOST, "copilot", &cwd, &dir, &[]);
    assert_eq!(read(&dir.join(".github/mcp.json")), theirs);
    assert!(
        out.stdout.contains(
            ".github/mcp.json is the repository's own, so it was left alone: add this to its `mcpServers`: {\"tackle-export-host\":{\"type\":\"local\",\"command\":\"./.github/hooks/bin/tackle-export-host\",\"args\":[\"mcp\"],\"tools\":[\"*\"]}}"
        ),
        "{out:?}"
    );
    // Exported again, it is still theirs; the hooks are written all the same.
    exported(HOST, "copilot", &cwd, &dir, &[]);
    assert_eq!(read(&dir.join(".github/mcp.json")), theirs);
    assert!(dir.join(".github/hooks/tackle-export-host.json").is_file());

    // One a tackle export wrote is tackle's to replace, and to remove once
    // the plugins have no tools.
    let dir = dir.with_file_name("fresh");
    exported(HOST, "copilot", &cwd, &dir, &[]);
    let out = exported(HOST, "copilot", &cwd, &dir, &[]);
    assert!(!out.stdout.contains("left alone"), "{out:?}");
    assert!(dir.join(".github/mcp.json").is_file());
    exported(PARTIAL, "copilot", &cwd, &dir, &["--allow-partial"]);
    assert!(!dir.join(".github/mcp.json").exists());
}

#[test]
fn cline_hook_files_exec_the_binary_by_its_quoted_absolute_path() {
    let (_tmp, cwd, dir) = setup(ODD);
    let out = exported(HOST, "cline", &cwd, &dir, &["--allow-partial"]);
    assert!(out.stdout.contains(".clinerules/hooks"), "{out:?}");
    assert!(out.stdout.contains("a refusal ends the task"), "{out:?}");
    let root = dir.canonicalize().expect("exists");
    let mut files: Vec<String> = std::fs::read_dir(dir.join("hooks"))
        .expect("hooks/")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    // One file per event, named as Cline names its events.
    assert_eq!(files, ["PostToolUse", "PreToolUse", "SessionShutdown"]);
    let script = read(&dir.join("hooks/PreToolUse"));
    let bin = root.join("bin/tackle-export-host");
    let quoted = format!("'{}'", bin.to_str().expect("utf-8").replace('\'', r"'\''"));
    assert!(script.starts_with("#!/bin/sh\n"), "{script}");
    assert!(
        script.ends_with(&format!("\nexec {quoted} hook cline PreToolUse\n")),
        "{script}"
    );
    // Cline runs the file with the interpreter of its shebang, in the
    // project, the event on stdin; the reply is stdout's JSON.
    let event = json!({
        "taskId": "t1", "workspaceRoots": [cwd], "hookName": "tool_call",
        "tool_call": {"id": "c1", "name": "run_commands", "input": {"commands": ["rm -rf /"]}},
        "preToolUse": {"toolName": "run_commands", "parameters": {"commands": "[\"rm -rf /\"]"}},
    });
    let mut command = Command::new("/bin/sh");
    command
        .arg(dir.join("hooks/PreToolUse"))
        .current_dir(&cwd)
        .env("TACKLE_HOME", cwd.join(".tackle-home"));
    let out = run(command, &event.to_string());
    assert_eq!(out.code, 0, "{out:?}");
    let reply: Value = serde_json::from_str(&out.stdout).expect("JSON on stdout");
    assert_eq!(reply["cancel"], true, "{reply}");
    assert!(
        reply["errorMessage"]
            .as_str()
            .is_some_and(|m| m.starts_with(REFUSED)),
        "{reply}"
    );
}

#[test]
fn cline_gets_an_mcp_settings_file_by_the_binarys_absolute_path() {
    let (_tmp, cwd, dir) = setup(ODD);
    let out = exported(HOST, "cline", &cwd, &dir, &["--allow-partial"]);
    let root = dir.canonicalize().expect("exists");
    let servers = json_file(&dir.join("cline_mcp_settings.json"));
    assert_eq!(
        servers,
        json!({"mcpServers": {"tackle-export-host": {
            "command": root.join("bin/tackle-export-host").to_str().expect("utf-8"),
            "args": ["mcp"],
        }}})
    );
    assert!(out.stdout.contains("CLINE_MCP_SETTINGS_PATH="), "{out:?}");
    let server = &servers["mcpServers"]["tackle-export-host"];
    assert_serves(
        Path::new(server["command"].as_str().expect("command")),
        &server["args"],
        &cwd,
    );
}

#[test]
fn kimi_gets_an_mcp_config_file_by_the_binarys_absolute_path() {
    let (_tmp, cwd, dir) = setup(ODD);
    let out = exported(HOST, "kimi", &cwd, &dir, &["--allow-partial"]);
    let root = dir.canonicalize().expect("exists");
    let servers = json_file(&dir.join("kimi-mcp.json"));
    assert_eq!(
        servers,
        json!({"mcpServers": {"tackle-export-host": {
            "command": root.join("bin/tackle-export-host").to_str().expect("utf-8"),
            "args": ["mcp"],
        }}})
    );
    // How to hand it to Kimi, the path quoted for a shell.
    let file = root.join("kimi-mcp.json");
    let quoted = format!("'{}'", file.to_str().expect("utf-8").replace('\'', r"'\''"));
    assert!(
        out.stdout
            .contains(&format!("run `kimi --mcp-config-file {quoted}`")),
        "{out:?}"
    );
    let server = &servers["mcpServers"]["tackle-export-host"];
    assert_serves(
        Path::new(server["command"].as_str().expect("command")),
        &server["args"],
        &cwd,
    );
}

#[test]
fn opencodes_plugin_carries_the_server_for_its_config_hook() {
    let (_tmp, cwd, dir) = setup(ODD);
    let out = exported(HOST, "opencode", &cwd, &dir, &["--allow-partial"]);
    let js = read(&dir.join(".opencode/plugins/tackle-export-host.js"));
    assert!(
        js.contains(r#"const MCP = {"name":"tackle-export-host","args":["mcp"]};"#),
        "{js}"
    );
    assert!(js.contains("hooks.config = async (config) => {"), "{js}");
    assert!(
        out.stdout
            .contains("registered by .opencode/plugins/tackle-export-host.js"),
        "{out:?}"
    );
    // No opencode.json is written: that file is the user's.
    assert!(!dir.join("opencode.json").exists());
    assert!(!dir.join(".opencode/opencode.json").exists());
}

#[test]
fn pi_gets_no_mcp_server_and_the_note_says_so() {
    let (_tmp, cwd, dir) = setup(ODD);
    let out = exported(HOST, "pi", &cwd, &dir, &[]);
    assert!(
        out.stdout.contains(
            "Pi has no MCP client, so the plugins' tools (complexity, count_lines, tree_stats) are not offered to it"
        ),
        "{out:?}"
    );
    let ts = read(&dir.join(".pi/extensions/tackle-export-host.ts"));
    assert!(!ts.contains("mcp"), "{ts}");
}

/// Whether the package in `dir` for `agent` registers an MCP server.
fn registers_mcp(agent: &str, dir: &Path) -> bool {
    match agent {
        "claude" => dir.join(".mcp.json").exists(),
        "gemini" => json_file(&dir.join("gemini-extension.json"))
            .get("mcpServers")
            .is_some(),
        "codex" => {
            json_file(&dir.join(".codex-plugin/plugin.json"))
                .get("mcpServers")
                .is_some()
                || dir.join(".mcp.json").exists()
        }
        "copilot" => dir.join(".github/mcp.json").exists(),
        "kimi" => dir.join("kimi-mcp.json").exists(),
        "qwen" => json_file(&dir.join("qwen-extension.json"))
            .get("mcpServers")
            .is_some(),
        "droid" => dir.join("mcp.json").exists(),
        "opencode" | "kilo" => {
            let js = std::fs::read_dir(dir.join(if agent == "kilo" {
                ".kilo/plugins"
            } else {
                ".opencode/plugins"
            }))
            .expect("plugins")
            .map(|e| read(&e.expect("entry").path()))
            .collect::<String>();
            assert!(js.contains("const MCP = "), "{js}");
            !js.contains("const MCP = null;")
        }
        "pi" => false,
        "cline" => dir.join("cline_mcp_settings.json").exists(),
        other => panic!("{other}"),
    }
}

const AGENTS: [&str; 11] = [
    "claude", "gemini", "codex", "copilot", "kimi", "qwen", "droid", "opencode", "kilo", "pi",
    "cline",
];

#[test]
fn plugins_without_tools_register_no_mcp_server_anywhere() {
    let (_tmp, cwd, dir) = setup("no tools");
    // guard and exporty have no tool.
    for agent in AGENTS {
        let dir = dir.join(agent);
        let out = exported(PARTIAL, agent, &cwd, &dir, &["--allow-partial"]);
        assert!(!registers_mcp(agent, &dir), "{agent}");
        assert!(!out.stdout.contains("MCP"), "{agent}: {out:?}");
        // Each package holds a copy of the binary: one at a time on disk.
        std::fs::remove_dir_all(&dir).expect("removes");
    }
    // The export host with metrics, its only tool plugin, left out by
    // `enabled`: no tools exported, no server.
    std::fs::write(
        cwd.join("tackle.toml"),
        "enabled = [\"guard\", \"doom-loop\", \"read-before-edit\"]\n",
    )
    .expect("writes");
    for agent in AGENTS {
        let dir = dir.join(format!("{agent}-enabled"));
        exported(HOST, agent, &cwd, &dir, &["--allow-partial"]);
        assert!(!registers_mcp(agent, &dir), "{agent}");
        std::fs::remove_dir_all(&dir).expect("removes");
    }
    // And with it, every agent but Pi has one.
    std::fs::remove_file(cwd.join("tackle.toml")).expect("removes");
    for agent in AGENTS {
        let dir = dir.join(format!("{agent}-tools"));
        exported(HOST, agent, &cwd, &dir, &["--allow-partial"]);
        assert_eq!(registers_mcp(agent, &dir), agent != "pi", "{agent}");
        std::fs::remove_dir_all(&dir).expect("removes");
    }
}

#[test]
fn re_exporting_without_tools_removes_the_mcp_files() {
    let (_tmp, cwd, dir) = setup("again mcp");
    for (agent, file) in [
        ("claude", ".mcp.json"),
        ("codex", ".mcp.json"),
        ("kimi", "kimi-mcp.json"),
        ("droid", "mcp.json"),
    ] {
        let dir = dir.join(agent);
        exported(HOST, agent, &cwd, &dir, &["--allow-partial"]);
        assert!(dir.join(file).is_file(), "{agent}");
        exported(PARTIAL, agent, &cwd, &dir, &["--allow-partial"]);
        assert!(!dir.join(file).exists(), "{agent}");
        assert!(!registers_mcp(agent, &dir), "{agent}");
    }
}

/// The reply of a command run with `sh -c`, read as JSON.
fn json_reply(out: &Run) -> Value {
    serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("JSON on stdout ({e}): {out:?}"))
}

#[test]
fn cursor_hooks_file_is_version_1_with_the_binarys_quoted_absolute_path() {
    let (_tmp, cwd, dir) = setup(ODD);
    let out = exported(HOST, "cursor", &cwd, &dir, &["--allow-partial"]);
    assert!(out.stdout.contains(".cursor/hooks.json"), "{out:?}");
    let hooks = json_file(&dir.join("hooks.json"));
    assert_eq!(hooks["version"], 1);
    let events: Vec<&String> = hooks["hooks"].as_object().expect("hooks").keys().collect();
    assert_eq!(
        events,
        ["sessionStart", "sessionEnd", "preToolUse", "postToolUse"]
    );
    let e = &hooks["hooks"]["preToolUse"][0];
    assert_eq!(e["timeout"], HOST_TIMEOUTS_S["PreToolUse"]);
    let command = e["command"].as_str().expect("command");
    assert!(command.starts_with('\'') && command.ends_with(" hook cursor preToolUse"));
    // Cursor's shell is `Shell`, which the guard's `Bash` hook sees.
    let event = json!({"conversation_id": "c1", "hook_event_name": "preToolUse",
        "workspace_roots": [cwd], "tool_name": "Shell",
        "tool_input": {"command": "rm -rf /"}, "tool_use_id": "t1"});
    let out = sh(command, &cwd, &[], &event);
    assert_eq!(out.code, 2, "refused by exit code too: {out:?}");
    let reply = json_reply(&out);
    assert_eq!(reply["permission"], "deny", "{reply}");
    assert!(
        reply["agent_message"]
            .as_str()
            .is_some_and(|m| m.starts_with(REFUSED))
    );
}

/// Crush's `crush.json`: its one event's entries (Crush's flat shape),
/// the binary by its quoted absolute path (Crush resolves a relative
/// command against its working folder); the command, run
/// as Crush runs it, refuses with Claude Code's `permissionDecision`.
#[test]
fn crush_json_holds_pre_tool_use_entries_naming_the_binarys_absolute_path() {
    let (_tmp, cwd, dir) = setup(ODD);
    let out = exported(HOST, "crush", &cwd, &dir, &["--allow-partial"]);
    assert!(out.stdout.contains("crush.json"), "{out:?}");
    assert!(
        out.stdout.contains("Crush's MCP servers are the user's"),
        "{out:?}"
    );
    let file = json_file(&dir.join("crush.json"));
    let events: Vec<&String> = file["hooks"].as_object().expect("hooks").keys().collect();
    assert_eq!(events, ["PreToolUse"]);
    // One entry for every tool: the binary filters by the plugins'
    // matchers.
    let shell = &file["hooks"]["PreToolUse"][0];
    assert!(shell.get("matcher").is_none(), "{shell}");
    assert_eq!(shell["name"], "tackle-export-host");
    assert_eq!(shell["timeout"], HOST_TIMEOUTS_S["PreToolUse"]);
    let command = shell["command"].as_str().expect("command");
    assert!(command.starts_with('\'') && command.ends_with(" hook crush PreToolUse"));
    // Crush's payload (internal/hooks/input.go): the event under `event`.
    let event = json!({"event": "PreToolUse", "session_id": "s1", "cwd": cwd,
        "tool_name": "bash", "tool_input": {"command": "rm -rf /", "description": "Run it"}});
    let out = sh(command, &cwd, &[], &event);
    assert_eq!(out.code, 0, "{out:?}");
    let reply = json_reply(&out);
    let specific = &reply["hookSpecificOutput"];
    assert_eq!(specific["permissionDecision"], "deny", "{reply}");
    assert!(
        specific["permissionDecisionReason"]
            .as_str()
            .is_some_and(|m| m.starts_with(REFUSED)),
        "{reply}"
    );
}

/// A folder whose path Auggie would break if it split or expanded it:
/// spaces, both quotes, a `${HOME}` and a literal `\${`.
const ODD_FOR_AUGGIE: &str = "a dir with 'quotes' and \"dq\" and ${HOME} and \\${x}";

/// Auggie's `settings.json`: Claude Code's groups, the timeout in
/// milliseconds, the binary by its absolute path as `command` and the
/// rest as `args`, which Auggie starts without a shell; the entry, started
/// as Auggie starts it (its `${...}` expansion, no splitting), refuses
/// Auggie's payload for `rm -rf /` in `hookSpecificOutput`.
#[test]
fn auggie_settings_start_the_binary_by_its_absolute_path_without_a_shell() {
    let (_tmp, cwd, dir) = setup(ODD_FOR_AUGGIE);
    let out = exported(HOST, "auggie", &cwd, &dir, &["--allow-partial"]);
    assert!(out.stdout.contains("settings.json"), "{out:?}");
    assert!(out.stdout.contains("auggie mcp add"), "{out:?}");
    let file = json_file(&dir.join("settings.json"));
    let events: Vec<&String> = file["hooks"].as_object().expect("hooks").keys().collect();
    assert!(events.iter().any(|e| *e == "PreToolUse"), "{events:?}");
    assert!(!events.iter().any(|e| *e == "Notification"), "never sent");
    // One group for every tool: the binary filters by the plugins'
    // matchers.
    let group = &file["hooks"]["PreToolUse"][0];
    assert!(group.get("matcher").is_none(), "{group}");
    let hook = &group["hooks"][0];
    assert_eq!(hook["type"], "command");
    assert_eq!(hook["timeout"], HOST_TIMEOUTS_S["PreToolUse"] * 1000);
    assert_eq!(hook["args"], json!(["hook", "auggie", "PreToolUse"]));
    let (program, args) = tackle_tests::auggie::spawned(hook, |name| std::env::var(name).ok());
    assert!(
        Path::new(&program).starts_with(&dir) && Path::new(&program).is_file(),
        "{program}"
    );
    let mut command = Command::new(&program);
    command
        .args(&args)
        .current_dir(&cwd)
        .env("TACKLE_HOME", cwd.join(".tackle-home"));
    let out = run(command, &tackle_tests::auggie::rm_rf(&cwd).to_string());
    assert_eq!(out.code, 0, "{out:?}");
    let reply = json_reply(&out);
    let specific = &reply["hookSpecificOutput"];
    assert_eq!(specific["hookEventName"], "PreToolUse", "{reply}");
    assert_eq!(specific["permissionDecision"], "deny", "{reply}");
    assert!(
        specific["permissionDecisionReason"]
            .as_str()
            .is_some_and(|m| m.starts_with(REFUSED)),
        "{reply}"
    );
}

#[test]
fn windsurf_registers_each_tool_action_and_refuses_by_exit_code() {
    let (_tmp, cwd, dir) = setup(ODD);
    let out = exported(HOST, "windsurf", &cwd, &dir, &["--allow-partial"]);
    assert!(out.stdout.contains(".windsurf/hooks.json"), "{out:?}");
    let hooks = json_file(&dir.join("hooks.json"));
    let actions: Vec<&String> = hooks["hooks"].as_object().expect("hooks").keys().collect();
    assert_eq!(
        actions,
        [
            "pre_read_code",
            "pre_write_code",
            "pre_run_command",
            "pre_mcp_tool_use",
            "post_read_code",
            "post_write_code",
            "post_run_command",
            "post_mcp_tool_use",
        ]
    );
    let command = hooks["hooks"]["pre_run_command"][0]["command"]
        .as_str()
        .expect("command");
    assert!(command.ends_with(" hook windsurf pre_tool"), "{command}");
    let event = json!({"agent_action_name": "pre_run_command", "trajectory_id": "t1",
        "execution_id": "e1", "tool_info": {"command_line": "rm -rf /", "cwd": cwd}});
    let out = sh(command, &cwd, &[], &event);
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.starts_with(REFUSED), "{out:?}");
}

#[test]
fn vscode_hooks_have_a_posix_and_a_windows_command_relative_to_the_repository() {
    let (_tmp, cwd, dir) = setup(ODD);
    let out = exported(HOST, "vscode", &cwd, &dir, &["--allow-partial"]);
    assert!(
        out.stdout.contains("chat.hooks.enabled"),
        "the trust note: {out:?}"
    );
    assert_executable(&dir.join(".github/hooks/bin/tackle-export-host"));
    let hooks = json_file(&dir.join(".github/hooks/tackle-export-host-vscode.json"));
    let e = &hooks["hooks"]["PreToolUse"][0];
    assert_eq!(
        e["command"],
        "./.github/hooks/bin/tackle-export-host hook vscode PreToolUse"
    );
    assert_eq!(
        e["windows"],
        ".\\.github\\hooks\\bin\\tackle-export-host hook vscode PreToolUse"
    );
    assert_eq!(e["timeout"], HOST_TIMEOUTS_S["PreToolUse"]);
    // VS Code runs a workspace hook in the repository's root.
    let event = json!({"sessionId": "s1", "hookEventName": "PreToolUse", "cwd": dir,
        "tool_name": "run_in_terminal", "tool_input": {"command": "rm -rf /"},
        "tool_use_id": "t1"});
    let out = sh(e["command"].as_str().expect("command"), &dir, &[], &event);
    let reply = json_reply(&out);
    assert_eq!(
        reply["hookSpecificOutput"]["permissionDecision"], "deny",
        "{reply}"
    );
}

#[test]
fn kiro_agent_file_carries_the_hooks_in_milliseconds_and_the_mcp_server() {
    let (_tmp, cwd, dir) = setup(ODD);
    let out = exported(HOST, "kiro", &cwd, &dir, &["--allow-partial"]);
    assert!(
        out.stdout
            .contains("kiro-cli chat --agent tackle-export-host"),
        "{out:?}"
    );
    let agent = json_file(&dir.join("agents/tackle-export-host.json"));
    assert_eq!(agent["name"], "tackle-export-host");
    assert_eq!(agent["tools"], json!(["*"]));
    let events: Vec<&String> = agent["hooks"].as_object().expect("hooks").keys().collect();
    assert_eq!(events, ["agentSpawn", "preToolUse", "postToolUse"]);
    let e = &agent["hooks"]["preToolUse"][0];
    assert_eq!(e["timeout_ms"], HOST_TIMEOUTS_S["PreToolUse"] * 1000);
    let root = dir.canonicalize().expect("exists");
    assert_eq!(
        agent["mcpServers"]["tackle-export-host"]["command"],
        root.join("bin/tackle-export-host").to_str().expect("utf-8")
    );
    let event = json!({"hook_event_name": "preToolUse", "cwd": cwd,
        "tool_name": "shell", "tool_input": {"command": "rm -rf /"}});
    let out = sh(e["command"].as_str().expect("command"), &cwd, &[], &event);
    assert_eq!(out.code, 2, "{out:?}");
    assert!(out.stderr.starts_with(REFUSED), "{out:?}");
}

#[test]
fn goose_plugin_names_the_binary_through_plugin_root_and_blocks_on_failure() {
    let (_tmp, cwd, dir) = setup(ODD);
    let out = exported(HOST, "goose", &cwd, &dir, &["--allow-partial"]);
    assert!(out.stdout.contains(".agents/plugins"), "{out:?}");
    let manifest = json_file(&dir.join("plugin.json"));
    assert_eq!(manifest["name"], "tackle-export-host");
    let hooks = json_file(&dir.join("hooks/hooks.json"));
    // goose takes no context at SessionStart, which is all the host's
    // SessionStart hook gives.
    assert_eq!(events(&hooks), ["SessionEnd", "PreToolUse", "PostToolUse"]);
    let e = entry(&hooks, "PreToolUse");
    assert_eq!(
        e["command"],
        "\"$PLUGIN_ROOT\"/'bin/tackle-export-host' hook goose PreToolUse"
    );
    // The guard fails closed: goose refuses the call when the binary
    // cannot decide.
    assert_eq!(e["on_failure"], "block");
    assert!(entry(&hooks, "PostToolUse").get("on_failure").is_none());
    let root = dir.canonicalize().expect("exists");
    let event = json!({"event": "PreToolUse", "session_id": "s1",
        "tool_name": "developer__shell", "tool_input": {"command": "rm -rf /"},
        "working_dir": cwd});
    let out = sh(
        e["command"].as_str().expect("command"),
        &cwd,
        &[("PLUGIN_ROOT", root.to_str().expect("utf-8"))],
        &event,
    );
    assert_eq!(out.code, 0, "{out:?}");
    let reply = json_reply(&out);
    assert_eq!(reply["decision"], "block", "{reply}");
    assert!(
        reply["reason"]
            .as_str()
            .is_some_and(|m| m.starts_with(REFUSED))
    );
}

#[test]
fn an_unknown_tool_name_where_a_fail_closed_hook_has_a_matcher_is_reported() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let hook = |tool: &str| {
        let mut command = Command::new(HOST);
        command
            .args(["hook", "cursor", "preToolUse"])
            .current_dir(tmp.path())
            .env("TACKLE_HOME", tmp.path().join(".tackle-home"));
        let event = json!({"conversation_id": "c1", "hook_event_name": "preToolUse",
            "tool_name": tool, "tool_input": {"command": "rm -rf /"}});
        run(command, &event.to_string())
    };
    // A name the table lacks: the guard's `Bash` matcher cannot see it.
    let out = hook("Terminal");
    assert_eq!(out.code, 0, "reported, not refused: {out:?}");
    assert!(
        out.stderr.contains("Cursor called `Terminal`")
            && out.stderr.contains("`guard::refuse_destructive`")
            && out.stderr.contains("matcher `Bash"),
        "{out:?}"
    );
    // Cursor's own shell is known (and refused); an MCP tool is named by
    // its server, which a matcher can name.
    let out = hook("Shell");
    assert_eq!(out.code, 2, "{out:?}");
    assert!(!out.stderr.contains("does not know"), "{out:?}");
    let out = hook("mcp__db__query");
    assert!(!out.stderr.contains("does not know"), "{out:?}");
}
