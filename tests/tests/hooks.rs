//! Hook dispatch end to end: the fold rules (deny stops, modify chains,
//! Deny > Ask > Allow > Abstain, context accumulates), failures (errors,
//! panics, timeouts; open and closed), observers, the catch-all `event`
//! point, matchers, permission rules, plugin order, system-prompt context,
//! and concurrent sessions. The fixture plugin `hooky` runs what the
//! session metadata `script` tells it (see its crate docs).

use std::sync::Arc;

use serde_json::{Value, json};
use tackle::hook::{
    AfterToolCall, BeforeToolCall, Decider, FailureKind, HookEvent, HookId, PermissionRequest,
    SessionInfo, Stop, SystemPrompt, UserPromptSubmit, Verdict,
};
use tackle_runtime::{CallInfo, Host, Registry};

tackle_runtime::link!(hooky, faulty);

async fn host_with(config: &str) -> Host {
    let registry = Registry::global()
        .expect("registry")
        .only(&["hooky", "faulty"]);
    Host::builder()
        .registry(registry)
        .config_toml(config, "test.toml")
        .build()
        .await
        .expect("host builds")
}

async fn host() -> Host {
    host_with("").await
}

fn script(steps: &[&str]) -> SessionInfo {
    let mut info = SessionInfo::default();
    info.metadata.insert("script".into(), json!(steps));
    info
}

fn bash(command: &str) -> BeforeToolCall {
    BeforeToolCall {
        tool_name: "Bash".into(),
        arguments: json!({ "command": command }),
        ..Default::default()
    }
    .in_session("s")
}

fn hook(name: &'static str) -> Option<Decider> {
    Some(Decider::Hook {
        hook: HookId {
            plugin: "hooky",
            name,
        },
    })
}

/// How many of the scripted hooks ran (the other hooks of the point abstain).
const OTHER_HOOKS: u32 = 2; // hooky::order_probe and faulty::order_probe

#[tokio::test]
async fn the_first_deny_wins_and_stops_the_fold() {
    let host = host().await;
    let out = host
        .dispatch_with(
            bash("ls"),
            &script(&["allow", "abstain", "deny", "ask", "deny"]),
        )
        .await;
    assert_eq!(
        out.verdict,
        Verdict::Deny {
            reason: "s2 denies".into()
        }
    );
    assert_eq!(out.decided_by, hook("s2"));
    assert_eq!(out.hooks_run, OTHER_HOOKS + 3, "s3 and later did not run");
}

#[tokio::test]
async fn ask_beats_allow_and_the_first_asker_decides() {
    let host = host().await;
    let out = host
        .dispatch_with(
            bash("ls"),
            &script(&["allow", "abstain", "ask", "allow", "ask"]),
        )
        .await;
    assert_eq!(
        out.verdict,
        Verdict::Ask {
            reason: Some("s2 asks".into())
        }
    );
    assert_eq!(out.decided_by, hook("s2"));
    let out = host
        .dispatch_with(bash("ls"), &script(&["abstain", "allow", "allow"]))
        .await;
    assert_eq!((out.verdict, out.decided_by), (Verdict::Allow, hook("s1")));
    let out = host.dispatch_with(bash("ls"), &script(&[])).await;
    assert_eq!((out.verdict, out.decided_by), (Verdict::Abstain, None));
}

#[tokio::test]
async fn context_accumulates_in_order_whatever_the_verdict() {
    let host = host().await;
    let out = host
        .dispatch_with(
            bash("ls"),
            &script(&[
                "abstain+context",
                "allow+context",
                "abstain",
                "deny+context",
            ]),
        )
        .await;
    let texts: Vec<_> = out.context.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(
        texts,
        ["context from s0", "context from s1", "context from s3"]
    );
    assert!(out.is_denied());
}

#[tokio::test]
async fn modifications_chain_and_the_final_input_is_returned() {
    let host = host().await;
    let mut event = UserPromptSubmit {
        prompt: "chain: hello".into(),
        ..Default::default()
    };
    let out = host.dispatch_mut(&mut event, SessionInfo::empty()).await;
    assert_eq!(
        out.input.as_deref(),
        Some(&json!("chain: hello [one] [two]"))
    );
    assert_eq!(
        event.prompt, "chain: hello [one] [two]",
        "the event keeps the rewrite"
    );
    assert_eq!(out.context_text(), "tagged twice");
    assert!(out.is_abstain(), "a rewrite is not a permission");

    let out = host
        .dispatch_with(bash("ls"), &script(&["modify", "abstain", "modify"]))
        .await;
    assert_eq!(
        out.input.as_deref(),
        Some(&json!({"modified_by": 2})),
        "the last rewrite wins"
    );
}

