//! Live: the real Cline CLI (`cline`, installed by
//! `scripts/install-agent-clis.sh` at the pinned version) runs headless
//! (`cline -P openai-compatible -m MODEL PROMPT`: act mode, tools
//! auto-approved, hooks still run) and offline against the fake OpenAI
//! Chat Completions API (`FakeModel::openai`), in a throwaway HOME whose
//! `~/.cline/data/settings/providers.json` points the `openai-compatible`
//! provider at it (what `cline auth -p openai-compatible -b URL` writes),
//! telemetry off, no auto-update. The hook files `export cline` wrote are
//! copied into the project's `.clinerules/hooks`, as a user does.
//!
//! Each scenario is a run of its own:
//! * the guard refuses `sudo rm -rf victim` (one `run_commands` call): the
//!   folder survives, and, Cline's file hooks having no per-call refusal,
//!   the refusal's `cancel` ends the task: no further model turn, the
//!   reason in Cline's output;
//! * `echo hello` runs, its output reaching the model;
//! * agentish rewrites `echo rewrite-me` through `overrideInput` (back in
//!   `run_commands`' list shape): `rewritten` is what runs;
//! * a hook file of the test's own answers `skip` (what Cline's agent loop
//!   takes to skip one call), `review` and `errorMessage`: the call runs
//!   all the same, the message only added context, so tackle has no way
//!   to refuse one call and keep the task going.
//!
//! Every payload Cline sent is recorded by a second hook file per event in
//! `~/.cline/hooks`; the allow scenario's must have the shape of the
//! fixtures `tests/fixtures/agents/cline/<Event>.live-<version>-allow.json`
//! (`TACKLE_GOLDEN=overwrite` writes them from this run; then regenerate
//! the goldens with the `agent_hooks` test).
//!
//! `TACKLE_SKIP_AGENT_CLIS=1` skips it locally, never under `CI=true`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};
use tackle_tests::fake_model::openai::tool_result;
use tackle_tests::fake_model::{FakeModel, Request, Turn};
use tackle_tests::recorded::{self, shape};
use tackle_tests::venv::{Install, install_or_skip};

/// guard (fail-closed on the shell), doomloop, read_before_edit, metrics.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");

/// agentish: its hooks answer what the payload asks for (`rewrite-me`).
const AGENT_HOST: &str = env!("CARGO_BIN_EXE_tackle-agent-host");

/// The recorded payloads, next to the other Cline fixtures.
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/agents/cline");

/// The model Cline is told to use.
const MODEL: &str = "cline-fake";

/// The hook files Cline runs (its events but `PreCompact`, which file
/// hooks never get, and `TaskResume`, only with an environment variable).
const EVENTS: [&str; 8] = [
    "TaskStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "TaskComplete",
    "TaskCancel",
    "TaskError",
    "SessionShutdown",
];

fn cline() -> Option<PathBuf> {
    let install = Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the live Cline tests",
        skipped: "the live Cline tests",
    };
    install_or_skip(&install, ["cline"]).map(|[cline]| cline)
}

/// One scenario's folders: the package, the recorded payloads, the
/// project Cline runs in, its HOME; all under `tmp`.
struct Live {
    tmp: tempfile::TempDir,
    pkg: PathBuf,
    record: PathBuf,
    project: PathBuf,
    home: PathBuf,
}

impl Live {
    /// The folders, with `host`'s package exported and its hook files
    /// copied into the project's `.clinerules/hooks` (their stderr sent to
    /// `record/hooks.stderr`), a recording hook file per event in
    /// `~/.cline/hooks`, and the provider pointed at `model`.
    fn new(host: &str, export: &[&str], model: &FakeModel) -> Live {
        let tmp = tempfile::tempdir().expect("tempdir");
        let live = Live {
            pkg: tmp.path().join("pkg"),
            record: tmp.path().join("record"),
            project: tmp.path().join("project"),
            home: tmp.path().join("home"),
            tmp,
        };
        let settings = live.home.join(".cline/data/settings");
        let user_hooks = live.home.join(".cline/hooks");
        let project_hooks = live.project.join(".clinerules/hooks");
        for dir in [&live.record, &settings, &user_hooks, &project_hooks] {
            std::fs::create_dir_all(dir).expect("mkdir");
        }
        std::fs::write(
            settings.join("global-settings.json"),
            json!({"telemetryOptOut": true}).to_string(),
        )
        .expect("write global-settings.json");
        // What `cline auth -p openai-compatible -k KEY -m MODEL -b URL` writes.
        std::fs::write(
            settings.join("providers.json"),
            json!({"version": 1, "lastUsedProvider": "openai-compatible", "modes": {},
                "providers": {"openai-compatible": {
                    "settings": {"provider": "openai-compatible", "apiKey": "sk-fake-key",
                        "model": MODEL, "baseUrl": format!("{}/v1", model.base_url())},
                    "updatedAt": "2026-01-01T00:00:00.000Z", "tokenSource": "manual"}}})
            .to_string(),
        )
        .expect("write providers.json");
        let out = Command::new(host)
            .args(["export", "cline"])
            .arg(&live.pkg)
            .args(export)
            .current_dir(live.tmp.path())
            .env_remove("TACKLE_AGENT_DIR")
            .env_remove("TACKLE_CONFIG")
            .output()
            .expect("runs export");
        assert!(out.status.success(), "export: {out:?}");
        let stderr = live.record.join("hooks.stderr");
        for entry in std::fs::read_dir(live.pkg.join("hooks")).expect("the package's hooks") {
            let path = entry.expect("entry").path();
            let script = std::fs::read_to_string(&path).expect("a hook file");
            let script = script.replace(
                " hook cline ",
                &format!(" hook cline {} 2>>'{}' #", "$EVENT", stderr.display()),
            );
            let event = path
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            let script = script.replace("$EVENT", &event);
            std::fs::write(project_hooks.join(&event), script).expect("copy the hook file");
        }
        for event in EVENTS {
            std::fs::write(
                user_hooks.join(format!("{event}.sh")),
                format!(
                    "#!/bin/sh\ncat > \"$(mktemp -p '{}' {event}.XXXXXX)\"\n",
                    live.record.display()
                ),
            )
            .expect("write a recording hook");
        }
        live
    }

