//! Real `sh` scripts, run as command hooks.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tackle::def::{AnyConfig, PluginDef};
use tackle::hook::{
    Action, AfterToolCall, AfterTurnComplete, BeforeToolCall, Decision, HookCall, HookDef,
    HookEvent, HookHandler, HookPoint, HookReturn, OnError, PermissionRequest, SessionEnd,
    SessionInfo, Stop, UserPromptSubmit,
};

use tackle::PluginInfo;
use tempfile::TempDir;

use super::input::claude_name;
use super::*;
use crate::testing_defs::{at, plugin};

static PLUGIN: PluginDef = PluginDef {
    location: at("plugins/careful/hooks/hooks.json", 1),
    ..plugin("careful")
};

fn unused(_: HookCall<'_>) -> HookReturn {
    Ok(Decision::abstain())
}

/// A hook at `point`, leaked: tests need few.
fn def(point: HookPoint) -> &'static HookDef {
    Box::leak(Box::new(HookDef {
        plugin: &PLUGIN,
        point,
        name: "command",
        description: "",
        matcher: None,
        args: None,
        order: 0,
        timeout_ms: None,
        on_error: OnError::Open,
        location: PLUGIN.location,
        handler: HookHandler::Sync(unused),
    }))
}

/// Runs `hook` for `event` as the host would.
async fn fire<E: HookEvent>(hook: &CommandHook, event: &E, session: &SessionInfo) -> HookReturn {
    let info = Arc::new(PluginInfo::new(&PLUGIN, PathBuf::new()));
    let config: AnyConfig = Arc::new(());
    let call = HookCall::new(event, session, &info, &config, None, def(E::POINT));
    run(hook, call).await
}

/// A plugin folder with `hook.sh` holding `script`.
struct Plugin {
    dir: TempDir,
}

impl Plugin {
    fn new(script: &str) -> Plugin {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join("hook.sh");
        std::fs::write(&path, format!("#!/bin/sh\n{script}\n")).expect("writes the script");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
            .expect("makes it executable");
        Plugin { dir }
    }

    /// A plugin whose script prints `reply` and exits 0.
    fn replying(reply: &Value) -> Plugin {
        let plugin = Plugin::new("cat \"$CLAUDE_PLUGIN_ROOT/reply\"");
        std::fs::write(plugin.path("reply"), reply.to_string()).expect("writes the reply");
        plugin
    }

    fn root(&self) -> &Path {
        self.dir.path()
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// The hook running `hook.sh`, as a Claude Code plugin names it.
    fn hook(&self) -> CommandHook {
        self.command("\"${CLAUDE_PLUGIN_ROOT}/hook.sh\"")
    }

    fn command(&self, command: &str) -> CommandHook {
        CommandHook {
            command: command.to_owned(),
            args: None,
            timeout: Duration::from_secs(10),
            root: self.root().to_path_buf(),
            origin: "plugins/careful/hooks/hooks.json: PreToolUse[0].hooks[0]".to_owned(),
        }
    }
}

fn bash(command: &str, cwd: &Path) -> BeforeToolCall {
    BeforeToolCall {
        session_id: "s1".into(),
        cwd: cwd.to_path_buf(),
        tool_name: "Bash".into(),
        arguments: json!({"command": command}),
        tool_use_id: Some("toolu_1".into()),
        ..BeforeToolCall::default()
    }
}

fn prompt(text: &str) -> UserPromptSubmit {
    UserPromptSubmit {
        session_id: "s1".into(),
        prompt: text.into(),
        ..UserPromptSubmit::default()
    }
}

fn session() -> SessionInfo {
    SessionInfo::default()
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).expect("the script wrote its stdin");
    serde_json::from_str(&text).expect("stdin was JSON")
}

