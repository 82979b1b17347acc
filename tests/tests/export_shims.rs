//! The generated OpenCode and Pi shims, run by `node` against fake agent
//! calls: a refusal blocks the call (OpenCode: a throw; Pi: `{block:
//! true}`), a rewrite changes the very arguments object the agent runs the
//! tool with, a question is asked (Pi) or refused (OpenCode), and a binary
//! that cannot answer is reported, refusing only the calls a fail-closed
//! hook guards.
//!
//! Pi's extension is TypeScript that holds no type annotations, so node
//! runs the same text as a `.mjs` module.
//!
//! Needs `node` (CI has it for the validators); `TACKLE_SKIP_AGENT_CLIS=1`
//! skips these too.

use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

/// guard (refuses `rm -rf /`, adds context) and exporty (stamps writes).
const PARTIAL: &str = env!("CARGO_BIN_EXE_tackle-export-partial-host");
/// guard, doomloop, read_before_edit and metrics (whose tools the MCP
/// server offers).
const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");

const OPENCODE_CHECK: &str = r#"
import { pathToFileURL } from "node:url";
const [shim, cwd, callsJson] = process.argv.slice(2);
const mod = await import(pathToFileURL(shim).href);
const hooks = await mod.TacklePlugin({ directory: cwd });
const result = { exports: Object.keys(mod), hooks: Object.keys(hooks).sort(), calls: [] };
for (const [i, [tool, args]] of JSON.parse(callsJson).entries()) {
  const output = { args };
  const call = { threw: null };
  try {
    await hooks["tool.execute.before"]({ tool, sessionID: "s1", callID: `c${i}` }, output);
  } catch (error) {
    call.threw = error.message;
  }
  call.args = output.args;
  call.sameObject = output.args === args;
  result.calls.push(call);
}
const system = ["BASE"];
await hooks["experimental.chat.system.transform"]?.({ sessionID: "s1", model: {} }, { system });
result.system = system;
console.log(JSON.stringify(result));
"#;

const PI_CHECK: &str = r#"
import { pathToFileURL } from "node:url";
const [shim, cwd, callsJson] = process.argv.slice(2);
const mod = await import(pathToFileURL(shim).href);
const handlers = {};
mod.default({ on: (name, handler) => { handlers[name] = handler; } });
const result = { exports: Object.keys(mod), events: Object.keys(handlers).sort(), calls: [] };
for (const [i, [toolName, input, answer]] of JSON.parse(callsJson).entries()) {
  const call = { asked: null };
  // `answer`: null for no UI, else what the user answers.
  const ui = {
    confirm: async (title, message) => {
      call.asked = { title, message };
      return answer;
    },
  };
  const ctx = { cwd, hasUI: answer !== null, ui };
  const event = { type: "tool_call", toolName, toolCallId: `c${i}`, input };
  call.returned = (await handlers.tool_call(event, ctx)) ?? null;
  call.input = event.input;
  call.sameObject = event.input === input;
  result.calls.push(call);
}
const ctx = { cwd, hasUI: false };
result.prompt = (await handlers.before_agent_start({ type: "before_agent_start", prompt: "hi", systemPrompt: "BASE" }, ctx)) ?? null;
console.log(JSON.stringify(result));
"#;

/// The OpenCode plugin's `config` hook, given configs as OpenCode gives
/// them; then the server it adds is started as OpenCode starts a local one
/// (`command[0]` with the rest as arguments, no shell, in the project) and
/// asked for its tools.
const OPENCODE_CONFIG_CHECK: &str = r#"
import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";
const [shim, cwd] = process.argv.slice(2);
const mod = await import(pathToFileURL(shim).href);
const hooks = await mod.TacklePlugin({ directory: cwd });
const result = { hooks: Object.keys(hooks).sort(), configs: [] };
const configs = [
  {},
  { mcp: { other: { type: "remote", url: "https://example.com/mcp" } } },
  { mcp: { "tackle-export-host": { type: "local", command: ["mine"], enabled: false } } },
];
for (const config of configs) {
  await hooks.config(config);
  result.configs.push(config);
}
const [command, ...args] = result.configs[0].mcp["tackle-export-host"].command;
const child = spawn(command, args, { cwd, stdio: ["pipe", "pipe", "inherit"] });
let buffer = "";
result.tools = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error("no answer from the server")), 30000);
  child.on("error", reject);
  child.stdout.on("data", (data) => {
    buffer += data;
    for (const line of buffer.split("\n").slice(0, -1)) {
      const message = JSON.parse(line);
      if (message.id === 2) {
        clearTimeout(timer);
        resolve(message.result.tools.map((t) => t.name));
      }
    }
  });
  const send = (m) => child.stdin.write(JSON.stringify(m) + "\n");
  send({ jsonrpc: "2.0", id: 1, method: "initialize", params: {
    protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "check", version: "0" } } });
  send({ jsonrpc: "2.0", method: "notifications/initialized" });
  send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
});
child.stdin.end();
console.log(JSON.stringify(result));
"#;

