//! Live: the real Codex CLI, installed by `scripts/install-agent-clis.sh`
//! (the pinned version, its native executable), runs headless (`codex exec
//! --json`, approvals and sandbox bypassed, so tools reach their hooks)
//! and offline against the fake OpenAI Responses API
//! (`FakeModel::responses`), defined as a model provider in a throwaway
//! `CODEX_HOME/config.toml`, with a plugin `export codex` wrote, installed
//! as a user does (listed in a local marketplace, `codex plugin
//! marketplace add` and `codex plugin add`) and its hooks trusted as the
//! TUI's `/hooks` does it (through `codex app-server`: `hooks/list`, then
//! `config/batchWrite` of each hook's hash to `hooks.state`).
//!
//! Each scenario is a run of its own:
//! * untrusted hooks do not run, and Codex says nothing about it;
//! * the guard refuses `sudo rm -rf victim` (the folder survives, and the
//!   refusal's reason is the call's output the model is sent next);
//! * `echo hello` runs, its output reaching the model;
//! * a rewrite at `PreToolUse` is what runs (a marker file holds the
//!   rewritten command's output), and context added at `SessionStart`,
//!   before the tool and after it reaches the model (none is dropped);
//! * the doom-loop breaker refuses the third identical call, each call a
//!   new hook process.
//!
//! In every run, Codex's `--json` events hold no error item: the package's
//! `SessionEnd` timeout is within Codex's 3 s bound (a longer one is
//! clamped, with an error item in every run).
//!
//! The payloads Codex sent for `echo hello` are recorded by a second hook
//! added to the plugin, and must have the shape of the fixtures
//! `tests/fixtures/agents/codex/<Event>.live-<version>-shell.json`
//! (`TACKLE_GOLDEN=overwrite` writes them from this run; then regenerate
//! the goldens with the `agent_hooks` test).
//!
//! `TACKLE_SKIP_AGENT_CLIS=1` skips it locally, never under `CI=true`.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};
use tackle_tests::fake_model::responses::{CallOutput, call_output};
use tackle_tests::fake_model::{FakeModel, Request, Turn};
use tackle_tests::recorded::{self, shape};
use tackle_tests::store::sessions_kept;
use tackle_tests::venv::{Install, install_or_skip};

/// guard (fail-closed on the shell), doomloop, read_before_edit, metrics.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");

/// agentish: its hooks answer what the payload asks for (`rewrite-me`,
/// `context-me`).
const AGENT_HOST: &str = env!("CARGO_BIN_EXE_tackle-agent-host");

/// The recorded payloads, next to the other Codex fixtures.
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/agents/codex");

/// A model Codex knows (one it does not know costs an error item in every
/// run: "Model metadata for `...` not found").
const MODEL: &str = "gpt-5.5";

/// The local marketplace the plugin is listed in.
const MARKETPLACE: &str = "tackle-live";

/// The events whose payloads the test records.
const RECORDED: &[&str] = &["SessionStart", "PreToolUse", "PostToolUse", "SessionEnd"];

fn codex() -> Option<PathBuf> {
    let install = Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the live Codex tests",
        skipped: "the live Codex tests",
    };
    install_or_skip(&install, ["codex"]).map(|[codex]| codex)
}

/// `codex --version`'s version (`0.169.0`).
fn version(codex: &Path, home: &Path) -> String {
    let out = Command::new(codex)
        .arg("--version")
        .env("HOME", home)
        .env("CODEX_HOME", home.join(".codex"))
        .stdin(Stdio::null())
        .output()
        .expect("codex --version");
    let text = String::from_utf8_lossy(&out.stdout);
    text.trim()
        .strip_prefix("codex-cli ")
        .unwrap_or_else(|| panic!("codex --version printed {text:?}"))
        .to_owned()
}

/// One scenario's folders: the marketplace (the plugin in `market/pkg`),
/// the recorded payloads, the project Codex runs in, its HOME (and
/// `CODEX_HOME` in it); all under `tmp`.
struct Live {
    codex: PathBuf,
    tmp: tempfile::TempDir,
    market: PathBuf,
    record: PathBuf,
    project: PathBuf,
    home: PathBuf,
    /// What `export codex` printed.
    export: String,
}

