//! The hook command on bad input, with and without a fail-closed hook, and
//! the order in which one native event runs its points.

mod agent_hooks {
    pub mod run;
}

use std::path::Path;

use agent_hooks::run::{GUARD_HOST, HOOK_ONLY_HOST, HOST, Opts, Run, fixtures, fixtures_dir, hook};

/// Each agent's tool-call event, and a wrong type at its tool-name field.
const TOOL_EVENTS: [(&str, &str, &str); 13] = [
    (
        "claude",
        "PreToolUse",
        r#"{"session_id":"s","tool_name":42,"tool_input":{}}"#,
    ),
    (
        "gemini",
        "BeforeTool",
        r#"{"session_id":"s","tool_name":42,"tool_input":{}}"#,
    ),
    (
        "codex",
        "PreToolUse",
        r#"{"session_id":"s","tool_name":42,"tool_input":{}}"#,
    ),
    (
        "copilot",
        "preToolUse",
        r#"{"timestamp":1,"toolName":42,"toolArgs":"{}"}"#,
    ),
    (
        "kimi",
        "PreToolUse",
        r#"{"session_id":"s","tool_name":42,"tool_input":{}}"#,
    ),
    (
        "qwen",
        "PreToolUse",
        r#"{"session_id":"s","tool_name":42,"tool_input":{}}"#,
    ),
    (
        "droid",
        "PreToolUse",
        r#"{"session_id":"s","tool_name":42,"tool_input":{}}"#,
    ),
    (
        "opencode",
        "tool.execute.before",
        r#"{"session_id":"s","tool_name":42,"tool_input":{}}"#,
    ),
    (
        "kilo",
        "tool.execute.before",
        r#"{"session_id":"s","tool_name":42,"tool_input":{}}"#,
    ),
    (
        "crush",
        "PreToolUse",
        r#"{"event":"PreToolUse","session_id":"s","tool_name":42,"tool_input":{}}"#,
    ),
    (
        "auggie",
        "PreToolUse",
        r#"{"hook_event_name":"PreToolUse","conversation_id":"s","workspace_roots":["/p"],"tool_name":42,"tool_input":{}}"#,
    ),
    (
        "pi",
        "tool_call",
        r#"{"session_id":"s","tool_name":42,"tool_input":{}}"#,
    ),
    (
        "cline",
        "PreToolUse",
        r#"{"taskId":"s","tool_call":{"id":"c","name":42,"input":{}}}"#,
    ),
];

/// Bad inputs and a piece of the message each must give.
fn bad_inputs(wrong_type: &str) -> Vec<(Vec<u8>, &'static str)> {
    vec![
        (b"{\"session_id\": ".to_vec(), "not valid JSON"),
        (Vec::new(), "stdin is empty"),
        (b"[1, 2]".to_vec(), "must be a JSON object"),
        (wrong_type.as_bytes().to_vec(), "invalid type: integer `42`"),
        // A tool call with no tool: bad input, never an allow.
        (b"{}".to_vec(), "missing field `tool_name`"),
    ]
}

/// More than the 16 MiB a hook reads: a JSON string that never ends.
fn oversize() -> Vec<u8> {
    let mut bytes = b"{\"pad\":\"".to_vec();
    bytes.resize(16 * 1024 * 1024 + 64, b'x');
    bytes
}

/// The exit code of an error the agent must not take as a decision.
fn non_blocking(agent: &str) -> i32 {
    if agent == "copilot" { 0 } else { 1 }
}

/// Whether `run` is `agent`'s refusal of a tool call.
fn refused(agent: &str, run: &Run) -> bool {
    match agent {
        "kimi" => run.code == 2 && !run.stderr.trim().is_empty(),
        "claude" | "codex" | "qwen" | "droid" | "crush" | "auggie" => {
            run.code == 0 && run.json()["hookSpecificOutput"]["permissionDecision"] == "deny"
        }
        "copilot" => run.code == 0 && run.json()["permissionDecision"] == "deny",
        "cline" => run.code == 0 && run.json()["cancel"] == true,
        _ => run.code == 0 && run.json()["decision"] == "deny",
    }
}

#[test]
fn bad_input_is_reported_and_lets_the_agent_carry_on() {
    for (agent, event, wrong_type) in TOOL_EVENTS {
        let mut inputs = bad_inputs(wrong_type);
        inputs.push((oversize(), "larger than 16 MiB"));
        for (input, message) in inputs {
            let run = hook(HOST, &[agent, event], input, &Opts::default());
            assert_eq!(run.code, non_blocking(agent), "{agent} {message}: {run:?}");
            assert_eq!(run.stdout, "", "{agent} {message}");
            assert!(run.stderr.contains(message), "{agent} {message}: {run:?}");
            assert!(run.stderr.starts_with("tackle: "), "{agent}: {run:?}");
        }
    }
}

