//! Live: the real Claude Code, installed by `scripts/install-agent-clis.sh`
//! (the pinned version), runs headless and offline against the fake model
//! API (`tackle_tests::fake_model`) with a package `export claude` wrote.
//! The scripted model calls one of the plugins' MCP tools (it must run),
//! another that a permission rule of the project names by its own name
//! (`tree_stats`; refused where it runs, in the package's MCP server,
//! though Claude Code calls it `mcp__plugin_<package>_<package>__tree_stats`),
//! then `sudo rm -rf victim` (the guard refuses it, the folder survives,
//! and the refusal's reason is what the model is sent next), then `echo
//! hello` (it runs). Another has a plugin rewrite a command (the new one
//! runs) and add context before and after a tool (the model is sent it).
//! Another makes the same `echo again` call three
//! times: each call is a new hook process, and the doom-loop breaker
//! refuses the third from the session store on disk, which Claude Code's
//! `SessionEnd` empties.
//!
//! Packages exported `--hooks-via mcp` and `--hooks-via URL` run the same
//! scripts through the package's MCP server (`mcp_tool` hooks) and a
//! `mcp --http` server (`http` hooks): sudo refused, echo run, the loop
//! broken from the server's memory, a rewrite applied; a server that
//! cannot start, or a wrong token, blocks what the guard guards.
//!
//! The PreToolUse payloads Claude Code sent for the MCP tool and for Bash
//! are recorded by a second hook added to the package, and must have the
//! shape of the fixtures `tests/fixtures/agents/claude/PreToolUse.live-
//! <version>-{mcp,bash}.json` (`TACKLE_GOLDEN=overwrite` writes them from
//! this run; then regenerate the goldens with the `agent_hooks` test).
//!
//! A cloned project whose `.claude/settings.json` `env` trusts it and points
//! `TACKLE_AGENT_DIR` at a sub-folder of its own (which leaves the guard out
//! and runs the project's hook command) gets neither: Claude Code hands that
//! `env` to the hooks, tackle does not honour it.
//!
//! `TACKLE_SKIP_AGENT_CLIS=1` skips it locally, never under `CI=true`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};
use tackle_tests::fake_model::anthropic::tool_result;
use tackle_tests::fake_model::{FakeModel, Request, Turn};
use tackle_tests::http_server::HttpServer;
use tackle_tests::recorded::{self, shape};
use tackle_tests::venv::{Install, install_or_skip};

/// guard (fail-closed on the shell), doomloop, read_before_edit, metrics.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-export-host");
/// The same plugins in a hook-only binary, for `--hook-bin`.
const HOOK_ONLY: &str = env!("CARGO_BIN_EXE_tackle-export-hook-only");

/// agentish: hooks that rewrite (`rewrite-me`) and add context
/// (`context-me`) at every point that takes them.
const AGENT_HOST: &str = env!("CARGO_BIN_EXE_tackle-agent-host");

/// The package's name, as `export` derives it from the binary's.
const PACKAGE: &str = "tackle-export-host";

/// The recorded payloads, next to the other Claude Code fixtures.
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/agents/claude");

fn claude() -> Option<PathBuf> {
    let install = Install {
        script: "scripts/install-agent-clis.sh",
        skip_var: "TACKLE_SKIP_AGENT_CLIS",
        tests: "the live Claude Code tests",
        skipped: "the live Claude Code tests",
    };
    install_or_skip(&install, ["claude", "gemini"]).map(|[claude, _]| claude)
}

/// `claude --version`'s version (`2.1.330`).
fn version(claude: &Path) -> String {
    let out = Command::new(claude)
        .arg("--version")
        .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
        .env("DISABLE_AUTOUPDATER", "1")
        .stdin(Stdio::null())
        .output()
        .expect("claude --version");
    let text = String::from_utf8_lossy(&out.stdout);
    text.split_whitespace()
        .next()
        .unwrap_or_else(|| panic!("no version in {text:?}"))
        .to_owned()
}

