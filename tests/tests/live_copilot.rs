//! Live: the real GitHub Copilot CLI, installed by
//! `scripts/install-agent-clis.sh` (the pinned version), runs headless
//! (`copilot -p --allow-all-tools`, so tools reach their hooks without a
//! prompt) and offline (`COPILOT_OFFLINE=true`: no GitHub sign-in,
//! telemetry or update) against the fake OpenAI Chat Completions API
//! (`FakeModel::openai`), its BYOK provider (`COPILOT_PROVIDER_BASE_URL`,
//! type `openai` and wire API `completions`, both the defaults). The
//! hooks `export copilot` wrote into the project (`.github/hooks/`) load
//! only in a trusted folder: the test trusts the project as a user does
//! when answering "Yes, and remember this folder for future sessions",
//! which Copilot CLI records in `trustedFolders` of `~/.copilot/config.json`.
//!
//! Each scenario is a run of its own:
//! * without that trust, the hooks do not run (the guard's `sudo` runs);
//! * `install copilot` puts the hooks in `~/.copilot/hooks/`, which run in
//!   a folder not trusted: the guard refuses `sudo rm -rf victim` there,
//!   and after `install copilot --uninstall` nothing does;
//! * the guard refuses `sudo rm -rf victim` (a `sudo` on PATH that would
//!   run it; the folder survives, and the refusal's reason is the tool
//!   result the model is sent next);
//! * `echo hello` runs, its output reaching the model;
//! * agentish rewrites `touch rewrite-me` to `touch rewritten`
//!   (`modifiedArgs`), which is the command that runs (the files say so).
//!
//! The preToolUse payload Copilot CLI sent for `echo hello` is recorded by
//! a second hook added to the package, and must have the shape of the
//! fixture `tests/fixtures/agents/copilot/preToolUse.live-<version>-bash.json`
//! (`TACKLE_GOLDEN=overwrite` writes it from this run; then regenerate the
//! goldens with the `agent_hooks` test).
//!
//! `TACKLE_SKIP_AGENT_CLIS=1` skips it locally, never under `CI=true`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};
use tackle_tests::fake_model::openai::{ToolResult, tool_result};
use tackle_tests::fake_model::{FakeModel, Request, Turn};
use tackle_tests::http_server::HttpServer;
use tackle_tests::recorded;
use tackle_tests::venv::{Install, install_or_skip};

/// guard (fail-closed on the shell), doomloop, read_before_edit, metrics.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");

/// agentish: its hooks answer what the payload asks for (`rewrite-me`).
const AGENT_HOST: &str = env!("CARGO_BIN_EXE_tackle-agent-host");

/// The recorded payloads, next to the other Copilot CLI fixtures.
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/agents/copilot");

/// The model Copilot CLI is told to use.
const MODEL: &str = "fake-model";

fn copilot() -> Option<PathBuf> {
    let install = Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the live Copilot CLI tests",
        skipped: "the live Copilot CLI tests",
    };
    install_or_skip(&install, ["copilot"]).map(|[copilot]| copilot)
}

/// Where the install script had Copilot CLI extract itself
/// (`<prefix>/cache`, the binary being `<prefix>/node_modules/.bin/copilot`):
/// every run reuses it instead of extracting 230 MB into its own HOME.
fn cache(copilot: &Path) -> PathBuf {
    copilot
        .ancestors()
        .nth(3)
        .expect("the install prefix")
        .join("cache")
}

/// One scenario's folders: the project Copilot CLI runs in (the package
/// exported into it), the recorded payloads, its HOME, a folder of
/// commands put first on PATH; all under `tmp`.
struct Live {
    tmp: tempfile::TempDir,
    project: PathBuf,
    record: PathBuf,
    home: PathBuf,
    bin: PathBuf,
}

