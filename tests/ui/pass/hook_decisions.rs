//! What a hook may decide is checked against its point when it compiles:
//! each point's own decisions, a helper shared by two points (it says what
//! it decides), `bool` where hooks may deny, `impl IntoDecision`. What a
//! hook reads at run time is checked by the host: `main` runs them all.

use tackle::hook::{FailureKind, IntoDecision, Verdict};
use tackle::prelude::*;
use tackle::serde_json::{Value, json};
use tackle_runtime::Host;

tackle::plugin! {
    id: "decisions",
}

// ----- a helper shared by two points: both take deny -----

/// Refuses `.env` files, wherever it is used.
fn no_env<P: Takes<takes::Deny>>(arguments: &Value) -> Option<Decision<P>> {
    let path = arguments["file_path"].as_str().unwrap_or("");
    path.ends_with(".env")
        .then(|| Decision::deny(format!("`{path}` holds secrets")))
}

/// Reads of `.env` files.
#[hook(before_tool_call, matcher = "Read")]
fn no_env_read(ev: &BeforeToolCall) -> Option<Decision> {
    no_env(&ev.arguments)
}

/// Permission to read `.env` files.
#[hook(permission_request, matcher = "Read")]
fn no_env_permission(ev: &PermissionRequest) -> Option<Decision> {
    no_env(&ev.arguments)
}

// ----- each point's own decisions -----

/// `stop` takes deny (the agent goes on) and context.
#[hook(stop, order = 1)]
fn tests_first(ev: &Stop) -> Decision {
    match ev.last_assistant_message.as_deref() {
        Some("tests not run") => Decision::deny("Run the tests first.").with_context("CI is slow."),
        _ => Decision::ABSTAIN,
    }
}

/// `bool` at `stop`: `false` keeps the agent going; `true` lets it stop,
/// with no opinion (`stop` takes no allow).
#[hook(stop, order = 2)]
fn done(ev: &Stop) -> bool {
    ev.last_assistant_message.as_deref() != Some("half done")
}

/// `session_start` takes context only.
#[hook(session_start)]
fn greet(ev: &SessionStart) -> Option<Decision> {
    ev.source
        .as_deref()
        .map(|source| Decision::context(format!("Started by {source}.")))
}

/// `user_prompt_submit` takes modify; the return type may be unnamed.
#[hook(user_prompt_submit)]
fn tidy(ev: &UserPromptSubmit) -> impl IntoDecision {
    let trimmed = ev.prompt.trim();
    (trimmed != ev.prompt).then(|| Decision::modify(trimmed.to_owned()))
}

// ----- read at run time: the host checks -----

/// The decision a text names, built with no point.
fn named(text: &str) -> Decision {
    match text {
        "ask" => Decision::ask(),
        "allow" => Decision::allow(),
        _ => Decision::ABSTAIN,
    }
}

/// Whatever the last message names, made `stop`'s with `.into()`.
#[hook(stop, order = 3)]
fn scripted(ev: &Stop) -> Result<Decision, String> {
    Ok(named(ev.last_assistant_message.as_deref().unwrap_or("")).into())
}

fn stop(message: &str) -> Stop {
    Stop {
        last_assistant_message: Some(message.into()),
        ..Default::default()
    }
}

fn main() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(async {
        let host = Host::builder().build().await.expect("the host builds");

        // The shared helper, at both points.
        let read = |path: &str| BeforeToolCall {
            tool_name: "Read".into(),
            arguments: json!({ "file_path": path }),
            ..Default::default()
        };
        let denied = host.dispatch(read("app/.env")).await;
        assert_eq!(denied.deny_reason(), Some("`app/.env` holds secrets"));
        assert!(host.dispatch(read("src/lib.rs")).await.is_abstain());
        let permission = host
            .dispatch(PermissionRequest {
                tool_name: "Read".into(),
                arguments: json!({ "file_path": ".env" }),
                ..Default::default()
            })
            .await;
        assert_eq!(permission.deny_reason(), Some("`.env` holds secrets"));

        // `stop`: deny with context; `bool`.
        let tests = host.dispatch(stop("tests not run")).await;
        assert_eq!(tests.deny_reason(), Some("Run the tests first."));
        assert_eq!(tests.context[0].text, "CI is slow.");
        let half = host.dispatch(stop("half done")).await;
        assert_eq!(half.deny_reason(), Some("denied by hook `decisions::done`"));
        let finished = host.dispatch(stop("finished")).await;
        assert_eq!(finished.verdict, Verdict::Abstain);
        assert_eq!(finished.hooks_run, 3);
        assert!(
            finished.failures.is_empty(),
            "`true` at `stop` is no opinion, not an allow to ignore: {:?}",
            finished.failures
        );

        // A decision read at run time that `stop` cannot take: the fold ignores it, and says so.
        let asked = host.dispatch(stop("ask")).await;
        assert_eq!(asked.verdict, Verdict::Abstain);
        assert_eq!(asked.failures.len(), 1, "{:?}", asked.failures);
        assert_eq!(asked.failures[0].kind, FailureKind::Ignored);
        assert!(
            asked.failures[0].message.contains("does not take ask"),
            "{}",
            asked.failures[0].message
        );

        // Context at `session_start`; modify at `user_prompt_submit`.
        let started = host
            .dispatch(SessionStart {
                source: Some("startup".into()),
                ..Default::default()
            })
            .await;
        assert_eq!(started.context[0].text, "Started by startup.");
        let prompt = host
            .dispatch(UserPromptSubmit {
                prompt: "  fix the build  ".into(),
                ..Default::default()
            })
            .await;
        assert_eq!(prompt.input.as_deref(), Some(&json!("fix the build")));
    });
}
