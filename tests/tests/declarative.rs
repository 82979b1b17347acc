//! Declarative plugins end to end: plugins written as files (SuperQode
//! `plugin.json` folders, Claude Code hooks, OpenSage JSON hooks), found in
//! plugin folders at run time, run through the host API and through the
//! command line of a test host.
//!
//! The fixtures are in `fixtures/declarative/` (`valid/` and `invalid/`);
//! each test copies what it needs into temporary folders, so nothing is
//! written into the repository. Hosts built through the API are given their
//! folders (`plugin_folders`) and never look at the real home; the CLI runs
//! with `HOME` and `TACKLE_HOME` in a temporary folder.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tackle::hook::{
    BeforeToolCall, Decider, FailureKind, HookEvent, HookId, Outcome, PermissionRequest,
    SessionInfo, SystemPrompt, UserPromptSubmit, Verdict,
};
use tackle_runtime::declarative::{Format, FoundStatus, PluginFolders, Tier};
use tackle_runtime::{Host, HostError, PluginStatus, Registry};
use tempfile::TempDir;

/// Links `metrics` only (tools, no hooks): what runs besides it is declared.
const HOST: &str = env!("CARGO_BIN_EXE_tackle-unlinked-host");

/// What `no-rm.sh` writes on stderr when it refuses.
const NO_RM: &str = "no-rm: `rm -rf` is not allowed here; delete what you mean by name";

// ----- fixtures and folders -----

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/declarative")
}

/// Copies a file or a folder (recursively); `fs::copy` keeps the mode, so
/// the scripts stay executable.
/// The paths of the fixtures `names` in `fixtures/<dir>`, as text.
fn fixture_paths(dir: &str, names: &[&str]) -> Vec<String> {
    let base = fixtures().join(dir);
    names
        .iter()
        .map(|n| base.join(n).display().to_string())
        .collect()
}

fn copy(from: &Path, to: &Path) {
    if from.is_dir() {
        fs::create_dir_all(to).expect("create folder");
        for entry in fs::read_dir(from).expect("read fixture folder") {
            let entry = entry.expect("entry");
            copy(&entry.path(), &to.join(entry.file_name()));
        }
    } else {
        if let Some(parent) = to.parent() {
            fs::create_dir_all(parent).expect("create folder");
        }
        fs::copy(from, to).expect("copy fixture");
    }
}

/// Puts fixtures (`valid/claude-guard.json`, `invalid/superqode-broken`, ...)
/// into the plugin folder `folder`, each under its own name. A JSON hooks
/// file's root is the folder holding it, so `valid/scripts/` comes along
/// with any `valid/*.json`.
fn install(folder: &Path, entries: &[&str]) {
    fs::create_dir_all(folder).expect("plugin folder");
    for entry in entries {
        let from = fixtures().join(entry);
        let name = from.file_name().expect("fixture name");
        copy(&from, &folder.join(name));
        if entry.starts_with("valid/") && entry.ends_with(".json") {
            copy(&fixtures().join("valid/scripts"), &folder.join("scripts"));
        }
    }
}

/// Writes `text` to `folder/name`, creating the folder.
fn write(folder: &Path, name: &str, text: &str) -> PathBuf {
    fs::create_dir_all(folder).expect("folder");
    let path = folder.join(name);
    fs::write(&path, text).expect("write");
    path
}

/// An OpenSage hooks file whose one `PreToolUse` entry for `Bash` adds `text`.
fn prompt_plugin(folder: &Path, id: &str, text: &str) {
    let hooks = json!({
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "prompt", "prompt": text}]}]
    });
    write(folder, &format!("{id}.json"), &hooks.to_string());
}

fn tempdir() -> TempDir {
    tempfile::tempdir().expect("tempdir")
}

// ----- hosts through the API -----

/// A host with no linked plugin, the project in `agent_dir`, the plugin
/// folders given (never the standard ones: they read the real home).
async fn try_host(
    agent_dir: &Path,
    folders: &[(Tier, &Path)],
    trusted: bool,
    config: &str,
) -> Result<Host, HostError> {
    let folders = PluginFolders {
        folders: folders.iter().map(|(t, p)| (*t, p.to_path_buf())).collect(),
        project_trusted: trusted,
    };
    Host::builder()
        .registry(Registry::global().expect("registry").only(&[]))
        .agent_dir(agent_dir)
        .config_toml(config, "test.toml")
        .plugin_folders(folders)
        .build()
        .await
}

async fn host(agent_dir: &Path, folders: &[(Tier, &Path)], trusted: bool, config: &str) -> Host {
    try_host(agent_dir, folders, trusted, config)
        .await
        .expect("host builds")
}

/// A host with one user plugin folder holding `entries`.
async fn user_host(tmp: &TempDir, entries: &[&str]) -> Host {
    let user = tmp.path().join("user");
    install(&user, entries);
    host(tmp.path(), &[(Tier::User, &user)], false, "").await
}

fn tool_call(tool: &str, arguments: Value) -> BeforeToolCall {
    BeforeToolCall {
        tool_name: tool.into(),
        arguments,
        ..Default::default()
    }
    .in_session("s")
}

fn bash(command: &str) -> BeforeToolCall {
    tool_call("Bash", json!({ "command": command }))
}

fn permission(tool: &str, arguments: Value) -> PermissionRequest {
    PermissionRequest {
        tool_name: tool.into(),
        arguments,
        ..Default::default()
    }
}

fn decided_by_hook(plugin: &'static str, name: &'static str) -> Option<Decider> {
    Some(Decider::Hook {
        hook: HookId { plugin, name },
    })
}

fn contexts(out: &Outcome) -> Vec<(&str, &str)> {
    out.context
        .iter()
        .map(|c| (c.hook.plugin, c.text.as_str()))
        .collect()
}

fn status_of<'h>(host: &'h Host, id: &str) -> PluginStatus<'h> {
    host.plugin(id)
        .unwrap_or_else(|| panic!("no plugin `{id}`"))
        .status()
}

// ----- the command line -----

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| {
            panic!(
                "stdout is not JSON ({e}): {}\nstderr: {}",
                self.stdout, self.stderr
            )
        })
    }
}

/// A home (`HOME`, `TACKLE_HOME`) and a project, all temporary.
struct Cli {
    _tmp: TempDir,
    home: PathBuf,
    tackle_home: PathBuf,
    project: PathBuf,
}