impl Live {
    /// The folders, with `host`'s plugin exported (recording the payloads,
    /// with `stderr` its PreToolUse hooks' stderr sent to
    /// `record/PreToolUse.stderr`), the model provider pointed at `model`,
    /// and the plugin installed into the throwaway CODEX_HOME.
    fn new(codex: &Path, model: &FakeModel, host: &str, export: &[&str], stderr: bool) -> Live {
        let tmp = tempfile::tempdir().expect("tempdir");
        let mut live = Live {
            codex: codex.to_owned(),
            market: tmp.path().join("market"),
            record: tmp.path().join("record"),
            project: tmp.path().join("project"),
            home: tmp.path().join("home"),
            tmp,
            export: String::new(),
        };
        let codex_home = live.home.join(".codex");
        for dir in [&live.record, &live.project, &codex_home] {
            std::fs::create_dir_all(dir).expect("mkdir");
        }
        // The fake as a model provider; a key from the environment.
        let config = format!(
            "model = \"{MODEL}\"\nmodel_provider = \"fake\"\n\n\
             [analytics]\nenabled = false\n\n\
             [model_providers.fake]\nname = \"Fake\"\nbase_url = \"{}/v1\"\n\
             wire_api = \"responses\"\nenv_key = \"FAKE_OPENAI_API_KEY\"\n",
            model.base_url()
        );
        std::fs::write(codex_home.join("config.toml"), config).expect("write config.toml");
        live.export = live.package(host, export, stderr);
        let name = host_name(host);
        let catalog = json!({"name": MARKETPLACE, "plugins": [
            {"name": name, "source": {"source": "local", "path": "./pkg"}}]});
        let file = live.market.join(".agents/plugins/marketplace.json");
        std::fs::create_dir_all(file.parent().expect("a folder")).expect("mkdir");
        std::fs::write(&file, catalog.to_string()).expect("write marketplace.json");
        let market = live.market.to_string_lossy().into_owned();
        let plugin = format!("{name}@{MARKETPLACE}");
        let add_market = ["plugin", "marketplace", "add", market.as_str()];
        let add_plugin = ["plugin", "add", plugin.as_str()];
        for args in [&add_market[..], &add_plugin[..]] {
            let out = live.codex().args(args).output().expect("runs codex plugin");
            assert!(out.status.success(), "codex {args:?}: {out:?}");
        }
        live
    }

    /// Exports `host`'s plugin into `market/pkg` and adds the recording
    /// hooks; returns what export printed.
    fn package(&self, host: &str, export: &[&str], stderr: bool) -> String {
        let pkg = self.market.join("pkg");
        let out = Command::new(host)
            .args(["export", "codex"])
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
        if stderr {
            let log = self.record.join("PreToolUse.stderr");
            for hook in hooks["hooks"]["PreToolUse"]
                .as_array_mut()
                .expect("the plugin hooks PreToolUse")
                .iter_mut()
                .flat_map(|g| g["hooks"].as_array_mut().expect("hooks"))
            {
                let command = hook["command"].as_str().expect("a command");
                hook["command"] = json!(format!("{command} 2>>'{}'", log.display()));
            }
        }
        for event in RECORDED {
            let recorder = json!({
                "type": "command",
                "command": format!("cat > \"$(mktemp -p '{}' {event}.XXXXXX)\"", self.record.display()),
                "timeout": 3,
            });
            if let Some(groups) = hooks["hooks"][*event].as_array_mut() {
                groups.push(json!({"hooks": [recorder]}));
            }
        }
        std::fs::write(&file, hooks.to_string()).expect("write hooks.json");
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
    }