#[test]
fn a_wrong_field_type_names_the_field() {
    let (_, _, wrong_type) = TOOL_EVENTS[0];
    let run = hook(
        HOST,
        &["claude", "PreToolUse"],
        wrong_type.as_bytes().to_vec(),
        &Opts::default(),
    );
    assert!(run.stderr.contains("`tool_name`"), "{run:?}");
    // The first point the event reaches is the permission check.
    assert!(
        run.stderr.contains("does not fit `permission_request`"),
        "{run:?}"
    );
}

#[test]
fn bad_input_is_refused_when_a_fail_closed_hook_was_to_see_it() {
    for (agent, event, wrong_type) in TOOL_EVENTS {
        let mut inputs = bad_inputs(wrong_type);
        inputs.push((oversize(), "larger than 16 MiB"));
        for (input, message) in inputs {
            let run = hook(GUARD_HOST, &[agent, event], input, &Opts::default());
            assert!(refused(agent, &run), "{agent} {message}: {run:?}");
            let said = format!("{}{}", run.stdout, run.stderr);
            assert!(
                said.contains("guard::refuse_destructive"),
                "{agent}: {said}"
            );
            assert!(said.contains(message), "{agent}: {said}");
        }
    }
}

#[test]
fn bad_input_at_an_event_no_fail_closed_hook_sees_is_not_refused() {
    let run = hook(
        GUARD_HOST,
        &["claude", "Stop"],
        b"{oops".to_vec(),
        &Opts::default(),
    );
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{run:?}");
}

#[test]
fn unknown_events_and_agents_are_named_with_what_exists() {
    let run = hook(
        HOST,
        &["claude", "PreToolUs"],
        b"{}".to_vec(),
        &Opts::default(),
    );
    assert_eq!(run.code, 1, "{run:?}");
    assert!(run.stderr.contains("`PreToolUse`"), "{run:?}");
    let run = hook(
        HOST,
        &["copilot", "PreToolUse"],
        b"{}".to_vec(),
        &Opts::default(),
    );
    assert_eq!(
        run.code, 0,
        "Copilot refuses a tool whose hook fails: {run:?}"
    );
    assert!(run.stderr.contains("`preToolUse`"), "{run:?}");
    let run = hook(
        HOST,
        &["claud", "PreToolUse"],
        b"{}".to_vec(),
        &Opts::default(),
    );
    assert_eq!(run.code, 1, "{run:?}");
    assert!(run.stderr.contains("unknown agent `claud`"), "{run:?}");
    assert!(run.stderr.contains("`claude`"), "{run:?}");
}

/// The sudo call of the issue, as Claude Code sends it.
const SUDO: &[u8] = br#"{"session_id":"s","cwd":".","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"sudo rm -rf ./v"}}"#;

#[test]
fn an_event_or_agent_tackle_does_not_know_is_refused_where_a_fail_closed_hook_could_apply() {
    // Any event of the agent could be meant: guard's `before_tool_call`
    // is one of Claude Code's. The agent's event is unknown, so the block
    // is exit code 2 with the reason on stderr.
    for (args, said) in [
        (
            ["claude", "PreToolUs"],
            "Claude Code has no hook event `PreToolUs`",
        ),
        (
            ["copilot", "PreToolUse"],
            "Copilot CLI has no hook event `PreToolUse`",
        ),
        (["claud", "PreToolUse"], "unknown agent `claud`"),
    ] {
        let run = hook(GUARD_HOST, &args, SUDO.to_vec(), &Opts::default());
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (2, ""),
            "{args:?}: {run:?}"
        );
        assert!(
            run.stderr.starts_with("tackle could not handle"),
            "{args:?}: {run:?}"
        );
        assert!(run.stderr.contains(said), "{args:?}: {run:?}");
        assert!(
            run.stderr
                .contains("`guard::refuse_destructive` fails closed"),
            "{args:?}: {run:?}"
        );
    }
}

#[test]
fn claude_codes_real_mcp_payload_passes_a_fail_closed_guard() {
    // Recorded live (`live_claude.rs`): Claude Code's `mcp_server` is an
    // object; metadata of any shape must not make the event unreadable,
    // which the guard (fail-closed) would refuse.
    let (fixtures, _) = fixtures();
    let live = fixtures
        .iter()
        .find(|f| f.agent == "claude" && f.name().ends_with("-mcp") && f.name().contains(".live-"))
        .expect("a live MCP payload of Claude Code");
    assert!(live.payload().windows(12).any(|w| w == b"\"mcp_server\""));
    let run = live.run(GUARD_HOST, &Opts::default());
    assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{run:?}");
}