impl Cli {
    fn new() -> Cli {
        let tmp = tempdir();
        let home = tmp.path().join("home");
        let tackle_home = home.join(".tackle");
        let project = tmp.path().join("project");
        for dir in [&tackle_home, &project] {
            fs::create_dir_all(dir).expect("folder");
        }
        Cli {
            _tmp: tmp,
            home,
            tackle_home,
            project,
        }
    }

    fn user_plugins(&self) -> PathBuf {
        self.tackle_home.join("plugins")
    }

    fn project_plugins(&self) -> PathBuf {
        self.project.join(".tackle/plugins")
    }

    /// `plugins validate [FLAGS] PATHS...`.
    fn validate(&self, flags: &[&str], paths: &[String]) -> Run {
        let mut args = vec!["plugins", "validate"];
        args.extend(flags);
        args.extend(paths.iter().map(String::as_str));
        self.run(&args, None, &[])
    }

    /// `<host> --agent-dir <project> ARGS` in the project, `env` added.
    fn run(&self, args: &[&str], stdin: Option<Vec<u8>>, env: &[(&str, &str)]) -> Run {
        let mut command = Command::new(HOST);
        command
            .arg("--agent-dir")
            .arg(&self.project)
            .args(args)
            .current_dir(&self.project)
            .env_remove("TACKLE_CONFIG")
            .env_remove("TACKLE_AGENT_DIR")
            .env_remove("TACKLE_LOG")
            .env_remove("TACKLE_TRUST_PROJECT")
            .env("HOME", &self.home)
            .env("TACKLE_HOME", &self.tackle_home)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (key, value) in env {
            command.env(key, value);
        }
        let mut child = command.spawn().expect("spawn the test host");
        let mut input = child.stdin.take().expect("stdin");
        let bytes = stdin.unwrap_or_default();
        let writer = std::thread::spawn(move || {
            let _ = input.write_all(&bytes);
        });
        let out = child.wait_with_output().expect("wait");
        writer.join().expect("writer");
        Run {
            code: out.status.code().expect("exited with a code"),
            stdout: String::from_utf8(out.stdout).expect("utf8"),
            stderr: String::from_utf8(out.stderr).expect("utf8"),
        }
    }

    /// `hook claude PreToolUse` with the recorded Claude Code payload, its
    /// command and working directory replaced.
    fn pre_tool_use(&self, command: &str, env: &[(&str, &str)]) -> Run {
        let recorded =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/agents/claude/PreToolUse.json");
        let mut payload: Value =
            serde_json::from_slice(&fs::read(recorded).expect("payload")).expect("JSON");
        payload["tool_input"]["command"] = json!(command);
        payload["cwd"] = json!(self.project.display().to_string());
        let stdin = serde_json::to_vec(&payload).expect("payload");
        self.run(&["hook", "claude", "PreToolUse"], Some(stdin), env)
    }

    /// `plugins list --json`, which must succeed.
    fn list(&self, env: &[(&str, &str)]) -> Value {
        let run = self.run(&["plugins", "list", "--json"], None, env);
        assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
        run.json()
    }
}

/// The Claude Code reply that refuses a tool call with `reason`.
fn claude_deny(reason: &str) -> Value {
    json!({"hookSpecificOutput": {
        "hookEventName": "PreToolUse",
        "permissionDecision": "deny",
        "permissionDecisionReason": reason,
    }})
}

/// The rows of a `plugins list --json` with this id.
fn rows<'v>(list: &'v Value, id: &str) -> Vec<&'v Value> {
    list["plugins"]
        .as_array()
        .expect("plugins")
        .iter()
        .filter(|p| p["id"] == id)
        .collect()
}

fn row<'v>(list: &'v Value, id: &str) -> &'v Value {
    match rows(list, id).as_slice() {
        [one] => one,
        other => panic!("{} rows for `{id}` in {list:#}", other.len()),
    }
}

/// The places of a report's problems: `` `path`: message `` gives `path`,
/// a message without a place gives "".
fn places(problems: &Value) -> Vec<String> {
    problems
        .as_array()
        .expect("problems")
        .iter()
        .map(|p| {
            let text = p.as_str().expect("problem text");
            text.strip_prefix('`')
                .and_then(|rest| rest.split_once("`: "))
                .map_or_else(String::new, |(place, _)| place.to_owned())
        })
        .collect()
}

fn strings(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .expect("array")
        .iter()
        .map(|v| v.as_str().expect("string"))
        .collect()
}

// ===== hooks through the API =====

#[tokio::test]
async fn a_claude_command_hook_refuses_a_tool_call_by_exit_2() {
    let tmp = tempdir();
    let host = user_host(&tmp, &["valid/claude-guard.json"]).await;
    assert_eq!(status_of(&host, "claude-guard"), PluginStatus::Ready);
    let def = host.plugin("claude-guard").expect("plugin").def();
    let found = host.declared_plugin(def).expect("declared");
    assert_eq!(
        (found.plugin.format, found.tier, &found.status),
        (Format::ClaudeHooks, Tier::User, &FoundStatus::Active)
    );
    assert_eq!(
        found.plugin.description,
        "Refuses `rm -rf` in shell commands."
    );

    let out = host.dispatch(bash("rm -rf build")).await;
    assert_eq!(
        out.verdict,
        Verdict::Deny {
            reason: NO_RM.into()
        }
    );
    assert_eq!(
        out.decided_by,
        decided_by_hook("claude-guard", "hooks.PreToolUse[0].hooks[0]")
    );
    assert_eq!(out.hooks_run, 1);
    assert!(out.failures.is_empty(), "{:?}", out.failures);

    // Exit 0 with nothing on stdout: no opinion.
    let out = host.dispatch(bash("ls -la")).await;
    assert_eq!((out.verdict, out.hooks_run), (Verdict::Abstain, 1));
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    // The matcher is `Bash`: other tools do not start the command at all.
    let out = host
        .dispatch(tool_call("Read", json!({"command": "rm -rf build"})))
        .await;
    assert_eq!((out.verdict, out.hooks_run), (Verdict::Abstain, 0));
}

