//! A test kit for plugin authors (feature `testing`): build a host with
//! chosen plugins, dispatch typed events, and check decisions in one line.
//!
//! ```rust,standalone_crate
//! use serde_json::json;
//! use tackle_host::testing::{OutcomeAssertions, TestHost};
//!
//! tackle_host::link!(hooky); // the plugin crates under test
//!
//! # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
//! let host = TestHost::new(&["hooky"]).await;
//! host.permission_request("Bash", json!({"command": "rm -rf build"})).await
//!     .assert_denied_by("plugin `hooky`")
//!     .assert_denied_with("rm *");
//! host.permission_request("Read", json!({})).await.assert_allowed();
//! host.user_prompt("chain: hi").await.assert_modified(json!("chain: hi [one] [two]"));
//! # });
//! ```
//!
//! Assertions panic with the whole outcome when they fail, and point at the
//! test's line (`#[track_caller]`).

use std::ops::Deref;
use std::path::PathBuf;

use serde_json::Value;
use tackle::hook::{
    AfterToolCall, BeforeToolCall, Decider, HookEvent, Outcome, PermissionRequest, SessionInfo,
    SystemPrompt, UserPromptSubmit, Verdict,
};
use tackle::{CallInfo, ToolResult};

use crate::{Host, Registry, SystemContext};

/// A host of chosen plugins, with a session that events default to.
///
/// What a plugin crate's tests look like (there, `#[tokio::test] async fn`
/// and the plugin declared in the crate itself):
///
/// ```rust,standalone_crate
/// use serde_json::json;
/// use tackle::prelude::*;
///
/// tackle::plugin! { id: "shout" }
///
/// /// Upper-case a text.
/// #[tool]
/// fn shout(ctx: &ToolContext, text: String) -> String {
///     format!("{} ({})", text.to_uppercase(), ctx.session_id().unwrap_or("-"))
/// }
///
/// /// A note on prompts that mention deploying.
/// #[hook(user_prompt_submit)]
/// fn deploys(ev: &UserPromptSubmit) -> Decision {
///     if ev.prompt.contains("deploy") {
///         return Decision::context("Deploys go through CI.");
///     }
///     Decision::abstain()
/// }
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use tackle_host::testing::{OutcomeAssertions, TestHost};
///
/// let host = TestHost::new(&["shout"]).await.session("s-7");
/// assert_eq!(host.call_tool("shout", json!({"text": "hi"})).await.text_content(), "HI (s-7)");
/// host.user_prompt("please deploy").await.assert_abstains().assert_context("through CI");
/// host.user_prompt("hello").await.assert_no_context().assert_no_failures();
/// # }
/// ```
#[derive(Debug)]
pub struct TestHost {
    host: Host,
    session_id: String,
    cwd: PathBuf,
    info: SessionInfo,
}

impl TestHost {
    /// A host of these linked plugins (by id), each with its default config.
    ///
    /// # Panics
    /// If a plugin is not linked or the host does not build, with the reason.
    pub async fn new(plugins: &[&str]) -> TestHost {
        TestHost::with_config(plugins, "").await
    }

    /// A host of these linked plugins, with this host config (TOML).
    ///
    /// # Panics
    /// If a plugin is not linked or the host does not build, with the reason.
    pub async fn with_config(plugins: &[&str], config: &str) -> TestHost {
        let registry = match Registry::global() {
            Ok(registry) => registry,
            Err(e) => panic!("the linked plugins do not form a registry: {e}"),
        };
        let linked: Vec<&str> = registry.plugins().iter().map(|p| p.id).collect();
        for id in plugins {
            assert!(
                linked.contains(id),
                "plugin `{id}` is not linked into this test (linked: {}); name its crate in `tackle_runtime::link!(...)`",
                crate::suggest::listing(&linked)
            );
        }
        let host = Host::builder()
            .registry(registry.only(plugins))
            .config_toml(config, "<test config>")
            .strict(true)
            .build()
            .await;
        match host {
            Ok(host) => TestHost {
                host,
                session_id: "test-session".to_owned(),
                cwd: PathBuf::from("."),
                info: SessionInfo::default(),
            },
            Err(e) => panic!("the test host does not build: {e}"),
        }
    }

    /// Events without a session id get this one (default `test-session`).
    #[must_use]
    pub fn session(mut self, id: impl Into<String>) -> Self {
        self.session_id = id.into();
        self
    }

    /// Events without a working directory get this one (default `.`).
    #[must_use]
    pub fn cwd(mut self, dir: impl Into<PathBuf>) -> Self {
        self.cwd = dir.into();
        self
    }

    /// What hooks see through `HookContext` (provider, model, metadata, ...).
    #[must_use]
    pub fn session_info(mut self, info: SessionInfo) -> Self {
        self.info = info;
        self
    }

    /// The host.
    pub fn host(&self) -> &Host {
        &self.host
    }

    /// Dispatches any event, in the test session unless it names one.
    pub async fn dispatch<E: HookEvent>(&self, event: E) -> Outcome {
        let mut event = event;
        if event.session_id().is_empty() {
            event = event.in_session(self.session_id.clone());
        }
        if event.cwd().as_os_str().is_empty() {
            event = event.in_dir(self.cwd.clone());
        }
        self.host.dispatch_with(event, &self.info).await
    }