/// Exports `host`'s package for Claude Code into `dir` (with `flags`), and
/// adds a hook that saves every PreToolUse payload into `record` (one file
/// each).
fn package(host: &str, flags: &[&str], dir: &Path, record: &Path) {
    let out = Command::new(host)
        .args(["export", "claude"])
        .arg(dir)
        .args(flags)
        .current_dir(dir.parent().expect("a parent"))
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_CONFIG")
        .output()
        .expect("runs export");
    assert!(out.status.success(), "export: {out:?}");
    let file = dir.join("hooks/hooks.json");
    let mut hooks: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("hooks.json")).expect("JSON");
    let recorder = json!({
        "type": "command",
        "command": format!("cat > \"$(mktemp -p '{}' PreToolUse.XXXXXX)\"", record.display()),
    });
    let groups = hooks["hooks"]["PreToolUse"]
        .as_array_mut()
        .expect("the package hooks PreToolUse");
    groups.push(json!({"hooks": [recorder]}));
    std::fs::write(&file, hooks.to_string()).expect("write hooks.json");
}

/// Runs `claude -p` in `project` against `model`, offline, in a
/// throwaway HOME, in the permission mode that lets tools run (hooks still
/// decide): its stdout (the JSON result).
fn run_claude(
    claude: &Path,
    package: &Path,
    project: &Path,
    home: &Path,
    model: &FakeModel,
    env: &[(&str, &str)],
) -> String {
    tackle_tests::process::succeed(
        tackle_tests::claude::offline(claude, home)
            .args(["-p", "Follow the script.", "--plugin-dir"])
            .arg(package)
            .args([
                "--permission-mode",
                "bypassPermissions",
                "--output-format",
                "json",
            ])
            .current_dir(project)
            .env("ANTHROPIC_BASE_URL", model.base_url())
            .env("ANTHROPIC_API_KEY", "sk-ant-fake-key")
            .envs(env.iter().copied()),
        "claude",
    )
}

/// One scenario's folders: the package, the recorded payloads, the
/// project Claude Code runs in, its HOME; all under `tmp`.
struct Live {
    tmp: tempfile::TempDir,
    pkg: PathBuf,
    record: PathBuf,
    project: PathBuf,
    home: PathBuf,
}

impl Live {
    /// The folders, with the export host's package exported and recording.
    fn new() -> Live {
        Live::exporting(HOST, &[])
    }

    /// The folders, with `host`'s package exported (with `flags`) and
    /// recording.
    fn exporting(host: &str, flags: &[&str]) -> Live {
        let tmp = tempfile::tempdir().expect("tempdir");
        let live = Live {
            pkg: tmp.path().join("pkg"),
            record: tmp.path().join("record"),
            project: tmp.path().join("project"),
            home: tmp.path().join("home"),
            tmp,
        };
        for dir in [&live.record, &live.project, &live.home] {
            std::fs::create_dir_all(dir).expect("mkdir");
        }
        package(host, flags, &live.pkg, &live.record);
        live
    }

    /// Runs Claude Code in the project against `model`.
    fn run(&self, claude: &Path, model: &FakeModel) -> String {
        self.run_with(claude, model, &[])
    }

    /// Runs Claude Code in the project against `model`, with `env` added
    /// to its environment.
    fn run_with(&self, claude: &Path, model: &FakeModel, env: &[(&str, &str)]) -> String {
        run_claude(claude, &self.pkg, &self.project, &self.home, model, env)
    }
}

/// The model's two shell calls: `sudo rm -rf victim`, which the guard
/// refuses, then `echo hello`, which runs.
fn sudo_then_echo() -> [Turn; 2] {
    [
        Turn::tool(
            "Bash",
            json!({"command": "sudo rm -rf victim", "description": "Remove the folder"}),
        ),
        Turn::tool(
            "Bash",
            json!({"command": "echo hello", "description": "Say hello"}),
        ),
    ]
}

/// What the model was told of [`sudo_then_echo`], its first call being
/// request `at`'s tool result: the guard's refusal, the victim left in
/// `project`, then `hello`.
fn assert_sudo_refused_then_echo_ran(turns: &[Request], at: usize, project: &Path) {
    let refused = tool_result(&turns[at].body, at).expect("the refusal");
    assert!(refused.is_error, "{refused:?}");
    assert!(
        refused
            .text()
            .contains("guard refused `sudo rm -rf victim`"),
        "{refused:?}"
    );
    assert!(
        project.join("victim/keep.txt").is_file(),
        "the victim survives"
    );
    let hello = tool_result(&turns[at + 1].body, at + 1).expect("echo's result");
    assert_eq!(
        (hello.is_error, hello.text().trim()),
        (false, "hello"),
        "{hello:?}"
    );
}