impl Live {
    /// The folders, with `host`'s package exported into the project,
    /// recording every preToolUse payload; with `trust`, the project is a
    /// trusted folder.
    fn new(host: &str, export: &[&str], trust: bool) -> Live {
        let live = Live::folders(trust);
        live.package(host, export);
        live
    }

    /// The folders alone: nothing exported into the project.
    fn folders(trust: bool) -> Live {
        let tmp = tempfile::tempdir().expect("tempdir");
        let live = Live {
            project: tmp.path().join("project"),
            record: tmp.path().join("record"),
            home: tmp.path().join("home"),
            bin: tmp.path().join("bin"),
            tmp,
        };
        for dir in [
            &live.record,
            &live.project,
            &live.bin,
            &live.home.join(".copilot"),
        ] {
            std::fs::create_dir_all(dir).expect("mkdir");
        }
        // A `sudo` that runs its command: without the guard, the victim goes.
        let sudo = live.bin.join("sudo");
        std::fs::write(&sudo, "#!/bin/sh\nexec \"$@\"\n").expect("write sudo");
        make_executable(&sudo);
        if trust {
            // What Copilot CLI writes when the user answers "Yes, and
            // remember this folder for future sessions" (`copilot config`
            // refuses the key: the CLI manages it).
            std::fs::write(
                live.home.join(".copilot/config.json"),
                json!({"trustedFolders": [live.project]}).to_string(),
            )
            .expect("write config.json");
        }
        live
    }

    /// `HOST install copilot ARGS...` for this scenario's user: the hooks
    /// go to `~/.copilot/hooks/`, the package under the scenario's data
    /// folder.
    fn install(&self, args: &[&str]) -> String {
        let out = Command::new(HOST)
            .args(["install", "copilot"])
            .args(args)
            .current_dir(&self.project)
            .env("HOME", &self.home)
            .env("XDG_DATA_HOME", self.tmp.path().join("data"))
            .env_remove("COPILOT_HOME")
            .env_remove("TACKLE_AGENT_DIR")
            .env_remove("TACKLE_CONFIG")
            .stdin(Stdio::null())
            .output()
            .expect("runs install");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "install {args:?}: {out:?}");
        stdout
    }

    /// Exports `host`'s package into the project and adds the recording
    /// hook.
    fn package(&self, host: &str, export: &[&str]) {
        let out = Command::new(host)
            .args(["export", "copilot"])
            .arg(&self.project)
            .args(export)
            .current_dir(self.tmp.path())
            .env_remove("TACKLE_AGENT_DIR")
            .env_remove("TACKLE_CONFIG")
            .output()
            .expect("runs export");
        assert!(out.status.success(), "export: {out:?}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains(
                "note: Copilot CLI runs no hook of .github/hooks/ until the folder is trusted"
            ),
            "export says what to do about trust: {stdout}"
        );
        let name = Path::new(host)
            .file_name()
            .expect("a name")
            .to_string_lossy();
        let file = self.project.join(format!(".github/hooks/{name}.json"));
        let mut hooks: Value =
            serde_json::from_str(&std::fs::read_to_string(&file).expect("the hooks file"))
                .expect("JSON");
        let recorder = json!({
            "type": "command",
            "bash": format!("cat > \"$(mktemp -p '{}' preToolUse.XXXXXX)\"", self.record.display()),
            "timeoutSec": 10,
        });
        hooks["hooks"]["preToolUse"]
            .as_array_mut()
            .expect("the package hooks preToolUse")
            .push(recorder);
        std::fs::write(&file, hooks.to_string()).expect("write the hooks file");
    }

    /// `copilot` in the project, with nothing of this machine's environment
    /// but PATH (after the scenario's own commands): the throwaway HOME,
    /// the shared extraction cache, offline, no update.
    fn copilot(&self, copilot: &Path) -> Command {
        let path = std::env::var_os("PATH").unwrap_or_default();
        let path = std::env::join_paths(
            std::iter::once(self.bin.clone()).chain(std::env::split_paths(&path)),
        )
        .expect("PATH");
        let mut command = Command::new(copilot);
        command
            .current_dir(&self.project)
            .env_clear()
            .env("PATH", path)
            .env("HOME", &self.home)
            .env("XDG_CACHE_HOME", cache(copilot))
            .env("COPILOT_OFFLINE", "true")
            .env("COPILOT_AUTO_UPDATE", "false")
            .stdin(Stdio::null());
        command
    }

    /// Runs `copilot -p` against `model`, every tool allowed (hooks still
    /// decide): its stdout (JSON lines) and the requests that were turns.
    fn run(&self, copilot: &Path, model: &FakeModel) -> (String, Vec<Request>) {
        self.run_with(copilot, model, &[])
    }

    /// [`run`](Live::run) with `env` added.
    fn run_with(
        &self,
        copilot: &Path,
        model: &FakeModel,
        env: &[(&str, &str)],
    ) -> (String, Vec<Request>) {
        let mut command = self.copilot(copilot);
        command.envs(env.iter().copied());
        let out: Output = command
            .args(["-p", "Follow the script.", "--allow-all-tools"])
            .args(["--output-format", "json"])
            .env(
                "COPILOT_PROVIDER_BASE_URL",
                format!("{}/v1", model.base_url()),
            )
            .env("COPILOT_PROVIDER_API_KEY", "fake")
            .env("COPILOT_MODEL", MODEL)
            .output()
            .expect("runs copilot");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "copilot failed: {}\nstdout: {stdout}\nstderr: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        (stdout, model.turns())
    }
}

fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

/// A shell command, as the model calls Copilot CLI's `bash` tool.
fn bash(command: &str) -> Turn {
    Turn::tool("bash", json!({"command": command, "description": "Run it"}))
}

/// Turn `n`'s result in the next request, which must carry it.
fn result(turns: &[Request], n: usize) -> ToolResult {
    tool_result(&turns[n].body, n).unwrap_or_else(|| panic!("no result of turn {n}"))
}

/// The plugins' `count_lines` as Copilot CLI offers an MCP server's tool
/// to the model: `<server>-<tool>`.
const MCP_TOOL: &str = "tackle-export-host-count_lines";

/// The names of the tools `request` offers the model.
fn offered(request: &Request) -> Vec<String> {
    request.body["tools"]
        .as_array()
        .map(|tools| {
            tools
                .iter()
                .filter_map(|t| t["function"]["name"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// A folder with `victim/keep.txt` in the project.
fn victim(live: &Live) -> PathBuf {
    let keep = live.project.join("victim/keep.txt");
    std::fs::create_dir_all(live.project.join("victim")).expect("mkdir");
    std::fs::write(&keep, "one\n").expect("write");
    keep
}

#[test]
fn in_a_folder_not_trusted_the_hooks_do_not_run() {
    let Some(copilot) = copilot() else { return };
    let live = Live::new(HOST, &[], false);
    let keep = victim(&live);
    let model = FakeModel::openai(vec![bash("sudo rm -rf victim"), Turn::say("Done.")]);
    let (stdout, turns) = live.run(&copilot, &model);
    assert_eq!(turns.len(), 2, "one request per turn: {stdout}");
    let ran = result(&turns, 1);
    assert!(!ran.text().contains("Denied"), "{ran:?}");
    assert!(!keep.exists(), "no guard: the victim is gone");
    let recorded = std::fs::read_dir(&live.record).expect("the record").count();
    assert_eq!(recorded, 0, "no preToolUse hook ran");
}

#[test]
fn a_user_install_guards_a_folder_not_trusted_until_uninstalled() {
    let Some(copilot) = copilot() else { return };
    let live = Live::folders(false);
    let said = live.install(&[]);
    assert!(said.contains("hooks/tackle-export-host.json"), "{said}");
    assert!(said.contains(".copilot/mcp-config.json"), "{said}");
    let keep = victim(&live);
    let model = FakeModel::openai(vec![
        Turn::tool(MCP_TOOL, json!({"path": "victim/keep.txt"})),
        bash("sudo rm -rf victim"),
        Turn::say("Done."),
    ]);
    let (stdout, turns) = live.run(&copilot, &model);
    assert!(
        offered(&turns[0]).iter().any(|t| t == MCP_TOOL),
        "{:?}",
        offered(&turns[0])
    );
    assert_eq!(turns.len(), 3, "one request per turn: {stdout}");
    // The MCP server install registered in ~/.copilot/mcp-config.json:
    // Copilot CLI starts it, and the plugins' tool counts the lines.
    let counted = result(&turns, 1);
    assert!(counted.text().contains("\"total\":1"), "{counted:?}");
    let refused = result(&turns, 2);
    assert!(
        refused
            .text()
            .starts_with("Denied by preToolUse hook: guard refused `sudo rm -rf victim`"),
        "{refused:?}"
    );
    assert!(keep.is_file(), "the victim survives");

    live.install(&["--uninstall"]);
    let model = FakeModel::openai(vec![bash("sudo rm -rf victim"), Turn::say("Done.")]);
    let (stdout, turns) = live.run(&copilot, &model);
    assert_eq!(turns.len(), 2, "one request per turn: {stdout}");
    assert!(!result(&turns, 1).text().contains("Denied"), "{stdout}");
    assert!(
        !offered(&turns[0]).iter().any(|t| t.contains("count_lines")),
        "no server after uninstall"
    );
    assert!(
        !keep.exists(),
        "no hook after uninstall: the victim is gone"
    );
}

#[test]
fn the_guard_refuses_sudo_and_the_model_is_sent_the_reason() {
    let Some(copilot) = copilot() else { return };
    let live = Live::new(HOST, &[], true);
    let keep = victim(&live);
    let model = FakeModel::openai(vec![bash("sudo rm -rf victim"), Turn::say("Done.")]);
    let (stdout, turns) = live.run(&copilot, &model);
    assert_eq!(turns.len(), 2, "one request per turn: {stdout}");
    let refused = result(&turns, 1);
    assert!(
        refused
            .text()
            .starts_with("Denied by preToolUse hook: guard refused `sudo rm -rf victim`"),
        "{refused:?}"
    );
    assert!(keep.is_file(), "the victim survives");
}

#[test]
fn echo_runs_and_its_output_reaches_the_model() {
    let Some(copilot) = copilot() else { return };
    let live = Live::new(HOST, &[], true);
    let model = FakeModel::openai(vec![bash("echo hello"), Turn::say("Done.")]);
    let (stdout, turns) = live.run(&copilot, &model);
    assert_eq!(turns.len(), 2, "one request per turn: {stdout}");
    let hello = result(&turns, 1);
    assert!(hello.text().lines().next() == Some("hello"), "{hello:?}");
    let version = String::from_utf8_lossy(
        &live
            .copilot(&copilot)
            .arg("--version")
            .output()
            .expect("copilot --version")
            .stdout,
    )
    .lines()
    .next()
    .and_then(|l| l.strip_prefix("GitHub Copilot CLI "))
    .and_then(|v| v.strip_suffix('.'))
    .expect("`GitHub Copilot CLI VERSION.`")
    .to_owned();
    check_recorded(&live, &version);
}

#[test]
fn a_rewrite_is_the_command_that_runs() {
    let Some(copilot) = copilot() else { return };
    // agentish has hooks at points Copilot CLI has no event for.
    let live = Live::new(AGENT_HOST, &["--allow-partial"], true);
    let model = FakeModel::openai(vec![bash("touch rewrite-me"), Turn::say("Done.")]);
    let (stdout, turns) = live.run(&copilot, &model);
    assert_eq!(turns.len(), 2, "one request per turn: {stdout}");
    let ran = result(&turns, 1);
    assert!(!ran.text().contains("Denied"), "{ran:?}");
    assert!(
        live.project.join("rewritten").is_file(),
        "the rewritten command ran"
    );
    assert!(
        !live.project.join("rewrite-me").exists(),
        "the model's command did not run"
    );
}

#[test]
fn hooks_via_a_url_the_server_rewrites_one_call_and_refuses_another() {
    let Some(copilot) = copilot() else { return };
    // The agentish host has no fail-closed hook, so every event POSTs.
    let server = HttpServer::start(AGENT_HOST, &[], &[]);
    let url = format!("http://{}", server.addr);
    let live = Live::new(AGENT_HOST, &["--allow-partial", "--hooks-via", &url], true);
    // No hook of the package is a process: each one is a POST to the server
    // (the recorder, a command, is the test's).
    let file = live.project.join(".github/hooks/tackle-agent-host.json");
    let hooks: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("the hooks file"))
            .expect("JSON");
    let mut posted = 0;
    for (event, entries) in hooks["hooks"].as_object().expect("hooks") {
        for hook in entries.as_array().expect("entries") {
            if hook["type"] == "http" {
                assert_eq!(hook["url"], format!("{url}/hooks/copilot/{event}"));
                posted += 1;
            } else {
                assert!(
                    hook["bash"]
                        .as_str()
                        .is_some_and(|b| b.starts_with("cat > ")),
                    "{event}: a process hook of the package: {hook}"
                );
            }
        }
    }
    assert!(posted > 1, "{hooks}");

    let model = FakeModel::openai(vec![
        bash("touch rewrite-me"),
        bash("touch deny-me"),
        Turn::say("Done."),
    ]);
    // Copilot CLI POSTs to plain http only on loopback, and only with this.
    let (stdout, turns) = live.run_with(&copilot, &model, &[("COPILOT_HOOK_ALLOW_LOCALHOST", "1")]);
    assert_eq!(turns.len(), 3, "one request per turn: {stdout}");
    assert!(
        live.project.join("rewritten").is_file(),
        "the server's rewrite ran: {:?}",
        result(&turns, 1)
    );
    assert!(!live.project.join("rewrite-me").exists());
    let refused = result(&turns, 2);
    assert!(
        refused
            .text()
            .contains("agentish refuses at before_tool_call: the payload says deny-me"),
        "{refused:?}"
    );
    assert!(
        !live.project.join("deny-me").exists(),
        "the refused call ran"
    );
}

/// The recorded payload of `echo hello`: the shape of its fixture (or
/// written as the fixture).
fn check_recorded(live: &Live, version: &str) {
    let payloads: Vec<Value> = std::fs::read_dir(&live.record)
        .expect("the record")
        .map(|e| e.expect("entry").path())
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("read");
            // The run's folder, as a stable path in the fixture.
            let tmp = live.tmp.path().display().to_string();
            let text = text.replace(&tmp, "/tmp/tackle-live");
            serde_json::from_str(&text).expect("a JSON payload")
        })
        .collect();
    let shell = payloads
        .iter()
        .find(|p| p["toolName"] == "bash" && p["toolArgs"]["command"] == "echo hello")
        .unwrap_or_else(|| panic!("no preToolUse for echo hello: {payloads:#?}"))
        .clone();
    // The arguments come as an object (the hand-made fixture has them as a
    // JSON string, as older versions sent them; tackle reads both).
    assert_eq!(shell["cwd"], "/tmp/tackle-live/project");
    let mut keys: Vec<&str> = shell
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        ["cwd", "sessionId", "timestamp", "toolArgs", "toolName"],
        "{shell:#}"
    );

    let path = Path::new(FIXTURES).join(format!("preToolUse.live-{version}-bash.json"));
    recorded::check(&path, &shell, &format!("Copilot CLI {version}"));
}
