//! The hook example plugins in a real host: `guard` denies destructive shell
//! commands (and fails closed), `doom-loop` denies the third identical call
//! of a session, `read-before-edit` adds context to blind edits, and
//! `audit-logger` writes one JSON line per dispatched event.

use std::path::Path;

use serde_json::{Value, json};
use tackle::hook::{
    AfterToolCall, BeforeToolCall, Decider, HookEvent, HookId, Outcome, SessionEnd, Stop,
    UserPromptSubmit,
};
use tackle_runtime::{Host, PluginStatus, Registry};

tackle_runtime::link!(guard, doomloop, read_before_edit, audit);

const ALL: [&str; 4] = ["guard", "doom-loop", "read-before-edit", "audit-logger"];

async fn host(plugins: &[&str], config: &str, agent_dir: &Path) -> Host {
    Host::builder()
        .registry(Registry::global().expect("registry").only(plugins))
        .agent_dir(agent_dir)
        .config_toml(config, "test.toml")
        .strict(true)
        .build()
        .await
        .expect("host builds")
}

fn call(session: &str, tool: &str, arguments: Value) -> BeforeToolCall {
    BeforeToolCall {
        tool_name: tool.into(),
        arguments,
        ..Default::default()
    }
    .in_session(session)
}

fn bash(session: &str, command: &str) -> BeforeToolCall {
    call(session, "Bash", json!({ "command": command }))
}

fn decided_by(plugin: &'static str, name: &'static str) -> Option<Decider> {
    Some(Decider::Hook {
        hook: HookId { plugin, name },
    })
}

fn reason(outcome: &Outcome) -> &str {
    outcome
        .deny_reason()
        .unwrap_or_else(|| panic!("expected a deny, got {outcome:?}"))
}

// ----- guard -----

#[tokio::test]
async fn guard_denies_destructive_commands_saying_what_and_why() {
    let dir = tempfile::tempdir().expect("tempdir");
    let host = host(&["guard"], "", dir.path()).await;
    for (command, refused, why) in [
        (
            "ls && sudo apt-get install x",
            "sudo apt-get install x",
            "as root",
        ),
        ("cd /tmp; rm -rf /", "rm -rf /", "the whole filesystem"),
        ("rm -r -f ~/", "rm -r -f ~/", "home directory"),
        (
            "git push -f origin main",
            "git push -f origin main",
            "`main`",
        ),
        (
            "git push origin +master",
            "git push origin +master",
            "`master`",
        ),
        ("bash -c 'true && sudo id'", "sudo id", "as root"),
    ] {
        let out = host.dispatch(bash("s", command)).await;
        let text = reason(&out);
        assert!(
            text.starts_with(&format!("guard refused `{refused}`: ")),
            "{command}: {text}"
        );
        assert!(text.contains(why), "{command}: {text}");
        assert_eq!(out.decided_by, decided_by("guard", "refuse_destructive"));
        assert!(out.failures.is_empty(), "{:?}", out.failures);
    }
}

#[tokio::test]
async fn guard_lets_ordinary_commands_through() {
    let dir = tempfile::tempdir().expect("tempdir");
    let host = host(&["guard"], "", dir.path()).await;
    for command in [
        "ls -la",
        "rm -rf ./target",
        "git push origin main",
        "git push -f origin my-branch",
        "echo 'sudo rm -rf /'",
    ] {
        let out = host.dispatch(bash("s", command)).await;
        assert!(out.is_abstain(), "{command}: {out:?}");
        assert_eq!(out.hooks_run, 2, "{command}: both guard hooks ran");
    }
}

#[tokio::test]
async fn guard_watches_every_agents_shell_tool_and_nothing_else() {
    let dir = tempfile::tempdir().expect("tempdir");
    let host = host(&["guard"], "", dir.path()).await;
    for tool in ["Bash", "run_shell_command", "shell", "bash"] {
        let out = host
            .dispatch(call("s", tool, json!({"command": "sudo id"})))
            .await;
        assert!(out.is_denied(), "{tool}: {out:?}");
    }
    // Codex sends the command as its words.
    let out = host
        .dispatch(call(
            "s",
            "shell",
            json!({"command": ["bash", "-lc", "sudo id"]}),
        ))
        .await;
    assert!(reason(&out).contains("`sudo id`"), "{out:?}");
    // Not a shell tool: the matcher keeps the guard out.
    let out = host
        .dispatch(call("s", "Read", json!({"command": "rm -rf /"})))
        .await;
    assert!(out.is_abstain(), "{out:?}");
    assert_eq!(out.hooks_run, 0);
}