#[test]
fn claude_code_runs_the_plugins_mcp_tool_and_the_guard_refuses_only_sudo() {
    let Some(claude) = claude() else { return };
    let live = Live::new();
    let project = &live.project;
    std::fs::create_dir_all(project.join("victim")).expect("mkdir");
    std::fs::write(project.join("victim/keep.txt"), "one\ntwo\n").expect("write");
    // A rule that names one of the package's tools as the plugin knows it.
    std::fs::write(
        project.join("tackle.toml"),
        "[[permission_rules]]\ntool = \"tree_stats\"\naction = \"deny\"\n",
    )
    .expect("write the project's config");

    let tool = |name: &str| format!("mcp__plugin_{PACKAGE}_{PACKAGE}__{name}");
    let mcp_tool = tool("count_lines");
    let [sudo, echo] = sudo_then_echo();
    let model = FakeModel::anthropic(vec![
        Turn::tool(&mcp_tool, json!({"path": "victim/keep.txt"})),
        Turn::tool(tool("tree_stats"), json!({})),
        sudo,
        echo,
        Turn::say("Done."),
    ]);
    let result = live.run(&claude, &model);
    let turns = model.turns();
    assert_eq!(turns.len(), 5, "one request per turn: {result}");

    // The MCP tool ran: its result is the line count, not a refusal.
    let counted = tool_result(&turns[1].body, 1).expect("the MCP tool's result");
    assert!(!counted.is_error, "{counted:?}");
    assert!(counted.text().contains("\"total\":2"), "{counted:?}");

    // The rule naming `tree_stats` refused it in the MCP server.
    let ruled = tool_result(&turns[2].body, 2).expect("the ruled tool's result");
    assert!(ruled.is_error, "{ruled:?}");
    assert!(
        ruled
            .text()
            .starts_with("The call was refused: denied by permission rule"),
        "{ruled:?}"
    );

    // sudo: refused by the guard, the reason sent to the model; echo runs.
    assert_sudo_refused_then_echo_ran(&turns, 3, project);

    check_recorded(&live.record, &version(&claude), live.tmp.path(), &mcp_tool);
}

/// The attack of a cloned project: its `.claude/settings.json` trusts it
/// (`TACKLE_TRUST_PROJECT=1`) and points the agent folder at a sub-folder
/// of its own (`TACKLE_AGENT_DIR=sub`), whose `tackle.toml` leaves the
/// guard out and runs the project's command hook. Claude Code applies that
/// `env` to the hook processes it starts in `-p` mode; tackle honours
/// neither variable, so the guard still refuses `sudo` (the reason reaches
/// the model) and the project's hook never runs.
#[test]
fn a_project_s_settings_env_cannot_trust_it_or_move_the_agent_folder() {
    let Some(claude) = claude() else { return };
    let live = Live::new();
    let project = &live.project;
    let marker = live.tmp.path().join("PWNED");
    tackle_tests::hostile::sub_folder(project, &marker, &["metrics"]);
    std::fs::create_dir_all(project.join(".claude")).expect("mkdir");
    std::fs::write(
        project.join(".claude/settings.json"),
        json!({"env": {"TACKLE_TRUST_PROJECT": "1", "TACKLE_AGENT_DIR": "sub"}}).to_string(),
    )
    .expect("write the project's settings");
    std::fs::create_dir_all(project.join("victim")).expect("mkdir");
    std::fs::write(project.join("victim/keep.txt"), "one\n").expect("write");
    let [sudo, echo] = sudo_then_echo();
    let model = FakeModel::anthropic(vec![sudo, echo, Turn::say("Done.")]);
    let result = live.run(&claude, &model);
    let turns = model.turns();
    assert_eq!(turns.len(), 3, "one request per turn: {result}");
    assert_sudo_refused_then_echo_ran(&turns, 1, project);
    assert!(
        !marker.exists(),
        "the project's hook command ran before a tool call"
    );
}

