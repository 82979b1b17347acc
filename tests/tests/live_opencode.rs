//! Live: the real OpenCode, installed by `scripts/install-agent-clis.sh`
//! (the pinned version), runs headless (`opencode run PROMPT`) and offline
//! against the fake OpenAI Chat Completions API (`FakeModel::openai`),
//! declared as a provider in the project's `opencode.json`
//! (`@ai-sdk/openai-compatible`, which OpenCode bundles, with
//! `options.baseURL` the fake's), on a plugin `export opencode` wrote into
//! the project's root, as a user loads it (OpenCode loads
//! `.opencode/plugins/` of the project it runs in).
//!
//! Each scenario is a run of its own:
//! * the guard refuses `sudo rm -rf victim` (the folder survives, and the
//!   refusal's reason is the tool result the model is sent next), and its
//!   context file is in the system prompt of every turn (through
//!   `experimental.chat.system.transform`; the package is exported without
//!   `--allow-partial`);
//! * `echo hello` runs and its output reaches the model;
//! * agentish's `permission_request` hook refuses `touch perm-deny-me` at
//!   `tool.execute.before` (OpenCode 1.18.33 never calls a plugin's
//!   `permission.ask`), and the file is not made;
//! * agentish rewrites `touch rewrite-me` into `touch rewritten` (the file
//!   that appears says which command ran), and its context: its context
//!   file reaches the system prompt, what a hook adds after the tool
//!   reaches the model, what it adds before the tool or at the session's
//!   start is dropped and tackle says so on stderr.
//!
//! The payload the plugin gave the binary for `echo hello` is recorded (a
//! wrapper around the package's binary keeps its stdin), and must have the
//! shape of the fixture `tests/fixtures/agents/opencode/
//! tool.execute.before.live-<version>-bash.json` (`TACKLE_GOLDEN=overwrite`
//! writes it from this run; then regenerate the goldens with the
//! `agent_hooks` test).
//!
//! Offline: OpenCode 1.18.33 also asks models.dev for its model list
//! (`OPENCODE_DISABLE_MODELS_FETCH=1` stops it) and, in the background, runs
//! an npm install of `@opencode-ai/plugin` in each config folder (the
//! user's and the project's `.opencode/`); that install reads npm's
//! registry setting, so the test points it at the fake, which answers 404
//! and OpenCode carries on.
//!
//! `TACKLE_SKIP_AGENT_CLIS=1` skips it locally, never under `CI=true`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};
use tackle_tests::fake_model::openai::{ToolResult, tool_result};
use tackle_tests::fake_model::{FakeModel, Request, Turn};
use tackle_tests::recorded;
use tackle_tests::venv::{Install, install_or_skip};

/// guard (fail-closed on the shell), doomloop, read_before_edit, metrics.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");

/// agentish: its hooks answer what the payload asks for (`rewrite-me`,
/// `context-me`).
const AGENT_HOST: &str = env!("CARGO_BIN_EXE_tackle-agent-host");

/// The recorded payloads, next to the other OpenCode fixtures.
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/agents/opencode");

fn opencode() -> Option<PathBuf> {
    let install = Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the live OpenCode tests",
        skipped: "the live OpenCode tests",
    };
    install_or_skip(&install, ["opencode"]).map(|[opencode]| opencode)
}

/// One scenario's folders: the project OpenCode runs in (the package
/// exported into its root), the recorded payloads, its HOME; all under
/// `tmp`.
struct Live {
    tmp: tempfile::TempDir,
    project: PathBuf,
    record: PathBuf,
    home: PathBuf,
}

impl Live {
    /// The folders, with `host`'s plugin exported into the project and an
    /// `opencode.json` there whose only provider is `model`. With
    /// `record`, the package's binary is wrapped to keep every payload.
    fn new(host: &str, export: &[&str], model: &FakeModel, record: bool) -> Live {
        let tmp = tempfile::tempdir().expect("tempdir");
        let live = Live {
            project: tmp.path().join("project"),
            record: tmp.path().join("record"),
            home: tmp.path().join("home"),
            tmp,
        };
        for dir in [&live.record, &live.project, &live.home] {
            std::fs::create_dir_all(dir).expect("mkdir");
        }
        let config = json!({
            "$schema": "https://opencode.ai/config.json",
            "autoupdate": false,
            "share": "disabled",
            "model": "fake/fake-model",
            "provider": {"fake": {
                "npm": "@ai-sdk/openai-compatible",
                "name": "Fake",
                "options": {"baseURL": format!("{}/v1", model.base_url()), "apiKey": "sk-fake-key"},
                "models": {"fake-model": {"name": "Fake model", "tool_call": true}},
            }},
        });
        std::fs::write(live.project.join("opencode.json"), config.to_string())
            .expect("write opencode.json");
        let out = Command::new(host)
            .args(["export", "opencode"])
            .arg(&live.project)
            .args(export)
            .current_dir(live.tmp.path())
            .env_remove("TACKLE_AGENT_DIR")
            .env_remove("TACKLE_CONFIG")
            .output()
            .expect("runs export");
        assert!(out.status.success(), "export: {out:?}");
        if record {
            live.wrap(host);
        }
        live
    }