/// The shell call guard refuses, a write exporty stamps, a write of a
/// secret it asks about, and one of a note it adds context to.
fn opencode_calls() -> Value {
    serde_json::json!([
        ["bash", {"command": "rm -rf /"}],
        ["write", {"filePath": "a.txt", "content": "hello"}],
        ["write", {"filePath": "secret.txt", "content": "pw"}],
        ["write", {"filePath": "note.txt", "content": "hi"}],
    ])
}

fn skipped() -> bool {
    let skip = std::env::var_os("TACKLE_SKIP_AGENT_CLIS").is_some_and(|v| v == "1");
    if skip {
        eprintln!("TACKLE_SKIP_AGENT_CLIS=1: the shim tests are skipped");
    }
    skip
}

fn export(agent: &str, dir: &Path, cwd: &Path) {
    export_with(PARTIAL, agent, dir, cwd);
}

fn export_with(bin: &str, agent: &str, dir: &Path, cwd: &Path) {
    let out = Command::new(bin)
        .args(["export", agent])
        .arg(dir)
        .arg("--allow-partial")
        .current_dir(cwd)
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_CONFIG")
        .output()
        .expect("runs export");
    assert!(out.status.success(), "export {agent}: {out:?}");
}

/// `node CHECK SHIM CWD CALLS` in `cwd`: its JSON line and its stderr.
/// Session values go to a folder of the test's, not the user's.
fn node(check: &str, shim: &Path, cwd: &Path, calls: &Value) -> (Value, String) {
    let script = cwd.join("check.mjs");
    std::fs::write(&script, check).expect("writes the check");
    let out = Command::new("node")
        .arg(&script)
        .arg(shim)
        .arg(cwd)
        .arg(calls.to_string())
        .current_dir(cwd)
        .stdin(Stdio::null())
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_CONFIG")
        .env("TACKLE_HOME", cwd.join(".tackle-home"))
        .output()
        .expect("runs node (install node >= 20, or set TACKLE_SKIP_AGENT_CLIS=1)");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "node failed: {stderr}");
    let value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "no JSON from node ({e}): {}\n{stderr}",
            String::from_utf8_lossy(&out.stdout)
        )
    });
    (value, stderr)
}

fn setup() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let cwd = tmp.path().join("work");
    std::fs::create_dir_all(&cwd).expect("mkdir");
    let dir = tmp
        .path()
        .join("a dir with 'quotes' and \"dq\"")
        .join("project");
    (tmp, cwd, dir)
}

#[test]
fn the_opencode_plugin_throws_on_a_refusal_and_rewrites_args_in_place() {
    if skipped() {
        return;
    }
    let (_tmp, cwd, dir) = setup();
    export("opencode", &dir, &cwd);
    let shim = dir.join(".opencode/plugins/tackle-export-partial-host.js");
    let (result, stderr) = node(OPENCODE_CHECK, &shim, &cwd, &opencode_calls());
    assert_eq!(result["exports"], serde_json::json!(["TacklePlugin"]));
    assert_eq!(
        result["hooks"],
        serde_json::json!([
            "experimental.chat.system.transform",
            "tool.execute.after",
            "tool.execute.before"
        ])
    );
    // The guard's context file, added to the system prompt as a part of
    // its own after OpenCode's.
    let system = result["system"].as_array().expect("system parts");
    assert_eq!(system.len(), 2, "{system:?}");
    assert_eq!(system[0], "BASE");
    assert!(
        system[1]
            .as_str()
            .is_some_and(|s| s.contains("Shell commands pass through the guard plugin")),
        "{system:?}"
    );
    let calls = &result["calls"];
    let denied = calls[0]["threw"].as_str().unwrap_or_default();
    assert!(
        denied.contains("guard refused `rm -rf /`"),
        "{result}\n{stderr}"
    );
    assert_eq!(calls[1]["threw"], Value::Null, "{result}\n{stderr}");
    assert_eq!(calls[1]["args"]["content"], "hello\n(stamped)", "{result}");
    assert_eq!(calls[1]["args"]["filePath"], "a.txt");
    assert_eq!(calls[1]["sameObject"], true);
}