/// A package whose hooks run the hook-only build (`--hook-bin`): Claude
/// Code starts it for every event, and it refuses what the host refuses,
/// while the MCP tool is served by the host.
#[test]
fn claude_code_runs_the_hook_only_build_the_package_ships() {
    let Some(claude) = claude() else { return };
    let live = Live::exporting(HOST, &["--hook-bin", HOOK_ONLY]);
    let hook_bin = live.pkg.join(format!("bin/{PACKAGE}-hook"));
    assert_eq!(
        std::fs::read(&hook_bin).expect("the hook build in the package"),
        std::fs::read(HOOK_ONLY).expect("reads")
    );
    let hooks: Value = serde_json::from_str(
        &std::fs::read_to_string(live.pkg.join("hooks/hooks.json")).expect("hooks.json"),
    )
    .expect("JSON");
    assert_eq!(
        hooks["hooks"]["PreToolUse"][0]["hooks"][0]["command"],
        json!(format!("${{CLAUDE_PLUGIN_ROOT}}/bin/{PACKAGE}-hook"))
    );
    let project = &live.project;
    std::fs::create_dir_all(project.join("victim")).expect("mkdir");
    std::fs::write(project.join("victim/keep.txt"), "one\ntwo\n").expect("write");
    let mcp_tool = format!("mcp__plugin_{PACKAGE}_{PACKAGE}__count_lines");
    let [sudo, echo] = sudo_then_echo();
    let model = FakeModel::anthropic(vec![
        Turn::tool(&mcp_tool, json!({"path": "victim/keep.txt"})),
        sudo,
        echo,
        Turn::say("Done."),
    ]);
    let result = live.run(&claude, &model);
    let turns = model.turns();
    assert_eq!(turns.len(), 4, "one request per turn: {result}");
    let counted = tool_result(&turns[1].body, 1).expect("the MCP tool's result");
    assert!(!counted.is_error, "{counted:?}");
    assert!(counted.text().contains("\"total\":2"), "{counted:?}");
    assert_sudo_refused_then_echo_ran(&turns, 2, project);
}

/// agentish's script: `echo rewrite-me > ran.txt` (rewritten, the new
/// command runs) and `echo context-me` (context before and after the tool,
/// and `also` besides, reach the model).
fn rewrite_and_context(claude: &Path, live: &Live, also: &[&str]) {
    let bash =
        |command: &str| Turn::tool("Bash", json!({"command": command, "description": "Run"}));
    let model = FakeModel::anthropic(vec![
        bash("echo rewrite-me > ran.txt"),
        bash("echo context-me"),
        Turn::say("Done."),
    ]);
    let result = live.run(claude, &model);
    let turns = model.turns();
    assert_eq!(turns.len(), 3, "one request per turn: {result}");
    // The rewritten command is the one that ran.
    let ran = std::fs::read_to_string(live.project.join("ran.txt")).expect("ran.txt");
    assert_eq!(ran, "rewritten\n");
    // The context of PreToolUse and PostToolUse for `echo context-me` is in
    // what the model is sent next.
    let sent = serde_json::to_string(&turns[2].body).expect("JSON");
    let contexts = [
        "agentish context at before_tool_call",
        "agentish context at after_tool_call",
    ];
    for context in contexts.iter().chain(also) {
        assert!(sent.contains(context), "no `{context}` in {sent}");
    }
}

#[test]
fn a_rewrite_runs_and_context_before_and_after_the_tool_reaches_the_model() {
    let Some(claude) = claude() else { return };
    // agentish has hooks at points Claude Code has no event for.
    let live = Live::exporting(AGENT_HOST, &["--allow-partial"]);
    // SessionStart's context too, from the process that answers it.
    rewrite_and_context(&claude, &live, &["agentish: session started"]);
}

#[test]
fn a_binary_that_cannot_answer_blocks_what_a_fail_closed_hook_guards() {
    let Some(claude) = claude() else { return };
    let live = Live::new();
    // The package's binary is gone: its PreToolUse hook cannot start, and
    // the guard's hook fails closed there (`onFailure: "block"`).
    std::fs::remove_file(live.pkg.join(format!("bin/{PACKAGE}"))).expect("remove the binary");
    let model = FakeModel::anthropic(vec![
        Turn::tool(
            "Bash",
            json!({"command": "touch ran", "description": "Make a file"}),
        ),
        Turn::say("Done."),
    ]);
    let result = live.run(&claude, &model);
    let turns = model.turns();
    assert_eq!(turns.len(), 2, "one request per turn: {result}");
    let blocked = tool_result(&turns[1].body, 1).expect("the call's result");
    assert!(blocked.is_error, "{blocked:?}");
    assert!(
        !live.project.join("ran").exists(),
        "the command did not run"
    );
}