#[tokio::test]
async fn guard_removes_no_verify_so_git_hooks_still_run() {
    let dir = tempfile::tempdir().expect("tempdir");
    let host = host(&["guard"], "", dir.path()).await;
    let out = host
        .dispatch(bash("s", "git add -A && git commit --no-verify -m 'wip'"))
        .await;
    assert!(!out.is_denied(), "not denied: {out:?}");
    assert_eq!(
        out.input.as_deref(),
        Some(&json!({"command": "git add -A && git commit -m 'wip'"})),
        "{out:?}"
    );
    assert_eq!(out.context.len(), 1, "the model is told why: {out:?}");
    assert!(out.context[0].text.contains("git hooks"), "{out:?}");
    // Codex's argument list loses the word too.
    let out = host
        .dispatch(call(
            "s",
            "shell",
            json!({"command": ["git", "push", "--no-verify", "origin", "topic"]}),
        ))
        .await;
    assert_eq!(
        out.input.as_deref(),
        Some(&json!({"command": ["git", "push", "origin", "topic"]})),
        "{out:?}"
    );
    // A flag the rewrite cannot cut exactly is refused, not guessed at.
    let out = host
        .dispatch(bash(
            "s",
            r#"git commit --no-verify -m "why --no-verify is bad""#,
        ))
        .await;
    assert!(reason(&out).contains("without `--no-verify`"), "{out:?}");
    assert_eq!(out.decided_by, decided_by("guard", "keep_git_hooks"));
    // A destructive line is still denied, whatever else it holds.
    let out = host
        .dispatch(bash("s", "git commit --no-verify -m x && sudo reboot"))
        .await;
    assert_eq!(out.decided_by, decided_by("guard", "refuse_destructive"));
}

#[tokio::test]
async fn guard_fails_closed_when_it_cannot_read_the_command() {
    let dir = tempfile::tempdir().expect("tempdir");
    let host = host(&["guard"], "", dir.path()).await;
    for arguments in [
        json!({}),
        json!({"command": 42}),
        json!({"command": ["ls", 1]}),
    ] {
        let out = host.dispatch(call("s", "Bash", arguments.clone())).await;
        assert!(out.is_denied(), "{arguments}: {out:?}");
        assert_eq!(out.decided_by, decided_by("guard", "refuse_destructive"));
        assert_eq!(out.failures.len(), 1, "{arguments}: {out:?}");
        assert!(
            out.failures[0].message.contains("command"),
            "{:?}",
            out.failures
        );
    }
}

#[tokio::test]
async fn guard_refuses_the_configured_prefixes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = "[plugins.guard]\ndeny_prefixes = [\"npm publish\", \"terraform destroy\"]\n";
    let host = host(&["guard"], config, dir.path()).await;
    let out = host
        .dispatch(bash("s", "npm test && npm publish --tag next"))
        .await;
    let text = reason(&out);
    assert!(text.contains("`npm publish --tag next`"), "{text}");
    assert!(text.contains("deny_prefixes"), "{text}");
    assert!(host.dispatch(bash("s", "npm install")).await.is_abstain());
}

// ----- doom-loop -----

#[tokio::test]
async fn doom_loop_denies_the_third_identical_call_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let host = host(&["doom-loop"], "", dir.path()).await;
    let first = host.dispatch(bash("s1", "cargo test")).await;
    let second = host.dispatch(bash("s1", "cargo test")).await;
    assert!(first.is_abstain() && second.is_abstain(), "{second:?}");
    let third = host.dispatch(bash("s1", "cargo test")).await;
    let text = reason(&third);
    assert!(
        text.contains("`Bash`") && text.contains("3 times in a row"),
        "{text}"
    );
    assert!(text.contains("Change approach"), "{text}");
    assert_eq!(third.decided_by, decided_by("doom-loop", "break_the_loop"));
    // It stays denied while the model insists.
    assert!(host.dispatch(bash("s1", "cargo test")).await.is_denied());
    // A different call breaks the streak.
    assert!(host.dispatch(bash("s1", "cargo check")).await.is_abstain());
    assert!(host.dispatch(bash("s1", "cargo test")).await.is_abstain());
}