    /// Puts a script in the binary's place that keeps each hook's stdin in
    /// `record/` before it runs the binary on it.
    fn wrap(&self, host: &str) {
        let name = Path::new(host).file_name().expect("a file name");
        let bin = self.project.join(".opencode/bin").join(name);
        let real = bin.with_extension("real");
        std::fs::rename(&bin, &real).expect("move the binary");
        let script = format!(
            "#!/bin/sh\nif [ \"$1\" = hook ]; then\n  f=$(mktemp -p '{}' \"$3.XXXXXX\")\n  cat > \"$f\"\n  exec '{}' \"$@\" < \"$f\"\nfi\nexec '{}' \"$@\"\n",
            self.record.display(),
            real.display(),
            real.display()
        );
        std::fs::write(&bin, script).expect("write the wrapper");
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }

    /// Runs `opencode run` in the project against `model`, with nothing of
    /// this machine's environment but PATH: its stderr (where the plugin's
    /// notes go) and the requests that were turns.
    fn run(&self, opencode: &Path, model: &FakeModel) -> (String, Vec<Request>) {
        let out = Command::new(opencode)
            .args(["run", "Follow the script."])
            .current_dir(&self.project)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &self.home)
            .env("OPENCODE_DISABLE_AUTOUPDATE", "1")
            .env("OPENCODE_DISABLE_MODELS_FETCH", "1")
            .env("OPENCODE_DISABLE_SHARE", "1")
            // The background install of @opencode-ai/plugin asks the fake.
            .env("npm_config_registry", format!("{}/npm/", model.base_url()))
            .stdin(Stdio::null())
            .output()
            .expect("runs opencode");
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(
            out.status.success(),
            "opencode failed: {}\nstdout: {}\nstderr: {stderr}",
            out.status,
            String::from_utf8_lossy(&out.stdout)
        );
        // Offline: every request went to the fake's API or its registry.
        for request in model.requests() {
            assert!(
                request.path.starts_with("/v1/chat/completions")
                    || request.path.starts_with("/npm/"),
                "{} {}",
                request.method,
                request.path
            );
        }
        (stderr, model.turns())
    }
}

/// A shell command, as the model calls OpenCode's `bash` tool.
fn bash(command: &str) -> Turn {
    Turn::tool("bash", json!({"command": command, "description": "Run it"}))
}

/// Whether every turn's system messages hold `text`. OpenCode sends the
/// parts a plugin adds as system messages after its own.
fn in_every_system_prompt(turns: &[Request], text: &str) -> bool {
    turns.iter().all(|turn| {
        turn.body["messages"].as_array().is_some_and(|messages| {
            messages
                .iter()
                .filter(|m| m["role"] == "system")
                .any(|m| m["content"].as_str().is_some_and(|c| c.contains(text)))
        })
    })
}

/// Turn `n`'s result in the next request, which must carry it.
fn result(turns: &[Request], n: usize) -> ToolResult {
    tool_result(&turns[n].body, n).unwrap_or_else(|| panic!("no result of turn {n}"))
}