#[test]
fn qwen_codes_two_call_ids_pass_a_fail_closed_guard() {
    // Qwen Code sends `tool_use_id` (its own) and `tool_call_id` (the
    // model's), with different values: one field, read, not a refusal.
    let (fixtures, _) = fixtures();
    let recorded = fixtures
        .iter()
        .find(|f| f.agent == "qwen" && f.name() == "qwen/PreToolUse")
        .expect("Qwen's recorded PreToolUse");
    let payload: serde_json::Value = serde_json::from_slice(&recorded.payload()).expect("JSON");
    assert!(
        payload["tool_use_id"].is_string()
            && payload["tool_call_id"].is_string()
            && payload["tool_use_id"] != payload["tool_call_id"],
        "{payload}"
    );
    let run = recorded.run(GUARD_HOST, &Opts::default());
    assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{run:?}");
    // Droid sends no id at all.
    let droid = fixtures
        .iter()
        .find(|f| f.agent == "droid" && f.name() == "droid/PreToolUse")
        .expect("Droid's PreToolUse");
    let run = droid.run(GUARD_HOST, &Opts::default());
    assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{run:?}");
}

#[test]
fn a_bash_matcher_fires_on_qwen_s_and_droid_s_shell_tools() {
    // The guard's hook matches `Bash`; each agent calls its shell by its
    // own name, and the refusal comes back in the agent's reply format.
    for (agent, shell) in [("qwen", "run_shell_command"), ("droid", "Execute")] {
        let event = serde_json::json!({
            "session_id": "s", "cwd": "/tmp", "hook_event_name": "PreToolUse",
            "tool_name": shell, "tool_input": {"command": "rm -rf /"},
        });
        let run = hook(
            GUARD_HOST,
            &[agent, "PreToolUse"],
            serde_json::to_vec(&event).expect("JSON"),
            &Opts::default(),
        );
        assert!(refused(agent, &run), "{agent}: {run:?}");
        let reply = run.json();
        let reason = reply["hookSpecificOutput"]["permissionDecisionReason"]
            .as_str()
            .unwrap_or_default();
        assert!(!reason.is_empty(), "{agent}: {reply}");
        assert!(reply.get("decision").is_none(), "{agent}: {reply}");
        // Another tool is not the guard's.
        let mut read = event.clone();
        read["tool_name"] = serde_json::json!(if agent == "qwen" { "read_file" } else { "Read" });
        read["tool_input"] = serde_json::json!({"file_path": "rm -rf /"});
        let run = hook(
            GUARD_HOST,
            &[agent, "PreToolUse"],
            serde_json::to_vec(&read).expect("JSON"),
            &Opts::default(),
        );
        assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{agent}: {run:?}");
    }
}

#[test]
fn a_bash_matcher_fires_on_cline_s_run_commands_and_judges_each_command() {
    // Cline's payload nests the call (`tool_call: {id, name, input}`), and
    // its shell takes a list: the guard sees each command, and its
    // refusal is Cline's `cancel` with the reason.
    let call = |name: &str, input: serde_json::Value| {
        let event = serde_json::json!({
            "taskId": "t", "workspaceRoots": ["/tmp"], "hookName": "tool_call",
            "tool_call": {"id": "c1", "name": name, "input": input},
        });
        hook(
            GUARD_HOST,
            &["cline", "PreToolUse"],
            serde_json::to_vec(&event).expect("JSON"),
            &Opts::default(),
        )
    };
    let run = call(
        "run_commands",
        serde_json::json!({"commands": ["echo hi", {"command": "sudo", "args": ["rm", "-rf", "/"]}]}),
    );
    assert!(refused("cline", &run), "{run:?}");
    let reason = run.json()["errorMessage"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        reason.starts_with("guard refused") && reason.contains("sudo"),
        "{reason}"
    );
    assert!(run.stderr.contains("ends the task"), "{run:?}");
    let run = call(
        "run_commands",
        serde_json::json!({"commands": ["echo hi", "ls"]}),
    );
    assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{run:?}");
    // Another tool is not the guard's.
    let run = call(
        "read_files",
        serde_json::json!({"files": [{"path": "sudo rm -rf /"}]}),
    );
    assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{run:?}");
}