#[tokio::test]
async fn a_rewrite_that_does_not_fit_the_point_is_a_failure_and_changes_nothing() {
    let host = host().await;
    let mut event = UserPromptSubmit {
        prompt: "bad-modify".into(),
        ..Default::default()
    };
    let out = host.dispatch_mut(&mut event, SessionInfo::empty()).await;
    assert_eq!(event.prompt, "bad-modify");
    assert_eq!(out.input, None);
    assert_eq!(out.failures.len(), 1, "{:?}", out.failures);
    assert_eq!(out.failures[0].kind, FailureKind::Error);
    assert!(
        out.failures[0].message.contains("expected a string"),
        "{}",
        out.failures[0].message
    );
    assert_eq!(out.failures[0].hook.to_string(), "hooky::bad_rewrite");
}

#[tokio::test]
async fn failing_open_hooks_abstain_and_are_reported() {
    let host = host().await;
    let out = host
        .dispatch_with(bash("ls"), &script(&["panic", "abstain", "error", "allow"]))
        .await;
    assert_eq!((out.verdict, out.decided_by), (Verdict::Allow, hook("s3")));
    let kinds: Vec<_> = out.failures.iter().map(|f| (f.hook.name, f.kind)).collect();
    assert_eq!(
        kinds,
        [("s0", FailureKind::Panic), ("s2", FailureKind::Error)]
    );
    assert_eq!(out.failures[0].message, "s0 panicked");
    assert_eq!(out.failures[1].message, "s2 failed");
}

#[tokio::test]
async fn failing_closed_hooks_deny_naming_the_hook() {
    let host = host().await;
    let out = host
        .dispatch_with(bash("ls"), &script(&["allow", "panic"]))
        .await;
    assert_eq!(out.decided_by, hook("s1"));
    let reason = out.deny_reason().expect("denied");
    assert!(
        reason.contains("hook `hooky::s1` panicked and fails closed: s1 panicked"),
        "{reason}"
    );

    let out = host
        .dispatch_with(
            bash("ls"),
            &script(&["abstain", "abstain", "abstain", "error"]),
        )
        .await;
    let reason = out.deny_reason().expect("denied");
    assert!(
        reason.contains("hook `hooky::s3` failed and fails closed: s3 failed"),
        "{reason}"
    );
}

#[tokio::test(start_paused = true)]
async fn slow_async_hooks_time_out_open_or_closed() {
    let host = host().await;
    let out = host
        .dispatch_with(
            bash("ls"),
            &script(&["", "", "", "", "slow", "abstain", "allow"]),
        )
        .await;
    assert_eq!((out.verdict, out.decided_by), (Verdict::Allow, hook("s6")));
    assert_eq!(out.failures[0].kind, FailureKind::Timeout);
    assert_eq!(out.failures[0].message, "no answer within 100 ms");

    let out = host
        .dispatch_with(bash("ls"), &script(&["", "", "", "", "", "slow"]))
        .await;
    let reason = out.deny_reason().expect("denied");
    assert!(
        reason.contains("`hooky::s5` timed out and fails closed"),
        "{reason}"
    );
}

#[tokio::test]
async fn async_hooks_that_panic_or_fail_are_contained_too() {
    let host = host().await;
    let out = host
        .dispatch_with(bash("ls"), &script(&["", "", "", "", "panic", "error"]))
        .await;
    assert_eq!(out.failures[0].kind, FailureKind::Panic);
    assert_eq!(out.failures[0].hook.name, "s4");
    let reason = out.deny_reason().expect("s5 fails closed");
    assert!(reason.contains("hooky::s5"), "{reason}");
}

#[tokio::test]
async fn every_observer_runs_even_after_one_fails() {
    let host = host().await;
    for tool in ["fail-observer", "panic-observer", "Read"] {
        let out = host
            .dispatch(
                AfterToolCall {
                    tool_name: tool.into(),
                    ..Default::default()
                }
                .in_session("observed"),
            )
            .await;
        assert!(out.is_abstain());
        if tool != "Read" {
            assert_eq!(out.failures.len(), 1, "{tool}: {:?}", out.failures);
            assert_eq!(out.failures[0].hook.to_string(), "hooky::failing_observer");
        }
    }
    let seen = seen(&host, "observed").await;
    assert_eq!(
        seen.iter()
            .filter(|l| l.starts_with("after_tool_call:"))
            .collect::<Vec<_>>(),
        [
            "after_tool_call:fail-observer",
            "after_tool_call:panic-observer",
            "after_tool_call:Read"
        ]
    );
}