#[tokio::test]
async fn doom_loop_keeps_sessions_apart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let host = host(&["doom-loop"], "", dir.path()).await;
    assert!(host.dispatch(bash("s1", "make")).await.is_abstain());
    assert!(host.dispatch(bash("s1", "make")).await.is_abstain());
    // Interleaved calls from another session neither break s1's streak
    // nor inherit it.
    assert!(host.dispatch(bash("s2", "make")).await.is_abstain());
    assert!(host.dispatch(bash("s1", "make")).await.is_denied());
    assert!(host.dispatch(bash("s2", "make")).await.is_abstain());
    assert!(host.dispatch(bash("s2", "make")).await.is_denied());
}

#[tokio::test]
async fn doom_loop_compares_arguments_as_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    let host = host(&["doom-loop"], "", dir.path()).await;
    let a: Value = serde_json::from_str(r#"{"file_path": "a.rs", "limit": 5}"#).expect("json");
    let b: Value = serde_json::from_str(r#"{"limit": 5, "file_path": "a.rs"}"#).expect("json");
    assert!(
        host.dispatch(call("s", "Read", a.clone()))
            .await
            .is_abstain()
    );
    assert!(host.dispatch(call("s", "Read", b)).await.is_abstain());
    assert!(host.dispatch(call("s", "Read", a)).await.is_denied());
}

#[tokio::test]
async fn doom_loop_forgets_a_session_that_ended() {
    let dir = tempfile::tempdir().expect("tempdir");
    let host = host(&["doom-loop"], "", dir.path()).await;
    for _ in 0..2 {
        assert!(host.dispatch(bash("s1", "ls")).await.is_abstain());
        assert!(host.dispatch(bash("s2", "ls")).await.is_abstain());
    }
    let ended = host.dispatch(SessionEnd::default().in_session("s1")).await;
    assert_eq!(ended.hooks_run, 1);
    assert!(
        host.dispatch(bash("s1", "ls")).await.is_abstain(),
        "s1 starts over"
    );
    assert!(
        host.dispatch(bash("s2", "ls")).await.is_denied(),
        "s2 is remembered"
    );
}

#[tokio::test]
async fn doom_loop_threshold_comes_from_the_config_and_is_checked() {
    let dir = tempfile::tempdir().expect("tempdir");
    let host = host(
        &["doom-loop"],
        "[plugins.doom-loop]\nthreshold = 2\n",
        dir.path(),
    )
    .await;
    assert!(host.dispatch(bash("s", "ls")).await.is_abstain());
    assert!(reason(&host.dispatch(bash("s", "ls")).await).contains("2 times in a row"));

    // Denying every call would be no threshold at all: the schema refuses it.
    let lenient = Host::builder()
        .registry(Registry::global().expect("registry").only(&["doom-loop"]))
        .agent_dir(dir.path())
        .config_toml("[plugins.doom-loop]\nthreshold = 1\n", "test.toml")
        .build()
        .await
        .expect("host builds");
    let plugin = lenient.plugin("doom-loop").expect("linked");
    assert!(
        matches!(plugin.status(), PluginStatus::Failed(p) if p.iter().any(|p| p.to_string().contains("threshold"))),
        "{:?}",
        plugin.status()
    );
}

// ----- read-before-edit -----

fn edit(session: &str, cwd: &Path, tool: &str, path: &str) -> BeforeToolCall {
    call(
        session,
        tool,
        json!({"file_path": path, "old_string": "1", "new_string": "2"}),
    )
    .in_dir(cwd)
}

fn after(
    session: &str,
    cwd: &Path,
    tool: &str,
    arguments: Value,
    response: Value,
) -> AfterToolCall {
    AfterToolCall {
        tool_name: tool.into(),
        arguments,
        response,
        ..Default::default()
    }
    .in_session(session)
    .in_dir(cwd)
}

#[tokio::test]
async fn read_before_edit_adds_context_only_for_unread_existing_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let project = dir.path();
    std::fs::create_dir(project.join("src")).expect("mkdir");
    std::fs::write(project.join("src/lib.rs"), "pub fn one() -> u8 { 1 }\n").expect("write");
    let host = host(&["read-before-edit"], "", project).await;

    // An existing file, not read: context, not a deny.
    let out = host
        .dispatch(edit("s1", project, "Edit", "src/lib.rs"))
        .await;
    assert!(out.is_abstain(), "{out:?}");
    let text = out.context_text();
    assert!(text.contains("`src/lib.rs` already exists"), "{text}");
    assert!(text.contains("Read it first"), "{text}");
    assert_eq!(out.context[0].hook.plugin, "read-before-edit");

    // A new file needs no reading.
    let out = host
        .dispatch(edit("s1", project, "Write", "src/new.rs"))
        .await;
    assert!(out.context.is_empty(), "{out:?}");

    // A read that failed does not count; one that succeeded does, under
    // any spelling of the path.
    let read = |response| {
        after(
            "s1",
            project,
            "Read",
            json!({"file_path": "src/lib.rs"}),
            response,
        )
    };
    let _ = host.dispatch(read(json!({"is_error": true}))).await;
    assert!(
        !host
            .dispatch(edit("s1", project, "Edit", "src/lib.rs"))
            .await
            .context
            .is_empty()
    );
    let _ = host.dispatch(read(json!({"content": "..."}))).await;
    let absolute = project.join("src/../src/lib.rs").display().to_string();
    let out = host
        .dispatch(edit("s1", project, "MultiEdit", &absolute))
        .await;
    assert!(out.context.is_empty(), "{out:?}");

    // Another session has not read it.
    let out = host
        .dispatch(edit("s2", project, "replace", "src/lib.rs"))
        .await;
    assert!(out.context_text().contains("`replace`"), "{out:?}");

    // Once s1 ends, its reads are forgotten.
    let _ = host.dispatch(SessionEnd::default().in_session("s1")).await;
    let out = host
        .dispatch(edit("s1", project, "Edit", "src/lib.rs"))
        .await;
    assert!(!out.context.is_empty(), "{out:?}");
}

