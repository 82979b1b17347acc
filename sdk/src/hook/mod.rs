//! Hooks: typed events at the points of an agent's life, and what hooks
//! decide there.
//!
//! The [catalogue](HookPoint) lists every point, its aliases in agents and
//! plugin systems, its typed event, and its [`Kind`]. Mark a function with
//! [`#[hook(point)]`](macro@crate::hook) to run it there:
//!
//! ```rust,standalone_crate
//! use tackle::prelude::*;
//!
//! tackle::plugin! { id: "no-sudo" }
//!
//! /// Refuse `sudo`.
//! #[hook(before_tool_call, matcher = "Bash", on_error = "closed")]
//! fn no_sudo(ev: &BeforeToolCall) -> Decision {
//!     match ev.arguments["command"].as_str() {
//!         Some(cmd) if cmd.split_whitespace().any(|w| w == "sudo") => Decision::deny("no sudo here"),
//!         _ => Decision::abstain(),
//!     }
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! use serde_json::json;
//! use tackle_runtime::testing::{OutcomeAssertions, TestHost};
//!
//! let host = TestHost::new(&["no-sudo"]).await;
//! host.before_tool_call("Bash", json!({"command": "cd / && sudo rm x"})).await
//!     .assert_denied_by("no-sudo::no_sudo");
//! host.before_tool_call("Bash", json!({"command": "pseudo-ls"})).await.assert_abstains();
//! # }
//! ```
//!
//! A host folds the decisions of a point's hooks into an [`Outcome`]: the
//! first deny wins and stops the fold; modifications chain (later hooks see
//! the rewritten input); the verdict is Deny > Ask > Allow > Abstain, with
//! the final input and every hook's added context. A hook that errors,
//! panics or runs past its timeout abstains, or denies if it declared
//! `on_error = "closed"`.

mod context;
mod decision;
mod def;
mod event;
mod kind;
mod mcp_server;
mod outcome;
mod point;
mod points;
mod read;
mod returns;
mod session;
pub mod takes;

/// The typed event of every point, generated from the catalogue.
pub mod events {
    pub use super::event::AnyEvent;
    pub use super::point::HookPoint;
    pub use super::points::*;
}

pub use context::HookContext;
pub use decision::{Action, Decision};
pub use def::{HookDef, HookFuture, HookHandler, HookReturn, OnError, linked_hooks};
pub use event::{AnyEvent, DynEvent, HookEvent};
pub use events::*;
pub use kind::{Actions, Kind};
pub use mcp_server::McpServer;
pub use outcome::{
    Contribution, Decider, FailureKind, HookFailure, HookId, Outcome, RuleRef, Verdict,
};
pub use read::EventField;
pub use returns::{IntoDecision, IntoObservation, IntoPromptText};
pub use session::SessionInfo;
pub use takes::{AnyPoint, DecisionPoint, Takes};

#[doc(hidden)]
pub use def::HookCall;
#[doc(hidden)]
pub use event::{ModifyInput, Subject};