    /// Dispatches `before_tool_call` for `tool` with these arguments.
    pub async fn before_tool_call(&self, tool: &str, arguments: Value) -> Outcome {
        self.dispatch(BeforeToolCall {
            tool_name: tool.to_owned(),
            arguments,
            ..Default::default()
        })
        .await
    }

    /// Dispatches `after_tool_call` for `tool`, its arguments and its response.
    pub async fn after_tool_call(&self, tool: &str, arguments: Value, response: Value) -> Outcome {
        self.dispatch(AfterToolCall {
            tool_name: tool.to_owned(),
            arguments,
            response,
            ..Default::default()
        })
        .await
    }

    /// Dispatches `permission_request` (rules first, then hooks).
    pub async fn permission_request(&self, tool: &str, arguments: Value) -> Outcome {
        self.dispatch(PermissionRequest {
            tool_name: tool.to_owned(),
            arguments,
            ..Default::default()
        })
        .await
    }

    /// Dispatches `user_prompt_submit`.
    pub async fn user_prompt(&self, prompt: &str) -> Outcome {
        self.dispatch(UserPromptSubmit {
            prompt: prompt.to_owned(),
            ..Default::default()
        })
        .await
    }

    /// What the plugins add to the system prompt.
    pub async fn system_context(&self) -> SystemContext {
        let event = SystemPrompt::default()
            .in_session(self.session_id.clone())
            .in_dir(self.cwd.clone());
        self.host.system_context(event, &self.info).await
    }

    /// Calls a tool in the test session.
    ///
    /// # Panics
    /// If the tool cannot be called at all (unknown, its plugin off).
    pub async fn call_tool(&self, name: &str, arguments: Value) -> ToolResult {
        let call = CallInfo::new(self.cwd.clone()).with_session(self.session_id.clone());
        match self.host.call_tool(name, arguments, call).await {
            Ok(result) => result,
            Err(e) => panic!("cannot call `{name}`: {e}"),
        }
    }
}

impl Deref for TestHost {
    type Target = Host;

    fn deref(&self) -> &Host {
        &self.host
    }
}

/// One-line checks on an [`Outcome`]; each returns the outcome so checks chain.
pub trait OutcomeAssertions {
    /// It was denied.
    fn assert_denied(&self) -> &Self;
    /// It was denied by this hook (`plugin::name`) or rule origin (`plugin `guard``).
    fn assert_denied_by(&self, decider: &str) -> &Self;
    /// It was denied, and the reason contains `needle`.
    fn assert_denied_with(&self, needle: &str) -> &Self;
    /// It goes to the user.
    fn assert_asks(&self) -> &Self;
    /// It was allowed.
    fn assert_allowed(&self) -> &Self;
    /// Nobody had an opinion.
    fn assert_abstains(&self) -> &Self;
    /// A hook rewrote the input to exactly this.
    fn assert_modified(&self, input: Value) -> &Self;
    /// Some added context contains `needle`.
    fn assert_context(&self, needle: &str) -> &Self;
    /// No hook added context.
    fn assert_no_context(&self) -> &Self;
    /// No hook failed, timed out or answered out of place.
    fn assert_no_failures(&self) -> &Self;
}

fn fail(what: &str, outcome: &Outcome) -> ! {
    panic!("expected {what}, but the outcome is:\n{outcome:#?}")
}

fn decider_is(outcome: &Outcome, name: &str) -> bool {
    match &outcome.decided_by {
        Some(Decider::Hook { hook }) => hook.to_string() == name,
        Some(Decider::Rule(rule)) => rule.origin == name,
        None => false,
    }
}

impl OutcomeAssertions for Outcome {
    #[track_caller]
    fn assert_denied(&self) -> &Self {
        if !self.is_denied() {
            fail("a deny", self);
        }
        self
    }

    #[track_caller]
    fn assert_denied_by(&self, decider: &str) -> &Self {
        if !self.is_denied() || !decider_is(self, decider) {
            fail(&format!("a deny by `{decider}`"), self);
        }
        self
    }

    #[track_caller]
    fn assert_denied_with(&self, needle: &str) -> &Self {
        if !self.deny_reason().is_some_and(|r| r.contains(needle)) {
            fail(&format!("a deny whose reason contains {needle:?}"), self);
        }
        self
    }

    #[track_caller]
    fn assert_asks(&self) -> &Self {
        if !self.is_ask() {
            fail("ask", self);
        }
        self
    }

    #[track_caller]
    fn assert_allowed(&self) -> &Self {
        if self.verdict != Verdict::Allow {
            fail("allow", self);
        }
        self
    }

    #[track_caller]
    fn assert_abstains(&self) -> &Self {
        if self.verdict != Verdict::Abstain {
            fail("abstain (no verdict)", self);
        }
        self
    }

    #[track_caller]
    fn assert_modified(&self, input: Value) -> &Self {
        if self.input.as_deref() != Some(&input) {
            fail(&format!("the input rewritten to {input}"), self);
        }
        self
    }

    #[track_caller]
    fn assert_context(&self, needle: &str) -> &Self {
        if !self.context.iter().any(|c| c.text.contains(needle)) {
            fail(&format!("context containing {needle:?}"), self);
        }
        self
    }

    #[track_caller]
    fn assert_no_context(&self) -> &Self {
        if !self.context.is_empty() {
            fail("no added context", self);
        }
        self
    }

    #[track_caller]
    fn assert_no_failures(&self) -> &Self {
        if !self.failures.is_empty() {
            fail("no hook failures", self);
        }
        self
    }
}