#[tokio::test]
async fn read_before_edit_tool_lists_come_from_the_config() {
    let dir = tempfile::tempdir().expect("tempdir");
    let project = dir.path();
    std::fs::write(project.join("notes.md"), "hello\n").expect("write");
    let config = "[plugins.read-before-edit]\nread_tools = [\"peek\"]\nedit_tools = [\"poke\"]\n";
    let host = host(&["read-before-edit"], config, project).await;
    let poke = |session| call(session, "poke", json!({"path": "notes.md"})).in_dir(project);
    assert!(
        host.dispatch(edit("s", project, "Edit", "notes.md"))
            .await
            .context
            .is_empty()
    );
    assert!(
        host.dispatch(poke("s"))
            .await
            .context_text()
            .contains("`peek`")
    );
    let _ = host
        .dispatch(after(
            "s",
            project,
            "peek",
            json!({"path": "notes.md"}),
            json!("hello"),
        ))
        .await;
    assert!(host.dispatch(poke("s")).await.context.is_empty());
}

// ----- audit-logger -----

fn audit_lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .expect("audit log")
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

#[tokio::test]
async fn audit_writes_one_json_line_per_event_denied_ones_included() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config =
        format!("enabled = {ALL:?}\n[plugins.audit-logger]\npath = \"logs/audit.jsonl\"\n");
    let host = host(&ALL, &config, dir.path()).await;
    let _ = host.dispatch(bash("s1", "ls")).await;
    let denied = host.dispatch(bash("s1", "sudo ls")).await;
    assert!(denied.is_denied());
    let _ = host
        .dispatch(
            UserPromptSubmit {
                prompt: "fix the \"tests\"\nplease".into(),
                ..Default::default()
            }
            .in_session("s2"),
        )
        .await;
    let _ = host.dispatch(Stop::default().in_session("s2")).await;
    let _ = host.dispatch(SessionEnd::default().in_session("s1")).await;

    // The relative path is resolved against the agent folder.
    let lines = audit_lines(&dir.path().join("logs/audit.jsonl"));
    let points: Vec<&str> = lines
        .iter()
        .map(|l| l["point"].as_str().unwrap_or("?"))
        .collect();
    assert_eq!(
        points,
        [
            "before_tool_call",
            "before_tool_call",
            "user_prompt_submit",
            "stop",
            "session_end"
        ]
    );
    let sessions: Vec<&str> = lines
        .iter()
        .map(|l| l["session_id"].as_str().unwrap_or("?"))
        .collect();
    assert_eq!(sessions, ["s1", "s1", "s2", "s2", "s1"]);

    let deny = &lines[1];
    assert_eq!(deny["event"]["arguments"]["command"], "sudo ls");
    assert_eq!(deny["outcome"]["verdict"], "deny");
    assert_eq!(
        deny["outcome"]["reason"],
        denied.deny_reason().expect("reason")
    );
    assert_eq!(deny["outcome"]["decided_by"]["hook"]["plugin"], "guard");
    assert_eq!(lines[0]["outcome"]["verdict"], "abstain");
    assert_eq!(lines[2]["event"]["prompt"], "fix the \"tests\"\nplease");
    for line in &lines {
        assert!(line["ts"].as_f64().is_some_and(|t| t > 1.7e9), "{line}");
    }
}