    /// `codex` in the project, with nothing of this machine's environment
    /// but PATH: the throwaway HOME and CODEX_HOME, the fake key.
    fn codex(&self) -> Command {
        let mut command = Command::new(&self.codex);
        command
            .current_dir(&self.project)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &self.home)
            .env("CODEX_HOME", self.home.join(".codex"))
            .env("FAKE_OPENAI_API_KEY", "sk-fake-key")
            .stdin(Stdio::null());
        command
    }

    /// Trusts the plugin's hooks as `/hooks` in Codex's TUI does, through
    /// the app server: `hooks/list` for the project, then each untrusted
    /// hook's `currentHash` written to `hooks.state.<key>.trusted_hash` in
    /// the user's config.toml (`config/batchWrite`). Returns how many.
    fn trust(&self) -> usize {
        let mut server = self
            .codex()
            .arg("app-server")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("runs codex app-server");
        let mut stdin = server.stdin.take().expect("stdin");
        let mut stdout = BufReader::new(server.stdout.take().expect("stdout"));
        let mut call = |id: u64, method: &str, params: Value| -> Value {
            let message = json!({"id": id, "method": method, "params": params});
            writeln!(stdin, "{message}").expect("write to the app server");
            if method == "initialize" {
                writeln!(stdin, "{}", json!({"method": "initialized"})).expect("write");
            }
            let mut line = String::new();
            loop {
                line.clear();
                let read = stdout.read_line(&mut line).expect("read the app server");
                assert!(read > 0, "the app server ended before answering {method}");
                let answer: Value = serde_json::from_str(&line).expect("JSON-RPC");
                if answer["id"] == id {
                    assert!(answer["error"].is_null(), "{method}: {answer}");
                    return answer["result"].clone();
                }
            }
        };
        call(
            1,
            "initialize",
            json!({"clientInfo": {"name": "tackle-live", "version": "1"}}),
        );
        let project = self.project.to_string_lossy().into_owned();
        let listed = call(2, "hooks/list", json!({"cwds": [project]}));
        let hooks = listed["data"][0]["hooks"]
            .as_array()
            .expect("hooks")
            .clone();
        let mut state = serde_json::Map::new();
        for hook in &hooks {
            assert_eq!(hook["trustStatus"], "untrusted", "{hook}");
            let key = hook["key"].as_str().expect("a key").to_owned();
            state.insert(key, json!({"trusted_hash": hook["currentHash"]}));
        }
        call(
            3,
            "config/batchWrite",
            json!({"edits": [{"keyPath": "hooks.state", "value": state,
                              "mergeStrategy": "upsert"}]}),
        );
        drop(stdin);
        let _ = server.wait();
        hooks.len()
    }

    /// Runs `codex exec --json` against `model`: its events (the JSON
    /// lines on stdout) and the requests that were turns.
    fn run(&self, model: &FakeModel) -> (Vec<Value>, Vec<Request>) {
        let out = self
            .codex()
            .args(["exec", "--json", "--skip-git-repo-check"])
            .arg("--dangerously-bypass-approvals-and-sandbox")
            .arg("Follow the script.")
            .output()
            .expect("runs codex exec");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "codex exec failed: {}\nstdout: {stdout}\nstderr: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        let events: Vec<Value> = stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect();
        // No error item: no hook timeout clamped, no hook warning, no
        // unknown model.
        let errors: Vec<&Value> = events
            .iter()
            .filter(|e| e["type"] == "error" || e["item"]["type"] == "error")
            .collect();
        assert!(errors.is_empty(), "error items: {errors:#?}");
        (events, model.turns())
    }

    /// What the package's PreToolUse hooks wrote on stderr.
    fn stderr(&self) -> String {
        std::fs::read_to_string(self.record.join("PreToolUse.stderr")).unwrap_or_default()
    }

    /// The recorded payloads, the run's folder replaced by a stable path.
    fn recorded(&self) -> Vec<Value> {
        let mut payloads: Vec<(String, Value)> = std::fs::read_dir(&self.record)
            .expect("the record")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_none_or(|e| e != "stderr"))
            .map(|path| {
                let text = std::fs::read_to_string(&path).expect("read");
                let tmp = self.tmp.path().display().to_string();
                let text = text.replace(&tmp, "/tmp/tackle-live");
                let name = path.file_name().expect("a name").to_string_lossy().into();
                (name, serde_json::from_str(&text).expect("a JSON payload"))
            })
            .collect();
        payloads.sort_by(|a, b| a.0.cmp(&b.0));
        payloads.into_iter().map(|(_, p)| p).collect()
    }
}