/// `hook` arguments the binary cannot read.
const BAD_ARGUMENTS: [&[&str]; 5] = [
    &[],
    &["claude"],
    &["claude", "PreToolUse", "extra"],
    &["claude", "PreToolUse", "--verbose"],
    &["--x", "claude", "PreToolUse"],
];

#[test]
fn hook_arguments_that_cannot_be_read_are_refused_where_a_fail_closed_hook_could_apply() {
    for args in BAD_ARGUMENTS {
        let run = hook(GUARD_HOST, args, SUDO.to_vec(), &Opts::default());
        assert_eq!(run.code, 2, "hook {args:?}: {run:?}");
        assert!(run.stderr.contains("usage"), "hook {args:?}: {run:?}");
        assert!(
            run.stderr
                .contains("`guard::refuse_destructive` fails closed"),
            "hook {args:?}: {run:?}"
        );
    }
}

#[test]
fn a_registry_that_fails_to_build_refuses_what_a_fail_closed_hook_guards() {
    // `textkit` and `clash` both declare `word_count`; `guard` is linked too.
    let clash = env!("CARGO_BIN_EXE_tackle-clash-host");
    let run = hook(
        clash,
        &["claude", "PreToolUse"],
        SUDO.to_vec(),
        &Opts::default(),
    );
    assert!(refused("claude", &run), "{run:?}");
    let reason = run.json()["hookSpecificOutput"]["permissionDecisionReason"].to_string();
    assert!(
        reason.contains("tool name `word_count` is used twice"),
        "{reason}"
    );
    assert!(
        reason.contains("`guard::refuse_destructive` fails closed"),
        "{reason}"
    );
    // Where no fail-closed hook is, the failure is reported, not a block.
    let run = hook(clash, &["claude", "Stop"], b"{}".to_vec(), &Opts::default());
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{run:?}");
    assert!(run.stderr.contains("is used twice"), "{run:?}");
}

#[test]
fn missing_arguments_are_reported_not_blocked_where_no_hook_fails_closed() {
    for args in BAD_ARGUMENTS {
        let run = hook(HOST, args, b"{}".to_vec(), &Opts::default());
        assert_eq!(run.code, 1, "hook {args:?}: {run:?}");
        assert!(run.stderr.contains("usage"), "hook {args:?}: {run:?}");
    }
}

#[test]
fn a_hook_only_binary_reads_bad_hook_arguments_as_the_full_binary_does() {
    for args in BAD_ARGUMENTS {
        let full = hook(HOST, args, b"{}".to_vec(), &Opts::default());
        let hook_only = hook(HOOK_ONLY_HOST, args, b"{}".to_vec(), &Opts::default());
        assert_eq!(full.code, 1, "hook {args:?}: {full:?}");
        assert_eq!(
            (hook_only.code, &hook_only.stdout, &hook_only.stderr),
            (full.code, &full.stdout, &full.stderr),
            "hook {args:?}"
        );
    }
}

#[test]
fn a_hook_only_binary_refuses_any_other_command_saying_what_it_is() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(HOOK_ONLY_HOST)
            .args(args)
            .env_remove("TACKLE_AGENT_DIR")
            .output()
            .expect("run the hook-only host");
        let text = |b: Vec<u8>| String::from_utf8(b).expect("utf8");
        (out.status.code(), text(out.stdout), text(out.stderr))
    };
    // Without arguments it did nothing, and says so: exit 0, which no
    // agent reads as a refusal (Copilot CLI refuses on any other code).
    let (code, stdout, stderr) = run(&[]);
    assert_eq!((code, stdout.as_str()), (Some(0), ""), "{stderr}");
    assert!(
        stderr.starts_with(
            "`tackle-agent-hook-only-host` answers coding agents' hooks and nothing else."
        ) && stderr.contains("It was run without arguments, so it did nothing"),
        "{stderr}"
    );
    for args in [&["list"][..], &["mcp"]] {
        let (code, stdout, stderr) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert_eq!(stdout, "", "{args:?}");
        assert!(
            stderr.starts_with(
                "error: `tackle-agent-hook-only-host` answers coding agents' hooks and nothing else."
            ),
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.contains("usage: tackle-agent-hook-only-host hook <AGENT> <EVENT>"),
            "{args:?}: {stderr}"
        );
    }
    let (code, stdout, stderr) = run(&["--help"]);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    assert!(stdout.contains("hook <AGENT> <EVENT>"), "{stdout}");
}