#[tokio::test]
async fn the_command_reads_claudes_pre_tool_use_event() {
    let plugin = Plugin::new(
        "cat > \"$CLAUDE_PLUGIN_ROOT/in.json\"\n\
         pwd > \"$CLAUDE_PLUGIN_ROOT/pwd\"\n\
         echo \"$CLAUDE_PROJECT_DIR|$TACKLE_PLUGIN_ROOT\" > \"$CLAUDE_PLUGIN_ROOT/env\"",
    );
    let project = tempfile::tempdir().expect("a project dir");
    let mut session = session();
    session.transcript_path = Some("/home/u/.claude/t.jsonl".into());
    session
        .metadata
        .insert("permission_mode".into(), json!("default"));
    let reply = fire(&plugin.hook(), &bash("ls", project.path()), &session).await;
    assert_eq!(reply, Ok(Decision::abstain()));

    let input = read_json(&plugin.path("in.json"));
    let cwd = project.path().to_string_lossy();
    assert_eq!(
        input,
        json!({
            "hook_event_name": "PreToolUse",
            "session_id": "s1",
            "cwd": cwd,
            "transcript_path": "/home/u/.claude/t.jsonl",
            "permission_mode": "default",
            "tool_name": "Bash",
            "tool_input": {"command": "ls"},
            "tool_use_id": "toolu_1",
        })
    );
    let pwd = std::fs::read_to_string(plugin.path("pwd")).expect("pwd");
    assert_eq!(
        Path::new(pwd.trim()).canonicalize().ok(),
        project.path().canonicalize().ok()
    );
    let env = std::fs::read_to_string(plugin.path("env")).expect("env");
    assert_eq!(env.trim(), format!("{cwd}|{}", plugin.root().display()));
}

#[tokio::test]
async fn other_points_get_claudes_names_or_ours() {
    let plugin = Plugin::new("cat > \"$CLAUDE_PLUGIN_ROOT/in.json\"");
    let after = AfterToolCall {
        session_id: "s1".into(),
        tool_name: "Bash".into(),
        arguments: json!({"command": "ls"}),
        response: json!({"stdout": "a\nb", "stderr": "", "interrupted": false}),
        ..AfterToolCall::default()
    };
    let reply = fire(&plugin.hook(), &after, &session()).await;
    assert_eq!(reply, Ok(Decision::abstain()));
    let input = read_json(&plugin.path("in.json"));
    assert_eq!(input["hook_event_name"], "PostToolUse");
    assert_eq!(input["tool_input"], json!({"command": "ls"}));
    assert_eq!(input["tool_response"]["stdout"], "a\nb");
    assert!(input.get("response").is_none(), "{input}");
    assert!(input.get("duration_ms").is_none(), "{input}");

    // No `cwd` that exists: the command runs in the plugin's folder.
    let turn = AfterTurnComplete {
        session_id: "s2".into(),
        cwd: "/no/such/dir".into(),
        tool_calls: 3,
        ..AfterTurnComplete::default()
    };
    let reply = fire(&plugin.hook(), &turn, &session()).await;
    assert_eq!(reply, Ok(Decision::abstain()));
    let input = read_json(&plugin.path("in.json"));
    assert_eq!(
        input,
        json!({
            "hook_event_name": "after_turn_complete",
            "session_id": "s2",
            "cwd": "/no/such/dir",
            "tool_calls": 3,
        })
    );
}

#[test]
fn every_claude_event_is_one_point() {
    for event in tackle_spec::claude::EVENTS {
        let point = HookPoint::from_name(event).expect("a point");
        assert_eq!(claude_name(point), Some(event), "{event}");
    }
    assert_eq!(claude_name(HookPoint::TurnStart), None);
}

#[tokio::test]
async fn exit_2_refuses_with_stderr_as_the_reason() {
    let plugin = Plugin::new("echo 'no rm -rf here' >&2\nexit 2");
    let reply = fire(&plugin.hook(), &bash("rm -rf /", Path::new("")), &session()).await;
    assert_eq!(reply, Ok(Decision::deny("no rm -rf here")));

    let silent = Plugin::new("exit 2");
    let reply = fire(&silent.hook(), &bash("rm -rf /", Path::new("")), &session()).await;
    assert_eq!(
        reply,
        Ok(Decision::deny(
            "blocked by `plugins/careful/hooks/hooks.json: PreToolUse[0].hooks[0]`"
        ))
    );

    // An observer cannot refuse: exit 2 there is logged, and ignored.
    let end = SessionEnd {
        reason: Some("logout".into()),
        ..SessionEnd::default()
    };
    assert_eq!(
        fire(&plugin.hook(), &end, &session()).await,
        Ok(Decision::abstain())
    );
}

