//! Live: the real Qwen Code, installed by `scripts/install-agent-clis.sh`
//! (the pinned version), runs headless (`qwen -p`, approval mode `yolo`,
//! so tools reach their hooks) and offline against the fake OpenAI Chat
//! Completions API (`FakeModel::openai`) with an extension `export qwen`
//! wrote, installed as a user does (`qwen extensions install DIR
//! --consent`) into a throwaway HOME.
//!
//! Each scenario is a run of its own:
//! * the guard refuses `sudo rm -rf victim` (the folder survives, and the
//!   refusal's reason is the tool result the model is sent next);
//! * the plugins' MCP tool and `echo hello` run, their output reaching
//!   the model;
//! * the doom-loop breaker refuses the third identical `echo again`, each
//!   call a new hook process, from the session store on disk;
//! * a rewrite and added context at `PreToolUse`, which Qwen Code does not
//!   apply there: the command runs as the model wrote it, no context from
//!   before the tool reaches the model (SessionStart's and PostToolUse's
//!   do), and the hook says so on its stderr (which Qwen keeps to itself,
//!   so the test's copy of the package sends it to a file).
//!
//! The PreToolUse payload Qwen Code sent for `echo hello` is recorded by a
//! second hook added to the extension, and must have the shape of the
//! fixture `tests/fixtures/agents/qwen/PreToolUse.live-<version>-shell.json`
//! (`TACKLE_GOLDEN=overwrite` writes it from this run; then regenerate the
//! goldens with the `agent_hooks` test).
//!
//! `TACKLE_SKIP_AGENT_CLIS=1` skips it locally, never under `CI=true`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};
use tackle_tests::fake_model::openai::{ToolResult, tool_result};
use tackle_tests::fake_model::{FakeModel, Request, Turn};
use tackle_tests::http_server::HttpServer;
use tackle_tests::recorded;
use tackle_tests::store::sessions_kept;
use tackle_tests::venv::{Install, install_or_skip};

/// guard (fail-closed on the shell), doomloop, read_before_edit, metrics.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");

/// agentish: its hooks answer what the payload asks for (`rewrite-me`,
/// `context-me`).
const AGENT_HOST: &str = env!("CARGO_BIN_EXE_tackle-agent-host");

/// The recorded payloads, next to the other Qwen Code fixtures.
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/agents/qwen");

/// The model Qwen Code is told to use.
const MODEL: &str = "qwen-fake";

fn qwen() -> Option<PathBuf> {
    let install = Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the live Qwen Code tests",
        skipped: "the live Qwen Code tests",
    };
    install_or_skip(&install, ["claude", "gemini", "qwen"]).map(|[_, _, qwen]| qwen)
}