#[tokio::test]
async fn a_claude_plugin_folder_answers_in_json_and_adds_prompt_context() {
    let tmp = tempdir();
    let host = user_host(&tmp, &["valid/claude-plugin-folder"]).await;
    // Named by `.claude-plugin/plugin.json`, not by its folder.
    let def = host.plugin("lockfile-guard").expect("plugin").def();
    assert_eq!(
        (def.version, def.description),
        ("0.3.0", "Keeps generated lock files out of edits.")
    );
    assert!(host.plugin("claude-plugin-folder").is_none());

    let out = host
        .dispatch(tool_call("Write", json!({"file_path": "Cargo.lock"})))
        .await;
    assert_eq!(
        out.verdict,
        Verdict::Deny {
            reason: "lock files are generated; change the manifest instead".into()
        }
    );
    // No lock file: the script's `additionalContext`, naming the folder it
    // found in `CLAUDE_PLUGIN_ROOT`.
    let out = host
        .dispatch(tool_call("Edit", json!({"file_path": "src/main.rs"})))
        .await;
    assert_eq!(out.verdict, Verdict::Abstain);
    assert_eq!(
        contexts(&out),
        [(
            "lockfile-guard",
            "lockfile-guard (claude-plugin-folder) saw no lock file"
        )]
    );
    // `Write|Edit` does not match `Bash`.
    let out = host.dispatch(bash("cat Cargo.lock")).await;
    assert_eq!(out.hooks_run, 0);
    // Plain stdout at `UserPromptSubmit` is context, as in Claude Code.
    let out = host
        .dispatch(
            UserPromptSubmit {
                prompt: "update the deps".into(),
                ..Default::default()
            }
            .in_session("s"),
        )
        .await;
    assert_eq!(out.verdict, Verdict::Abstain);
    assert_eq!(
        contexts(&out),
        [(
            "lockfile-guard",
            "Lock files are generated: change the manifest, not the lock file."
        )]
    );
}

/// Whether process `pid` is gone (or a zombie nobody has reaped yet).
fn is_dead(pid: u32) -> bool {
    match fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('Z') || rest.starts_with('X')),
    }
}

#[tokio::test]
async fn a_command_past_its_timeout_is_killed_and_the_call_goes_on() {
    let tmp = tempdir();
    let user = tmp.path().join("user");
    let pid_file = tmp.path().join("sleep.pid");
    let command = format!("sleep 30 & echo $! > '{}'; wait", pid_file.display());
    let hooks = json!({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
        {"type": "command", "command": command, "timeout": 1}
    ]}]}});
    write(&user, "slow.json", &hooks.to_string());
    let host = host(tmp.path(), &[(Tier::User, &user)], false, "").await;

    let started = Instant::now();
    let out = host.dispatch(bash("ls")).await;
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(900) && took < Duration::from_secs(5),
        "took {took:?}"
    );
    // Fails open: no verdict, one failure saying what happened.
    assert_eq!((out.verdict.clone(), out.hooks_run), (Verdict::Abstain, 1));
    assert_eq!(out.failures.len(), 1, "{:?}", out.failures);
    let failure = &out.failures[0];
    assert_eq!(
        (failure.hook.plugin, failure.hook.name, failure.kind),
        ("slow", "hooks.PreToolUse[0].hooks[0]", FailureKind::Error)
    );
    assert!(
        failure
            .message
            .contains("did not finish within 1 s (killed)"),
        "{}",
        failure.message
    );
    // The whole process group went, the backgrounded `sleep` included.
    let pid: u32 = fs::read_to_string(&pid_file)
        .expect("the command wrote its pid")
        .trim()
        .parse()
        .expect("pid");
    let deadline = Instant::now() + Duration::from_secs(3);
    while !is_dead(pid) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(is_dead(pid), "`sleep 30` (pid {pid}) outlived the timeout");
}

#[tokio::test]
async fn an_opensage_prompt_adds_context_where_the_argument_glob_matches() {
    let tmp = tempdir();
    let host = user_host(&tmp, &["valid/opensage-careful.json"]).await;
    let def = host.plugin("opensage-careful").expect("plugin").def();
    assert_eq!(
        host.declared_plugin(def).map(|f| f.plugin.format),
        Some(Format::OpenSage)
    );
    let prompt = "Pushing: make sure the tests passed on this commit.";

    // `Bash(git push*)`: the prompt and the command both run.
    let out = host.dispatch(bash("git push origin main")).await;
    assert_eq!((out.verdict.clone(), out.hooks_run), (Verdict::Abstain, 2));
    assert_eq!(contexts(&out), [("opensage-careful", prompt)]);
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    // The command action refuses by exit 2, as a Claude Code command would.
    let out = host.dispatch(bash("git push --force origin main")).await;
    assert_eq!(
        out.verdict,
        Verdict::Deny {
            reason: "careful: force-pushing rewrites shared history".into()
        }
    );
    assert_eq!(
        out.decided_by,
        decided_by_hook("opensage-careful", "PreToolUse[0].hooks[1]")
    );
    // The glob must match an argument whole: not `git status`, not a push
    // in the middle of a command.
    for command in ["git status", "echo git push"] {
        let out = host.dispatch(bash(command)).await;
        assert_eq!(
            (out.verdict.clone(), out.hooks_run),
            (Verdict::Abstain, 0),
            "{command}"
        );
        assert!(out.context.is_empty(), "{command}: {:?}", out.context);
    }
    // The tool name must match too.
    let out = host
        .dispatch(tool_call("Shell", json!({"command": "git push"})))
        .await;
    assert_eq!(out.hooks_run, 0);
}

#[tokio::test]
async fn superqode_rules_skills_and_context_injectors_take_part() {
    let tmp = tempdir();
    let host = user_host(&tmp, &["valid/superqode-reviewer"]).await;
    assert_eq!(status_of(&host, "superqode-reviewer"), PluginStatus::Ready);
    let def = host.plugin("superqode-reviewer").expect("plugin").def();
    assert_eq!((def.name, def.version), ("Reviewer", "1.2.0"));
    // The Python tool is checked and reported, not run.
    let found = host.declared_plugin(def).expect("declared");
    let notes: Vec<String> = found
        .plugin
        .warnings
        .iter()
        .map(|w| w.to_string())
        .collect();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].contains("Python code (1 tools) runs in SuperQode, not in tackle"),
        "{notes:?}"
    );
    assert!(
        host.tool("lint").is_none(),
        "a Python tool is not a tool here"
    );

    // Rules at `permission_request`, under deny > ask > allow.
    let out = host
        .dispatch(permission(
            "Bash",
            json!({"command": "git push --force origin main"}),
        ))
        .await;
    assert_eq!(
        out.deny_reason()
            .map(|r| r.contains("permission rule 0 of plugin `superqode-reviewer`")),
        Some(true),
        "{out:?}"
    );
    let Some(Decider::Rule(rule)) = &out.decided_by else {
        panic!("decided by {:?}", out.decided_by);
    };
    assert_eq!(
        (rule.origin.as_str(), rule.index, rule.rule.as_str()),
        (
            "plugin `superqode-reviewer`",
            0,
            "deny Bash \"git push --force*\""
        )
    );
    let out = host
        .dispatch(permission("Bash", json!({"command": "cargo publish"})))
        .await;
    assert!(out.is_ask(), "{out:?}");
    let out = host
        .dispatch(permission("Read", json!({"file_path": "README.md"})))
        .await;
    assert!(out.is_allowed(), "{out:?}");
    let out = host
        .dispatch(permission(
            "Bash",
            json!({"command": "git push origin main"}),
        ))
        .await;
    assert!(out.is_abstain(), "{out:?}");

    // The skill joins the catalogue under the plugin's id.
    let skill = host.skills().skill("code-review").expect("skill");
    assert_eq!(
        skill.description,
        "Review a change for correctness, tests and naming before it is merged."
    );
    assert_eq!(
        skill.body.trim(),
        "Read the diff twice: once for what it does, once for what it forgets."
    );
    assert_eq!(
        skill.origin.to_json(),
        json!({"plugin": "superqode-reviewer", "path": "skills/code-review.md"})
    );
    assert!(
        host.skills().problems().is_empty(),
        "{:?}",
        host.skills().problems()
    );

    // The context injector is the plugin's section of the system prompt.
    let ctx = host
        .system_context(SystemPrompt::default(), &SessionInfo::default())
        .await;
    assert_eq!(
        ctx.text,
        "## Reviewer\n\nHouse rules: small commits, and every change comes with a test."
    );
}

