//! The generated OpenCode and Pi shims, run by `node` against fake agent
//! calls: a refusal blocks the call (OpenCode: a throw; Pi: `{block:
//! true}`), a rewrite changes the very arguments object the agent runs the
//! tool with, and a binary that cannot run is reported without blocking.
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

const OPENCODE_CHECK: &str = r#"
import { pathToFileURL } from "node:url";
const [shim, cwd] = process.argv.slice(2);
const mod = await import(pathToFileURL(shim).href);
const hooks = await mod.TacklePlugin({ directory: cwd });
const result = { exports: Object.keys(mod), hooks: Object.keys(hooks).sort() };
try {
  await hooks["tool.execute.before"]({ tool: "bash", sessionID: "s1", callID: "c1" }, { args: { command: "rm -rf /" } });
  result.denied = null;
} catch (error) {
  result.denied = error.message;
}
const output = { args: { filePath: "a.txt", content: "hello" } };
const args = output.args;
await hooks["tool.execute.before"]({ tool: "write", sessionID: "s1", callID: "c2" }, output);
result.rewritten = output.args;
result.sameObject = output.args === args;
console.log(JSON.stringify(result));
"#;

const PI_CHECK: &str = r#"
import { pathToFileURL } from "node:url";
const [shim, cwd] = process.argv.slice(2);
const mod = await import(pathToFileURL(shim).href);
const handlers = {};
mod.default({ on: (name, handler) => { handlers[name] = handler; } });
const ctx = { cwd, hasUI: false };
const result = { exports: Object.keys(mod), events: Object.keys(handlers).sort() };
result.denied = await handlers.tool_call({ type: "tool_call", toolName: "bash", toolCallId: "c1", input: { command: "rm -rf /" } }, ctx);
const event = { type: "tool_call", toolName: "write", toolCallId: "c2", input: { path: "a.txt", content: "hello" } };
const input = event.input;
result.rewriteReturned = (await handlers.tool_call(event, ctx)) ?? null;
result.rewritten = event.input;
result.sameObject = event.input === input;
result.prompt = (await handlers.before_agent_start({ type: "before_agent_start", prompt: "hi", systemPrompt: "BASE" }, ctx)) ?? null;
console.log(JSON.stringify(result));
"#;

fn skipped() -> bool {
    let skip = std::env::var_os("TACKLE_SKIP_AGENT_CLIS").is_some_and(|v| v == "1");
    if skip {
        eprintln!("TACKLE_SKIP_AGENT_CLIS=1: the shim tests are skipped");
    }
    skip
}

fn export(agent: &str, dir: &Path, cwd: &Path) {
    let out = Command::new(PARTIAL)
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

/// `node CHECK SHIM CWD` in `cwd`: its JSON line and its stderr.
fn node(check: &str, shim: &Path, cwd: &Path) -> (Value, String) {
    let script = cwd.join("check.mjs");
    std::fs::write(&script, check).expect("writes the check");
    let out = Command::new("node")
        .arg(&script)
        .arg(shim)
        .arg(cwd)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_CONFIG")
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
    let (result, stderr) = node(OPENCODE_CHECK, &shim, &cwd);
    assert_eq!(result["exports"], serde_json::json!(["TacklePlugin"]));
    assert_eq!(
        result["hooks"],
        serde_json::json!([
            "permission.ask",
            "tool.execute.after",
            "tool.execute.before"
        ])
    );
    let denied = result["denied"].as_str().unwrap_or_default();
    assert!(
        denied.contains("guard refused `rm -rf /`"),
        "{result}\n{stderr}"
    );
    assert_eq!(
        result["rewritten"]["content"], "hello\n(stamped)",
        "{result}"
    );
    assert_eq!(result["rewritten"]["filePath"], "a.txt");
    assert_eq!(result["sameObject"], true);
}

#[test]
fn the_opencode_plugin_reports_a_binary_it_cannot_run_and_does_not_block() {
    if skipped() {
        return;
    }
    let (_tmp, cwd, dir) = setup();
    export("opencode", &dir, &cwd);
    std::fs::remove_file(dir.join(".opencode/bin/tackle-export-partial-host")).expect("rm");
    let shim = dir.join(".opencode/plugins/tackle-export-partial-host.js");
    let (result, stderr) = node(OPENCODE_CHECK, &shim, &cwd);
    assert_eq!(result["denied"], Value::Null, "{result}");
    assert_eq!(result["rewritten"]["content"], "hello", "untouched");
    assert!(stderr.contains("tackle: cannot run"), "{stderr}");
}

#[test]
fn the_pi_extension_blocks_on_a_refusal_and_rewrites_input_in_place() {
    if skipped() {
        return;
    }
    let (_tmp, cwd, dir) = setup();
    export("pi", &dir, &cwd);
    let ts = dir.join(".pi/extensions/tackle-export-partial-host.ts");
    // Beside the .ts, so that `../bin/` resolves the same.
    let mjs = ts.with_extension("mjs");
    std::fs::copy(&ts, &mjs).expect("copies");
    let (result, stderr) = node(PI_CHECK, &mjs, &cwd);
    assert_eq!(result["exports"], serde_json::json!(["default"]));
    assert_eq!(
        result["events"],
        serde_json::json!(["before_agent_start", "tool_call", "tool_result"])
    );
    assert_eq!(result["denied"]["block"], true, "{result}\n{stderr}");
    assert!(
        result["denied"]["reason"]
            .as_str()
            .is_some_and(|r| r.contains("guard refused `rm -rf /`")),
        "{result}"
    );
    assert_eq!(
        result["rewriteReturned"],
        Value::Null,
        "a rewrite does not block"
    );
    assert_eq!(
        result["rewritten"]["content"], "hello\n(stamped)",
        "{result}"
    );
    assert_eq!(result["sameObject"], true);
    let prompt = result["prompt"]["systemPrompt"]
        .as_str()
        .unwrap_or_default();
    assert!(
        prompt.starts_with("BASE\n\n") && prompt.len() > "BASE\n\n".len(),
        "guard's context file is added: {result}"
    );
}