/// The plugin's name: its host binary's.
fn host_name(host: &str) -> String {
    Path::new(host)
        .file_name()
        .expect("a binary")
        .to_string_lossy()
        .into_owned()
}

/// A shell command, as the model calls Codex's shell tool.
fn shell(command: &str) -> Turn {
    Turn::tool("exec_command", json!({"cmd": command}))
}

/// Turn `n`'s call output in the next request, which must carry it.
fn result(turns: &[Request], n: usize) -> CallOutput {
    call_output(&turns[n].body, n).unwrap_or_else(|| panic!("no output of turn {n}"))
}

/// A shell command's output, as Codex reports it to the model (after
/// `Output:`, following its chunk id, wall time and exit code).
fn output(result: &CallOutput) -> String {
    let text = result.text();
    let (_, out) = text
        .split_once("Output:\n")
        .unwrap_or_else(|| panic!("no output in {text:?}"));
    out.trim_end().to_owned()
}

/// The commands Codex ran, as its `--json` events report them, without
/// the user's shell around them (`/bin/bash -lc 'echo hello'`).
fn commands(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .filter(|e| e["type"] == "item.completed" && e["item"]["type"] == "command_execution")
        .filter_map(|e| e["item"]["command"].as_str())
        .map(|c| {
            c.split_once(" -lc ")
                .map_or(c, |(_, line)| line.trim_matches('\''))
                .to_owned()
        })
        .collect()
}

#[test]
fn untrusted_hooks_do_not_run_and_codex_says_nothing() {
    let Some(codex) = codex() else { return };
    let model = FakeModel::responses(vec![shell("echo hello"), Turn::say("Done.")]);
    let live = Live::new(&codex, &model, HOST, &[], false);
    // export says what to do.
    assert!(
        live.export
            .contains("Codex runs these 4 hook(s) only once you trust them"),
        "{}",
        live.export
    );
    assert!(live.export.contains("type `/hooks`"), "{}", live.export);
    let (events, turns) = live.run(&model);
    assert_eq!(turns.len(), 2, "one request per turn: {events:#?}");
    assert_eq!(output(&result(&turns, 1)), "hello");
    assert_eq!(live.recorded(), Vec::<Value>::new(), "a hook ran");
}

#[test]
fn the_guard_refuses_sudo_and_the_model_is_sent_the_reason() {
    let Some(codex) = codex() else { return };
    let model = FakeModel::responses(vec![shell("sudo rm -rf victim"), Turn::say("Done.")]);
    let live = Live::new(&codex, &model, HOST, &[], false);
    // Every hook of the package (and the recorders) was untrusted.
    assert_eq!(live.trust(), 8);
    std::fs::create_dir_all(live.project.join("victim")).expect("mkdir");
    std::fs::write(live.project.join("victim/keep.txt"), "one\n").expect("write");
    let (events, turns) = live.run(&model);
    assert_eq!(turns.len(), 2, "one request per turn: {events:#?}");
    let refused = result(&turns, 1).text();
    assert!(
        refused.starts_with(
            "Command blocked by PreToolUse hook: guard refused `sudo rm -rf victim`: it runs a command as root (sudo)"
        ),
        "{refused:?}"
    );
    assert!(
        live.project.join("victim/keep.txt").is_file(),
        "the victim survives"
    );
    assert_eq!(commands(&events), Vec::<String>::new(), "nothing ran");
}