#[test]
fn an_invalid_config_of_a_plugin_with_a_fail_closed_hook_refuses_its_events() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = dir.path().join("tackle.toml");
    std::fs::write(&config, "[plugins.guard]\ndeny_prefixes = 5\n").expect("write config");
    let opts = Opts {
        env: vec![("TACKLE_CONFIG", config.as_path())],
    };
    let payload = fixtures_dir().join("claude/PreToolUse.json");
    let run = hook(
        GUARD_HOST,
        &["claude", "PreToolUse"],
        std::fs::read(payload).expect("fixture"),
        &opts,
    );
    assert!(refused("claude", &run), "{run:?}");
    let reason = run.json()["hookSpecificOutput"]["permissionDecisionReason"].to_string();
    assert!(reason.contains("plugin `guard` is off"), "{reason}");
    assert!(reason.contains("guard::refuse_destructive"), "{reason}");
    // A call its matcher does not select (guard watches the shell) goes on.
    let read = br#"{"session_id":"s","cwd":"/tmp","hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/tmp/a"}}"#;
    let run = hook(GUARD_HOST, &["claude", "PreToolUse"], read.to_vec(), &opts);
    assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{run:?}");
    // Where none of its hooks runs, the rest of the host carries on.
    let payload = fixtures_dir().join("claude/Stop.json");
    let run = hook(
        GUARD_HOST,
        &["claude", "Stop"],
        std::fs::read(payload).expect("fixture"),
        &opts,
    );
    assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{run:?}");
}

/// Runs a fixture with the observers' log on; the log's lines.
fn observed(fixture: &str) -> (Run, Vec<String>) {
    let dir = tempfile::tempdir().expect("tempdir");
    let log = dir.path().join("seen.log");
    let (agent, file) = fixture.split_once('/').expect("agent/file");
    let path = fixtures_dir().join(format!("{fixture}.json"));
    let (all, _) = fixtures();
    let found = all
        .iter()
        .find(|f| f.path == path)
        .unwrap_or_else(|| panic!("no fixture {fixture}"));
    assert_eq!(found.agent, agent, "{file}");
    let run = found.run(
        HOST,
        &Opts {
            env: vec![("AGENTISH_LOG", log.as_path())],
        },
    );
    (run, lines(&log))
}

fn lines(log: &Path) -> Vec<String> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_native_event_reaches_the_catch_all_observer() {
    let (all, _) = fixtures();
    for fixture in all.iter().filter(|f| f.name().ends_with(f.event)) {
        let (_, seen) = observed(&fixture.name());
        assert!(
            seen.iter().any(|l| l.starts_with("event ")),
            "{}: {seen:?}",
            fixture.name()
        );
    }
}

#[test]
fn gemini_checks_permission_before_the_tool_hooks_and_a_rule_deny_wins() {
    let (run, seen) = observed("gemini/BeforeTool.rule");
    assert_eq!(run.json()["decision"], "deny", "{run:?}");
    assert!(
        run.json()["reason"].to_string().contains("permission rule"),
        "{run:?}"
    );
    assert!(
        seen.contains(&"event permission_request".to_owned()),
        "{seen:?}"
    );
    assert!(
        !seen.iter().any(|l| l.contains("before_tool_call")),
        "the tool hooks ran after a refusal: {seen:?}"
    );
    // Without a refusal both run, permission first.
    let (_, seen) = observed("gemini/BeforeTool");
    let at = |line: &str| seen.iter().position(|l| l == line);
    let (permission, tool) = (at("event permission_request"), at("event before_tool_call"));
    assert!(permission.is_some() && permission < tool, "{seen:?}");
}

#[test]
fn a_refused_stop_does_not_end_the_turn() {
    let (run, seen) = observed("claude/Stop.deny");
    assert_eq!(run.json()["decision"], "block", "{run:?}");
    assert!(!seen.iter().any(|l| l.starts_with("turn_end")), "{seen:?}");
    let (_, seen) = observed("claude/Stop");
    assert!(seen.iter().any(|l| l.starts_with("turn_end")), "{seen:?}");
}

#[test]
fn only_an_idle_notification_is_session_idle() {
    let (_, seen) = observed("claude/Notification.idle");
    assert!(
        seen.contains(&"notification idle_prompt".to_owned()),
        "{seen:?}"
    );
    assert!(
        seen.iter().any(|l| l.starts_with("session_idle ")),
        "{seen:?}"
    );
    let (_, seen) = observed("claude/Notification.permission");
    assert!(
        seen.contains(&"notification permission_prompt".to_owned()),
        "{seen:?}"
    );
    assert!(
        !seen.iter().any(|l| l.starts_with("session_idle")),
        "{seen:?}"
    );
}
