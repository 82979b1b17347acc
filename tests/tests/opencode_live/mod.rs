//! The live scenarios of OpenCode and of its fork Kilo Code, which load
//! the same generated plugin from their own folders: each agent's test
//! file (`live_opencode.rs`, `live_kilo.rs`) names its [`Fork`] and runs
//! both scenarios on it, each a run of its own (an agent run costs
//! seconds of CPU, so each run plays several steps):
//! * the guard refuses `sudo rm -rf victim` (the folder survives, and the
//!   refusal's reason is the tool result the model is sent next), then
//!   `echo hello` runs and its output reaches the model, and the guard's
//!   context file is in the system prompt of every turn (through
//!   `experimental.chat.system.transform`; the package is exported without
//!   `--allow-partial`). The payload the plugin gave the binary for `echo
//!   hello` is recorded (a wrapper around the package's binary keeps its
//!   stdin): it must have the shape of the fixture
//!   `tests/fixtures/agents/<agent>/tool.execute.before.live-<version>-
//!   bash.json` (`TACKLE_GOLDEN=overwrite` writes it from this run; then
//!   regenerate the goldens with the `agent_hooks` test);
//! * agentish rewrites `touch rewrite-me` into `touch rewritten` (the file
//!   that appears says which command ran); its context file reaches the
//!   system prompt, what a hook adds after the tool reaches the model,
//!   what it adds before the tool or at the session's start is dropped
//!   and tackle says so on stderr; and its `permission_request` hook
//!   refuses `touch perm-deny-me` at `tool.execute.before` (neither agent
//!   calls a plugin's `permission.ask`), and the file is not made.
//!
//! The agent runs headless (`<cli> run PROMPT`) and offline against the
//! fake OpenAI Chat Completions API (`FakeModel::openai`), declared as a
//! provider in the project's config file (`@ai-sdk/openai-compatible`,
//! which both bundle, with `options.baseURL` the fake's), on a plugin
//! `export <agent>` wrote into the project's root, as a user loads it.
//! Both also run, in the background, an npm install of their plugin SDK
//! in each config folder; that install reads npm's registry setting, so
//! the run points it at the fake, which answers 404, and the agent
//! carries on.
//!
//! `install.rs` uses the forks and their runs too, for the plugin
//! `install` writes.
#![allow(dead_code)]

use std::ffi::OsString;
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

/// The fixtures of every agent, `<agent>/` each.
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/agents");

/// What differs between OpenCode and a fork of it, for these runs.
pub struct Fork {
    /// Its product name, for messages (`OpenCode`).
    pub title: &'static str,
    /// Its agent name on tackle's command line, and its key in
    /// `install-agent-clis.sh`'s output (`opencode`).
    pub agent: &'static str,
    /// The project's folder the export writes (`.opencode`).
    pub dir: &'static str,
    /// The project's config file it reads (`opencode.json`).
    pub config: &'static str,
    /// Its environment for an offline run: no update, no model list from
    /// models.dev, no sharing, no telemetry.
    pub env: &'static [(&'static str, &'static str)],
    /// The providers it has built in that would fetch their model lists
    /// from their own hosts, switched off in the config file.
    pub disabled_providers: &'static [&'static str],
    /// The flags of `run` that let a call through the agent's own
    /// permission rules: Kilo Code asks before `sudo`, and a headless run
    /// rejects what it asks; the plugin's hook runs before either.
    pub run_flags: &'static [&'static str],
}

/// OpenCode. Offline: `OPENCODE_DISABLE_MODELS_FETCH=1` keeps it from
/// models.dev.
pub const OPENCODE: Fork = Fork {
    title: "OpenCode",
    agent: "opencode",
    dir: ".opencode",
    config: "opencode.json",
    env: &[
        ("OPENCODE_DISABLE_AUTOUPDATE", "1"),
        ("OPENCODE_DISABLE_MODELS_FETCH", "1"),
        ("OPENCODE_DISABLE_SHARE", "1"),
    ],
    disabled_providers: &[],
    run_flags: &[],
};

/// Kilo Code (7.7.7). Offline: `KILO_DISABLE_MODELS_FETCH=1` keeps it from
/// models.dev, `KILO_TELEMETRY_LEVEL=off` from PostHog, and its own
/// providers `kilo` and `apertis`, switched off, from their model lists.
/// `KILO_DISABLE_DEFAULT_PLUGINS=1` leaves out its built-in plugins
/// (codebase indexing, seconds of a run), not the user's.
pub const KILO: Fork = Fork {
    title: "Kilo Code",
    agent: "kilo",
    dir: ".kilo",
    config: "kilo.json",
    env: &[
        ("KILO_DISABLE_AUTOUPDATE", "1"),
        ("KILO_DISABLE_MODELS_FETCH", "1"),
        ("KILO_DISABLE_SHARE", "1"),
        ("KILO_TELEMETRY_LEVEL", "off"),
        ("KILO_DISABLE_DEFAULT_PLUGINS", "1"),
        ("KILO_DISABLE_SESSION_INGEST", "1"),
        ("KILO_DISABLE_LSP_DOWNLOAD", "1"),
    ],
    disabled_providers: &["kilo", "apertis"],
    run_flags: &["--auto"],
};