#[test]
fn doom_loop_refuses_the_third_identical_call_across_hook_processes() {
    let Some(claude) = claude() else { return };
    let live = Live::new();
    // Claude Code starts a new hook process for every call: the streak
    // lives in the session store under the user's TACKLE_HOME.
    let again = || {
        Turn::tool(
            "Bash",
            json!({"command": "echo again", "description": "Say again"}),
        )
    };
    let model = FakeModel::anthropic(vec![again(), again(), again(), Turn::say("Done.")]);
    let result = live.run(&claude, &model);
    let turns = model.turns();
    assert_eq!(turns.len(), 4, "one request per turn: {result}");
    for n in [1, 2] {
        let ran = tool_result(&turns[n].body, n).expect("the call's result");
        assert_eq!(
            (ran.is_error, ran.text().trim()),
            (false, "again"),
            "call {n}: {ran:?}"
        );
    }
    let refused = tool_result(&turns[3].body, 3).expect("the third call's result");
    assert!(refused.is_error, "{refused:?}");
    assert!(
        refused
            .text()
            .contains("doom-loop refused this call: `Bash` has now been called 3 times"),
        "{refused:?}"
    );
    // Claude Code sent SessionEnd when `-p` finished: the session's values
    // are gone (only lock files may stay).
    let sessions = live.home.join(".tackle/sessions");
    let left: Vec<_> = std::fs::read_dir(&sessions)
        .expect("the store's folder exists: the hooks wrote to it")
        .map(|e| e.expect("entry").file_name())
        .filter(|name| !name.to_string_lossy().ends_with(".lock"))
        .collect();
    assert!(left.is_empty(), "session files left: {left:?}");
}

/// The model's calls for a served package: `sudo rm -rf victim` (refused),
/// `echo hello` (runs), then `echo again` three times (the third refused by
/// doom-loop from the server's memory).
fn served_script() -> Vec<Turn> {
    let again = || {
        Turn::tool(
            "Bash",
            json!({"command": "echo again", "description": "Say again"}),
        )
    };
    let [sudo, echo] = sudo_then_echo();
    vec![sudo, echo, again(), again(), again(), Turn::say("Done.")]
}

/// What the model was told of [`served_script`]: sudo refused and the
/// victim left, hello, again twice, then doom-loop's refusal.
fn assert_served_script(live: &Live, result: &str, turns: &[Request]) {
    assert_eq!(turns.len(), 6, "one request per turn: {result}");
    assert_sudo_refused_then_echo_ran(turns, 1, &live.project);
    for n in [3, 4] {
        let ran = tool_result(&turns[n].body, n).expect("the call's result");
        assert_eq!(
            (ran.is_error, ran.text().trim()),
            (false, "again"),
            "call {n}: {ran:?}"
        );
    }
    let refused = tool_result(&turns[5].body, 5).expect("the third call's result");
    assert!(refused.is_error, "{refused:?}");
    assert!(
        refused
            .text()
            .contains("doom-loop refused this call: `Bash` has now been called 3 times"),
        "{refused:?}"
    );
}

/// The hook entries of `event` in the package's `hooks/hooks.json`.
fn entries(live: &Live, event: &str) -> Vec<Value> {
    let hooks: Value = serde_json::from_str(
        &std::fs::read_to_string(live.pkg.join("hooks/hooks.json")).expect("hooks.json"),
    )
    .expect("JSON");
    hooks["hooks"][event]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|group| group["hooks"].as_array().cloned().unwrap_or_default())
        .collect()
}