#[tokio::test]
async fn a_broken_manifest_is_failed_with_every_problem_and_the_others_run() {
    let tmp = tempdir();
    let host = user_host(
        &tmp,
        &["invalid/superqode-broken", "valid/claude-guard.json"],
    )
    .await;
    let PluginStatus::Failed(problems) = status_of(&host, "superqode-broken") else {
        panic!("not failed: {:?}", status_of(&host, "superqode-broken"));
    };
    let manifest = tmp.path().join("user/superqode-broken/plugin.json");
    let at: Vec<String> = problems.iter().map(|p| p.path.clone()).collect();
    for place in [
        "api_version",
        "permission_rules[0].pattern",
        "permission_rules[0].action",
        "skills[0]",
        "skills[1]",
        "skills[2]",
        "context_injectors[0].path",
        "tools[0].path",
        "event_hooks[0].point",
    ] {
        let expected = format!("{}: {place}", manifest.display());
        assert!(at.contains(&expected), "no `{expected}` in {at:#?}");
    }
    // Its valid rule (`Write` denied) does not run either.
    let out = host.dispatch(permission("Write", json!({}))).await;
    assert!(out.is_abstain(), "{out:?}");
    // The other plugin does.
    assert_eq!(status_of(&host, "claude-guard"), PluginStatus::Ready);
    assert!(host.dispatch(bash("rm -rf /")).await.is_denied());
}

// ===== folders, tiers, trust and order through the API =====

#[tokio::test]
async fn a_project_plugin_shadows_the_user_s_plugin_of_the_same_id() {
    let tmp = tempdir();
    let (user, project) = (tmp.path().join("user"), tmp.path().join("project"));
    prompt_plugin(&user, "careful", "the user's copy");
    prompt_plugin(&project, "careful", "the project's copy");
    let folders = [(Tier::User, user.as_path()), (Tier::Project, &project)];
    let host = host(tmp.path(), &folders, true, "").await;

    let out = host.dispatch(bash("ls")).await;
    assert_eq!(contexts(&out), [("careful", "the project's copy")]);
    let found: Vec<(Tier, &FoundStatus)> = host
        .declared()
        .iter()
        .map(|f| (f.tier, &f.status))
        .collect();
    let winner = project.join("careful.json");
    assert_eq!(
        found,
        [
            (Tier::User, &FoundStatus::ShadowedBy(winner.clone())),
            (Tier::Project, &FoundStatus::Active),
        ]
    );
    let def = host.plugin("careful").expect("plugin").def();
    assert_eq!(
        host.declared_plugin(def).map(|f| &f.plugin.manifest),
        Some(&winner)
    );
    assert_eq!(host.plugins().len(), 1, "one plugin per id");
}

#[tokio::test]
async fn an_untrusted_project_s_plugin_folders_do_not_load() {
    let tmp = tempdir();
    let (user, project) = (tmp.path().join("user"), tmp.path().join("project"));
    prompt_plugin(&user, "careful", "the user's copy");
    prompt_plugin(&project, "careful", "the project's copy");
    install(&project, &["valid/claude-guard.json"]);
    let folders = [(Tier::User, user.as_path()), (Tier::Project, &project)];
    let host = host(tmp.path(), &folders, false, "").await;

    let out = host.dispatch(bash("rm -rf build")).await;
    assert_eq!(
        out.verdict,
        Verdict::Abstain,
        "the project's guard is not loaded"
    );
    assert_eq!(contexts(&out), [("careful", "the user's copy")]);
    assert!(host.plugin("claude-guard").is_none());
    let status = |manifest: PathBuf| {
        host.declared()
            .iter()
            .find(|f| f.plugin.manifest == manifest)
            .map(|f| f.status.clone())
    };
    assert_eq!(
        status(project.join("claude-guard.json")),
        Some(FoundStatus::Untrusted)
    );
    assert_eq!(
        status(project.join("careful.json")),
        Some(FoundStatus::Untrusted)
    );
    assert_eq!(status(user.join("careful.json")), Some(FoundStatus::Active));
}

