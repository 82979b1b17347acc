//! `export superqode DIR`, checked by SuperQode itself (`superqode` 2.25.0
//! from PyPI, in the venv `scripts/install-superqode.sh` makes):
//!
//! - `superqode plugins validate DIR/plugin.json`, the real CLI, passes the
//!   packages of two test hosts;
//! - `tests/superqode/drive.py` installs them in a scratch project as
//!   `superqode plugins add` does, trusts it, and loads them with the
//!   loader SuperQode's agent uses (`load_extension_runtime`): the tools are
//!   registered with the plugins' names, descriptions, schemas and
//!   read-only hints, run through `Tool.execute` (result, structured output,
//!   errors, progress, streamed output, cancellation), and the hooks run
//!   through `HookRegistry.fire_decision` and `fire` as the agent loop and
//!   PiPy call them: denies, abstentions, a rewrite, permission rules, a
//!   fail-closed hook whose plugin cannot load, observers, the context
//!   files, the skills and a slash command.
//!
//! `export_superqode` also checks, without SuperQode, what the package
//! holds and what `export` refuses. `TACKLE_SKIP_SUPERQODE=1` skips the
//! tests that need SuperQode locally (say so when you do); under `CI=true`
//! it is refused, and a SuperQode that cannot be installed fails them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use serde_json::{Value, json};
use tackle_tests::venv::{Install, install_or_skip};

/// The MCP test host: metrics, textkit and mcpish (tools, and hooks that
/// deny, ask, rewrite results and record failures).
const MCP_HOST: &str = env!("CARGO_BIN_EXE_tackle-mcp-host");
/// guard and exporty: a fail-closed hook, permission rules, a context
/// file, a skill, a slash command, and hooks SuperQode cannot deliver.
const PARTIAL: &str = env!("CARGO_BIN_EXE_tackle-export-partial-host");
/// guard, doomloop, read_before_edit, metrics: `session_end` hooks.
const EXPORT_HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");
const DRIVER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/superqode/drive.py");

struct SuperQode {
    python: PathBuf,
    cli: PathBuf,
}

/// The installed SuperQode, or `None` when skipped on purpose (never in CI).
fn superqode() -> Option<&'static SuperQode> {
    static SUPERQODE: OnceLock<Option<SuperQode>> = OnceLock::new();
    SUPERQODE
        .get_or_init(|| {
            let install = Install {
                script: "scripts/install-superqode.sh",
                skip_var: "TACKLE_SKIP_SUPERQODE",
                tests: "the SuperQode tests",
                skipped: "the tests that need SuperQode",
            };
            let [python, cli] = install_or_skip(&install, ["python", "superqode"])?;
            Some(SuperQode { python, cli })
        })
        .as_ref()
}

/// A scratch folder: a throwaway HOME, a neutral working folder, and a
/// project (with a space and a quote in its path) holding a file to count.
struct Scratch {
    dir: tempfile::TempDir,
    home: PathBuf,
    work: PathBuf,
    project: PathBuf,
}

