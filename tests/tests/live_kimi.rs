//! Live: the real Kimi Code CLI (`@moonshot-ai/kimi-code`), installed by
//! `scripts/install-agent-clis.sh` (the pinned version, with the node it
//! needs), runs headless (`kimi -p`) and offline against the fake OpenAI
//! Chat Completions API (`FakeModel::openai`), its `config.toml` in a
//! throwaway `KIMI_CODE_HOME` holding the provider and the `[[hooks]]`
//! tables `export kimi` wrote, as a user pastes them.
//!
//! Each scenario is a run of its own:
//! * the guard refuses `sudo rm -rf victim` (the folder survives, and the
//!   refusal's reason is the tool result the model is sent next);
//! * `echo hello` runs, its output reaching the model;
//! * context added at `UserPromptSubmit` reaches the model with the
//!   prompt; a rewrite and added context at `PreToolUse`, which Kimi takes
//!   from no hook: the command runs as the model wrote it, and the hook
//!   says so on its stderr (which Kimi keeps to itself, so the test's copy
//!   of the tables sends it to a file).
//!
//! The PreToolUse payload Kimi Code sent for `echo hello` is recorded by a
//! second hook, and must have the shape of the fixture
//! `tests/fixtures/agents/kimi/PreToolUse.live-<version>-bash.json`
//! (`TACKLE_GOLDEN=overwrite` writes it from this run; then regenerate the
//! goldens with the `agent_hooks` test).
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

/// The recorded payloads, next to the other Kimi fixtures.
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/agents/kimi");

fn kimi() -> Option<PathBuf> {
    let install = Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the live Kimi Code CLI tests",
        skipped: "the live Kimi Code CLI tests",
    };
    install_or_skip(&install, ["kimi"]).map(|[kimi]| kimi)
}

/// One scenario's folders: the exported package, the recorded payloads,
/// the project Kimi runs in, its `KIMI_CODE_HOME`; all under `tmp`.
struct Live {
    tmp: tempfile::TempDir,
    pkg: PathBuf,
    record: PathBuf,
    project: PathBuf,
    home: PathBuf,
    /// Whether the package's PreToolUse hooks send their stderr (which
    /// holds a refusal's reason for Kimi) to `record/PreToolUse.stderr`.
    stderr: bool,
}

impl Live {
    /// The folders, with `host`'s tables exported.
    fn new(host: &str, export: &[&str], stderr: bool) -> Live {
        let tmp = tempfile::tempdir().expect("tempdir");
        let live = Live {
            pkg: tmp.path().join("pkg"),
            record: tmp.path().join("record"),
            project: tmp.path().join("project"),
            home: tmp.path().join("home"),
            stderr,
            tmp,
        };
        for dir in [&live.record, &live.project, &live.home.join(".kimi-code")] {
            std::fs::create_dir_all(dir).expect("mkdir");
        }
        let out = Command::new(host)
            .args(["export", "kimi"])
            .arg(&live.pkg)
            .args(export)
            .current_dir(live.tmp.path())
            .env_remove("TACKLE_AGENT_DIR")
            .env_remove("TACKLE_CONFIG")
            .output()
            .expect("runs export");
        assert!(out.status.success(), "export: {out:?}");
        live
    }

    /// `config.toml`: the fake provider at `base_url`, the exported
    /// tables (PreToolUse's stderr sent to a file if asked), and a hook recording
    /// each PreToolUse payload.
    fn configure(&self, base_url: &str) {
        let tables =
            std::fs::read_to_string(self.pkg.join("kimi-hooks.toml")).expect("kimi-hooks.toml");
        let log = self.record.join("PreToolUse.stderr");
        let mut config = format!(
            "default_model = \"fake\"\n\n\
             [providers.fake]\ntype = \"openai\"\napi_key = \"sk-fake-key\"\nbase_url = \"{base_url}/v1\"\n\n\
             [models.fake]\nprovider = \"fake\"\nmodel = \"kimi-fake\"\nmax_context_size = 131072\ncapabilities = [\"tool_use\"]\n"
        );
        for line in tables.lines() {
            // The package's PreToolUse command (a TOML basic string) with
            // its stderr kept.
            if self.stderr
                && line.starts_with("command = ")
                && line.contains(" hook kimi PreToolUse\"")
            {
                let command = line.trim_end_matches('"');
                config.push_str(&format!("{command} 2>>'{}'\"\n", log.display()));
            } else {
                config.push_str(line);
                config.push('\n');
            }
        }
        config.push_str(&format!(
            "\n[[hooks]]\nevent = \"PreToolUse\"\ncommand = \"cat > \\\"$(mktemp -p '{}' PreToolUse.XXXXXX)\\\"\"\n",
            self.record.display()
        ));
        std::fs::write(self.home.join(".kimi-code/config.toml"), config).expect("config.toml");
    }

    /// `kimi` in the project, with nothing of this machine's environment
    /// but PATH: the throwaway HOME and KIMI_CODE_HOME, no telemetry, no
    /// update check.
    fn kimi(&self, kimi: &Path) -> Command {
        let mut command = Command::new(kimi);
        command
            .current_dir(&self.project)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &self.home)
            .env("KIMI_CODE_HOME", self.home.join(".kimi-code"))
            .env("KIMI_DISABLE_TELEMETRY", "1")
            .env("KIMI_CODE_NO_AUTO_UPDATE", "1")
            .stdin(Stdio::null());
        command
    }

    /// Runs `kimi -p PROMPT` against `model`: its stdout and the requests
    /// that were turns.
    fn run(&self, kimi: &Path, model: &FakeModel, prompt: &str) -> (String, Vec<Request>) {
        self.configure(&model.base_url());
        let out = self
            .kimi(kimi)
            .args(["-p", prompt, "--output-format", "stream-json"])
            .output()
            .expect("runs kimi");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "kimi failed: {}\nstdout: {stdout}\nstderr: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        (stdout, model.turns())
    }

    /// What the package's PreToolUse hooks wrote on stderr.
    fn stderr(&self) -> String {
        std::fs::read_to_string(self.record.join("PreToolUse.stderr")).unwrap_or_default()
    }
}

