//! Live: the real Gemini CLI, installed by `scripts/install-agent-clis.sh`
//! (the pinned version), runs headless (`gemini -p`, approval mode `yolo`,
//! so tools reach their hooks) and offline against the fake Gemini API
//! (`FakeModel::gemini`, through `GOOGLE_GEMINI_BASE_URL` with a fake
//! `GEMINI_API_KEY`) with an extension `export gemini` wrote, installed as
//! a user does (`gemini extensions install DIR --consent`) into a
//! throwaway HOME whose `trustedFolders.json` trusts the extension's
//! folder and the project (Gemini CLI installs no extension from an
//! untrusted folder without asking, and runs no tool without asking in an
//! untrusted project).
//!
//! Each scenario is a run of its own:
//! * the guard refuses `sudo rm -rf victim` (the folder survives, and the
//!   refusal's reason is the function response the model is sent next);
//! * the plugins' MCP tool and `echo hello` run, their output reaching the
//!   model;
//! * the doom-loop breaker refuses the third identical `echo again`, each
//!   call a new hook process, from the session store on disk, which the
//!   `SessionEnd` Gemini CLI sends as `-p` exits empties;
//! * a rewrite at `BeforeTool` is applied (the rewritten command is what
//!   runs), and added context there, which Gemini CLI does not take before
//!   a tool, is dropped and the hook says so on its stderr (which Gemini
//!   keeps to itself, so the test's copy of the package sends it to a
//!   file); what `AfterTool` and `SessionStart` add reaches the model;
//! * a project whose `.env` trusts it and points `TACKLE_AGENT_DIR` at a
//!   sub-folder of its own (which leaves the guard out and runs the
//!   project's hook command) gets neither: Gemini CLI loads the `.env` into
//!   the hooks' environment, tackle does not honour it.
//!
//! The BeforeTool payload Gemini CLI sent for `echo hello` is recorded by a
//! second hook added to the extension, and must have the shape of the
//! fixture `tests/fixtures/agents/gemini/BeforeTool.live-<version>-shell.json`
//! (`TACKLE_GOLDEN=overwrite` writes it from this run; then regenerate the
//! goldens with the `agent_hooks` test).
//!
//! `TACKLE_SKIP_AGENT_CLIS=1` skips it locally, never under `CI=true`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};
use tackle_tests::fake_model::gemini::{FunctionResponse, function_response};
use tackle_tests::fake_model::{FakeModel, Request, Turn};
use tackle_tests::recorded;
use tackle_tests::venv::{Install, install_or_skip};

/// guard (fail-closed on the shell), doomloop, read_before_edit, metrics.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");

/// agentish: its hooks answer what the payload asks for (`rewrite-me`,
/// `context-me`).
const AGENT_HOST: &str = env!("CARGO_BIN_EXE_tackle-agent-host");

/// The recorded payloads, next to the other Gemini CLI fixtures.
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/agents/gemini");

/// The model Gemini CLI is told to use: a name, not `auto`, so no
/// routing request is made.
const MODEL: &str = "gemini-2.5-flash";

fn gemini() -> Option<PathBuf> {
    let install = Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the live Gemini CLI tests",
        skipped: "the live Gemini CLI tests",
    };
    install_or_skip(&install, ["gemini"]).map(|[gemini]| gemini)
}