    /// Runs `cline` headless in the project with nothing of this
    /// machine's environment but PATH.
    fn run(&self, cline: &Path) -> Output {
        Command::new(cline)
            .current_dir(&self.project)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &self.home)
            .env("CLINE_NO_AUTO_UPDATE", "1")
            .args(["-P", "openai-compatible", "-m", MODEL, "--json"])
            .arg("Follow the script.")
            .stdin(Stdio::null())
            .output()
            .expect("runs cline")
    }

    /// What the package's hook files wrote on stderr.
    fn stderr(&self) -> String {
        std::fs::read_to_string(self.record.join("hooks.stderr")).unwrap_or_default()
    }

    /// The recorded payloads, by event, in no order; the run's folder
    /// reads `/tmp/tackle-live`.
    fn payloads(&self) -> Vec<(String, Value)> {
        // Cline starts the task's hook files detached and does not wait
        // for them (nor, once a hook cancels, for the others): give the
        // recorders time to finish.
        std::thread::sleep(std::time::Duration::from_millis(1500));
        let tmp = self.tmp.path().display().to_string();
        std::fs::read_dir(&self.record)
            .expect("the record")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_none_or(|e| e != "stderr"))
            .filter_map(|path| {
                let name = path.file_name()?.to_string_lossy().into_owned();
                let event = name.split('.').next()?.to_owned();
                let text = std::fs::read_to_string(&path).expect("read");
                let value = serde_json::from_str(&text.replace(&tmp, "/tmp/tackle-live"))
                    .unwrap_or_else(|e| panic!("{name} is not JSON ({e}): {text}"));
                Some((event, value))
            })
            .collect()
    }
}