/// A shell command, as the model calls Kimi Code's shell tool.
fn shell(command: &str) -> Turn {
    Turn::tool("Bash", json!({"command": command}))
}

/// Turn `n`'s result in the next request, which must carry it.
fn result(turns: &[Request], n: usize) -> ToolResult {
    tool_result(&turns[n].body, n).unwrap_or_else(|| panic!("no result of turn {n}"))
}

#[test]
fn the_guard_refuses_sudo_and_the_model_is_sent_the_reason() {
    let Some(kimi) = kimi() else { return };
    let live = Live::new(HOST, &["--allow-partial"], false);
    std::fs::create_dir_all(live.project.join("victim")).expect("mkdir");
    std::fs::write(live.project.join("victim/keep.txt"), "one\n").expect("write");
    let model = FakeModel::openai(vec![shell("sudo rm -rf victim"), Turn::say("Done.")]);
    let (stdout, turns) = live.run(&kimi, &model, "Follow the script.");
    assert_eq!(turns.len(), 2, "one request per turn: {stdout}");
    let refused = result(&turns, 1);
    assert!(
        refused
            .text()
            .contains("guard refused `sudo rm -rf victim`"),
        "{refused:?}"
    );
    assert!(
        live.project.join("victim/keep.txt").is_file(),
        "the victim survives"
    );
}

#[test]
fn echo_runs_and_its_output_reaches_the_model() {
    let Some(kimi) = kimi() else { return };
    let live = Live::new(HOST, &["--allow-partial"], false);
    let model = FakeModel::openai(vec![shell("echo hello"), Turn::say("Done.")]);
    let (stdout, turns) = live.run(&kimi, &model, "Follow the script.");
    assert_eq!(turns.len(), 2, "one request per turn: {stdout}");
    let hello = result(&turns, 1);
    assert!(hello.text().contains("hello"), "{hello:?}");
    check_recorded(&live, &version(&kimi, &live));
}

#[test]
fn prompt_context_arrives_and_a_rewrite_and_context_before_a_tool_are_dropped_and_said() {
    let Some(kimi) = kimi() else { return };
    // agentish has hooks at points Kimi has no event for.
    let live = Live::new(AGENT_HOST, &["--allow-partial"], true);
    let model = FakeModel::openai(vec![
        shell("echo rewrite-me"),
        shell("echo context-me"),
        Turn::say("Done."),
    ]);
    // agentish adds context to a prompt that asks for it.
    let (stdout, turns) = live.run(&kimi, &model, "Follow the script (context-me).");
    assert_eq!(turns.len(), 3, "one request per turn: {stdout}");
    // The prompt's context reaches the model with the prompt.
    let first = serde_json::to_string(&turns[0].body).expect("JSON");
    assert!(
        first.contains("agentish context at user_prompt_submit"),
        "no UserPromptSubmit context in {first}"
    );
    // The commands ran as the model wrote them.
    assert!(result(&turns, 1).text().contains("rewrite-me"));
    assert!(!result(&turns, 1).text().contains("rewritten"));
    let sent = serde_json::to_string(&turns[2].body).expect("JSON");
    assert!(
        !sent.contains("agentish context at before_tool_call"),
        "PreToolUse context sent"
    );
    let stderr = live.stderr();
    for dropped in ["a rewrite", "added context"] {
        let line =
            format!("tackle: Kimi Code cannot take {dropped} at `PreToolUse`; it was dropped");
        assert!(stderr.contains(&line), "no {line:?} in {stderr:?}");
    }
}

/// `kimi --version`'s version (`2.1.0`).
fn version(kimi: &Path, live: &Live) -> String {
    let out = live
        .kimi(kimi)
        .arg("--version")
        .output()
        .expect("kimi --version");
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// The recorded payload of `echo hello`: the shape of its fixture (or
/// written as the fixture).
fn check_recorded(live: &Live, version: &str) {
    let payloads: Vec<Value> = std::fs::read_dir(&live.record)
        .expect("the record")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.file_name().is_some_and(|n| n != "PreToolUse.stderr"))
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("read");
            let tmp = live.tmp.path().display().to_string();
            serde_json::from_str(&text.replace(&tmp, "/tmp/tackle-live")).expect("a JSON payload")
        })
        .collect();
    let shell = payloads
        .iter()
        .find(|p| p["tool_name"] == "Bash" && p["tool_input"]["command"] == "echo hello")
        .unwrap_or_else(|| panic!("no PreToolUse for echo hello: {payloads:#?}"))
        .clone();
    assert_eq!(
        (&shell["hook_event_name"], &shell["tool_call_id"]),
        (&json!("PreToolUse"), &json!("call_fake_01"))
    );
    let path = Path::new(FIXTURES).join(format!("PreToolUse.live-{version}-bash.json"));
    recorded::check(&path, &shell, &format!("Kimi Code CLI {version}"));
}
