//! Values a plugin keeps per agent session, in the host's session store.
//!
//! A hook that remembers something between events takes `&Session<T>`:
//! the `T` its plugin keeps for the event's session. The host hands it the
//! value from its [`SessionStore`]: in memory in a long-lived host (an
//! embedding, `mcp`), on disk in the hook binary, which an agent starts
//! once per event. The same hook works in both, and
//! [`update`](Session::update) is atomic in both: two events of one session
//! handled at once, even by two processes, never lose an update.
//!
//! ```rust,standalone_crate
//! use tackle::prelude::*;
//! use tackle::session::{Session, SessionError};
//!
//! tackle::plugin! { id: "counter" }
//!
//! /// How many tool calls this session made.
//! #[tackle::data]
//! #[derive(Default, Serialize, Deserialize)]
//! pub struct Calls {
//!     count: u32,
//! }
//!
//! /// Refuses the fourth tool call of a session.
//! #[hook(before_tool_call)]
//! fn three_calls(_: &BeforeToolCall, calls: &Session<Calls>) -> Result<Decision, SessionError> {
//!     let count = calls.update(|calls| {
//!         calls.count += 1;
//!         calls.count
//!     })?;
//!     Ok(if count > 3 { Decision::deny("three calls per session") } else { Decision::abstain() })
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! use tackle::hook::{BeforeToolCall, HookEvent};
//! use tackle_runtime::{Host, Registry};
//!
//! let registry = Registry::global().unwrap().only(&["counter"]);
//! let host = Host::builder().registry(registry).build().await.unwrap();
//! let call = |session: &str| BeforeToolCall::default().in_session(session);
//! for _ in 0..3 {
//!     assert!(host.dispatch(call("a")).await.is_abstain());
//! }
//! assert!(host.dispatch(call("a")).await.is_denied());
//! assert!(host.dispatch(call("b")).await.is_abstain()); // another session, another value
//! # }
//! ```
//!
//! A value is kept per plugin, session and type: every hook of the plugin
//! that takes `&Session<Calls>` sees the same one, other plugins never do.
//! A store shared by hosts running different versions of a plugin (a
//! rolling upgrade of a team's policy servers) keeps each version's value
//! apart ([`Slot::version`]), so neither misreads nor overwrites the other's.
//! A session without a value starts from `T::default()`. A stored value
//! that no longer reads as `T` (the type changed, the file was edited) is
//! reported and replaced by the default: it never fails the hook.
//!
//! The store forgets a session when its `session_end` event is dispatched,
//! and sessions idle for longer than its limit (24 hours by default) when a
//! new session starts; it holds at most so many sessions and bytes per
//! session (see [`SessionLimits`]). Session ids come
//! from agents: longer than [`MAX_SESSION_ID_BYTES`] is an error, and no
//! id can name a file outside the store.

mod error;
mod health;
mod key;
mod limits;
mod report;
mod store;
mod value;

pub use error::SessionError;
pub use health::StoreHealth;
pub use key::{MAX_SESSION_ID_BYTES, SessionKey, Slot};
pub use limits::SessionLimits;
pub use report::{Overflow, Problems};
pub use store::{Edit, SessionStore};
pub use value::{Session, SessionValue};