#[tokio::test]
async fn the_enabled_list_orders_plugins_and_its_patterns_match_whole_ids() {
    let tmp = tempdir();
    let user = tmp.path().join("user");
    for id in ["alpha", "beta", "gamma", "alphabet"] {
        prompt_plugin(&user, id, &format!("{id} says"));
    }
    let folders = [(Tier::User, user.as_path())];
    let ids = |host: &Host| -> Vec<(String, &'static str)> {
        host.plugins()
            .iter()
            .map(|p| (p.def().id.to_owned(), p.status().as_str()))
            .collect()
    };
    let said =
        |out: &Outcome| -> Vec<String> { out.context.iter().map(|c| c.text.clone()).collect() };

    // No list: folder order (by file name).
    let host_all = host(tmp.path(), &folders, false, "").await;
    let out = host_all.dispatch(bash("ls")).await;
    assert_eq!(
        said(&out),
        ["alpha says", "alphabet says", "beta says", "gamma says"]
    );

    // The list's order; `alpha?` must match a whole id: `alpha`, not
    // `alphabet`. (A `.` alone is no pattern: ids may hold dots.)
    let listed = host(
        tmp.path(),
        &folders,
        false,
        r#"enabled = ["gamma", "alpha?"]"#,
    )
    .await;
    assert_eq!(
        ids(&listed),
        [
            ("gamma".to_owned(), "ready"),
            ("alpha".to_owned(), "ready"),
            ("alphabet".to_owned(), "disabled"),
            ("beta".to_owned(), "disabled"),
        ]
    );
    let out = listed.dispatch(bash("ls")).await;
    assert_eq!(said(&out), ["gamma says", "alpha says"]);
    assert!(listed.warnings().is_empty(), "{:?}", listed.warnings());

    // A pattern brings its matches in by id.
    let patterned = host(tmp.path(), &folders, false, r#"enabled = ["beta", "a.*"]"#).await;
    let out = patterned.dispatch(bash("ls")).await;
    assert_eq!(said(&out), ["beta says", "alpha says", "alphabet says"]);
}

#[tokio::test]
async fn a_pattern_matching_nothing_warns_and_an_unknown_id_names_the_folders() {
    let tmp = tempdir();
    let (user, project) = (tmp.path().join("user"), tmp.path().join("project"));
    prompt_plugin(&user, "alpha", "alpha says");
    let folders = [(Tier::User, user.as_path()), (Tier::Project, &project)];

    let host_ok = host(
        tmp.path(),
        &folders,
        false,
        r#"enabled = ["alpha", "zz.*"]"#,
    )
    .await;
    let warnings: Vec<(String, String)> = host_ok
        .warnings()
        .iter()
        .map(|w| (w.path.clone(), w.message.clone()))
        .collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].0, "enabled[1]");
    assert!(
        warnings[0]
            .1
            .starts_with("pattern `zz.*` matches no plugin (searched: "),
        "{warnings:?}"
    );
    assert_eq!(status_of(&host_ok, "alpha"), PluginStatus::Ready);

    let Err(e) = try_host(tmp.path(), &folders, false, r#"enabled = ["alpah"]"#).await else {
        panic!("a host with an unknown id in `enabled` was built");
    };
    let message = e.to_string();
    for part in [
        "test.toml has 1 problem:",
        "`enabled[0]`: no plugin `alpah`: it is not linked into this binary",
        "; did you mean `alpha`?; plugins found",
        &format!("{} (user)", user.display()),
        &format!("{} (project)", project.display()),
        "plugins found: `alpha`",
    ] {
        assert!(message.contains(part), "no {part:?} in:\n{message}");
    }
}

#[tokio::test]
async fn an_enabled_id_in_an_untrusted_project_folder_says_to_trust_the_project() {
    let tmp = tempdir();
    let project = tmp.path().join("project");
    prompt_plugin(&project, "careful", "the project's copy");
    let folders = [(Tier::Project, project.as_path())];
    // The others keep running; the untrusted one is off, with a warning
    // that says what to do.
    let host = try_host(tmp.path(), &folders, false, r#"enabled = ["careful"]"#)
        .await
        .expect("an untrusted plugin in `enabled` does not stop the host");
    assert!(host.plugin("careful").is_none());
    let warnings: Vec<String> = host.warnings().iter().map(|w| w.to_string()).collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].starts_with("`enabled[0]`: `careful` is in this project's own plugin folder ("),
        "{warnings:?}"
    );
    assert!(
        warnings[0]
            .ends_with("which loads only once the project is trusted: run `plugins trust` in it"),
        "{warnings:?}"
    );
}

#[tokio::test]
async fn the_project_state_file_switches_a_declared_plugin_off() {
    let tmp = tempdir();
    let user = tmp.path().join("user");
    install(&user, &["valid/claude-guard.json"]);
    write(
        &tmp.path().join(".tackle"),
        "plugins.json",
        r#"{"disabled": ["claude-guard", "gone"]}"#,
    );
    // Obeyed in a trusted project only (trust.rs has the other case).
    let host = host(tmp.path(), &[(Tier::User, &user)], true, "").await;
    assert_eq!(status_of(&host, "claude-guard"), PluginStatus::Disabled);
    assert!(!host.dispatch(bash("rm -rf build")).await.is_denied());
    let warnings: Vec<String> = host.warnings().iter().map(|w| w.to_string()).collect();
    assert_eq!(
        warnings,
        ["`disabled`: `gone` is disabled in the project's state file but no plugin has that id"]
    );
}

#[tokio::test]
async fn a_state_file_that_does_not_parse_disables_nothing_and_says_so() {
    let tmp = tempdir();
    let user = tmp.path().join("user");
    install(&user, &["valid/claude-guard.json"]);
    let state = write(
        &tmp.path().join(".tackle"),
        "plugins.json",
        "{\"disabled\": [",
    );
    let host = host(tmp.path(), &[(Tier::User, &user)], true, "").await;
    // Every hook still runs: a guard is not lost to a broken file.
    assert_eq!(status_of(&host, "claude-guard"), PluginStatus::Ready);
    assert!(host.dispatch(bash("rm -rf build")).await.is_denied());
    let warnings: Vec<String> = host.warnings().iter().map(|w| w.to_string()).collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains(&state.display().to_string()),
        "{warnings:?}"
    );
    assert!(
        warnings[0].ends_with("no plugin is disabled until it is fixed"),
        "{warnings:?}"
    );
}

// ===== the command line =====

#[test]
fn the_hook_command_runs_declared_hooks_on_a_recorded_claude_payload() {
    let cli = Cli::new();
    install(&cli.user_plugins(), &["valid/claude-guard.json"]);

    let run = cli.pre_tool_use("rm -rf build", &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.json(), claude_deny(NO_RM));
    assert_eq!(run.stderr, "");

    let run = cli.pre_tool_use("ls -la", &[]);
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (0, "", "")
    );
}