#[test]
fn echo_runs_and_its_output_reaches_the_model() {
    let Some(codex) = codex() else { return };
    let model = FakeModel::responses(vec![shell("echo hello"), Turn::say("Done.")]);
    let live = Live::new(&codex, &model, HOST, &[], false);
    live.trust();
    let (events, turns) = live.run(&model);
    assert_eq!(turns.len(), 2, "one request per turn: {events:#?}");
    assert_eq!(output(&result(&turns, 1)), "hello");
    assert_eq!(commands(&events), ["echo hello"]);
    check_recorded(&live, &version(&codex, &live.home));
}

#[test]
fn doom_loop_refuses_the_third_identical_call_across_hook_processes() {
    let Some(codex) = codex() else { return };
    let again = || shell("echo again");
    let model = FakeModel::responses(vec![again(), again(), again(), Turn::say("Done.")]);
    let live = Live::new(&codex, &model, HOST, &[], false);
    live.trust();
    let (events, turns) = live.run(&model);
    assert_eq!(turns.len(), 4, "one request per turn: {events:#?}");
    for n in [1, 2] {
        assert_eq!(output(&result(&turns, n)), "again", "call {n}");
    }
    let refused = result(&turns, 3).text();
    assert!(
        refused.starts_with(
            "Command blocked by PreToolUse hook: doom-loop refused this call: `Bash` has now been called 3 times"
        ),
        "{refused:?}"
    );
    assert_eq!(commands(&events).len(), 2, "the third did not run");
    // `codex exec` sends SessionEnd when the prompt is done, within its
    // 3 s: the session's values were dropped from the store.
    let sessions = live.home.join(".tackle/sessions");
    assert!(
        sessions.is_dir(),
        "the store's folder exists: the hooks wrote to it"
    );
    let kept = sessions_kept(&sessions);
    assert!(kept.is_empty(), "the session's values, dropped: {kept:?}");
}

#[test]
fn a_rewrite_runs_and_context_before_and_after_the_tool_reaches_the_model() {
    let Some(codex) = codex() else { return };
    let model = FakeModel::responses(vec![
        shell("echo rewrite-me > ran.txt"),
        shell("echo context-me"),
        Turn::say("Done."),
    ]);
    // agentish has hooks at points Codex has no event for.
    let live = Live::new(&codex, &model, AGENT_HOST, &["--allow-partial"], true);
    live.trust();
    let (events, turns) = live.run(&model);
    assert_eq!(turns.len(), 3, "one request per turn: {events:#?}");
    // The rewritten command is the one that ran.
    let ran = std::fs::read_to_string(live.project.join("ran.txt")).expect("ran.txt");
    assert_eq!(ran, "rewritten\n");
    assert_eq!(
        commands(&events),
        ["echo rewritten > ran.txt", "echo context-me"]
    );
    let sent = serde_json::to_string(&turns[2].body).expect("JSON");
    let has = |text: &str| sent.contains(text);
    assert!(has("agentish: session started"), "no SessionStart context");
    assert!(
        has("agentish context at after_tool_call"),
        "no PostToolUse context"
    );
    // Codex 0.169.0 takes added context before the tool too: nothing is
    // dropped, and tackle says nothing.
    assert!(
        has("agentish context at before_tool_call"),
        "no PreToolUse context"
    );
    let stderr = live.stderr();
    assert!(!stderr.contains("dropped"), "{stderr}");
}