/// `gemini --version`'s version (`0.61.0`).
fn version(live: &Live, gemini: &Path) -> String {
    let out = live
        .gemini(gemini)
        .arg("--version")
        .output()
        .expect("gemini --version");
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// One scenario's folders: the extension, the recorded payloads, the
/// project Gemini CLI runs in, its HOME; all under `tmp`.
struct Live {
    tmp: tempfile::TempDir,
    pkg: PathBuf,
    record: PathBuf,
    project: PathBuf,
    home: PathBuf,
}

impl Live {
    /// The folders, with `host`'s extension exported, recording every
    /// BeforeTool payload, and installed into the throwaway HOME. With
    /// `stderr`, the package's own BeforeTool hooks send their stderr to
    /// `record/BeforeTool.stderr`.
    fn new(gemini: &Path, host: &str, export: &[&str], stderr: bool) -> Live {
        let tmp = tempfile::tempdir().expect("tempdir");
        let live = Live {
            pkg: tmp.path().join("pkg"),
            record: tmp.path().join("record"),
            project: tmp.path().join("project"),
            home: tmp.path().join("home"),
            tmp,
        };
        for dir in [&live.record, &live.project, &live.home.join(".gemini")] {
            std::fs::create_dir_all(dir).expect("mkdir");
        }
        // An API key as the auth method: with none chosen, the base URL
        // alone selects `gateway`, which `-p` refuses ("Invalid auth
        // method selected."). No usage statistics (they go to a Google
        // host), no update check.
        std::fs::write(
            live.home.join(".gemini/settings.json"),
            json!({"security": {"auth": {"selectedType": "gemini-api-key"}},
                   "general": {"enableAutoUpdate": false,
                               "enableAutoUpdateNotification": false},
                   "privacy": {"usageStatisticsEnabled": false},
                   "telemetry": {"enabled": false}})
            .to_string(),
        )
        .expect("write settings.json");
        // The user trusts the extension's folder and the project.
        let trusted: serde_json::Map<String, Value> = [&live.pkg, &live.project]
            .iter()
            .map(|p| (p.display().to_string(), json!("TRUST_FOLDER")))
            .collect();
        std::fs::write(
            live.home.join(".gemini/trustedFolders.json"),
            Value::Object(trusted).to_string(),
        )
        .expect("write trustedFolders.json");
        live.package(host, export, stderr);
        let out = live
            .gemini(gemini)
            .args(["extensions", "install"])
            .arg(&live.pkg)
            .arg("--consent")
            .output()
            .expect("runs gemini extensions install");
        // It says so on stderr.
        assert!(
            out.status.success()
                && String::from_utf8_lossy(&out.stderr).contains("installed successfully"),
            "gemini extensions install: {out:?}"
        );
        live
    }

    /// Exports `host`'s extension into `pkg` and adds the recording hook.
    fn package(&self, host: &str, export: &[&str], stderr: bool) {
        let out = Command::new(host)
            .args(["export", "gemini"])
            .arg(&self.pkg)
            .args(export)
            .current_dir(self.tmp.path())
            .env_remove("TACKLE_AGENT_DIR")
            .env_remove("TACKLE_CONFIG")
            .output()
            .expect("runs export");
        assert!(out.status.success(), "export: {out:?}");
        let file = self.pkg.join("hooks/hooks.json");
        let mut hooks: Value =
            serde_json::from_str(&std::fs::read_to_string(&file).expect("hooks.json"))
                .expect("JSON");
        let groups = hooks["hooks"]["BeforeTool"]
            .as_array_mut()
            .expect("the extension hooks BeforeTool");
        if stderr {
            let log = self.record.join("BeforeTool.stderr");
            for hook in groups
                .iter_mut()
                .flat_map(|g| g["hooks"].as_array_mut().expect("hooks"))
            {
                let command = hook["command"].as_str().expect("a command");
                hook["command"] = json!(format!("{command} 2>>'{}'", log.display()));
            }
        }
        let recorder = json!({
            "type": "command",
            "name": "record",
            "command": format!("cat > \"$(mktemp -p '{}' BeforeTool.XXXXXX)\"", self.record.display()),
        });
        groups.push(json!({"hooks": [recorder]}));
        std::fs::write(&file, hooks.to_string()).expect("write hooks.json");
    }

    /// `gemini` in the project, with nothing of this machine's environment
    /// but PATH: the throwaway HOME, no relaunch (it would re-execute
    /// itself for a larger heap).
    fn gemini(&self, gemini: &Path) -> Command {
        let mut command = Command::new(gemini);
        command
            .current_dir(&self.project)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &self.home)
            .env("GEMINI_CLI_NO_RELAUNCH", "true")
            .stdin(Stdio::null());
        command
    }

    /// Runs `gemini -p` against `model`, in the approval mode that lets
    /// tools run (hooks still decide): its stdout (the JSON result) and the
    /// requests that were turns.
    fn run(&self, gemini: &Path, model: &FakeModel) -> (String, Vec<Request>) {
        let out = self
            .gemini(gemini)
            .args(["-p", "Follow the script.", "-m", MODEL])
            .args(["--approval-mode", "yolo", "--output-format", "json"])
            .env("GEMINI_API_KEY", "fake-key")
            .env("GOOGLE_GEMINI_BASE_URL", model.base_url())
            .output()
            .expect("runs gemini");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "gemini failed: {}\nstdout: {stdout}\nstderr: {}\nrequests: {:#?}",
            out.status,
            String::from_utf8_lossy(&out.stderr),
            model.requests()
        );
        (stdout, model.turns())
    }

    /// What the package's BeforeTool hooks wrote on stderr.
    fn stderr(&self) -> String {
        std::fs::read_to_string(self.record.join("BeforeTool.stderr")).unwrap_or_default()
    }
}

/// A shell command, as the model calls Gemini CLI's shell tool.
fn shell(command: &str) -> Turn {
    Turn::tool(
        "run_shell_command",
        json!({"command": command, "description": "Run it"}),
    )
}

