//! Live: the real Pi coding agent (`@mariozechner/pi-coding-agent`),
//! installed by `scripts/install-agent-clis.sh` (the pinned version), runs
//! headless (`pi -p PROMPT`, print mode) and offline (`PI_OFFLINE=1`)
//! against the fake OpenAI Chat Completions API (`FakeModel::openai`),
//! declared as a provider in `~/.pi/agent/models.json` (`api:
//! "openai-completions"`, `baseUrl` the fake's), on an extension `export
//! pi` wrote into the project's root, as a user loads it (Pi loads
//! `.pi/extensions/*.ts` of the project it runs in).
//!
//! Each scenario is a run of its own:
//! * the guard refuses `sudo rm -rf victim` (the folder survives, and the
//!   refusal's reason is the tool result the model is sent next);
//! * `echo hello` runs and its output reaches the model;
//! * agentish rewrites `touch rewrite-me` into `touch rewritten` (the file
//!   that appears says which command ran), and its context: the plugin's
//!   context file reaches the system prompt (`before_agent_start`), what a
//!   hook adds after the tool reaches the model, what it adds before the
//!   tool or at the session's start is dropped and tackle says so on
//!   stderr.
//!
//! The payload the extension gave the binary for `echo hello` is recorded
//! (a wrapper around the package's binary keeps its stdin), and must have
//! the shape of the fixture `tests/fixtures/agents/pi/
//! tool_call.live-<version>-bash.json` (`TACKLE_GOLDEN=overwrite` writes it
//! from this run; then regenerate the goldens with the `agent_hooks` test).
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

/// The recorded payloads, next to the other Pi fixtures.
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/agents/pi");

fn pi() -> Option<PathBuf> {
    let install = Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the live Pi tests",
        skipped: "the live Pi tests",
    };
    install_or_skip(&install, ["pi"]).map(|[pi]| pi)
}

/// One scenario's folders: the project Pi runs in (the package exported
/// into its root), the recorded payloads, its HOME; all under `tmp`.
struct Live {
    tmp: tempfile::TempDir,
    project: PathBuf,
    record: PathBuf,
    home: PathBuf,
}

impl Live {
    /// The folders, with `host`'s extension exported into the project and
    /// a `models.json` in the throwaway HOME whose provider `fake` is
    /// `model`. With `record`, the package's binary is wrapped to keep
    /// every payload.
    fn new(host: &str, export: &[&str], model: &FakeModel, record: bool) -> Live {
        let tmp = tempfile::tempdir().expect("tempdir");
        let live = Live {
            project: tmp.path().join("project"),
            record: tmp.path().join("record"),
            home: tmp.path().join("home"),
            tmp,
        };
        for dir in [&live.record, &live.project, &live.home.join(".pi/agent")] {
            std::fs::create_dir_all(dir).expect("mkdir");
        }
        // The fake speaks neither the `developer` role nor reasoning effort.
        let models = json!({"providers": {"fake": {
            "baseUrl": format!("{}/v1", model.base_url()),
            "api": "openai-completions",
            "apiKey": "sk-fake-key",
            "compat": {"supportsDeveloperRole": false, "supportsReasoningEffort": false},
            "models": [{"id": "fake-model"}],
        }}});
        std::fs::write(live.home.join(".pi/agent/models.json"), models.to_string())
            .expect("write models.json");
        let out = Command::new(host)
            .args(["export", "pi"])
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
        let bin = self.project.join(".pi/bin").join(name);
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

    /// Runs `pi -p` in the project against `model`, with nothing of this
    /// machine's environment but PATH: its stderr (where the extension's
    /// notes go) and the requests that were turns.
    fn run(&self, pi: &Path, model: &FakeModel) -> (String, Vec<Request>) {
        let out = Command::new(pi)
            .args(["-p", "--provider", "fake", "--model", "fake-model"])
            .arg("Follow the script.")
            .current_dir(&self.project)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &self.home)
            .env("PI_OFFLINE", "1")
            .stdin(Stdio::null())
            .output()
            .expect("runs pi");
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(
            out.status.success(),
            "pi failed: {}\nstdout: {}\nstderr: {stderr}",
            out.status,
            String::from_utf8_lossy(&out.stdout)
        );
        for request in model.requests() {
            assert_eq!(request.path, "/v1/chat/completions", "{request:?}");
        }
        (stderr, model.turns())
    }
}

/// A shell command, as the model calls Pi's `bash` tool.
fn bash(command: &str) -> Turn {
    Turn::tool("bash", json!({"command": command}))
}