/// `opencode --version`'s version (`1.18.33`).
fn version(opencode: &Path, home: &Path) -> String {
    let out = Command::new(opencode)
        .arg("--version")
        .env("HOME", home)
        .env("OPENCODE_DISABLE_AUTOUPDATE", "1")
        .stdin(Stdio::null())
        .output()
        .expect("opencode --version");
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

#[test]
fn the_guard_refuses_sudo_and_the_model_is_sent_the_reason() {
    let Some(opencode) = opencode() else { return };
    let model = FakeModel::openai(vec![bash("sudo rm -rf victim"), Turn::say("Done.")]);
    // Every hook of the guard's host has an OpenCode event.
    let live = Live::new(HOST, &[], &model, false);
    std::fs::create_dir_all(live.project.join("victim")).expect("mkdir");
    std::fs::write(live.project.join("victim/keep.txt"), "one\n").expect("write");
    let (stderr, turns) = live.run(&opencode, &model);
    assert_eq!(turns.len(), 2, "one request per turn: {stderr}");
    let refused = result(&turns, 1);
    assert!(
        refused
            .text()
            .starts_with("guard refused `sudo rm -rf victim`: it runs a command as root"),
        "{refused:?}"
    );
    assert!(
        live.project.join("victim/keep.txt").is_file(),
        "the victim survives"
    );
    assert!(
        in_every_system_prompt(&turns, "Shell commands pass through the guard plugin"),
        "the guard's context file is not in the system prompt"
    );
}

#[test]
fn echo_runs_and_its_output_reaches_the_model() {
    let Some(opencode) = opencode() else { return };
    let model = FakeModel::openai(vec![bash("echo hello"), Turn::say("Done.")]);
    let live = Live::new(HOST, &[], &model, true);
    let (stderr, turns) = live.run(&opencode, &model);
    assert_eq!(turns.len(), 2, "one request per turn: {stderr}");
    let hello = result(&turns, 1);
    assert_eq!(hello.text().trim_end(), "hello", "{hello:?}");

    check_recorded(&live, &version(&opencode, &live.home));
}

#[test]
fn a_rewrite_runs_the_new_command_and_context_before_the_tool_is_dropped_with_a_note() {
    let Some(opencode) = opencode() else { return };
    let model = FakeModel::openai(vec![
        bash("touch rewrite-me"),
        bash("echo context-me"),
        Turn::say("Done."),
    ]);
    // agentish has hooks at points OpenCode has no event for.
    let live = Live::new(AGENT_HOST, &["--allow-partial"], &model, false);
    let (stderr, turns) = live.run(&opencode, &model);
    assert_eq!(turns.len(), 3, "one request per turn: {stderr}");
    // The rewritten command ran, not the model's.
    assert!(live.project.join("rewritten").is_file(), "{stderr}");
    assert!(!live.project.join("rewrite-me").exists(), "{stderr}");
    assert!(
        in_every_system_prompt(&turns, "Agentish is a test plugin"),
        "agentish's context file is not in the system prompt"
    );
    // Context after the tool is appended to its output; before the tool
    // and at the session's start, OpenCode's plugin API has no place for
    // it: tackle says so on stderr (the plugin runs inside OpenCode).
    let echoed = result(&turns, 2).text();
    assert!(
        echoed.starts_with("context-me\n")
            && echoed.ends_with("agentish context at after_tool_call"),
        "{echoed:?}"
    );
    let sent = serde_json::to_string(&turns[2].body).expect("JSON");
    assert!(
        !sent.contains("agentish context at before_tool_call"),
        "{sent}"
    );
    assert!(!sent.contains("agentish: session started"), "{sent}");
    for line in [
        "tackle: tool.execute.before: opencode cannot be given the context a hook added here, so it is dropped: agentish context at before_tool_call",
        "tackle: session.created: opencode cannot be given the context a hook added here, so it is dropped: agentish: session started (startup)",
    ] {
        assert!(stderr.contains(line), "no {line:?} in {stderr}");
    }
}

#[test]
fn permission_request_hooks_refuse_at_tool_execute_before() {
    let Some(opencode) = opencode() else { return };
    // OpenCode 1.18.33 never calls a plugin's `permission.ask`: the
    // plugins' permission hooks run at `tool.execute.before`, first.
    let model = FakeModel::openai(vec![bash("touch perm-deny-me"), Turn::say("Done.")]);
    let live = Live::new(AGENT_HOST, &["--allow-partial"], &model, false);
    let (stderr, turns) = live.run(&opencode, &model);
    assert_eq!(turns.len(), 2, "one request per turn: {stderr}");
    let refused = result(&turns, 1);
    assert_eq!(
        refused.text(),
        "agentish refuses at permission_request: the payload says deny-me",
        "{refused:?}"
    );
    assert!(!live.project.join("perm-deny-me").exists(), "the call ran");
}

/// The recorded payload of `echo hello`: the shape of its fixture (or
/// written as the fixture), and the keys of the hand-made fixture.
fn check_recorded(live: &Live, version: &str) {
    let tmp = live.tmp.path().display().to_string();
    let payloads: Vec<Value> = std::fs::read_dir(&live.record)
        .expect("the record")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("tool.execute.before."))
        })
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("read");
            serde_json::from_str(&text.replace(&tmp, "/tmp/tackle-live")).expect("a JSON payload")
        })
        .collect();
    let shell = payloads
        .iter()
        .find(|p| p["tool_name"] == "bash" && p["tool_input"]["command"] == "echo hello")
        .unwrap_or_else(|| panic!("no tool.execute.before for echo hello: {payloads:#?}"))
        .clone();
    assert_eq!(
        (&shell["cwd"], &shell["tool_use_id"]),
        (&json!("/tmp/tackle-live/project"), &json!("call_fake_01"))
    );
    assert!(
        shell["session_id"]
            .as_str()
            .is_some_and(|s| s.starts_with("ses_")),
        "{shell:#}"
    );

    // Every key of the hand-made fixture is sent.
    let made: Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(FIXTURES).join("tool.execute.before.json"))
            .expect("read"),
    )
    .expect("JSON");
    assert_eq!(recorded::keys(&shell), recorded::keys(&made), "{shell:#}");

    let path = Path::new(FIXTURES).join(format!("tool.execute.before.live-{version}-bash.json"));
    recorded::check(&path, &shell, &format!("OpenCode {version}"));
}
