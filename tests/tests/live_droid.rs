//! Live: the real Factory Droid, installed by `scripts/install-agent-clis.sh`
//! (the pinned binary package), runs headless (`droid exec
//! --skip-permissions-unsafe`, so tools reach their hooks without a
//! prompt) and offline (`FACTORY_AIRGAP_ENABLED=1`: no Factory login, no
//! model list, update check or metrics) against the fake OpenAI Chat
//! Completions API (`FakeModel::openai`), a BYOK model of the throwaway
//! HOME's `~/.factory/settings.json` (`customModels`, provider
//! `generic-chat-completion-api`). The plugin `export droid` wrote is
//! installed as a user does: listed in a local marketplace,
//! `droid plugin marketplace add DIR`, then `droid plugin install
//! NAME@MARKETPLACE`.
//!
//! Each scenario is a run of its own:
//! * the guard refuses `sudo rm -rf victim` (a `sudo` on PATH that would
//!   run it; the folder survives, and the refusal's reason is the tool
//!   result the model is sent next);
//! * `echo hello` runs, its output reaching the model;
//! * agentish rewrites `touch rewrite-me` to `touch rewritten`, which is
//!   the command that runs (the files say so);
//! * agentish asks about `touch ask-me`: Droid does nothing with a hook's
//!   `ask`, so tackle refuses the call, and the model is told why.
//!
//! The PreToolUse payload Droid sent for `echo hello` is recorded by a
//! second hook added to the plugin, and must have the shape of the fixture
//! `tests/fixtures/agents/droid/PreToolUse.live-<version>-execute.json`
//! (`TACKLE_GOLDEN=overwrite` writes it from this run; then regenerate the
//! goldens with the `agent_hooks` test).
//!
//! `TACKLE_SKIP_AGENT_CLIS=1` skips it locally, never under `CI=true`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};
use tackle_tests::fake_model::openai::{ToolResult, tool_result};
use tackle_tests::fake_model::{FakeModel, Request, Turn};
use tackle_tests::recorded;
use tackle_tests::venv::{Install, install_or_skip};

/// guard (fail-closed on the shell), doomloop, read_before_edit, metrics.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");

/// agentish: its hooks answer what the payload asks for (`rewrite-me`,
/// `ask-me`).
const AGENT_HOST: &str = env!("CARGO_BIN_EXE_tackle-agent-host");

/// The recorded payloads, next to the other Droid fixtures.
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/agents/droid");

/// The BYOK model's display name; Droid names it `custom:<name>-<index>`.
const MODEL: &str = "Fake";

/// The local marketplace's folder: Droid names a marketplace after it.
const MARKET: &str = "tackle-market";

fn droid() -> Option<PathBuf> {
    let install = Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the live Factory Droid tests",
        skipped: "the live Factory Droid tests",
    };
    install_or_skip(&install, ["droid"]).map(|[droid]| droid)
}

/// One scenario's folders: the marketplace (the plugin in it), the
/// recorded payloads, the project Droid runs in, its HOME, a folder of
/// commands put first on PATH; all under `tmp`.
struct Live {
    tmp: tempfile::TempDir,
    market: PathBuf,
    record: PathBuf,
    project: PathBuf,
    home: PathBuf,
    bin: PathBuf,
}

impl Live {
    /// The folders, with `host`'s plugin exported into the marketplace,
    /// recording every PreToolUse payload, and installed into the
    /// throwaway HOME; the BYOK model points at `model`.
    fn new(droid: &Path, host: &str, export: &[&str], model: &FakeModel) -> Live {
        let tmp = tempfile::tempdir().expect("tempdir");
        let live = Live {
            market: tmp.path().join(MARKET),
            record: tmp.path().join("record"),
            project: tmp.path().join("project"),
            home: tmp.path().join("home"),
            bin: tmp.path().join("bin"),
            tmp,
        };
        for dir in [
            &live.record,
            &live.project,
            &live.bin,
            &live.home.join(".factory"),
            &live.market.join(".factory-plugin"),
        ] {
            std::fs::create_dir_all(dir).expect("mkdir");
        }
        // A `sudo` that runs its command: without the guard, the victim goes.
        let sudo = live.bin.join("sudo");
        std::fs::write(&sudo, "#!/bin/sh\nexec \"$@\"\n").expect("write sudo");
        make_executable(&sudo);
        std::fs::write(
            live.home.join(".factory/settings.json"),
            json!({"customModels": [{
                "model": "fake-model",
                "displayName": MODEL,
                "baseUrl": format!("{}/v1", model.base_url()),
                "apiKey": "fake",
                "provider": "generic-chat-completion-api",
            }]})
            .to_string(),
        )
        .expect("write settings.json");
        let name = live.package(host, export);
        std::fs::write(
            live.market.join(".factory-plugin/marketplace.json"),
            json!({"name": MARKET, "owner": {"name": "tackle tests"},
                   "plugins": [{"name": name, "source": format!("./{name}")}]})
            .to_string(),
        )
        .expect("write marketplace.json");
        let added = live
            .droid(droid)
            .args(["plugin", "marketplace", "add"])
            .arg(&live.market)
            .output()
            .expect("runs droid plugin marketplace add");
        assert!(
            added.status.success()
                && String::from_utf8_lossy(&added.stdout).contains("Successfully added"),
            "droid plugin marketplace add: {added:?}"
        );
        let installed = live
            .droid(droid)
            .args(["plugin", "install", &format!("{name}@{MARKET}")])
            .output()
            .expect("runs droid plugin install");
        assert!(
            installed.status.success()
                && String::from_utf8_lossy(&installed.stdout).contains("Successfully installed"),
            "droid plugin install: {installed:?}"
        );
        live
    }