#[test]
fn hooks_via_mcp_the_packages_server_rewrites_one_call_and_refuses_another() {
    let Some(codex) = codex() else { return };
    let model = FakeModel::responses(vec![
        shell("echo rewrite-me > ran.txt"),
        shell("echo deny-me"),
        Turn::say("Done."),
    ]);
    // The agentish host has no fail-closed hook: its PreToolUse calls the
    // server (registered for the hooks alone: agentish has no tool).
    let live = Live::new(
        &codex,
        &model,
        AGENT_HOST,
        &["--allow-partial", "--hooks-via", "mcp"],
        false,
    );
    let hooks: Value = serde_json::from_str(
        &std::fs::read_to_string(live.market.join("pkg/hooks/hooks.json")).expect("hooks.json"),
    )
    .expect("JSON");
    let name = host_name(AGENT_HOST);
    for event in ["PreToolUse", "PostToolUse"] {
        // The package's own hook at the event (the recorders come after).
        let hook = &hooks["hooks"][event][0]["hooks"][0];
        assert_eq!(hook["type"], "mcp_tool", "{event}: {hook}");
        assert_eq!(hook["server"], name.as_str());
        assert_eq!(hook["input"]["json"]["tool_input"], "${tool_input}");
        assert!(
            hooks["hooks"][event]
                .as_array()
                .expect("groups")
                .iter()
                .flat_map(|g| g["hooks"].as_array().expect("hooks"))
                .all(|h| !h["command"]
                    .as_str()
                    .is_some_and(|c| c.contains(" hook codex "))),
            "{event}: a process hook of the package: {hooks}"
        );
    }
    live.trust();
    let (events, turns) = live.run(&model);
    assert_eq!(turns.len(), 3, "one request per turn: {events:#?}");
    let ran = std::fs::read_to_string(live.project.join("ran.txt")).expect("ran.txt");
    assert_eq!(ran, "rewritten\n", "the server's rewrite ran");
    let refused = result(&turns, 2).text();
    assert!(
        refused.starts_with(
            "Command blocked by PreToolUse hook: agentish refuses at before_tool_call: the payload says deny-me"
        ),
        "{refused:?}"
    );
    assert_eq!(
        commands(&events),
        ["echo rewritten > ran.txt"],
        "the refused call did not run"
    );
}

/// The recorded payloads of `echo hello`: the shape of their fixtures (or
/// written as the fixtures), and the keys of the hand-made fixtures.
fn check_recorded(live: &Live, version: &str) {
    let payloads = live.recorded();
    let of = |event: &str| -> Option<Value> {
        payloads
            .iter()
            .find(|p| p["hook_event_name"] == event)
            .cloned()
    };
    let pre = of("PreToolUse").unwrap_or_else(|| panic!("no PreToolUse: {payloads:#?}"));
    assert_eq!(
        (&pre["tool_name"], &pre["tool_input"], &pre["tool_use_id"]),
        (
            &json!("Bash"),
            &json!({"command": "echo hello"}),
            &json!("call_fake_01")
        )
    );
    let post = of("PostToolUse").unwrap_or_else(|| panic!("no PostToolUse: {payloads:#?}"));
    assert_eq!(post["tool_use_id"], "call_fake_01");
    let start = of("SessionStart").unwrap_or_else(|| panic!("no SessionStart: {payloads:#?}"));
    // `codex exec` ends its session when the prompt is done.
    let end = of("SessionEnd").unwrap_or_else(|| panic!("no SessionEnd: {payloads:#?}"));
    assert_eq!(end["session_id"], start["session_id"]);

    let overwrite = recorded::overwrite();
    for (event, payload) in [
        ("SessionStart", start),
        ("PreToolUse", pre),
        ("PostToolUse", post),
        ("SessionEnd", end),
    ] {
        // Every key of the hand-made fixture is sent.
        let made: Value = serde_json::from_str(
            &std::fs::read_to_string(Path::new(FIXTURES).join(format!("{event}.json")))
                .expect("read"),
        )
        .expect("JSON");
        let missing: Vec<String> = recorded::keys(&made)
            .into_iter()
            .filter(|k| payload.get(k).is_none())
            .collect();
        assert_eq!(missing, Vec::<String>::new(), "{event}: {payload:#}");

        let path = Path::new(FIXTURES).join(format!("{event}.live-{version}-shell.json"));
        if overwrite {
            let text = serde_json::to_string_pretty(&payload).expect("JSON") + "\n";
            std::fs::write(&path, text).expect("write the fixture");
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; record it with TACKLE_GOLDEN=overwrite (Codex {version})",
                path.display()
            )
        });
        let fixture: Value = serde_json::from_str(&text).expect("a JSON fixture");
        assert_eq!(
            shape(&payload),
            shape(&fixture),
            "Codex {version} sends another shape than {}:\n{payload:#}",
            path.display()
        );
    }
}