#[tokio::test]
async fn other_exit_codes_and_signals_are_errors() {
    let plugin = Plugin::new("echo 'jq: command not found' >&2\nexit 3");
    let err = fire(&plugin.hook(), &bash("ls", Path::new("")), &session())
        .await
        .expect_err("exit 3");
    assert_eq!(
        err,
        "`plugins/careful/hooks/hooks.json: PreToolUse[0].hooks[0]` exited with code 3: jq: command not found"
    );
    // The shell itself killed, and a script it ran.
    let err = fire(
        &plugin.command("kill -s TERM $$"),
        &bash("ls", Path::new("")),
        &session(),
    )
    .await
    .expect_err("killed");
    assert_eq!(
        err,
        "`plugins/careful/hooks/hooks.json: PreToolUse[0].hooks[0]` was killed by signal 15 (SIGTERM)"
    );
    let plugin = Plugin::new("kill -s KILL $$");
    let err = fire(&plugin.hook(), &bash("ls", Path::new("")), &session())
        .await
        .expect_err("killed");
    assert!(
        err.contains("exited with code 137 (what it ran was killed by signal 9, SIGKILL)"),
        "{err}"
    );
}

#[tokio::test]
async fn permission_decisions_deny_ask_and_allow() {
    let cases = [
        (
            json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "not on main"}}),
            Decision::deny("not on main"),
        ),
        (
            json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask", "permissionDecisionReason": "sure?"}}),
            Decision::ask_because("sure?"),
        ),
        (
            json!({"hookSpecificOutput": {"permissionDecision": "allow"}}),
            Decision::allow(),
        ),
        (
            json!({"hookSpecificOutput": {"permissionDecision": "defer"}}),
            Decision::abstain(),
        ),
        (json!({"decision": "approve"}), Decision::allow()),
        (
            json!({"decision": "block", "reason": "no"}),
            Decision::deny("no"),
        ),
        (
            json!({"continue": false, "stopReason": "halt"}),
            Decision::deny("halt"),
        ),
        (
            json!({"systemMessage": "hi", "suppressOutput": true}),
            Decision::abstain(),
        ),
    ];
    for (reply, expected) in cases {
        let plugin = Plugin::replying(&reply);
        let got = fire(&plugin.hook(), &bash("ls", Path::new("")), &session()).await;
        assert_eq!(got, Ok(expected), "{reply}");
    }
}

#[tokio::test]
async fn updated_input_rewrites_the_tool_arguments() {
    let plugin = Plugin::replying(&json!({
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "allow",
            "updatedInput": {"command": "ls -la"},
            "additionalContext": "listing instead",
        }
    }));
    let reply = fire(&plugin.hook(), &bash("ls", Path::new("")), &session()).await;
    let expected = Decision::modify(json!({"command": "ls -la"})).with_context("listing instead");
    assert_eq!(reply, Ok(expected.clone()));

    // The fold applies it through the event's `replace_input`.
    let mut event = bash("ls", Path::new(""));
    let Action::Modify { input } = expected.action else {
        panic!("a modify")
    };
    event.replace_input(input).expect("fits");
    assert_eq!(event.arguments, json!({"command": "ls -la"}));

    // PermissionRequest's own `decision` object.
    let request = PermissionRequest {
        tool_name: "Bash".into(),
        arguments: json!({"command": "ls"}),
        ..PermissionRequest::default()
    };
    let plugin = Plugin::replying(&json!({"hookSpecificOutput": {
        "hookEventName": "PermissionRequest",
        "decision": {"behavior": "allow", "updatedInput": {"command": "ls -a"}},
    }}));
    assert_eq!(
        fire(&plugin.hook(), &request, &session()).await,
        Ok(Decision::modify(json!({"command": "ls -a"})))
    );
    let plugin = Plugin::replying(&json!({"hookSpecificOutput": {
        "decision": {"behavior": "deny", "message": "not today"},
    }}));
    assert_eq!(
        fire(&plugin.hook(), &request, &session()).await,
        Ok(Decision::deny("not today"))
    );
    let plugin =
        Plugin::replying(&json!({"hookSpecificOutput": {"decision": {"behavior": "allow"}}}));
    assert_eq!(
        fire(&plugin.hook(), &request, &session()).await,
        Ok(Decision::allow())
    );
}