    /// Exports `host`'s plugin into the marketplace and adds the recording
    /// hook; the plugin's name.
    fn package(&self, host: &str, export: &[&str]) -> String {
        let name = Path::new(host)
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let pkg = self.market.join(&name);
        let out = Command::new(host)
            .args(["export", "droid"])
            .arg(&pkg)
            .args(export)
            .current_dir(self.tmp.path())
            .env_remove("TACKLE_AGENT_DIR")
            .env_remove("TACKLE_CONFIG")
            .output()
            .expect("runs export");
        assert!(out.status.success(), "export: {out:?}");
        let file = pkg.join("hooks/hooks.json");
        let mut hooks: Value =
            serde_json::from_str(&std::fs::read_to_string(&file).expect("hooks.json"))
                .expect("JSON");
        let recorder = json!({
            "type": "command",
            "command": format!("cat > \"$(mktemp -p '{}' PreToolUse.XXXXXX)\"", self.record.display()),
        });
        hooks["hooks"]["PreToolUse"]
            .as_array_mut()
            .expect("the plugin hooks PreToolUse")
            .push(json!({"hooks": [recorder]}));
        std::fs::write(&file, hooks.to_string()).expect("write hooks.json");
        name
    }

    /// `droid` in the project, with nothing of this machine's environment
    /// but PATH (after the scenario's own commands): the throwaway HOME,
    /// air-gapped, no update check, no keyring.
    fn droid(&self, droid: &Path) -> Command {
        let path = std::env::var_os("PATH").unwrap_or_default();
        let path = std::env::join_paths(
            std::iter::once(self.bin.clone()).chain(std::env::split_paths(&path)),
        )
        .expect("PATH");
        let mut command = Command::new(droid);
        command
            .current_dir(&self.project)
            .env_clear()
            .env("PATH", path)
            .env("HOME", &self.home)
            .env("FACTORY_AIRGAP_ENABLED", "1")
            .env("FACTORY_DROID_AUTO_UPDATE_ENABLED", "false")
            .env("FACTORY_DISABLE_KEYRING", "1")
            .stdin(Stdio::null());
        command
    }

    /// Runs `droid exec` against `model`, every tool allowed (hooks still
    /// decide): its stdout (the JSON result) and the requests that were
    /// turns.
    fn run(&self, droid: &Path, model: &FakeModel) -> (String, Vec<Request>) {
        let out: Output = self
            .droid(droid)
            .args(["exec", "Follow the script.", "--skip-permissions-unsafe"])
            .args(["-o", "json", "-m", &format!("custom:{MODEL}-0")])
            .output()
            .expect("runs droid exec");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "droid failed: {}\nstdout: {stdout}\nstderr: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        let result: Value = serde_json::from_str(stdout.trim()).expect("a JSON result");
        assert_eq!(
            (&result["is_error"], &result["result"]),
            (&json!(false), &json!("Done.")),
            "{stdout}"
        );
        (stdout, model.turns())
    }
}

fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

/// A shell command, as the model calls Droid's `Execute` (whose policy
/// wants a risk level with every call).
fn execute(command: &str) -> Turn {
    Turn::tool(
        "Execute",
        json!({"command": command, "riskLevel": "low", "riskLevelReason": "a test"}),
    )
}

/// Turn `n`'s result in the next request, which must carry it.
fn result(turns: &[Request], n: usize) -> ToolResult {
    tool_result(&turns[n].body, n).unwrap_or_else(|| panic!("no result of turn {n}"))
}