impl Fork {
    /// Its CLI, installed by `scripts/install-agent-clis.sh`; `None` when
    /// `TACKLE_SKIP_AGENT_CLIS=1` skips it locally (never under `CI=true`).
    pub fn cli(&self) -> Option<PathBuf> {
        let tests = format!("the live {} tests", self.title);
        let install = Install {
            script: "scripts/install-agent-clis.sh",
            skip_var: "TACKLE_SKIP_AGENT_CLIS",
            tests: &tests,
            skipped: &tests,
        };
        install_or_skip(&install, [self.agent]).map(|[cli]| cli)
    }

    /// Writes the project's config file, whose only provider is `model`.
    pub fn write_config(&self, project: &Path, model: &FakeModel) {
        let config = json!({
            "autoupdate": false,
            "share": "disabled",
            "model": "fake/fake-model",
            "disabled_providers": self.disabled_providers,
            "provider": {"fake": {
                "npm": "@ai-sdk/openai-compatible",
                "name": "Fake",
                "options": {"baseURL": format!("{}/v1", model.base_url()), "apiKey": "sk-fake-key"},
                "models": {"fake-model": {"name": "Fake model", "tool_call": true}},
            }},
        });
        std::fs::write(project.join(self.config), config.to_string())
            .expect("write the config file");
    }

    /// `<cli> run [FLAGS] PROMPT` in `project` against `model`, with nothing of
    /// this machine's environment but `path` (PATH) and `home` (HOME).
    pub fn run(
        &self,
        cli: &Path,
        project: &Path,
        home: &Path,
        path: OsString,
        model: &FakeModel,
    ) -> std::process::Output {
        Command::new(cli)
            .arg("run")
            .args(self.run_flags)
            .arg("Follow the script.")
            .current_dir(project)
            .env_clear()
            .env("PATH", path)
            .env("HOME", home)
            .envs(self.env.iter().copied())
            // The background install of the plugin SDK asks the fake.
            .env("npm_config_registry", format!("{}/npm/", model.base_url()))
            .stdin(Stdio::null())
            .output()
            .expect("runs the agent")
    }

    /// `<cli> --version`'s version (`1.18.33`).
    fn version(&self, cli: &Path, home: &Path) -> String {
        let out = Command::new(cli)
            .arg("--version")
            .env("HOME", home)
            .envs(self.env.iter().copied())
            .stdin(Stdio::null())
            .output()
            .expect("runs --version");
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    }
}

/// One scenario's folders: the project the agent runs in (the package
/// exported into its root), the recorded payloads, its HOME; all under
/// `tmp`.
struct Live {
    fork: &'static Fork,
    tmp: tempfile::TempDir,
    project: PathBuf,
    record: PathBuf,
    home: PathBuf,
}