/// `qwen --version`'s version (`0.24.4`).
fn version(qwen: &Path, home: &Path) -> String {
    let out = Command::new(qwen)
        .arg("--version")
        .env("HOME", home)
        .env("QWEN_USAGE_STATISTICS_ENABLED", "false")
        .stdin(Stdio::null())
        .output()
        .expect("qwen --version");
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// One scenario's folders: the extension, the recorded payloads, the
/// project Qwen Code runs in, its HOME; all under `tmp`.
struct Live {
    tmp: tempfile::TempDir,
    pkg: PathBuf,
    record: PathBuf,
    project: PathBuf,
    home: PathBuf,
}

impl Live {
    /// The folders, with `host`'s extension exported, recording every
    /// PreToolUse payload, and installed into the throwaway HOME. With
    /// `stderr`, the package's own PreToolUse hooks send their stderr to
    /// `record/PreToolUse.stderr`.
    fn new(qwen: &Path, host: &str, export: &[&str], stderr: bool) -> Live {
        let tmp = tempfile::tempdir().expect("tempdir");
        let live = Live {
            pkg: tmp.path().join("pkg"),
            record: tmp.path().join("record"),
            project: tmp.path().join("project"),
            home: tmp.path().join("home"),
            tmp,
        };
        for dir in [&live.record, &live.project, &live.home.join(".qwen")] {
            std::fs::create_dir_all(dir).expect("mkdir");
        }
        // No update check, no usage statistics (the variable says it too).
        std::fs::write(
            live.home.join(".qwen/settings.json"),
            json!({"general": {"enableAutoUpdate": false},
                   "privacy": {"usageStatisticsEnabled": false}})
            .to_string(),
        )
        .expect("write settings.json");
        live.package(host, export, stderr);
        let out = live
            .qwen(qwen)
            .args(["extensions", "install"])
            .arg(&live.pkg)
            .arg("--consent")
            .output()
            .expect("runs qwen extensions install");
        assert!(
            out.status.success() && String::from_utf8_lossy(&out.stdout).contains("installed"),
            "qwen extensions install: {out:?}"
        );
        live
    }

    /// Exports `host`'s extension into `pkg` and adds the recording hook.
    fn package(&self, host: &str, export: &[&str], stderr: bool) {
        let out = Command::new(host)
            .args(["export", "qwen"])
            .arg(&self.pkg)
            .args(export)
            .current_dir(self.tmp.path())
            .env_remove("TACKLE_AGENT_DIR")
            .env_remove("TACKLE_CONFIG")
            .output()
            .expect("runs export");
        assert!(out.status.success(), "export: {out:?}");
        let file = self.pkg.join("qwen-extension.json");
        let mut manifest: Value =
            serde_json::from_str(&std::fs::read_to_string(&file).expect("qwen-extension.json"))
                .expect("JSON");
        let groups = manifest["hooks"]["PreToolUse"]
            .as_array_mut()
            .expect("the extension hooks PreToolUse");
        if stderr {
            let log = self.record.join("PreToolUse.stderr");
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
            "command": format!("cat > \"$(mktemp -p '{}' PreToolUse.XXXXXX)\"", self.record.display()),
        });
        groups.push(json!({"hooks": [recorder]}));
        std::fs::write(&file, manifest.to_string()).expect("write qwen-extension.json");
    }

    /// `qwen` in the project, with nothing of this machine's environment
    /// but PATH: the throwaway HOME (and QWEN_HOME in it), no usage
    /// statistics, no yolo warning.
    fn qwen(&self, qwen: &Path) -> Command {
        let mut command = Command::new(qwen);
        // Programs a scenario puts in `fake-bin` come first.
        let mut path = vec![self.tmp.path().join("fake-bin")];
        path.extend(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        ));
        command
            .current_dir(&self.project)
            .env_clear()
            .env("PATH", std::env::join_paths(path).expect("a PATH"))
            .env("HOME", &self.home)
            .env("QWEN_HOME", self.home.join(".qwen"))
            .env("QWEN_USAGE_STATISTICS_ENABLED", "false")
            .env("QWEN_CODE_SUPPRESS_YOLO_WARNING", "1")
            .stdin(Stdio::null());
        command
    }

    /// Runs `qwen -p` against `model`, in the approval mode that lets tools
    /// run (hooks still decide): its stdout (the JSON result) and the
    /// requests that were turns.
    fn run(&self, qwen: &Path, model: &FakeModel) -> (String, Vec<Request>) {
        let out = self
            .qwen(qwen)
            .args(["-p", "Follow the script."])
            .args(["--approval-mode", "yolo", "--output-format", "json"])
            .env("OPENAI_API_KEY", "sk-fake-key")
            .env("OPENAI_BASE_URL", format!("{}/v1", model.base_url()))
            .env("OPENAI_MODEL", MODEL)
            .output()
            .expect("runs qwen");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "qwen failed: {}\nstdout: {stdout}\nstderr: {}",
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

/// A shell command, as the model calls Qwen Code's shell tool.
fn shell(command: &str) -> Turn {
    Turn::tool(
        "run_shell_command",
        json!({"command": command, "description": "Run it"}),
    )
}

/// Turn `n`'s result in the next request, which must carry it.
fn result(turns: &[Request], n: usize) -> ToolResult {
    tool_result(&turns[n].body, n).unwrap_or_else(|| panic!("no result of turn {n}"))
}

/// The output of a shell command as Qwen Code reports it to the model.
fn output(result: &ToolResult) -> String {
    let text = result.text();
    text.lines()
        .find_map(|l| l.strip_prefix("Output: "))
        .unwrap_or_else(|| panic!("no output in {text:?}"))
        .to_owned()
}

/// That a shell call ran to exit 0, not refused, printing `printed`. Qwen
/// Code 0.24.4's shell sometimes reports a fast command's output as
/// `(empty)` on a loaded machine (seen in CI, for `echo` at any turn), so
/// that counts as the output too: the exit code says the command ran.
fn assert_ran(result: &ToolResult, printed: &str) {
    let text = result.text();
    assert!(
        text.contains("Exit Code: 0") && !text.contains("refused"),
        "{result:?}"
    );
    assert!(
        [printed, "(empty)"].contains(&output(result).as_str()),
        "{result:?}"
    );
}

#[test]
fn the_guard_refuses_sudo_and_the_model_is_sent_the_reason() {
    let Some(qwen) = qwen() else { return };
    let live = Live::new(&qwen, HOST, &[], false);
    std::fs::create_dir_all(live.project.join("victim")).expect("mkdir");
    std::fs::write(live.project.join("victim/keep.txt"), "one\n").expect("write");
    let model = FakeModel::openai(vec![shell("sudo rm -rf victim"), Turn::say("Done.")]);
    let (stdout, turns) = live.run(&qwen, &model);
    assert_eq!(turns.len(), 2, "one request per turn: {stdout}");
    let refused = result(&turns, 1);
    assert!(
        refused
            .text()
            .starts_with("guard refused `sudo rm -rf victim`"),
        "{refused:?}"
    );
    assert!(
        live.project.join("victim/keep.txt").is_file(),
        "the victim survives"
    );
}

#[test]
fn the_plugins_mcp_tool_and_echo_run_and_their_output_reaches_the_model() {
    let Some(qwen) = qwen() else { return };
    let live = Live::new(&qwen, HOST, &[], false);
    std::fs::write(live.project.join("keep.txt"), "one\ntwo\n").expect("write");
    let model = FakeModel::openai(vec![
        Turn::tool(
            "mcp__tackle-export-host__count_lines",
            json!({"path": "keep.txt"}),
        ),
        shell("echo hello"),
        Turn::say("Done."),
    ]);
    let (stdout, turns) = live.run(&qwen, &model);
    assert_eq!(turns.len(), 3, "one request per turn: {stdout}");
    let counted = result(&turns, 1);
    assert!(counted.text().contains("\"total\":2"), "{counted:?}");
    let hello = result(&turns, 2);
    assert_ran(&hello, "hello");

    check_recorded(&live, &version(&qwen, &live.home));
}

#[test]
fn doom_loop_refuses_the_third_identical_call_across_hook_processes() {
    let Some(qwen) = qwen() else { return };
    let live = Live::new(&qwen, HOST, &[], false);
    let again = || shell("echo again");
    let model = FakeModel::openai(vec![again(), again(), again(), Turn::say("Done.")]);
    let (stdout, turns) = live.run(&qwen, &model);
    assert_eq!(turns.len(), 4, "one request per turn: {stdout}");
    for n in [1, 2] {
        assert_ran(&result(&turns, n), "again");
    }
    let refused = result(&turns, 3);
    assert!(
        refused
            .text()
            .starts_with("doom-loop refused this call: `Bash` has now been called 3 times"),
        "{refused:?}"
    );
    // Qwen Code 0.24.4 sends SessionEnd only when an interactive session
    // ends (or on /clear, or over ACP), not after `-p`: the session's
    // values stay in the store under the throwaway HOME.
    let sessions = live.home.join(".tackle/sessions");
    assert!(
        sessions.is_dir(),
        "the store's folder exists: the hooks wrote to it"
    );
    assert_eq!(
        sessions_kept(&sessions).len(),
        1,
        "the session's values, kept"
    );
}

#[test]
fn hooks_via_a_url_the_server_refuses_a_call_and_lets_the_next_through() {
    let Some(qwen) = qwen() else { return };
    // The agentish host has no fail-closed hook, so every event POSTs.
    let server = HttpServer::start(AGENT_HOST, &[], &[]);
    let url = format!("http://{}", server.addr);
    let live = Live::new(
        &qwen,
        AGENT_HOST,
        &["--allow-partial", "--hooks-via", &url],
        false,
    );
    // No hook of the package is a process: each one is a POST to the server.
    let manifest: Value = serde_json::from_str(
        &std::fs::read_to_string(live.pkg.join("qwen-extension.json")).expect("the manifest"),
    )
    .expect("JSON");
    let hooks = manifest["hooks"].as_object().expect("hooks");
    let mut posted = 0;
    for (event, groups) in hooks {
        for hook in groups
            .as_array()
            .expect("groups")
            .iter()
            .flat_map(|g| g["hooks"].as_array().expect("hooks"))
            .filter(|h| h["name"] == "tackle-agent-host")
        {
            assert_eq!(hook["type"], "http", "{event}: {hook}");
            posted += 1;
        }
    }
    assert!(hooks.contains_key("PreToolUse") && posted > 1, "{manifest}");

    let model = FakeModel::openai(vec![
        shell("echo deny-me"),
        shell("echo hello"),
        Turn::say("Done."),
    ]);
    let (stdout, turns) = live.run(&qwen, &model);
    assert_eq!(turns.len(), 3, "one request per turn: {stdout}");
    let refused = result(&turns, 1);
    assert!(
        refused
            .text()
            .contains("agentish refuses at before_tool_call: the payload says deny-me"),
        "{refused:?}"
    );
    let hello = result(&turns, 2);
    assert_ran(&hello, "hello");
}

#[test]
fn a_rewrite_and_context_at_pre_tool_use_are_dropped_and_tackle_says_so() {
    let Some(qwen) = qwen() else { return };
    // agentish has hooks at points Qwen Code has no event for.
    let live = Live::new(&qwen, AGENT_HOST, &["--allow-partial"], true);
    let model = FakeModel::openai(vec![
        shell("echo rewrite-me > ran-1.txt"),
        shell("echo context-me > ran-2.txt"),
        Turn::say("Done."),
    ]);
    let (stdout, turns) = live.run(&qwen, &model);
    assert_eq!(turns.len(), 3, "one request per turn: {stdout}");
    // The commands ran as the model wrote them (told by what they wrote:
    // under load Qwen Code 0.24.4 now and then reports a command's output
    // as "(empty)").
    let ran = |n: u8| std::fs::read_to_string(live.project.join(format!("ran-{n}.txt")));
    assert_eq!(ran(1).expect("the first command ran"), "rewrite-me\n");
    assert_eq!(ran(2).expect("the second command ran"), "context-me\n");
    // No request carries the context given before the tool; what
    // SessionStart and PostToolUse add does arrive.
    let sent = serde_json::to_string(&turns[2].body).expect("JSON");
    let has = |text: &str| sent.contains(text);
    assert!(has("agentish: session started"), "no SessionStart context");
    assert!(
        has("agentish context at after_tool_call"),
        "no PostToolUse context"
    );
    assert!(
        !has("agentish context at before_tool_call"),
        "PreToolUse context sent"
    );
    let stderr = live.stderr();
    for dropped in ["a rewrite", "added context"] {
        let line =
            format!("tackle: Qwen Code cannot take {dropped} at `PreToolUse`; it was dropped");
        assert!(stderr.contains(&line), "no {line:?} in {stderr:?}");
    }
}

/// An extension exported for Windows (`--os windows`) names PowerShell
/// as each hook's shell: Qwen Code starts `powershell -Command LINE` with
/// the binary's path in `TACKLE_BIN`. There is no PowerShell here, so a
/// stand-in on PATH records how it was started and runs the line's
/// program with the line's words as PowerShell's `&` would; the guard's
/// refusal (exit 2) comes back through it. What PowerShell itself makes
/// of the line is not run here.
#[test]
fn an_extension_for_windows_runs_its_hooks_through_powershell() {
    let Some(qwen) = qwen() else { return };
    let live = Live::new(&qwen, HOST, &["--os", "windows"], false);
    let calls = live.tmp.path().join("powershell-calls");
    std::fs::create_dir_all(&calls).expect("mkdir");
    let fake = live.tmp.path().join("fake-bin/powershell");
    std::fs::create_dir_all(fake.parent().expect("parent")).expect("mkdir");
    std::fs::write(
        &fake,
        format!(
            "#!/bin/sh\n\
             printf '%s\\n' \"$TACKLE_BIN\" \"$@\" > \"$(mktemp -p '{}')\"\n\
             line=$2\n\
             words=${{line#*'& $env:TACKLE_BIN '}}\n\
             exec \"$TACKLE_BIN\" ${{words%%;*}}\n",
            calls.display()
        ),
    )
    .expect("write the stand-in");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    std::fs::create_dir_all(live.project.join("victim")).expect("mkdir");
    let model = FakeModel::openai(vec![shell("sudo rm -rf victim"), Turn::say("Done.")]);
    let (stdout, turns) = live.run(&qwen, &model);
    assert_eq!(turns.len(), 2, "one request per turn: {stdout}");
    assert!(
        result(&turns, 1)
            .text()
            .starts_with("guard refused `sudo rm -rf victim`"),
        "{:?}",
        result(&turns, 1)
    );
    assert!(live.project.join("victim").is_dir(), "the victim survives");
    let started: Vec<Vec<String>> = std::fs::read_dir(&calls)
        .expect("the calls")
        .map(|e| {
            let text = std::fs::read_to_string(e.expect("entry").path()).expect("read");
            text.lines().map(str::to_owned).collect()
        })
        .collect();
    let bin = live
        .home
        .join(".qwen/extensions/tackle-export-host/bin/tackle-export-host");
    let expected = vec![
        bin.to_string_lossy().into_owned(),
        "-Command".to_owned(),
        "$LASTEXITCODE = 127; & $env:TACKLE_BIN hook qwen PreToolUse; exit $LASTEXITCODE"
            .to_owned(),
    ];
    assert!(started.contains(&expected), "{started:#?}");
}

/// The recorded payload of `echo hello`: the shape of its fixture (or
/// written as the fixture), and the keys of the hand-made fixture.
fn check_recorded(live: &Live, version: &str) {
    let payloads: Vec<Value> = std::fs::read_dir(&live.record)
        .expect("the record")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.file_name().is_some_and(|n| n != "PreToolUse.stderr"))
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("read");
            // The run's folder, as a stable path in the fixture; and as
            // Qwen Code names the project's folder in its own
            // (`-tmp--tmpXXXXXX-project`).
            let tmp = live.tmp.path().display().to_string();
            let named = tmp.replace(|c: char| !c.is_ascii_alphanumeric(), "-");
            let text = text
                .replace(&tmp, "/tmp/tackle-live")
                .replace(&named, "-tmp-tackle-live");
            serde_json::from_str(&text).expect("a JSON payload")
        })
        .collect();
    let shell = payloads
        .iter()
        .find(|p| {
            p["tool_name"] == "run_shell_command" && p["tool_input"]["command"] == "echo hello"
        })
        .unwrap_or_else(|| panic!("no PreToolUse for echo hello: {payloads:#?}"))
        .clone();
    let mcp = payloads
        .iter()
        .find(|p| p["tool_name"] == "mcp__tackle-export-host__count_lines");
    assert!(
        mcp.is_some(),
        "no PreToolUse for the MCP tool: {payloads:#?}"
    );
    assert_eq!(
        (
            &shell["hook_event_name"],
            &shell["permission_mode"],
            &shell["tool_call_id"]
        ),
        (&json!("PreToolUse"), &json!("yolo"), &json!("call_fake_02"))
    );

    // Every key of the hand-made fixture is sent.
    let made: Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(FIXTURES).join("PreToolUse.json")).expect("read"),
    )
    .expect("JSON");
    assert_eq!(recorded::keys(&shell), recorded::keys(&made), "{shell:#}");

    let path = Path::new(FIXTURES).join(format!("PreToolUse.live-{version}-shell.json"));
    recorded::check(&path, &shell, &format!("Qwen Code {version}"));
}