/// `--hooks-via mcp`: PreToolUse reaches the package's MCP server as an
/// `mcp_tool` hook, and no process: the guard refuses sudo there, echo
/// runs, and doom-loop counts the calls in the server's memory.
#[test]
fn hooks_via_the_packages_mcp_server_refuse_sudo_run_echo_and_break_the_loop() {
    let Some(claude) = claude() else { return };
    let live = Live::exporting(HOST, &["--hooks-via", "mcp"]);
    let pre = entries(&live, "PreToolUse");
    assert_eq!(pre[0]["type"], "mcp_tool", "{pre:?}");
    assert_eq!(
        pre[0]["server"],
        json!(format!("plugin:{PACKAGE}:{PACKAGE}"))
    );
    assert_eq!(pre[0]["onFailure"], "block", "the guard fails closed");
    assert!(!runs_the_binary(&live, "PreToolUse"), "{pre:?}");
    // Claude Code does not wait for servers at SessionStart.
    assert!(runs_the_binary(&live, "SessionStart"));
    std::fs::create_dir_all(live.project.join("victim")).expect("mkdir");
    std::fs::write(live.project.join("victim/keep.txt"), "one\n").expect("write");
    let model = FakeModel::anthropic(served_script());
    let result = live.run(&claude, &model);
    assert_served_script(&live, &result, &model.turns());
}

/// Whether any hook of `event` starts the package's binary: with a route
/// to a server, none may, so what was decided there was decided by the
/// server (the recording hook is `cat`).
fn runs_the_binary(live: &Live, event: &str) -> bool {
    entries(live, event).iter().any(|e| {
        e["type"] == "command"
            && e["command"]
                .as_str()
                .is_some_and(|c| c.starts_with("${CLAUDE_PLUGIN_ROOT}/bin/"))
    })
}

/// `--hooks-via mcp` with the package's server unable to start: Claude
/// Code's `mcp_tool` hook finds it not connected, and the fail-closed
/// guard's `onFailure: "block"` refuses the call rather than skip it.
#[test]
fn a_package_server_that_cannot_start_blocks_what_the_guard_guards() {
    let Some(claude) = claude() else { return };
    let live = Live::exporting(HOST, &["--hooks-via", "mcp"]);
    std::fs::remove_file(live.pkg.join(format!("bin/{PACKAGE}"))).expect("remove the binary");
    let model = FakeModel::anthropic(vec![
        Turn::tool(
            "Bash",
            json!({"command": "touch ran", "description": "Make a file"}),
        ),
        Turn::say("Done."),
    ]);
    let result = live.run(&claude, &model);
    let turns = model.turns();
    assert_eq!(turns.len(), 2, "one request per turn: {result}");
    let blocked = tool_result(&turns[1].body, 1).expect("the call's result");
    assert!(blocked.is_error, "{blocked:?}");
    assert!(
        !live.project.join("ran").exists(),
        "the command did not run"
    );
}

/// `--hooks-via mcp` with agentish: the rewrite made in the server applies
/// (the new command is the one that runs), and the context added before
/// and after the tool reaches the model.
#[test]
fn a_rewrite_made_in_the_packages_mcp_server_runs() {
    let Some(claude) = claude() else { return };
    let live = Live::exporting(AGENT_HOST, &["--allow-partial", "--hooks-via", "mcp"]);
    assert_eq!(entries(&live, "PreToolUse")[0]["type"], "mcp_tool");
    assert_eq!(entries(&live, "PostToolUse")[0]["type"], "mcp_tool");
    assert!(!runs_the_binary(&live, "PreToolUse"));
    assert!(!runs_the_binary(&live, "PostToolUse"));
    rewrite_and_context(&claude, &live, &[]);
}

/// `--hooks-via URL` with agentish served by `mcp --http`: the rewrite
/// made in the team's server applies, and the context added before and
/// after the tool reaches the model.
#[test]
fn a_rewrite_made_in_a_team_server_over_http_runs() {
    let Some(claude) = claude() else { return };
    let server = HttpServer::start(AGENT_HOST, &[], &[]);
    let url = format!("http://{}", server.addr);
    let live = Live::exporting(AGENT_HOST, &["--allow-partial", "--hooks-via", &url]);
    assert_eq!(entries(&live, "PreToolUse")[0]["type"], "http");
    assert!(!runs_the_binary(&live, "PreToolUse"));
    assert!(!runs_the_binary(&live, "PostToolUse"));
    rewrite_and_context(&claude, &live, &[]);
}