fn scratch() -> Scratch {
    let dir = tempfile::tempdir().expect("tempdir");
    let home = dir.path().join("home");
    let work = dir.path().join("work");
    let project = dir.path().join("the user's project");
    for d in [&home, &work, &project] {
        std::fs::create_dir_all(d).expect("mkdir");
    }
    std::fs::write(project.join("probe.rs"), "fn main() {}\n// a note\n\n").expect("writes");
    Scratch {
        dir,
        home,
        work,
        project,
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `bin export superqode DIR EXTRA...` from the neutral folder.
fn export(bin: &str, scratch: &Scratch, dir: &Path, extra: &[&str]) -> Output {
    Command::new(bin)
        .arg("export")
        .arg("superqode")
        .arg(dir)
        .args(extra)
        .current_dir(&scratch.work)
        .env("TACKLE_HOME", scratch.home.join(".tackle"))
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_CONFIG")
        .stdin(Stdio::null())
        .output()
        .expect("runs export")
}

fn exported(bin: &str, scratch: &Scratch, dir: &Path, extra: &[&str]) -> Output {
    let out = export(bin, scratch, dir, extra);
    assert!(out.status.success(), "export superqode: {out:?}");
    out
}

/// How many tools `bin`'s plugins have, from its `manifest`.
fn host_tools(bin: &str) -> usize {
    let out = Command::new(bin)
        .arg("manifest")
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_CONFIG")
        .output()
        .expect("runs manifest");
    assert!(out.status.success(), "manifest: {out:?}");
    let manifest: Value = serde_json::from_slice(&out.stdout).expect("manifest JSON");
    manifest["plugins"]
        .as_array()
        .expect("plugins")
        .iter()
        .map(|p| p["tools"].as_array().map_or(0, Vec::len))
        .sum()
}

fn json_file(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The command, with SuperQode's state kept in the scratch HOME and trust
/// store, and no Python set-up of the caller's. The projects are trusted:
/// a `tackle.toml` a test writes there is obeyed whole.
fn hermetic(program: &Path, scratch: &Scratch) -> Command {
    let mut command = Command::new(program);
    command
        .current_dir(&scratch.work)
        .env("HOME", &scratch.home)
        .env("TACKLE_HOME", scratch.home.join(".tackle"))
        .env("SUPERQODE_TRUST_STORE", scratch.home.join("trust.json"))
        .env_remove("PYTHONPATH")
        .env_remove("PYTHONHOME")
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_CONFIG")
        .env("TACKLE_TRUST_PROJECT", "1")
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .stdin(Stdio::null());
    command
}

#[test]
fn superqodes_own_validator_passes_the_packages() {
    let Some(superqode) = superqode() else { return };
    let scratch = scratch();
    for (bin, name, extra) in [
        (MCP_HOST, "mcp", &[][..]),
        (PARTIAL, "partial", &["--allow-partial"][..]),
    ] {
        let dir = scratch.dir.path().join(name);
        exported(bin, &scratch, &dir, extra);
        let out = hermetic(&superqode.cli, &scratch)
            .args(["plugins", "validate"])
            .arg(dir.join("plugin.json"))
            .output()
            .expect("runs superqode plugins validate");
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(
            out.status.success() && stdout.contains("Plugin manifest is valid."),
            "superqode plugins validate {name}: {}\n{stdout}\n{stderr}",
            out.status
        );
    }
}

#[test]
fn superqode_loads_the_tools_and_hooks_and_runs_them_through_the_binary() {
    let Some(superqode) = superqode() else { return };
    let scratch = scratch();
    // One package exported where `superqode plugins add` would put it, the
    // other installed by the driver as that command does.
    let installed = scratch
        .project
        .join(".superqode/plugins/tackle-export-partial-host");
    exported(PARTIAL, &scratch, &installed, &["--allow-partial"]);
    let mcp = scratch.dir.path().join("mcp package");
    exported(MCP_HOST, &scratch, &mcp, &[]);
    // A project whose tackle.toml guard refuses: its fail-closed hook
    // cannot run there.
    let broken = scratch.dir.path().join("broken");
    std::fs::create_dir_all(&broken).expect("mkdir");
    std::fs::write(
        broken.join("tackle.toml"),
        "[plugins.guard]\ndeny_prefixes = 3\n",
    )
    .expect("writes");
    // The user trusts both projects: the hook process, which SuperQode
    // starts, takes no trust from `TACKLE_TRUST_PROJECT`.
    let trusted: Vec<String> = [&scratch.project, &broken]
        .iter()
        .map(|p| p.canonicalize().expect("exists").display().to_string())
        .collect();
    std::fs::create_dir_all(scratch.home.join(".tackle")).expect("mkdir");
    std::fs::write(
        scratch.home.join(".tackle/trusted-projects.json"),
        json!({"trusted": trusted}).to_string(),
    )
    .expect("writes the trust file");
    let log = scratch.dir.path().join("mcpish.log");

    let out = hermetic(&superqode.python, &scratch)
        .arg(DRIVER)
        .arg(&scratch.project)
        .arg(&broken)
        .arg(&mcp)
        .env("MCPISH_LOG", &log)
        .output()
        .expect("runs drive.py");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(
        out.status.success(),
        "drive.py failed ({})\n{stdout}\n{stderr}",
        out.status
    );
    let report: Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("drive.py's report is not JSON ({e}):\n{stdout}\n{stderr}"));
    let show = format!(
        "{}\n--- drive.py's stderr ---\n{stderr}",
        serde_json::to_string_pretty(&report).unwrap_or_default()
    );

    // Installed, trusted, loaded, with nothing failing.
    assert_eq!(report["validate"], json!([]), "{show}");
    assert_eq!(report["installed"], "tackle-mcp-host", "{show}");
    assert_eq!(report["untrusted"]["extensions"], json!([]), "{show}");
    assert_eq!(
        report["extensions"],
        json!({
            "tackle-export-partial-host": ["commands", "hooks", "context", "skills"],
            "tackle-mcp-host": ["tools", "commands", "hooks"],
        }),
        "{show}"
    );
    assert_eq!(report["errors"], json!([]), "{show}");

    // Every tool registered as the plugins declare it.
    let manifest = Command::new(MCP_HOST)
        .arg("manifest")
        .current_dir(&scratch.work)
        .env("TACKLE_HOME", scratch.home.join(".tackle"))
        .output()
        .expect("runs manifest");
    let manifest: Value = serde_json::from_slice(&manifest.stdout).expect("manifest JSON");
    let tools = report["tools"].as_object().expect("tools");
    let mut declared = 0;
    for plugin in manifest["plugins"].as_array().expect("plugins") {
        for tool in plugin["tools"].as_array().expect("tools") {
            declared += 1;
            let name = tool["name"].as_str().expect("name");
            let got = &tools
                .get(name)
                .unwrap_or_else(|| panic!("`{name}` not registered\n{show}"));
            assert_eq!(got["description"], tool["description"], "{name}");
            assert_eq!(got["parameters"], tool["inputSchema"], "{name}");
            assert_eq!(
                got["read_only"],
                tool["annotations"]["readOnlyHint"] == json!(true),
                "{name}"
            );
        }
    }
    assert_eq!(declared, host_tools(MCP_HOST), "the MCP host's tools");
    assert_eq!(tools["count_lines"]["class"], "CountLinesTool");
    // And the skills, through SuperQode's `skill` tool.
    assert_eq!(tools.len(), declared + 1, "{show}");

    // Tool.execute runs the binary in the session's folder.
    let calls = &report["calls"];
    assert_eq!(
        calls["add"],
        json!({"success": true, "output": "{\"result\":42}", "error": null, "structured": {"result": 42}})
    );
    assert_eq!(calls["count_lines"]["structured"]["total"], 3, "{show}");
    assert_eq!(calls["steps"]["output"], "counted to 3", "{show}");
    assert_eq!(
        report["progress"],
        json!([
            [1.0 / 3.0, "step 1 of 3"],
            [2.0 / 3.0, "step 2 of 3"],
            [1.0, "step 3 of 3"]
        ]),
        "{show}"
    );
    assert_eq!(
        report["streamed"],
        json!(["chunk 1", "chunk 2", "chunk 3"]),
        "{show}"
    );
    assert_eq!(calls["boom"]["success"], false, "{show}");
    assert!(
        calls["boom"]["error"]
            .as_str()
            .is_some_and(|e| e.contains("boom went the tool")),
        "{show}"
    );
    assert!(
        calls["echo_bad"]["error"]
            .as_str()
            .is_some_and(|e| e.contains("`text`: expected a string, found 42")),
        "{show}"
    );
    // What the plugin prints does not spoil the result.
    assert_eq!(calls["shout"]["output"], "shouted hi", "{show}");
    assert!(
        calls["skill_list"]["output"]
            .as_str()
            .is_some_and(|o| o.contains("## safe-shell")),
        "{show}"
    );
    assert_eq!(report["cancel"]["cancelled"], true, "{show}");
    assert!(
        report["cancel"]["seconds"]
            .as_f64()
            .is_some_and(|s| s < 5.0),
        "{show}"
    );

    // Hooks, through SuperQode's HookRegistry.
    let decisions = &report["decisions"];
    let action = |key: &str| {
        decisions[key]["action"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(action("forbidden"), "deny", "{show}");
    assert_eq!(
        decisions["forbidden"]["message"], "mcpish forbids `forbidden`",
        "{show}"
    );
    assert_eq!(
        decisions["forbidden"]["decided_by"],
        "tackle:tackle-mcp-host:before_tool_call"
    );
    assert_eq!(action("plain"), "continue", "an abstention: {show}");
    assert_eq!(action("ask_me"), "continue", "ask is dropped here: {show}");
    assert!(
        stderr.contains("SuperQode cannot take `ask` at `before_tool_call`; it was dropped"),
        "the dropped ask is logged: {show}"
    );
    assert_eq!(action("rm_rf"), "deny", "{show}");
    assert!(
        decisions["rm_rf"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("guard refused `rm -rf /`")),
        "{show}"
    );
    assert_eq!(action("ls"), "continue", "{show}");
    assert_eq!(action("stamp"), "modify", "{show}");
    assert_eq!(
        decisions["stamp"]["arguments"],
        json!({"path": "a.txt", "content": "x\n(stamped)"}),
        "{show}"
    );
    assert_eq!(action("npm_publish"), "deny", "guard's rule: {show}");
    assert_eq!(
        action("git_push"),
        "continue",
        "ask: SuperQode's own flow: {show}"
    );
    assert_eq!(action("pipy_forbidden"), "deny", "keywords only: {show}");
    assert_eq!(action("broken_ls"), "deny", "fails closed: {show}");
    assert!(
        decisions["broken_ls"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("fails closed")),
        "{show}"
    );
    // An observer ran: mcpish's `tool_error` hook at `after_tool_call`.
    let logged = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(
        logged
            .lines()
            .any(|l| l == "tool_error boom: boom went the tool"),
        "mcpish.log: {logged:?}\n{show}"
    );
    // Only the points the plugins need are registered.
    assert_eq!(
        report["hooks"]["permission_request"],
        json!(["tackle:tackle-export-partial-host:permission_request"]),
        "{show}"
    );
    assert_eq!(report["hooks"]["stop"], json!([]), "{show}");

    // Context files and slash commands.
    let context = report["context"].as_str().unwrap_or_default();
    assert!(
        context.starts_with("# Extension: tackle-export-partial-host\n")
            && context.contains("Shell commands pass through the guard plugin"),
        "{show}"
    );
    assert_eq!(
        report["commands"],
        json!(["largest", "lines", "loc", "shout"]),
        "{show}"
    );
    assert_eq!(report["shout"], "HELLO WORLD", "{show}");
}

#[test]
fn the_manifest_names_the_generated_module_the_skills_and_the_context() {
    let scratch = scratch();
    let dir = scratch.dir.path().join("partial");
    let out = exported(PARTIAL, &scratch, &dir, &["--allow-partial"]);
    let stderr = text(&out.stderr);
    assert!(stderr.contains("exporty::on_setup at `setup`"), "{stderr}");
    let manifest = json_file(&dir.join("plugin.json"));
    let module = "tackle_export_partial_host";
    assert_eq!(manifest["id"], "tackle-export-partial-host");
    assert_eq!(manifest["api_version"], 1);
    assert_eq!(manifest["skills"], json!(["skills/safe-shell/SKILL.md"]));
    assert_eq!(
        manifest["context_injectors"],
        json!([{"path": "context/guard/context/shell.md", "name": "Shell guard: context/shell.md"}])
    );
    let points: Vec<&str> = manifest["event_hooks"]
        .as_array()
        .expect("event_hooks")
        .iter()
        .map(|h| {
            let point = h["point"].as_str().expect("point");
            assert_eq!(h["handler"], format!("{module}:{point}"));
            point
        })
        .collect();
    assert_eq!(
        points,
        [
            "before_llm_call",
            "before_tool_call",
            "after_tool_call",
            "permission_request",
            "before_compact"
        ]
    );
    // Rules run in the binary, not as SuperQode's first-match rules.
    assert!(manifest.get("permission_rules").is_none(), "{manifest}");
    assert!(text(&out.stdout).contains("not as SuperQode's own `permission_rules`"));
    assert_eq!(
        manifest["commands"],
        json!([{
            "name": "shout",
            "description": "Repeats the words given, in capitals.",
            "path": format!("{module}.py"),
            "handler": format!("{module}:command_shout"),
            "aliases": [],
        }])
    );
    assert!(dir.join("skills/safe-shell/SKILL.md").is_file());
    assert!(dir.join("context/guard/context/shell.md").is_file());
    let source = std::fs::read_to_string(dir.join(format!("{module}.py"))).expect("module");
    assert!(!source.contains("__TACKLE_"), "every placeholder filled in");
    // The config is JSON in a Python string: guard's fail-closed hook
    // guards the shell by SuperQode's name for it.
    assert!(
        source.contains(r#"\"failClosed\":[\"bash\","#),
        "guard's hook: {source}"
    );
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(dir.join("bin/tackle-export-partial-host"))
        .expect("the binary")
        .permissions()
        .mode();
    assert_eq!(mode & 0o111, 0o111);

    let mcp = scratch.dir.path().join("mcp");
    exported(MCP_HOST, &scratch, &mcp, &[]);
    let manifest = json_file(&mcp.join("plugin.json"));
    let tools = manifest["tools"].as_array().expect("tools");
    assert_eq!(tools.len(), host_tools(MCP_HOST));
    assert_eq!(
        tools[1],
        json!({"name": "add", "description": "Add two integers.", "path": "tackle_mcp_host.py", "class": "AddTool"})
    );
    assert!(manifest.get("context_injectors").is_none(), "{manifest}");
}

#[test]
fn hooks_superqode_cannot_deliver_refuse_the_export() {
    let scratch = scratch();
    let dir = scratch.dir.path().join("refused");
    let out = export(PARTIAL, &scratch, &dir, &[]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("SuperQode cannot deliver 1 of the plugins' hooks"),
        "{stderr}"
    );
    assert!(
        stderr.contains("exporty::on_setup at `setup`: SuperQode has no event for it"),
        "{stderr}"
    );
    assert!(stderr.contains("--allow-partial"), "{stderr}");
    let out = export(EXPORT_HOST, &scratch, &dir, &[]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    for hook in [
        "doom-loop::forget_session at `session_end`",
        "read-before-edit::forget_session at `session_end`",
    ] {
        assert!(stderr.contains(hook), "{hook}: {stderr}");
    }
    assert!(!dir.exists(), "nothing written");
}

/// The binary's own side of the protocol: what `hook superqode POINT`
/// answers, without SuperQode.
#[test]
fn the_hook_command_answers_in_the_shims_shape() {
    let scratch = scratch();
    let hook = |point: &str, payload: Value| {
        use std::io::Write;
        let mut child = Command::new(MCP_HOST)
            .args(["hook", "superqode", point])
            .current_dir(&scratch.work)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(payload.to_string().as_bytes())
            .expect("writes");
        let out = child.wait_with_output().expect("runs");
        let stdout: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        (out.status.code(), stdout, text(&out.stderr))
    };
    let (code, reply, _) = hook(
        "before_tool_call",
        json!({"session_id": "s", "cwd": "/tmp", "tool_name": "echo", "arguments": {"text": "forbidden"}}),
    );
    assert_eq!(code, Some(0));
    assert_eq!(
        reply,
        json!({"decision": "deny", "reason": "mcpish forbids `forbidden`", "input": null, "context": null})
    );
    // mcpish rewrites `secret`'s result, which SuperQode's
    // `after_tool_call` cannot take: reported, not sent.
    let (code, reply, stderr) = hook(
        "after_tool_call",
        json!({"tool_name": "secret", "arguments": {}, "status": "success",
               "response": {"success": true, "output": "token=hunter2"}}),
    );
    assert_eq!(code, Some(0));
    assert_eq!(reply["input"], Value::Null);
    assert!(
        stderr.contains("SuperQode cannot take a rewrite at `after_tool_call`"),
        "{stderr}"
    );
    let (code, _, stderr) = hook("PreToolUse", json!({}));
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("SuperQode has no hook event `PreToolUse`"),
        "{stderr}"
    );
}