#[tokio::test]
async fn context_from_json_and_from_plain_stdout() {
    let plugin = Plugin::replying(&json!({
        "hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "Today is Monday."}
    }));
    assert_eq!(
        fire(&plugin.hook(), &prompt("hi"), &session()).await,
        Ok(Decision::context("Today is Monday."))
    );
    let plugin = Plugin::replying(&json!({"decision": "block", "reason": "no secrets in prompts"}));
    assert_eq!(
        fire(&plugin.hook(), &prompt("my key is 123"), &session()).await,
        Ok(Decision::deny("no secrets in prompts"))
    );

    // Plain stdout is context at UserPromptSubmit, and ignored before a tool.
    let plugin = Plugin::new("echo 'Branch: main'");
    assert_eq!(
        fire(&plugin.hook(), &prompt("hi"), &session()).await,
        Ok(Decision::context("Branch: main"))
    );
    assert_eq!(
        fire(&plugin.hook(), &bash("ls", Path::new("")), &session()).await,
        Ok(Decision::abstain())
    );
}

#[tokio::test]
async fn continue_false_at_stop_lets_it_stop() {
    let plugin = Plugin::replying(&json!({"continue": false, "stopReason": "done"}));
    let stop = Stop::default();
    assert_eq!(
        fire(&plugin.hook(), &stop, &session()).await,
        Ok(Decision::abstain())
    );
    let plugin = Plugin::replying(&json!({"decision": "block", "reason": "tests fail"}));
    assert_eq!(
        fire(&plugin.hook(), &stop, &session()).await,
        Ok(Decision::deny("tests fail"))
    );
}

#[tokio::test]
async fn bad_json_is_an_error_naming_the_field() {
    let cases = [
        (
            r#"{"decision": 3}"#,
            "`decision` must be one of \"approve\", \"block\", found 3",
        ),
        (
            r#"{"hookSpecificOutput": {"permissionDecision": "maybe"}}"#,
            "`hookSpecificOutput.permissionDecision` must be one of",
        ),
        (
            r#"{"hookSpecificOutput": {"updatedInput": "ls"}}"#,
            "`hookSpecificOutput.updatedInput` must be an object",
        ),
        (
            r#"{"hookSpecificOutput": {"hookEventName": "PostToolUse"}}"#,
            "is \"PostToolUse\", but the event is PreToolUse",
        ),
        (r#"{"continue": "no"}"#, "`continue` must be true or false"),
        (r#"{"decision": "block""#, "does not parse"),
    ];
    for (stdout, expected) in cases {
        let plugin = Plugin::new("cat \"$CLAUDE_PLUGIN_ROOT/reply\"");
        std::fs::write(plugin.path("reply"), stdout).expect("writes");
        let err = fire(&plugin.hook(), &bash("ls", Path::new("")), &session())
            .await
            .expect_err(stdout);
        assert!(err.contains(expected), "{stdout}: {err}");
        assert!(
            err.starts_with("`plugins/careful/hooks/hooks.json"),
            "{err}"
        );
    }
}

/// Whether any process of group `pgid` is alive.
fn group_alive(pgid: &str) -> bool {
    std::process::Command::new("/bin/sh")
        .arg("-c")
        .arg(format!("kill -0 -- -{pgid} 2>/dev/null"))
        .status()
        .is_ok_and(|s| s.success())
}

#[tokio::test]
async fn a_command_past_its_timeout_is_killed_with_its_children() {
    // The shell starts a background sleep and waits: both must die.
    let plugin = Plugin::new("echo $$ > \"$CLAUDE_PLUGIN_ROOT/pgid\"\nsleep 30 &\nsleep 30\nwait");
    let mut hook = plugin.hook();
    hook.timeout = Duration::from_millis(200);
    let start = Instant::now();
    let err = fire(&hook, &bash("ls", Path::new("")), &session())
        .await
        .expect_err("timed out");
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(
        err,
        "`plugins/careful/hooks/hooks.json: PreToolUse[0].hooks[0]` did not finish within 0.2 s (killed)"
    );
    let pgid = std::fs::read_to_string(plugin.path("pgid")).expect("pgid");
    let pgid = pgid.trim();
    let deadline = Instant::now() + Duration::from_secs(1);
    while group_alive(pgid) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!group_alive(pgid), "process group {pgid} is still alive");
}

#[tokio::test]
async fn dropping_the_hook_kills_the_command() {
    let plugin = Plugin::new("echo $$ > \"$CLAUDE_PLUGIN_ROOT/pgid\"\nsleep 30");
    let hook = plugin.hook();
    let event = bash("ls", Path::new(""));
    let session = session();
    let dropped =
        tokio::time::timeout(Duration::from_millis(300), fire(&hook, &event, &session)).await;
    assert!(dropped.is_err(), "the host's own timeout dropped it");
    let pgid = std::fs::read_to_string(plugin.path("pgid")).expect("pgid");
    let deadline = Instant::now() + Duration::from_secs(2);
    while group_alive(pgid.trim()) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!group_alive(pgid.trim()));
}