#[test]
fn the_opencode_plugin_refuses_what_a_hook_would_ask_about_and_reports_context() {
    if skipped() {
        return;
    }
    let (_tmp, cwd, dir) = setup();
    export("opencode", &dir, &cwd);
    let shim = dir.join(".opencode/plugins/tackle-export-partial-host.js");
    let (result, stderr) = node(OPENCODE_CHECK, &shim, &cwd, &opencode_calls());
    // OpenCode's hook cannot ask: the call is refused, saying why, with
    // the hooks' context for the model.
    let asked = result["calls"][2]["threw"].as_str().unwrap_or_default();
    assert!(
        asked.starts_with("needs confirmation: it writes a secret"),
        "{result}\n{stderr}"
    );
    assert!(asked.contains("Secrets belong in the vault."), "{asked}");
    // Context for an allowed call has nowhere to go: it is said, not lost.
    assert_eq!(result["calls"][3]["threw"], Value::Null, "{result}");
    assert!(
        stderr.contains("tool.execute.before: opencode cannot be given the context a hook added here, so it is dropped: Notes are public."),
        "{stderr}"
    );
}

/// A binary that cannot answer, in each way: `None` removes it, else a
/// script put in its place.
const BROKEN: &[(&str, Option<&str>, &str)] = &[
    ("missing", None, "cannot run"),
    ("failing", Some("#!/bin/sh\nexit 3\n"), "exited with 3"),
    ("garbled", Some("#!/bin/sh\necho not json\n"), "is not JSON"),
    (
        "stuck",
        Some("#!/bin/sh\nexec sleep 30\n"),
        "took more than 300 ms",
    ),
];

#[test]
fn a_broken_binary_refuses_the_calls_a_fail_closed_hook_guards_and_only_those() {
    if skipped() {
        return;
    }
    for (what, script, said) in BROKEN {
        let (_tmp, cwd, dir) = setup();
        export("opencode", &dir, &cwd);
        let bin = dir.join(".opencode/bin/tackle-export-partial-host");
        std::fs::remove_file(&bin).expect("rm");
        if let Some(script) = script {
            std::fs::write(&bin, script).expect("writes");
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        }
        let shim = dir.join(".opencode/plugins/tackle-export-partial-host.js");
        // A short wait, so that the stuck binary is given up on quickly.
        let js = std::fs::read_to_string(&shim).expect("reads");
        let js = regex_lite_replace(&js, "\"timeoutMs\": ", "300");
        std::fs::write(&shim, js).expect("writes");
        let (result, stderr) = node(OPENCODE_CHECK, &shim, &cwd, &opencode_calls());
        // guard fails closed on shell calls: refused, saying why.
        let denied = result["calls"][0]["threw"].as_str().unwrap_or_default();
        assert!(
            denied.contains(said) && denied.contains("a fail-closed hook guards this call"),
            "{what}: {result}\n{stderr}"
        );
        // No fail-closed hook guards writes: reported, let through untouched.
        assert_eq!(result["calls"][1]["threw"], Value::Null, "{what}: {result}");
        assert_eq!(
            result["calls"][1]["args"]["content"], "hello",
            "{what}: untouched"
        );
        assert!(stderr.contains(said), "{what}: {stderr}");
    }
}

/// `text` with the number after each `key` replaced by `value`.
fn regex_lite_replace(text: &str, key: &str, value: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(key) {
        let (head, tail) = rest.split_at(at + key.len());
        out.push_str(head);
        out.push_str(value);
        rest = tail.trim_start_matches(|c: char| c.is_ascii_digit());
    }
    out.push_str(rest);
    out
}

fn pi_shim(dir: &Path) -> std::path::PathBuf {
    let ts = dir.join(".pi/extensions/tackle-export-partial-host.ts");
    // Beside the .ts, so that `../bin/` resolves the same.
    let mjs = ts.with_extension("mjs");
    std::fs::copy(&ts, &mjs).expect("copies");
    mjs
}

#[test]
fn the_pi_extension_blocks_on_a_refusal_and_rewrites_input_in_place() {
    if skipped() {
        return;
    }
    let (_tmp, cwd, dir) = setup();
    export("pi", &dir, &cwd);
    let calls = serde_json::json!([
        ["bash", {"command": "rm -rf /"}, null],
        ["write", {"path": "a.txt", "content": "hello"}, null],
    ]);
    let (result, stderr) = node(PI_CHECK, &pi_shim(&dir), &cwd, &calls);
    assert_eq!(result["exports"], serde_json::json!(["default"]));
    assert_eq!(
        result["events"],
        serde_json::json!([
            "before_agent_start",
            "session_before_compact",
            "tool_call",
            "tool_result"
        ])
    );
    let denied = &result["calls"][0]["returned"];
    assert_eq!(denied["block"], true, "{result}\n{stderr}");
    assert!(
        denied["reason"]
            .as_str()
            .is_some_and(|r| r.contains("guard refused `rm -rf /`")),
        "{result}"
    );
    let write = &result["calls"][1];
    assert_eq!(write["returned"], Value::Null, "a rewrite does not block");
    assert_eq!(write["input"]["content"], "hello\n(stamped)", "{result}");
    assert_eq!(write["sameObject"], true);
    let prompt = result["prompt"]["systemPrompt"]
        .as_str()
        .unwrap_or_default();
    assert!(
        prompt.starts_with("BASE\n\n") && prompt.len() > "BASE\n\n".len(),
        "guard's context file is added: {result}"
    );
}

