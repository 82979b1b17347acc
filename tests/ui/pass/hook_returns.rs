//! Every return type `#[hook]` allows, at each kind of point: decision
//! (`before_tool_call`), observer (`session_end`) and `system_prompt`; `main`
//! checks what was registered and, through a host, what each value means.

use std::fmt;

use tackle::hook::{HookPoint, Kind, Verdict, linked_hooks};
use tackle::prelude::*;
use tackle_runtime::Host;

tackle::plugin! {
    id: "returns",
}

// ----- decision point: each hook answers only the tool named like it -----

/// `()` abstains.
#[hook(before_tool_call, matcher = "unit")]
fn unit(_ev: &BeforeToolCall) {}

/// `bool`: `true` allows.
#[hook(before_tool_call, matcher = "yes")]
fn yes(_ev: &BeforeToolCall) -> bool {
    true
}

/// `bool`: `false` denies.
#[hook(before_tool_call, matcher = "no")]
fn no(_ev: &BeforeToolCall) -> bool {
    false
}

/// `Decision`.
#[hook(before_tool_call, matcher = "decision")]
fn decision(ev: &BeforeToolCall) -> Decision {
    Decision::deny(format!("no `{}` here", ev.tool_name))
}

/// `Option<Decision>`: `None` abstains.
#[hook(before_tool_call, matcher = "maybe")]
fn maybe(ev: &BeforeToolCall) -> Option<Decision> {
    ev.arguments["ask"].as_bool().map(|_| Decision::ask())
}

/// An error type for `Result`s: anything `Display`.
#[derive(Debug)]
pub struct Refused(&'static str);

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "refused: {}", self.0)
    }
}

/// `Result<Decision, String>`: `Ok` decides.
#[hook(before_tool_call, matcher = "result")]
fn result(ev: &BeforeToolCall) -> Result<Decision, String> {
    match ev.arguments["fail"].as_bool() {
        Some(true) => Err("the hook failed".into()),
        _ => Ok(Decision::allow()),
    }
}

/// `Result<bool, E>` with an error type of its own.
#[hook(before_tool_call, matcher = "nested")]
async fn nested(_ev: &BeforeToolCall) -> Result<bool, Refused> {
    Err(Refused("always"))
}

/// `impl IntoDecision`: any type that fits the point, unnamed.
#[hook(before_tool_call, matcher = "opaque")]
fn opaque(_ev: &BeforeToolCall) -> impl tackle::hook::IntoDecision {
    Some(Decision::allow())
}

// ----- observer point -----

/// `()`.
#[hook(session_end)]
fn observed(_ev: &SessionEnd) {}

/// `Result<(), E>`: an `Err` is a failure, logged.
#[hook(session_end, matcher = "logout")]
fn observed_result(_ev: &SessionEnd) -> Result<(), Refused> {
    Err(Refused("cannot log"))
}

// ----- system_prompt -----

/// `String`.
#[hook(system_prompt, order = 1)]
fn owned() -> String {
    "owned text".to_owned()
}

/// `&'static str`.
#[hook(system_prompt, order = 2)]
fn borrowed(_ev: &SystemPrompt) -> &'static str {
    "static text"
}

/// `Option<String>`: `Some` adds.
#[hook(system_prompt, order = 3)]
fn some_text() -> Option<String> {
    Some("optional text".into())
}

/// `Option<String>`: `None` adds nothing.
#[hook(system_prompt, order = 4)]
async fn no_text() -> Option<String> {
    None
}

fn tool_call(tool: &str, arguments: serde_json::Value) -> BeforeToolCall {
    BeforeToolCall {
        tool_name: tool.into(),
        arguments,
        ..Default::default()
    }
}

fn main() {
    // What was registered.
    let hooks: Vec<_> = linked_hooks()
        .filter(|h| h.plugin.id == "returns")
        .collect();
    let point_of = |name: &str| {
        hooks
            .iter()
            .find(|h| h.name == name)
            .unwrap_or_else(|| panic!("hook `{name}` is registered"))
            .point
    };
    for name in [
        "unit", "yes", "no", "decision", "maybe", "result", "nested", "opaque",
    ] {
        assert_eq!(point_of(name), HookPoint::BeforeToolCall);
    }
    assert_eq!(point_of("observed"), HookPoint::SessionEnd);
    assert_eq!(point_of("observed_result"), HookPoint::SessionEnd);
    for name in ["owned", "borrowed", "some_text", "no_text"] {
        assert_eq!(point_of(name), HookPoint::SystemPrompt);
    }
    assert_eq!(hooks.len(), 14);
    assert!(matches!(HookPoint::SessionEnd.kind(), Kind::Observer));
    let unit_hook = hooks.iter().find(|h| h.name == "unit").expect("unit");
    assert_eq!(unit_hook.description, "`()` abstains.");
    assert_eq!(unit_hook.matcher, Some("unit"));

    // What each value means, through a host.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(async {
        let host = Host::builder().build().await.expect("the host builds");
        let call = |tool: &str, arguments| host.dispatch(tool_call(tool, arguments));

        let unit = call("unit", serde_json::json!({})).await;
        assert_eq!((unit.hooks_run, &unit.verdict), (1, &Verdict::Abstain));
        assert_eq!(
            call("yes", serde_json::json!({})).await.verdict,
            Verdict::Allow
        );
        assert!(call("no", serde_json::json!({})).await.is_denied());
        assert_eq!(
            call("decision", serde_json::json!({})).await.deny_reason(),
            Some("no `decision` here")
        );
        assert!(call("maybe", serde_json::json!({})).await.is_abstain());
        assert!(
            call("maybe", serde_json::json!({"ask": true}))
                .await
                .is_ask()
        );
        assert!(call("result", serde_json::json!({})).await.is_allowed());
        let failed = call("result", serde_json::json!({"fail": true})).await;
        assert!(failed.is_abstain(), "an error fails open: {failed:?}");
        assert_eq!(failed.failures[0].message, "the hook failed");
        assert!(call("opaque", serde_json::json!({})).await.is_allowed());
        let nested = call("nested", serde_json::json!({})).await;
        assert_eq!(nested.failures[0].message, "refused: always");

        let ended = host
            .dispatch(SessionEnd {
                reason: Some("logout".into()),
                ..Default::default()
            })
            .await;
        assert_eq!(ended.hooks_run, 2);
        assert_eq!(ended.failures[0].message, "refused: cannot log");

        let prompt = host.dispatch(SystemPrompt::default()).await;
        let texts: Vec<&str> = prompt.context.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(texts, ["owned text", "static text", "optional text"]);
    });
}