#[tokio::test]
async fn output_is_capped_and_says_so() {
    // 3 MiB of `x` on stdout, as plain context.
    let plugin = Plugin::new("head -c 3145728 /dev/zero | tr '\\0' x");
    let reply = fire(&plugin.hook(), &prompt("hi"), &session())
        .await
        .expect("runs");
    let context = reply.context.expect("context");
    assert!(context.starts_with("xxxx"));
    assert!(context.len() < MAX_OUTPUT_BYTES + 200, "{}", context.len());
    assert!(
        context.ends_with("[cut: 2097152 more bytes were dropped past the 1024 KiB cap]"),
        "{}",
        &context[context.len() - 100..]
    );
}

#[tokio::test]
async fn a_command_that_ignores_a_large_stdin_does_not_hang() {
    let plugin = Plugin::new("echo ok");
    let big = prompt(&"p".repeat(4 * 1024 * 1024));
    let start = Instant::now();
    let reply = fire(&plugin.hook(), &big, &session()).await;
    assert_eq!(reply, Ok(Decision::context("ok")));
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[test]
fn it_runs_on_the_hook_binarys_runtime_which_has_only_timers() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime");
    let plugin = Plugin::new("echo 'Branch: main'");
    let reply = runtime.block_on(fire(&plugin.hook(), &prompt("hi"), &session()));
    assert_eq!(reply, Ok(Decision::context("Branch: main")));
}

#[test]
fn the_hook_future_is_send() {
    fn send<T: Send>(_: &T) {}
    let plugin = Plugin::new("true");
    let hook = plugin.hook();
    let event = prompt("hi");
    let session = session();
    send(&fire(&hook, &event, &session));
}

#[tokio::test]
async fn plugin_root_reaches_the_command_as_variables() {
    let plugin = Plugin::new("echo \"$1|$2\"");
    let hook = plugin
        .command("\"${PLUGIN_ROOT}/hook.sh\" \"$CLAUDE_PLUGIN_ROOT\" '${CLAUDE_PLUGIN_ROOT}'");
    let root = plugin.root().display().to_string();
    // Single quotes keep the variable's name, as in a shell: the folder is
    // never pasted into the command's text.
    assert_eq!(
        fire(&hook, &prompt("hi"), &session()).await,
        Ok(Decision::context(format!("{root}|${{CLAUDE_PLUGIN_ROOT}}")))
    );
}

/// Every character a shell treats specially, and a command substitution
/// of each kind: a folder named so must run its hook and nothing else.
#[tokio::test]
async fn a_folder_named_with_shell_syntax_runs_only_its_hook() {
    let parent = tempfile::tempdir().expect("a temp dir");
    let root = parent
        .path()
        .join("c$(touch cs) `touch bt` \"dq\" 'sq' ; touch semi & | < > * ? \\ $HOME\nline");
    std::fs::create_dir_all(&root).expect("creates the folder");
    let script = root.join("hook.sh");
    std::fs::write(&script, "#!/bin/sh\necho \"ran in $CLAUDE_PLUGIN_ROOT\"\n").expect("writes");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let work = parent.path().join("work");
    std::fs::create_dir_all(&work).expect("creates the work folder");
    for command in [
        "\"${CLAUDE_PLUGIN_ROOT}/hook.sh\"",
        "\"$PLUGIN_ROOT/hook.sh\"",
        "\"${TACKLE_PLUGIN_ROOT}\"/hook.sh",
    ] {
        let hook = CommandHook {
            command: command.to_owned(),
            args: None,
            timeout: Duration::from_secs(10),
            root: root.clone(),
            origin: "plugins/odd/hooks/hooks.json: UserPromptSubmit[0].hooks[0]".to_owned(),
        };
        assert_eq!(check(&hook), Vec::<String>::new(), "{command}");
        let mut event = prompt("hi");
        event.cwd = work.clone();
        let reply = fire(&hook, &event, &session()).await;
        assert_eq!(
            reply,
            Ok(Decision::context(format!("ran in {}", root.display()))),
            "{command}"
        );
        for marker in ["cs", "bt", "semi"] {
            assert!(
                !work.join(marker).exists() && !root.join(marker).exists(),
                "{command}: the folder's name ran `touch {marker}`"
            );
        }
    }
    // Claude Code's exec form: the placeholder filled in as text, no shell.
    let hook = CommandHook {
        command: "${CLAUDE_PLUGIN_ROOT}/hook.sh".to_owned(),
        args: Some(vec!["${PLUGIN_ROOT}".to_owned()]),
        timeout: Duration::from_secs(10),
        root: root.clone(),
        origin: "plugins/odd/hooks/hooks.json: UserPromptSubmit[0].hooks[0]".to_owned(),
    };
    assert_eq!(check(&hook), Vec::<String>::new());
    let mut event = prompt("hi");
    event.cwd = work.clone();
    assert_eq!(
        fire(&hook, &event, &session()).await,
        Ok(Decision::context(format!("ran in {}", root.display())))
    );
    assert!(!work.join("cs").exists() && !work.join("bt").exists());
}