#[test]
fn project_plugins_run_in_the_hook_command_only_once_the_project_is_trusted() {
    let cli = Cli::new();
    install(&cli.project_plugins(), &["valid/claude-guard.json"]);
    let trust_env = [("TACKLE_TRUST_PROJECT", "1")];

    let run = cli.pre_tool_use("rm -rf build", &[]);
    assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{}", run.stderr);
    // An agent starts the hook process: the variable does not trust there.
    let run = cli.pre_tool_use("rm -rf build", &trust_env);
    assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{}", run.stderr);
    assert_eq!(row(&cli.list(&[]), "claude-guard")["status"], "untrusted");
    assert_eq!(
        row(&cli.list(&trust_env), "claude-guard")["status"],
        "ready"
    );

    // `plugins trust` lists the project in the user's file, not the project's.
    let run = cli.run(&["plugins", "trust"], None, &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let file = cli.tackle_home.join("trusted-projects.json");
    let trusted: Value =
        serde_json::from_str(&fs::read_to_string(&file).expect("trust file")).expect("JSON");
    let canonical = cli.project.canonicalize().expect("canonical");
    assert_eq!(
        trusted,
        json!({"trusted": [canonical.display().to_string()]})
    );
    let run = cli.pre_tool_use("rm -rf build", &[]);
    assert_eq!(run.json(), claude_deny(NO_RM));
    let list = cli.list(&[]);
    assert_eq!(row(&list, "claude-guard")["status"], "ready");
    assert_eq!(row(&list, "claude-guard")["tier"], "project");

    let run = cli.run(&["plugins", "trust", "--revoke"], None, &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = cli.pre_tool_use("rm -rf build", &[]);
    assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{}", run.stderr);
}

#[test]
fn plugins_list_shows_tiers_sources_and_the_shadowed_copy() {
    let cli = Cli::new();
    install(
        &cli.user_plugins(),
        &["valid/claude-guard.json", "valid/superqode-reviewer"],
    );
    install(&cli.project_plugins(), &["valid/claude-guard.json"]);
    let list = cli.list(&[("TACKLE_TRUST_PROJECT", "1")]);

    let ids: Vec<&str> = list["plugins"]
        .as_array()
        .expect("plugins")
        .iter()
        .map(|p| p["id"].as_str().expect("id"))
        .collect();
    assert_eq!(
        ids,
        [
            "metrics",
            "superqode-reviewer",
            "claude-guard",
            "claude-guard"
        ]
    );
    let metrics = row(&list, "metrics");
    assert_eq!(
        (&metrics["status"], &metrics["tier"], &metrics["source"]),
        (
            &json!("ready"),
            &json!("linked"),
            &json!("linked (crate metrics)")
        )
    );
    let reviewer = row(&list, "superqode-reviewer");
    assert_eq!(reviewer["status"], "ready");
    assert_eq!(reviewer["tier"], "user");
    assert_eq!(reviewer["items"], "3 rules, 1 skill, 1 context file");
    assert_eq!(
        reviewer["source"],
        format!(
            "superqode {}",
            cli.user_plugins()
                .join("superqode-reviewer/plugin.json")
                .display()
        )
    );
    assert_eq!(reviewer["problems"], json!([]));
    assert_eq!(reviewer["warnings"].as_array().map(Vec::len), Some(1));

    let project_copy = cli.project_plugins().join("claude-guard.json");
    let guards = rows(&list, "claude-guard");
    assert_eq!(guards[0]["status"], "ready");
    assert_eq!(guards[0]["tier"], "project");
    assert_eq!(
        guards[0]["source"],
        format!("claude-hooks {}", project_copy.display())
    );
    assert_eq!(guards[0]["items"], "1 hook");
    assert_eq!(
        guards[1]["status"],
        format!("shadowed by {}", project_copy.display())
    );
    assert_eq!(guards[1]["tier"], "user");

    let folders: Vec<(&str, bool)> = list["folders"]
        .as_array()
        .expect("folders")
        .iter()
        .map(|f| (f["tier"].as_str().expect("tier"), f["exists"] == true))
        .collect();
    assert_eq!(
        folders,
        [
            ("user", false), // ~/.superqode/plugins
            ("user", true),
            ("project", false),
            ("project", false),
            ("project", true)
        ]
    );
}

#[test]
fn disable_and_enable_switch_a_plugin_and_its_hook() {
    let cli = Cli::new();
    install(&cli.user_plugins(), &["valid/claude-guard.json"]);
    let state = cli.project.join(".tackle/plugins.json");
    // The state file is obeyed in a trusted project only.
    let run = cli.run(&["plugins", "trust"], None, &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);

    let run = cli.run(&["plugins", "disable", "claude-guard"], None, &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        format!(
            "`claude-guard` is now disabled in this project ({}).\n",
            state.display()
        )
    );
    let saved: Value =
        serde_json::from_str(&fs::read_to_string(&state).expect("state file")).expect("JSON");
    assert_eq!(saved, json!({"disabled": ["claude-guard"]}));
    assert_eq!(row(&cli.list(&[]), "claude-guard")["status"], "disabled");
    let run = cli.pre_tool_use("rm -rf build", &[]);
    assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{}", run.stderr);
    // Again: nothing changes.
    let run = cli.run(&["plugins", "disable", "claude-guard"], None, &[]);
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "`claude-guard` was already disabled in this project.\n")
    );

    let run = cli.run(&["plugins", "enable", "claude-guard"], None, &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("`claude-guard` is now enabled"),
        "{}",
        run.stdout
    );
    let saved: Value =
        serde_json::from_str(&fs::read_to_string(&state).expect("state file")).expect("JSON");
    assert_eq!(saved, json!({"disabled": []}));
    assert_eq!(row(&cli.list(&[]), "claude-guard")["status"], "ready");
    assert_eq!(
        cli.pre_tool_use("rm -rf build", &[]).json(),
        claude_deny(NO_RM)
    );
}