impl Live {
    /// The folders, with `host`'s plugin exported into the project and a
    /// config file there whose only provider is `model`. With `record`,
    /// the package's binary is wrapped to keep every payload.
    fn new(
        fork: &'static Fork,
        host: &str,
        export: &[&str],
        model: &FakeModel,
        record: bool,
    ) -> Live {
        let tmp = tempfile::tempdir().expect("tempdir");
        let live = Live {
            fork,
            project: tmp.path().join("project"),
            record: tmp.path().join("record"),
            home: tmp.path().join("home"),
            tmp,
        };
        for dir in [&live.record, &live.project, &live.home] {
            std::fs::create_dir_all(dir).expect("mkdir");
        }
        fork.write_config(&live.project, model);
        let out = Command::new(host)
            .args(["export", fork.agent])
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
        let bin = self.project.join(self.fork.dir).join("bin").join(name);
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

    /// Runs `<cli> run` in the project against `model`, with nothing of
    /// this machine's environment but PATH: its stderr (where the plugin's
    /// notes go) and the requests that were turns.
    fn run(&self, cli: &Path, model: &FakeModel) -> (String, Vec<Request>) {
        let path = std::env::var_os("PATH").unwrap_or_default();
        let out = self.fork.run(cli, &self.project, &self.home, path, model);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(
            out.status.success(),
            "{} failed: {}\nstdout: {}\nstderr: {stderr}",
            self.fork.title,
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

/// A shell command, as the model calls the `bash` tool.
fn bash(command: &str) -> Turn {
    Turn::tool("bash", json!({"command": command, "description": "Run it"}))
}

/// Whether every turn's system messages hold `text`. The agent sends the
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

/// The guard's run: it refuses `sudo rm -rf victim` (the folder
/// survives, and the model is sent the reason), then `echo hello` runs and
/// its output reaches the model, and the guard's context file is in the
/// system prompt of every turn. The payload of `echo hello` is recorded.
pub fn the_guard_refuses_sudo_and_lets_echo_run(fork: &'static Fork) {
    let Some(cli) = fork.cli() else { return };
    let model = FakeModel::openai(vec![
        bash("sudo rm -rf victim"),
        bash("echo hello"),
        Turn::say("Done."),
    ]);
    // Every hook of the guard's host has an event of the plugin's.
    let live = Live::new(fork, HOST, &[], &model, true);
    std::fs::create_dir_all(live.project.join("victim")).expect("mkdir");
    std::fs::write(live.project.join("victim/keep.txt"), "one\n").expect("write");
    let (stderr, turns) = live.run(&cli, &model);
    assert_eq!(turns.len(), 3, "one request per turn: {stderr}");
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
    let hello = result(&turns, 2);
    assert_eq!(hello.text().trim_end(), "hello", "{hello:?}");
    assert!(
        in_every_system_prompt(&turns, "Shell commands pass through the guard plugin"),
        "the guard's context file is not in the system prompt"
    );

    check_recorded(&live, &fork.version(&cli, &live.home));
}

/// agentish's run: it rewrites `touch rewrite-me` into `touch rewritten`
/// (the file that appears says which command ran); what a hook adds after
/// the tool reaches the model, what it adds before the tool or at the
/// session's start is dropped and tackle says so on stderr; its
/// `permission_request` hook refuses `touch perm-deny-me` at
/// `tool.execute.before` (the agent never calls a plugin's
/// `permission.ask`), and the file is not made.
pub fn agentish_rewrites_adds_context_and_refuses_at_permission_request(fork: &'static Fork) {
    let Some(cli) = fork.cli() else { return };
    let model = FakeModel::openai(vec![
        bash("touch rewrite-me"),
        bash("echo context-me"),
        bash("touch perm-deny-me"),
        Turn::say("Done."),
    ]);
    // agentish has hooks at points the plugin has no event for.
    let live = Live::new(fork, AGENT_HOST, &["--allow-partial"], &model, false);
    let (stderr, turns) = live.run(&cli, &model);
    assert_eq!(turns.len(), 4, "one request per turn: {stderr}");
    // The rewritten command ran, not the model's.
    assert!(live.project.join("rewritten").is_file(), "{stderr}");
    assert!(!live.project.join("rewrite-me").exists(), "{stderr}");
    assert!(
        in_every_system_prompt(&turns, "Agentish is a test plugin"),
        "agentish's context file is not in the system prompt"
    );
    // Context after the tool is appended to its output; before the tool
    // and at the session's start, the plugin API has no place for it:
    // tackle says so on stderr (the plugin runs inside the agent).
    let echoed = result(&turns, 2).text();
    assert!(
        echoed.starts_with("context-me\n")
            && echoed.ends_with("agentish context at after_tool_call"),
        "{echoed:?}"
    );
    let sent = serde_json::to_string(&turns[3].body).expect("JSON");
    assert!(
        !sent.contains("agentish context at before_tool_call"),
        "{sent}"
    );
    assert!(!sent.contains("agentish: session started"), "{sent}");
    let agent = fork.agent;
    for line in [
        format!(
            "tackle: tool.execute.before: {agent} cannot be given the context a hook added here, so it is dropped: agentish context at before_tool_call"
        ),
        format!(
            "tackle: session.created: {agent} cannot be given the context a hook added here, so it is dropped: agentish: session started (startup)"
        ),
    ] {
        assert!(stderr.contains(&line), "no {line:?} in {stderr}");
    }
    // The plugins' permission hooks run at `tool.execute.before`, first.
    let refused = result(&turns, 3);
    assert_eq!(
        refused.text(),
        "agentish refuses at permission_request: the payload says deny-me",
        "{refused:?}"
    );
    assert!(!live.project.join("perm-deny-me").exists(), "the call ran");
}

/// The recorded payload of `echo hello`: the shape of its fixture (or
/// written as the fixture), and the keys of the hand-made OpenCode
/// fixture (the plugin is the same).
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
        (&json!("/tmp/tackle-live/project"), &json!("call_fake_02"))
    );
    assert!(
        shell["session_id"]
            .as_str()
            .is_some_and(|s| s.starts_with("ses_")),
        "{shell:#}"
    );

    // Every key of the hand-made fixture is sent.
    let fixtures = Path::new(FIXTURES);
    let made: Value = serde_json::from_str(
        &std::fs::read_to_string(fixtures.join("opencode/tool.execute.before.json")).expect("read"),
    )
    .expect("JSON");
    assert_eq!(recorded::keys(&shell), recorded::keys(&made), "{shell:#}");

    let path = fixtures
        .join(live.fork.agent)
        .join(format!("tool.execute.before.live-{version}-bash.json"));
    recorded::check(&path, &shell, &format!("{} {version}", live.fork.title));
}