/// What a run printed, for messages.
fn said(out: &Output) -> String {
    format!(
        "{}\nstdout: {}\nstderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Commands, as the model calls Cline's shell tool.
fn shell(command: &str) -> Turn {
    Turn::tool("run_commands", json!({"commands": [command]}))
}

/// The text of turn `n`'s result, which the next request must carry.
fn result(turns: &[Request], n: usize) -> String {
    tool_result(&turns[n].body, n)
        .unwrap_or_else(|| panic!("no result of turn {n}"))
        .text()
}

#[test]
fn the_guard_refuses_sudo_and_the_refusal_ends_the_task() {
    let Some(cline) = cline() else { return };
    let model = FakeModel::openai(vec![shell("sudo rm -rf victim"), Turn::say("Done.")]);
    let live = Live::new(HOST, &["--allow-partial"], &model);
    std::fs::create_dir_all(live.project.join("victim")).expect("mkdir");
    std::fs::write(live.project.join("victim/keep.txt"), "one\n").expect("write");
    let out = live.run(&cline);
    let said = said(&out);
    assert!(
        live.project.join("victim/keep.txt").is_file(),
        "the victim survives: {said}"
    );
    // Cline's file hooks cannot skip one call: `cancel` ends the task,
    // so the model gets no further turn.
    assert_eq!(model.turns().len(), 1, "no turn after the refusal: {said}");
    // Cline 3.0.65 reports the run as aborted by "another client"; the
    // hook's reason reaches neither a model turn nor Cline's own output
    // (its `TaskError` hook files are started, detached, as the run ends).
    assert!(
        said.contains(r#""type":"run_aborted","reason":"external_abort""#),
        "{said}"
    );
    assert!(
        !said.contains("guard refused"),
        "Cline shows the reason now: {said}"
    );
    assert!(
        live.stderr().contains(
            "tackle: Cline cannot refuse one tool call: the refusal at `PreToolUse` ends the task"
        ),
        "tackle says so: {}",
        live.stderr()
    );
    check_recorded(&live, "deny");
}

#[test]
fn echo_runs_and_its_output_reaches_the_model() {
    let Some(cline) = cline() else { return };
    let model = FakeModel::openai(vec![shell("echo hello"), Turn::say("Done.")]);
    let live = Live::new(HOST, &["--allow-partial"], &model);
    let out = live.run(&cline);
    let said = said(&out);
    assert!(out.status.success(), "{said}");
    let turns = model.turns();
    assert_eq!(turns.len(), 2, "one request per turn: {said}");
    let hello = outputs(&result(&turns, 1));
    assert_eq!(hello, ["hello\n"]);
    // Every payload Cline sent was read: the hooks said nothing.
    assert_eq!(live.stderr(), "", "{said}");
    check_recorded(&live, "allow");
}

#[test]
fn a_rewrite_replaces_the_command_cline_runs() {
    let Some(cline) = cline() else { return };
    let model = FakeModel::openai(vec![shell("echo rewrite-me"), Turn::say("Done.")]);
    let live = Live::new(AGENT_HOST, &["--allow-partial"], &model);
    let out = live.run(&cline);
    let said = said(&out);
    assert!(out.status.success(), "{said}");
    let turns = model.turns();
    assert_eq!(turns.len(), 2, "one request per turn: {said}");
    // Cline reports each command with its output: the rewritten one ran.
    let ran: Value = serde_json::from_str(&result(&turns, 1)).expect("a JSON result");
    assert_eq!(
        ran,
        json!([{"query": "echo rewritten", "result": "rewritten\n", "success": true}])
    );
}

/// What tackle's refusal would need, and Cline 3.0.65 does not take: a
/// hook file cannot skip one call. Its agent loop skips a call on a
/// `beforeTool` result's `skip` (with `reason` for the model), but its file
/// hooks hand on only `cancel`, the added context and `overrideInput`: a
/// hook printing `skip` and `review` lets the call run, and its
/// `errorMessage` without `cancel` is only added context. When this fails,
/// Cline has a per-call refusal, and tackle's reply should use it.
#[test]
fn a_hook_file_cannot_skip_one_call() {
    let Some(cline) = cline() else { return };
    let model = FakeModel::openai(vec![shell("echo ran > marker"), Turn::say("Done.")]);
    let live = Live::new(HOST, &["--allow-partial"], &model);
    let answer = json!({"skip": true, "reason": "skip-reason", "review": true,
        "errorMessage": "error-message-as-context"});
    std::fs::write(
        live.project.join(".clinerules/hooks/PreToolUse"),
        format!("#!/bin/sh\ncat >/dev/null\necho '{answer}'\n"),
    )
    .expect("write the hook file");
    let out = live.run(&cline);
    let said = said(&out);
    assert!(out.status.success(), "{said}");
    assert!(
        live.project.join("marker").is_file(),
        "the call ran: {said}"
    );
    let turns = model.turns();
    assert_eq!(turns.len(), 2, "the task went on: {said}");
    let next = turns[1].body.to_string();
    assert!(next.contains("error-message-as-context"), "{next}");
    assert!(!next.contains("skip-reason"), "{next}");
}

/// The outputs of a `run_commands` result, `[{query, result, success}]`.
fn outputs(text: &str) -> Vec<String> {
    let results: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    results
        .as_array()
        .unwrap_or_else(|| panic!("not a list: {text}"))
        .iter()
        .map(|r| r["result"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// The payloads of `case`'s run: each event's first has the shape of its
/// fixture `<Event>.live-<version>-<case>.json`, or is written as it
/// under `TACKLE_GOLDEN=overwrite`.
fn check_recorded(live: &Live, case: &str) {
    let mut payloads = live.payloads();
    payloads.sort_by(|a, b| a.0.cmp(&b.0));
    payloads.dedup_by(|a, b| a.0 == b.0);
    let version = payloads
        .iter()
        .find_map(|(_, p)| p["clineVersion"].as_str().filter(|v| !v.is_empty()))
        .unwrap_or("3.0.65")
        .to_owned();
    let mut failures = Vec::new();
    for (event, payload) in &payloads {
        let path = Path::new(FIXTURES).join(format!("{event}.live-{version}-{case}.json"));
        if recorded::overwrite() {
            std::fs::create_dir_all(FIXTURES).expect("mkdir");
            let text = serde_json::to_string_pretty(payload).expect("JSON") + "\n";
            std::fs::write(&path, text).expect("write the fixture");
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            failures.push(format!(
                "{}: missing; record it with TACKLE_GOLDEN=overwrite (Cline {version})",
                path.display()
            ));
            continue;
        };
        let fixture: Value = serde_json::from_str(&text).expect("a JSON fixture");
        if shape(payload) != shape(&fixture) {
            failures.push(format!(
                "Cline {version} sends another shape than {}:\n{payload:#}",
                path.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