#[test]
fn the_guard_refuses_sudo_and_the_model_is_sent_the_reason() {
    let Some(droid) = droid() else { return };
    let model = FakeModel::openai(vec![execute("sudo rm -rf victim"), Turn::say("Done.")]);
    let live = Live::new(&droid, HOST, &[], &model);
    std::fs::create_dir_all(live.project.join("victim")).expect("mkdir");
    std::fs::write(live.project.join("victim/keep.txt"), "one\n").expect("write");
    let (stdout, turns) = live.run(&droid, &model);
    assert_eq!(turns.len(), 2, "one request per turn: {stdout}");
    let refused = result(&turns, 1);
    assert!(
        refused
            .text()
            .starts_with("Error: guard refused `sudo rm -rf victim`"),
        "{refused:?}"
    );
    assert!(
        live.project.join("victim/keep.txt").is_file(),
        "the victim survives"
    );
}

#[test]
fn echo_runs_and_its_output_reaches_the_model() {
    let Some(droid) = droid() else { return };
    let model = FakeModel::openai(vec![execute("echo hello"), Turn::say("Done.")]);
    let live = Live::new(&droid, HOST, &[], &model);
    let (stdout, turns) = live.run(&droid, &model);
    assert_eq!(turns.len(), 2, "one request per turn: {stdout}");
    let hello = result(&turns, 1);
    assert!(
        hello.text().lines().any(|l| l.trim() == "hello"),
        "{hello:?}"
    );
    let version = String::from_utf8_lossy(
        &live
            .droid(&droid)
            .arg("--version")
            .output()
            .expect("droid --version")
            .stdout,
    )
    .trim()
    .to_owned();
    check_recorded(&live, &version);
}

#[test]
fn a_rewrite_is_the_command_that_runs() {
    let Some(droid) = droid() else { return };
    let model = FakeModel::openai(vec![execute("touch rewrite-me"), Turn::say("Done.")]);
    // agentish has hooks at points Droid has no event for.
    let live = Live::new(&droid, AGENT_HOST, &["--allow-partial"], &model);
    let (stdout, turns) = live.run(&droid, &model);
    assert_eq!(turns.len(), 2, "one request per turn: {stdout}");
    let ran = result(&turns, 1);
    assert!(!ran.text().starts_with("Error"), "{ran:?}");
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
fn ask_is_refused_since_droid_ignores_it() {
    let Some(droid) = droid() else { return };
    let model = FakeModel::openai(vec![execute("touch ask-me"), Turn::say("Done.")]);
    let live = Live::new(&droid, AGENT_HOST, &["--allow-partial"], &model);
    let (stdout, turns) = live.run(&droid, &model);
    assert_eq!(turns.len(), 2, "one request per turn: {stdout}");
    let refused = result(&turns, 1);
    assert_eq!(
        refused.text(),
        "Error: agentish asks at before_tool_call: the payload says ask-me \
         (Factory Droid cannot ask the user from a hook, so tackle refused the call)",
        "{refused:?}"
    );
    assert!(
        !live.project.join("ask-me").exists(),
        "the command did not run"
    );
}

/// The recorded payload of `echo hello`: the shape of its fixture (or
/// written as the fixture), and the keys of the hand-made fixture.
fn check_recorded(live: &Live, version: &str) {
    let payloads: Vec<Value> = std::fs::read_dir(&live.record)
        .expect("the record")
        .map(|e| e.expect("entry").path())
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("read");
            // The run's folder, as a stable path in the fixture; and as
            // Droid names the project's folder in its own, each `/` a `-`
            // (`-tmp-.tmpXXXXXX-project`).
            let tmp = live.tmp.path().display().to_string();
            let named = tmp.replace('/', "-");
            let text = text
                .replace(&tmp, "/tmp/tackle-live")
                .replace(&named, "-tmp-tackle-live");
            serde_json::from_str(&text).expect("a JSON payload")
        })
        .collect();
    let shell = payloads
        .iter()
        .find(|p| p["tool_name"] == "Execute" && p["tool_input"]["command"] == "echo hello")
        .unwrap_or_else(|| panic!("no PreToolUse for echo hello: {payloads:#?}"))
        .clone();
    assert_eq!(shell["hook_event_name"], "PreToolUse");
    assert_eq!(shell["cwd"], "/tmp/tackle-live/project");
    assert_eq!(shell.get("tool_use_id"), None, "Droid sends no tool-use id");

    // Every key of the hand-made fixture is sent.
    let made: Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(FIXTURES).join("PreToolUse.json")).expect("read"),
    )
    .expect("JSON");
    assert_eq!(recorded::keys(&shell), recorded::keys(&made), "{shell:#}");

    let path = Path::new(FIXTURES).join(format!("PreToolUse.live-{version}-execute.json"));
    recorded::check(&path, &shell, &format!("Factory Droid {version}"));
}