#[tokio::test]
async fn the_catch_all_point_sees_every_event_with_its_outcome_even_denied_ones() {
    let host = host().await;
    let info = script(&["deny"]);
    let _ = host
        .dispatch_with(bash("rm x").in_session("all"), &info)
        .await;
    let _ = host.dispatch(Stop::default().in_session("all")).await;
    let _ = host
        .dispatch(
            UserPromptSubmit {
                prompt: "hi".into(),
                ..Default::default()
            }
            .in_session("all"),
        )
        .await;
    assert_eq!(
        seen(&host, "all").await,
        [
            "event:before_tool_call:deny",
            "event:stop:abstain",
            "event:user_prompt_submit:abstain"
        ]
    );
}

#[tokio::test]
async fn an_action_a_point_does_not_take_is_ignored_and_reported() {
    let host = host().await;
    let out = host.dispatch(Stop::default()).await;
    assert!(out.is_abstain(), "`stop` does not take allow");
    assert_eq!(out.failures.len(), 1);
    assert_eq!(out.failures[0].kind, FailureKind::Ignored);
    assert!(
        out.failures[0]
            .message
            .contains("`stop` does not take allow (it takes: deny, context)")
    );
}

#[tokio::test]
async fn matchers_and_argument_globs_select_hooks() {
    let host = host().await;
    let notes = |out: &tackle::hook::Outcome| out.context_text();
    assert_eq!(
        notes(&host.dispatch(bash("git push origin main")).await),
        "pushing: check the branch"
    );
    assert_eq!(notes(&host.dispatch(bash("git status")).await), "");
    let other_tool = BeforeToolCall {
        tool_name: "Shell".into(),
        arguments: json!({"command": "git push"}),
        ..Default::default()
    };
    assert_eq!(
        notes(&host.dispatch(other_tool).await),
        "",
        "matcher names are exact"
    );
    let mcp = |name: &str| BeforeToolCall {
        tool_name: name.into(),
        ..Default::default()
    };
    assert_eq!(
        notes(&host.dispatch(mcp("mcp__fs__write")).await),
        "an MCP write"
    );
    assert_eq!(
        notes(&host.dispatch(mcp("mcp__fs__write_all")).await),
        "",
        "the regex is anchored by the author"
    );
}

fn permission(tool: &str, arguments: Value) -> PermissionRequest {
    PermissionRequest {
        tool_name: tool.into(),
        arguments,
        ..Default::default()
    }
}

#[tokio::test]
async fn permission_rules_count_together_and_compose_with_hooks_under_deny_precedence() {
    let host = host().await;
    // Two rules match `rm`: ask and deny. Deny wins, and no hook runs.
    let out = host
        .dispatch(permission("Bash", json!({"command": "rm -rf build"})))
        .await;
    assert!(out.is_denied());
    assert_eq!(out.hooks_run, 0);
    let Some(Decider::Rule(r)) = &out.decided_by else {
        panic!("decided by {:?}", out.decided_by);
    };
    assert_eq!(
        (r.origin.as_str(), r.index, r.rule.as_str()),
        ("plugin `hooky`", 1, "deny Bash \"rm *\"")
    );
    assert!(
        out.deny_reason()
            .is_some_and(|r| r.contains("permission rule 1 of plugin `hooky`"))
    );

    let out = host
        .dispatch(permission("Bash", json!({"command": "ls"})))
        .await;
    assert!(out.is_ask(), "{out:?}");
    let out = host
        .dispatch(permission("Read", json!({"file_path": "a"})))
        .await;
    assert!(out.is_allowed());
    // A hook's deny beats no rule; a hook's allow stands where no rule speaks.
    let out = host.dispatch(permission("Write", json!({}))).await;
    assert_eq!(out.deny_reason(), Some("no writes in tests"));
    let out = host.dispatch(permission("Glob", json!({}))).await;
    assert!(out.is_allowed());
    // An argument-scoped rule.
    let out = host
        .dispatch(permission("web_fetch", json!({"url": "http://x.test"})))
        .await;
    assert!(out.is_denied());
    let out = host
        .dispatch(permission("web_fetch", json!({"url": "https://x.test"})))
        .await;
    assert!(out.is_abstain());
}