#[tokio::test]
async fn exec_form_runs_the_program_with_its_arguments_and_no_shell() {
    let plugin = Plugin::new("printf '%s|' \"$@\"");
    let mut hook = plugin.command("${CLAUDE_PLUGIN_ROOT}/hook.sh");
    hook.args = Some(vec![
        "a b".to_owned(),
        "$(touch pwned)".to_owned(),
        "${PLUGIN_ROOT}".to_owned(),
    ]);
    let root = plugin.root().display().to_string();
    assert_eq!(
        fire(&hook, &prompt("hi"), &session()).await,
        Ok(Decision::context(format!("a b|$(touch pwned)|{root}|")))
    );
    assert!(!plugin.path("pwned").exists());
    hook.command = "${CLAUDE_PLUGIN_ROOT}/missing.sh".to_owned();
    assert_eq!(
        check(&hook),
        vec![format!(
            "`plugins/careful/hooks/hooks.json: PreToolUse[0].hooks[0]`: the program `{root}/missing.sh` does not exist"
        )]
    );
}

#[test]
fn check_finds_what_would_stop_a_command() {
    let plugin = Plugin::new("true");
    std::fs::write(plugin.path("plain.sh"), "true").expect("writes");
    let origin = "`plugins/careful/hooks/hooks.json: PreToolUse[0].hooks[0]`";
    let root = plugin.root().display();
    let problems = |command: &str| check(&plugin.command(command));

    assert_eq!(
        problems("\"${CLAUDE_PLUGIN_ROOT}/hook.sh\" --fast"),
        Vec::<String>::new()
    );
    assert_eq!(
        problems("\"$CLAUDE_PLUGIN_ROOT/hook.sh\""),
        Vec::<String>::new()
    );
    assert_eq!(problems("FOO=1 sh -c 'exit 0'"), Vec::<String>::new());
    assert_eq!(problems("echo hi | jq-free-pipe"), Vec::<String>::new());
    assert_eq!(problems("if true; then echo; fi"), Vec::<String>::new());
    assert_eq!(problems("$HOME/bin/x"), Vec::<String>::new());
    assert_eq!(problems("./relative/x"), Vec::<String>::new());

    assert_eq!(
        problems("${CLAUDE_PLUGIN_ROOT}/missing.sh"),
        vec![format!(
            "{origin}: the program `{root}/missing.sh` does not exist"
        )]
    );
    assert_eq!(
        problems("FOO=1 \"${CLAUDE_PLUGIN_ROOT}/plain.sh\""),
        vec![format!(
            "{origin}: the program `{root}/plain.sh` is not executable (`chmod +x` it)"
        )]
    );
    assert_eq!(
        problems("${CLAUDE_PLUGIN_ROOT}"),
        vec![format!("{origin}: the program `{root}` is a directory")]
    );
    assert_eq!(
        problems("no-such-program-tackle-test --x"),
        vec![format!(
            "{origin}: the program `no-such-program-tackle-test` is not on PATH"
        )]
    );
    assert_eq!(
        problems("  "),
        vec![format!("{origin}: the command is empty")]
    );
    let unclosed = problems("echo \"it's");
    assert_eq!(unclosed.len(), 1);
    assert!(
        unclosed[0].contains("unclosed double quote"),
        "{unclosed:?}"
    );
    let unclosed = problems("echo it's # fine? no");
    assert!(
        unclosed[0].contains("unclosed single quote"),
        "{unclosed:?}"
    );
    assert_eq!(problems("echo ok # it's a comment"), Vec::<String>::new());
}
