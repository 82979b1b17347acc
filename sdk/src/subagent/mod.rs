//! Subagents: model runs a plugin or the host starts, and the bridge the
//! host runs them through.
//!
//! A plugin declares subagents in `plugin! { subagents: [...] }` and starts
//! one with `spawn_subagent`; prompt-kind cron jobs send a prompt. Both go
//! through the [`SubagentBridge`] the host provides, with [`Provenance`]: who
//! asked, from which session, with which role.
//!
//! ```rust,standalone_crate
//! use tackle::prelude::*;
//! use tackle::subagent::SpawnOptions;
//!
//! tackle::plugin! {
//!     id: "reviewer",
//!     subagents: [{
//!         name: "critic",
//!         description: "Reviews one file.",
//!         system_prompt: "You review code. Be brief.",
//!         payload: Review,
//!         tools: ["read", "grep"],
//!         in_flight_key: by_path,
//!     }],
//! }
//!
//! #[tackle::data]
//! #[derive(Serialize, Deserialize, JsonSchema)]
//! pub struct Review {
//!     /// The file to review.
//!     pub path: String,
//! }
//!
//! /// One run per file at a time; a second request for the same file joins it.
//! fn by_path(review: &Review) -> String {
//!     review.path.clone()
//! }
//!
//! /// Ask the critic about a file.
//! #[tool]
//! async fn critique(ctx: &ToolContext, path: String) -> Result<String, ToolError> {
//!     // The run inherits the role of the call's origin; without one, the
//!     // origin is the plugin's own, `plugin:reviewer`.
//!     let mut options = SpawnOptions::new();
//!     if let Some(origin) = ctx.origin() {
//!         options = options.origin(origin.clone());
//!     }
//!     if let Some(session) = ctx.session_id() {
//!         options = options.parent_session(session);
//!     }
//!     Ok(ctx.plugin().spawn_subagent("critic", &Review { path }, options).await?)
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! use std::sync::Arc;
//! use tackle::subagent::{PromptRun, RunError, SubagentBridge, SubagentRun};
//! use tackle::def::BoxFuture;
//! use tackle_runtime::{CallInfo, Host, Registry};
//!
//! /// The host's bridge; this one answers with what it was asked.
//! struct Echo;
//!
//! impl SubagentBridge for Echo {
//!     fn run_subagent(&self, run: SubagentRun) -> BoxFuture<Result<String, RunError>> {
//!         let answer = format!(
//!             "{} on {} for {}",
//!             run.subagent.name, run.payload["path"], run.provenance.origin
//!         );
//!         Box::pin(async move { Ok(answer) })
//!     }
//!
//!     fn prompt(&self, run: PromptRun) -> BoxFuture<Result<String, RunError>> {
//!         Box::pin(async move { Ok(run.text) })
//!     }
//! }
//!
//! let registry = Registry::global().unwrap().only(&["reviewer"]);
//! let host = Host::builder().registry(registry).subagent_bridge(Arc::new(Echo)).build().await.unwrap();
//! let args = serde_json::json!({"path": "src/lib.rs"});
//! let result = host.call_tool("critique", args, CallInfo::new(".")).await.unwrap();
//! assert_eq!(result.text_content(), r#"critic on "src/lib.rs" for plugin:reviewer"#);
//! # }
//! ```
//!
//! Hooks reach the same through `ctx.plugin_info().spawn_subagent(...)`;
//! hosts through `Host::spawn_subagent`.
//!
//! Runs are coalesced by their in-flight key: while a run of a subagent
//! with some key is under way, another spawn with the same key does not
//! start a second run, it waits for the first and gets the same result.
//! The key is the subagent's `in_flight_key` function of the payload, or
//! the same for every payload when it has none (one run at a time).

mod bridge;
mod def;
mod spawn;

pub use bridge::{PromptRun, Provenance, RunError, SubagentBridge, SubagentRun};
#[doc(hidden)]
pub use def::Payload;
pub use def::{BUILTIN_TOOLS, PayloadType, SubagentDef, SubagentPayload};
pub use spawn::{SpawnError, SpawnOptions};