/// Turn `n`'s function response in the next request, which must carry it.
fn result(turns: &[Request], n: usize) -> FunctionResponse {
    function_response(&turns[n].body, n)
        .unwrap_or_else(|| panic!("no response to turn {n} in {:#}", turns[n].body["contents"]))
}

/// The output of a shell command as Gemini CLI reports it to the model.
fn output(result: &FunctionResponse) -> String {
    let text = result.text();
    text.lines()
        .find_map(|l| l.strip_prefix("Output: "))
        .unwrap_or_else(|| panic!("no output in {text:?}"))
        .to_owned()
}

#[test]
fn the_guard_refuses_sudo_and_the_model_is_sent_the_reason() {
    let Some(gemini) = gemini() else { return };
    let live = Live::new(&gemini, HOST, &[], false);
    std::fs::create_dir_all(live.project.join("victim")).expect("mkdir");
    std::fs::write(live.project.join("victim/keep.txt"), "one\n").expect("write");
    let model = FakeModel::gemini(vec![shell("sudo rm -rf victim"), Turn::say("Done.")]);
    let (stdout, turns) = live.run(&gemini, &model);
    assert_eq!(turns.len(), 2, "one request per turn: {stdout}");
    let refused = result(&turns, 1);
    assert!(refused.is_error(), "{refused:?}");
    assert!(
        refused
            .text()
            .starts_with("Tool execution blocked: guard refused `sudo rm -rf victim`"),
        "{refused:?}"
    );
    assert!(
        live.project.join("victim/keep.txt").is_file(),
        "the victim survives"
    );
}

/// The attack of a cloned project through Gemini CLI: its `.env` (which
/// Gemini CLI loads into its own environment, and so its hooks', in a
/// folder the user trusts in Gemini CLI) trusts it and points the agent
/// folder at a sub-folder of its own, whose `tackle.toml` leaves the guard
/// out and runs the project's command hook. tackle honours neither
/// variable: the guard still refuses `sudo`, the project's hook never runs.
#[test]
fn a_project_s_env_file_cannot_trust_it_or_move_the_agent_folder() {
    let Some(gemini) = gemini() else { return };
    let live = Live::new(&gemini, HOST, &[], false);
    let marker = live.tmp.path().join("PWNED");
    tackle_tests::hostile::sub_folder(&live.project, &marker, &["metrics"]);
    std::fs::write(
        live.project.join(".env"),
        "TACKLE_TRUST_PROJECT=1\nTACKLE_AGENT_DIR=sub\n",
    )
    .expect("write the project's .env");
    std::fs::create_dir_all(live.project.join("victim")).expect("mkdir");
    std::fs::write(live.project.join("victim/keep.txt"), "one\n").expect("write");
    let model = FakeModel::gemini(vec![
        shell("sudo rm -rf victim"),
        shell("echo hello"),
        Turn::say("Done."),
    ]);
    let (stdout, turns) = live.run(&gemini, &model);
    assert_eq!(turns.len(), 3, "one request per turn: {stdout}");
    let refused = result(&turns, 1);
    assert!(refused.is_error(), "{refused:?}");
    assert!(
        refused
            .text()
            .starts_with("Tool execution blocked: guard refused `sudo rm -rf victim`"),
        "{refused:?}"
    );
    assert!(
        live.project.join("victim/keep.txt").is_file(),
        "the victim survives"
    );
    let hello = result(&turns, 2);
    assert_eq!(output(&hello), "hello", "{hello:?}");
    assert!(
        !marker.exists(),
        "the project's hook command ran before a tool call"
    );
}

#[test]
fn the_plugins_mcp_tool_and_echo_run_and_their_output_reaches_the_model() {
    let Some(gemini) = gemini() else { return };
    let live = Live::new(&gemini, HOST, &[], false);
    std::fs::write(live.project.join("keep.txt"), "one\ntwo\n").expect("write");
    let model = FakeModel::gemini(vec![
        Turn::tool(
            "mcp_tackle-export-host_count_lines",
            json!({"path": "keep.txt"}),
        ),
        shell("echo hello"),
        Turn::say("Done."),
    ]);
    let (stdout, turns) = live.run(&gemini, &model);
    assert_eq!(turns.len(), 3, "one request per turn: {stdout}");
    let counted = result(&turns, 1);
    assert!(counted.text().contains("\"total\":2"), "{counted:?}");
    let hello = result(&turns, 2);
    assert_eq!(output(&hello), "hello", "{hello:?}");
    // Every request was one the fake serves (no 404): Gemini CLI, with an
    // API key and a model named, makes no request of another API.
    let served = [":generateContent", ":streamGenerateContent", ":countTokens"];
    for request in model.requests() {
        let path = request.path.split('?').next().unwrap_or_default();
        assert!(
            path.starts_with(&format!("/v1beta/models/{MODEL}:"))
                && served.iter().any(|m| path.ends_with(m)),
            "a request the fake does not serve: {request:?}"
        );
    }

    check_recorded(&live, &version(&live, &gemini));
}