#[tokio::test]
async fn host_config_rules_join_the_plugin_rules() {
    let host = host_with("[[permission_rules]]\ntool = \"Glob\"\naction = \"deny\"\n").await;
    let out = host.dispatch(permission("Glob", json!({}))).await;
    assert!(
        out.is_denied(),
        "the config's deny beats the hook's allow: {out:?}"
    );
    assert!(matches!(&out.decided_by, Some(Decider::Rule(r)) if r.origin == "config `test.toml`"));
}

#[tokio::test]
async fn plugins_run_in_the_configured_order() {
    let mut probe = SessionInfo::default();
    probe.metadata.insert("order_probe".into(), json!(true));
    for (enabled, expected) in [
        (r#"enabled = ["hooky", "faulty"]"#, "hooky\n\nfaulty:hello"),
        (r#"enabled = ["faulty", "hooky"]"#, "faulty:hello\n\nhooky"),
    ] {
        let host = host_with(enabled).await;
        let out = host.dispatch_with(bash("ls"), &probe).await;
        assert_eq!(out.context_text(), expected, "{enabled}");
    }
}

#[tokio::test]
async fn a_disabled_plugin_s_hooks_and_rules_do_not_run() {
    let host = host_with(r#"enabled = ["faulty"]"#).await;
    let out = host
        .dispatch(permission("Bash", json!({"command": "rm -rf /"})))
        .await;
    assert!(out.is_abstain(), "{out:?}");
    assert!(host.hooks().all(|h| h.plugin.id == "faulty"));
}

#[tokio::test]
async fn the_system_context_has_a_section_per_plugin_with_files_and_hook_text() {
    let host = host().await;
    let mut info = SessionInfo::default();
    info.metadata
        .insert("prompt_text".into(), json!("Prefer small commits."));
    let ctx = host.system_context(SystemPrompt::default(), &info).await;
    assert_eq!(ctx.omitted, 0);
    let total = ctx.text.chars().count();
    assert_eq!(
        ctx.text,
        "## hooky\n\nRun the tests before saying a change is done.\n\n```json\n{\"max_files_per_change\": 20, \"protected\": [\"Cargo.lock\"]}\n```\n\nPrefer small commits."
    );

    let capped = Host::builder()
        .registry(Registry::global().expect("registry").only(&["hooky"]))
        .context_cap(80)
        .build()
        .await
        .expect("host");
    let ctx = capped.system_context(SystemPrompt::default(), &info).await;
    assert!(ctx.text.chars().count() <= 80, "{}", ctx.text);
    assert!(ctx.omitted > 0);
    assert!(
        ctx.text.ends_with(&format!(
            "[plugin context truncated: {} of {total} characters omitted]",
            ctx.omitted
        )),
        "{}",
        ctx.text
    );
}

#[tokio::test]
async fn nothing_runs_after_shutdown() {
    let host = host().await;
    host.shutdown().await;
    let out = host.dispatch_with(bash("ls"), &script(&["deny"])).await;
    assert_eq!(out.hooks_run, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_host_serves_many_sessions_at_once() {
    let host = Arc::new(host().await);
    let tasks: Vec<_> = (0..8)
        .map(|s| {
            let host = host.clone();
            tokio::spawn(async move {
                for i in 0..25 {
                    let event = AfterToolCall {
                        tool_name: format!("t{i}"),
                        ..Default::default()
                    }
                    .in_session(format!("session-{s}"));
                    let out = host.dispatch(event).await;
                    assert!(out.failures.is_empty(), "{:?}", out.failures);
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.expect("task");
    }
    for s in 0..8 {
        let seen = seen(&host, &format!("session-{s}")).await;
        let calls: Vec<_> = seen
            .iter()
            .filter(|l| l.starts_with("after_tool_call:"))
            .cloned()
            .collect();
        let expected: Vec<_> = (0..25).map(|i| format!("after_tool_call:t{i}")).collect();
        assert_eq!(calls, expected, "session-{s} saw its own events, in order");
    }
}

/// What hooky's observers recorded for a session.
async fn seen(host: &Host, session: &str) -> Vec<String> {
    let result = host
        .call_tool("seen", json!({ "session": session }), CallInfo::new("."))
        .await
        .expect("call");
    result.text_content().lines().map(str::to_owned).collect()
}