#[test]
fn the_pi_extension_asks_the_user_about_the_rewritten_call_or_refuses_without_a_ui() {
    if skipped() {
        return;
    }
    let (_tmp, cwd, dir) = setup();
    export("pi", &dir, &cwd);
    let secret = serde_json::json!({"path": "secret.txt", "content": "pw"});
    let calls = serde_json::json!([
        ["write", secret, null],
        ["write", secret, false],
        ["write", secret, true],
        ["write", {"path": "note.txt", "content": "hi"}, null],
    ]);
    let (result, stderr) = node(PI_CHECK, &pi_shim(&dir), &cwd, &calls);
    let calls = &result["calls"];
    // No UI: nobody can answer, so the call is refused.
    let reason = calls[0]["returned"]["reason"].as_str().unwrap_or_default();
    assert_eq!(calls[0]["returned"]["block"], true, "{result}\n{stderr}");
    assert!(
        reason.starts_with("needs confirmation: it writes a secret"),
        "{reason}"
    );
    assert!(reason.contains("Secrets belong in the vault."), "{reason}");
    // The user is shown the call as it will run: stamped.
    let asked = calls[1]["asked"]["message"].as_str().unwrap_or_default();
    assert!(asked.contains("it writes a secret"), "{result}");
    assert!(
        asked.contains(r#"pw\n(stamped)"#),
        "the rewrite comes first: {asked}"
    );
    assert_eq!(calls[1]["returned"]["block"], true, "the user said no");
    assert_eq!(
        calls[2]["returned"],
        Value::Null,
        "the user said yes: {result}"
    );
    assert_eq!(calls[2]["input"]["content"], "pw\n(stamped)");
    // Context Pi cannot take before a call is said, not lost.
    assert_eq!(calls[3]["returned"], Value::Null);
    assert!(
        stderr.contains("tool_call: pi cannot be given the context a hook added here, so it is dropped: Notes are public."),
        "{stderr}"
    );
}

#[test]
fn the_opencode_plugin_adds_the_mcp_server_to_opencodes_config_unless_the_user_has_one() {
    if skipped() {
        return;
    }
    let (_tmp, cwd, dir) = setup();
    export_with(HOST, "opencode", &dir, &cwd);
    let shim = dir.join(".opencode/plugins/tackle-export-host.js");
    let (result, stderr) = node(OPENCODE_CONFIG_CHECK, &shim, &cwd, &Value::Null);
    assert!(
        result["hooks"]
            .as_array()
            .expect("hooks")
            .contains(&serde_json::json!("config")),
        "{result}"
    );
    let bin = dir.join(".opencode/bin/tackle-export-host");
    let ours = serde_json::json!({
        "type": "local",
        "command": [bin.to_str().expect("utf-8"), "mcp"],
        "enabled": true,
    });
    let configs = &result["configs"];
    assert_eq!(
        configs[0],
        serde_json::json!({"mcp": {"tackle-export-host": ours}}),
        "{stderr}"
    );
    assert_eq!(
        configs[1]["mcp"],
        serde_json::json!({
            "other": {"type": "remote", "url": "https://example.com/mcp"},
            "tackle-export-host": ours,
        }),
        "the user's servers stay"
    );
    assert_eq!(
        configs[2]["mcp"]["tackle-export-host"],
        serde_json::json!({"type": "local", "command": ["mine"], "enabled": false}),
        "the user's entry of that name wins"
    );
    assert_eq!(
        result["tools"],
        serde_json::json!(["complexity", "count_lines", "tree_stats"]),
        "{stderr}"
    );

    // Without tools, no `config` hook.
    let dir = dir.with_file_name("partial");
    export("opencode", &dir, &cwd);
    let shim = dir.join(".opencode/plugins/tackle-export-partial-host.js");
    let (result, _) = node(OPENCODE_CHECK, &shim, &cwd, &serde_json::json!([]));
    assert!(
        !result["hooks"]
            .as_array()
            .expect("hooks")
            .contains(&serde_json::json!("config")),
        "{result}"
    );
}