/// Turn `n`'s result in the next request, which must carry it.
fn result(turns: &[Request], n: usize) -> ToolResult {
    tool_result(&turns[n].body, n).unwrap_or_else(|| panic!("no result of turn {n}"))
}

/// `pi --version`'s version (`0.73.1`; Pi prints it on stderr).
fn version(pi: &Path, home: &Path) -> String {
    let out = Command::new(pi)
        .arg("--version")
        .env("HOME", home)
        .env("PI_OFFLINE", "1")
        .stdin(Stdio::null())
        .output()
        .expect("pi --version");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    text.trim().to_owned()
}

#[test]
fn the_guard_refuses_sudo_and_the_model_is_sent_the_reason() {
    let Some(pi) = pi() else { return };
    let model = FakeModel::openai(vec![bash("sudo rm -rf victim"), Turn::say("Done.")]);
    let live = Live::new(HOST, &[], &model, false);
    std::fs::create_dir_all(live.project.join("victim")).expect("mkdir");
    std::fs::write(live.project.join("victim/keep.txt"), "one\n").expect("write");
    let (stderr, turns) = live.run(&pi, &model);
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
}

#[test]
fn echo_runs_and_its_output_reaches_the_model() {
    let Some(pi) = pi() else { return };
    let model = FakeModel::openai(vec![bash("echo hello"), Turn::say("Done.")]);
    let live = Live::new(HOST, &[], &model, true);
    let (stderr, turns) = live.run(&pi, &model);
    assert_eq!(turns.len(), 2, "one request per turn: {stderr}");
    let hello = result(&turns, 1);
    assert_eq!(hello.text().trim_end(), "hello", "{hello:?}");

    check_recorded(&live, &version(&pi, &live.home));
}

#[test]
fn a_rewrite_runs_the_new_command_and_context_reaches_the_model_where_pi_takes_it() {
    let Some(pi) = pi() else { return };
    let model = FakeModel::openai(vec![
        bash("touch rewrite-me"),
        bash("echo context-me"),
        Turn::say("Done."),
    ]);
    // agentish has hooks at points Pi has no event for.
    let live = Live::new(AGENT_HOST, &["--allow-partial"], &model, false);
    let (stderr, turns) = live.run(&pi, &model);
    assert_eq!(turns.len(), 3, "one request per turn: {stderr}");
    // The rewritten command ran, not the model's.
    assert!(live.project.join("rewritten").is_file(), "{stderr}");
    assert!(!live.project.join("rewrite-me").exists(), "{stderr}");
    // The plugin's context file is in the system prompt of every turn.
    for turn in &turns {
        let system = &turn.body["messages"][0];
        assert_eq!(system["role"], "system");
        assert!(
            system["content"]
                .as_str()
                .is_some_and(|s| s.contains("Agentish is a test plugin")),
            "{system}"
        );
    }
    // Context after the tool is appended to its result; before the tool
    // and at the session's start Pi takes none: tackle says so on stderr.
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
        "tackle: tool_call: pi cannot be given the context a hook added here, so it is dropped: agentish context at before_tool_call",
        "tackle: session_start: pi cannot be given the context a hook added here, so it is dropped: agentish: session started (startup)",
    ] {
        assert!(stderr.contains(line), "no {line:?} in {stderr}");
    }
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
                .is_some_and(|n| n.to_string_lossy().starts_with("tool_call."))
        })
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("read");
            serde_json::from_str(&text.replace(&tmp, "/tmp/tackle-live")).expect("a JSON payload")
        })
        .collect();
    let shell = payloads
        .iter()
        .find(|p| p["tool_name"] == "bash" && p["tool_input"]["command"] == "echo hello")
        .unwrap_or_else(|| panic!("no tool_call for echo hello: {payloads:#?}"))
        .clone();
    assert_eq!(
        (&shell["cwd"], &shell["tool_use_id"]),
        (&json!("/tmp/tackle-live/project"), &json!("call_fake_01"))
    );
    assert!(
        shell["session_id"].as_str().is_some_and(|s| !s.is_empty()),
        "{shell:#}"
    );

    // Every key of the hand-made fixture is sent.
    let made: Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(FIXTURES).join("tool_call.json")).expect("read"),
    )
    .expect("JSON");
    assert_eq!(recorded::keys(&shell), recorded::keys(&made), "{shell:#}");

    let path = Path::new(FIXTURES).join(format!("tool_call.live-{version}-bash.json"));
    recorded::check(&path, &shell, &format!("Pi {version}"));
}