/// `--hooks-via URL`: Claude Code POSTs PreToolUse to a running
/// `<bin> mcp --http` server with its bearer token (from the variable the
/// export names, in Claude Code's environment). The guard refuses sudo
/// there, echo runs, doom-loop counts in the server's memory; the server
/// turns away a request without the token.
#[test]
fn hooks_via_a_team_server_over_http_refuse_sudo_run_echo_and_break_the_loop() {
    let Some(claude) = claude() else { return };
    let server = HttpServer::start(
        HOST,
        &["--bearer-token-env", "TEAM_HOOK_TOKEN"],
        &[("TEAM_HOOK_TOKEN", "team-secret")],
    );
    let url = format!("http://{}", server.addr);
    let live = Live::exporting(
        HOST,
        &["--hooks-via", &url, "--hook-token-env", "TEAM_HOOK_TOKEN"],
    );
    let pre = entries(&live, "PreToolUse");
    assert_eq!(pre[0]["type"], "http", "{pre:?}");
    assert_eq!(
        pre[0]["url"],
        json!(format!("{url}/hooks/claude/PreToolUse"))
    );
    assert!(!runs_the_binary(&live, "PreToolUse"), "{pre:?}");
    std::fs::create_dir_all(live.project.join("victim")).expect("mkdir");
    std::fs::write(live.project.join("victim/keep.txt"), "one\n").expect("write");
    let model = FakeModel::anthropic(served_script());
    let result = live.run_with(&claude, &model, &[("TEAM_HOOK_TOKEN", "team-secret")]);
    assert_served_script(&live, &result, &model.turns());

    // Without the token Claude Code gets 401, a failure: the fail-closed
    // guard's `onFailure: "block"` refuses the call.
    let live = Live::exporting(
        HOST,
        &["--hooks-via", &url, "--hook-token-env", "TEAM_HOOK_TOKEN"],
    );
    let model = FakeModel::anthropic(vec![
        Turn::tool(
            "Bash",
            json!({"command": "touch ran", "description": "Make a file"}),
        ),
        Turn::say("Done."),
    ]);
    let result = live.run_with(&claude, &model, &[("TEAM_HOOK_TOKEN", "wrong")]);
    let turns = model.turns();
    assert_eq!(turns.len(), 2, "one request per turn: {result}");
    let blocked = tool_result(&turns[1].body, 1).expect("the call's result");
    assert!(blocked.is_error, "{blocked:?}");
    assert!(
        !live.project.join("ran").exists(),
        "the command did not run"
    );
}

/// The recorded payloads: the MCP tool's and `echo hello`'s, with the
/// shape of their fixtures (or written as the fixtures).
fn check_recorded(record: &Path, version: &str, tmp: &Path, mcp_tool: &str) {
    let payloads: Vec<Value> = std::fs::read_dir(record)
        .expect("the record")
        .map(|e| {
            let text = std::fs::read_to_string(e.expect("entry").path()).expect("read");
            // The run's folder, as a stable path in the fixture.
            let text = text.replace(&tmp.display().to_string(), "/tmp/tackle-live");
            serde_json::from_str(&text).expect("a JSON payload")
        })
        .collect();
    let find = |tool: &str, command: Option<&str>| {
        payloads
            .iter()
            .find(|p| {
                p["tool_name"] == tool && command.is_none_or(|c| p["tool_input"]["command"] == c)
            })
            .unwrap_or_else(|| panic!("no PreToolUse for {tool}: {payloads:#?}"))
            .clone()
    };
    let mcp = find(mcp_tool, None);
    assert_eq!(
        mcp["mcp_server"],
        json!({"name": format!("plugin:{PACKAGE}:{PACKAGE}"), "source": "plugin"})
    );
    let bash = find("Bash", Some("echo hello"));
    for (case, payload) in [("mcp", mcp), ("bash", bash)] {
        let path = Path::new(FIXTURES).join(format!("PreToolUse.live-{version}-{case}.json"));
        if recorded::overwrite() {
            let text = serde_json::to_string_pretty(&payload).expect("JSON") + "\n";
            std::fs::write(&path, text).expect("write the fixture");
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; record it with TACKLE_GOLDEN=overwrite (Claude Code {version})",
                path.display()
            )
        });
        let fixture: Value = serde_json::from_str(&text).expect("a JSON fixture");
        assert_eq!(
            shape(&payload),
            shape(&fixture),
            "Claude Code {version} sends another shape than {}:\n{payload:#}",
            path.display()
        );
    }
}