#[test]
fn doom_loop_refuses_the_third_identical_call_across_hook_processes() {
    let Some(gemini) = gemini() else { return };
    let live = Live::new(&gemini, HOST, &[], false);
    let again = || shell("echo again");
    let model = FakeModel::gemini(vec![again(), again(), again(), Turn::say("Done.")]);
    let (stdout, turns) = live.run(&gemini, &model);
    assert_eq!(turns.len(), 4, "one request per turn: {stdout}");
    for n in [1, 2] {
        let ran = result(&turns, n);
        assert_eq!(output(&ran), "again", "call {n}: {ran:?}");
    }
    let refused = result(&turns, 3);
    assert!(
        refused.text().starts_with(
            "Tool execution blocked: doom-loop refused this call: `Bash` has now been called 3 times"
        ),
        "{refused:?}"
    );
    // Gemini CLI sends SessionEnd when `-p` exits (at its cleanup): the
    // session's values are gone (only lock files may stay).
    let sessions = live.home.join(".tackle/sessions");
    let left: Vec<_> = std::fs::read_dir(&sessions)
        .expect("the store's folder exists: the hooks wrote to it")
        .map(|e| e.expect("entry").file_name())
        .filter(|name| !name.to_string_lossy().ends_with(".lock"))
        .collect();
    assert!(left.is_empty(), "session files left: {left:?}");
}

#[test]
fn a_rewrite_at_before_tool_runs_and_context_there_is_dropped_and_tackle_says_so() {
    let Some(gemini) = gemini() else { return };
    // agentish has hooks at points Gemini CLI has no event for.
    let live = Live::new(&gemini, AGENT_HOST, &["--allow-partial"], true);
    let model = FakeModel::gemini(vec![
        shell("echo rewrite-me"),
        shell("echo context-me"),
        Turn::say("Done."),
    ]);
    let (stdout, turns) = live.run(&gemini, &model);
    assert_eq!(turns.len(), 3, "one request per turn: {stdout}");
    let rewritten = result(&turns, 1);
    assert_eq!(output(&rewritten), "rewritten", "{rewritten:?}");
    assert_eq!(output(&result(&turns, 2)), "context-me");
    let sent = serde_json::to_string(&turns[2].body).expect("JSON");
    let has = |text: &str| sent.contains(text);
    assert!(has("agentish: session started"), "no SessionStart context");
    assert!(
        has("agentish context at after_tool_call"),
        "no AfterTool context"
    );
    assert!(
        !has("agentish context at before_tool_call"),
        "BeforeTool context sent"
    );
    let stderr = live.stderr();
    let line = "tackle: Gemini CLI cannot take added context at `BeforeTool`; it was dropped";
    assert!(stderr.contains(line), "no {line:?} in {stderr:?}");
}

/// The recorded payload of `echo hello`: the shape of its fixture (or
/// written as the fixture), and the keys of the hand-made fixture.
fn check_recorded(live: &Live, version: &str) {
    let payloads: Vec<Value> = std::fs::read_dir(&live.record)
        .expect("the record")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.file_name().is_some_and(|n| n != "BeforeTool.stderr"))
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("read");
            let tmp = live.tmp.path().display().to_string();
            let text = text.replace(&tmp, "/tmp/tackle-live");
            serde_json::from_str(&text).expect("a JSON payload")
        })
        .collect();
    let shell = payloads
        .iter()
        .find(|p| {
            p["tool_name"] == "run_shell_command" && p["tool_input"]["command"] == "echo hello"
        })
        .unwrap_or_else(|| panic!("no BeforeTool for echo hello: {payloads:#?}"))
        .clone();
    assert!(
        payloads
            .iter()
            .any(|p| p["tool_name"] == "mcp_tackle-export-host_count_lines"),
        "no BeforeTool for the MCP tool: {payloads:#?}"
    );
    assert_eq!(shell["hook_event_name"], "BeforeTool", "{shell:#}");

    // Every key of the hand-made fixture is sent.
    let made: Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(FIXTURES).join("BeforeTool.json")).expect("read"),
    )
    .expect("JSON");
    let sent = recorded::keys(&shell);
    for key in recorded::keys(&made) {
        assert!(sent.contains(&key), "no {key:?} in {shell:#}");
    }

    let path = Path::new(FIXTURES).join(format!("BeforeTool.live-{version}-shell.json"));
    recorded::check(&path, &shell, &format!("Gemini CLI {version}"));
}