#[test]
fn enabling_an_unknown_plugin_is_a_usage_error_with_a_suggestion() {
    let cli = Cli::new();
    install(&cli.user_plugins(), &["valid/claude-guard.json"]);
    let run = cli.run(&["plugins", "enable", "claude-gaurd"], None, &[]);
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr
            .starts_with("error: no plugin `claude-gaurd`: it is not linked into this binary"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("; did you mean `claude-guard`?"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains(&format!("{} (user)", cli.user_plugins().display())),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("plugins: `claude-guard`, `metrics`"),
        "{}",
        run.stderr
    );
    assert!(
        !cli.project.join(".tackle/plugins.json").exists(),
        "nothing was written"
    );
}

#[test]
fn validate_reports_every_problem_of_every_invalid_fixture_in_one_run() {
    let cli = Cli::new();
    let names = [
        "bad-json.json",
        "claude-typos.json",
        "opensage-broken.json",
        "superqode-broken",
        "claude-plugin-broken",
    ];
    let paths = fixture_paths("invalid", &names);
    let run = cli.validate(&["--json"], &paths);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    let report = run.json();
    assert_eq!(report["valid"], false);
    let plugins = report["plugins"].as_array().expect("plugins");
    assert_eq!(plugins.len(), names.len());

    let expected: [(&str, &str, &str, &[&str]); 5] = [
        ("bad-json", "opensage-hooks", "not valid JSON", &[""]),
        (
            "claude-typos",
            "claude-hooks",
            "did you mean `PreToolUse`?",
            &[
                "hooks.PreToolUze",
                "hooks.PreToolUse[0].matcher",
                "hooks.PreToolUse[0].hooks[0].command",
                "hooks.PreToolUse[0].hooks[1].command",
                "hooks.PreToolUse[0].hooks[2].timeout",
                "hooks.PreToolUse[0].hooks[3].type",
                "hooks.SessionStart[0].hooks[0].command",
            ],
        ),
        (
            "opensage-broken",
            "opensage-hooks",
            "did you mean `UserPromptSubmit`?",
            &[
                "PreToolUse[0].hooks[0].prompt",
                "PreToolUse[0].hooks[1].prompt",
                "PreToolUse[0].hooks[2].command",
                "PreToolUse[0].hooks[3].type",
                "SessionStart[0].matcher",
                "UserPromptSubmitt",
            ],
        ),
        (
            "superqode-broken",
            "superqode",
            "leaves the plugin's folder",
            &[
                "api_version",
                "permission_rules[0].pattern",
                "permission_rules[0].action",
                "skills[0]",
                "skills[1]",
                "skills[2]",
                "context_injectors[0].path",
                "context_injectors[1].path",
                "tools[0].path",
                "event_hooks[0].point",
            ],
        ),
        (
            "claude-plugin-broken",
            "claude-hooks",
            "did you mean `Stop`?",
            &[
                "name",
                "hooks.PreToolUse[0].hooks[0].command",
                "hooks.PreToolUse[0].hooks[1].type",
                "hooks.Stopp",
            ],
        ),
    ];
    for ((plugin, path), (id, format, message, at)) in plugins.iter().zip(&paths).zip(expected) {
        assert_eq!(plugin["path"], path.as_str());
        assert_eq!(
            (&plugin["id"], &plugin["format"]),
            (&json!(id), &json!(format))
        );
        assert_eq!(plugin["valid"], false, "{id}");
        let found = places(&plugin["problems"]);
        assert_eq!(found.len(), at.len(), "{id}: {:#}", plugin["problems"]);
        for place in at {
            assert!(
                found.iter().any(|f| f == place),
                "{id}: no problem at `{place}` in {found:?}"
            );
        }
        assert!(
            strings(&plugin["problems"])
                .iter()
                .any(|p| p.contains(message)),
            "{id}: no {message:?} in {:#}",
            plugin["problems"]
        );
    }
    // The messages say what is wrong, not only where.
    let text = run.stdout;
    for part in [
        "the program `no-such-program-tackle-fixture` is not on PATH",
        "scripts/missing.sh` does not exist",
        "scripts/gone.sh` does not exist",
        "the command has an unclosed single quote",
        "expected `allow`, `deny` or `ask`, found `block`",
        "skill `skills/bad-yaml.md` (line 3)",
        "`../outside.md` leaves the plugin's folder",
        "unknown handler type `http` (expected `command`)",
        "`SessionStart` events have no arguments for `(git *)` to match",
    ] {
        assert!(text.contains(part), "no {part:?} in {text}");
    }
}

#[test]
fn validate_reads_fixtures_given_by_a_relative_path_like_absolute_ones() {
    // `plugins validate invalid/claude-typos.json` from the fixtures folder
    // must find the same problems as with the absolute path. (It reads
    // only; the home is a temporary one all the same.)
    let cli = Cli::new();
    let run = |path: &str| {
        let out = Command::new(HOST)
            .args(["plugins", "validate", "--json", path])
            .current_dir(fixtures())
            .env("HOME", &cli.home)
            .env("TACKLE_HOME", &cli.tackle_home)
            .output()
            .expect("run");
        let report: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        places(&report["plugins"][0]["problems"])
    };
    let absolute = fixtures().join("invalid/claude-typos.json");
    assert_eq!(
        run("invalid/claude-typos.json"),
        run(&absolute.display().to_string())
    );
}

#[test]
fn validate_accepts_every_valid_fixture() {
    let cli = Cli::new();
    let names = [
        "superqode-reviewer",
        "claude-guard.json",
        "claude-plugin-folder",
        "opensage-careful.json",
        // A manifest named directly.
        "superqode-reviewer/plugin.json",
        "claude-plugin-folder/hooks/hooks.json",
    ];
    let paths = fixture_paths("valid", &names);
    let run = cli.validate(&[], &paths);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let lines: Vec<&str> = run.stdout.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(
        lines,
        [
            format!("{}: ok (superqode plugin `superqode-reviewer`)", paths[0]),
            format!("{}: ok (claude-hooks plugin `claude-guard`)", paths[1]),
            format!("{}: ok (claude-hooks plugin `lockfile-guard`)", paths[2]),
            format!(
                "{}: ok (opensage-hooks plugin `opensage-careful`)",
                paths[3]
            ),
            format!("{}: ok (superqode plugin `superqode-reviewer`)", paths[4]),
            format!("{}: ok (claude-hooks plugin `lockfile-guard`)", paths[5]),
        ]
    );
    assert!(
        run.stdout.contains(
            "  note: its Python code (1 tools) runs in SuperQode, not in tackle; its permission rules, skills and context injectors do\n"
        ),
        "{}",
        run.stdout
    );

    // Something that is not a plugin at all.
    let run = cli.validate(&["--json"], &fixture_paths("valid", &["scripts"]));
    assert_eq!(run.code, 1);
    let report = run.json();
    assert_eq!(report["plugins"][0]["id"], Value::Null);
    assert!(
        strings(&report["plugins"][0]["problems"])[0].starts_with("not a plugin"),
        "{report:#}"
    );
}

#[test]
fn doctor_lists_broken_shadowed_and_untrusted_plugins() {
    let cli = Cli::new();
    let extra = cli.project.join("team-plugins");
    // The user's own config names the extra folder (a project's may not).
    write(
        &cli.tackle_home,
        "tackle.toml",
        &format!("plugin_dirs = [{:?}]\n", extra.display().to_string()),
    );
    install(
        &cli.user_plugins(),
        &["valid/claude-guard.json", "invalid/superqode-broken"],
    );
    install(&extra, &["valid/claude-guard.json"]);
    install(&cli.project_plugins(), &["valid/opensage-careful.json"]);

    let run = cli.run(&["plugins", "doctor", "--json"], None, &[]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    let report = run.json();
    assert_eq!(report["valid"], false);
    let entries: Vec<(&str, &str, bool)> = report["plugins"]
        .as_array()
        .expect("plugins")
        .iter()
        .map(|p| {
            (
                p["id"].as_str().expect("id"),
                p["status"].as_str().expect("status"),
                p["valid"] == true,
            )
        })
        .collect();
    let extra_guard = extra.join("claude-guard.json");
    let shadowed = format!("user tier, shadowed by {}", extra_guard.display());
    assert_eq!(
        entries,
        [
            ("claude-guard", shadowed.as_str(), true),
            ("superqode-broken", "user tier", false),
            ("claude-guard", "extra tier", true),
            ("opensage-careful", "project tier, untrusted project", true),
        ]
    );
    let broken = &report["plugins"][1];
    assert_eq!(places(&broken["problems"]).len(), 10, "{broken:#}");
    let warnings = strings(&report["warnings"]);
    assert!(
        matches!(warnings.as_slice(), [w] if w.starts_with(
            "this project is not trusted, so 1 thing(s) its files ask for are not applied: `"
        ) && w.ends_with("`plugins trust`, run in the project with the host binary, applies them")),
        "{warnings:?}"
    );

    // Text: one line per plugin, its problems under it.
    let run = cli.run(&["plugins", "doctor"], None, &[]);
    assert_eq!(run.code, 1);
    let broken_line = format!(
        "{}: 10 problems (superqode plugin `superqode-broken`, user tier)",
        cli.user_plugins()
            .join("superqode-broken/plugin.json")
            .display()
    );
    assert!(run.stdout.contains(&broken_line), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("warning: this project is not trusted, so 1 thing(s) its files ask for"),
        "{}",
        run.stdout
    );
}

#[test]
fn doctor_checks_the_files_even_when_the_config_stops_the_host() {
    let cli = Cli::new();
    install(&cli.user_plugins(), &["invalid/superqode-broken"]);
    write(&cli.tackle_home, "tackle.toml", "enabled = [\"nope\"]\n");
    let run = cli.run(&["plugins", "doctor", "--json"], None, &[]);
    assert_eq!(run.code, 3, "{}{}", run.stdout, run.stderr);
    let report = run.json();
    assert_eq!(report["valid"], false);
    assert_eq!(report["plugins"][0]["id"], "superqode-broken");
    assert_eq!(places(&report["plugins"][0]["problems"]).len(), 10);
    let warnings = strings(&report["warnings"]);
    assert!(
        warnings[0].starts_with("the host cannot be built: ")
            && warnings[0].contains("no plugin `nope`"),
        "{warnings:?}"
    );
}

#[test]
fn list_shows_a_broken_manifest_as_failed_and_exits_3() {
    let cli = Cli::new();
    install(
        &cli.user_plugins(),
        &[
            "invalid/bad-json.json",
            "invalid/superqode-broken",
            "valid/claude-guard.json",
        ],
    );
    let run = cli.run(&["plugins", "list", "--json"], None, &[]);
    assert_eq!(run.code, 3, "{}{}", run.stdout, run.stderr);
    let list = run.json();
    let bad_json = row(&list, "bad-json");
    assert_eq!(bad_json["status"], "failed");
    let problems = strings(&bad_json["problems"]);
    assert_eq!(problems.len(), 1, "{problems:?}");
    let file = cli.user_plugins().join("bad-json.json");
    assert!(
        problems[0].starts_with(&format!("`{}`: not valid JSON", file.display())),
        "{problems:?}"
    );
    let broken = row(&list, "superqode-broken");
    assert_eq!(broken["status"], "failed");
    assert_eq!(strings(&broken["problems"]).len(), 10, "{broken:#}");
    assert_eq!(row(&list, "claude-guard")["status"], "ready");

    // The table too, with each problem under the plugin.
    let run = cli.run(&["plugins", "list"], None, &[]);
    assert_eq!(run.code, 3);
    assert!(run.stdout.starts_with("PLUGIN"), "{}", run.stdout);
    assert!(
        run.stdout.contains("\nsuperqode-broken:\n  error: `"),
        "{}",
        run.stdout
    );
    // And the broken plugins do not stop the others' hooks.
    assert_eq!(
        cli.pre_tool_use("rm -rf build", &[]).json(),
        claude_deny(NO_RM)
    );
}

#[test]
fn a_declared_plugin_cannot_take_the_id_of_a_linked_one() {
    let cli = Cli::new();
    prompt_plugin(&cli.user_plugins(), "metrics", "an impostor");
    let run = cli.run(&["plugins", "list", "--json"], None, &[]);
    assert_eq!(run.code, 3, "{}{}", run.stdout, run.stderr);
    let list = run.json();
    let rows = rows(&list, "metrics");
    assert_eq!(rows.len(), 2, "{list:#}");
    assert_eq!(
        (&rows[0]["status"], &rows[0]["tier"]),
        (&json!("ready"), &json!("linked"))
    );
    assert_eq!(
        (&rows[1]["status"], &rows[1]["tier"]),
        (&json!("failed"), &json!("user"))
    );
    assert!(
        strings(&rows[1]["problems"])[0]
            .contains("the id `metrics` belongs to the linked plugin of crate `metrics`"),
        "{:#}",
        rows[1]
    );
}

#[test]
fn a_relative_agent_dir_still_finds_the_hook_scripts() {
    let cli = Cli::new();
    install(&cli.project_plugins(), &["valid/claude-guard.json"]);
    let elsewhere = cli.home.join("elsewhere");
    fs::create_dir_all(&elsewhere).expect("folder");
    let recorded =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/agents/claude/PreToolUse.json");
    let mut payload: Value =
        serde_json::from_slice(&fs::read(recorded).expect("payload")).expect("JSON");
    payload["tool_input"]["command"] = json!("rm -rf build");
    payload["cwd"] = json!(elsewhere.display().to_string());
    let parent = cli.project.parent().expect("parent");
    let trust = cli.run(&["plugins", "trust"], None, &[]);
    assert_eq!(trust.code, 0, "{}", trust.stderr);
    let mut child = Command::new(HOST)
        .args(["--agent-dir", "project", "hook", "claude", "PreToolUse"])
        .current_dir(parent)
        .env_remove("TACKLE_CONFIG")
        .env_remove("TACKLE_AGENT_DIR")
        .env_remove("TACKLE_LOG")
        .env_remove("TACKLE_TRUST_PROJECT")
        .env("HOME", &cli.home)
        .env("TACKLE_HOME", &cli.tackle_home)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(&serde_json::to_vec(&payload).expect("payload"))
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    let stdout: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|_| panic!("no reply; stderr: {}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!(stdout, claude_deny(NO_RM));
}