#[tokio::test]
async fn audit_records_hook_failures_and_appends_across_hosts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = "enabled = [\"guard\", \"audit-logger\"]\n";
    for _ in 0..2 {
        let host = host(&["guard", "audit-logger"], config, dir.path()).await;
        // The guard cannot read this command, fails, and denies (closed).
        let out = host.dispatch(call("s", "Bash", json!({"cmd": "ls"}))).await;
        assert!(out.is_denied());
        host.shutdown().await;
    }
    let lines = audit_lines(&dir.path().join(".tackle/audit.jsonl"));
    assert_eq!(lines.len(), 2, "the second host appended");
    let failures = &lines[1]["outcome"]["failures"];
    assert_eq!(failures[0]["hook"]["plugin"], "guard", "{failures}");
    assert_eq!(failures[0]["kind"], "error", "{failures}");
}

#[tokio::test]
async fn audit_leaves_out_what_a_replay_dispatches() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = "enabled = [\"audit-logger\"]\n";
    let host = host(&["audit-logger"], config, dir.path()).await;
    let mut replayed = tackle::hook::SessionInfo::default();
    replayed.metadata.insert("replay".into(), Value::Bool(true));
    host.dispatch_with(bash("s", "ls"), &replayed).await;
    host.dispatch(bash("s", "pwd")).await;
    host.shutdown().await;
    let lines = audit_lines(&dir.path().join(".tackle/audit.jsonl"));
    assert_eq!(lines.len(), 1, "only the live event: {lines:?}");
    assert_eq!(lines[0]["event"]["arguments"]["command"], "pwd");
}

#[tokio::test]
async fn audit_that_cannot_open_its_file_is_switched_off_with_the_reason() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("blocker"), "").expect("write");
    let host = Host::builder()
        .registry(
            Registry::global()
                .expect("registry")
                .only(&["audit-logger"]),
        )
        .agent_dir(dir.path())
        .config_toml(
            "[plugins.audit-logger]\npath = \"blocker/audit.jsonl\"\n",
            "test.toml",
        )
        .build()
        .await
        .expect("host builds");
    let plugin = host.plugin("audit-logger").expect("linked");
    let PluginStatus::Failed(problems) = plugin.status() else {
        panic!("expected a failure, got {:?}", plugin.status());
    };
    let text = problems.iter().map(ToString::to_string).collect::<String>();
    assert!(text.contains("cannot open the audit log"), "{text}");
    assert!(text.contains("blocker"), "{text}");
}

// ----- together -----

#[tokio::test]
async fn the_four_plugins_work_together_in_host_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = format!("enabled = {ALL:?}\n");
    let host = host(&ALL, &config, dir.path()).await;
    assert_eq!(host.hooks().count(), 8);
    // The guard comes first and its deny ends the fold: doom-loop never
    // counts the refused call.
    for _ in 0..3 {
        let out = host.dispatch(bash("s", "sudo id")).await;
        assert_eq!(out.decided_by, decided_by("guard", "refuse_destructive"));
        assert_eq!(out.hooks_run, 1);
    }
    for _ in 0..2 {
        assert!(host.dispatch(bash("s", "cargo test")).await.is_abstain());
    }
    let out = host.dispatch(bash("s", "cargo test")).await;
    assert_eq!(out.decided_by, decided_by("doom-loop", "break_the_loop"));
    assert_eq!(
        audit_lines(&dir.path().join(".tackle/audit.jsonl")).len(),
        6
    );
}
